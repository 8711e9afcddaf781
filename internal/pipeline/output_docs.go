package pipeline

import (
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// docsOutput is plain, human and Markdown output: a document in parts,
// each as what it is (a view, or plain's walk), long parts shown as they
// are read; in human and Markdown output, runs of records as one table.
type docsOutput struct{ rn *Renderer }

func newDocs(rn *Renderer) output { return docsOutput{rn} }

func (d docsOutput) hooks(dec *input.Decoder, name string, res *Result) {
	d.rn.docHooks(dec, name, res)
}

func (d docsOutput) read(dec *input.Decoder, res *Result) error {
	if d.rn.opt.Output == Plain {
		return d.rn.readEach(dec, res)
	}
	return d.rn.documentsInRuns(dec, res)
}

func (d docsOutput) document(v value.Value, res *Result) error { return d.rn.document(v, res) }
func (d docsOutput) part(p protocol.Part) error                { return d.rn.part(p) }
func (docsOutput) broken()                                     {}
