package pretty

import (
	"strings"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/table"
)

// Renderers for the code-search MCP server (codebase-mcp): search results
// as "path:start-end" headers with the similarity and the code indented
// under them; an index run as a status line with its counts.

// codeLines is how many lines of a result's code human output shows
// without --verbose.
const codeLines = 8

var codeSearch = shapeRenderer{
	name:     "code search",
	markdown: mdCodeSearch,
	tools:    []string{"search_code"},
	match: func(v Value) bool {
		return hasObjects(v, "results", "file_path") && hasObjects(v, "results", "content")
	},
	human: func(h human, v Value) error {
		results, err := objects(v, "results")
		if err != nil {
			return err
		}
		for i, r := range results {
			cr, err := readCodeResult(r)
			if err != nil {
				return err
			}
			path, content, start, end, sim, hasSim, before, after := cr.path, cr.content, cr.start, cr.end, cr.sim, cr.hasSim, cr.before, cr.after
			if i > 0 {
				h.o.gap()
			}
			line := h.th.Bold.Render(h.text(path) + lineRange(start, end))
			if hasSim {
				f, _ := parseFloat(sim)
				line += "  " + sig3(sim) + " " + h.th.Tone(glyphs.Accent).Render(strings.TrimRight(h.g.Bar(f, 5), " "))
			}
			h.o.line(line)
			if h.opt.Verbose {
				h.code(before, h.th.Faint.Render, -1)
				h.code(content, nil, -1)
				h.code(after, h.th.Faint.Render, -1)
			} else {
				h.code(content, nil, codeLines)
			}
			h.verboseRest(r, 4, "file_path", "content", "start_line", "end_line", "similarity_score", "context_before", "context_after")
		}
		parts := resultsFooter(v, len(results), h.g.Micro)
		h.o.gap()
		faint := make([]string, len(parts))
		for i, p := range parts {
			faint[i] = h.th.Faint.Render(p)
		}
		h.summaryLine(faint, 0)
		h.verboseRest(v, 0, "results", "total_count", "latency_ms")
		return nil
	},
}

var codeIndex = shapeRenderer{
	name: "code index",
	markdown: func(m markdown, v Value) error {
		if err := m.mdLine(v, codeIndexHuman, "status", "files_indexed", "chunks_created", "duration_seconds", "errors"); err != nil {
			return err
		}
		if e, ok := v.Get("errors"); ok && m.h.opt.Verbose && len(e.Items) > 0 {
			m.o.gap()
			for _, it := range e.Items {
				m.o.line("- " + mdInline(m.h.cell("error", it, true).Text))
			}
		}
		return nil
	},
	tools: []string{"index_repository"},
	match: func(v Value) bool {
		return v.Has("repository_id") && (v.Has("files_indexed") || v.Has("chunks_created"))
	},
	human: codeIndexHuman,
}

// codeResult is a search result's fields, read strictly once for both the
// human and the Markdown form.
type codeResult struct {
	path, content, start, end, sim, before, after string
	hasSim                                        bool
}

func readCodeResult(r Value) (codeResult, error) {
	path, err1 := optString(r, "file_path")
	content, err2 := optString(r, "content")
	start, _, err3 := optNumber(r, "start_line")
	end, _, err4 := optNumber(r, "end_line")
	sim, hasSim, err5 := optNumber(r, "similarity_score")
	before, err6 := optString(r, "context_before")
	after, err7 := optString(r, "context_after")
	return codeResult{path, content, start, end, sim, before, after, hasSim}, firstErr(err1, err2, err3, err4, err5, err6, err7)
}

// resultsFooter is "2 results · 245ms" ("2 of 10 results" when the server
// found more than it sent).
func resultsFooter(v Value, n int, micro string) []string {
	parts := []string{count(n, "result")}
	if total, ok, _ := optNumber(v, "total_count"); ok && total != itoa(n) {
		parts[0] = itoa(n) + " of " + total + " results"
	}
	if ms, ok, _ := optNumber(v, "latency_ms"); ok {
		if d, ok := humanDuration(ms, durationMS, micro); ok {
			parts = append(parts, d)
		}
	}
	return parts
}

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

