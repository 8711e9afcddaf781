package pipeline

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
)

// Sparse records whose keys are mostly their own (issue 22): a table of
// them would have tens of thousands of columns, each row filling ten.

// wideArrangement names how rows choose their keys.
type wideArrangement int

const (
	wideDisjoint wideArrangement = iota // row i: k{i*10} … k{i*10+9}
	wideRandom                          // ten keys drawn from a pool of rows×10
	wideShared                          // five keys every row has, five its own
	wideOneRow                          // row 0 has rows keys, the others ten of them
	wideLate                            // the first rows (1,000, or half) share ten keys, the others are disjoint
)

var wideNames = map[wideArrangement]string{wideDisjoint: "disjoint", wideRandom: "random", wideShared: "shared",
	wideOneRow: "onerow", wideLate: "late"}

// wideRows writes rows objects of ten members each, arranged as a says,
// each followed by sep (",\n" in an array, "\n" for NDJSON; the last one's
// is left out when last is false). Values are short strings and numbers.
func wideRows(b *bytes.Buffer, rows int, a wideArrangement, sep string) {
	r := rand.New(rand.NewPCG(22, uint64(a)))
	keys := make([]int, 0, 10)
	for i := 0; i < rows; i++ {
		keys = keys[:0]
		switch a {
		case wideDisjoint:
			for j := 0; j < 10; j++ {
				keys = append(keys, i*10+j)
			}
		case wideRandom:
			for len(keys) < 10 {
				keys = append(keys, r.IntN(rows*10))
			}
		case wideShared:
			for j := 0; j < 5; j++ {
				keys = append(keys, -1-j) // the shared ones: c0 … c4
			}
			for j := 0; j < 5; j++ {
				keys = append(keys, i*5+j)
			}
		case wideOneRow:
			for j := 0; j < 10 || i == 0 && j < rows; j++ {
				keys = append(keys, (i*7+j)%rows)
			}
		case wideLate:
			for j := 0; j < 10; j++ {
				if i < min(1000, rows/2) {
					keys = append(keys, -1-j)
				} else {
					keys = append(keys, i*10+j)
				}
			}
		}
		b.WriteByte('{')
		for j, k := range keys {
			if j > 0 {
				b.WriteString(", ")
			}
			if k < 0 {
				b.WriteString(`"c` + strconv.Itoa(-1-k) + `": `)
			} else {
				b.WriteString(`"k` + strconv.Itoa(k) + `": `)
			}
			if j%2 == 0 {
				b.WriteString(`"v` + strconv.Itoa(i) + `"`)
			} else {
				b.WriteString(strconv.Itoa(i*10 + j))
			}
		}
		b.WriteByte('}')
		if i < rows-1 || sep == "\n" {
			b.WriteString(sep)
		}
	}
}

// wideDoc is a document of rows sparse records: an array, the same inside
// a khive list envelope, or NDJSON (one record a line); or, for the tests
// of streaming, the other places a long list streams from.
func wideDoc(rows int, a wideArrangement, form string) []byte {
	var b bytes.Buffer
	switch form {
	case "array":
		b.WriteString("[\n")
		wideRows(&b, rows, a, ",\n")
		b.WriteString("\n]\n")
	case "envelope":
		b.WriteString(`{"ok": true, "tool": "list", "result": {"items": [` + "\n")
		wideRows(&b, rows, a, ",\n")
		b.WriteString("\n" + `], "has_more": false}}` + "\n")
	case "ndjson":
		wideRows(&b, rows, a, "\n")
	case "result": // an envelope whose result is the list
		b.WriteString(`{"ok": true, "tool": "list", "result": [` + "\n")
		wideRows(&b, rows, a, ",\n")
		b.WriteString("\n]}\n")
	case "list": // a bare list envelope
		b.WriteString(`{"items": [` + "\n")
		wideRows(&b, rows, a, ",\n")
		b.WriteString("\n" + `], "requested_limit": 10000}` + "\n")
	case "request": // the op of a request envelope
		b.WriteString(`{"results": [{"ok": true, "tool": "list", "result": {"items": [` + "\n")
		wideRows(&b, rows, a, ",\n")
		b.WriteString("\n" + `], "has_more": false}}], "summary": {"succeeded": 1}, "status": "success"}` + "\n")
	}
	return b.Bytes()
}

