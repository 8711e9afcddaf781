package pipeline

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// An MCP tool result often carries a whole response as JSON in a text
// block. When that text is long, the decoder returns the reply open at it
// (value.Open.Text), and the documents in it are decoded from it as a
// second stream, their long lists streamed. Until something in the text
// streams, they are held; if none does, or the text is not JSON, the
// reply is shown as a held one is.

// textBlock is the decoder's Text hook: is the string at path an MCP text
// block, of a tool result bare or a JSON-RPC reply's?
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

// openText shows a reply returned open at its text block: the parts of
// the reply before the text, its documents as they are read, then the
// parts after it; or, when nothing in the text streams, the held reply.
func (rn *Renderer) openText(v value.Value, text value.TextReader, res *Result) error {
	if !protocol.StreamsText(v) {
		w, err := value.Whole(v)
		if err != nil {
			return err
		}
		return rn.out.document(w, res)
	}
	if rn.holdText != nil {
		return rn.holdText(v, text, res)
	}
	dec := rn.decoder(text, fmt.Sprintf("%s (the JSON in its text block on line %d)", rn.name, text.Line()))
	defer dec.Close()
	dec.Skip = nil // the reply's structuredContent, not one in the text
	// Its lists are read serially: this decoder is closed here, whatever
	// became of a goroutine reading one ahead after the output failed
	// (stopList leaves only the outer decoder to it).
	dec.ListAhead = nil
	// Whether the text's documents report a failure (isError's is then
	// theirs: protocol's IfNoneFailed), apart from the documents before.
	was := res.Failed
	res.Failed = false
	defer func() { res.Failed = res.Failed || was }()
	var held []value.Value
	shown := -1 // the parts of the reply shown before the text, once it streams
	commit := func() error {
		text.Commit()
		before := rn.partsBefore(v)
		shown, rn.textShown = len(before), true
		if err := rn.parts(before, res); err != nil {
			return err
		}
		for _, h := range held {
			if err := rn.inner(h, res); err != nil {
				return err
			}
		}
		held = nil
		return nil
	}
	for {
		iv, err := dec.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if shown < 0 {
				break // not JSON after all: the text it is
			}
			return textErr(v, err)
		}
		var write func(*Result) error // how its output writes iv, decided here
		if iv.IsOpen() && shown < 0 {
			// Its parts copied: the reply's, shown before it, reuse the buffer.
			if write = rn.pw.open(iv, slices.Clone(rn.docParts(iv, false))); write == nil {
				// Its output holds it: so does the text, until something
				// in it streams (a view that holds a list may still fail).
				if iv, err = value.Force(iv); err != nil {
					break // not JSON after all, or broken: the text it is
				}
			}
		}
		switch {
		case iv.IsOpen():
			// Something in the text streams: the text does.
			if shown < 0 {
				if err := commit(); err != nil {
					return err
				}
			}
			rn.decided = write
			err := rn.show(dec, iv, res)
			rn.decided = nil
			if err != nil {
				var we *WriteError
				if errors.As(err, &we) {
					return err
				}
				return textErr(v, err)
			}
		case shown < 0:
			held = append(held, iv)
		default:
			if err := rn.inner(iv, res); err != nil {
				return err
			}
		}
	}
	held = nil // nothing streamed: the text is shown whole, decoded again
	w, err := value.Whole(v)
	rn.textShown = false
	if err != nil {
		return err
	}
	if shown < 0 {
		return rn.out.document(w, res)
	}
	parts := rn.docParts(w, true)
	parts = parts[min(shown, len(parts)):]
	if res.Failed {
		// isError's failure: the text's documents said one (IfNoneFailed).
		parts = slices.DeleteFunc(slices.Clone(parts), func(p protocol.Part) bool { return p.IfNoneFailed })
	}
	return rn.parts(parts, res)
}

// textErr is err, met reading the documents of v's text block, or the
// error of the string itself (said where, in the input) when it broke.
func textErr(v value.Value, err error) error {
	if _, werr := value.Whole(v); werr != nil {
		return werr
	}
	return err
}

// inner shows a document read from a text block, once the text streams.
func (rn *Renderer) inner(v value.Value, res *Result) error {
	return rn.parts(protocol.Unwrap(v, recognise.Failed), res)
}
