package input

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
)

// byteOrderMark is UTF-8's.
const byteOrderMark = "\xef\xbb\xbf"

// lookAhead is how much of a line is read to tell whether it starts a
// document: enough for a log tag or a timestamp, not a long document.
const lookAhead = 256

// interludes reads, between two documents, the whole lines that cannot
// start one: a server's log on the same stream as its replies
// (mcp-server-sqlite prints each SQL statement on stdout). Each is given
// to Interlude and skipped. A line that starts as a document does is left
// to the token decoder, which says what is wrong with it. Only lines that
// start after a line break are looked at: what follows a document on its
// line is tail's.
func (d *Decoder) interludes() error {
	for lineStart := d.docs == 0 && d.dec.InputOffset() == 0; ; lineStart = true {
		d.dec.PeekKind() // at least one byte past white space, unless the end; an error waits for the next read
		unread := d.dec.UnreadBuffer()
		i := 0
		for i < len(unread) && isSpace(unread[i]) {
			i++
		}
		if i == len(unread) || !lineStart && bytes.IndexByte(unread[:i], '\n') < 0 {
			return nil
		}
		if string(unread[i:min(len(unread), i+len(byteOrderMark))]) == byteOrderMark {
			// A byte-order mark before a document (cat a.json b.json of
			// files an editor saved so) is not part of it.
			at := d.dec.InputOffset() + d.shift + int64(i)
			d.restart(at+int64(len(byteOrderMark)), unread[i+len(byteOrderMark):])
			continue
		}
		if unread[i] == '{' {
			// Most documents: nothing more to look at. A line that opens
			// an object is one, or the error it is (a broken record).
			return d.flushPrelude()
		}
		at := d.dec.InputOffset() + d.shift + int64(i) // the line's start
		// Where the line is, looked up before reading on: the tracker of
		// positions forgets what is far behind.
		lineNo, col := d.pos.at(d.sq.raw(at))
		buf, end := unread[i:], bytes.IndexByte(unread[i:], '\n')
		read, atEnd := false, false // whether buf holds bytes read past the token decoder's buffer; the input's end was met
		if end < 0 {
			var err error
			if buf, end, atEnd, err = d.readLine(buf, lookAhead); err != nil {
				return err
			}
			read = true
		}
		if string(buf[:min(len(buf), len(byteOrderMark))]) == byteOrderMark {
			d.restart(at+int64(len(byteOrderMark)), buf[len(byteOrderMark):]) // one split across reads
			continue
		}
		line := buf
		if end >= 0 {
			line = buf[:end]
		}
		cut := end < 0 && !atEnd || len(line) > lookAhead // only the line's start looked at
		if prefix := line[:min(len(line), lookAhead)]; startsDocument(string(prefix), cut) {
			if read {
				d.restart(at, buf)
			}
			return d.flushPrelude()
		}
		if end < 0 && !atEnd { // a log line longer than what was looked at
			var err error
			if buf, end, atEnd, err = d.readLine(buf, noteMax); err != nil {
				return err
			}
		}
		// The line's text, and what follows it: what was read of the
		// input past it (rest), from consumed bytes after its start.
		text, consumed, rest := buf, len(buf), []byte(nil)
		var more int64 // bytes of a line longer than noteMax, counted, not held
		switch {
		case end >= 0:
			text, consumed, rest = buf[:end], end+1, buf[end+1:]
		case !atEnd: // longer still: the rest is counted as it is read
			n, after, found, err := d.skipLine()
			if err != nil {
				return err
			}
			text = buf[:runeStart(buf, noteMax)]
			more = int64(len(buf)-len(text)) + n
			consumed, rest = len(buf)+int(n), after
			if found {
				consumed++
			}
		}
		note := strings.TrimSpace(string(text))
		if more > 0 {
			note += fmt.Sprintf(" … (%d more bytes of this line)", more)
		}
		if err := d.interlude(heldLine{lineNo, col, note}); err != nil {
			return err
		}
		d.restart(at+int64(consumed), rest)
	}
}

// noteMax is the most of a line that is not JSON that is kept: past it,
// the line's bytes are counted as they are read, not held.
const noteMax = 1 << 20

// runeStart is i, or the start of the character i falls inside of.
func runeStart(b []byte, i int) int {
	if i >= len(b) {
		return len(b)
	}
	for j := i; j > 0 && j > i-utf8.UTFMax; j-- {
		if utf8.RuneStart(b[j]) {
			return j
		}
	}
	return i
}

// skipLine reads the rest of a line from the input, counting its bytes
// (n) without holding them, to its line break (found) or the input's end;
// rest is what was read after the line break.
func (d *Decoder) skipLine() (n int64, rest []byte, found bool, err error) {
	chunk := make([]byte, 32<<10)
	for {
		k, err := d.source().Read(chunk)
		if i := bytes.IndexByte(chunk[:k], '\n'); i >= 0 {
			return n + int64(i), append([]byte(nil), chunk[i+1:k]...), true, nil
		}
		n += int64(k)
		if err == io.EOF {
			return n, nil, false, nil
		}
		if err != nil {
			return n, nil, false, err
		}
	}
}

// heldLine is a line that is not a document, where it was.
type heldLine struct {
	line, col int
	text      string
}

// preludeMax is how much of the lines before the first document is held
// until a document comes: past it they are given to Interlude.
const preludeMax = 1 << 20

// interlude gives l to Interlude, or, before the first document, holds
// it (prelude) while the lines held are not more than preludeMax.
func (d *Decoder) interlude(l heldLine) error {
	if d.docs == 0 && d.firstLine == nil {
		d.firstLine = &l
	}
	if d.docs > 0 || d.preludeGiven {
		return d.Interlude(l.line, l.text)
	}
	d.prelude = append(d.prelude, l)
	// A line costs its text and what holds it: a million empty lines
	// are not nothing.
	if d.preludeSize += len(l.text) + 64; d.preludeSize > preludeMax {
		d.preludeGiven = true
		return d.flushPrelude()
	}
	return nil
}

// flushPrelude gives the lines held before the first document to Interlude.
func (d *Decoder) flushPrelude() error {
	for _, l := range d.prelude {
		if err := d.Interlude(l.line, l.text); err != nil {
			return err
		}
	}
	d.prelude, d.preludeSize = nil, 0
	return nil
}

// notJSON is the error of an input of no document whose first line is l.
func (d *Decoder) notJSON(l heldLine) error {
	word, _, _ := strings.Cut(l.text, " ")
	if len(word) > 40 {
		word = word[:40]
	}
	return &InputError{Name: d.name, Line: l.line, Col: l.col, Msg: fmt.Sprintf("%q is not JSON (expecting an object, array, string, number, true, false or null)", word)}
}

// readLine appends to a copy of buf what follows the token decoder's
// buffer, up to the line's end (where its line break is; -1: none) or
// limit bytes; atEnd says the input ended first.
func (d *Decoder) readLine(buf []byte, limit int) (_ []byte, end int, atEnd bool, err error) {
	buf = append(make([]byte, 0, len(buf)+4096), buf...)
	chunk := make([]byte, 4096)
	for len(buf) < limit {
		var n int
		n, err = d.source().Read(chunk)
		if i := bytes.IndexByte(chunk[:n], '\n'); i >= 0 {
			return append(buf, chunk[:n]...), len(buf) + i, false, nil
		}
		buf = append(buf, chunk[:n]...)
		if err == io.EOF {
			return buf, -1, true, nil
		}
		if err != nil {
			return nil, -1, false, err
		}
	}
	return buf, -1, false, nil
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
