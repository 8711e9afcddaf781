package input

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
)

// Framing is how documents are laid out in the input.
type Framing uint8

const (
	JSON Framing = iota // documents one after another
	SSE                 // Server-Sent Events: data lines, frames split by blank lines
	HTTP                // an HTTP status line and headers first (curl -i)
)

// NewReader buffers r and skips a UTF-8 byte-order mark.
func NewReader(r io.Reader) *bufio.Reader { return skipBOM(bufio.NewReaderSize(r, 64<<10)) }

// skipBOM skips a UTF-8 byte-order mark at the start of br.
func skipBOM(br *bufio.Reader) *bufio.Reader {
	if b, err := br.Peek(3); err == nil && string(b) == byteOrderMark {
		br.Discard(3)
	}
	return br
}

// Sniff decides the framing from the first bytes after white space,
// consuming nothing.
func Sniff(br *bufio.Reader) Framing {
	i := nonSpace(br, 64<<10)
	switch {
	case i < 0:
		return JSON // let the JSON decoder say what is wrong
	case prefixAt(br, i, "HTTP/"):
		return HTTP
	case prefixAt(br, i, ":"), prefixAt(br, i, "data:"), prefixAt(br, i, "event:"),
		prefixAt(br, i, "id:"), prefixAt(br, i, "retry:"):
		// None of these can start a JSON document.
		return SSE
	}
	return JSON
}

// nonSpace is where the first byte that is not white space is in br, at
// most at (else -1), peeked one at a time: a slow stream is not waited on.
func nonSpace(br *bufio.Reader, at int) int {
	for i := 0; i <= at; i++ {
		b, err := br.Peek(i + 1)
		if err != nil {
			break
		}
		if !isSpace(b[i]) {
			return i
		}
	}
	return -1
}

func prefixAt(br *bufio.Reader, at int, prefix string) bool {
	for j := 0; j < len(prefix); j++ {
		b, err := br.Peek(at + j + 1)
		if err != nil || b[at+j] != prefix[j] {
			return false
		}
	}
	return true
}

// WideEncoding recognises UTF-16 and UTF-32 input (Windows tools write
// it), by its byte-order mark or the zero bytes around a first ASCII
// character, which the decoder would call "invalid character".
func WideEncoding(br *bufio.Reader) string {
	// Look only at what has arrived: a slow stream is not waited on.
	br.Peek(1)
	b, _ := br.Peek(min(br.Buffered(), 4))
	switch {
	case len(b) >= 4 && (string(b) == "\xff\xfe\x00\x00" || string(b) == "\x00\x00\xfe\xff"),
		len(b) >= 4 && b[0] != 0 && b[1] == 0 && b[2] == 0 && b[3] == 0,
		len(b) >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0 && b[3] != 0:
		return "UTF-32"
	// Without a mark, two characters are needed: one NUL after an ASCII
	// character (`[` NUL `]`) is a bad character, not an encoding.
	case len(b) >= 2 && (string(b[:2]) == "\xff\xfe" || string(b[:2]) == "\xfe\xff"),
		len(b) >= 4 && ascii(b[0]) && b[1] == 0 && ascii(b[2]) && b[3] == 0,
		len(b) >= 4 && b[0] == 0 && ascii(b[1]) && b[2] == 0 && ascii(b[3]):
		return "UTF-16"
	}
	return ""
}

func ascii(c byte) bool { return c != 0 && c < 0x80 }

// eventLine reads one line of an event stream, which may end in CRLF, LF
// or a lone CR; cr says the line before ended in CR, whose LF, if it comes
// next, is part of that ending (a line ending in CR is returned at once).
// The line is appended to line[:0]; ok is false at the end.
func eventLine(br *bufio.Reader, cr *bool, line []byte) ([]byte, bool, error) {
	if *cr {
		*cr = false
		if b, err := br.Peek(1); err == nil && b[0] == '\n' {
			br.Discard(1)
		}
	}
	line = line[:0]
	for {
		buf, err := br.Peek(max(br.Buffered(), 1))
		if i := lineEnd(buf); i >= 0 {
			line = append(line, buf[:i]...)
			*cr = buf[i] == '\r'
			br.Discard(i + 1)
			return line, true, nil
		}
		line = append(line, buf...)
		br.Discard(len(buf))
		switch {
		case errors.Is(err, io.EOF):
			return line, len(line) > 0, nil
		case err != nil:
			return line[:0], false, err
		}
	}
}

// lineEnd is where the first line of b ends, at a CR or an LF, or -1.
// IndexByte twice, not IndexAny: it reads many bytes at a time.
func lineEnd(b []byte) int {
	n := bytes.IndexByte(b, '\n')
	head := b
	if n >= 0 {
		head = b[:n]
	}
	if r := bytes.IndexByte(head, '\r'); r >= 0 {
		return r
	}
	return n
}

// ReadHead reads what `curl -i` prints before a body (several responses
// after a redirect), each line handed to show: the status of the last
// response and how many input lines the head took.
func ReadHead(br *bufio.Reader, show func(line string) error) (status, lines int, err error) {
	for {
		line, err := br.ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return status, lines, err
		}
		if line == "" {
			return status, lines, nil
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		lines++
		if line != "" {
			if err := show(line); err != nil {
				return status, lines, err
			}
			if strings.HasPrefix(line, "HTTP/") {
				status = StatusCode(line)
			}
			continue
		}
		// A blank line ends the headers; another response may follow.
		if Sniff(br) != HTTP {
			return status, lines, nil
		}
	}
}

// FrameAt maps a line and column of a frame's data back to the input's
// (ReadSSE): a value, so that a frame of one line makes nothing to say so.
type FrameAt struct {
	first origin
	rest  []origin // the lines after the first, for a frame of several
	known bool
}

