package recognise

import (
	"slices"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// What an MCP server offers: tools/list as each tool with its arguments,
// behaviour hints and what it returns; prompts/list as each prompt with
// its arguments. A count heads the list, the next page's cursor ends it;
// --verbose adds every field as it came (the raw schemas).

var mcpTools = Recogniser{
	Name:  "MCP tools",
	Keys:  []string{"tools"},
	Match: func(v Value) bool { return hasObjects(v, "tools", "inputSchema") },
	Items: "tools",
	Lead:  []string{"name", "title", "description"},
	Whole: []string{"inputSchema", "outputSchema"},
	View: func(b builder, v Value) ([]view.Block, error) {
		if tools := objects(v, "tools"); len(tools) > overviewAfter && b.opt.Fold && !b.opt.Verbose {
			return b.toolOverview(v, tools), nil
		}
		return b.offers(v, "tools", "tool", b.tool), nil
	},
}

// overviewAfter is how many tools a list shows in full on a screen; a
// longer one (Playwright's 25: 272 lines at 80 columns) is an overview,
// a line per tool, as an MCP client lists them.
const overviewAfter = 8

// toolOverview is a long tools/list as a table: a tool's signature
// (search(query:str, limit?:num)), the behaviours it declares (read-only,
// destructive, open-world, as mcpc lists them; whether it is idempotent
// under -v) and the first line of what
// it does; --verbose (and Markdown) show every tool in full. A narrow
// terminal cuts a signature's parameters before its name.
func (b builder) toolOverview(v Value, tools []Value) []view.Block {
	rows := make([][]view.Cell, len(tools))
	hinted := false
	var legend []view.Hint // each glyph the table shows, said once under it
	longest := 0           // the longest name: a signature is cut in its parameters, never its name
	for i, t := range tools {
		d := must(b.tool(t))
		longest = max(longest, len(d.Name))
		desc, _, _ := strings.Cut(d.Description, "\n")
		rows[i] = []view.Cell{{Kind: view.Text, Text: d.Name + "(" + signature(d.Params) + ")"}, {}, {}}
		var shown []view.Hint
		for _, h := range d.Hints {
			if h.Kind != view.Idempotent { // what a call may do, not how it repeats: -v says that
				shown = append(shown, h)
				if h.Kind != view.OtherHint && !slices.ContainsFunc(legend, func(l view.Hint) bool { return l.Kind == h.Kind }) {
					legend = append(legend, h)
				}
			}
		}
		if len(shown) > 0 {
			rows[i][1], hinted = view.Cell{Kind: view.Hints, Sub: &view.Sub{Hints: shown}}, true
		}
		if desc = strings.TrimSpace(desc); desc != "" {
			rows[i][2] = view.Cell{Kind: view.Text, Text: desc}
		}
	}
	cols := []view.Column{
		// Room for the names first: the parameters get what is left
		// after the hints and the description.
		{Key: "name", Header: "TOOL", Keep: 100, Identity: true, Flex: true, Min: min(max(16, longest+3), 48)},
		// A few glyphs wide: a destructive tool is marked at any width.
		{Key: "hints", Header: "HINTS", Keep: 90},
		{Key: "description", Header: "DESCRIPTION", Keep: 85, Flex: true, Min: 20, Want: 40},
	}
	// Hints every tool declares alike are said once, under the table.
	same := hinted
	for i := range rows {
		same = same && rows[i][1].Kind == view.Hints && slices.Equal(rows[i][1].Sub.Hints, rows[0][1].Sub.Hints)
	}
	if !hinted || same {
		cols = slices.Delete(cols, 1, 2)
		for i := range rows {
			rows[i] = slices.Delete(rows[i], 1, 2)
		}
	}
	blocks := []view.Block{view.Heading{Text: format.Count(len(tools), "tool")}, view.Table{Columns: cols, Rows: rows}}
	if len(legend) > 0 {
		// What each glyph of the hints says, once.
		key := view.Footer{Kind: view.Meta}
		for i := range legend {
			key.Parts = append(key.Parts, view.Part{Text: legend[i].Text, Hint: &legend[i]})
		}
		if same {
			key.Parts[len(key.Parts)-1].Text += " (every tool)"
		}
		blocks = append(blocks, key)
	}
	blocks = append(blocks, view.Footer{Kind: view.Meta, Parts: []view.Part{{Text: "-v shows each tool's description and parameters"}}})
	return withRest(blocks, b.leftover(v, 0, "tools"), view.Gap{})
}

// signature is a tool's parameters on one line: name:type, an optional
// one marked "?", types short as clients write them (str, num, bool).
func signature(ps []view.Param) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		name := p.Name
		if !p.Required {
			name += "?"
		}
		parts[i] = name
		if p.Type != "" {
			parts[i] += ":" + shortTypes.Replace(p.Type)
		}
	}
	return strings.Join(parts, ", ")
}

// shortTypes abbreviates a JSON Schema type as it is written for people.
var shortTypes = strings.NewReplacer("string", "str", "number", "num", "integer", "int", "boolean", "bool", "object", "obj", " | ", "|")

var mcpPrompts = Recogniser{
	Name: "MCP prompts",
	Keys: []string{"prompts"},
	Match: func(v Value) bool {
		return hasObjects(v, "prompts", "name") && !hasObjects(v, "prompts", "inputSchema")
	},
	Items: "prompts",
	View: func(b builder, v Value) ([]view.Block, error) {
		return b.offers(v, "prompts", "prompt", b.prompt), nil
	},
}

