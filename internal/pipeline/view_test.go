package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/internal/view/viewtest"
)

// sampleDocs is every JSON document of the samples: JSON and NDJSON files,
// and the data of each Server-Sent Event.
func sampleDocs(t *testing.T, path string) []Value {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	if strings.HasSuffix(path, ".sse") {
		for _, frame := range strings.Split(string(data), "\n\n") {
			var lines []string
			for _, ln := range strings.Split(frame, "\n") {
				if d, ok := strings.CutPrefix(ln, "data:"); ok {
					lines = append(lines, strings.TrimPrefix(d, " "))
				}
			}
			if len(lines) > 0 && input.LooksJSON(strings.Join(lines, "\n")) {
				texts = append(texts, strings.Join(lines, "\n"))
			}
		}
	} else {
		texts = []string{string(data)}
	}
	var docs []Value
	for _, text := range texts {
		d := input.NewDecoder(strings.NewReader(text), path)
		for {
			v, err := d.Next()
			if err != nil {
				break // the end, or a sample of bad input
			}
			docs = append(docs, v)
		}
	}
	return docs
}

// flat is text as a check compares it: escapes' backslashes (sanitize's,
// Markdown's) and runs of white space do not count.
func flat(s string) string {
	s = strings.ReplaceAll(s, `\`, "")
	return strings.Join(strings.Fields(s), " ")
}

// expected is the text a full view must show for a cell: its value as
// written (a glyph for a boolean, a dash for "not yet"), line by line.
func expected(c view.Cell) []string {
	switch c.Kind {
	case view.None, view.Bar, view.Bool, view.NotYet:
		return nil // a blank, a bar, a glyph: no text of the input
	}
	var out []string
	for _, ln := range strings.Split(strings.ReplaceAll(c.Text, "\r\n", "\n"), "\n") {
		if f := flat(sanitize.String(ln, 0)); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Every cell and every text of the views of every sample (as the run
// shows them: documents, runs of records, long lists) appears in both
// full outputs, human --verbose and Markdown --verbose: the writers may
// choose how a value looks, never whether it is there.
func TestViewValuesAppearInVerboseOutputs(t *testing.T) {
	t.Parallel()
	var files []string
	for _, pat := range []string{"../../testdata/*.json", "../../testdata/*.ndjson", "../../testdata/*.sse", "../../testdata/*.http", "../../testdata/mcp/*.json", "../../testdata/mcp/*.sse", "../../testdata/mcp/*.http", "../../testdata/mcp/*.txt", "../../testdata/graphiti/*.json"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 100 {
		t.Fatalf("only %d samples", len(files))
	}
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var views []view.Doc
		outs := map[string]string{}
		for name, opt := range map[string]Options{
			"human --verbose":    {Output: Human, Verbose: true, Now: now},
			"markdown --verbose": {Output: Markdown, Verbose: true},
		} {
			var out bytes.Buffer
			rn := NewRenderer(&out, opt)
			if opt.Output == Human {
				rn.viewed = func(d view.Doc) { views = append(views, d) }
			}
			rn.Stream(bytes.NewReader(data), f)
			outs[name] = flat(out.String())
		}
		for _, d := range views {
			for _, b := range d.Blocks {
				viewtest.Walk(b, func(c view.Cell) {
					for _, want := range expected(c) {
						checked++
						for name, out := range outs {
							if !strings.Contains(out, want) {
								t.Errorf("%s: %q (a %d cell) is missing from %s", f, want, c.Kind, name)
							}
						}
					}
				})
			}
		}
	}
	if checked < 3000 {
		t.Errorf("only %d values checked", checked)
	}
	t.Logf("%d values checked", checked)
}
