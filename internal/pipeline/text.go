package pipeline

import (
	"fmt"
	"io"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// An MCP tool result often carries a whole response as JSON in a text
// block. When that text is long, the decoder hands it over as it reads it
// (input.TextStream), and the documents in it are decoded from it as a
// second stream, their long lists streamed like any others: the reply is
// shown in constant memory. Until something in the text streams, the
// documents decoded from it are held; if none does, or the text turns out
// not to be JSON, the text is left to the decoder whole and the reply is
// shown as a held one is.

// textBlock is the decoder's question: is the string at path an MCP text
// block, of a tool result or of a JSON-RPC reply's?
func textBlock(path []input.Frame) bool {
	n := len(path)
	if n < 2 || n > 3 || path[n-1].Key != "text" || path[n-2].Key != "content" || path[n-1].Obj.Str("type") != "text" {
		return false
	}
	return n == 2 || path[0].Key == "result"
}

// structuredContent reports whether the member at path is the
// structuredContent of a tool result, bare or a JSON-RPC reply's.
func structuredContent(path []input.Frame) bool {
	n := len(path)
	return n >= 1 && n <= 2 && path[n-1].Key == "structuredContent" && (n == 1 || path[0].Key == "result")
}

// onText shows the documents of a long text block as they are read; taken
// is false when the text is left to the decoder, whole.
func (rn *Renderer) onText(t *input.TextStream, name string, res *Result) (taken bool, _ error) {
	partial := t.Partial()
	if !protocol.StreamsText(partial) {
		return false, nil
	}
	var held []value.Value
	committed := false
	// commit shows, once something in the text streams, the parts of the
	// document before the text and the documents held so far (under mu).
	commit := func() error {
		committed = true
		t.Commit()
		if err := rn.endRun(); err != nil {
			return err
		}
		before := rn.docParts(partial, false)
		for i, p := range before {
			if p.Kind == protocol.StreamedPart {
				// What comes after the text in partial (a tool result's
				// _meta read before its content) is shown with the rest.
				before = before[:i]
				break
			}
		}
		rn.shownParts, rn.textShown = len(before), true
		if err := rn.parts(before, res); err != nil {
			return err
		}
		for _, v := range held {
			if err := rn.inner(v, res); err != nil {
				return err
			}
		}
		held = nil
		return nil
	}
	locked := func(f func() error) error {
		rn.mu.Lock()
		defer rn.mu.Unlock()
		return f()
	}
	dec := rn.decoder(t.R, fmt.Sprintf("%s (the JSON in its text block on line %d)", name, t.Line), res)
	defer dec.Close()
	ensure := func() error {
		if committed {
			return nil
		}
		return locked(commit)
	}
	dec.Skip = nil // the reply's structuredContent, not one in the text
	for {
		v, err := dec.Next()
		if err == io.EOF {
			return committed, nil
		}
		if err != nil {
			if !committed {
				return false, nil // not JSON after all: the text it is
			}
			if werr := locked(rn.broken); werr != nil {
				return true, werr
			}
			return true, err
		}
		if v.IsOpen() {
			// Something in the text streams: the text does.
			if err := ensure(); err != nil {
				return true, err
			}
			if err := locked(func() error { return rn.show(dec, v, res) }); err != nil {
				return true, err
			}
			continue
		}
		if !committed {
			held = append(held, v)
			continue
		}
		if err := locked(func() error { return rn.inner(v, res) }); err != nil {
			return true, err
		}
	}
}

// inner shows a document read from a text block, once the text streams.
func (rn *Renderer) inner(v value.Value, res *Result) error {
	return rn.parts(protocol.Unwrap(v, recognise.Failed), res)
}
