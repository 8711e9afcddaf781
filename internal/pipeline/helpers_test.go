package pipeline

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/render/human"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Document renders one document, read whole, and flushes it: the tests'
// way to show a document they decoded themselves.
func (rn *Renderer) Document(v value.Value, res *Result) error {
	if err := rn.out.document(v, res); err != nil {
		return err
	}
	if err := rn.flushNote(); err != nil { // no more comes to repeat it
		return err
	}
	return rn.flush()
}

// Short names for the tests.
type (
	Value  = value.Value
	Member = value.Member
)

const (
	Null   = value.Null
	Bool   = value.Bool
	Number = value.Number
	String = value.String
	Object = value.Object
	Array  = value.Array
)

func itoa(n int) string          { return strconv.Itoa(n) }
func str(s string) Value         { return value.Text(s) }
func compactJSON(v Value) string { return value.Compact(v) }
func NewDecoder(r interface{ Read([]byte) (int, error) }, name string) *input.Decoder {
	return input.NewDecoder(r, name)
}

func parseJSONText(s string) ([]Value, bool) { return protocol.ParseJSONText(s) }

// someWhenShort is m, or every nth case of it (by name) under -short:
// the quick run keeps cases of many kinds, the full run checks them all.
func someWhenShort[V any](m map[string]V, nth int) map[string]V {
	if !testing.Short() {
		return m
	}
	names := slices.Sorted(maps.Keys(m))
	some := map[string]V{}
	for i, n := range names {
		if i%nth == 0 {
			some[n] = m[n]
		}
	}
	return some
}

// quickOutputs is outputs, or in -short only those named: the quick run
// goes through one of each kind where a test tries many alike.
func quickOutputs(outputs map[string]Options, names ...string) map[string]Options {
	if !testing.Short() {
		return outputs
	}
	quick := map[string]Options{}
	for _, n := range names {
		quick[n] = outputs[n]
	}
	return quick
}

// short is n, or under -short (the loop people run while they work) the
// smaller quick: the full sizes run in go test ./... and CI.
func short(n, quick int) int {
	if testing.Short() {
		return quick
	}
	return n
}

func renderString(t *testing.T, doc string, opt Options) string {
	t.Helper()
	s, _ := renderOpened(t, doc, opt)
	return s
}

// renderOpened is renderString, and whether the decoder returned a
// document open.
func renderOpened(t *testing.T, doc string, opt Options) (string, bool) {
	t.Helper()
	var out strings.Builder
	rn := NewRenderer(&out, opt)
	if _, err := rn.Stream(strings.NewReader(doc), "t"); err != nil {
		t.Fatalf("%v\ninput: %s", err, doc)
	}
	return out.String(), rn.opened > 0
}

// heldString renders doc decoded whole, with no list streamed: what a
// streamed rendering must equal.
func heldString(t *testing.T, doc string, opt Options) string {
	t.Helper()
	v, err := NewDecoder(strings.NewReader(doc), "t").Next() // no hook: held whole
	if err != nil {
		t.Fatal(err)
	}
	var held strings.Builder
	if err := NewRenderer(&held, opt).Document(v, &Result{}); err != nil {
		t.Fatal(err)
	}
	return held.String()
}

// humanText is text as human output writes it in a line.
func humanText(s string) string {
	return human.New(nil, human.Options{Glyphs: glyphs.Unicode()}).Text(s)
}

// verboseText is a value as human output under --verbose writes it: every
// escape sequence escaped, none left out.
func verboseText(s string) string {
	return human.New(nil, human.Options{Glyphs: glyphs.Unicode(), Verbose: true}).Text(s)
}

// shownBefore reads out until what was written holds want, and returns
// it; the test fails, saying what, if it does not within 10 seconds.
func shownBefore(t *testing.T, out chanWriter, want, what string) string {
	t.Helper()
	var got strings.Builder
	deadline := time.After(10 * time.Second)
	for !strings.Contains(got.String(), want) {
		select {
		case s := <-out:
			got.WriteString(s)
		case <-deadline:
			t.Fatalf("%s:\n%.500s", what, got.String())
		}
	}
	return got.String()
}

// items is n items, item(i) each, one a line, as JSON lists them.
func items(n int, item func(i int) string) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(item(i))
	}
	return b.String()
}
