package table

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// randomTable is a random column set: Keeps drawn from a few values (so
// equals are common) around LowValue and Essential, free text with and
// without Min and Want, natural widths from empty to huge, and widths,
// indents and gaps from none to roomy.
func randomTable(r *rand.Rand) ([]Column, []int, Options) {
	keeps := []int{-1, 0, 10, 30, 45, LowValue - 1, LowValue, 70, Essential - 1, Essential, Essential + 20}
	n := r.IntN(9)
	if r.IntN(8) == 0 {
		n = r.IntN(40)
	}
	cols := make([]Column, n)
	natural := make([]int, n)
	for i := range cols {
		c := Column{Keep: keeps[r.IntN(len(keeps))], Align: Align(r.IntN(2))}
		if r.IntN(4) == 0 {
			c.Keep = r.IntN(130) - 5
		}
		if r.IntN(2) == 0 {
			c.Flex = true
			c.Min = r.IntN(30)
			c.Want = r.IntN(70)
		}
		cols[i] = c
		switch r.IntN(10) {
		case 0:
			natural[i] = r.IntN(4)
		case 1:
			natural[i] = 1_000 + r.IntN(1_000_000)
		default:
			natural[i] = r.IntN(80)
		}
	}
	opt := Options{Width: r.IntN(160), Indent: r.IntN(4) * r.IntN(4), Gap: r.IntN(4)}
	if r.IntN(3) == 0 {
		opt.Width = r.IntN(24) // where floors stop fitting
	}
	return cols, natural, opt
}

// TestFitAgreesWithReference: Fit lays out random column sets exactly as
// the old, quadratic Fit did.
func TestFitAgreesWithReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var dropped, cut int
	for range 100_000 {
		cols, natural, opt := randomTable(r)
		want := fitReference(cols, natural, opt)
		got := Fit(cols, natural, opt)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Fit(%+v, %v, %+v)\n = %+v\nwant %+v", cols, natural, opt, got, want)
		}
		if len(want.Cols) < len(cols) {
			dropped++
		}
		for k, i := range want.Cols {
			if want.Widths[k] < natural[i] {
				cut++
				break
			}
		}
	}
	// The generator must reach every branch, or this test proves little.
	t.Logf("%d with columns dropped, %d with some cut", dropped, cut)
	if dropped < 1000 || cut < 1000 {
		t.Error("weak generator: some branch of Fit is barely reached")
	}
}

// manyColumns is a record with n flat keys rendered as a table row: an
// essential id, then keys of the kinds a record holds (text, numbers,
// flags, lists), so many columns share a Keep. Natural widths are 5–30.
func manyColumns(n int) ([]Column, []int) {
	cols := make([]Column, n)
	natural := make([]int, n)
	x := uint32(1)
	for i := range cols {
		x = x*1664525 + 1013904223
		natural[i] = 5 + int(x>>16)%26
		switch {
		case i == 0:
			cols[i] = Column{Header: "ID", Keep: Essential}
		case i%4 == 0:
			cols[i] = Column{Keep: 45, Flex: true, Min: 10}
		case i%4 == 1:
			cols[i] = Column{Keep: 40, Align: Right}
		case i%4 == 2:
			cols[i] = Column{Keep: 40}
		default:
			cols[i] = Column{Keep: 30, Flex: true, Min: 8}
		}
	}
	return cols, natural
}

func TestFitManyColumnsMatchesReference(t *testing.T) {
	cols, natural := manyColumns(3_000)
	opt := Options{Width: 120, Gap: 2}
	if got, want := Fit(cols, natural, opt), fitReference(cols, natural, opt); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func BenchmarkFitManyColumns(b *testing.B) {
	cols, natural := manyColumns(60_000)
	opt := Options{Width: 120, Gap: 2, Ellipsis: "…"}
	b.ReportAllocs()
	for b.Loop() {
		Fit(cols, natural, opt)
	}
}
