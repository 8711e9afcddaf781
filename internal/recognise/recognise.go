// Package recognise knows what documents mean: khive envelopes, errors,
// batches and lists, records and tables of them, the field conventions
// (IDs, times, scores, statuses, lifecycle nulls, in snake_case and
// camelCase alike), and the shapes of the servers it has a view for (graph
// memory, code search, MCP). It turns each part of a document into a view
// (package view), written once per shape, and knows nothing of terminals or
// Markdown. Plain and JSON output ask it the same questions (is this an
// error? a batch? a list?), so a failure is classified once.
//
// A new server shape is a Recogniser (registry.go) in a file of its own and
// a line in the registry; every writer shows it.
//
// It imports value, view, input (to stream long lists), protocol (parts),
// format, relative (to read times), glyphs (the tone of a status word) and
// internal/jsonlib.
package recognise

import (
	"slices"

	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Value and its kinds, for short.
type (
	Value  = value.Value
	Member = value.Member
	Kind   = value.Kind
)

const (
	Null   = value.Null
	Bool   = value.Bool
	Number = value.Number
	String = value.String
	Object = value.Object
	Array  = value.Array
)

// Options are what recognising depends on besides the document: under
// --verbose a view shows every field a short one leaves out.
type Options struct {
	Verbose bool
	// Fold lets a view leave out what another part of it already says (a
	// column equal to another, a search's diagnostics once summed up in a
	// line), for a screen that has no room to spare. Markdown keeps all.
	Fold bool
	// Steer is what --columns, --sort and --where ask of tables; Seen,
	// when set, collects what they met, for the run's report.
	Steer steer.Spec
	Seen  *Seen
	// Keys, when set, keeps what keys mean over the run; Plan, the memory
	// its tables are planned in.
	Keys *Keys
	Plan *Plan
	// TempDir is where what a view keeps past a bound goes (a long
	// list's names, Names), as the pipeline's Options.TempDir; Closing,
	// when set, is given what lets that go, to call once the document
	// is done with, however it ends (a view given up on a write error
	// never reaches its end).
	TempDir string
	Closing func(close func())
	// Said, when set, is what the replies before this one said at their
	// top level: a session's replies that repeat it (a server's version
	// and tag after every answer) say it once (Fold).
	Said *Said
}

// Said is the small top-level fields of a session's replies, to say the
// ones a reply repeats from the reply before once. Reply starts each reply.
type Said struct {
	cur, at    int
	prev, next map[string]bool
}

// Reply says a new reply of the session begins.
func (s *Said) Reply() { s.cur++ }

// repeated is v without the members after its first that the last reply
// of this form said the same (small ones: scalars, or objects of a few
// scalars), and their keys.
func (s *Said) repeated(v Value) (Value, []string) {
	if s.at != s.cur {
		// The reply before the last one's map is done with: cleared, it
		// is this reply's (not a map made a reply).
		old := s.prev
		if old == nil {
			old = map[string]bool{}
		}
		clear(old)
		s.prev, s.next, s.at = s.next, old, s.cur
	}
	var keys []string
	var out Value // made once a member is left out: most replies keep all
	for i, m := range v.Members {
		if i > 0 && smallField(m.Value) {
			k := m.Key + "\x00" + value.Compact(m.Value)
			s.next[k] = true
			if s.prev[k] {
				if out.Members == nil {
					out = Value{Kind: Object, Members: append(make([]Member, 0, len(v.Members)), v.Members[:i]...)}
				}
				keys = append(keys, m.Key)
				continue
			}
		}
		if out.Members != nil {
			out.Members = append(out.Members, m)
		}
	}
	if len(keys) == 0 {
		return v, nil
	}
	return out, keys
}

// smallField reports a value said in a line or two: a scalar, or an
// object of a few scalars.
func smallField(v Value) bool {
	switch v.Kind {
	case Object:
		return len(v.Members) <= 8 && !v.IsOpen() && !slices.ContainsFunc(v.Members, func(m Member) bool { return m.Value.Kind == Object || m.Value.Kind == Array })
	case Array:
		return false
	}
	return len(v.Text) <= 200
}
