package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/human"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// Files and resources are read whole: at any width, every line of a
// document's text and of a diff is in human output (wrapped, never cut),
// and no line is wider than the width.
func TestDocumentsWrapAtEveryWidth(t *testing.T) {
	t.Parallel()
	var files []string
	for _, pat := range []string{"filesystem_*.json", "everything_resource*.json", "everything_gzip_resource_inline.json"} {
		m, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "mcp", pat))
		files = append(files, m...)
	}
	if len(files) < 25 {
		t.Fatalf("only %d samples", len(files))
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var whole []string // the lines that must be there
		for _, doc := range sampleDocs(t, f) {
			for _, p := range protocol.Unwrap(doc, recognise.Failed) {
				for _, b := range recognise.Doc(p, recognise.Options{}).Blocks {
					switch b := b.(type) {
					case view.Document:
						whole = append(whole, strings.Split(b.Text, "\n")...)
					case view.Diff:
						for _, l := range b.Lines {
							whole = append(whole, l.Text)
						}
					}
				}
			}
		}
		for width := 20; width <= 120; width += 5 {
			var out bytes.Buffer
			NewRenderer(&out, Options{Output: Human, Width: width, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}).Stream(bytes.NewReader(data), f)
			for _, ln := range strings.Split(out.String(), "\n") {
				if w := table.Width(ln); w > width {
					t.Fatalf("%s: a line is %d wide at -w %d: %q", f, w, width, ln)
				}
			}
			flat := noSpace(out.String())
			for _, ln := range whole {
				checked++
				if want := noSpace(human.Untab(ln, sanitize.DropSGR)); !strings.Contains(flat, want) {
					t.Fatalf("%s: %q is not whole at -w %d:\n%s", f, ln, width, out.String())
				}
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d lines checked", checked)
	}
}
