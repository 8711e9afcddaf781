package pipeline

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/jsonout"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// jsonOutput is -o json: the input re-indented, losslessly, a document
// at a time as it is read.
type jsonOutput struct{ rn *Renderer }

func newJSON(rn *Renderer) output { return jsonOutput{rn} }

// hooks: nothing streams through the decoder's hooks; read copies tokens.
func (jsonOutput) hooks(*input.Decoder) {}

// part: an HTTP head or a note is no JSON.
func (jsonOutput) part(protocol.Part) error { return nil }

func (jsonOutput) broken() {}

// document is an SSE frame's document, whole, not what it wraps.
func (j jsonOutput) document(v value.Value, res *Result) error {
	failed(v, res)
	jsonout.Write(j.rn.w, v, true, j.rn.jsonT)
	return j.rn.flush()
}

// open: -o json asks for no list to stream, so no document comes open;
// one that did would be held and written whole.
func (j jsonOutput) open(v value.Value, res *Result) error {
	w, err := value.Force(v)
	if err != nil {
		return err
	}
	return j.document(w, res)
}

// holdJSON is how much of a document -o json holds (its tokens' bytes)
// before it writes any of it: a bad document smaller than this writes
// nothing, so `-o json | jq` never reads a fragment; past it the document
// streams. Tokens, not output, are held: 10,000 levels of `[` are 640 KB
// held where their output is 100 MB of indentation.
const holdJSON = 4 << 20

// tokenCost is what holding a token costs besides its text: the Token
// (40 bytes) and its string's allocation.
const tokenCost = 64

// read is -o json of a stream: each document held as tokens until it is
// whole (up to holdJSON); only its skeleton is kept, to tell a failure.
func (j jsonOutput) read(dec *input.Decoder, res *Result) error {
	rn := j.rn
	st := jsonout.NewStreamer(rn.w, true, rn.jsonT)
	var held []value.Token
	size := 0 // what is held; past holdJSON, none is
	emit := func(t value.Token) error {
		if size > holdJSON {
			st.Token(t)
			return rn.writeErr()
		}
		held = append(held, t)
		if size += len(t.Text) + tokenCost; size <= holdJSON {
			return nil
		}
		for _, t := range held {
			st.Token(t)
		}
		clear(held)
		held = held[:0]
		return rn.writeErr()
	}
	for {
		clear(held)
		held, size = held[:0], 0
		skel, err := dec.Copy(emit)
		if inputEnds(err, res, dec.Documents()) {
			return rn.flush()
		}
		if err != nil {
			if st.Open() {
				// The document broke off: end its line before the error.
				rn.w.WriteByte('\n')
			}
			return rn.broken(err)
		}
		for _, t := range held {
			st.Token(t)
		}
		res.Documents++
		failed(skimTexts(skel, 0), res)
		if err := rn.flush(); err != nil {
			return err
		}
	}
}

// skimTexts replaces, in a skeleton, each long string that holds JSON (an
// MCP text block) with the skeletons of its documents, as JSON: what
// tells a failure is there, and the rest is not held twice over.
func skimTexts(v value.Value, depth int) value.Value {
	switch {
	case v.Kind == value.String && len(v.Text) > 64<<10 && input.LooksJSON(v.Text):
		if skel, ok := input.TextSkeletons(strings.NewReader(v.Text), recognise.Tells); ok {
			return value.Value{Kind: value.String, Text: skel}
		}
		return v // not JSON after all: the text it is
	case depth >= input.SkeletonDepth:
		return v
	case v.Kind == value.Object:
		for i := range v.Members {
			v.Members[i].Value = skimTexts(v.Members[i].Value, depth+1)
		}
	case v.Kind == value.Array:
		for i := range v.Items {
			v.Items[i] = skimTexts(v.Items[i], depth+1)
		}
	}
	return v
}
