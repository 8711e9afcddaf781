package pretty

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/relative"
	"github.com/khive-ai/khive-pretty/table"
)

// Renderers for the graph-memory MCP server (graphiti): search results as
// numbered entities and fact arrows, episodes newest first, and one-line
// results for status, add-memory, delete and clear-graph.

var graphitiNodes = shapeRenderer{
	name:     "graphiti nodes",
	markdown: mdNodes,
	tools:    []string{"search_nodes", "search_memory_nodes"},
	match:    func(v Value) bool { return hasObjects(v, "nodes", "name") },
	human: func(h human, v Value) error {
		nodes, err := objects(v, "nodes")
		if err != nil {
			return err
		}
		h.verboseMessage(v)
		h.o.line(h.th.Bold.Render(count(len(nodes), "entity")))
		numW := len(strconv.Itoa(len(nodes))) + 2
		for i, n := range nodes {
			nd, err := readNode(n)
			if err != nil {
				return err
			}
			name, typ, summary := nd.name, nd.typ, nd.summary
			num := strconv.Itoa(i+1) + "."
			line := strings.Repeat(" ", numW-len(num)) + num + " " + h.th.Bold.Render(h.text(name))
			w := numW + 1 + table.Width(h.text(name))
			if typ != "" {
				line += " " + h.th.Tone(glyphs.Accent).Render("["+h.text(typ)+"]")
				w += 3 + table.Width(h.text(typ))
			}
			if summary != "" {
				sep := " " + h.g.Dash + " "
				text := h.text(summary)
				if h.width > 0 {
					text = table.CutWords(text, h.width-w-table.Width(sep), h.g.Ellipsis)
				}
				line += sep + text
			}
			h.o.line(line)
			h.verboseRest(n, numW+1, "name", "entity_type", "summary")
		}
		return nil
	},
}

var graphitiFacts = shapeRenderer{
	name:     "graphiti facts",
	markdown: mdFacts,
	tools:    []string{"search_facts", "search_memory_facts"},
	match:    func(v Value) bool { return hasObjects(v, "facts", "fact") || hasObjects(v, "facts", "relation") },
	human: func(h human, v Value) error {
		facts, err := objects(v, "facts")
		if err != nil {
			return err
		}
		h.verboseMessage(v)
		h.o.line(h.th.Bold.Render(count(len(facts), "fact")))
		for _, f := range facts {
			ft, err := readFact(f)
			if err != nil {
				return err
			}
			src, dst, rel, fact, conf, hasConf, invalid := ft.src, ft.dst, ft.rel, ft.fact, ft.conf, ft.hasConf, ft.invalid
			line := h.th.Bold.Render(h.text(src)) + " " +
				h.th.Tone(glyphs.Accent).Render(h.g.RelFrom+h.text(relationWords(rel))+h.g.RelTo) + " " +
				h.th.Bold.Render(h.text(dst))
			if hasConf {
				line += "  " + sig3(conf)
			}
			if invalid != "" {
				line += "  " + h.th.Tone(glyphs.Warn).Render("invalid since "+h.cell("invalid_at", Value{Kind: String, Text: invalid}, false).Text)
			}
			h.o.line(line)
			if fact != "" {
				text := h.text(fact)
				if h.width > 0 {
					text = table.CutWords(text, h.width-2, h.g.Ellipsis)
				}
				h.o.line("  " + h.th.Faint.Render(text))
			}
			h.verboseRest(f, 2, "source", "target", "relation", "fact", "confidence", "invalid_at")
		}
		return nil
	},
}

var graphitiEpisodes = shapeRenderer{
	name:     "graphiti episodes",
	markdown: mdEpisodes,
	tools:    []string{"get_episodes"},
	match:    func(v Value) bool { return hasObjects(v, "episodes", "content") || hasObjects(v, "episodes", "name") },
	human: func(h human, v Value) error {
		eps, err := readEpisodes(v)
		if err != nil {
			return err
		}
		when := make([]string, len(eps))
		whenW := 0
		for i, ep := range eps {
			if ep.at != 0 {
				when[i] = h.cell("created_at", Value{Kind: String, Text: ep.created}, false).Text
			}
			whenW = max(whenW, table.Width(when[i]))
		}
		h.verboseMessage(v)
		h.o.line(h.th.Bold.Render(count(len(eps), "episode")))
		for i, ep := range eps {
			line := h.th.Faint.Render(when[i]) + strings.Repeat(" ", whenW-table.Width(when[i])+2) + h.th.Bold.Render(h.text(ep.name))
			if ep.source != "" {
				line += h.th.Faint.Render(h.g.Sep + h.text(ep.source))
			}
			h.o.line(line)
			if ep.content != "" {
				if h.opt.Verbose {
					h.multiline("  ", 2, ep.content, false)
				} else {
					text := h.text(ep.content)
					if h.width > 0 {
						text = table.CutWords(text, h.width-2, h.g.Ellipsis)
					}
					h.o.line("  " + text)
				}
			}
			h.verboseRest(ep.v, 2, "name", "content", "source_description", "created_at")
		}
		return nil
	},
}

