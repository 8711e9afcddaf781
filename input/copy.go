package input

import (
	"fmt"
	"strings"

	"github.com/khive-ai/khive-pretty/value"
)

// Copying a document hands each token on as it is read, so that an output
// which writes what it reads (-o json) holds nothing of a document but its
// skeleton: enough to say what the document is and whether it reports a
// failure, whatever its size.

// Skeleton bounds: an object keeps its first SkeletonMembers members and an
// array its first SkeletonItems items, down to SkeletonDepth levels. Past
// those (down to flagDepth levels) only what tells a failure is kept: a
// member ok, success or isError, an error whole, a text that holds JSON
// (an MCP text block), and the containers on the way to them, with the
// scalars of the objects that hold them; and an array keeps one item (its
// scalars) standing for all its items that carry none, so that "every item
// is an op" or "every block is typed" is still told right.
const (
	SkeletonMembers = 1000
	SkeletonItems   = 1000
	SkeletonDepth   = 6
	flagDepth       = 12
)

// Copy reads the next document as Next does, handing each of its tokens to
// emit in order; it returns the document's skeleton (see above), and
// io.EOF, an *InputError, or emit's error as Next would.
func (d *Decoder) Copy(emit func(value.Token) error) (value.Value, error) {
	if err := d.begin(); err != nil {
		return value.Value{}, err
	}
	v, _, err := d.copyValue(emit, 0, keepAll, "", false)
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

// copyValue copies one value, the member key's (or "" for an item); it
// returns the value as the skeleton keeps it, and whether it carries
// something that tells a failure. An object past the bounds that carries
// none is returned empty unless standIn asks for its scalars.
func (d *Decoder) copyValue(emit func(value.Token) error, depth int, k keep, key string, standIn bool) (value.Value, bool, error) {
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
		for n := 0; d.dec.PeekKind() != '}'; n++ {
			name, err := d.dec.ReadToken()
			if err != nil {
				return value.Value{}, false, err
			}
			key := name.String()
			if err := emit(value.Token{Kind: '"', Key: true, Text: key}); err != nil {
				return value.Value{}, false, err
			}
			ck := keepNone
			switch {
			case k == keepWhole, k != keepNone && key == "error":
				ck = keepWhole
			case k == keepAll && n < SkeletonMembers:
				ck = keepAll
			case k != keepNone:
				ck = keepFlags
			}
			child, f, err := d.copyValue(emit, depth+1, ck, key, false)
			if err != nil {
				return value.Value{}, false, err
			}
			flagged = flagged || f
			// Past the bounds an object keeps its scalars for as long as it
			// may turn out to carry a flag (an MCP block is told by its
			// type), and its containers that do.
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
		return v, flagged, emit(value.Token{Kind: '}'})
	case '[':
		if err := emit(t); err != nil {
			return value.Value{}, false, err
		}
		v.Kind = value.Array
		flagged, stood := false, false
		for n := 0; d.dec.PeekKind() != ']'; n++ {
			ck := keepNone
			switch {
			case k == keepWhole:
				ck = keepWhole
			case k == keepAll && n < SkeletonItems:
				ck = keepAll
			case k != keepNone:
				ck = keepFlags
			}
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
				// carry nothing: what they are still counts (a batch of ops,
				// MCP content blocks).
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
	return v, scalarFlag(key, v), emit(t)
}

// scalarFlag reports a scalar that tells, or may hold, a failure: the
// flags, an error, and a text that holds JSON (an MCP text block).
func scalarFlag(key string, v value.Value) bool {
	switch key {
	case "ok", "success", "isError", "error":
		return true
	case "text":
		t := strings.TrimLeft(v.Text, " \t\r\n")
		return v.Kind == value.String && t != "" && (t[0] == '{' || t[0] == '[')
	}
	return false
}
