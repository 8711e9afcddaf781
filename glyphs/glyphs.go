// Package glyphs holds the symbol sets (Unicode and ASCII), the
// vocabularies whose words are marked (each with its source: vocab.go),
// and the rules that turn a value into a symbol: booleans, those words and
// score bars.
//
// A Set is a plain value: the caller picks one once (--ascii) and passes it
// down.
package glyphs

import "strings"

// Tone is the meaning of a mark, which the theme turns into a colour.
// Keeping it here, next to the rule that picks the glyph, means a status's
// glyph and colour cannot disagree.
type Tone uint8

const (
	Neutral Tone = iota
	Accent       // wants attention next: next
	Good         // success, done, true
	Warn         // waiting, blocked, denied, partial
	Bad          // error, broken, false
	Muted        // receded: someday, cancelled
	Busy         // under way: active (not next's colour: it is started)
)

// Mark is a glyph with its tone. An empty Glyph means "no symbol, colour only".
type Mark struct {
	Glyph string
	Tone  Tone
}

// Set is one family of symbols.
type Set struct {
	// The behaviours a tool declares: it changes nothing, it may destroy,
	// calling it again changes nothing more, it reaches outside.
	ReadOnly, Destructive, Idempotent, OpenWorld string

	True, False string
	Dash        string // a lifecycle null: "not yet"
	Ellipsis    string
	Sep         string // between items of a summary line
	Arrow       string
	OKMark      string // a successful op
	ErrorMark   string
	AbortMark   string
	Newline     string // stands for a line break inside a one-line cell
	Micro       string // the unit of microseconds
	Bullet      string // before an item of a list
	// RelFrom and RelTo draw a relation between two names:
	// "Graphiti ──uses as backend──▶ Neo4j".
	RelFrom, RelTo string
	// Tree lines: an entry with siblings after it, the last entry, and
	// what continues under each: "├── ", "└── ", "│   ", "    ".
	TreeItem, TreeLast, TreeOn, TreeOff string

	symbols [FailureSymbol + 1]string // by Symbol; NoSymbol's is empty
	barFull string
	// barPartial is the eighths, 1/8 … 7/8, or none: an array, so that
	// making a Set allocates nothing (recognise makes one per column).
	barPartial [7]string
	barEmpty   string
}

// Unicode is the default set. Every symbol is one column wide in a Western
// locale and none has an emoji presentation, so alignment holds.
func Unicode() Set {
	return Set{
		True: "✓", False: "✗", Dash: "—", Ellipsis: "…", Sep: " · ", Arrow: "→",
		OKMark: "✓", ErrorMark: "✗", AbortMark: "⊘", Newline: "↵", Micro: "µs", Bullet: "•", RelFrom: "──", RelTo: "──▶",
		TreeItem: "├── ", TreeLast: "└── ", TreeOn: "│   ", TreeOff: "    ",
		symbols: [...]string{InboxSymbol: "○", NextSymbol: "▶", ActiveSymbol: "●", WaitingSymbol: "‖", SomedaySymbol: "◇",
			DoneSymbol: "✓", CancelledSymbol: "⊘", SuccessSymbol: "✓", DeniedSymbol: "⊘", FailureSymbol: "✗"},
		ReadOnly: "⊙", Destructive: "△", Idempotent: "↻", OpenWorld: "⇗",
		barFull: "█", barPartial: [...]string{"▏", "▎", "▍", "▌", "▋", "▊", "▉"}, barEmpty: " ",
	}
}

// ASCII is for terminals and fonts without those symbols (--ascii).
func ASCII() Set {
	return Set{
		True: "yes", False: "no", Dash: "-", Ellipsis: "...", Sep: " | ", Arrow: "->",
		OKMark: "+", ErrorMark: "x", AbortMark: "-", Newline: `\n`, Micro: "us", Bullet: "-", RelFrom: "--", RelTo: "-->",
		TreeItem: "|-- ", TreeLast: "`-- ", TreeOn: "|   ", TreeOff: "    ",
		symbols: [...]string{InboxSymbol: "o", NextSymbol: ">", ActiveSymbol: "*", WaitingSymbol: "=", SomedaySymbol: "~",
			DoneSymbol: "+", CancelledSymbol: "x", SuccessSymbol: "+", DeniedSymbol: "!", FailureSymbol: "x"},
		ReadOnly: "o", Destructive: "!", Idempotent: "=", OpenWorld: "@",
		barFull: "#", barEmpty: ".",
	}
}

// Bool returns the mark for a JSON boolean.
func (s Set) Bool(b bool) Mark {
	if b {
		return Mark{s.True, Good}
	}
	return Mark{s.False, Bad}
}

// CanonicalStatus is a task status as khive names it, its aliases
// resolved (todo is inbox, blocked is waiting), lower-cased; a word khive
// does not have is returned lower-cased.
func CanonicalStatus(status string) string {
	if w, ok := KhiveTaskStatus.Lookup(status); ok {
		return w.Word
	}
	return strings.ToLower(status)
}

// Status returns the mark of a khive task status (aliases included) or of
// a health word (Health).
func (s Set) Status(status string) (Mark, bool) {
	return s.Mark(status, statuses...)
}

var statuses = append([]*Vocabulary{&KhiveTaskStatus}, Health...)

// HealthTone is the tone of a status word of the Health vocabularies.
func HealthTone(status string) (Tone, bool) {
	w, ok := Find(status, Health...)
	return w.Tone, ok
}

// Outcome returns the mark of an outcome (Outcomes).
func (s Set) Outcome(outcome string) (Mark, bool) { return s.Mark(outcome, Outcomes...) }

// TaskStatus returns the mark of an MCP task's status.
func (s Set) TaskStatus(status string) (Mark, bool) { return s.Mark(status, &MCPTaskStatus) }

// Dependency returns the mark of a khive task's dependency_state or of
// one of its blockers' state.
func (s Set) Dependency(state string) (Mark, bool) { return s.Mark(state, &KhiveDependency) }

// Bar draws frac (clamped to 0..1) as a bar exactly width cells wide, with
// eighth-cell resolution where the set has partial blocks.
func (s Set) Bar(frac float64, width int) string {
	if width <= 0 {
		return ""
	}
	if !(frac > 0) { // also catches NaN
		frac = 0
	}
	if frac > 1 {
		frac = 1
	}
	steps := 1
	if s.barPartial[0] != "" {
		steps = len(s.barPartial) + 1
	}
	units := int(frac*float64(width*steps) + 0.5)
	full, part := units/steps, units%steps
	cells, partial := full, ""
	if part > 0 {
		partial = s.barPartial[part-1]
		cells++
	}
	// Made at its size, in one allocation: a bar a row of a ranked list.
	var b strings.Builder
	b.Grow(full*len(s.barFull) + len(partial) + (width-cells)*len(s.barEmpty))
	for range full {
		b.WriteString(s.barFull)
	}
	b.WriteString(partial)
	for range width - cells {
		b.WriteString(s.barEmpty)
	}
	return b.String()
}
