package input

import (
	"bufio"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/khive-ai/khive-pretty/internal/value"
)

// longMember is an object of rows long past textLong, its strings
// holding what a scan that does not know strings would miscount:
// brackets, escaped quotes and backslashes.
func longMember(rows int) string {
	var b strings.Builder
	b.WriteString(`{"items": [`)
	for i := range rows {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"id": 1, "title": "a ]} \"quoted\" [{ and a backslash \\", "tags": ["x", "}"]}`)
	}
	b.WriteString(`], "n": 3}`)
	return b.String()
}

// LongValue tells a member's object or array that runs past textLong
// bytes of input from one that ends before, whatever its strings hold,
// however the input comes (in one piece, a byte at a time, after a long
// string the decoder read itself); a scalar is never long. A member
// diverted in a document read whole leaves the rest of the document as
// it is decoded undiverted, and its tokens are its JSON.
func TestLongValue(t *testing.T) {
	long := longMember(2000)
	tricky := `{"a": "}}]] \"{[", "b": "\\", "c": [1, {"d": "{"}], "e": "\\\""}`
	pad := `"` + strings.Repeat("x", 100<<10) + `"`
	for _, tc := range []struct {
		name, doc string
		long      bool
	}{
		{"short object", `{"a": 1, "sc": {"b": [1, 2]}, "z": 2}`, false},
		{"short array", `{"sc": [{"b": 1}], "z": 2}`, false},
		{"a number", `{"sc": 12, "z": 2}`, false},
		{"a string", `{"sc": "]]}}", "z": 2}`, false},
		{"tricky strings, then a long member", `{"sc": ` + tricky + `, "z": ` + long + `}`, false},
		{"long", `{"a": 1, "sc": ` + long + `, "z": 2}`, true},
		{"long array", `{"sc": [` + long + `], "z": 2}`, true},
		{"long, after a long string", `{"t": ` + pad + `, "sc": ` + long + `}`, true},
		{"short, after a long string", `{"t": ` + pad + `, "sc": ` + tricky + `, "z": ` + long + `}`, false},
		{"long, in another object", `{"r": {"x": {"a": [1]}, "sc": ` + long + `}, "id": 1}`, true},
	} {
		for via, r := range map[string]func() io.Reader{
			"whole":        func() io.Reader { return strings.NewReader(tc.doc) },
			"byte by byte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(tc.doc)) },
		} {
			dec := NewDecoder(r(), "t")
			var told []bool
			var out strings.Builder
			bw := bufio.NewWriter(&out)
			dec.Divert = func(path []Frame) func(value.Token) error {
				if path[len(path)-1].Key != "sc" {
					return nil
				}
				l := dec.LongValue()
				told = append(told, l)
				if !l {
					return nil
				}
				tw := value.NewTokenWriter(bw)
				return func(t value.Token) error { return tw.Token(t) }
			}
			got, err := dec.Next()
			if err != nil {
				t.Fatalf("%s, %s: %v", tc.name, via, err)
			}
			if len(told) != 1 || told[0] != tc.long {
				t.Errorf("%s, %s: long %v, want %v", tc.name, via, told, tc.long)
			}
			want, err := NewDecoder(strings.NewReader(tc.doc), "t").Next()
			if err != nil {
				t.Fatal(err)
			}
			if !tc.long {
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s, %s: decoded differently", tc.name, via)
				}
				continue
			}
			bw.Flush()
			sc := func(v value.Value) *value.Value {
				if r, ok := v.Get("r"); ok {
					v = r
				}
				for i := range v.Members {
					if v.Members[i].Key == "sc" {
						return &v.Members[i].Value
					}
				}
				return nil
			}
			if out.String() != value.Compact(*sc(want))+"\n" {
				t.Errorf("%s, %s: diverted %.80q…, want its compact JSON", tc.name, via, out.String())
			}
			if sc(got).Streamed() != value.Diverted {
				t.Errorf("%s, %s: not marked diverted", tc.name, via)
			}
			*sc(got), *sc(want) = value.Value{}, value.Value{}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %s: the rest decoded differently", tc.name, via)
			}
		}
	}
}
