package recognise

import (
	"sort"
	"strings"
	"unicode"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/relative"
)

// The graph-memory MCP server (graphiti): search results as numbered
// entities and relation arrows, episodes newest first, and one-line
// results for status, add-memory, delete and clear-graph.

var graphitiNodes = Recogniser{
	Name:  "graphiti nodes",
	Tools: []string{"search_nodes", "search_memory_nodes"},
	Keys:  []string{"nodes"},
	Match: func(v Value) bool { return hasObjects(v, "nodes", "name") },
	View:  func(b builder, v Value) ([]view.Block, error) { return graphitiNodeList.view(b, v), nil },
	Long:  &graphitiNodeList,
}

// graphitiNodeList is a search's nodes, streamed when there are many; its
// message (under --verbose) goes before them.
var graphitiNodeList = Long{
	Key:  "nodes",
	Noun: "entity",
	Entry: func(b builder, n Value) view.Entry {
		name := optString(n, "name")
		typ := optString(n, "entity_type")
		summary := optString(n, "summary")
		labels := nodeLabels(n)
		if typ == "" {
			typ = labels
		}
		return view.Entry{Name: name, Tag: typ, Summary: summary, Extra: b.rest(n, 0, "name", "entity_type", "summary")}
	},
	Before: func(b builder, v Value) []view.Block { return b.message(v) },
	Name:   func(n Value) (string, string) { return n.Str("uuid"), n.Str("name") },
	// A triplet's or an episode's entities come with the edges between
	// them ({message, nodes, edges}): the edges as facts, their ends named.
	After: func(b builder, v Value, names *Names) []view.Block {
		edges, err := try(func() []Value { return objects(v, "edges") })
		if err != nil || len(edges) == 0 {
			return withRest(nil, b.rest(v, 0, "message"))
		}
		var ends []string
		for _, e := range edges {
			for _, k := range [...]string{"source_node_uuid", "target_node_uuid"} {
				if u, ok := e.Get(k); ok && u.Kind == String {
					ends = append(ends, u.Text)
				}
			}
		}
		names.Resolve(ends)
		rels, err := try(func() view.Relations { return b.facts(edges, names, "edge") })
		if err != nil {
			return withRest(nil, b.restAlways(v, 0, "message"))
		}
		return withRest([]view.Block{view.Gap{}, rels}, b.rest(v, 0, "message", "edges"))
	},
}

