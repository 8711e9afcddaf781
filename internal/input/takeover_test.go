package input

import (
	"errors"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/khive-ai/khive-pretty/internal/value"
)

func reviewLong(rng *rand.Rand, n int) string {
	pieces := []string{`a`, `bc `, `\"`, `\\`, `\/`, `\n`, `\u00e9`, `\ud83d\ude00`, `😀`, `漢`, `\ud800`, `\udc00x`, `\t`, "é", `{`, `}`, `"`[:0],
		"\xff", "\xe2\x82", "\x80", "\xc3"} // not UTF-8: U+FFFD for each byte, as the token decoder reads them
	var b strings.Builder
	b.WriteString(`"{`)
	for b.Len() < n {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	b.WriteString(`"`)
	return b.String()
}

func reviewSpace(rng *rand.Rand) string {
	switch rng.IntN(4) {
	case 0:
		return strings.Repeat(" ", 2000+rng.IntN(3000))
	case 1:
		return "\n" + strings.Repeat("\t", 1500) + "\n"
	}
	return " "
}

func reviewDoc(rng *rand.Rand, depth int) string {
	if depth > 3 {
		return `1`
	}
	switch rng.IntN(3) {
	case 0:
		var b strings.Builder
		b.WriteString("[")
		for i := range 1 + rng.IntN(3) {
			if i > 0 {
				b.WriteString("," + reviewSpace(rng))
			}
			if rng.IntN(4) == 0 {
				b.WriteString(reviewLong(rng, 60<<10+rng.IntN(80<<10))) // held
			} else {
				b.WriteString(reviewDoc(rng, depth+1))
			}
		}
		b.WriteString("]")
		return b.String()
	default:
		var b strings.Builder
		b.WriteString("{")
		for i := range 1 + rng.IntN(4) {
			if i > 0 {
				b.WriteString("," + reviewSpace(rng))
			}
			if k := rng.IntN(3); k < 2 {
				key := []string{`"t":`, `"u":`}[k] // a text block, or a long string held
				b.WriteString(key + reviewSpace(rng) + reviewLong(rng, 60<<10+rng.IntN(80<<10)))
			} else {
				b.WriteString(`"k\"` + string(rune('a'+i)) + `": ` + reviewDoc(rng, depth+1))
			}
		}
		b.WriteString(reviewSpace(rng) + "}")
		return b.String()
	}
}

func reviewDecode(doc string, hook, oneByte bool) ([]value.Value, error) {
	var r io.Reader = strings.NewReader(doc)
	if oneByte {
		r = iotest.HalfReader(r)
	}
	d := NewDecoder(r, "t")
	if hook {
		d.Text = func(path []Frame) bool { return path[len(path)-1].Key == "t" }
	} else {
		d.tokenStrings = true // the reference: every string read by the token decoder
	}
	return nextAll(d)
}

// A string taken over (read here, not by the token decoder) and left
// whole gives the values, and the errors at the places, that the token
// decoder gives: random documents of nested objects and arrays with long
// strings of every escape, white space the squeezer cuts, a syntax error
// after, input cut short; read whole or in halves.
func TestTakeoverReadsWhatTheTokenDecoderReads(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	n := 16
	if testing.Short() {
		n = 4 // one of each case below; the whole in go test ./...
	}
	for i := range n {
		doc := reviewDoc(rng, 0) + reviewSpace(rng) + reviewDoc(rng, 0)
		switch i % 4 {
		case 1:
			doc += ` {"x": 1,, }` // a syntax error after
		case 2:
			doc = doc[:len(doc)-1-rng.IntN(len(doc)/2)] // cut short
		}
		for _, half := range []bool{false, true} {
			want, werr := reviewDecode(doc, false, half)
			got, gerr := reviewDecode(doc, true, half)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("doc %d (half %v): values differ (%d vs %d docs)", i, half, len(got), len(want))
			}
			var we, ge *InputError
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("doc %d (half %v): error %v, held %v", i, half, gerr, werr)
			}
			if errors.As(werr, &we) && errors.As(gerr, &ge) && (we.Line != ge.Line || we.Col != ge.Col) {
				t.Errorf("doc %d (half %v): error at %d:%d (%s), held %d:%d (%s); tail %q", i, half, ge.Line, ge.Col, ge.Msg, we.Line, we.Col, we.Msg, doc[max(0, len(doc)-20):])
			}
		}
	}
}
