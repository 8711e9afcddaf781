package pipeline

import (
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// docsOutput is what plain, human and Markdown output share: a document
// in parts, each written by the output's parts writer; a long list, a
// large object and a long MCP text block shown as they are read, then
// what follows them; in human and Markdown output, runs of records as one
// table.
type docsOutput struct {
	rn *Renderer
	pw parts
}

// parts writes what one of the outputs that show parts shows: a part, a
// long list or large object as it is read and what follows it.
type parts interface {
	// part writes a part of a document.
	part(p protocol.Part) error
	// streams reports whether a list grown to input.StreamAfter items at
	// path streams (the decoder's question).
	streams(path []input.Frame, first []value.Value) bool
	// skip says that a reply's structuredContent is not shown once its
	// text block was (it is the same JSON again).
	skip() bool
	// list writes a document open at a long list (v), reading the list,
	// then what follows it, once dec.Finish has read it.
	list(dec *input.Decoder, v value.Value, res *Result) error
	// object writes a large object's members as they are read;
	// finishObject what its later members said.
	object(o *lines.Writer, obj *input.Object, s *recognise.StreamedObject) (read int, err error)
	finishObject(o *lines.Writer, s *recognise.StreamedObject) error
}

// hooks: long lists stream unless rows are sorted (the last row read may
// be the first shown); large objects and long text blocks always.
func (d docsOutput) hooks(dec *input.Decoder, name string, res *Result) {
	rn := d.rn
	if len(rn.opt.Steer.Sort) == 0 {
		// A document that is a list of scalars streams too: a value a line
		// in plain output, inline in the others.
		dec.Stream = func(path []input.Frame, first []value.Value) bool {
			return len(path) == 0 && value.AllScalars(first) || d.pw.streams(path, first)
		}
	}
	dec.StreamObject = func(first []value.Member) bool {
		v := value.Value{Kind: value.Object, Members: first}
		return !protocol.IsJSONRPC(v) && !protocol.IsToolResult(v) && recognise.StreamsObject(first)
	}
	dec.Text = textBlock
	dec.OnText = func(t *input.TextStream) (bool, error) { return rn.onText(t, name, res) }
	if d.pw.skip() {
		dec.Skip = func(path []input.Frame) bool { return rn.textShown && structuredContent(path) }
	}
}

func (d docsOutput) read(dec *input.Decoder, res *Result) error { return d.rn.readEach(dec, res) }

func (d docsOutput) part(p protocol.Part) error { return d.pw.part(p) }
func (docsOutput) broken()                      {}

// document writes a document in parts.
func (d docsOutput) document(v value.Value, res *Result) error {
	rn := d.rn
	parts := rn.docParts(v, true)
	if rn.textShown {
		// Its first parts were shown as its text block was read.
		parts = parts[min(rn.shownParts, len(parts)):]
		rn.shownParts, rn.textShown = 0, false
	}
	return rn.parts(parts, res)
}

// open writes a document open at a long list, or a large object: up to
// and through it as it is read, then, once the document has been read to
// its end, the footer and the fields after it.
func (d docsOutput) open(dec *input.Decoder, v value.Value, res *Result) error {
	rn := d.rn
	if err := rn.endRun(); err != nil {
		return err
	}
	l, obj := dec.Open()
	if l != nil {
		if err := d.pw.list(dec, v, res); err != nil {
			return err
		}
		w, err := dec.Finish()
		if err != nil {
			return err
		}
		res.Failed = res.Failed || recognise.Failed(w)
		return rn.flush()
	}
	o := rn.begin(false)
	s := recognise.NewStreamedObject(rn.rec)
	rn.bigObjects++
	if _, err := d.pw.object(o, obj, s); err != nil {
		return err
	}
	if _, err := dec.Finish(); err != nil {
		return err
	}
	res.Failed = res.Failed || s.Failed()
	if err := d.pw.finishObject(o, s); err != nil {
		return err
	}
	return rn.flush()
}

// docs is the parts writer of the output, which streams long documents
// only when it shows parts (docsOutput, or runs of one).
func (rn *Renderer) docs() parts { return rn.out.(interface{ parts() parts }).parts() }

func (d docsOutput) parts() parts { return d.pw }
