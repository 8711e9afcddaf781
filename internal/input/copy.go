package input

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Copying a document hands each token on as it is read, so that an output
// which writes what it reads (-o json) holds nothing of it but its
// skeleton: enough to say what it is and whether it reports a failure.

// Skeleton bounds: an object keeps its first SkeletonMembers members and an
// array its first SkeletonItems items, down to SkeletonDepth levels. Past
// those (down to flagDepth levels) only what tells a failure (Telling) is
// kept, an error whole, with the containers on the way to them and their
// scalars; and an array keeps one item (its scalars) standing for all its
// items that carry none, so that "every item is an op" is still told right.
const (
	SkeletonMembers = 1000
	SkeletonItems   = 1000
	SkeletonDepth   = 6
	flagDepth       = 12
)

// Copy reads the next document as Next does, handing each of its tokens to
// emit in order, and returns its skeleton.
func (d *Decoder) Copy(emit func(value.Token) error) (value.Value, error) {
	if err := d.begin(); err != nil {
		return value.Value{}, err
	}
	v, _, err := d.copyValue(emit, 0, keepAll, "", false)
	if err == nil {
		err = d.tail()
	}
	if err != nil {
		return value.Value{}, d.locate(err)
	}
	d.docs++
	return v, nil
}

// keep is how much of a value the skeleton keeps.
type keep uint8

const (
	keepNone  keep = iota
	keepFlags      // what tells a failure, and the way to it
	keepAll        // everything, within the bounds
	keepWhole      // everything (an error: small, and all of it matters)
)

// child is how much a value kept as k keeps of its n-th member or item,
// bound of them within the bounds; an error (isError) whole.
func (k keep) child(n, bound int, isError bool) keep {
	switch {
	case k == keepWhole, k != keepNone && isError:
		return keepWhole
	case k == keepAll && n < bound:
		return keepAll
	case k != keepNone:
		return keepFlags
	}
	return keepNone
}

// copyValue copies one value, the member key's (or "" for an item); it
// returns the value as the skeleton keeps it, and whether it carries
// something that tells a failure. An object past the bounds that carries
// none is returned empty unless standIn asks for its scalars.
func (d *Decoder) copyValue(emit func(value.Token) error, depth int, k keep, key string, standIn bool) (value.Value, bool, error) {
	if d.dec.PeekKind() == '"' && d.longString() {
		// A long string is copied in pieces as it is read, not held.
		v, err := d.copyString(emit, key)
		return v, err == nil && d.scalarFlag(key, v), err
	}
	tok, err := d.dec.ReadToken()
	if err != nil {
		return value.Value{}, false, err
	}
	if depth >= SkeletonDepth && k == keepAll {
		k = keepFlags
	}
	if depth >= flagDepth && k == keepFlags {
		k = keepNone
	}
	t := value.Token{Kind: byte(tok.Kind())}
	var v value.Value
	switch t.Kind {
	case 'n':
		v.Kind = value.Null
	case 't':
		v.Kind, v.Text, t.Text = value.Bool, "true", "true"
	case 'f':
		v.Kind, v.Text, t.Text = value.Bool, "false", "false"
	case '"':
		t.Text = tok.String()
		v.Kind, v.Text = value.String, t.Text
	case '0':
		t.Text = tok.String()
		v.Kind, v.Text = value.Number, t.Text
	case '{':
		if err := emit(t); err != nil {
			return value.Value{}, false, err
		}
		v.Kind = value.Object
		flagged := false
		// Members gather on the decoder's stack and are copied out only
		// when the object is kept: most objects past the bounds are not.
		base := len(d.members)
		d.keys = append(d.keys, "")
		for n := 0; d.dec.PeekKind() != '}'; n++ {
			name, err := d.dec.ReadToken()
			if err != nil {
				return value.Value{}, false, err
			}
			key := name.String()
			d.keys[len(d.keys)-1] = key
			if err := emit(value.Token{Kind: '"', Key: true, Text: key}); err != nil {
				return value.Value{}, false, err
			}
			ck := k.child(n, SkeletonMembers, key == "error")
			child, f, err := d.copyValue(emit, depth+1, ck, key, false)
			if err != nil {
				return value.Value{}, false, err
			}
			flagged = flagged || f
			// Past the bounds an object keeps its scalars while it may turn
			// out to carry a flag (a block told by its type), and its
			// containers that do.
			if ck == keepAll || ck == keepWhole || ck == keepFlags && (f || k == keepFlags && child.Scalar()) {
				d.members = append(d.members, value.Member{Key: key, Value: child})
			}
		}
		if _, err := d.dec.ReadToken(); err != nil {
			return value.Value{}, false, err
		}
		if k != keepFlags || flagged || standIn {
			v.Members = append([]value.Member(nil), d.members[base:]...)
		}
		d.members = d.members[:base]
		d.keys = d.keys[:len(d.keys)-1]
		return v, flagged, emit(value.Token{Kind: '}'})
	case '[':
		if err := emit(t); err != nil {
			return value.Value{}, false, err
		}
		v.Kind = value.Array
		flagged, stood := false, false
		for n := 0; d.dec.PeekKind() != ']'; n++ {
			ck := k.child(n, SkeletonItems, false)
			child, f, err := d.copyValue(emit, depth+1, ck, "", ck == keepFlags && !stood)
			if err != nil {
				return value.Value{}, false, err
			}
			flagged = flagged || f
			switch {
			case ck == keepAll, ck == keepWhole, ck == keepFlags && f:
				v.Items = append(v.Items, child)
			case ck == keepFlags && !stood:
				// One item (its scalars) for all those past the bounds that
				// carry nothing: what they are still counts (a batch's ops).
				v.Items = append(v.Items, child)
				stood = true
			}
		}
		if _, err := d.dec.ReadToken(); err != nil {
			return value.Value{}, false, err
		}
		return v, flagged, emit(value.Token{Kind: ']'})
	default:
		return value.Value{}, false, fmt.Errorf("unexpected token %q", t.Kind)
	}
	return v, d.scalarFlag(key, v), emit(t)
}

