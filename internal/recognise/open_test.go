package recognise

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Every shape whose view reads an open list as it comes (a Long shape, or
// one that Reads a list) has a sample under testdata holding that list, so
// that the pipeline's TestSeams, which grows each list of every sample
// past input.StreamAfter, compares its streamed view with its held one:
// the guard is generated from the registry, not from a list kept by hand.
func TestEveryOpenShapeHasASample(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../testdata/*.json", "../../testdata/mcp/*.json", "../../testdata/khive/*.json"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	var docs []Value
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, err := input.NewDecoder(strings.NewReader(string(data)), f).Next()
		if err != nil {
			continue
		}
		for _, p := range protocol.Unwrap(v, Failed) {
			if p.Kind == protocol.ValuePart {
				docs = append(docs, p.Value)
				if res, ok := p.Value.Get("result"); ok {
					docs = append(docs, res)
				}
			}
		}
	}
	for _, s := range recognisers {
		key := s.Reads
		if s.Long != nil {
			key = s.Long.Key
		}
		if key == "" {
			continue
		}
		found := false
		for _, d := range docs {
			if l, ok := d.Get(key); ok && len(l.Items) > 0 && l.Items[0].Kind == Object && s.Match(d) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("the %s shape reads its %q list as it comes, but no sample under testdata holds one: add one, for TestSeams", s.Name, key)
		}
	}
}

// The records of an open list read packed (recordReader) and unpacked are
// the values the decoder reads whole: the same members in the same order,
// names and texts made as it makes them (escapes, invalid bytes), objects
// and arrays among them, and the items that are not objects; and packed
// as the same record held is (value.Pack). Random records, and unpacked
// both into members used again and kept.
func TestRecordsReadPackedAreTheValuesReadWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	names := []string{`"id"`, `"content"`, `"a\u0062"`, "\"o\xffk\"", `"id"`, `""`, `"k\"q"`, `"é"`}
	var scalar func() string
	scalar = func() string {
		return []string{`"plain"`, `""`, `"tab\there \"q\" \u00e9 \ud83d\ude00"`, "\"bad \xff byte\"", `12345678901234567890`,
			`-1.5e+400`, `0`, `true`, `false`, `null`, `"` + strings.Repeat("long ", rng.IntN(50)) + `"`}[rng.IntN(11)]
	}
	// join is n texts of f, sep between them.
	join := func(n int, sep string, f func() string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = f()
		}
		return strings.Join(parts, sep)
	}
	var gen func(depth int) string
	member := func(depth int) func() string {
		return func() string { return names[rng.IntN(len(names))] + ": " + gen(depth) }
	}
	gen = func(depth int) string {
		switch n := rng.IntN(10); {
		case n == 0 && depth < 3:
			return "[" + join(rng.IntN(4), ", ", func() string { return gen(depth + 1) }) + "]"
		case n == 1 && depth < 3:
			return "{" + join(rng.IntN(4), ", ", member(depth+1)) + "}"
		}
		return scalar()
	}
	i := 0
	doc := `{"results": [` + join(input.StreamAfter+2000, ",\n", func() string {
		i++
		if i > input.StreamAfter+1 && rng.IntN(20) == 0 {
			return gen(2) // not a record, mostly
		}
		return "{" + join(rng.IntN(9), ", ", member(1)) + "}"
	}) + `], "after": 1}`
	open := func() (value.Cursor, value.TokenCursor, *input.Decoder) {
		d := input.NewDecoder(strings.NewReader(doc), "t")
		d.Stream = func([]input.Frame, []Value) bool { return true }
		v, err := d.Next()
		if err != nil {
			t.Fatal(err)
		}
		list, ok := value.OpenList(v)
		if !ok {
			t.Fatal("the list is not open")
		}
		rest := value.Take(list)
		tc, _ := rest.(value.TokenCursor)
		return rest, tc, d
	}
	whole, _, d1 := open()
	defer d1.Close()
	_, tc, d2 := open()
	defer d2.Close()
	if tc == nil {
		t.Fatal("the open list cannot be read token by token")
	}
	rd := &recordReader{l: tc, read: value.Records(tc)}
	packed := tc.Ahead(rd.read)
	for i := input.StreamAfter; ; i++ {
		want, wok, werr := whole.Next()
		got, gok, gerr := packed.Next()
		if gok != wok || (gerr == nil) != (werr == nil) {
			t.Fatalf("item %d: %v %v, read whole %v %v", i, gok, gerr, wok, werr)
		}
		if !wok {
			break
		}
		if value.IsPacked(got) {
			// A record held is packed as one read token by token is: a
			// table reads both alike.
			if held, _ := value.Pack(nil, want); held.Text != got.Text {
				t.Fatalf("item %d: packed held %q, read %q", i, held.Text, got.Text)
			}
		}
		for _, keep := range []bool{false, true} {
			if u := rd.unpack(got, keep); !value.Same(u, want) {
				t.Fatalf("item %d (keep %v): unpacked %s, read whole %s", i, keep, value.Compact(u), value.Compact(want))
			}
		}
	}
}
