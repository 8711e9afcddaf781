package pretty

import "bufio"

// out writes lines and keeps blank lines between sections: a section asks
// for a gap after itself, and the gap is written only if more follows.
type out struct {
	w       *bufio.Writer
	pending bool
	started bool
}

// Write lets table and other line writers go through the gap logic.
// Callers write whole lines.
func (o *out) Write(p []byte) (int, error) {
	if o.pending && o.started {
		o.w.WriteByte('\n')
	}
	o.pending, o.started = false, true
	return o.w.Write(p)
}

func (o *out) line(s string) {
	o.Write([]byte(s + "\n"))
}

// gap asks for a blank line before whatever is written next.
func (o *out) gap() { o.pending = true }
