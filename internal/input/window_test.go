package input

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/value"
)

// Window says how many of a list's items the decoder holds before it asks
// Stream, for lists of random rows, narrow and wide, nested or not: a
// view of the list held whole lays it out on those, as streamed. A list
// it never asks about is held whole.
func TestWindowIsWhereTheDecoderAsks(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 45))
	for i := range 12 {
		rows, width := 1+r.IntN(1200), 1+r.IntN(400)
		var b strings.Builder
		b.WriteString(`{"items": [`)
		for j := range rows {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString("{")
			for k := range 1 + r.IntN(width) {
				if k > 0 {
					b.WriteString(",")
				}
				if r.IntN(10) == 0 {
					fmt.Fprintf(&b, `"n%d": {"a": [1, 2, {"b": null}]}`, k)
				} else {
					fmt.Fprintf(&b, `"k%d": %d`, k, k)
				}
			}
			b.WriteString("}")
		}
		b.WriteString("]}")
		doc := b.String()
		asked := -1
		d := NewDecoder(strings.NewReader(doc), "t")
		d.Stream = func(_ []Frame, first []value.Value) bool { asked = len(first); return false }
		whole, err := d.Next()
		if err != nil {
			t.Fatal(err)
		}
		items, _ := whole.Get("items")
		want := Window(items.Items)
		if asked < 0 {
			asked = len(items.Items)
		}
		if asked != want {
			t.Fatalf("list %d (%d rows, up to %d keys): asked after %d items, Window says %d", i, rows, width, asked, want)
		}
	}
}
