package recognise

import (
	"slices"

	"github.com/khive-ai/khive-pretty/internal/view"
)

// MCP's list results whose rows read best as a table: resources/list
// (the URI names a row and is never cut), resources/templates/list, and
// tasks/list. A page may end in a cursor for the next one.

var mcpLists = Recogniser{
	Name:  "MCP list",
	Keys:  []string{"resources", "resourceTemplates", "tasks", "tools", "prompts"},
	Match: func(v Value) bool { _, _, ok := mcpListRows(v); return ok },
	View: func(b builder, v Value) ([]view.Block, error) {
		key, rows, _ := mcpListRows(v)
		blocks, n := b.tableShown(rows, 0)
		f := countOf(n, len(rows), mcpNoun[key], 0)
		if c, ok := v.Get("nextCursor"); ok && c.Kind != Null {
			cell := b.cell("nextCursor", c, false)
			f.Parts = append(f.Parts, view.Part{Text: "more after ", Cell: &cell})
		}
		blocks = append(blocks, f)
		return withRest(blocks, b.leftover(v, 0, key, "nextCursor")), nil
	},
}

// mcpNoun is what a row of each list is.
var mcpNoun = map[string]string{"resources": "resource", "resourceTemplates": "template", "tasks": "task", "tools": "tool", "prompts": "prompt"}

// mcpListRows finds the rows of an MCP list result: an array of objects
// under one of the keys above, next to nothing but a cursor and _meta.
func mcpListRows(v Value) (string, []Value, bool) {
	if v.Kind != Object {
		return "", nil, false
	}
	key := ""
	var rows Value
	for _, m := range v.Members {
		switch {
		case mcpNoun[m.Key] != "" && m.Key != "tools" && m.Key != "prompts" && key == "":
			key, rows = m.Key, m.Value
		case (m.Key == "tools" || m.Key == "prompts") && key == "" && m.Value.Kind == Array && len(m.Value.Items) == 0:
			// An empty tools/list or prompts/list says its noun too ("0
			// tools"); a full one is its own shape's.
			key, rows = m.Key, m.Value
		case m.Key == "nextCursor", m.Key == "_meta", m.Key == "ttlMs", m.Key == "cacheScope":
		default:
			return "", nil, false
		}
	}
	if key == "" || rows.Kind != Array || slices.ContainsFunc(rows.Items, func(r Value) bool { return r.Kind != Object }) {
		return "", nil, false
	}
	return key, rows.Items, true
}
