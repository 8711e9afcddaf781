package value

import (
	"encoding/binary"
	"unsafe"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
)

// TokenCursor is the rest of an open list whose items can be read token
// by token (as the decoder gives it), for a reader of rows that builds
// no Value per row: every table of every output reads its rows through
// it, packed (AppendPacked).
type TokenCursor interface {
	Cursor
	// Tokens is the token decoder at the next item.
	Tokens() *jsonlib.Decoder
	// ReadValue reads the value at the decoder's position whole.
	ReadValue() (Value, error)
	// Item reads the next item whole, or the list's end.
	Item() (Value, bool, error)
	// AppendScalar appends the text of the scalar at the decoder's
	// position (what ReadValue's Text would be).
	AppendScalar(dst []byte) ([]byte, Kind, error)
	// Ahead is the list's items as read reads them, read ahead on a
	// goroutine of its own where the decoder can.
	Ahead(read func() (Value, bool, error)) Cursor
}

// A packed value is a value in one string, so that a row read token by
// token is one allocation, not a string for each cell and the members
// that hold them: its kind (a byte), the length of its body (four bytes,
// little-endian), and the body: a scalar's text (nothing for null), an
// object's members, each its key's length (four bytes), its key and its
// value packed, or an array's items packed. A packed record is the body
// of an object.

// Packed marks a record packed (Value.Open): its body is Text.
var Packed = &Open{}

// IsPacked reports a record packed by ReadPacked or Pack.
func IsPacked(v Value) bool { return v.Open == Packed }

// ReadPacked reads the next item of l packed, where it is an object: a
// Value whose Text is the packed record (IsPacked); another item, or the
// list's end, as Item reads it. buf and tmp are scratch space the caller
// keeps. A record lent is valid until the next is read: its text is buf's
// memory, for a caller that keeps nothing of it (a row written).
func ReadPacked(l TokenCursor, buf []byte, tmp *[]byte, lend bool) (Value, []byte, bool, error) {
	dec := l.Tokens()
	if dec.PeekKind() != '{' {
		v, ok, err := l.Item()
		return v, buf, ok, err
	}
	buf, err := appendBody(l, dec, buf[:0], tmp)
	if err != nil {
		return Value{}, buf, false, err
	}
	text := ""
	switch {
	case lend && len(buf) > 0:
		text = unsafe.String(unsafe.SliceData(buf), len(buf))
	case !lend:
		text = string(buf)
	}
	return Value{Kind: Object, Text: text, Open: Packed}, buf, true, nil
}

// AppendPacked appends the value at l's decoder position to buf, packed.
func AppendPacked(l TokenCursor, buf []byte, tmp *[]byte) ([]byte, error) {
	return appendPacked(l, l.Tokens(), buf, tmp)
}

// appendPacked is AppendPacked with l's decoder, dec, asked for once.
func appendPacked(l TokenCursor, dec *jsonlib.Decoder, buf []byte, tmp *[]byte) ([]byte, error) {
	at := len(buf)
	buf = append(buf, 0, 0, 0, 0, 0) // kind and length, once known
	var k Kind
	var err error
	switch dec.PeekKind() {
	case '{':
		k = Object
		buf, err = appendBody(l, dec, buf, tmp)
	case '[':
		k = Array
		if _, err = dec.ReadToken(); err != nil {
			return buf, err
		}
		for dec.PeekKind() != ']' {
			if buf, err = appendPacked(l, dec, buf, tmp); err != nil {
				return buf, err
			}
		}
		_, err = dec.ReadToken()
	default:
		buf, k, err = l.AppendScalar(buf)
	}
	buf[at] = byte(k)
	binary.LittleEndian.PutUint32(buf[at+1:], uint32(len(buf)-at-5))
	return buf, err
}

