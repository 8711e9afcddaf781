package pipeline

import (
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/render/plain"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// plainParts is plain output: every leaf as key: value lines, tables as
// tab-separated rows, a pure function of the input.
type plainParts struct{ rn *Renderer }

func newPlain(rn *Renderer) output {
	rn.holdText = rn.holdParts
	return writeParts(rn, plainParts{rn})
}

func (p plainParts) writer(o *lines.Writer) plain.Writer {
	return plain.Steered(o, p.rn.opt.Steer, p.rn.seen).Temp(p.rn.opt.TempDir)
}

func (p plainParts) part(pt protocol.Part) error {
	if pt.Kind == protocol.NotePart && pt.Note.Literal == "" {
		return nil // headers and such: for people only
	}
	rn := p.rn
	if pt.Kind == protocol.ValuePart && !rn.opt.Steer.Empty() && recordDoc(pt.Value) {
		// A document that is one record, with --columns, --sort or
		// --where: a row of the table of such documents, as in -o tsv.
		if rn.plainRecs == nil {
			rn.plainRecs = &rowsParts{rn: rn}
		}
		if r := rn.plainRecs; r.o == nil {
			r.o, r.header = rn.begin(false), ""
		}
		return rn.plainRecs.record(pt.Value)
	}
	if err := rn.endPlainRecords(); err != nil {
		return err
	}
	if err := p.checkSteer(pt); err != nil {
		return err
	}
	p.writer(rn.begin(pt.Kind == protocol.NotePart)).Part(pt)
	return nil
}

// endPlainRecords writes the records plain output holds, ending its
// table of records.
func (rn *Renderer) endPlainRecords() error {
	r := rn.plainRecs
	if r == nil || r.o == nil {
		return nil
	}
	err := r.flushHeld()
	r.o, r.records = nil, plain.Records{}
	return err
}

// checkSteer: until the first table is met, the tables of a document (its
// lists of records, at any depth) are found before it is written, so that
// a name of --columns, --sort or --where that met none of their columns
// (as plain output writes them: sig.x) fails before anything is written.
func (p plainParts) checkSteer(pt protocol.Part) error {
	rn := p.rn
	if rn.steerChecked || rn.opt.Steer.Empty() || pt.Kind != protocol.ValuePart {
		return nil
	}
	plain.CheckAll(pt.Value, rn.opt.Steer, rn.seen)
	return rn.firstTable()
}

// open: the open document written as a held one is, its list as it is
// read; nil for one that is not one value.
func (p plainParts) open(v value.Value, parts []protocol.Part) func(*Result) error {
	if len(parts) != 1 || parts[0].Kind != protocol.ValuePart {
		return nil
	}
	pt := parts[0]
	return func(*Result) error {
		if err := p.checkSteer(pt); err != nil {
			return err
		}
		p.rn.streamed(v)
		return p.writer(p.rn.begin(false)).Document(v)
	}
}
