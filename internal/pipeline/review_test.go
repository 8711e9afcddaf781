package pipeline

import (
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/steer"
)

// longRows is n records as a JSON array's items, "id" r0 … and a title.
func longRows(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"id":"r` + itoa(i) + `","title":"Task ` + itoa(i) + `"}`)
	}
	return b.String()
}

// A batch of more than a thousand ops is held, so that a failed op among
// them fails the run (exit 1) and shows, in every output.
func TestLongBatchFails(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"results":[`)
	for i := 0; i < 1500; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		if i == 1200 {
			b.WriteString(`{"ok":false,"tool":"t","error":{"kind":"k","message":"op 1200 failed"}}`)
			continue
		}
		b.WriteString(`{"ok":true,"tool":"t","result":{"id":` + itoa(i) + `}}`)
	}
	b.WriteString(`],"summary":{"total":1500}}`)
	for _, opt := range []Options{{Output: Plain}, {Output: Human, Width: 100}, {Output: Markdown}, {Output: JSON}, {Output: Agent}} {
		var out strings.Builder
		res, err := NewRenderer(&out, opt).Stream(strings.NewReader(b.String()), "t")
		if err != nil {
			t.Fatal(err)
		}
		if !res.Failed {
			t.Errorf("output %d: a failed op past the first thousand did not fail the run", opt.Output)
		}
		if opt.Output != JSON && opt.Output != Agent && !strings.Contains(out.String(), "op 1200 failed") {
			t.Errorf("output %d: the failure is not shown", opt.Output)
		}
	}
}

// Items of a long code search that are not hits are shown, not dropped.
func TestLongCodeSearchKeepsOtherItems(t *testing.T) {
	doc := codeSearchDoc(1500)
	doc = strings.Replace(doc, `], "total_count"`, `, 5, "hello", {"foo": "bar"}], "total_count"`, 1)
	for _, opt := range []Options{{Output: Human, Width: 100}, {Output: Markdown}} {
		out := renderString(t, doc, opt)
		for _, want := range []string{"5", "hello", "foo"} {
			if !strings.Contains(out[strings.LastIndex(out, "def f1499"):], want) {
				t.Errorf("output %d: %q after the hits is not shown", opt.Output, want)
			}
		}
	}
}

// A long list whose table has no column is still read to its end.
func TestLongListOfEmptyRecords(t *testing.T) {
	doc := "[" + strings.TrimSuffix(strings.Repeat("{},", 1500), ",") + "]"
	for _, opt := range []Options{{Output: Human, Width: 80}, {Output: Markdown}, {Output: Plain}} {
		if _, err := NewRenderer(&strings.Builder{}, opt).Stream(strings.NewReader(doc), "t"); err != nil {
			t.Errorf("output %d: %v", opt.Output, err)
		}
	}
}

// After a document broke off inside a long list, what was shown of it
// stays (flushed, whole lines) and the next input is read afresh.
func TestBrokenLongListThenNextInput(t *testing.T) {
	broken := `{"ok":true,"tool":"list","result":[` + longRows(1200) + `,{"id":`
	// Human output without a width, so that no later row is cut to the
	// widths of the first ones.
	for _, opt := range []Options{{Output: Plain}, {Output: Human, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}, {Output: Markdown}, {Output: Agent}, {Output: JSON}} {
		var out strings.Builder
		rn := NewRenderer(&out, opt)
		if _, err := rn.Stream(strings.NewReader(broken), "broken.json"); err == nil {
			t.Fatalf("output %d: no error for a broken document", opt.Output)
		}
		if opt.Output == JSON {
			// -o json holds a document until it is whole (up to
			// holdJSON): nothing of a broken one is written.
			if out.Len() != 0 {
				t.Errorf("-o json wrote %d bytes of a broken document", out.Len())
			}
		} else if !strings.Contains(out.String(), "r1199") || !strings.HasSuffix(out.String(), "\n") {
			t.Errorf("output %d: the rows before the break are not all shown, or the last line is not ended: %q", opt.Output, out.String()[max(0, out.Len()-60):])
		}
		out.Reset()
		if _, err := rn.Stream(strings.NewReader(`{"after":"the next file"}`), "good.json"); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "the next file") {
			t.Errorf("output %d: the next input after a broken list is lost: %q", opt.Output, out.String())
		}
	}
}

// --where keeping none of a long list's first rows still shows the later
// rows it keeps (laid out on the first rows, so without a width limit here
// to see them whole).
func TestWhereMatchingOnlyLateRows(t *testing.T) {
	doc := "[" + longRows(1500) + "]"
	opt := Options{Output: Human}
	var err error
	if opt.Steer, err = whereSpec("title=Task 1200"); err != nil {
		t.Fatal(err)
	}
	out := renderString(t, doc, opt)
	if !strings.Contains(out, "Task 1200") {
		t.Errorf("the one row --where keeps is not shown:\n%s", out)
	}
}

// A streamed envelope's list in Markdown is headed by its tool as held.
func TestMarkdownLongEnvelopeTitle(t *testing.T) {
	doc := `{"ok":true,"result":{"items":[` + longRows(1500) + `],"requested_limit":1500},"tool":"list"}`
	streamed := renderString(t, doc, Options{Output: Markdown})
	if !strings.HasPrefix(streamed, "**✓ list**") {
		t.Errorf("Markdown heading: %q", streamed[:min(40, len(streamed))])
	}
}

// An inline list that wraps loses no item to the width.
func TestInlineWrapKeepsEveryItem(t *testing.T) {
	var items []string
	for i := 0; i < 40; i++ {
		items = append(items, itoa(i))
	}
	for _, w := range []int{20, 30, 59, 60, 61} {
		out := renderString(t, "["+strings.Join(items, ",")+"]", Options{Output: Human, Width: w})
		if strings.Contains(out, "…") {
			t.Errorf("width %d: an item was cut:\n%s", w, out)
		}
		for _, it := range items {
			if !strings.Contains(" "+strings.ReplaceAll(strings.ReplaceAll(out, ",", " "), "\n", " ")+" ", " "+it+" ") {
				t.Errorf("width %d: item %s lost:\n%s", w, it, out)
			}
		}
	}
}

func whereSpec(cond string) (steer.Spec, error) {
	c, err := steer.ParseWhere(cond)
	return steer.Spec{Where: []steer.Cond{c}}, err
}

// Two lists a column keeps apart are never taken for one another, whatever
// their texts hold.
func TestListCellsKeptApart(t *testing.T) {
	doc := `[{"id":"a","tags":["a","b"]},{"id":"b","tags":["a\u0000\u0003b"]},{"id":"c","tags":["a","b"]}]`
	out := renderString(t, doc, Options{Output: Markdown})
	if strings.Count(out, "| a, b |") != 2 || !strings.Contains(out, `a\\x00\\x03b`) {
		t.Errorf("list cells confused:\n%s", out)
	}
}

// An ok envelope with no result whose own fields are a server's answer
// gets that server's view.
func TestEnvelopeWithoutResultGetsServerView(t *testing.T) {
	doc := strings.Replace(codeSearchDoc(2), `{"results"`, `{"ok": true, "tool": "zz", "results"`, 1)
	out := renderString(t, doc, Options{Output: Human, Width: 100})
	if !strings.Contains(out, "src/m1.py:1-2") {
		t.Errorf("no code-search view:\n%s", out)
	}
}
