package pretty

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// framing is how documents are laid out in the input.
type framing uint8

const (
	framingJSON framing = iota // documents one after another
	framingSSE                 // Server-Sent Events: data lines, frames split by blank lines
	framingHTTP                // an HTTP status line and headers first (curl -i)
)

// sniff decides the framing from the first bytes after white space. It asks
// for one byte at a time, so a slow stream is never waited on for bytes it
// has not sent yet, and consumes nothing.
func sniff(br *bufio.Reader) framing {
	i := 0
	for ; ; i++ {
		b, err := br.Peek(i + 1)
		if err != nil || i > 64<<10 {
			return framingJSON // let the JSON decoder say what is wrong
		}
		if c := b[i]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			break
		}
	}
	switch {
	case prefixAt(br, i, "HTTP/"):
		return framingHTTP
	case prefixAt(br, i, ":"), prefixAt(br, i, "data:"), prefixAt(br, i, "event:"),
		prefixAt(br, i, "id:"), prefixAt(br, i, "retry:"):
		// None of these can start a JSON document.
		return framingSSE
	}
	return framingJSON
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

// wideEncoding recognises UTF-16 and UTF-32 input (Windows tools write
// it): by its byte-order mark, or by the zero bytes around a first ASCII
// character. JSON is UTF-8, and the decoder would only say "invalid
// character", so this names the problem and the fix.
func wideEncoding(br *bufio.Reader) string {
	// Look only at what has arrived: a slow stream is not waited on.
	br.Peek(1)
	b, _ := br.Peek(min(br.Buffered(), 4))
	switch {
	case len(b) >= 4 && (string(b) == "\xff\xfe\x00\x00" || string(b) == "\x00\x00\xfe\xff"),
		len(b) >= 4 && b[0] != 0 && b[1] == 0 && b[2] == 0 && b[3] == 0,
		len(b) >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0 && b[3] != 0:
		return "UTF-32"
	case len(b) >= 2 && (string(b[:2]) == "\xff\xfe" || string(b[:2]) == "\xfe\xff"),
		len(b) >= 2 && b[0] != 0 && b[0] < 0x80 && b[1] == 0,
		len(b) >= 2 && b[0] == 0 && b[1] != 0 && b[1] < 0x80:
		return "UTF-16"
	}
	return ""
}

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

// readHTTPHead reads what `curl -i` prints before a body: one status line
// and its headers per response (several after a 100 Continue or a
// redirect). Each line is handed to show as it is read, so headers take no
// memory however many there are. It returns the status of the last
// response and how many input lines the head took.
func readHTTPHead(br *bufio.Reader, show func(part) error) (status, lines int, err error) {
	for {
		line, ok, err := readLine(br)
		if err != nil || !ok {
			return status, lines, err
		}
		lines++
		if line != "" {
			if err := show(headPart(line)); err != nil {
				return status, lines, err
			}
			if strings.HasPrefix(line, "HTTP/") {
				status = statusCode(line)
			}
			continue
		}
		// A blank line ends the headers; another response may follow.
		if sniff(br) != framingHTTP {
			return status, lines, nil
		}
	}
}

// headPart shows a status line (red for 4xx and 5xx) or, dimmed, a header;
// plain output keeps only the status lines. Whether a failed status makes
// the command fail depends on whether it is the last response's, which
// the caller learns at the end of the head.
func headPart(line string) part {
	if !strings.HasPrefix(line, "HTTP/") {
		return part{kind: partNote, fields: []string{line}}
	}
	p := part{kind: partNote, fields: []string{line}, plain: line}
	if statusCode(line) >= 400 {
		p.tone = noteBad
	}
	return p
}

// sseFrames reads Server-Sent Events and calls frame with the joined data of
// each frame as soon as the blank line that ends it arrives. at maps a line
// of that data back to its line and column in the input.
func sseFrames(br *bufio.Reader, line int, frame func(event, data string, at func(l, c int) (int, int)) error) error {
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

// looksJSON reports data that starts like a JSON document.
func looksJSON(s string) bool {
	t := bytes.TrimLeft([]byte(s), " \t\r\n")
	return len(t) > 0 && strings.IndexByte(`{["-0123456789tfn`, t[0]) >= 0
}

// statusCode reads the code of an HTTP status line ("HTTP/1.1 404 Not Found").
func statusCode(line string) int {
	f := strings.Fields(line)
	if len(f) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(f[1])
	return n
}
