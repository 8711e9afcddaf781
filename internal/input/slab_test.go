package input

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// randomJSON is a random value: objects and arrays of random sizes (some
// past what a slab cuts, some past a unit's scratch), nested, with scalars.
func randomJSON(r *rand.Rand, b *strings.Builder, depth int) {
	switch k := r.IntN(10); {
	case depth > 4 || k < 4:
		switch r.IntN(4) {
		case 0:
			fmt.Fprintf(b, "%d", r.IntN(1000))
		case 1:
			fmt.Fprintf(b, `"s%d"`, r.IntN(100))
		case 2:
			b.WriteString("null")
		default:
			b.WriteString("true")
		}
	case k < 7:
		n := sizeOf(r, depth)
		b.WriteByte('{')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, `"k%d":`, r.IntN(n+1)) // some keys repeat
			randomJSON(r, b, depth+1)
		}
		b.WriteByte('}')
	default:
		n := sizeOf(r, depth)
		b.WriteByte('[')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			randomJSON(r, b, depth+1)
		}
		b.WriteByte(']')
	}
}

// sizeOf is a container's size: mostly small, now and then about what a
// slab cuts (slabSize/8), and near the top past what a scratch holds.
func sizeOf(r *rand.Rand, depth int) int {
	switch k := r.IntN(20); {
	case k == 0 && depth < 2:
		return 60 + r.IntN(20)
	case k == 1 && depth == 0:
		return 200 + r.IntN(600)
	default:
		return r.IntN(6)
	}
}

// Every value a decoder returns stays as it was read while the decoder
// reads on: what one unit cut from a slab is moved out of the scratch the
// next one reuses (settle), whether the documents are held, returned open
// at a long list, or read item by item. Each value is compared, after the
// whole stream is read, with the same document read alone.
func TestValuesOutliveTheSlabsTheyWereCutFrom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var docs []string
	for range 400 {
		var b strings.Builder
		if r.IntN(8) == 0 {
			// A long list, returned open: its items each a unit.
			b.WriteString(`{"head":`)
			randomJSON(r, &b, 2)
			b.WriteString(`,"rows":[`)
			for i := range StreamAfter + 50 + r.IntN(100) {
				if i > 0 {
					b.WriteByte(',')
				}
				randomJSON(r, &b, 3)
			}
			b.WriteString(`],"tail":`)
			randomJSON(r, &b, 2)
			b.WriteString(`}`)
		} else {
			randomJSON(r, &b, 0)
		}
		docs = append(docs, b.String())
	}
	d := NewDecoder(strings.NewReader(strings.Join(docs, "\n")), "t")
	defer d.Close()
	d.Stream = func([]Frame, []value.Value) bool { return true }
	var kept []value.Value
	var rows [][]value.Value
	for range docs {
		v, err := d.Next()
		if err != nil {
			t.Fatal(err)
		}
		var read []value.Value
		if list, ok := value.OpenList(v); ok {
			l := value.Take(list)
			for {
				it, ok, err := l.Next()
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
				read = append(read, it)
			}
			if v, err = value.Whole(v); err != nil {
				t.Fatal(err)
			}
		}
		kept, rows = append(kept, v), append(rows, read)
	}
	for i, doc := range docs {
		alone, err := NewDecoder(strings.NewReader(doc), "t").Next()
		if err != nil {
			t.Fatal(err)
		}
		want := value.Compact(alone)
		got := value.Compact(kept[i])
		if len(rows[i]) > 0 {
			// Streamed: the rows read one by one stand for the list.
			items, _ := alone.Get("rows")
			for j, it := range rows[i] {
				if a, b := value.Compact(it), value.Compact(items.Items[StreamAfter+j]); a != b {
					t.Fatalf("document %d, row %d: %.80s, want %.80s", i, StreamAfter+j, a, b)
				}
			}
			head, _ := kept[i].Get("head")
			tail, _ := kept[i].Get("tail")
			wh, _ := alone.Get("head")
			wt, _ := alone.Get("tail")
			got, want = value.Compact(head)+value.Compact(tail), value.Compact(wh)+value.Compact(wt)
		}
		if got != want {
			t.Fatalf("document %d changed after later ones were read:\n%.200s\nwant\n%.200s", i, got, want)
		}
	}
}

// listDoc is a document whose list, rows, is long enough to be returned
// open, of random items; and the document read alone.
func listDoc(t *testing.T, r *rand.Rand, rows int) (string, value.Value) {
	var b strings.Builder
	b.WriteString(`{"head":`)
	randomJSON(r, &b, 2)
	b.WriteString(`,"rows":[`)
	for i := range rows {
		if i > 0 {
			b.WriteByte(',')
		}
		randomJSON(r, &b, 2)
	}
	b.WriteString(`],"tail":`)
	randomJSON(r, &b, 1)
	b.WriteString("}\n")
	alone, err := NewDecoder(strings.NewReader(b.String()), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	return b.String(), alone
}

// twiceOpen is a decoder of doc twice over, which returns a document
// open at its long list.
func twiceOpen(doc string) *Decoder {
	d := NewDecoder(strings.NewReader(doc+doc), "t")
	d.Stream = func([]Frame, []value.Value) bool { return true }
	return d
}

// sameAround checks the members around the list of a listDoc read whole
// after it, against the document read alone.
func sameAround(t *testing.T, whole, alone value.Value) {
	t.Helper()
	for _, k := range []string{"head", "tail"} {
		got, _ := whole.Get(k)
		want, _ := alone.Get(k)
		if value.Compact(got) != value.Compact(want) {
			t.Fatalf("%s after the list: %.80s, want %.80s", k, value.Compact(got), value.Compact(want))
		}
	}
}

// readAll is every item a cursor returns.
func readAll(t *testing.T, l value.Cursor) []value.Value {
	t.Helper()
	var items []value.Value
	for {
		it, ok, err := l.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return items
		}
		items = append(items, it)
	}
}