var graphitiStatus = shapeRenderer{
	name: "graphiti status",
	markdown: func(m markdown, v Value) error {
		return m.mdLine(v, statusHuman, "status", "entity_count", "episode_count", "last_updated")
	},
	tools: []string{"get_status"},
	match: func(v Value) bool { return v.Has("status") && (v.Has("entity_count") || v.Has("episode_count")) },
	human: statusHuman,
}

var graphitiAddMemory = shapeRenderer{
	name: "graphiti add-memory",
	markdown: func(m markdown, v Value) error {
		return m.mdLine(v, addMemoryHuman, "message", "entities_extracted", "facts_extracted")
	},
	tools: []string{"add_memory", "add_episode"},
	match: func(v Value) bool { return v.Has("entities_extracted") || v.Has("facts_extracted") },
	human: addMemoryHuman,
}

var graphitiClear = shapeRenderer{
	name:     "graphiti clear-graph",
	failures: true,
	markdown: func(m markdown, v Value) error {
		return m.mdLine(v, clearHuman, "success", "message", "deleted_entities", "deleted_episodes")
	},
	tools: []string{"clear_graph"},
	match: func(v Value) bool {
		return v.Has("success") && (v.Has("deleted_entities") || v.Has("deleted_episodes"))
	},
	human: clearHuman,
}

var graphitiDelete = shapeRenderer{
	name:     "graphiti delete",
	failures: true,
	markdown: func(m markdown, v Value) error {
		return m.mdLine(v, deleteHuman, "success", "message", "uuid")
	},
	tools: []string{"delete_episode", "delete_entity_edge"},
	match: func(v Value) bool {
		s, ok := v.Get("success")
		return ok && s.Kind == Bool && v.Has("message") && len(v.Members) <= 3
	},
	human: deleteHuman,
}

// successLine writes "✓ message · …" or, for success: false, "✗ message ·
// …" in red; more adds the renderer's own parts.
func (h human) successLine(v Value, more func([]string) ([]string, error), skip ...string) error {
	ok, has := v.Get("success")
	if !has || ok.Kind != Bool {
		return errShape("success is not a boolean")
	}
	msg, err := optString(v, "message")
	if err != nil {
		return err
	}
	mark, tone := h.g.OKMark, glyphs.Good
	if ok.IsFalse() {
		mark, tone = h.g.ErrorMark, glyphs.Bad
	}
	if msg == "" {
		msg = map[bool]string{true: "done", false: "failed"}[ok.IsTrue()]
	}
	parts, err := more([]string{h.th.Tone(tone).Render(mark + " " + h.text(msg))})
	if err != nil {
		return err
	}
	h.summaryLine(parts, 0)
	h.verboseRest(v, 2, append(skip, "success", "message")...)
	return nil
}

// verboseMessage shows a response's status message under --verbose: it
// says "retrieved successfully" and little else.
func (h human) verboseMessage(v Value) {
	if msg := v.str("message"); msg != "" && h.opt.Verbose {
		h.o.line(h.th.Faint.Render(h.text(msg)))
	}
}

// verboseRest shows, under --verbose, the fields a renderer's summary line
// left out, as a key/value block.
func (h human) verboseRest(v Value, indent int, shown ...string) {
	if !h.opt.Verbose {
		return
	}
	if rest := without(v, shown...); !isFiller("", rest, false) {
		h.record(rest, indent, false, false)
	}
}

// without is v without the first member of each key named: those are the
// ones a renderer showed (Get finds the first); a repeated key is still a
// field to show.
func without(v Value, keys ...string) Value {
	used := make(map[string]bool, len(keys))
	for _, k := range keys {
		used[k] = true
	}
	return withoutFirst(v, used)
}

