package recognise

import (
	"strconv"
	"strings"
	"time"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// The code-search MCP server (codebase-mcp): search results as
// "path:start-end" with the similarity and the code under it; an index run
// as a one-line result with its counts.

var codeSearch = Recogniser{
	Name:  "code search",
	Tools: []string{"search_code"},
	Keys:  []string{"results"},
	Match: func(v Value) bool {
		if r, ok := v.Get("results"); ok && r.Kind == Array && len(r.Items) == 0 {
			// Nothing found: "0 results", not a record of the counts.
			return v.Has("total_count") && (v.Has("latency_ms") || v.Has("database_name"))
		}
		return hasObjects(v, "results", "file_path") && hasObjects(v, "results", "content")
	},
	Reads: "results",
	Items: "results",
	View: func(b builder, v Value) ([]view.Block, error) {
		if list, _ := v.Get("results"); isOpenList(list) {
			return openHits(b, v, list), nil
		}
		results := objects(v, "results")
		var blocks []view.Block
		for i, r := range results {
			if i > 0 {
				blocks = append(blocks, view.Gap{})
			}
			blocks = append(blocks, codeHit(b, r))
		}
		return append(blocks, codeEnd(b, v, len(results))...), nil
	},
}

// openHits is the hits of an open list, each as it is read, then once
// the list has been read what follows them. A hit not of the shape is its
// fields, as they came.
func openHits(b builder, v, list Value) []view.Block {
	rest := value.Take(list)
	// Read token by token where the decoder can, each hit packed: most of
	// reading one was making its members and strings, and the hits are
	// read on one core and shown on the other, which waited for them.
	var rd *recordReader
	if tc, ok := rest.(value.TokenCursor); ok {
		rd = &recordReader{l: tc, read: value.Records(tc)}
	}
	ahead := false
	c := &count{}
	var queue []view.Block // blocks made and not yet yielded
	stream := view.Stream{Next: func() (view.Block, bool, error) {
		if len(queue) == 0 {
			var row Value
			if c.rows < len(list.Items) {
				row = list.Items[c.rows]
			} else {
				if rd != nil && !ahead {
					// Asked for once the first hits are shown, as the
					// list's reading ahead is.
					rest, ahead = rd.l.Ahead(rd.read), true
				}
				var ok bool
				var err error
				if row, ok, err = rest.Next(); err != nil || !ok {
					return nil, false, err
				}
			}
			if c.rows > 0 {
				queue = append(queue, view.Gap{}) // between hits, as held
			}
			// A hit's members are used again for the next one, but where
			// a view keeps them: under --verbose (its other fields), and
			// as a record, for a hit not of the shape.
			hit := rd.unpack(row, b.opt.Verbose)
			if h, err := try(func() view.Code { return codeHit(b, hit) }); err == nil && (hit.Has("file_path") || hit.Has("content")) {
				queue = append(queue, h)
			} else {
				hit = rd.unpack(row, true)
				one := Value{Kind: Object, Members: []Member{{Key: "[" + strconv.Itoa(c.rows) + "]", Value: hit}}}
				queue = append(queue, b.recordOf(one, 0, false, false))
			}
			c.rows++
			c.shown++
		}
		next := queue[0]
		queue = queue[1:]
		return next, true, nil
	}}
	noun := Noun(list.Items, "results")
	return []view.Block{stream, whenWhole(v, func(w Value) []view.Block {
		return b.failedAfter(c, noun, 0, value.Without(w, "results"))
	}, func(w Value) []view.Block { return codeEnd(b, w, c.rows) })}
}

// codeHit is one search result: its place, score and code.
func codeHit(b builder, r Value) view.Code {
	path := optString(r, "file_path")
	content := optString(r, "content")
	start, _ := optNumber(r, "start_line")
	end, _ := optNumber(r, "end_line")
	sim, hasSim := optNumber(r, "similarity_score")
	before := optString(r, "context_before")
	after := optString(r, "context_after")
	first, _ := strconv.Atoi(start)
	c := view.Code{Path: path, Lines: lineRange(start, end), Line: first, Text: content, Before: before, After: after,
		Language: Language(path),
		Extra:    b.rest(r, 0, "file_path", "content", "start_line", "end_line", "similarity_score", "context_before", "context_after")}
	if hasSim {
		s := b.cell("similarity_score", Value{Kind: Number, Text: sim}, false)
		s.Frac, _ = strconv.ParseFloat(sim, 64)
		c.Score = &s
	}
	return c
}

// codeEnd is what follows the results: their count (of the total the
// server found), its latency, and under --verbose the other fields.
func codeEnd(b builder, v Value, n int) []view.Block {
	f := view.Footer{Kind: view.Meta, Parts: []view.Part{{Text: format.Count(n, "result")}}}
	if total, _ := v.Get("total_count"); total.Kind == Number && total.Text != strconv.Itoa(n) {
		f.Parts[0].Text = strconv.Itoa(n) + " of " + total.Text + " results"
	}
	if ms, _ := v.Get("latency_ms"); ms.Kind == Number {
		f.Parts = append(f.Parts, view.Part{Cell: &view.Cell{Kind: view.Duration, Text: ms.Text, Unit: time.Millisecond}})
	}
	return withRest([]view.Block{view.Gap{}, f}, b.rest(v, 0, "results", "total_count", "latency_ms"))
}

var codeIndex = Recogniser{
	Name:  "code index",
	Tools: []string{"index_repository"},
	Keys:  []string{"repository_id"},
	Match: func(v Value) bool {
		return v.Has("repository_id") && (v.Has("files_indexed") || v.Has("chunks_created"))
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		status := optString(v, "status")
		counts := countParts(v, "", [][2]string{{"files_indexed", "file"}, {"chunks_created", "chunk"}})
		secs, hasSecs := optNumber(v, "duration_seconds")
		var errs []Value
		if e, ok := v.Get("errors"); ok {
			if e.Kind != Array {
				return nil, errShape("errors is not a list")
			}
			errs = e.Items
		}
		tone := StatusTone(status)
		head := view.Part{Mark: view.OK, Tone: tone, Text: status}
		switch tone {
		case view.Warn:
			head.Mark = view.Warning
		case view.Bad:
			head.Mark = view.Failed
		}
		if status == "" {
			head.Text = "indexed"
		}
		f := view.Footer{Kind: view.Result, Parts: append([]view.Part{head}, counts...)}
		if hasSecs {
			f.Parts = append(f.Parts, view.Part{Cell: &view.Cell{Kind: view.Duration, Text: secs, Unit: time.Second}})
		}
		if len(errs) > 0 {
			f.Parts = append(f.Parts, view.Part{Tone: view.Warn, Text: format.Count(len(errs), "error")})
		}
		blocks := []view.Block{f}
		if len(errs) > 0 {
			// What went wrong is what a partial index is read for: the
			// first errors are named under the line that counts them, all
			// of them under --verbose and in Markdown.
			shown := errs
			if b.opt.Fold && !b.opt.Verbose && len(shown) > shownErrors {
				shown = shown[:shownErrors]
			}
			list := view.Bullets{Mark: view.Failed, Tone: view.Warn, Indent: 2}
			for _, e := range shown {
				list.Items = append(list.Items, b.cell("error", e, true))
			}
			blocks = append(blocks, list)
			if n := len(errs) - len(shown); n > 0 {
				blocks = append(blocks, view.Footer{Kind: view.Meta, Indent: 2,
					Parts: []view.Part{{Text: format.Count(n, "more error") + " (-v)"}}})
			}
		}
		return withRest(blocks, b.rest(v, 2, "status", "files_indexed", "chunks_created", "duration_seconds", "errors")), nil
	},
}

// shownErrors is how many of an index's errors are named without
// --verbose: enough to tell one cause from many, few enough to leave the
// screen to the rest.
const shownErrors = 10

// lineRange writes ":10-25" (or ":10" for one line, or nothing).
func lineRange(start, end string) string {
	switch {
	case start == "":
		return ""
	case end == "" || end == start:
		return ":" + start
	}
	return ":" + start + "-" + end
}

// Language guesses a source file's language from its extension, for
// syntax highlighting.
func Language(path string) string {
	if !strings.Contains(path, ".") {
		return ""
	}
	return languages[strings.ToLower(path[strings.LastIndexByte(path, '.')+1:])]
}

// languages is the language of each file extension Language knows.
var languages = map[string]string{
	"py": "python", "go": "go", "js": "javascript", "mjs": "javascript", "cjs": "javascript",
	"ts": "typescript", "tsx": "tsx", "jsx": "jsx", "rs": "rust", "java": "java", "kt": "kotlin", "kts": "kotlin",
	"rb": "ruby", "sh": "bash", "bash": "bash", "c": "c", "h": "c",
	"cc": "cpp", "cpp": "cpp", "cxx": "cpp", "hpp": "cpp", "hh": "cpp", "cs": "csharp",
	"php": "php", "swift": "swift", "sql": "sql", "html": "html", "htm": "html", "css": "css",
	"json": "json", "yaml": "yaml", "yml": "yaml", "toml": "toml", "md": "markdown",
}
