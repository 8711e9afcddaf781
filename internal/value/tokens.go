package value

import (
	"bufio"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
)

// TokenWriter writes documents given token by token (as input.Decoder's
// Copy hands them on) as Compact writes them whole, each on a line of its
// own: a value held back in a file is that, and two are the same value
// when their lines are.
type TokenWriter struct {
	w *bufio.Writer
	// entries holds, for each open container, how many entries it has.
	entries  []int
	afterKey bool
	inString bool // a long string's pieces are being written
	buf      []byte
}

// NewTokenWriter writes to w.
func NewTokenWriter(w *bufio.Writer) *TokenWriter { return &TokenWriter{w: w} }

// Token writes the next token of a document.
func (c *TokenWriter) Token(t Token) error {
	w := c.w
	if c.inString || t.Part {
		if !c.inString {
			c.entry()
			w.WriteByte('"')
			c.inString = true
		}
		c.buf, _ = jsonlib.AppendQuote(c.buf[:0], t.Text)
		w.Write(c.buf[1 : len(c.buf)-1])
		if !t.Part {
			w.WriteByte('"')
			c.inString = false
			c.end()
		}
		return nil
	}
	switch t.Kind {
	case '}', ']':
		c.entries = c.entries[:len(c.entries)-1]
		w.WriteByte(t.Kind)
		c.end()
		return nil
	}
	if t.Key {
		c.entry()
		c.buf, _ = jsonlib.AppendQuote(c.buf[:0], t.Text)
		c.buf = append(c.buf, ':')
		w.Write(c.buf)
		c.afterKey = true
		return nil
	}
	c.entry()
	switch t.Kind {
	case '{', '[':
		w.WriteByte(t.Kind)
		c.entries = append(c.entries, 0)
		return nil
	case 'n':
		w.WriteString("null")
	case '"':
		c.buf, _ = jsonlib.AppendQuote(c.buf[:0], t.Text)
		w.Write(c.buf)
	default:
		w.WriteString(t.Text)
	}
	c.end()
	return nil
}

// entry starts a value: after a key, nothing more; else a comma after the
// container's entry before it.
func (c *TokenWriter) entry() {
	if c.afterKey {
		c.afterKey = false
		return
	}
	if n := len(c.entries); n > 0 {
		if c.entries[n-1] > 0 {
			c.w.WriteByte(',')
		}
		c.entries[n-1]++
	}
}

// end ends a document's line once its last token is written.
func (c *TokenWriter) end() {
	if len(c.entries) == 0 {
		c.w.WriteByte('\n')
	}
}