// appendBody appends the members of the object at the decoder's
// position, each after its key, to buf.
func appendBody(l TokenCursor, dec *jsonlib.Decoder, buf []byte, tmp *[]byte) ([]byte, error) {
	if _, err := dec.ReadToken(); err != nil { // '{'
		return buf, err
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadValue()
		if err != nil {
			return buf, err
		}
		var key []byte
		key, *tmp = jsonlib.NameText(name, *tmp) // as the decoder makes it
		buf = binary.LittleEndian.AppendUint32(buf, uint32(len(key)))
		buf = append(buf, key...)
		if buf, err = appendPacked(l, dec, buf, tmp); err != nil {
			return buf, err
		}
	}
	_, err := dec.ReadToken() // '}'
	return buf, err
}

// Pack is a held record packed, as ReadPacked reads one, and buf, the
// scratch space it was packed in.
func Pack(buf []byte, v Value) (Value, []byte) {
	buf = packMembers(buf[:0], v.Members)
	return Value{Kind: Object, Text: string(buf), Open: Packed}, buf
}

func packMembers(buf []byte, ms []Member) []byte {
	for _, m := range ms {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(len(m.Key)))
		buf = append(buf, m.Key...)
		buf = packValue(buf, m.Value)
	}
	return buf
}

func packValue(buf []byte, v Value) []byte {
	at := len(buf)
	buf = append(buf, byte(v.Kind), 0, 0, 0, 0)
	switch v.Kind {
	case Object:
		buf = packMembers(buf, v.Members)
	case Array:
		for _, it := range v.Items {
			buf = packValue(buf, it)
		}
	default:
		buf = append(buf, v.Text...)
	}
	binary.LittleEndian.PutUint32(buf[at+1:], uint32(len(buf)-at-5))
	return buf
}

// Unpack is v, a record packed made whole again.
func Unpack(v Value) Value {
	if !IsPacked(v) {
		return v
	}
	return Unpacked(Object, v.Text)
}

// NextKey is the key the member at the start of s, part of a packed
// object's body, has, and the value after it.
func NextKey(s string) (key, rest string) {
	n := le32(s)
	return s[4 : 4+n], s[4+n:]
}

// NextPacked is the value packed at the start of s: its kind, its body
// (a scalar's text, a container's entries) and what follows it.
func NextPacked(s string) (kind Kind, body, rest string) {
	n := le32(s[1:])
	return Kind(s[0]), s[5 : 5+n], s[5+n:]
}

// Unpacked is the value of kind whose packed body is body.
func Unpacked(kind Kind, body string) Value {
	v := Value{Kind: kind}
	switch kind {
	case Object:
		return UnpackedInto(nil, body)
	case Array:
		for body != "" {
			var k Kind
			var b string
			k, b, body = NextPacked(body)
			v.Items = append(v.Items, Unpacked(k, b))
		}
	default:
		v.Text = body
	}
	return v
}

// UnpackedInto is the record whose packed body is body, its members
// appended to ms: a reader that keeps no row passes the last row's
// members, to be used again.
func UnpackedInto(ms []Member, body string) Value {
	for body != "" {
		var m Member
		m.Key, body = NextKey(body)
		kind, b, rest := NextPacked(body)
		m.Value, body = Unpacked(kind, b), rest
		ms = append(ms, m)
	}
	return Value{Kind: Object, Members: ms}
}

// Records reads l's items one by one, each record packed (ReadPacked)
// and its caller's to keep (read on another goroutine, Ahead, and handed
// over); the packing scratch is kept from one to the next, unless a large
// record made it large.
func Records(l TokenCursor) func() (Value, bool, error) {
	var buf, tmp []byte
	return func() (Value, bool, error) {
		v, b, ok, err := ReadPacked(l, buf, &tmp, false)
		if cap(b) <= 64<<10 {
			buf = b
		}
		return v, ok, err
	}
}

// le32 is binary.LittleEndian.Uint32 of the four bytes s starts with.
func le32(s string) int { return int(s[0]) | int(s[1])<<8 | int(s[2])<<16 | int(s[3])<<24 }
