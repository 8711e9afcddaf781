package pretty

import (
	"bufio"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// out writes lines and keeps blank lines between sections: a section asks
// for a gap after itself, and the gap is written only if more follows.
//
// With a width (human output), no line it writes is wider: a line that
// would be is cut, with the ellipsis. Text that must never be cut (an
// error, a tool's prose) is wrapped before it gets here.
type out struct {
	w       *bufio.Writer
	pending bool
	started bool
	width   int
	tail    string
}

// startLine writes the gap a section asked for, if any, before a line.
func (o *out) startLine() {
	if o.pending && o.started {
		o.w.WriteByte('\n')
	}
	o.pending, o.started = false, true
}

// Write lets table and other line writers go through the gap logic.
// Callers write whole lines.
func (o *out) Write(p []byte) (int, error) {
	o.startLine()
	return o.w.Write(p)
}

func (o *out) line(s string) {
	o.startLine()
	// A line is never wider than its bytes: most lines are checked by
	// their length alone.
	if o.width > 0 && len(s) > o.width {
		s = cutLine(s, o.width, o.tail)
	}
	o.w.WriteString(s)
	o.w.WriteByte('\n')
}

// pair writes a line made of two parts without joining them first: a
// value may be hundreds of megabytes, and is not copied again.
func (o *out) pair(a, b string) {
	if o.width > 0 && len(a)+len(b) > o.width {
		o.line(a + b)
		return
	}
	o.startLine()
	o.w.WriteString(a)
	o.w.WriteString(b)
	o.w.WriteByte('\n')
}

// sub is a writer into w with the same width rule.
func (o *out) sub(w *bufio.Writer) *out { return &out{w: w, width: o.width, tail: o.tail} }

// gap asks for a blank line before whatever is written next.
func (o *out) gap() { o.pending = true }

// newLineBuffer is a writer for rendering a block into memory, to be
// written out again line by line (quoted, say).
func newLineBuffer(w io.Writer) *bufio.Writer { return bufio.NewWriter(w) }

// cutLine cuts a styled line to w columns, keeping every escape sequence
// (so styles still end) and ending in tail when something was cut. ASCII
// text with colour sequences, most lines, is cut in one pass; anything
// else goes through grapheme-aware ansi.
func cutLine(s string, w int, tail string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			if ansi.StringWidth(s) <= w {
				return s
			}
			return ansi.Truncate(s, w, tail)
		}
	}
	// ASCII: every byte is a column, except the theme's SGR sequences.
	cols := 0
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		cols++
	}
	if cols <= w {
		return s
	}
	keep := max(w-ansi.StringWidth(tail), 0)
	var b strings.Builder
	b.Grow(len(s))
	cols = 0
	cut := false
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			j := i
			for j < len(s) && s[j] != 'm' {
				j++
			}
			b.WriteString(s[i:min(j+1, len(s))])
			i = j
			continue
		}
		if cols < keep {
			b.WriteByte(s[i])
		} else if !cut {
			b.WriteString(tail)
			cut = true
		}
		cols++
	}
	return b.String()
}
