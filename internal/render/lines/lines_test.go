package lines

import (
	"bufio"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// cutLine's one-pass cut of ASCII lines with colour gives what ansi's
// grapheme-aware Truncate gives, escapes and all.
func TestCutLineAgreesWithAnsi(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	sgr := []string{"\x1b[1m", "\x1b[2m", "\x1b[31m", "\x1b[m", "\x1b[1;31m"}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for j := r.IntN(40); j > 0; j-- {
			if r.IntN(5) == 0 {
				b.WriteString(sgr[r.IntN(len(sgr))])
			} else {
				b.WriteByte(byte(' ' + r.IntN(95)))
			}
		}
		s, w := b.String(), 1+r.IntN(30)
		if got, want := Cut(s, w, "…"), ansi.Truncate(s, w, "…"); got != want {
			t.Fatalf("Cut(%q, %d) = %q, want %q", s, w, got, want)
		}
	}
}

// PairTo writes the line Pair writes, with or without a width to cut to,
// after a gap asked for.
func TestPairToWritesWhatPairWrites(t *testing.T) {
	for _, width := range []int{0, 8, 40} {
		var want, got strings.Builder
		for i, b := range []*strings.Builder{&want, &got} {
			bw := bufio.NewWriter(b)
			o := New(bw, width, "…", nil)
			o.Line("first")
			o.Gap()
			for _, v := range []string{"short", "a value longer than eight columns"} {
				if i == 0 {
					o.Pair("key: ", v)
				} else {
					o.PairTo("key: ", func(w StringWriter) { w.WriteString(v) })
				}
			}
			bw.Flush()
		}
		if got.String() != want.String() {
			t.Errorf("width %d: PairTo wrote %q, Pair %q", width, got.String(), want.String())
		}
	}
}
