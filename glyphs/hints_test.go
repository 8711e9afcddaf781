package glyphs

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Every set has a glyph for each behaviour a tool declares: one column
// wide in Unicode, plain ASCII in the ASCII set.
func TestHintGlyphs(t *testing.T) {
	hints := func(s Set) []string { return []string{s.ReadOnly, s.Destructive, s.Idempotent, s.OpenWorld} }
	for _, g := range hints(Unicode()) {
		if w := ansi.StringWidth(g); w != 1 {
			t.Errorf("%q is %d columns wide, want 1", g, w)
		}
	}
	for _, g := range hints(ASCII()) {
		if g == "" {
			t.Error("an ASCII hint has no glyph")
		}
		for _, r := range g {
			if r > 0x7e {
				t.Errorf("%q is not ASCII", g)
			}
		}
	}
}