// scalarFlag reports a scalar that tells, or may hold, a failure (Telling).
func (d *Decoder) scalarFlag(key string, v value.Value) bool {
	return d.Telling != nil && d.Telling(key, v)
}

// longString reports whether the string the token decoder has peeked at
// is long (longAt) and in objects that are Copy's own.
func (d *Decoder) longString() bool {
	unread := d.dec.UnreadBuffer()
	q := bytes.IndexByte(unread, '"')
	if q < 0 || !d.longAt(unread[q+1:], bytes.IndexByte(unread[q+1:], '"')) {
		return false
	}
	// The objects around it must be Copy's own, whose keys it knows.
	return bytes.Count(d.kinds(), []byte{'{'}) == len(d.keys)
}

// copyString copies a string too long to hold, in pieces, as it is read;
// its skeleton is its first bytes, or, for JSON text, its documents'.
func (d *Decoder) copyString(emit func(value.Token) error, key string) (value.Value, error) {
	unread := d.dec.UnreadBuffer()
	to := d.takeOver(unread, bytes.IndexByte(unread, '"'))
	pw := &pieces{emit: emit}
	src := io.TeeReader(to.u, pw)
	v := value.Value{Kind: value.String}
	head := bufio.NewReaderSize(src, 4096)
	start, _ := head.Peek(4096)
	v.Text = string(start[:min(len(start), textStart)])
	if key == "text" && LooksJSON(string(start)) {
		if skel, ok := TextSkeletons(head, d.Telling); ok {
			v.Text = skel
		} // else not JSON after all: its first bytes
	}
	io.Copy(io.Discard, head)
	if pw.err != nil {
		return value.Value{}, pw.err // the output's, before the input's
	}
	if err := to.finish(nil, d.keys); err != nil {
		return value.Value{}, err
	}
	return v, pw.end()
}

// TextSkeletons is the skeletons of the JSON documents a text holds, each
// as compact JSON on a line; false when the text is not JSON throughout.
func TextSkeletons(r io.Reader, telling func(key string, v value.Value) bool) (string, bool) {
	dec := NewDecoder(r, "")
	dec.Telling = telling
	var b strings.Builder
	for {
		skel, err := dec.Copy(func(value.Token) error { return nil })
		if err != nil {
			return b.String(), err == io.EOF
		}
		b.WriteString(value.Compact(skel))
		b.WriteByte('\n')
	}
}

// Pieces reads r to its end and hands its text on to emit in pieces, as
// Copy hands on a long string's.
func Pieces(r io.Reader, emit func(value.Token) error) error {
	pw := &pieces{emit: emit}
	if _, err := io.Copy(pw, r); err != nil {
		return err
	}
	return pw.end()
}

// pieces hands a long string on to emit in pieces of about pieceSize
// bytes, each but the last with Part. A piece is escaped on its own, so it
// must end where what output escapes does not depend on what is on the
// other side: between two ASCII bytes, else where sanitize.Boundary says,
// else, past maxPiece bytes with neither, before any character.
type pieces struct {
	emit func(value.Token) error
	buf  []byte
	err  error
}

const (
	pieceSize = 32 << 10
	maxPiece  = 1 << 20
)

func (p *pieces) Write(b []byte) (int, error) {
	if p.err != nil {
		return 0, p.err
	}
	p.buf = append(p.buf, b...)
	for len(p.buf) >= pieceSize {
		cut := pieceCut(p.buf)
		if cut == 0 {
			break // no place to cut yet: wait for more
		}
		if p.err = p.emit(value.Token{Kind: '"', Part: true, Text: string(p.buf[:cut])}); p.err != nil {
			return 0, p.err
		}
		p.buf = append(p.buf[:0], p.buf[cut:]...)
	}
	return len(b), nil
}

// pieceCut is where to end a piece of b, at most pieceSize bytes in (or
// anywhere past maxPiece); 0 for nowhere yet.
func pieceCut(b []byte) int {
	for i := min(pieceSize, len(b)-1); i > 0; i-- {
		if b[i-1] < utf8.RuneSelf && b[i] < utf8.RuneSelf {
			return i
		}
	}
	for i := min(pieceSize, len(b)-1); i > 0; i-- {
		if !utf8.RuneStart(b[i]) {
			continue
		}
		r, _ := utf8.DecodeRune(b[i:])
		l, _ := utf8.DecodeLastRune(b[:i])
		if sanitize.Boundary(l, r) {
			return i
		}
	}
	if len(b) < maxPiece {
		return 0
	}
	for i := len(b) - 1; i > 0; i-- {
		if utf8.RuneStart(b[i]) {
			return i
		}
	}
	return len(b)
}

// end hands on the last piece.
func (p *pieces) end() error {
	return p.emit(value.Token{Kind: '"', Text: string(p.buf)})
}
