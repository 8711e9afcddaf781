package pipeline

import (
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Identical notes in a row (a server that says tools/list_changed seven
// times) are one line with a count, in human and Markdown output: a note
// is held until a different part comes, the input ends or pauses (the
// pause that shows a held run), and then written with "×N" when it came
// N times. Plain output writes every one.

// repeat is the note held, and how many times it came in a row.
type repeat struct {
	p   protocol.Part
	key string
	n   int
}

// collapses reports a part that may be held as a repeat: a notification's
// line (other notes, such as a result's content blocks, are its answer).
func (rn *Renderer) collapses(p protocol.Part) bool {
	return p.Kind == protocol.NotePart && p.Note.Notification && (rn.opt.Output == Human || rn.opt.Output == Markdown) &&
		!p.ShownBefore && (!p.Detail || rn.opt.Verbose) // not shown: not counted
}

// noteKey is what two notes that say the same thing share.
func noteKey(p protocol.Part) string {
	var b strings.Builder
	b.WriteString(strings.Join(p.Note.Fields, "\x00"))
	b.WriteString("\x01" + strconv.FormatBool(p.Note.Bad) + strconv.FormatBool(p.Note.Warn) + strconv.FormatBool(p.Note.Key))
	if len(p.Note.Rest.Members) > 0 {
		b.WriteString("\x01" + value.Compact(p.Note.Rest))
	}
	return b.String()
}

// hold holds a note part, counting it when it repeats the one held; it
// writes the one held before when it does not.
func (rn *Renderer) hold(p protocol.Part) error {
	key := noteKey(p)
	if rn.held != nil && rn.held.key == key {
		rn.held.n++
		return nil
	}
	if err := rn.flushNote(); err != nil {
		return err
	}
	rn.held = &repeat{p: p, key: key, n: 1}
	return nil
}

// flushNote writes the note held, if any, with its count.
func (rn *Renderer) flushNote() error {
	h := rn.held
	if h == nil {
		return nil
	}
	rn.held = nil
	p := h.p
	if h.n > 1 && len(p.Note.Fields) > 0 {
		fields := append([]string(nil), p.Note.Fields...)
		fields[len(fields)-1] += " ×" + strconv.Itoa(h.n)
		n := *p.Note // the part's note may be shared: count on a copy
		n.Fields = fields
		p.Note = &n
	}
	return rn.out.part(p)
}
