// Package lines writes text output a line at a time, keeping one blank
// line between sections: a section asks for a gap after itself, and the
// gap is written only if more follows. With a width, no line it writes is
// wider: a line that would be is cut, with an ellipsis, escape sequences
// kept. The writers of every text output (human, Markdown, plain) share it.
//
// It imports only github.com/charmbracelet/x/ansi.
package lines

import (
	"bufio"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Writer writes lines to a buffered writer.
type Writer struct {
	w       *bufio.Writer
	pending bool
	started bool
	width   int
	tail    string
	// err reports the first error of the output under the buffer, so that
	// a loop writing many lines (a streamed list) stops when output fails.
	err func() error
}

// New returns a writer of lines to w. With width > 0 no line is wider
// than width: a longer one is cut, ending in tail. err reports the first
// write error of the output under w (nil: never any).
func New(w *bufio.Writer, width int, tail string, err func() error) *Writer {
	o := Make(w, width, tail, err)
	return &o
}

// Make is New's writer as a value, for a caller that places it in
// memory of its own (many at a time).
func Make(w *bufio.Writer, width int, tail string, err func() error) Writer {
	if err == nil {
		err = func() error { return nil }
	}
	return Writer{w: w, width: width, tail: tail, err: err}
}

// Err is the first error of the output, if any.
func (o *Writer) Err() error { return o.err() }

// Sub is a writer into w with the same width rule and error report.
func (o *Writer) Sub(w *bufio.Writer) *Writer {
	return &Writer{w: w, width: o.width, tail: o.tail, err: o.err}
}

// Into makes o write into w from now on, the gap it owes included, its
// Err reporting err's failure before the output's; back makes it write
// where it wrote before, the gap it then owes included. What is written
// into w can be held back and written out later, in another order (plain
// output heads a request's ops with their number, known at their end).
func (o *Writer) Into(w *bufio.Writer, err func() error) (back func()) {
	ow, oerr := o.w, o.err
	o.w = w
	o.err = func() error {
		if e := err(); e != nil {
			return e
		}
		return oerr()
	}
	return func() { o.w, o.err = ow, oerr }
}

// StartLine writes the gap a section asked for, if any, before a line.
func (o *Writer) StartLine() {
	if o.pending && o.started {
		o.w.WriteByte('\n')
	}
	o.pending, o.started = false, true
}

// Write lets table and other line writers go through the gap logic.
// Callers write whole lines.
func (o *Writer) Write(p []byte) (int, error) {
	o.StartLine()
	return o.w.Write(p)
}

// Line writes one line.
func (o *Writer) Line(s string) {
	o.StartLine()
	// A line is never wider than its bytes: most lines are checked by
	// their length alone.
	if o.width > 0 && len(s) > o.width {
		s = Cut(s, o.width, o.tail)
	}
	o.w.WriteString(s)
	o.w.WriteByte('\n')
}

// StringWriter is what PairTo's value is written to.
type StringWriter interface {
	io.Writer
	io.StringWriter
}

// PairTo writes a line of a, then what b writes, without making the line
// first: a value of hundreds of megabytes is written as it is escaped,
// never held escaped. With a width, the line is made, to be cut.
func (o *Writer) PairTo(a string, b func(StringWriter)) {
	if o.width > 0 {
		var s strings.Builder
		b(&s)
		o.Pair(a, s.String())
		return
	}
	o.StartLine()
	o.w.WriteString(a)
	b(o.w)
	o.w.WriteByte('\n')
}

// Pair writes a line made of two parts without joining them first: a
// value may be hundreds of megabytes, and is not copied again.
func (o *Writer) Pair(a, b string) { o.Pieces(a, b) }

// Pieces writes a line made of pieces without joining them first (a
// styled text is its escapes and its text): most lines of a record are
// written so, each without a string of its own.
func (o *Writer) Pieces(ps ...string) {
	n := 0
	for _, p := range ps {
		n += len(p)
	}
	if o.width > 0 && n > o.width {
		o.Line(strings.Join(ps, ""))
		return
	}
	o.StartLine()
	if o.w.Available() > n {
		// Appended in the buffer's room and written at once: a
		// WriteString a piece cost more than the copying (a record's line
		// is eight pieces, some of them empty).
		b := o.w.AvailableBuffer()
		for _, p := range ps {
			b = append(b, p...)
		}
		o.w.Write(append(b, '\n'))
		return
	}
	for _, p := range ps {
		o.w.WriteString(p)
	}
	o.w.WriteByte('\n')
}

// Raw writes bytes of a line being built in place (a row of cells); the
// caller has called StartLine and ends the line itself.
func (o *Writer) Raw() *bufio.Writer { return o.w }

// Gap asks for a blank line before whatever is written next.
func (o *Writer) Gap() { o.pending = true }

// Flush writes what is buffered to the output.
func (o *Writer) Flush() error { return o.w.Flush() }

// Cut cuts a styled line to w columns, keeping every escape sequence (so
// styles still end) and ending in tail when something was cut. ASCII text
// with colour sequences, most lines, is cut in one pass; anything else
// goes through grapheme-aware ansi.
func Cut(s string, w int, tail string) string {
	for i := 0; i < len(s); i++ {
		// Non-ASCII text, and hyperlinks (OSC 8), take the full parser.
		if s[i] >= 0x80 || s[i] == 0x1b && i+1 < len(s) && s[i+1] == ']' {
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
