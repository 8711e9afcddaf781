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
