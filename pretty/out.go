package pretty

import (
	"bufio"
	"io"
)

// out writes lines and keeps blank lines between sections: a section asks
// for a gap after itself, and the gap is written only if more follows.
type out struct {
	w       *bufio.Writer
	pending bool
	started bool
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
	o.w.WriteString(s)
	o.w.WriteByte('\n')
}

// gap asks for a blank line before whatever is written next.
func (o *out) gap() { o.pending = true }

// newLineBuffer is a writer for rendering a block into memory, to be
// written out again line by line (quoted, say).
func newLineBuffer(w io.Writer) *bufio.Writer { return bufio.NewWriter(w) }