type origin struct{ line, col int }

// Known reports a FrameAt made by ReadSSE, not the zero one.
func (f FrameAt) Known() bool { return f.known }

// At is where line l, column c of the frame's data is in the input; the
// frame's start for a line it does not have.
func (f FrameAt) At(l, c int) (int, int) {
	o := f.first
	switch {
	case l < 1 || l > 1+len(f.rest):
		return o.line, o.col
	case l > 1:
		o = f.rest[l-2]
	}
	return o.line, o.col + c - 1
}

// ReadSSE reads Server-Sent Events and calls frame with the joined data of
// each frame as soon as the blank line that ends it arrives.
func ReadSSE(br *bufio.Reader, line int, frame func(event, data string, at FrameAt) error) error {
	var (
		event, lastEvent string
		// data and where are scratch, used again by each frame: the
		// frame's data is one string made at its end.
		data  []byte
		where []origin
		buf   []byte // the line read
	)
	dispatch := func() error {
		defer func() { event, data, where = "", data[:0], where[:0] }()
		if len(where) == 0 {
			return nil
		}
		// at may be kept past the frame (read ahead): it holds its own
		// copy of where.
		at := FrameAt{first: where[0], known: true}
		if len(where) > 1 {
			at.rest = slices.Clone(where[1:])
		}
		return frame(event, string(data), at)
	}
	cr := false
	for {
		b, ok, err := eventLine(br, &cr, buf)
		buf = b
		if err != nil {
			return err
		}
		if !ok {
			// A stream cut before its last blank line still shows what came.
			return dispatch()
		}
		cur := line
		line++
		switch {
		case len(b) == 0:
			if err := dispatch(); err != nil {
				return err
			}
		case b[0] == ':': // a comment, often a keep-alive
		default:
			field, value, _ := bytes.Cut(b, []byte{':'})
			col := utf8.RuneCount(field) + 2
			if len(value) > 0 && value[0] == ' ' {
				value = value[1:]
				col++
			}
			switch string(field) {
			case "data":
				if len(where) > 0 {
					data = append(data, '\n')
				}
				data = append(data, value...)
				where = append(where, origin{cur, col})
			case "event":
				// Most streams name every event the same ("message"):
				// that string, made once.
				if string(value) != lastEvent {
					lastEvent = string(value)
				}
				event = lastEvent
			}
		}
	}
}

// LooksJSON reports data that starts like a JSON document.
func LooksJSON(s string) bool {
	t := strings.TrimLeft(s, " \t\r\n") // no copy: s may be a whole response
	return len(t) > 0 && strings.IndexByte(`{["-0123456789tfn`, t[0]) >= 0
}

// StatusCode reads the code of an HTTP status line ("HTTP/1.1 404 Not Found").
func StatusCode(line string) int {
	f := strings.Fields(line)
	if len(f) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(f[1])
	return n
}

// startsDocument reports a line on which a JSON document starts: it opens
// an object (a broken one is the error it is), or every value on it
// decodes, the last perhaps left open by the line's end (an object or an
// array), or where only the line's start was looked at (cut). Anything
// else is a log line, however it starts: "2026-11-28 13:46:52,123 - root -
// INFO - ready", "123 items", "true story", "192.168.1.1 connected".
func startsDocument(line string, cut bool) bool {
	t := strings.TrimSpace(line)
	if t == "" {
		return false
	}
	if t[0] == '{' {
		return true
	}
	dec := jsonlib.NewDecoder(strings.NewReader(t))
	for {
		at := int(dec.InputOffset())
		for at < len(t) && isSpace(t[at]) {
			at++
		}
		_, err := dec.ReadValue()
		switch {
		case err == io.EOF:
			return true
		case errors.Is(err, io.ErrUnexpectedEOF):
			return cut || at < len(t) && (t[at] == '{' || t[at] == '[')
		case err != nil:
			return brokenArray(t)
		}
	}
}

// brokenArray reports a line that opens an array of values but is no
// JSON ("[1, 2,, 3]"): a broken document, not a log line, which a
// bracketed tag before text is ("[0] listening on :8080").
func brokenArray(t string) bool {
	inner := strings.TrimLeft(t[1:], " \t")
	if t[0] != '[' || inner == "" || strings.IndexByte(`{["-0123456789tfn]`, inner[0]) < 0 {
		return false
	}
	if end := strings.IndexByte(t, ']'); end > 0 && !strings.ContainsAny(t[1:end], `"{}[`) {
		rest := t[end+1:]
		if len(rest) > 1 && (rest[0] == ' ' || rest[0] == '\t') && strings.TrimSpace(rest) != "" {
			return false // a tag, then what it says
		}
	}
	return true
}

// TextBody reports a Content-Type whose body may not be JSON (text/plain,
// none at all: a 404 "Session not found" may come without one).
func TextBody(contentType string) bool {
	mt, _, _ := strings.Cut(strings.ToLower(contentType), ";")
	mt = strings.TrimSpace(mt)
	switch {
	case mt == "application/json", strings.HasSuffix(mt, "+json"), mt == "text/event-stream",
		mt == "application/x-ndjson", mt == "application/jsonl", mt == "text/json":
		return false
	}
	return true
}

// OpensJSON reports whether what comes next, after white space, opens an
// object or an array: a JSON body sent under a text Content-Type.
func OpensJSON(br *bufio.Reader) bool {
	i := nonSpace(br, 64<<10-1)
	if i < 0 {
		return false
	}
	b, _ := br.Peek(i + 1)
	return b[i] == '{' || b[i] == '['
}
