package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// whole is the text of a view that human output wraps and never cuts:
// headings, descriptions, params' titles and descriptions, messages.
func whole(b view.Block) []string {
	var out []string
	var params func([]view.Param)
	params = func(ps []view.Param) {
		for _, p := range ps {
			out = append(out, p.Name, p.Title, p.Description)
			params(p.Params)
		}
	}
	switch b := b.(type) {
	case view.Heading:
		out = append(out, b.Text, b.Aside)
	case view.Definition:
		out = append(out, b.Name, b.Title, b.Description)
		params(b.Params)
	case view.Messages:
		for _, m := range b.Messages {
			out = append(append(out, m.Role, m.Text), m.Note...)
		}
	}
	return out
}

// Tools, prompts, messages and what a server asks wrap to any width:
// every description and message is whole in the output, once line breaks
// and indents are ignored, and no line is wider than the width.
func TestDefinitionsAndMessagesWrapInsteadOfBeingCut(t *testing.T) {
	t.Parallel()
	var files []string
	for _, pat := range []string{"*tools_list*", "*prompts_*", "*sampling*", "*elicitation*", "*completion*"} {
		m, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "mcp", pat))
		files = append(files, m...)
	}
	if len(files) < 15 {
		t.Fatalf("only %d captures", len(files))
	}
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, doc := range sampleDocs(t, f) {
			for _, p := range protocol.Unwrap(doc, recognise.Failed) {
				for _, b := range recognise.Doc(p, recognise.Options{}).Blocks {
					texts = append(texts, whole(b)...)
				}
			}
		}
		for _, width := range []int{24, 40, 60, 80, 120} {
			for _, ascii := range []bool{false, true} {
				out := renderString(t, string(data), Options{Output: Human, Width: width, Now: now, ASCII: ascii})
				for _, line := range strings.Split(out, "\n") {
					if w := table.Width(line); w > width {
						t.Errorf("%s: a line is %d wide at -w %d:\n%s", f, w, width, line)
					}
				}
				flatOut := noSpace(out)
				if strings.Contains(out, "-v shows each") {
					continue // a long list's overview: a line per tool, in full under -v
				}
				for _, text := range texts {
					// Line by line: a description's own line breaks are
					// lines of the output, not ↵.
					for _, ln := range strings.Split(text, "\n") {
						if want := noSpace(humanText(ln)); want != "" {
							checked++
							if !strings.Contains(flatOut, want) {
								t.Errorf("%s at -w %d: %q is cut", filepath.Base(f), width, ln)
							}
						}
					}
				}
			}
		}
	}
	if checked < 2000 {
		t.Errorf("only %d texts checked", checked)
	}
}
