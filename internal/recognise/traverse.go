package recognise

import (
	"slices"
	"strconv"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// khiveTraverse is khive's traverse (khive-pack-kg handlers/graph.rs,
// handle_traverse): a list of paths {root_id, nodes, total_weight}, each
// node {id, via_edge, depth, name?, kind?}, the root at depth 0. Each path
// is headed by its root's name, its weight and its size; its nodes follow
// as rows, in the order walked. A node says the edge it came by, not the
// node that edge leaves, so a path is drawn as one line (A → B → C) only
// where each depth has one node: a tree would make up its branches.
var khiveTraverse = Recogniser{
	Name:   "khive traverse",
	Tools:  []string{"traverse"},
	Arrays: true,
	Match: func(v Value) bool {
		return everyHas(v.Items, "root_id") && !slices.ContainsFunc(v.Items, func(p Value) bool { return !hasObjects(p, "nodes", "depth") })
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		b.khive = true
		var blocks []view.Block
		for i, p := range v.Items {
			nodes := objects(p, "nodes")
			if i > 0 {
				blocks = append(blocks, view.Gap{})
			}
			// A node is named by its name, or its id's prefix (a note).
			name := func(n Value) string {
				if s := n.Str("name"); s != "" {
					return s
				}
				return shortID(n.Str("id"))
			}
			// The root is named by its node; without one (roots left
			// out), by its id, whole under --verbose.
			rootID := p.Str("root_id")
			root := view.Part{Cell: &view.Cell{Kind: view.ID, Text: rootID, ShortLen: 8}}
			chain := len(nodes) > 1
			for d, n := range nodes {
				depth, _ := n.Get("depth")
				if depth.Text != strconv.Itoa(d) {
					chain = false
				}
				if depth.Text == "0" && n.Str("id") == rootID {
					root = view.Part{Text: name(n)}
				}
			}
			parts := []view.Part{root}
			if w, ok := p.Get("total_weight"); ok && w.Kind == Number {
				parts = append(parts, view.Part{Text: "weight " + w.Text})
			}
			parts = append(parts, view.Part{Text: format.Count(len(nodes), "node")})
			blocks = append(blocks, view.Footer{Kind: view.Result, Parts: parts})
			if chain {
				line := make([]view.Part, len(nodes))
				for d, n := range nodes {
					line[d] = view.Part{Text: name(n)}
				}
				blocks = append(blocks, view.Footer{Kind: view.Path, Parts: line, Indent: 2})
			}
			t, _ := b.table(nodes, 2, false)
			blocks = withRest(append(blocks, t), b.restAlways(p, 2, "nodes", "root_id", "total_weight"))
		}
		return append(blocks, countOf(len(v.Items), len(v.Items), "path", 0)), nil
	},
}