// endName is the name of a fact's source or target: {"name": "…"} or a string.
func endName(f Value, key string) (string, error) {
	e, ok := f.Get(key)
	switch {
	case !ok:
		return "", nil
	case e.Kind == String:
		return e.Text, nil
	case e.Kind == Object:
		return optString(e, "name")
	}
	return "", errShape("%s is neither a name nor an object", key)
}

// relationWords turns a relation name into words: USES_AS_BACKEND and
// usesAsBackend read "uses as backend", Maintains reads "maintains".
func relationWords(rel string) string {
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

// hasObjects: v has a list under key whose first item is an object with field.
func hasObjects(v Value, key, field string) bool {
	l, ok := v.Get(key)
	return ok && l.Kind == Array && len(l.Items) > 0 && l.Items[0].Kind == Object && l.Items[0].Has(field)
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// countText is count for a number as written in the input ("1284
// entities"), which may be too large for an int.
func countText(lit, singular string) string {
	c := count(2, singular)
	if lit == "1" {
		c = count(1, singular)
	}
	return lit + c[strings.IndexByte(c, ' '):]
}

// Readers: the fields each item is shown by, read strictly once for both
// the human and the Markdown form.

type gNode struct{ name, typ, summary string }

func readNode(n Value) (gNode, error) {
	name, err1 := optString(n, "name")
	typ, err2 := optString(n, "entity_type")
	summary, err3 := optString(n, "summary")
	return gNode{name, typ, summary}, firstErr(err1, err2, err3)
}

type gFact struct {
	src, dst, rel, fact, conf, invalid string
	hasConf                            bool
}

func readFact(f Value) (gFact, error) {
	src, err1 := endName(f, "source")
	dst, err2 := endName(f, "target")
	rel, err3 := optString(f, "relation")
	fact, err4 := optString(f, "fact")
	conf, hasConf, err5 := optNumber(f, "confidence")
	invalid, err6 := optString(f, "invalid_at")
	return gFact{src, dst, rel, fact, conf, invalid, hasConf}, firstErr(err1, err2, err3, err4, err5, err6)
}

type gEpisode struct {
	v                              Value
	name, content, source, created string
	at                             int64 // for newest first
}

// readEpisodes reads episodes, newest first.
func readEpisodes(v Value) ([]gEpisode, error) {
	items, err := objects(v, "episodes")
	if err != nil {
		return nil, err
	}
	var eps []gEpisode
	for _, e := range items {
		name, err1 := optString(e, "name")
		content, err2 := optString(e, "content")
		source, err3 := optString(e, "source_description")
		created, err4 := optString(e, "created_at")
		if err := firstErr(err1, err2, err3, err4); err != nil {
			return nil, err
		}
		ep := gEpisode{v: e, name: name, content: content, source: source, created: created}
		if t, ok := relative.Parse(created); ok {
			ep.at = t.UnixNano()
		}
		eps = append(eps, ep)
	}
	sort.SliceStable(eps, func(i, j int) bool { return eps[i].at > eps[j].at })
	return eps, nil
}

// Markdown forms.

func mdNodes(m markdown, v Value) error {
	nodes, err := objects(v, "nodes")
	if err != nil {
		return err
	}
	m.o.line("**" + count(len(nodes), "entity") + "**")
	m.o.gap()
	for i, n := range nodes {
		nd, err := readNode(n)
		if err != nil {
			return err
		}
		name, typ, summary := nd.name, nd.typ, nd.summary
		line := itoa(i+1) + ". " + mdStrong(mdInline(m.h.text(name)))
		if typ != "" {
			line += " [" + mdInline(m.h.text(typ)) + "]"
		}
		if summary != "" {
			text := m.h.text(summary)
			if !m.h.opt.Verbose {
				text = table.CutWords(text, mdCell, m.h.g.Ellipsis)
			}
			line += " " + m.h.g.Dash + " " + mdInline(text)
		}
		m.o.line(line)
	}
	return nil
}

func mdFacts(m markdown, v Value) error {
	facts, err := objects(v, "facts")
	if err != nil {
		return err
	}
	m.o.line("**" + count(len(facts), "fact") + "**")
	m.o.gap()
	for _, f := range facts {
		ft, err := readFact(f)
		if err != nil {
			return err
		}
		src, dst, rel, fact, conf, hasConf := ft.src, ft.dst, ft.rel, ft.fact, ft.conf, ft.hasConf
		line := "- " + mdStrong(mdInline(m.h.text(src))) + " " + m.h.g.RelFrom + mdInline(m.h.text(relationWords(rel))) + m.h.g.RelTo + " " + mdStrong(mdInline(m.h.text(dst)))
		if hasConf {
			line += " (" + sig3(conf) + ")"
		}
		if fact != "" {
			text := m.h.text(fact)
			if !m.h.opt.Verbose {
				text = table.CutWords(text, mdCell, m.h.g.Ellipsis)
			}
			line += ": " + mdInline(text)
		}
		m.o.line(line)
	}
	return nil
}

func mdEpisodes(m markdown, v Value) error {
	eps, err := readEpisodes(v)
	if err != nil {
		return err
	}
	m.o.line("**" + count(len(eps), "episode") + "**")
	m.o.gap()
	for _, ep := range eps {
		line := "- " + mdStrong(mdInline(m.h.text(ep.name)))
		if ep.at != 0 {
			line += m.h.g.Sep + m.h.cell("created_at", Value{Kind: String, Text: ep.created}, false).Text
		}
		if ep.source != "" {
			line += m.h.g.Sep + mdInline(m.h.text(ep.source))
		}
		if ep.content != "" {
			text := m.h.text(ep.content)
			if !m.h.opt.Verbose {
				text = table.CutWords(text, mdCell, m.h.g.Ellipsis)
			}
			line += ": " + mdInline(text)
		}
		m.o.line(line)
	}
	return nil
}

func statusHuman(h human, v Value) error {
	status, err1 := optString(v, "status")
	ents, hasEnts, err2 := optNumber(v, "entity_count")
	eps, hasEps, err3 := optNumber(v, "episode_count")
	updated, err4 := optString(v, "last_updated")
	if err := firstErr(err1, err2, err3, err4); err != nil {
		return err
	}
	mark, tone := h.g.OKMark, glyphs.Good
	if m, ok := h.g.Status(status); !ok || m.Tone != glyphs.Good {
		mark, tone = h.g.ErrorMark, glyphs.Bad
	}
	parts := []string{h.th.Tone(tone).Render(mark + " " + h.text(status))}
	if hasEnts {
		parts = append(parts, countText(ents, "entity"))
	}
	if hasEps {
		parts = append(parts, countText(eps, "episode"))
	}
	if updated != "" {
		parts = append(parts, "updated "+h.cell("last_updated", Value{Kind: String, Text: updated}, false).Text)
	}
	h.summaryLine(parts, 0)
	h.verboseRest(v, 2, "status", "entity_count", "episode_count", "last_updated")
	return nil
}

func addMemoryHuman(h human, v Value) error {
	msg, err1 := optString(v, "message")
	name, err2 := optString(v, "name")
	ents, hasEnts, err3 := optNumber(v, "entities_extracted")
	facts, hasFacts, err4 := optNumber(v, "facts_extracted")
	if err := firstErr(err1, err2, err3, err4); err != nil {
		return err
	}
	what := msg
	if what == "" {
		what = "added " + name
	}
	parts := []string{h.th.Tone(glyphs.Good).Render(h.g.OKMark) + " " + h.text(what)}
	if hasEnts {
		parts = append(parts, countText(ents, "entity"))
	}
	if hasFacts {
		parts = append(parts, countText(facts, "fact"))
	}
	h.summaryLine(parts, 0)
	h.verboseRest(v, 2, "message", "entities_extracted", "facts_extracted")
	return nil
}

func clearHuman(h human, v Value) error {
	return h.successLine(v, func(parts []string) ([]string, error) {
		ents, hasEnts, err1 := optNumber(v, "deleted_entities")
		eps, hasEps, err2 := optNumber(v, "deleted_episodes")
		if err := firstErr(err1, err2); err != nil {
			return nil, err
		}
		if hasEnts {
			parts = append(parts, countText(ents, "entity")+" deleted")
		}
		if hasEps {
			parts = append(parts, countText(eps, "episode")+" deleted")
		}
		return parts, nil
	}, "deleted_entities", "deleted_episodes")
}

func deleteHuman(h human, v Value) error {
	return h.successLine(v, func(parts []string) ([]string, error) {
		uuid, err := optString(v, "uuid")
		if err != nil {
			return nil, err
		}
		if uuid != "" {
			parts = append(parts, h.th.ID.Render(h.cell("uuid", Value{Kind: String, Text: uuid}, false).Text))
		}
		return parts, nil
	}, "uuid")
}
