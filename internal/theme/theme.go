// Package theme is the one place that says how human output looks in colour.
//
// Styles are declared with lipgloss and compiled once into the escape
// sequences they emit, so styling a cell is two string concatenations rather
// than a lipgloss render per cell (large tables have millions of cells).
package theme

import (
	"fmt"
	"image/color"
	"slices"
	"sort"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/table"
)

// Style is a table.Style: a pair of escape sequences around a text.
type Style = table.Style

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
	tones                                        [glyphs.Busy + 1]Style
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
	t.tones[glyphs.Busy] = compile(fg(lipgloss.Magenta, base))
	// Priorities by weight, p0 alone in red: a colour of their own would
	// say what a status's colour says (p1 in yellow read as waiting).
	t.priority = [4]Style{
		compile(fg(lipgloss.Red, bold)),
		compile(bold),
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
	return table.NewStyle(out[:i], out[i+len(marker):])
}

// Roles are the parts of the theme a person may recolour
// (KHIVE_PRETTY_COLORS), each with the style it sets.
var roles = []struct {
	name  string
	style func(*Theme) *Style
}{
	{"header", func(t *Theme) *Style { return &t.Header }},               // table headers
	{"key", func(t *Theme) *Style { return &t.Key }},                     // keys of key/value lines
	{"faint", func(t *Theme) *Style { return &t.Faint }},                 // metadata, dashes, context
	{"id", func(t *Theme) *Style { return &t.ID }},                       // IDs
	{"bold", func(t *Theme) *Style { return &t.Bold }},                   // names and titles
	{"error", func(t *Theme) *Style { return &t.ErrorTitle }},            // the first line of an error
	{"good", func(t *Theme) *Style { return &t.tones[glyphs.Good] }},     // success
	{"bad", func(t *Theme) *Style { return &t.tones[glyphs.Bad] }},       // failure
	{"warn", func(t *Theme) *Style { return &t.tones[glyphs.Warn] }},     // warnings
	{"accent", func(t *Theme) *Style { return &t.tones[glyphs.Accent] }}, // what wants attention next
	{"muted", func(t *Theme) *Style { return &t.tones[glyphs.Muted] }},   // what has receded
	{"busy", func(t *Theme) *Style { return &t.tones[glyphs.Busy] }},     // what is under way
	{"p0", func(t *Theme) *Style { return &t.priority[0] }},
	{"p1", func(t *Theme) *Style { return &t.priority[1] }},
	{"p2", func(t *Theme) *Style { return &t.priority[2] }},
	{"p3", func(t *Theme) *Style { return &t.priority[3] }},
	{"json-key", func(t *Theme) *Style { return &t.JSONKey }},
	{"json-string", func(t *Theme) *Style { return &t.JSONString }},
	{"json-number", func(t *Theme) *Style { return &t.JSONNumber }},
	{"json-literal", func(t *Theme) *Style { return &t.JSONLiteral }}, // true, false
}

// RoleNames lists the roles KHIVE_PRETTY_COLORS can set.
func RoleNames() []string {
	names := make([]string, len(roles))
	for i, r := range roles {
		names[i] = r.name
	}
	return names
}

// ParseColors reads KHIVE_PRETTY_COLORS: ROLE=SGR entries separated by
// ':' or ';', as LS_COLORS and JQ_COLORS are ("id=2;key=34;bad=1;31" —
// numbers after an entry's own belong to it). It returns the roles it
// could read and a problem for each it could not.
func ParseColors(s string) (map[string]string, []string) {
	set := map[string]string{}
	var problems []string
	last := ""
	for _, tok := range strings.FieldsFunc(s, func(r rune) bool { return r == ':' || r == ';' }) {
		tok = strings.TrimSpace(tok)
		name, sgr, ok := strings.Cut(tok, "=")
		if !ok {
			if last != "" && isSGR(tok) {
				set[last] += ";" + tok
				continue
			}
			problems = append(problems, fmt.Sprintf("%q is not ROLE=SGR", tok))
			continue
		}
		name, sgr = strings.ToLower(strings.TrimSpace(name)), strings.TrimSpace(sgr)
		if err := checkColor(name, sgr); err != nil {
			problems = append(problems, err.Error())
			last = ""
			continue
		}
		set[name], last = sgr, name
	}
	return set, problems
}

// checkColor says what is wrong with one role's colour: a role that does
// not exist, or parameters that are no SGR code (one or more, separated
// by semicolons).
func checkColor(name, sgr string) error {
	if !slices.Contains(RoleNames(), name) {
		return fmt.Errorf("no colour role %q (roles: %s)", name, strings.Join(RoleNames(), ", "))
	}
	for _, part := range strings.Split(sgr, ";") {
		if !isSGR(part) {
			return fmt.Errorf("%s=%q is not an SGR code such as 31 or 1;34", name, sgr)
		}
	}
	return nil
}

// CheckColors reports the first entry of set (role name to SGR
// parameters, as ParseColors returns) that names no role or is no SGR
// code: what a library caller passes is checked as the environment is.
func CheckColors(set map[string]string) error {
	names := make([]string, 0, len(set))
	for name := range set {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := checkColor(name, set[name]); err != nil {
			return err
		}
	}
	return nil
}

// isSGR reports a Select Graphic Rendition parameter: digits.
func isSGR(s string) bool {
	if s == "" || len(s) > 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Recolour is the theme with the roles given set to their SGR codes,
// when colour is on at all: p is the profile the theme was made for.
func (t Theme) Recolour(p colorprofile.Profile, set map[string]string) Theme {
	if p < colorprofile.ANSI {
		return t
	}
	for _, r := range roles {
		if sgr, ok := set[r.name]; ok {
			*r.style(&t) = table.NewStyle("\x1b["+sgr+"m", "\x1b[m")
		}
	}
	return t
}

// Link makes text a hyperlink to url (OSC 8), for terminals that follow
// them; url must hold no control character (the caller checks).
func Link(url string) Style {
	return table.NewStyle("\x1b]8;;"+url+"\x1b\\", "\x1b]8;;\x1b\\")
}
