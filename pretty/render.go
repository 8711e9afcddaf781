// Package pretty is the pipeline: decode a stream of JSON documents,
// recognise each one's shape, and render it for a person (human) or for a
// pipe (plain). Every renderer is a pure function of the document and the
// Options, which main decides once.
package pretty

import (
	"bufio"
	"io"
)

// Renderer renders documents to one writer, one after another, with a
// blank line between them.
type Renderer struct {
	w    *bufio.Writer
	opt  Options
	docs int
}

// NewRenderer returns a renderer writing to w.
func NewRenderer(w io.Writer, opt Options) *Renderer {
	return &Renderer{w: bufio.NewWriterSize(w, 64<<10), opt: opt}
}

// Result is what a stream held.
type Result struct {
	Documents int
	// ErrorEnvelope is set when a document was, or a batch held, an error
	// envelope (ok: false): the command exits 1.
	ErrorEnvelope bool
}

// Stream renders every document read from r as soon as it is complete. It
// returns an *InputError for input that is not JSON, after rendering the
// documents before it, and the writer's error if output fails.
func (rn *Renderer) Stream(r io.Reader, name string) (Result, error) {
	var res Result
	dec := NewDecoder(r, name)
	for {
		v, err := dec.Next()
		if err == io.EOF {
			return res, nil
		}
		if err != nil {
			return res, err
		}
		res.Documents++
		if hasErrorEnvelope(v) {
			res.ErrorEnvelope = true
		}
		if err := rn.Document(v); err != nil {
			return res, err
		}
	}
}

// Document renders one document and flushes it, so a slow stream shows
// each document when it arrives.
func (rn *Renderer) Document(v Value) error {
	if rn.docs > 0 {
		rn.w.WriteByte('\n')
	}
	rn.docs++
	o := &out{w: rn.w}
	if rn.opt.Output == Plain {
		plain{o: o}.document(v)
	} else {
		newHuman(o, rn.opt).document(v)
	}
	return rn.w.Flush()
}

func hasErrorEnvelope(v Value) bool {
	switch classify(v) {
	case ShapeError:
		return true
	case ShapeBatch:
		res, _ := v.Get("results")
		for _, r := range res.Items {
			if isErrorEnvelope(r) {
				return true
			}
		}
	}
	return false
}