// A lent item (openList.Lend) is whole until the next is read, and the
// document around the list, read after the last, is whole after it.
func TestLentItemsAreWholeUntilTheNext(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		doc, alone := listDoc(t, r, StreamAfter+200)
		items, _ := alone.Get("rows")
		d := twiceOpen(doc)
		v, err := d.Next()
		if err != nil {
			t.Fatal(err)
		}
		list, _ := value.OpenList(v)
		l := value.Lend(value.Take(list))
		for j := StreamAfter; ; j++ {
			it, ok, err := l.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			if a, b := value.Compact(it), value.Compact(items.Items[j]); a != b {
				t.Fatalf("row %d: %.80s, want %.80s", j, a, b)
			}
		}
		whole, err := value.Whole(v)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Next(); err != nil { // the next document reads into the same memory
			t.Fatal(err)
		}
		sameAround(t, whole, alone)
		d.Close()
	}
}

// The items of a list read ahead (ListAhead's next, openList.Item)
// are their reader's to keep: each stays as it was read while the rest of
// the list, the document around it and the next document are read.
func TestItemsReadAheadAreKept(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 20 {
		doc, alone := listDoc(t, r, StreamAfter+300)
		items, _ := alone.Get("rows")
		d := twiceOpen(doc)
		asked := false
		d.ListAhead = func(_ bool, next func() (value.Value, bool, error), _ func() int64) func() (value.Value, bool, error) {
			asked = true
			return next // read here: the test needs no goroutine
		}
		v, err := d.Next()
		if err != nil {
			t.Fatal(err)
		}
		list, _ := value.OpenList(v)
		kept := readAll(t, value.Take(list))
		whole, err := value.Whole(v)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Next(); err != nil {
			t.Fatal(err)
		}
		if !asked {
			t.Fatal("ListAhead was not asked")
		}
		for j, it := range kept {
			if a, b := value.Compact(it), value.Compact(items.Items[StreamAfter+j]); a != b {
				t.Fatalf("row %d: %.80s, want %.80s", StreamAfter+j, a, b)
			}
		}
		sameAround(t, whole, alone)
		d.Close()
	}
}

// Kept units share chunks of at most keptSize: a unit kept long after
// those around it holds on to little more than itself.
func TestKeptUnitsShareSmallChunks(t *testing.T) {
	var s slab[int]
	var chunks []int
	for i := range 1000 {
		s.keep()
		before := unsafe.SliceData(s.cur)
		x := s.take(make([]int, 1+i%7))
		if len(x) != 1+i%7 || cap(x) != len(x) {
			t.Fatalf("take: len %d cap %d", len(x), cap(x))
		}
		if unsafe.SliceData(s.cur) != before {
			chunks = append(chunks, cap(s.cur))
		}
	}
	if len(chunks) < 10 || chunks[len(chunks)-1] > keptSize {
		t.Fatalf("chunks of %v, want many of at most %d", chunks, keptSize)
	}
}

// value.Same says what comparing Compact's texts says, without them: over
// random values, each against itself read again and against others.
func TestSameIsCompactEquality(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var vals []value.Value
	for range 300 {
		var b strings.Builder
		randomJSON(r, &b, 2)
		for range 2 { // read twice: equal, but no memory shared
			v, err := NewDecoder(strings.NewReader(b.String()), "t").Next()
			if err != nil {
				t.Fatal(err)
			}
			vals = append(vals, v)
		}
	}
	for i := range vals {
		for _, j := range []int{i ^ 1, (i + 7) % len(vals), (i * 31) % len(vals)} {
			a, b := vals[i], vals[j]
			if got, want := value.Same(a, b), value.Compact(a) == value.Compact(b); got != want {
				t.Fatalf("Same(%s, %s) = %v", value.Compact(a), value.Compact(b), got)
			}
		}
	}
}

// A string verbatim says is its own text is what unquoting it gives, at
// every length either side of where verbatim changes how it looks, with
// an escape or a byte of invalid UTF-8 anywhere.
func TestVerbatimIsWhatUnquotingGives(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 5000 {
		b := make([]byte, r.IntN(60))
		for i := range b {
			b[i] = 'a' + byte(r.IntN(26))
		}
		if len(b) > 0 {
			switch r.IntN(4) {
			case 0:
				b[r.IntN(len(b))] = '\\'
				if b[len(b)-1] == '\\' {
					b = append(b, 'n')
				}
			case 1:
				b[r.IntN(len(b))] = 0xff
			case 2:
				b = append(b[:r.IntN(len(b))], "é"...)
			}
		}
		raw := append(append([]byte{'"'}, b...), '"')
		want, _ := jsonlib.AppendUnquote(nil, raw)
		if verbatim(b) && string(want) != string(b) {
			t.Fatalf("verbatim(%q), unquoted %q", b, want)
		}
		// Not verbatim costs an unquoting only; a long clean string is
		// expected to be seen as verbatim.
		if !verbatim(b) && len(b) > 24 && bytes.IndexByte(b, '\\') < 0 && utf8.Valid(b) {
			t.Fatalf("not verbatim(%q)", b)
		}
	}
}
