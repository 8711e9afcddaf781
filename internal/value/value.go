// Package value is the decoded form of a JSON document that every stage
// shares: object members in input order (duplicates kept) and numbers as
// the exact text of the input. It imports only internal/jsonlib (to write
// JSON back).
package value

import "github.com/khive-ai/khive-pretty/internal/jsonlib"

// Kind is a JSON value's kind.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Object
	Array
)

// Value is one decoded JSON value. It keeps what a generic decoder loses:
// object members in input order (duplicates included) and numbers as the
// exact text of the input, so 12345678901234567890 and 1e400 print as written.
type Value struct {
	Kind    Kind
	Text    string   // String: the text; Number: the literal; Bool: "true" or "false"
	Members []Member // Object
	Items   []Value  // Array
	// Streamed counts the rows of a list too long to hold, which were shown
	// as they were read; Items is then empty. Skipped marks a value that
	// was not read at all (shown otherwise).
	Streamed int
}

// Skipped is the Streamed of a value left unread: a tool result's
// structuredContent after its text block, holding the same JSON, was shown.
const Skipped = -1

// Member is one name/value pair of an object.
type Member struct {
	Key   string
	Value Value
}

// Get returns the first member named key.
func (v Value) Get(key string) (Value, bool) {
	for _, m := range v.Members {
		if m.Key == key {
			return m.Value, true
		}
	}
	return Value{}, false
}

// Has reports whether v is an object with a member named key.
func (v Value) Has(key string) bool {
	_, ok := v.Get(key)
	return ok
}

// IsTrue reports whether v is the JSON literal true.
func (v Value) IsTrue() bool { return v.Kind == Bool && v.Text == "true" }

// IsFalse reports whether v is the JSON literal false.
func (v Value) IsFalse() bool { return v.Kind == Bool && v.Text == "false" }

// Scalar reports whether v is neither an object nor an array.
func (v Value) Scalar() bool { return v.Kind != Object && v.Kind != Array }

// Str returns the first member named key when it is a string, else "".
func (v Value) Str(key string) string {
	if s, ok := v.Get(key); ok && s.Kind == String {
		return s.Text
	}
	return ""
}

// Text is a string Value.
func Text(s string) Value { return Value{Kind: String, Text: s} }

// AllScalars reports whether every item of an array is a scalar.
func AllScalars(items []Value) bool {
	for _, it := range items {
		if !it.Scalar() {
			return false
		}
	}
	return true
}

// AllObjects reports whether an array is non-empty and holds only objects.
func AllObjects(items []Value) bool {
	for _, it := range items {
		if it.Kind != Object {
			return false
		}
	}
	return len(items) > 0
}

// WithoutFirst is obj without the first member of each key marked true in
// used: those were shown elsewhere; a repeated key is still a field.
func WithoutFirst(obj Value, used map[string]bool) Value {
	out := Value{Kind: Object}
	skipped := map[string]bool{}
	for _, m := range obj.Members {
		if used[m.Key] && !skipped[m.Key] {
			skipped[m.Key] = true
			continue
		}
		out.Members = append(out.Members, m)
	}
	return out
}

// Without is v without the first member of each key named.
func Without(v Value, keys ...string) Value {
	used := make(map[string]bool, len(keys))
	for _, k := range keys {
		used[k] = true
	}
	return WithoutFirst(v, used)
}

// Join is an object of a's members, then b's.
func Join(a, b Value) Value {
	return Value{Kind: Object, Members: append(append([]Member(nil), a.Members...), b.Members...)}
}

// Compact writes v back as one-line JSON, numbers as written.
func Compact(v Value) string {
	var b []byte
	var enc func(v Value)
	enc = func(v Value) {
		switch v.Kind {
		case Null:
			b = append(b, "null"...)
		case String:
			b, _ = jsonlib.AppendQuote(b, v.Text)
		case Object:
			b = append(b, '{')
			for i, m := range v.Members {
				if i > 0 {
					b = append(b, ',')
				}
				b, _ = jsonlib.AppendQuote(b, m.Key)
				b = append(b, ':')
				enc(m.Value)
			}
			b = append(b, '}')
		case Array:
			b = append(b, '[')
			for i, it := range v.Items {
				if i > 0 {
					b = append(b, ',')
				}
				enc(it)
			}
			b = append(b, ']')
		default:
			b = append(b, v.Text...)
		}
	}
	enc(v)
	return string(b)
}

// Empty reports a value that says nothing: null, "", [] or {}, or an
// object holding only those.
func Empty(v Value) bool {
	switch v.Kind {
	case Null:
		return true
	case String:
		return v.Text == ""
	case Array:
		return len(v.Items) == 0
	case Object:
		for _, m := range v.Members {
			if !Empty(m.Value) {
				return false
			}
		}
		return true
	}
	return false
}

// Token is one JSON token of a document copied as it is read, rather than
// held: '{', '}', '[', ']', a string ('"': Text is its text; Key marks a
// member's name), a number ('0': Text is the literal), 't', 'f' or 'n'.
// A long string value comes in pieces: every piece but the last has Part.
type Token struct {
	Kind byte
	Key  bool
	Part bool
	Text string
}