// TestWriteWideInputs writes the inputs of issue 22 into $KP_WIDE_DIR, for
// measuring the binary against jq; skipped without it.
func TestWriteWideInputs(t *testing.T) {
	dir := os.Getenv("KP_WIDE_DIR")
	if dir == "" {
		t.Skip("KP_WIDE_DIR not set")
	}
	for _, rows := range []int{900, 3000} {
		for a, name := range wideNames {
			for _, form := range []string{"array", "envelope", "ndjson"} {
				ext := ".json"
				if form == "ndjson" {
					ext = ".ndjson"
				}
				f := filepath.Join(dir, name+"-"+form+"-"+strconv.Itoa(rows)+ext)
				if err := os.WriteFile(f, wideDoc(rows, a, form), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkHumanWide renders 900 sparse records of 9,000 keys in all,
// held whole (below input.StreamAfter).
func BenchmarkHumanWide(b *testing.B) {
	data := wideDoc(900, wideDisjoint, "array")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewRenderer(io.Discard, Options{Output: Human, Width: 100}).Stream(bytes.NewReader(data), "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

// Sparse records are shown as records, not as a table of tens of thousands
// of columns (issue 22): rendering them allocates in all a small multiple
// of the input, in every output, held (900 rows) or streamed (3,000), for
// every arrangement of their keys: even when the first rows alone make a
// table (late), or one row has all the keys (onerow). A table of them allocated 1 GB for the
// 900 rows. (Allocation, not time: it is what a test can bound.)
func TestSparseRecordsAllocateLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("short: a measure of memory over large tables")
	}
	if alone(t) {
		return
	}
	const limit = 32 << 20 // 9 MiB held, 20 MiB streamed today
	outputs := map[string]Options{
		"human":    {Output: Human, Width: 100},
		"colour":   {Output: Human, Width: 100, Color: colorprofile.ANSI256},
		"markdown": {Output: Markdown},
		"plain":    {Output: Plain},
	}
	for _, rows := range []int{900, 3000} {
		for a, name := range wideNames {
			for _, form := range []string{"array", "envelope", "ndjson"} {
				data := wideDoc(rows, a, form)
				for oname, opt := range outputs {
					var before, after runtime.MemStats
					runtime.ReadMemStats(&before)
					if _, err := NewRenderer(io.Discard, opt).Stream(bytes.NewReader(data), "t"); err != nil {
						t.Fatal(err)
					}
					runtime.ReadMemStats(&after)
					if n := after.TotalAlloc - before.TotalAlloc; n > limit {
						t.Errorf("%d rows, %s, %s, %s: %d MiB allocated, want at most %d", rows, name, form, oname, n>>20, limit>>20)
					}
				}
			}
		}
	}
}

// A list of sparse records streamed shows as the same list held: records
// by index in human and Markdown output, indexed lines in plain output,
// every value there (plain output loses none).
func TestSparseListStreamsLikeAHeldOne(t *testing.T) {
	t.Parallel() // large inputs: alongside the others, on a second core
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	outputs := map[string]Options{
		"human":    {Output: Human, Width: 100, Now: now},
		"markdown": {Output: Markdown},
		"plain":    {Output: Plain},
	}
	for a, name := range map[wideArrangement]string{wideDisjoint: "disjoint", wideRandom: "random", wideShared: "shared"} {
		if testing.Short() && a != wideShared {
			continue // short: one arrangement of the keys
		}
		for _, form := range []string{"array", "envelope", "request", "result", "list"}[:short(5, 2)] {
			doc := string(wideDoc(1200, a, form))
			for oname, opt := range outputs {
				streamed, held := renderString(t, doc, opt), heldString(t, doc, opt)
				if streamed != held {
					t.Errorf("%s %s, %s: streamed output differs from held output\n%s", name, form, oname, firstDiff(streamed, held))
				}
				last := map[string]string{"human": "\n[1199]\n", "markdown": `- **\[1199\]**:`, "plain": "[1199]."}[oname]
				if !strings.Contains(streamed, last) {
					t.Errorf("%s %s, %s: no %q: not records by index", name, form, oname, last)
				}
			}
			if form == "array" || form == "envelope" {
				prefix := map[string]string{"array": "", "envelope": "items"}[form]
				checkEveryLeaf(t, name+" "+form, renderString(t, doc, Options{Output: Plain}), prefix, doc)
			}
		}
	}
}

// checkEveryLeaf checks that plain output has each leaf of each row of
// doc's list as a line of its own: prefix[i].key: value.
func checkEveryLeaf(t *testing.T, name, plain, prefix, doc string) {
	t.Helper()
	v, err := NewDecoder(strings.NewReader(doc), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	if prefix != "" {
		res, _ := v.Get("result")
		v, _ = res.Get(prefix)
	}
	lines := map[string]bool{}
	for _, l := range strings.Split(plain, "\n") {
		lines[l] = true
	}
	for i, row := range v.Items {
		for _, m := range row.Members {
			want := prefix + "[" + strconv.Itoa(i) + "]." + m.Key + ": " + m.Value.Text
			if !lines[want] {
				t.Fatalf("%s: no line %q in plain output", name, want)
			}
		}
	}
}

// A streamed list whose first rows make a table and whose later rows each
// bring keys of their own ends its table, in plain output, once it is too
// sparse: a header line for each such row would grow with their square.
// The rows after it are written by index, every value kept.
func TestPlainTableEndsWhenLaterRowsAreSparse(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"items": [`)
	for i := 0; i < 3000; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		if i < 1000 {
			fmt.Fprintf(&b, `{"id": %d, "name": "n%d"}`, i, i)
		} else {
			fmt.Fprintf(&b, `{"id": %d, "a%d": "x%d", "b%d": "y%d"}`, i, i, i, i, i)
		}
	}
	b.WriteString(`], "has_more": false}`)
	out := renderString(t, b.String(), Options{Output: Plain})
	if n := strings.Count(out, "\nid\t"); n > 40 {
		t.Errorf("%d header lines", n)
	}
	for _, want := range []string{"999\tn999\n", "items[2999].id: 2999\n", "items[2999].a2999: x2999\n", "items[1999].b1999: y1999\n", "\nhas_more: false\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in plain output", want)
		}
	}
}

// BenchmarkLateLongRow streams a list whose 1,001st row has 60,000 keys
// the table does not show: each is looked up once, not counted against
// every key before it in the row (5 s for the row before).
func BenchmarkLateLongRow(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString("[")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&buf, `{"id": %d, "name": "n%d"},`, i, i)
	}
	buf.WriteString("{")
	for j := 0; j < 60000; j++ {
		if j > 0 {
			buf.WriteByte(',')
		}
		fmt.Fprintf(&buf, `"k%d": %d`, j, j)
	}
	buf.WriteString("}]")
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewRenderer(io.Discard, Options{Output: Human, Width: 100}).Stream(bytes.NewReader(data), "bench"); err != nil {
			b.Fatal(err)
		}
	}
}
