package input

import (
	"math/rand/v2"
	"testing"
)

// chars counts the characters of UTF-8 (a byte not continuing one; an
// invalid byte is one), and lastLineBreak finds the last line break, as a
// byte at a time would.
func TestCharsCountsRunes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	pieces := []string{"a", "é", "漢", "🏴", "\n", "\xff", "\x80"}
	for range 2000 {
		var b []byte
		for range r.IntN(40) {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		want := 0
		for _, c := range b {
			if c&0xc0 != 0x80 {
				want++
			}
		}
		if got := chars(b); got != want {
			t.Fatalf("%q: %d, want %d", b, got, want)
		}
		wantNL := -1
		for i, c := range b {
			if c == '\n' {
				wantNL = i
			}
		}
		if got := lastLineBreak(b); got != wantNL {
			t.Fatalf("%q: line break at %d, want %d", b, got, wantNL)
		}
	}
}
