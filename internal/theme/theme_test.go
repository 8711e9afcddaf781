package theme

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/khive-ai/khive-pretty/glyphs"
)

func TestNoColourMeansNoEscapes(t *testing.T) {
	for _, p := range []colorprofile.Profile{colorprofile.Unknown, colorprofile.NoTTY} {
		th := New(p)
		for _, st := range []Style{th.Header, th.Key, th.Faint, th.ID, th.Bold, th.ErrorTitle, th.Tone(glyphs.Bad)} {
			if got := st.Render("x"); got != "x" {
				t.Errorf("profile %v: Render = %q", p, got)
			}
		}
	}
}

func TestColourWrapsTextInSGR(t *testing.T) {
	th := New(colorprofile.ANSI)
	got := th.Tone(glyphs.Bad).Render("boom")
	if got != "\x1b[31mboom\x1b[m" {
		t.Errorf("Bad tone = %q", got)
	}
	if got := th.Faint.Render(""); got != "" {
		t.Errorf("styling empty text = %q, want empty", got)
	}
	p0, ok := th.Priority("p0")
	if !ok || !strings.Contains(p0.Render("p0"), "\x1b[") {
		t.Errorf("p0 style = %q, %v", p0.Render("p0"), ok)
	}
	if _, ok := th.Priority("p9"); ok {
		t.Error("p9 is not a priority")
	}
}

func TestASCIIProfileKeepsAttributesDropsColours(t *testing.T) {
	th := New(colorprofile.ASCII)
	if got := th.Tone(glyphs.Bad).Render("x"); got != "x" {
		t.Errorf("colour under ASCII profile: %q", got)
	}
	if got := th.Bold.Render("x"); got == "x" {
		t.Error("bold dropped under ASCII profile")
	}
}

func TestParseColors(t *testing.T) {
	set, problems := ParseColors("id=2;key=34;bad=1;31:good=32; warn = 33")
	want := map[string]string{"id": "2", "key": "34", "bad": "1;31", "good": "32", "warn": "33"}
	if len(problems) > 0 || len(set) != len(want) {
		t.Fatalf("set %v, problems %v", set, problems)
	}
	for k, v := range want {
		if set[k] != v {
			t.Errorf("%s = %q, want %q", k, set[k], v)
		}
	}
	set, problems = ParseColors("nope=1;key=blue;id=2;oops")
	if len(set) != 1 || set["id"] != "2" || len(problems) != 3 {
		t.Errorf("set %v, problems %q", set, problems)
	}
	if !strings.Contains(problems[0], `no colour role "nope" (roles: header, key`) {
		t.Errorf("problem %q", problems[0])
	}
}

func TestRecolour(t *testing.T) {
	set, _ := ParseColors("id=2;bad=1;31;p0=35")
	th := New(colorprofile.ANSI).Recolour(colorprofile.ANSI, set)
	if got := th.ID.Render("x"); got != "\x1b[2mx\x1b[m" {
		t.Errorf("id = %q", got)
	}
	if got := th.Tone(glyphs.Bad).Render("x"); got != "\x1b[1;31mx\x1b[m" {
		t.Errorf("bad = %q", got)
	}
	if st, _ := th.Priority("p0"); st.Render("x") != "\x1b[35mx\x1b[m" {
		t.Errorf("p0 = %q", st.Render("x"))
	}
	// Without colour, nothing to recolour.
	if got := New(colorprofile.NoTTY).Recolour(colorprofile.NoTTY, set).ID.Render("x"); got != "x" {
		t.Errorf("no colour: %q", got)
	}
}