// offers is a list of definitions under key: a count, each one after a
// blank line, then "more after CURSOR" and the list's other fields.
func (b builder) offers(v Value, key, noun string, def func(Value) (view.Definition, error)) []view.Block {
	items := objects(v, key)
	blocks := []view.Block{view.Heading{Text: format.Count(len(items), noun)}}
	for _, it := range items {
		blocks = append(blocks, view.Gap{}, must(def(it)))
	}
	if cursor := optString(v, "nextCursor"); cursor != "" {
		c := b.cell("nextCursor", Value{Kind: String, Text: cursor}, false)
		blocks = append(blocks, view.Gap{}, view.Footer{Kind: view.Meta, Parts: []view.Part{{Text: "more after ", Cell: &c}}})
	}
	return withRest(blocks, b.leftover(v, 0, key, "nextCursor"), view.Gap{})
}

// leftover is the fields a view left out, as a record at indent:
// protocol detail (_meta; the caching hints ttlMs and cacheScope that the
// Go SDK adds to every list) only under --verbose, every other field
// always; nil when there are none.
func (b builder) leftover(v Value, indent int, shown ...string) *view.Record {
	if !b.opt.Verbose {
		shown = append(shown, "_meta", "ttlMs", "cacheScope")
	}
	return b.restAlways(v, indent, shown...)
}

// tool is one tool: its name, its title when it says more, the hints it
// declares, its description, its arguments and what it returns.
func (b builder) tool(t Value) (view.Definition, error) {
	return try(func() view.Definition {
		d := b.named(t)
		in, _ := t.Get("inputSchema")
		d.Params = must(schema{root: in}.params(in, false))
		if out, ok := t.Get("outputSchema"); ok && out.Kind == Object {
			d.Returns = schema{root: out}.typeOf(out, 2)
		}
		d.Hints = toolHints(t)
		return d
	})
}

// prompt is one prompt: its name, title, description and arguments.
func (b builder) prompt(p Value) (view.Definition, error) {
	return try(func() view.Definition {
		d := b.named(p)
		args, ok := p.Get("arguments")
		if !ok || args.Kind == Null {
			return d
		}
		if args.Kind != Array {
			badShape("arguments is not a list")
		}
		for _, a := range args.Items {
			if a.Kind != Object {
				badShape("an argument is not an object")
			}
			name := optString(a, "name")
			title := optString(a, "title")
			desc := optString(a, "description")
			req, _ := a.Get("required")
			arg := view.Param{Name: name, Description: Dedent(desc), Required: req.IsTrue()}
			if !SameWords(title, name) {
				arg.Title = title
			}
			d.Params = append(d.Params, arg)
		}
		return d
	})
}

// named is the part every definition has: name, title (when it says more
// than the name, or under --verbose) and description; under --verbose,
// every other field as it came.
func (b builder) named(v Value) view.Definition {
	name := optString(v, "name")
	title := optString(v, "title")
	desc := optString(v, "description")
	if ann, ok := v.Get("annotations"); title == "" && ok {
		// A tool's title may be only among its annotations (Playwright's).
		title = ann.Str("title")
	}
	d := view.Definition{Name: name, Description: Dedent(desc), Extra: b.rest(v, 2, "name", "title", "description")}
	if b.opt.Verbose || !SameWords(title, name) {
		d.Title = title
	}
	return d
}

// toolHints are the behaviours a tool declares, as it declares them: a
// hint is shown when it is true, never from MCP's defaults (a tool that
// says nothing may be destructive; it is not shown as such). A tool that
// must run as a task says so.
func toolHints(t Value) []view.Hint {
	var hints []view.Hint
	ann, _ := t.Get("annotations")
	for _, h := range []struct {
		key  string
		hint view.Hint
	}{
		{"readOnlyHint", view.Hint{Kind: view.ReadOnly, Text: "read-only", Tone: view.Good}},
		{"destructiveHint", view.Hint{Kind: view.Destructive, Text: "destructive", Tone: view.Warn}},
		{"idempotentHint", view.Hint{Kind: view.Idempotent, Text: "idempotent"}},
		{"openWorldHint", view.Hint{Kind: view.OpenWorld, Text: "open-world"}},
	} {
		if on, _ := ann.Get(h.key); on.IsTrue() {
			hints = append(hints, h.hint)
		}
	}
	exec, _ := t.Get("execution")
	switch exec.Str("taskSupport") {
	case "required":
		hints = append(hints, view.Hint{Text: "task only", Tone: view.Accent})
	case "optional":
		hints = append(hints, view.Hint{Text: "task optional"})
	}
	return hints
}

// Dedent is a description as its writer meant it read, from the source
// code it was written in (a Go raw string, a Python docstring): leading
// and trailing blank lines gone, the indent its lines share gone, tabs
// made spaces. It was shown empty where the first line was a line break,
// and its tabs as \t.
func Dedent(s string) string {
	if !strings.ContainsAny(s, "\n\t") && strings.TrimSpace(s) == s {
		return s
	}
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	// The indent every line with text starts with, character for
	// character (a tab is not four spaces until it is made so).
	prefix, first := "", true
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		ws := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			prefix, first = ws, false
			continue
		}
		for !strings.HasPrefix(ws, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	for i, l := range lines {
		l = strings.TrimPrefix(l, prefix)
		lines[i] = strings.TrimRight(strings.ReplaceAll(l, "\t", "    "), " \t")
	}
	return strings.Join(lines, "\n")
}
