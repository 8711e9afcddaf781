package input

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Framing is how documents are laid out in the input.
type Framing uint8

const (
	JSON Framing = iota // documents one after another
	SSE                 // Server-Sent Events: data lines, frames split by blank lines
	HTTP                // an HTTP status line and headers first (curl -i)
)

// NewReader buffers r and skips a UTF-8 byte-order mark.
func NewReader(r io.Reader) *bufio.Reader {
	br := bufio.NewReaderSize(r, 64<<10)
	if b, err := br.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
	return br
}

// Sniff decides the framing from the first bytes after white space. It asks
// for one byte at a time, so a slow stream is never waited on for bytes it
// has not sent yet, and consumes nothing.
func Sniff(br *bufio.Reader) Framing {
	i := 0
	for ; ; i++ {
		b, err := br.Peek(i + 1)
		if err != nil || i > 64<<10 {
			return JSON // let the JSON decoder say what is wrong
		}
		if c := b[i]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			break
		}
	}
	switch {
	case prefixAt(br, i, "HTTP/"):
		return HTTP
	case prefixAt(br, i, ":"), prefixAt(br, i, "data:"), prefixAt(br, i, "event:"),
		prefixAt(br, i, "id:"), prefixAt(br, i, "retry:"):
		// None of these can start a JSON document.
		return SSE
	}
	return JSON
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
// it): by its byte-order mark, or by the zero bytes around a first ASCII
// character. JSON is UTF-8, and the decoder would only say "invalid
// character", so this names the problem and the fix.
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

// readLine reads one line without its line ending; ok is false at the end.
func readLine(br *bufio.Reader) (string, bool, error) {
	s, err := br.ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", false, err
	}
	if s == "" {
		return "", false, nil
	}
	s = strings.TrimSuffix(s, "\n")
	return strings.TrimSuffix(s, "\r"), true, nil
}

// ReadHead reads what `curl -i` prints before a body: one status line and
// its headers per response (several after a 100 Continue or a redirect).
// Each line is handed to show as it is read, so headers take no memory
// however many there are. It returns the status of the last response and
// how many input lines the head took.
func ReadHead(br *bufio.Reader, show func(line string) error) (status, lines int, err error) {
	for {
		line, ok, err := readLine(br)
		if err != nil || !ok {
			return status, lines, err
		}
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

// ReadSSE reads Server-Sent Events and calls frame with the joined data of
// each frame as soon as the blank line that ends it arrives. at maps a line
// of that data back to its line and column in the input.
func ReadSSE(br *bufio.Reader, line int, frame func(event, data string, at func(l, c int) (int, int)) error) error {
	type origin struct{ line, col int }
	var event string
	var data []string
	var where []origin
	dispatch := func() error {
		defer func() { event, data, where = "", nil, nil }()
		if len(data) == 0 {
			return nil
		}
		w := where
		return frame(event, strings.Join(data, "\n"), func(l, c int) (int, int) {
			if l < 1 || l > len(w) {
				return w[0].line, w[0].col
			}
			return w[l-1].line, w[l-1].col + c - 1
		})
	}
	for {
		s, ok, err := readLine(br)
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
		case s == "":
			if err := dispatch(); err != nil {
				return err
			}
		case s[0] == ':': // a comment, often a keep-alive
		default:
			field, value, _ := strings.Cut(s, ":")
			col := utf8.RuneCountInString(field) + 2
			if strings.HasPrefix(value, " ") {
				value = value[1:]
				col++
			}
			switch field {
			case "data":
				data = append(data, value)
				where = append(where, origin{cur, col})
			case "event":
				event = value
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

// Preamble reads the lines before the first JSON document when they are
// not JSON: a server's start-up banner in `mcp-inspector --cli … 2>&1`.
// It looks only as far as a document's start that begins a line (at most
// the reader's buffer, 64 KiB), one byte at a time so that a slow stream
// is not waited on; if none is found, it reads nothing and the decoder
// reports the first line as the error it is.
func Preamble(br *bufio.Reader) []string {
	var lines []string
	start := 0 // where the current line starts in the peeked bytes
	for i := 0; i < br.Size(); i++ {
		b, err := br.Peek(i + 1)
		if err != nil {
			// The end: a last line without a line break may still start
			// a document; else this was no banner.
			if b, _ = br.Peek(i); len(lines) > 0 && startsDocument(string(b[start:])) {
				br.Discard(start)
				return lines
			}
			return nil
		}
		if b[i] != '\n' {
			continue
		}
		line := strings.TrimRight(string(b[start:i]), "\r")
		if startsDocument(line) {
			if len(lines) > 0 {
				br.Discard(start)
			}
			return lines
		}
		if strings.TrimSpace(line) != "" {
			lines = append(lines, line)
		}
		start = i + 1
	}
	return nil
}

// startsDocument reports a line on which a JSON document may start: an
// object, an array, a string, a number or a literal, after white space.
func startsDocument(line string) bool {
	t := strings.TrimLeft(line, " \t")
	if t == "" {
		return false
	}
	if t[0] == '[' && bracketTag(t) {
		return false
	}
	if (t[0] == '-' || t[0] >= '0' && t[0] <= '9') && !numberStart(t) {
		return false // a Go log line's "2026/11/24 10:00:00 …", not 2026
	}
	if strings.IndexByte(`{["-0123456789`, t[0]) >= 0 {
		return true
	}
	for _, lit := range []string{"true", "false", "null"} {
		if rest, ok := strings.CutPrefix(t, lit); ok && (rest == "" || strings.IndexByte(" \t,", rest[0]) >= 0) {
			return true
		}
	}
	return false
}

// bracketTag reports a log line that starts with a bracketed tag, not an
// array: "[My-Server] setting up", "[2026-05-01 10:00:00] INFO …". The
// tag holds no quote, brace or bracket and is followed, after a space, by
// more text; or it starts with a letter no JSON value starts with.
func bracketTag(t string) bool {
	inner := strings.TrimLeft(t[1:], " \t")
	if inner == "" {
		return false
	}
	if c := inner[0]; (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') &&
		!strings.HasPrefix(inner, "true") && !strings.HasPrefix(inner, "false") && !strings.HasPrefix(inner, "null") {
		return true
	}
	end := strings.IndexByte(t, ']')
	if end < 0 || strings.ContainsAny(t[1:end], `"{}[`) {
		return false
	}
	rest := t[end+1:]
	return len(rest) > 1 && (rest[0] == ' ' || rest[0] == '\t') && strings.TrimSpace(rest) != ""
}

// TextBody reports a Content-Type whose body may not be JSON: text/plain,
// text/html, none at all (a 404 "Session not found" may come without
// one) …; not JSON (application/json, anything +json), not an event
// stream. The caller still looks at the body (OpensJSON).
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
	for i := 0; i < 64<<10; i++ {
		b, err := br.Peek(i + 1)
		if err != nil {
			return false
		}
		switch b[i] {
		case ' ', '\t', '\r', '\n':
			continue
		case '{', '[':
			return true
		}
		return false
	}
	return false
}

// numberStart reports a line whose number (it starts with a digit or a
// minus) ends where a JSON number may: at a space, the line's end, or a
// comma or closing bracket.
func numberStart(t string) bool {
	i := 0
	if t[0] == '-' {
		i++
	}
	for i < len(t) && strings.IndexByte("0123456789.eE+-", t[i]) >= 0 {
		i++
	}
	return i == len(t) || strings.IndexByte(" \t\r,]}", t[i]) >= 0
}
