package pretty

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
	// as they were read; Items is then empty.
	Streamed int
}

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

// str returns the member key as a string, or "" when it is absent or not one.
func (v Value) str(key string) string {
	if s, ok := v.Get(key); ok && s.Kind == String {
		return s.Text
	}
	return ""
}

// allScalars reports whether every item of an array is a scalar.
func allScalars(items []Value) bool {
	for _, it := range items {
		if !it.Scalar() {
			return false
		}
	}
	return true
}

// allObjects reports whether an array is non-empty and holds only objects.
func allObjects(items []Value) bool {
	for _, it := range items {
		if it.Kind != Object {
			return false
		}
	}
	return len(items) > 0
}