// nodeLabels is a graphiti node's labels but the one every node has
// ("Entity"): its types, "Person".
func nodeLabels(n Value) string {
	var keep []string
	for _, l := range stringList(n, "labels") {
		if l != "Entity" {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, ", ")
}

var graphitiFacts = Recogniser{
	Name:  "graphiti facts",
	Tools: []string{"search_facts", "search_memory_facts"},
	Keys:  []string{"facts"},
	Match: func(v Value) bool { return hasObjects(v, "facts", "fact") || hasObjects(v, "facts", "relation") },
	Items: "facts",
	View: func(b builder, v Value) ([]view.Block, error) {
		rels := b.facts(objects(v, "facts"), nil, "fact")
		return withRest(append(b.message(v), rels), b.rest(v, 0, "message", "facts")), nil
	},
}

// facts are relations under a count: "Graphiti ──uses as backend──▶
// Neo4j", the fact's sentence under it. A wrapper's fact names its ends
// and relation ({source, target, relation, confidence}); graphiti's own
// is an EntityEdge dump, whose ends are node uuids (named from names when
// the reply holds the nodes, else shown short) and whose relation is its
// name (WORKS_AT: "works at").
func (b builder) facts(facts []Value, names *Names, noun string) view.Relations {
	rels := view.Relations{Heading: format.Count(len(facts), noun)}
	end := func(f Value, key, uuidKey string) string {
		if name := endName(f, key); name != "" {
			return name
		}
		u := optString(f, uuidKey)
		if n := names.Name(u); n != "" {
			return n
		}
		return shortID(u)
	}
	for _, f := range facts {
		src := end(f, "source", "source_node_uuid")
		dst := end(f, "target", "target_node_uuid")
		rel := optString(f, "relation")
		fact := optString(f, "fact")
		conf, hasConf := optNumber(f, "confidence")
		invalid := optString(f, "invalid_at")
		expired := optString(f, "expired_at")
		used := []string{"source", "target", "relation", "fact", "confidence", "invalid_at", "expired_at", "source_node_uuid", "target_node_uuid"}
		if rel == "" {
			rel = f.Str("name")
			used = append(used, "name")
		}
		r := view.Relation{From: src, Rel: RelationWords(rel), To: dst, Detail: fact, Extra: b.rest(f, 0, used...)}
		if hasConf {
			c := b.cell("confidence", Value{Kind: Number, Text: conf}, false)
			r.Score = &c
		}
		if invalid == "" {
			invalid = expired // no longer true since it was superseded
		}
		if invalid != "" {
			c := b.cell("invalid_at", Value{Kind: String, Text: invalid}, false)
			r.Invalid = &c
		}
		rels.Relations = append(rels.Relations, r)
	}
	return rels
}

// shortID is the first 8 characters of an id, as tables show one.
func shortID(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

var graphitiEpisodes = Recogniser{
	Name:  "graphiti episodes",
	Tools: []string{"get_episodes"},
	Keys:  []string{"episodes"},
	Match: func(v Value) bool { return hasObjects(v, "episodes", "content") || hasObjects(v, "episodes", "name") },
	Items: "episodes",
	View: func(b builder, v Value) ([]view.Block, error) {
		items := objects(v, "episodes")
		type episode struct {
			ev view.Event
			at int64 // for newest first
		}
		var eps []episode
		for _, e := range items {
			name := optString(e, "name")
			content := optString(e, "content")
			source := optString(e, "source_description")
			created := optString(e, "created_at")
			ep := episode{ev: view.Event{Name: name, Source: source, Content: content,
				Extra: b.rest(e, 0, "name", "content", "source_description", "created_at")}}
			if t, ok := relative.Parse(created); ok {
				c := b.cell("created_at", Value{Kind: String, Text: created}, false)
				ep.ev.At, ep.at = &c, t.UnixNano()
			}
			eps = append(eps, ep)
		}
		sort.SliceStable(eps, func(i, j int) bool { return eps[i].at > eps[j].at })
		tl := view.Timeline{Heading: format.Count(len(eps), "episode")}
		for _, ep := range eps {
			tl.Events = append(tl.Events, ep.ev)
		}
		return append(b.message(v), tl), nil
	},
}

// graphitiEpisodeList is what older graphiti servers (before 1.0)
// answered get_episodes with: a bare list of EpisodicNode dumps ({uuid,
// name, group_id, labels, created_at, source, source_description,
// content, valid_at, entity_edges}), shown as the episodes they are.
var graphitiEpisodeList = Recogniser{
	Name:   "graphiti episode list",
	Arrays: true,
	Match:  func(v Value) bool { return everyHas(v.Items, "content", "source_description", "entity_edges") },
	View: func(b builder, v Value) ([]view.Block, error) {
		return graphitiEpisodes.View(b, Value{Kind: Object, Members: []Member{{Key: "episodes", Value: v}}})
	},
}

var graphitiStatus = Recogniser{
	Name:  "graphiti status",
	Tools: []string{"get_status"},
	Keys:  []string{"status"},
	Match: func(v Value) bool {
		return v.Has("status") && (v.Has("entity_count") || v.Has("episode_count")) || isStatusReport(v)
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		if isStatusReport(v) {
			// graphiti's StatusResponse: {status: ok | error, message}.
			status, msg := v.Str("status"), v.Str("message")
			if reportTone(status) == view.Bad {
				return []view.Block{view.Error{Tool: status, Message: msg}}, nil
			}
			head := view.Part{Tone: reportTone(status), Text: status}
			if head.Tone == view.Good {
				head.Mark = view.OK // only a word that says so: task_not_found is no success
			}
			return []view.Block{view.Footer{Kind: view.Result, Parts: []view.Part{head, {Text: msg}}}}, nil
		}
		status := optString(v, "status")
		counts := countParts(v, "", [][2]string{{"entity_count", "entity"}, {"episode_count", "episode"}})
		updated := optString(v, "last_updated")
		head := view.Part{Mark: view.OK, Tone: view.Good, Text: status}
		if StatusTone(status) != view.Good {
			head.Mark, head.Tone = view.Failed, view.Bad
		}
		f := view.Footer{Kind: view.Result, Parts: append([]view.Part{head}, counts...)}
		if updated != "" {
			c := b.cell("last_updated", Value{Kind: String, Text: updated}, false)
			f.Parts = append(f.Parts, view.Part{Text: "updated ", Cell: &c})
		}
		return withRest([]view.Block{f}, b.rest(v, 2, "status", "entity_count", "episode_count", "last_updated")), nil
	},
}

var graphitiAddMemory = Recogniser{
	Name:  "graphiti add-memory",
	Tools: []string{"add_memory", "add_episode"},
	Keys:  []string{"entities_extracted", "facts_extracted"},
	Match: func(v Value) bool { return v.Has("entities_extracted") || v.Has("facts_extracted") },
	View: func(b builder, v Value) ([]view.Block, error) {
		msg := optString(v, "message")
		name := optString(v, "name")
		counts := countParts(v, "", [][2]string{{"entities_extracted", "entity"}, {"facts_extracted", "fact"}})
		what := msg
		if what == "" {
			what = "added " + name
		}
		f := view.Footer{Kind: view.Result, Parts: append([]view.Part{{Mark: view.OK, Tone: view.Good, Text: what}}, counts...)}
		return withRest([]view.Block{f}, b.rest(v, 2, "message", "entities_extracted", "facts_extracted")), nil
	},
}

var graphitiClear = Recogniser{
	Name:     "graphiti clear-graph",
	Failures: true,
	Tools:    []string{"clear_graph"},
	Keys:     []string{"success"},
	Match: func(v Value) bool {
		return v.Has("success") && (v.Has("deleted_entities") || v.Has("deleted_episodes"))
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		f := successLine(v)
		f.Parts = append(f.Parts, countParts(v, " deleted", [][2]string{{"deleted_entities", "entity"}, {"deleted_episodes", "episode"}})...)
		return withRest([]view.Block{f}, b.rest(v, 2, "deleted_entities", "deleted_episodes", "success", "message")), nil
	},
}

var graphitiDelete = Recogniser{
	Name:     "graphiti delete",
	Failures: true,
	Tools:    []string{"delete_episode", "delete_entity_edge"},
	Keys:     []string{"success"},
	Match: func(v Value) bool {
		s, ok := v.Says("success")
		return ok && s.Kind == Bool && v.Has("message") && len(v.Members) <= 3
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		f := successLine(v)
		if uuid := optString(v, "uuid"); uuid != "" {
			c := b.cell("uuid", Value{Kind: String, Text: uuid}, false)
			f.Parts = append(f.Parts, view.Part{Cell: &c})
		}
		return withRest([]view.Block{f}, b.rest(v, 2, "uuid", "success", "message")), nil
	},
}

// countParts are the counts v has under keys[i][0], as "3 entities"
// (keys[i][1] the noun), each followed by suffix.
func countParts(v Value, suffix string, keys [][2]string) []view.Part {
	var parts []view.Part
	for _, k := range keys {
		if n, has := optNumber(v, k[0]); has {
			parts = append(parts, view.Part{Text: format.CountText(n, k[1]) + suffix})
		}
	}
	return parts
}

// isStatusReport: {status, message}, both text, and nothing else: a
// server's health (graphiti's get_status).
func isStatusReport(v Value) bool {
	s, ok1 := v.Get("status")
	m, ok2 := v.Get("message")
	return len(v.Members) == 2 && ok1 && ok2 && s.Kind == String && m.Kind == String
}

// successLine is "✓ message" or, for success: false, "✗ message" as the
// failure it is.
func successLine(v Value) view.Footer {
	ok, has := v.Says("success")
	if !has || ok.Kind != Bool {
		badShape("success is not a boolean")
	}
	head := view.Part{Mark: view.OK, Tone: view.Good, Text: optString(v, "message")}
	if ok.IsFalse() {
		head.Mark, head.Tone = view.Failed, view.Bad
	}
	if head.Text == "" {
		head.Text = map[bool]string{true: "done", false: "failed"}[ok.IsTrue()]
	}
	return view.Footer{Kind: view.Result, Parts: []view.Part{head}}
}

// message is, under --verbose, a response's status message as a note: it
// says "retrieved successfully" and little else.
func (b builder) message(v Value) []view.Block {
	if msg := v.Str("message"); msg != "" && b.opt.Verbose {
		return []view.Block{view.Note{Fields: []string{msg}}}
	}
	return nil
}

// withRest appends a record of left-over fields, when there is one, after
// the blocks that go before it (a gap).
func withRest(blocks []view.Block, rest *view.Record, before ...view.Block) []view.Block {
	if rest != nil {
		blocks = append(append(blocks, before...), *rest)
	}
	return blocks
}

// endName is the name of a fact's source or target: {"name": "…"} or a string.
func endName(f Value, key string) string {
	e, ok := f.Get(key)
	switch {
	case !ok:
		return ""
	case e.Kind == String:
		return e.Text
	case e.Kind == Object:
		return optString(e, "name")
	}
	panic(shapeError{errShape("%s is neither a name nor an object", key)})
}

// RelationWords turns a relation name into words: USES_AS_BACKEND and
// usesAsBackend read "uses as backend", Maintains reads "maintains".
func RelationWords(rel string) string {
	var b strings.Builder
	prevLower := false
	for _, r := range rel {
		switch {
		case r == '_' || r == '-' || r == ' ':
			b.WriteByte(' ')
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
		prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
