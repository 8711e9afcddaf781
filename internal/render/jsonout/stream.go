package jsonout

import (
	"bufio"

	"github.com/khive-ai/khive-pretty/internal/value"
)

// Streamer writes documents token by token, byte for byte as Write writes
// them whole: -o json of a document of any size in the memory of one token.
type Streamer struct {
	j writer
	// counts holds, for each open container, how many entries it has so
	// far: a container's first entry gets no comma, an empty one stays
	// "{}" or "[]".
	counts   []int
	afterKey bool
	// inString: the pieces of a long string are being written; strOpen and
	// strClose are what colours one (the string style's escapes).
	inString          bool
	strOpen, strClose string
}

// NewStreamer writes to w, indented or compact, coloured by th.
func NewStreamer(w *bufio.Writer, indent bool, th Theme) *Streamer {
	return &Streamer{j: writer{w: w, indent: indent, th: th}}
}

// Token writes the next token of a document; the document's last token
// ends its line.
func (s *Streamer) Token(t value.Token) error {
	w, j := s.j.w, &s.j
	if s.inString || t.Part {
		s.piece(t)
		return nil
	}
	switch t.Kind {
	case '}', ']':
		n := s.counts[len(s.counts)-1]
		s.counts = s.counts[:len(s.counts)-1]
		if n > 0 {
			j.newline(len(s.counts))
		}
		w.WriteByte(t.Kind)
		s.end()
		return nil
	}
	if t.Key {
		s.entry()
		j.key(t.Text)
		s.afterKey = true
		return nil
	}
	s.value()
	switch t.Kind {
	case '{', '[':
		w.WriteByte(t.Kind)
		s.counts = append(s.counts, 0)
		return nil
	case 'n':
		j.styled(j.th.Null, "null")
	case 't', 'f':
		j.styled(j.th.Lit, t.Text)
	case '0':
		j.styled(j.th.Num, t.Text)
	case '"':
		j.quoted(j.th.Str, t.Text)
	}
	s.end()
	return nil
}

// Open reports a document begun and not ended.
func (s *Streamer) Open() bool { return len(s.counts) > 0 }

// entry starts an entry of the innermost container.
func (s *Streamer) entry() {
	c := &s.counts[len(s.counts)-1]
	if *c > 0 {
		s.j.w.WriteByte(',')
	}
	*c++
	s.j.newline(len(s.counts))
}

// value starts a value: after its key, or as an entry of the innermost
// container, if any.
func (s *Streamer) value() {
	if s.afterKey {
		s.afterKey = false
	} else if len(s.counts) > 0 {
		s.entry()
	}
}

// end ends a document's line once its last token is written.
func (s *Streamer) end() {
	if len(s.counts) == 0 {
		s.j.w.WriteByte('\n')
	}
}

// piece writes a piece of a long string: its opening quote before the
// first, its closing quote after the last, coloured as a whole string is.
func (s *Streamer) piece(t value.Token) {
	w, j := s.j.w, &s.j
	if !s.inString {
		s.value()
		s.strOpen, s.strClose = j.th.Str.Ends()
		w.WriteString(s.strOpen)
		w.WriteByte('"')
		s.inString = true
	}
	writeText(w, t.Text)
	if !t.Part {
		w.WriteByte('"')
		w.WriteString(s.strClose)
		s.inString = false
		s.end()
	}
}
