package input

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
)

// lookAhead is how much of a line is read to tell whether it starts a
// document: enough for a bracketed log tag or a timestamp, and little
// enough that a document on one long line is not read twice.
const lookAhead = 256

// interludes reads, between two documents, the whole lines that cannot
// start one: a server's log on the same stream as its replies
// (mcp-server-sqlite prints each SQL statement on stdout, mcp-go's roots
// example "notification received: …"). Each is given to Interlude, with
// its line number, and skipped; the next document is then read as if they
// had not been there. A line that starts as a document does is left to
// the token decoder, which says what is wrong with it. Only lines that
// start after a line break are looked at: what follows a document on its
// own line is tail's.
func (d *Decoder) interludes() error {
	for lineStart := false; ; lineStart = true {
		d.dec.PeekKind() // at least one byte past white space, unless the end; an error waits for the next read
		unread := d.dec.UnreadBuffer()
		i := 0
		for i < len(unread) && isSpace(unread[i]) {
			i++
		}
		if i == len(unread) || !lineStart && bytes.IndexByte(unread[:i], '\n') < 0 {
			return nil
		}
		if c := unread[i]; c == '{' || c == '"' {
			return nil // most documents: nothing more to look at
		}
		at := d.dec.InputOffset() + d.shift + int64(i) // the line's start
		buf, end := unread[i:], bytes.IndexByte(unread[i:], '\n')
		read := false // whether buf holds bytes read past the token decoder's buffer
		if end < 0 {
			var err error
			if buf, end, err = d.readLine(buf, lookAhead); err != nil {
				return err
			}
			read = true
		}
		line := buf
		if end >= 0 {
			line = buf[:end]
		}
		if prefix := line[:min(len(line), lookAhead)]; startsDocument(string(prefix)) || valueFirst(prefix) {
			if read {
				d.restart(at, buf)
			}
			return nil
		}
		if end < 0 { // a log line longer than what was looked at
			var err error
			if buf, end, err = d.readLine(buf, -1); err != nil {
				return err
			}
		}
		skipped, text := len(buf), string(buf)
		if end >= 0 {
			skipped, text = end+1, string(buf[:end])
		}
		lineNo, _ := d.pos.at(d.sq.raw(at))
		if err := d.Interlude(lineNo, strings.TrimSpace(text)); err != nil {
			return err
		}
		d.restart(at+int64(skipped), buf[skipped:])
	}
}

// valueFirst reports a line of JSON values although it reads like a
// bracketed log tag ("[1] [2]": two documents on a line): every value on
// it decodes, the last perhaps cut off by the end of what was looked at;
// "[My-Server] ready", "[0] listening on :8080" and "[ ] todo" do not.
func valueFirst(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	if len(t) == 0 || t[0] != '[' {
		return false
	}
	dec := jsonlib.NewDecoder(bytes.NewReader(t))
	for {
		_, err := dec.ReadValue()
		switch {
		case err == io.EOF:
			return true
		case errors.Is(err, io.ErrUnexpectedEOF):
			return true
		case err != nil:
			return false
		}
	}
}

// readLine appends to a copy of buf what follows the token decoder's
// buffer, up to the end of the line (where its line break is, or -1 at
// the input's end) or until buf holds limit bytes (if limit >= 0).
func (d *Decoder) readLine(buf []byte, limit int) ([]byte, int, error) {
	buf = append(make([]byte, 0, len(buf)+4096), buf...)
	chunk := make([]byte, 4096)
	for limit < 0 || len(buf) < limit {
		n, err := d.source().Read(chunk)
		if i := bytes.IndexByte(chunk[:n], '\n'); i >= 0 {
			return append(buf, chunk[:n]...), len(buf) + i, nil
		}
		buf = append(buf, chunk[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, -1, err
		}
	}
	return buf, -1, nil
}

// restart makes a new token decoder read the input from offset at (of
// the squeezed input), rest being what was read of it already.
func (d *Decoder) restart(at int64, rest []byte) {
	rest = append([]byte(nil), rest...)
	if d.rest != nil && d.rest.Len() > 0 { // read by a takeover, not yet by the token decoder
		left := make([]byte, d.rest.Len())
		d.rest.Read(left)
		rest = append(rest, left...)
	}
	d.rest = bytes.NewReader(rest)
	d.src = io.MultiReader(d.rest, d.sq)
	d.shift = at
	d.dec = jsonlib.NewDecoder(d.src)
}
