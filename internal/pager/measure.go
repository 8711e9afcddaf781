package pager

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// meter counts the lines output takes on a terminal cols wide: lines
// longer than the terminal wrap. It skips colour sequences and counts
// every character as one column (a wide character as one too: the count
// only decides when to start a pager, and human output is cut to the
// width anyway).
type meter struct {
	cols, rows, col int
	esc             byte // 1 after ESC, 2 inside a CSI sequence, 3 inside an OSC
}

func (m *meter) add(p []byte) {
	for _, c := range p {
		switch m.esc {
		case 1:
			m.esc = 0
			switch c {
			case '[':
				m.esc = 2
			case ']':
				m.esc = 3
			}
			continue
		case 2:
			if c >= 0x40 && c <= 0x7e {
				m.esc = 0
			}
			continue
		case 3: // an OSC (a hyperlink), ended by BEL or ESC \
			switch c {
			case 0x07:
				m.esc = 0
			case 0x1b:
				m.esc = 1
			}
			continue
		}
		switch {
		case c == 0x1b:
			m.esc = 1
		case c == '\n':
			m.rows++
			m.col = 0
		case c == '\r':
			m.col = 0
		case c&0xc0 == 0x80: // inside a UTF-8 sequence
		default:
			if m.cols > 0 && m.col >= m.cols {
				m.rows++
				m.col = 0
			}
			m.col++
		}
	}
}

// lines is the number of terminal lines the output so far takes.
func (m *meter) lines() int {
	if m.col > 0 {
		return m.rows + 1
	}
	return m.rows
}

// tableHeader is 1 when the output starts with a table's header line (as
// human output of a list does: upper-case column names, two spaces or
// more apart), for less to keep in view; else 0. It is a guess from the
// text alone, and a wrong guess only pins a line.
func tableHeader(out []byte) int {
	end := bytes.IndexByte(out, '\n')
	if end < 0 || end == len(out)-1 {
		return 0 // a table has rows under its header
	}
	line := stripSGR(out[:end])
	if len(line) == 0 || line[0] == ' ' || !bytes.Contains(line, []byte("  ")) {
		return 0
	}
	upper := false
	for len(line) > 0 {
		r, n := utf8.DecodeRune(line)
		line = line[n:]
		if unicode.IsLower(r) {
			return 0
		}
		upper = upper || unicode.IsUpper(r)
	}
	if !upper {
		return 0
	}
	return 1
}

// stripSGR removes colour sequences (ESC [ … m).
func stripSGR(b []byte) []byte {
	if bytes.IndexByte(b, 0x1b) < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '[' {
			j := i + 2
			for j < len(b) && (b[j] < 0x40 || b[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		out = append(out, b[i])
	}
	return out
}
