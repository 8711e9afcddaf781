package markdown

import (
	"bufio"
	"testing"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/internal/view/viewtest"
)

// The writer has a case for every kind of block, and reads every stream.
func TestEveryKindOfBlock(t *testing.T) {
	g := glyphs.Unicode()
	viewtest.Check(t, func(w *bufio.Writer, d view.Doc, verbose bool) error {
		return New(lines.New(w, 0, g.Ellipsis, nil), Options{Verbose: verbose, Glyphs: g}).Doc(d)
	})
}
