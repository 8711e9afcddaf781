package input

import (
	"fmt"
	"io"

	"github.com/khive-ai/khive-pretty/value"
)

// Copying a document hands each token on as it is read, so that an output
// which writes what it reads (-o json) holds nothing of a document but its
// skeleton: enough to say what the document is and whether it reports a
// failure, whatever its size.

// Skeleton bounds: an object keeps its first SkeletonMembers members and an
// array its first SkeletonItems items, down to SkeletonDepth levels; past
// those, only the scalar flags by which a failure is told (ok, success,
// isError) of objects in the first levels.
const (
	SkeletonMembers = 1000
	SkeletonItems   = 1000
	SkeletonDepth   = 6
	flagDepth       = 3
)

// Copy reads the next document as Next does, handing each of its tokens to
// emit in order; it returns the document's skeleton (see above), and
// io.EOF, an *InputError, or emit's error as Next would.
func (d *Decoder) Copy(emit func(value.Token) error) (value.Value, error) {
	d.stack, d.members, d.items = d.stack[:0], d.members[:0], d.items[:0]
	if d.dec.PeekKind() == 0 {
		if _, err := d.dec.ReadToken(); err == io.EOF {
			if d.docs == 0 {
				return value.Value{}, &InputError{Name: d.name, Msg: ErrEmpty.Error()}
			}
			return value.Value{}, io.EOF
		} else if err != nil {
			return value.Value{}, d.locate(err)
		}
	}
	v, err := d.copyValue(emit, 0, keepAll)
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
	keepFlags      // an object's scalar ok, success and isError only
	keepAll
)

func (d *Decoder) copyValue(emit func(value.Token) error, depth int, k keep) (value.Value, error) {
	tok, err := d.dec.ReadToken()
	if err != nil {
		return value.Value{}, err
	}
	if depth >= SkeletonDepth && k == keepAll {
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
			return value.Value{}, err
		}
		v.Kind = value.Object
		for n := 0; d.dec.PeekKind() != '}'; n++ {
			name, err := d.dec.ReadToken()
			if err != nil {
				return value.Value{}, err
			}
			key := name.String()
			if err := emit(value.Token{Kind: '"', Key: true, Text: key}); err != nil {
				return value.Value{}, err
			}
			ck := keepNone
			switch {
			case k == keepAll && n < SkeletonMembers:
				ck = keepAll
			case k != keepNone && depth < flagDepth:
				switch key {
				case "ok", "success", "isError":
					ck = keepAll
				}
			}
			child, err := d.copyValue(emit, depth+1, ck)
			if err != nil {
				return value.Value{}, err
			}
			if ck == keepAll && (k == keepAll || child.Scalar()) {
				v.Members = append(v.Members, value.Member{Key: key, Value: child})
			}
		}
		if _, err := d.dec.ReadToken(); err != nil {
			return value.Value{}, err
		}
		return v, emit(value.Token{Kind: '}'})
	case '[':
		if err := emit(t); err != nil {
			return value.Value{}, err
		}
		v.Kind = value.Array
		for n := 0; d.dec.PeekKind() != ']'; n++ {
			ck := keepNone
			switch {
			case k == keepAll && n < SkeletonItems:
				ck = keepAll
			case k != keepNone && depth < flagDepth:
				ck = keepFlags
			}
			child, err := d.copyValue(emit, depth+1, ck)
			if err != nil {
				return value.Value{}, err
			}
			// Past the bounds only an object that carries a flag is kept.
			if ck == keepAll || ck == keepFlags && len(child.Members) > 0 {
				v.Items = append(v.Items, child)
			}
		}
		if _, err := d.dec.ReadToken(); err != nil {
			return value.Value{}, err
		}
		return v, emit(value.Token{Kind: ']'})
	default:
		return value.Value{}, fmt.Errorf("unexpected token %q", t.Kind)
	}
	return v, emit(t)
}
