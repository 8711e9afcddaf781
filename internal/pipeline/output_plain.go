package pipeline

import (
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/render/plain"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// plainParts is plain output: every leaf as key: value lines, tables as
// tab-separated rows, a pure function of the input.
type plainParts struct{ rn *Renderer }

func newPlain(rn *Renderer) output { return docsOutput{rn, plainParts{rn}} }

func (p plainParts) writer(o *lines.Writer) plain.Writer {
	return plain.Steered(o, p.rn.opt.Steer, p.rn.seen)
}

func (p plainParts) part(pt protocol.Part) error {
	if pt.Kind == protocol.NotePart && pt.Note.Plain == "" {
		return nil // headers and such: for people only
	}
	p.writer(p.rn.begin(pt.Kind == protocol.NotePart)).Part(pt)
	return nil
}

// streams: plain output heads an op with the number of ops in its request
// ("op 1/2"), so a request's lists are held.
func (plainParts) streams(path []input.Frame, first []value.Value) bool {
	return recognise.StreamsPlain(path, first)
}

// skip: plain output shows a reply's structuredContent, whatever it says.
func (plainParts) skip() bool { return false }

func (p plainParts) list(dec *input.Decoder, _ value.Value, _ *Result) error {
	p.rn.longLists++
	o := p.rn.begin(false)
	pw := p.writer(o)
	l, _ := dec.Open()
	if len(l.Path) == 0 && value.AllScalars(l.First) {
		_, err := pw.StreamScalars(l)
		return err
	}
	s := recognise.StreamedList(l)
	if err := pw.Stream(l, s); err != nil {
		return err
	}
	w, err := dec.Finish()
	if err != nil {
		return err
	}
	pw.Finish(w, s)
	return nil
}

func (p plainParts) object(o *lines.Writer, obj *input.Object, s *recognise.StreamedObject) (int, error) {
	return p.writer(o).StreamObject(obj, s)
}

func (p plainParts) finishObject(o *lines.Writer, s *recognise.StreamedObject) error {
	p.writer(o).FinishObject(s)
	return nil
}
