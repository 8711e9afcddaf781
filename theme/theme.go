// Package theme is the one place that says how human output looks in colour.
//
// Styles are declared with lipgloss and compiled once into the escape
// sequences they emit, so styling a cell is two string concatenations rather
// than a lipgloss render per cell (large tables have millions of cells).
package theme

import (
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/khive-ai/khive-pretty/glyphs"
)

// Style wraps text in a fixed pair of escape sequences. The zero Style leaves
// text untouched, which is what every style is when colour is off: the layout
// is then identical, only the escapes are missing.
type Style struct{ pre, post string }

// Render styles s. Callers must pass text that is already sanitised and cut
// to width: styles are applied last so that widths are measured on plain text.
func (s Style) Render(text string) string {
	if s.pre == "" || text == "" {
		return text
	}
	return s.pre + text + s.post
}

// Theme is the set of styles human output uses.
type Theme struct {
	Header     Style // table headers
	Key        Style // keys of a key/value block
	Faint      Style // metadata, lifecycle dashes, context
	ID         Style // shortened IDs
	Bold       Style
	ErrorTitle Style // the first line of an error
	// JSON output, coloured as jq -C does.
	JSONKey, JSONString, JSONNumber, JSONLiteral Style
	tones                                        [glyphs.Muted + 1]Style
	priority                                     [4]Style
}

// New returns the theme for a colour profile. Below ASCII (NoTTY, or colour
// turned off) every style is empty; ASCII keeps bold and faint but no
// colours; ANSI and above use the 16 basic colours, so the user's own
// terminal palette decides the exact shades and nothing needs downsampling.
func New(p colorprofile.Profile) Theme {
	if p < colorprofile.ASCII {
		return Theme{}
	}
	colored := p >= colorprofile.ANSI
	fg := func(c color.Color, st lipgloss.Style) lipgloss.Style {
		if colored {
			return st.Foreground(c)
		}
		return st
	}
	base := lipgloss.NewStyle()
	faint := base.Faint(true)
	bold := base.Bold(true)
	t := Theme{
		Header:      compile(bold),
		Key:         compile(fg(lipgloss.Blue, base)),
		Faint:       compile(faint),
		ID:          compile(faint),
		Bold:        compile(bold),
		ErrorTitle:  compile(fg(lipgloss.Red, bold)),
		JSONKey:     compile(fg(lipgloss.Blue, bold)),
		JSONString:  compile(fg(lipgloss.Green, base)),
		JSONNumber:  compile(fg(lipgloss.Cyan, base)),
		JSONLiteral: compile(fg(lipgloss.Yellow, base)),
	}
	t.tones[glyphs.Neutral] = Style{}
	t.tones[glyphs.Accent] = compile(fg(lipgloss.Cyan, base))
	t.tones[glyphs.Good] = compile(fg(lipgloss.Green, base))
	t.tones[glyphs.Warn] = compile(fg(lipgloss.Yellow, base))
	t.tones[glyphs.Bad] = compile(fg(lipgloss.Red, base))
	t.tones[glyphs.Muted] = compile(faint)
	t.priority = [4]Style{
		compile(fg(lipgloss.Red, bold)),
		compile(fg(lipgloss.Yellow, base)),
		{},
		compile(faint),
	}
	return t
}

// Tone returns the style for a glyph's tone.
func (t Theme) Tone(tone glyphs.Tone) Style {
	if int(tone) < len(t.tones) {
		return t.tones[tone]
	}
	return Style{}
}

// Priority returns the style for a priority p0 (highest) … p3, and false for
// anything else.
func (t Theme) Priority(p string) (Style, bool) {
	if len(p) == 2 && (p[0] == 'p' || p[0] == 'P') && p[1] >= '0' && p[1] <= '3' {
		return t.priority[p[1]-'0'], true
	}
	return Style{}, false
}

// compile renders a marker with the style and keeps what surrounds it.
func compile(st lipgloss.Style) Style {
	const marker = "\x00"
	out := st.Render(marker)
	i := strings.Index(out, marker)
	if i < 0 {
		return Style{}
	}
	return Style{pre: out[:i], post: out[i+len(marker):]}
}
