package input

import (
	"bufio"
)

// LongValue reports whether the member value the decoder is about to read
// (as Divert is asked) is an object or an array that does not end within
// the next textLong bytes: one worth handing on as it is read.
func (d *Decoder) LongValue() bool {
	if d.dec.StackDepth() != len(d.stack)+len(d.arrays) {
		return false // a row read token by token: not this decoder's to read
	}
	var s valueScan
	return d.longPast(d.dec.UnreadBuffer(), s.scan)
}

// longPast hands ended, in order, what follows the token decoder's
// position, without reading it: first (what the token decoder has
// buffered), what a takeover read that it has not, then the input, read
// further only while ended cannot tell. It reports whether textLong bytes
// (or a full buffer) came with no end; false at an end, or the input's.
func (d *Decoder) longPast(first []byte, ended func([]byte) bool) bool {
	rest := d.restUnread()
	if ended(first) || ended(rest) {
		return false
	}
	n := len(first) + len(rest)
	br := d.pos.r.(*bufio.Reader)
	seen := 0
	for {
		ahead, _ := br.Peek(br.Buffered())
		if ended(ahead[seen:]) {
			return false
		}
		seen = len(ahead)
		if n+seen >= textLong || br.Buffered() >= br.Size() {
			return true
		}
		if _, err := br.Peek(br.Buffered() + 1); err != nil {
			return false // the input ends in the value: reading it says so
		}
	}
}

// Line is the line of the input the decoder's next token is on.
func (d *Decoder) Line() int {
	line, _ := d.pos.at(d.sq.raw(d.dec.InputOffset() + d.shift))
	return line
}

// valueScan finds the end of a JSON value in its text, given in pieces,
// from before the value (a member's colon, white space), by its brackets
// and strings. A value that is no object or array ends at once.
type valueScan struct {
	started, inString bool
	escaped           bool // a string's backslash ended the last piece
	depth             int
}

// scan reads the next piece, and reports whether the value ended in it.
func (s *valueScan) scan(b []byte) bool {
	for len(b) > 0 {
		if s.inString {
			if s.escaped {
				s.escaped, b = false, b[1:]
				continue
			}
			// Byte by byte: bytes.IndexAny made a set of the bytes on
			// every call, and a structured content's strings are short.
			i := 0
			for i < len(b) && b[i] != '"' && b[i] != '\\' {
				i++
			}
			switch {
			case i == len(b):
				return false
			case b[i] == '"':
				s.inString = false
			case i+1 == len(b):
				s.escaped = true
				return false
			default:
				i++ // the escaped byte
			}
			b = b[i+1:]
			continue
		}
		if !s.started {
			j := 0
			for j < len(b) && (b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r' || b[j] == ':') {
				j++
			}
			if j == len(b) {
				return false
			}
			if b[j] != '{' && b[j] != '[' {
				return true
			}
			s.started = true
			b = b[j:]
		}
		i := 0
		for i < len(b) && b[i] != '"' && b[i] != '{' && b[i] != '}' && b[i] != '[' && b[i] != ']' {
			i++
		}
		if i == len(b) {
			return false
		}
		switch b[i] {
		case '"':
			s.inString = true
		case '{', '[':
			s.depth++
		default:
			s.depth--
			if s.depth == 0 {
				return true
			}
		}
		b = b[i+1:]
	}
	return false
}