// code writes source text indented by 4, tabs as 4 spaces, each line cut to
// the width (not under --verbose); at most max lines, then a count of the
// rest (max < 0: all).
func (h human) code(text string, style func(string) string, maxLines int) {
	if text == "" {
		return
	}
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(h.bound(text), "\r\n", "\n"), "\n"), "\n")
	shown := lines
	if maxLines >= 0 && len(lines) > maxLines {
		shown = lines[:maxLines]
	}
	for _, ln := range shown {
		ln = h.text(strings.ReplaceAll(ln, "\t", "    "))
		if h.width > 0 {
			ln = table.Cut(ln, h.width-4, h.g.Ellipsis)
		}
		if style != nil {
			ln = style(ln)
		}
		h.o.line(strings.TrimRight("    "+ln, " "))
	}
	if len(shown) < len(lines) {
		h.o.line("    " + h.th.Faint.Render(h.g.Ellipsis+" "+count(len(lines)-len(shown), "more line")))
	}
}

// mdCodeSearch: a heading per result with the path, lines and similarity,
// the code in a fenced block in the file's language; under --verbose the
// context before and after in blocks of their own.
func mdCodeSearch(m markdown, v Value) error {
	results, err := objects(v, "results")
	if err != nil {
		return err
	}
	for _, r := range results {
		cr, err := readCodeResult(r)
		if err != nil {
			return err
		}
		path, content, start, end, sim, hasSim, before, after := cr.path, cr.content, cr.start, cr.end, cr.sim, cr.hasSim, cr.before, cr.after
		head := "### " + mdCode(path+lineRange(start, end))
		if hasSim {
			head += m.h.g.Sep + sig3(sim)
		}
		m.o.line(head)
		m.o.gap()
		lang := language(path)
		verbose := m.h.opt.Verbose
		if verbose && strings.TrimSpace(before) != "" {
			m.o.line("_before_")
			m.o.gap()
			m.codeBlock(before, lang, false)
			m.o.gap()
		}
		m.codeBlock(content, lang, !verbose)
		if verbose && strings.TrimSpace(after) != "" {
			m.o.gap()
			m.o.line("_after_")
			m.o.gap()
			m.codeBlock(after, lang, false)
		}
		m.o.gap()
	}
	parts := resultsFooter(v, len(results), m.h.g.Micro)
	m.o.line("_" + strings.Join(parts, m.h.g.Sep) + "_")
	if m.h.opt.Verbose {
		m.restBullets(without(v, "results", "total_count", "latency_ms"))
	}
	return nil
}

func codeIndexHuman(h human, v Value) error {
	status, err1 := optString(v, "status")
	files, hasFiles, err2 := optNumber(v, "files_indexed")
	chunks, hasChunks, err3 := optNumber(v, "chunks_created")
	secs, hasSecs, err4 := optNumber(v, "duration_seconds")
	if err := firstErr(err1, err2, err3, err4); err != nil {
		return err
	}
	var errs []Value
	if e, ok := v.Get("errors"); ok {
		if e.Kind != Array {
			return errShape("errors is not a list")
		}
		errs = e.Items
	}
	m, _ := h.g.Status(status)
	mark := h.g.OKMark
	switch m.Tone {
	case glyphs.Warn:
		mark = "!"
	case glyphs.Bad:
		mark = h.g.ErrorMark
	}
	if status == "" {
		status = "indexed"
	}
	parts := []string{h.th.Tone(m.Tone).Render(mark + " " + h.text(status))}
	if hasFiles {
		parts = append(parts, countText(files, "file"))
	}
	if hasChunks {
		parts = append(parts, countText(chunks, "chunk"))
	}
	if hasSecs {
		if d, ok := humanDuration(secs, durationSecond, h.g.Micro); ok {
			parts = append(parts, d)
		}
	}
	if len(errs) > 0 {
		parts = append(parts, h.th.Tone(glyphs.Warn).Render(count(len(errs), "error")))
	}
	h.summaryLine(parts, 0)
	if h.opt.Verbose {
		for _, e := range errs {
			h.o.line("  " + h.th.Tone(glyphs.Warn).Render(h.g.ErrorMark) + " " + h.cell("error", e, true).Text)
		}
	}
	h.verboseRest(v, 2, "status", "files_indexed", "chunks_created", "duration_seconds", "errors")
	return nil
}
