package pretty

import (
	"bufio"
	"io"

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
	if o.width > 0 && len(s) > o.width && ansi.StringWidth(s) > o.width {
		s = ansi.Truncate(s, o.width, o.tail)
	}
	o.w.WriteString(s)
	o.w.WriteByte('\n')
}

// sub is a writer into w with the same width rule.
func (o *out) sub(w *bufio.Writer) *out { return &out{w: w, width: o.width, tail: o.tail} }

// gap asks for a blank line before whatever is written next.
func (o *out) gap() { o.pending = true }

// newLineBuffer is a writer for rendering a block into memory, to be
// written out again line by line (quoted, say).
func newLineBuffer(w io.Writer) *bufio.Writer { return bufio.NewWriter(w) }
