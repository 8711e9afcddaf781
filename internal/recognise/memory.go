package recognise

import (
	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// The knowledge-graph MCP server (server-memory): entities with their type
// and observations, relations drawn as arrows (read_graph, search_nodes,
// open_nodes, create_entities, create_relations), and the observations an
// add_observations call added. Its deletes answer {success, message},
// which the one-line success view shows.

var memoryGraph = Recogniser{
	Name:  "memory graph",
	Keys:  []string{"entities", "relations"},
	Match: isMemoryGraph,
	View: func(b builder, v Value) ([]view.Block, error) {
		ents, hasEnts := v.Get("entities")
		rels, hasRels := v.Get("relations")
		if len(ents.Items) == 0 && len(rels.Items) == 0 {
			// Nothing matched, or an empty graph: one line says so.
			f := view.Footer{Kind: view.Meta}
			if hasEnts {
				f.Parts = append(f.Parts, view.Part{Text: format.Count(0, "entity")})
			}
			if hasRels {
				f.Parts = append(f.Parts, view.Part{Text: format.Count(0, "relation")})
			}
			return withRest([]view.Block{f}, b.restAlways(v, 0, "entities", "relations")), nil
		}
		var blocks []view.Block
		if len(ents.Items) > 0 {
			blocks = memoryEntities.entries(b, ents.Items)
		}
		return append(blocks, memoryRelations(b, value.Without(v, "entities"), len(blocks) > 0)...), nil
	},
	Long: &memoryEntities,
}

// memoryEntities is a graph's entities, streamed when there are many.
var memoryEntities = Long{
	Key:  "entities",
	Noun: "entity",
	Entry: func(b builder, e Value) view.Entry {
		name := optString(e, "name")
		typ := optString(e, "entityType")
		obs := stringList(e, "observations")
		return view.Entry{Name: name, Tag: typ, Lines: obs, Extra: b.restAlways(e, 0, "name", "entityType", "observations")}
	},
	After: func(b builder, v Value, _ *Names) []view.Block {
		after, err := try(func() []view.Block { return memoryRelations(b, v, true) })
		if err != nil {
			// A relation not of the shape: the rest as it came.
			return []view.Block{view.Gap{}, b.recordOf(v, 0, false, false)}
		}
		return after
	},
}

// memoryRelations is what follows a graph's entities (all of v but them):
// its relations, after a gap when entities were shown, and its other
// fields.
func memoryRelations(b builder, v Value, afterEntities bool) []view.Block {
	var blocks []view.Block
	rels, _ := v.Get("relations")
	if len(rels.Items) > 0 {
		if afterEntities {
			blocks = append(blocks, view.Gap{})
		}
		rs := view.Relations{Heading: format.Count(len(rels.Items), "relation")}
		for _, r := range rels.Items {
			from := optString(r, "from")
			to := optString(r, "to")
			rel := optString(r, "relationType")
			rs.Relations = append(rs.Relations, view.Relation{From: from, Rel: RelationWords(rel), To: to,
				Extra: b.restAlways(r, 0, "from", "to", "relationType")})
		}
		blocks = append(blocks, rs)
	}
	return withRest(blocks, b.restAlways(v, 0, "entities", "relations"))
}

var memoryObservations = Recogniser{
	Name:  "memory observations",
	Keys:  []string{"results"},
	Match: func(v Value) bool { return len(v.Members) == 1 && hasObjects(v, "results", "addedObservations") },
	Items: "results",
	View: func(b builder, v Value) ([]view.Block, error) {
		items := view.Items{}
		n := 0
		for _, r := range objects(v, "results") {
			name := optString(r, "entityName")
			obs := stringList(r, "addedObservations")
			n += len(obs)
			items.Entries = append(items.Entries, view.Entry{Name: name, Lines: obs,
				Extra: b.restAlways(r, 0, "entityName", "addedObservations")})
		}
		items.Heading = format.Count(n, "observation") + " added"
		return []view.Block{items}, nil
	},
}

// isMemoryGraph: entities with an entityType, relations with a
// relationType, and nothing else but _meta.
func isMemoryGraph(v Value) bool {
	if v.Kind != Object {
		return false
	}
	typed := false
	for _, m := range v.Members {
		switch m.Key {
		case "entities", "relations":
			if m.Value.Kind != Array {
				return false
			}
			field := map[string]string{"entities": "entityType", "relations": "relationType"}[m.Key]
			typed = typed || len(m.Value.Items) == 0 || hasObjects(v, m.Key, field)
		case "_meta":
		default:
			return false
		}
	}
	return typed
}

// stringList reads an optional list of strings.
func stringList(v Value, key string) []string {
	f, ok := v.Get(key)
	if !ok || f.Kind == Null {
		return nil
	}
	if f.Kind != Array {
		badShape("%s is not a list", key)
	}
	out := make([]string, len(f.Items))
	for i, it := range f.Items {
		if it.Kind != String {
			badShape("an item of %s is not a string", key)
		}
		out[i] = it.Text
	}
	return out
}
