package pipeline

import (
	"slices"
	"strconv"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Identical notes in a row (a server that says tools/list_changed seven
// times) are one line with a count, in human and Markdown output: a note
// is held until a different part comes, the input ends or pauses, and
// then written with "×N" when it came N times.

// repeat is the note held, and how many times it came in a row (0: none).
type repeat struct {
	p protocol.Part
	n int
}

// collapses reports a part that may be held as a repeat: a notification's
// line (other notes, such as a result's content blocks, are its answer).
func (rn *Renderer) collapses(p protocol.Part) bool {
	return p.Kind == protocol.NotePart && p.Note.Notification && (rn.opt.Output == Human || rn.opt.Output == Markdown) &&
		!p.ShownBefore && (!p.Detail || rn.opt.Verbose) // not shown: not counted
}

// sameNote reports two notes that say the same thing: the same fields,
// marks and rest, compared in place.
func sameNote(a, b protocol.Part) bool {
	x, y := a.Note, b.Note
	if !slices.Equal(x.Fields, y.Fields) || x.Bad != y.Bad || x.Warn != y.Warn || x.Key != y.Key {
		return false
	}
	if len(x.Rest.Members) == 0 && len(y.Rest.Members) == 0 {
		return true
	}
	return value.Same(x.Rest, y.Rest)
}

// hold holds a note part, counting it when it repeats the one held, else
// writing that one.
func (rn *Renderer) hold(p protocol.Part) error {
	if rn.held.n > 0 && sameNote(rn.held.p, p) {
		rn.held.n++
		return nil
	}
	if err := rn.flushNote(); err != nil {
		return err
	}
	rn.held = repeat{p: p, n: 1}
	return nil
}

// flushNote writes the note held, if any, with its count.
func (rn *Renderer) flushNote() error {
	if rn.held.n == 0 {
		return nil
	}
	p, n := rn.held.p, rn.held.n
	rn.held = repeat{} // before part, which may hold the next
	if n > 1 && len(p.Note.Fields) > 0 {
		fields := append([]string(nil), p.Note.Fields...)
		fields[len(fields)-1] += " ×" + strconv.Itoa(n)
		note := *p.Note // the part's note may be shared: count on a copy
		note.Fields = fields
		p.Note = &note
	}
	return rn.out.part(p)
}
