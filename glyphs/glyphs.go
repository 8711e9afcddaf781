// Package glyphs holds the symbol sets (Unicode and ASCII) and the rules that
// turn a value into a symbol: booleans, GTD statuses, event outcomes,
// dependency states and score bars.
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

	inbox, next, active, waiting, someday, done, cancelled string
	success, denied, failure                               string
	barFull                                                string
	barPartial                                             []string // eighths, 1/8 … 7/8
	barEmpty                                               string
}

// Unicode is the default set. Every symbol is one column wide in a Western
// locale and none has an emoji presentation, so alignment holds.
func Unicode() Set {
	return Set{
		True: "✓", False: "✗", Dash: "—", Ellipsis: "…", Sep: " · ", Arrow: "→",
		OKMark: "✓", ErrorMark: "✗", AbortMark: "⊘", Newline: "↵", Micro: "µs", Bullet: "•", RelFrom: "──", RelTo: "──▶",
		TreeItem: "├── ", TreeLast: "└── ", TreeOn: "│   ", TreeOff: "    ",
		inbox: "○", next: "▶", active: "●", waiting: "‖", someday: "◇", done: "✓", cancelled: "⊘",
		ReadOnly: "⊙", Destructive: "△", Idempotent: "↻", OpenWorld: "⇗",
		success: "✓", denied: "⊘", failure: "✗",
		barFull: "█", barPartial: []string{"▏", "▎", "▍", "▌", "▋", "▊", "▉"}, barEmpty: " ",
	}
}

// ASCII is for terminals and fonts without those symbols (--ascii).
func ASCII() Set {
	return Set{
		True: "yes", False: "no", Dash: "-", Ellipsis: "...", Sep: " | ", Arrow: "->",
		OKMark: "+", ErrorMark: "x", AbortMark: "-", Newline: `\n`, Micro: "us", Bullet: "-", RelFrom: "--", RelTo: "-->",
		TreeItem: "|-- ", TreeLast: "`-- ", TreeOn: "|   ", TreeOff: "    ",
		inbox: "o", next: ">", active: "*", waiting: "=", someday: "~", done: "+", cancelled: "x",
		ReadOnly: "o", Destructive: "!", Idempotent: "=", OpenWorld: "@",
		success: "+", denied: "!", failure: "x",
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

// CanonicalStatus maps the aliases seen in the wild onto khive's seven GTD
// statuses (blocked→waiting, in_progress→active, todo→inbox). Unknown
// statuses are returned lower-cased and unchanged otherwise.
func CanonicalStatus(status string) string {
	s := strings.ToLower(status)
	switch s {
	case "blocked", "on_hold":
		return "waiting"
	case "in_progress", "in-progress", "doing", "started", "working":
		return "active"
	case "input_required":
		return "waiting" // an MCP task waiting for its client's answer
	case "todo":
		return "inbox"
	case "canceled":
		return "cancelled"
	}
	// "open", "closed", "completed", "new" are not khive's: a GitHub issue
	// closed unfixed, a CI job completed in failure. Shown as written.
	return s
}

// Status returns the mark for a task status (aliases included) or for one of
// the generic health words servers use in a `status` field.
func (s Set) Status(status string) (Mark, bool) {
	switch CanonicalStatus(status) {
	case "inbox":
		return Mark{s.inbox, Neutral}, true
	case "next":
		return Mark{s.next, Accent}, true
	case "active":
		return Mark{s.active, Busy}, true
	case "waiting":
		return Mark{s.waiting, Warn}, true
	case "someday":
		return Mark{s.someday, Muted}, true
	case "done":
		return Mark{s.done, Good}, true
	case "cancelled":
		return Mark{s.cancelled, Muted}, true
	}
	// Health words: colour only, a glyph would suggest a task status.
	if tone, ok := Health(status); ok {
		return Mark{"", tone}, true
	}
	return Mark{}, false
}

// Health is the tone of a status word that every server means the same
// by (ok, failed, degraded …), as opposed to a task's status.
func Health(status string) (Tone, bool) {
	switch strings.ToLower(status) {
	case "ok", "success", "succeeded", "healthy", "ready":
		return Good, true
	case "partial", "degraded", "incomplete":
		return Warn, true
	case "error", "failed", "failure", "unhealthy":
		return Bad, true
	}
	return Neutral, false
}

// Outcome returns the mark for an event outcome (success | denied | error).
func (s Set) Outcome(outcome string) (Mark, bool) {
	switch strings.ToLower(outcome) {
	case "success", "ok", "pass": // pass: go test -json's (cmd/test2json)
		return Mark{s.success, Good}, true
	case "denied", "refused":
		return Mark{s.denied, Warn}, true
	case "error", "failed", "failure", "timed_out", "startup_failure", "fail":
		return Mark{s.failure, Bad}, true
	// CI's (a GitHub check run's or job's conclusion).
	case "cancelled", "canceled", "skipped", "skip":
		return Mark{s.cancelled, Muted}, true
	case "action_required", "stale":
		return Mark{"", Warn}, true
	}
	return Mark{}, false
}

// TaskStatus returns the mark for an MCP task's status, by the MCP
// specification's vocabulary (tasks): working, input_required, and the
// ends completed (it succeeded), failed, cancelled.
func (s Set) TaskStatus(status string) (Mark, bool) {
	switch status {
	case "working":
		return Mark{s.active, Busy}, true
	case "input_required":
		return Mark{s.waiting, Warn}, true
	case "completed":
		return Mark{s.success, Good}, true
	case "failed":
		return Mark{s.failure, Bad}, true
	case "cancelled":
		return Mark{s.cancelled, Muted}, true
	}
	return Mark{}, false
}

// Dependency returns the mark for a task's dependency_state (ready |
// blocked | broken) or a blocker's state (pending, or one of the ways a
// dependency is broken: cancelled, soft_deleted, missing, invalid,
// different_namespace, wrong_kind).
func (s Set) Dependency(state string) (Mark, bool) {
	switch strings.ToLower(state) {
	case "ready":
		return Mark{s.success, Good}, true
	case "blocked", "pending":
		return Mark{s.waiting, Warn}, true
	case "broken", "cancelled", "soft_deleted", "missing", "invalid", "different_namespace", "wrong_kind":
		return Mark{s.failure, Bad}, true
	}
	return Mark{}, false
}

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
	if len(s.barPartial) > 0 {
		steps = len(s.barPartial) + 1
	}
	units := int(frac*float64(width*steps) + 0.5)
	full, part := units/steps, units%steps
	var b strings.Builder
	b.WriteString(strings.Repeat(s.barFull, full))
	cells := full
	if part > 0 {
		b.WriteString(s.barPartial[part-1])
		cells++
	}
	b.WriteString(strings.Repeat(s.barEmpty, width-cells))
	return b.String()
}
