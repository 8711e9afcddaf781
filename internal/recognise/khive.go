package recognise

import (
	"slices"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// khive's own shapes that the envelope, list and table views do not already
// say well (crates/khive-pack-gtd, khive-pack-kg in ohdearquant/khive).

// gtdFiltered is gtd.tasks or gtd.next finding nothing the filter lets
// through: {"tasks": [], "filter_excluded": ["done", "cancelled"], "hint": …}.
// The count says what was hidden and the hint says how to see it.
var gtdFiltered = Recogniser{
	Name: "gtd filtered",
	Keys: []string{"hint"},
	Match: func(v Value) bool {
		// Agent mode drops the empty tasks list.
		t, ok := v.Get("tasks")
		h, ok2 := v.Get("hint")
		return (!ok || t.Kind == Array) && ok2 && h.Kind == String && v.Has("filter_excluded")
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		var tasks []Value
		if v.Has("tasks") {
			tasks = objects(v, "tasks")
		}
		excluded := stringList(v, "filter_excluded")
		hint := optString(v, "hint")
		var blocks []view.Block
		f := countLine(len(tasks), "task", 0)
		if len(tasks) > 0 {
			t, n := b.table(tasks, 0, false)
			f = countOf(n, len(tasks), "task", 0)
			blocks = append(blocks, t)
		}
		if len(excluded) > 0 {
			f.Parts = append(f.Parts, view.Part{Text: strings.Join(excluded, " and ") + " hidden by the filter"})
		}
		blocks = append(blocks, f)
		if hint != "" {
			blocks = append(blocks, Prose(hint))
		}
		return withRest(blocks, b.restAlways(v, 0, "tasks", "filter_excluded", "hint")), nil
	},
}

// khiveNeighbors is neighbors' bare array of edges seen from an origin
// ({origin_id, source_id, target_id, id, edge_id, relation, weight, name?,
// kind?}): a table with the edge's direction spelled out, since which of
// source_id and target_id is the origin is the only way to tell it, and a
// null end means khive does not know it.
var khiveNeighbors = Recogniser{
	Name:   "khive neighbors",
	Arrays: true,
	Match:  func(v Value) bool { return everyHas(v.Items, "origin_id", "relation", "source_id", "target_id") },
	View: func(b builder, v Value) ([]view.Block, error) {
		rows := make([]Value, len(v.Items))
		for i, r := range v.Items {
			origin, src, tgt := r.Str("origin_id"), r.Str("source_id"), r.Str("target_id")
			dir := "unknown"
			switch {
			case origin != "" && src == origin:
				dir = "out"
			case origin != "" && tgt == origin:
				dir = "in"
			}
			ms := append(make([]Member, 0, len(r.Members)+1), Member{Key: "direction", Value: value.Text(dir)})
			rows[i] = Value{Kind: Object, Members: append(ms, r.Members...)}
		}
		return b.records(rows, "neighbor", 0), nil
	},
}

// sinkManifest is what khive answers in place of a request's results when
// they were saved to a file (request's save_to, kkernel exec --save-file;
// khive-mcp's JsonlSaveSink::finish): {path, rows, per_column_null_counts,
// schema_fingerprint, checksum, summary, failures?}. Its failures are the
// ops that failed, projected ({op_index, tool, error, reason?}): they are
// what a person needs first and whole, so each is shown as the failed op
// it was, numbered as khive numbers it, before where the rows went.
var sinkManifest = Recogniser{
	Name:  "khive sink manifest",
	Keys:  []string{"schema_fingerprint"},
	Match: isSinkManifest,
	View: func(b builder, v Value) ([]view.Block, error) {
		var blocks []view.Block
		for _, f := range must(manifestFailures(v)) {
			num := ""
			if n, ok := f.Get("op_index"); ok && n.Kind == value.Number {
				num, f = n.Text, value.Without(f, "op_index")
			}
			blocks = append(blocks, b.errorBlock(f, num), view.Gap{})
		}
		bv := ViewBatch(v)
		blocks = withRest(blocks, b.restAlways(manifestRest(bv.Rest, v), 0))
		return append(blocks, b.totals(bv)), nil
	},
}

// isSinkManifest: the fields khive's save sink always writes.
func isSinkManifest(v Value) bool {
	if v.Kind != Object {
		return false
	}
	for _, k := range []string{"path", "rows", "schema_fingerprint", "checksum"} {
		if !v.Has(k) {
			return false
		}
	}
	s, ok := v.Get("summary")
	return ok && s.Kind == Object
}

// manifestFailures are a sink manifest's failed ops: its "failures", or
// the bounded projection under its summary.
func manifestFailures(v Value) ([]Value, error) {
	return try(func() []Value {
		if v.Has("failures") {
			return objects(v, "failures")
		}
		s, _ := v.Get("summary")
		if s.Has("failures") {
			return objects(s, "failures")
		}
		return nil
	})
}

// manifestFailed reports a sink manifest whose ops did not all succeed: a
// failure listed, or a count of failed or aborted ops above 0.
func manifestFailed(v Value) bool {
	if f, err := manifestFailures(v); err != nil || len(f) > 0 {
		return true
	}
	s, _ := v.Get("summary")
	return slices.ContainsFunc([]string{"failed", "aborted"}, func(k string) bool {
		n, ok := s.Get(k)
		return ok && n.Kind == value.Number && n.Text != "0"
	})
}

// manifestRest is a manifest's rest without the failures shown: its
// "failures", and the bounded projection khive also keeps under its
// summary when it is that same list.
func manifestRest(rest, v Value) Value {
	rest = value.Without(rest, "failures")
	top, ok := v.Get("failures")
	if !ok {
		return rest
	}
	for i, m := range rest.Members {
		if m.Key != "summary" {
			continue
		}
		if sf, ok := m.Value.Get("failures"); ok && value.Compact(sf) == value.Compact(top) {
			s := value.Without(m.Value, "failures")
			out := Value{Kind: Object, Members: append([]Member(nil), rest.Members...)}
			if len(s.Members) == 0 {
				out.Members = append(out.Members[:i], out.Members[i+1:]...)
			} else {
				out.Members[i].Value = s
			}
			return out
		}
	}
	return rest
}
