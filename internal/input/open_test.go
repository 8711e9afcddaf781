package input

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/value"
)

// longDoc is {"before": 1, "items": [0, 1, …, n-1], "after": 2}, then a
// second document.
func longDoc(n int, second string) string {
	var b strings.Builder
	b.WriteString(`{"before": 1, "items": [`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprint(&b, i)
	}
	b.WriteString(`], "after": 2}` + "\n" + second)
	return b.String()
}

// A document whose long list the hook lets through is returned open, read
// up to the list; the caller reads the list, Finish the rest, and the next
// document follows.
func TestOpenDocumentIsReadOnByFinish(t *testing.T) {
	d := NewDecoder(strings.NewReader(longDoc(StreamAfter+5, `{"next": true}`)), "t")
	defer d.Close()
	d.Stream = func([]Frame, []value.Value) bool { return true }
	v, err := d.Next()
	if err != nil {
		t.Fatal(err)
	}
	list, ok := value.OpenList(v)
	if !ok || !v.IsOpen() {
		t.Fatalf("not open: %s", value.Compact(v))
	}
	l := value.Take(list)
	if got := value.Compact(value.Without(v, "items")); got != `{"before":1}` {
		t.Errorf("open document without its list: %s", got)
	}
	if items, _ := v.Get("items"); len(items.Items) != StreamAfter {
		t.Errorf("open list holds %d items", len(items.Items))
	}
	n := len(list.Items)
	for {
		it, ok, err := l.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if it.Text != fmt.Sprint(n) {
			t.Fatalf("item %d is %s", n, it.Text)
		}
		n++
	}
	whole, err := value.Whole(v)
	if err != nil {
		t.Fatal(err)
	}
	if again, err := d.Finish(); err != nil || value.Compact(again) != value.Compact(whole) {
		t.Errorf("Finish again: %s, %v", value.Compact(again), err)
	}
	items, _ := whole.Get("items")
	if after, _ := whole.Get("after"); after.Text != "2" || items.Streamed() != StreamAfter+5 || n != StreamAfter+5 {
		t.Errorf("whole: after %q, streamed %d, read %d", after.Text, items.Streamed(), n)
	}
	next, err := d.Next()
	if err != nil || !next.Has("next") {
		t.Fatalf("next document: %v %v", value.Compact(next), err)
	}
	if _, err := d.Next(); err != io.EOF {
		t.Errorf("after the last: %v", err)
	}
}

// A document left open is read to its end by the next Next; a second long
// list in one document is held.
func TestOpenDocumentLeftUnreadAndASecondList(t *testing.T) {
	in := `{"a": [` + strings.Repeat(`1,`, StreamAfter+3) + `1], "b": [` + strings.Repeat(`2,`, StreamAfter+3) + `2]} {"c": 3}`
	d := NewDecoder(strings.NewReader(in), "t")
	defer d.Close()
	asked := 0
	d.Stream = func([]Frame, []value.Value) bool { asked++; return true }
	if _, err := d.Next(); err != nil {
		t.Fatal(err)
	}
	v, err := d.Next()
	if err != nil || !v.Has("c") {
		t.Fatalf("after an open document left unread: %s %v", value.Compact(v), err)
	}
	if asked != 1 {
		t.Errorf("the hook was asked %d times; the second list is held unasked", asked)
	}
	d2 := NewDecoder(strings.NewReader(in), "t")
	d2.Stream = d.Stream
	if v, _ := d2.Next(); !v.IsOpen() {
		t.Fatal("not open")
	}
	whole, err := d2.Finish()
	if b, _ := whole.Get("b"); err != nil || len(b.Items) != StreamAfter+4 {
		t.Errorf("the second list: %d items held, %v", len(b.Items), err)
	}
	d2.Close()
}

