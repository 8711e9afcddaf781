package recognise

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/view"
)

// khive's own shapes that the envelope, list and table views do not
// already say well (crates/khive-pack-gtd, khive-pack-kg in
// ohdearquant/khive).

// gtdFiltered is gtd.tasks or gtd.next finding nothing the filter lets
// through: {"tasks": [], "filter_excluded": ["done", "cancelled"], "hint": …}.
// The count says what was hidden and the hint says how to see it.
var gtdFiltered = Recogniser{
	Name: "gtd filtered",
	Match: func(v Value) bool {
		// Agent mode drops the empty tasks list.
		t, ok := v.Get("tasks")
		h, ok2 := v.Get("hint")
		return (!ok || t.Kind == Array) && ok2 && h.Kind == String && v.Has("filter_excluded")
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		var tasks []Value
		if v.Has("tasks") {
			var err error
			if tasks, err = objects(v, "tasks"); err != nil {
				return nil, err
			}
		}
		excluded, err := stringList(v, "filter_excluded")
		if err != nil {
			return nil, err
		}
		hint, err := optString(v, "hint")
		if err != nil {
			return nil, err
		}
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
	Match: func(v Value) bool {
		if len(v.Items) == 0 {
			return false
		}
		for _, r := range v.Items {
			if r.Kind != Object || !r.Has("origin_id") || !r.Has("relation") || !r.Has("source_id") || !r.Has("target_id") {
				return false
			}
		}
		return true
	},
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
			row := Value{Kind: Object, Members: make([]Member, 0, len(r.Members)+1)}
			row.Members = append(row.Members, Member{Key: "direction", Value: Value{Kind: String, Text: dir}})
			rows[i] = Value{Kind: Object, Members: append(row.Members, r.Members...)}
		}
		return b.records(rows, "neighbor", 0), nil
	},
}
