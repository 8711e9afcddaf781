package pipeline

import (
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// docsOutput is what the outputs that show parts share (all but JSON and
// agent): a document in parts, each written by the parts writer, a long
// list, large object or MCP text block as it is read.
type docsOutput struct{ rn *Renderer }

// writeParts is the output that writes with pw, the Renderer's.
func writeParts(rn *Renderer, pw parts) docsOutput {
	rn.pw = pw
	return docsOutput{rn}
}

// parts writes what one of the outputs that show parts shows: a part, a
// long list or large object as it is read and what follows it.
type parts interface {
	// part writes a part of a document.
	part(p protocol.Part) error
	// open is how a document returned open (v, whose parts are parts) is
	// written: through its long list or large object as it is read, then
	// what follows it; nil when it is held (value.Force). A view is made
	// here, once.
	open(v value.Value, parts []protocol.Part) func(res *Result) error
}

// hooks: long lists stream where khive puts them (recognise.Streams),
// unless rows are sorted (the last row read may be the first shown);
// large objects and long text blocks always.
func (d docsOutput) hooks(dec *input.Decoder) {
	rn := d.rn
	if len(rn.opt.Steer.Sort) == 0 {
		dec.Stream = recognise.Streams
	}
	if rn.rows() == nil {
		// -o tsv and -o csv hold a large object: a record of any number
		// of keys is a table of one row, whose header needs them all.
		dec.StreamObject = recognise.StreamsObject
	}
	dec.Text = textBlock
	_, views := rn.pw.(*viewParts)
	switch {
	case rn.holdText != nil:
		dec.Divert = rn.diverter(dec)
	case views && !rn.opt.Verbose:
		// A reply whose text block was shown is not shown again as its
		// structuredContent (MCP asks servers to send both); --verbose is.
		dec.Skip = func(path []input.Frame) bool { return structuredContent(path) && rn.textShown }
		// A long structured content is read back as it comes once its
		// reply is read, not held (679 MiB for a list of 111 MiB).
		// --verbose, which shows a reply's text blocks beside it, holds
		// the reply, as it orders the two.
		dec.Divert = rn.longSC(dec, func() bool { return dec == rn.outer }, &rn.scHeld)
	}
	if views && rn.opt.ReadAhead {
		dec.ListAhead = rn.listAhead(dec)
	}
}

func (d docsOutput) read(dec *input.Decoder, res *Result) error { return d.rn.readEach(dec, res) }

func (d docsOutput) part(p protocol.Part) error { return d.rn.pw.part(p) }
func (docsOutput) broken()                      {}

// document writes a document in parts.
func (d docsOutput) document(v value.Value, res *Result) error {
	rn := d.rn
	if h := rn.takeSC(); h != nil {
		return rn.holdSC(v, h, res)
	}
	return rn.parts(rn.docParts(v, true), res)
}

// open writes a document open at a long list or a large object: up to
// and through it as it is read, then the fields after it.
func (d docsOutput) open(v value.Value, res *Result) error {
	rn := d.rn
	write := rn.decided // by openText, for v
	rn.decided = nil
	if err := rn.endRun(); err != nil {
		return err
	}
	if l, _ := value.OpenList(v); l.Open != nil && l.Open.Text != nil {
		if err := rn.openText(v, l.Open.Text, res); err != nil {
			return err
		}
		return rn.flush()
	}
	if err := rn.endPlainRecords(); err != nil {
		return err
	}
	parts := rn.docParts(v, true)
	if write == nil {
		write = rn.pw.open(v, parts)
	}
	var err error
	if write != nil {
		err = write(res)
	} else if w, ferr := value.Force(v); ferr != nil {
		err = ferr
	} else {
		err = rn.parts(rn.docParts(w, false), res)
	}
	rn.stopList() // the view is done with the list: the decoder is this goroutine's again
	if err != nil {
		return err
	}
	w, err := value.Whole(v)
	if err != nil {
		return err
	}
	if recognise.Failed(w) {
		res.fail(w, "")
	}
	return rn.flush()
}

// streamed counts a document shown as it was read, for tests.
func (rn *Renderer) streamed(v value.Value) {
	if l, _ := value.OpenList(v); l.Open != nil && l.Open.More != nil {
		rn.bigObjects++
	} else {
		rn.longLists++
	}
}
