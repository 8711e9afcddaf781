package glyphs

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestStatusCoversGTDVocabularyAndAliases(t *testing.T) {
	u := Unicode()
	want := map[string]string{
		"inbox": "○", "todo": "○", "next": "▶", "active": "●", "in_progress": "●",
		"waiting": "‖", "blocked": "‖", "someday": "◇", "done": "✓", "cancelled": "⊘", "later": "◇", "finished": "✓", "IN_PROGRESS": "●",
	}
	for status, glyph := range want {
		m, ok := u.Status(status)
		if !ok || m.Glyph != glyph {
			t.Errorf("Status(%q) = %q, %v; want %q", status, m.Glyph, ok, glyph)
		}
	}
	// Words khive does not have, though other tools mean them so.
	for _, w := range []string{"frobnicated", "canceled", "doing", "open", "closed", "completed", "new"} {
		if m, ok := u.Status(w); ok {
			t.Errorf("Status(%q) = %+v: a word no vocabulary claims got a mark", w, m)
		}
	}
	if m, ok := u.Status("partial"); !ok || m.Glyph != "" || m.Tone != Warn {
		t.Errorf("partial = %+v, %v; want colour only, Warn", m, ok)
	}
}

func TestEverySetIsComplete(t *testing.T) {
	for name, s := range map[string]Set{"unicode": Unicode(), "ascii": ASCII()} {
		for _, st := range []string{"inbox", "next", "active", "waiting", "someday", "done", "cancelled"} {
			if m, _ := s.Status(st); m.Glyph == "" {
				t.Errorf("%s: no glyph for %s", name, st)
			}
		}
		for _, o := range []string{"success", "denied", "error"} {
			if m, _ := s.Outcome(o); m.Glyph == "" {
				t.Errorf("%s: no glyph for outcome %s", name, o)
			}
		}
	}
}

func TestUnicodeGlyphsAreOneColumn(t *testing.T) {
	u := Unicode()
	var all []string
	for _, st := range []string{"inbox", "next", "active", "waiting", "someday", "done", "cancelled"} {
		m, _ := u.Status(st)
		all = append(all, m.Glyph)
	}
	all = append(all, u.True, u.False, u.Dash, u.Ellipsis, u.AbortMark, u.Newline, u.barFull)
	all = append(all, u.barPartial[:]...)
	for _, g := range all {
		if w := ansi.StringWidth(g); w != 1 {
			t.Errorf("%q is %d columns wide, want 1", g, w)
		}
	}
}

func TestASCIISetIsASCII(t *testing.T) {
	a := ASCII()
	for _, g := range []string{a.True, a.False, a.Dash, a.Ellipsis, a.Sep, a.Arrow, a.ErrorMark, a.AbortMark, a.Bar(0.55, 6),
		a.TreeItem, a.TreeLast, a.TreeOn, a.TreeOff} {
		for _, r := range g {
			if r > 0x7e {
				t.Errorf("%q is not ASCII", g)
			}
		}
	}
}

func TestBar(t *testing.T) {
	u, a := Unicode(), ASCII()
	tests := []struct {
		s     Set
		frac  float64
		width int
		want  string
	}{
		{u, 0, 4, "    "},
		{u, 1, 4, "████"},
		{u, 2, 4, "████"},
		{u, -1, 4, "    "},
		{u, 0.5, 4, "██  "},
		{u, 0.8112345, 5, "████ "},
		{u, 0.83, 5, "████▏"},
		{u, 0.9, 5, "████▌"},
		{u, 1.0 / 32, 4, "▏   "},
		{a, 0.5, 4, "##.."},
		{a, 0.8, 5, "####."},
		{u, 0.5, 0, ""},
	}
	for _, tt := range tests {
		got := tt.s.Bar(tt.frac, tt.width)
		if got != tt.want {
			t.Errorf("Bar(%v, %d) = %q, want %q", tt.frac, tt.width, got, tt.want)
		}
		if tt.width > 0 && ansi.StringWidth(got) != tt.width {
			t.Errorf("Bar(%v, %d) is %d wide", tt.frac, tt.width, ansi.StringWidth(got))
		}
	}
}

// The pieces of a tree's lines are all as wide, so that the entries of a
// level line up whatever was drawn before them.
func TestTreeGlyphsAlign(t *testing.T) {
	for name, s := range map[string]Set{"unicode": Unicode(), "ascii": ASCII()} {
		for _, g := range []string{s.TreeItem, s.TreeLast, s.TreeOn, s.TreeOff} {
			if w := ansi.StringWidth(g); w != 4 {
				t.Errorf("%s: %q is %d columns wide, want 4", name, g, w)
			}
		}
	}
}

// A vocabulary of a caller's may name a symbol no set has: its words are
// marked by tone alone, as before the symbols were a table.
func TestUnknownSymbolIsToneOnly(t *testing.T) {
	v := &Vocabulary{Name: "mine", Words: []Word{{Word: "shipped", Symbol: Symbol(200), Tone: Good}}}
	for _, s := range []Set{Unicode(), ASCII()} {
		if m, ok := s.Mark("shipped", v); !ok || m.Glyph != "" || m.Tone != Good {
			t.Errorf("Mark = %+v, %v; want no glyph, tone Good", m, ok)
		}
	}
}
