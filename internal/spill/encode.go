package spill

import (
	"encoding/binary"

	"github.com/khive-ai/khive-pretty/internal/value"
)

// encode appends v to b: its kind, then for a scalar its text, for an
// object its members (key, value) and for an array its items, each list
// after its length; lengths are uvarints. Numbers keep the text they were
// written with, objects their order and repeated keys.
func encode(b []byte, v value.Value) []byte {
	b = append(b, byte(v.Kind))
	switch v.Kind {
	case value.Null:
	case value.Object:
		b = binary.AppendUvarint(b, uint64(len(v.Members)))
		for _, m := range v.Members {
			b = appendText(b, m.Key)
			b = encode(b, m.Value)
		}
	case value.Array:
		b = binary.AppendUvarint(b, uint64(len(v.Items)))
		for _, it := range v.Items {
			b = encode(b, it)
		}
	default:
		b = appendText(b, v.Text)
	}
	return b
}

func appendText(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// decodeValue reads a value encode wrote at the start of b, and what
// follows it; false if b does not start with one.
func decodeValue(b []byte) (value.Value, []byte, bool) {
	if len(b) == 0 {
		return value.Value{}, nil, false
	}
	v := value.Value{Kind: value.Kind(b[0])}
	b = b[1:]
	switch v.Kind {
	case value.Null:
		return v, b, true
	case value.Object:
		n, b, ok := count(b)
		if !ok {
			return v, nil, false
		}
		v.Members = make([]value.Member, n)
		for i := range v.Members {
			var m value.Member
			if m.Key, b, ok = text(b); !ok {
				return v, nil, false
			}
			if m.Value, b, ok = decodeValue(b); !ok {
				return v, nil, false
			}
			v.Members[i] = m
		}
		return v, b, true
	case value.Array:
		n, b, ok := count(b)
		if !ok {
			return v, nil, false
		}
		v.Items = make([]value.Value, n)
		for i := range v.Items {
			if v.Items[i], b, ok = decodeValue(b); !ok {
				return v, nil, false
			}
		}
		return v, b, true
	case value.Bool, value.Number, value.String:
		var ok bool
		v.Text, b, ok = text(b)
		return v, b, ok
	}
	return v, nil, false
}

// count reads a length no longer than what follows could hold (each
// entry takes a byte at least).
func count(b []byte) (int, []byte, bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return 0, nil, false
	}
	return int(n), b[k:], true
}

// text reads a length and that many bytes, as a string.
func text(b []byte) (string, []byte, bool) {
	n, b, ok := count(b)
	if !ok {
		return "", nil, false
	}
	return string(b[:n]), b[n:], true
}
