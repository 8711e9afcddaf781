package human

import (
	"bufio"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/internal/view/viewtest"
)

// The writer has a case for every kind of block, and reads every stream.
func TestEveryKindOfBlock(t *testing.T) {
	g := glyphs.Unicode()
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	viewtest.Check(t, func(w *bufio.Writer, d view.Doc, verbose bool) error {
		return New(lines.New(w, 80, g.Ellipsis, nil), Options{Width: 80, Verbose: verbose, Glyphs: g, Now: now}).Doc(d)
	})
}