// An error inside an open document's list is located, and so is one in
// what Finish reads after it.
func TestOpenDocumentErrorsAreLocated(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`[` + strings.Repeat(`{},`, StreamAfter+2) + `{,}]`, "t:1:"},
		{`{"a": [` + strings.Repeat(`1,`, StreamAfter+2) + `1], "b": x}`, "t:1:"},
	} {
		d := NewDecoder(strings.NewReader(tc.in), "t")
		d.Stream = func([]Frame, []value.Value) bool { return true }
		v, err := d.Next()
		if err == nil {
			list, _ := value.OpenList(v)
			l := value.Take(list)
			for {
				_, ok, e := l.Next()
				if e != nil || !ok {
					err = e
					break
				}
			}
			if err == nil {
				_, err = d.Finish()
			}
		}
		if _, ok := err.(*InputError); !ok || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%.40q…: %v", tc.in, err)
		}
		d.Close()
	}
}

// Force holds an open document whole, its list's items read into it, as
// a held document has them; Whole of a container around the list is that
// container in the whole document.
func TestForceHoldsAnOpenDocument(t *testing.T) {
	in := longDoc(StreamAfter+7, "")
	held, err := NewDecoder(strings.NewReader(in), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	d := NewDecoder(strings.NewReader(in), "t")
	defer d.Close()
	d.Stream = func([]Frame, []value.Value) bool { return true }
	v, err := d.Next()
	if err != nil || !v.IsOpen() {
		t.Fatalf("not open: %v", err)
	}
	forced, err := value.Force(v)
	if err != nil {
		t.Fatal(err)
	}
	if value.Compact(forced) != value.Compact(held) {
		t.Errorf("forced differs from held")
	}
	if value.Taken(v) {
		t.Errorf("Force took the list")
	}
}

// AppendScalar gives a scalar's text as ReadValue gives it: strings
// unescaped (invalid bytes made U+FFFD, as the token's own String makes
// them), numbers as written, true and false, nothing for null; and the
// error of a value that is not JSON.
func TestAppendScalarIsReadValuesText(t *testing.T) {
	scalars := []string{`"plain"`, `""`, `"tab\there \"q\" \u00e9 \ud83d\ude00"`, "\"bad \xff byte\"", "\"é ü 漢\"",
		`12345678901234567890`, `-1.5e+400`, `0`, `true`, `false`, `null`, `"` + strings.Repeat("long ", 20000) + `"`}
	for _, sc := range scalars {
		doc := `{"items": [` + strings.Repeat(`{"k": 0},`, StreamAfter) + `{"k": ` + sc + `}, {"k": ` + sc + `}]}`
		d := NewDecoder(strings.NewReader(doc), "t")
		d.Stream = func([]Frame, []value.Value) bool { return true }
		v, err := d.Next()
		if err != nil {
			t.Fatal(err)
		}
		list, _ := value.OpenList(v)
		l := value.Take(list).(*openList)
		dec := l.Tokens()
		read := func(scalar bool) (string, value.Kind) {
			dec.ReadToken() // {
			dec.ReadToken() // "k"
			var text string
			var kind value.Kind
			if scalar {
				b, k, err := l.AppendScalar([]byte("prefix "))
				if err != nil || !strings.HasPrefix(string(b), "prefix ") {
					t.Fatalf("%.40s: %q %v", sc, b, err)
				}
				text, kind = string(b[len("prefix "):]), k
			} else {
				v, err := l.ReadValue()
				if err != nil {
					t.Fatal(err)
				}
				text, kind = v.Text, v.Kind
			}
			dec.ReadToken() // }
			return text, kind
		}
		wt, wk := read(false)
		gt, gk := read(true)
		if gt != wt || gk != wk {
			t.Errorf("%.40s: AppendScalar %q (%v), ReadValue %q (%v)", sc, gt, gk, wt, wk)
		}
		d.Close()
	}
	d := NewDecoder(strings.NewReader(`{"items": [`+strings.Repeat(`{"k": 0},`, StreamAfter)+`{"k": "bad \u12"}]}`), "t")
	defer d.Close()
	d.Stream = func([]Frame, []value.Value) bool { return true }
	v, _ := d.Next()
	list, _ := value.OpenList(v)
	l := value.Take(list).(*openList)
	dec := l.Tokens()
	dec.ReadToken()
	dec.ReadToken()
	if _, _, err := l.AppendScalar(nil); err == nil {
		t.Error("a bad escape read as a string")
	}
}
