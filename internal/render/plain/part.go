package plain

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
)

// Part writes one part of a document: a value by its shape, prose as
// text: lines, a request by its method, a note in its plain form and the
// fields its line does not say.
func (p Writer) Part(pt protocol.Part) {
	switch pt.Kind {
	case protocol.ValuePart:
		p.document(pt.Value)
	case protocol.ProsePart:
		// Each line under a text: key, escaped like any value, so that a
		// line of prose ("error: …") is never mistaken for the contract's
		// own lines, and a script can take the text back.
		for _, ln := range strings.Split(strings.ReplaceAll(pt.Text, "\r\n", "\n"), "\n") {
			if ln == "" {
				p.o.Line("text:")
			} else {
				p.o.Line("text: " + plainText(ln))
			}
		}
	case protocol.RequestPart:
		// "request: METHOD" first, as a notification's line is
		// "notification: METHOD", then its id and every param.
		r := pt.Request
		p.o.Line("request: " + plainText(r.Method))
		p.field("", Member{Key: "id", Value: r.ID})
		p.field("", Member{Key: "params", Value: r.Params})
	case protocol.NotePart:
		p.o.Line(plainText(pt.Note.Plain))
		rest := pt.Note.Rest
		if pt.Note.PlainRest.Kind == Object {
			rest = pt.Note.PlainRest
		}
		for _, m := range rest.Members {
			p.field(pt.Note.RestPath, m)
		}
	}
}

// StreamObject writes a document that is an object too large to hold as
// it is read: each member as the held document's would be, except those
// that say it failed, which FinishObject writes after them.
func (p Writer) StreamObject(o *input.Object, s *recognise.StreamedObject) (int, error) {
	root := &pathSeg{}
	member := func(m Member) {
		p.walkAt(&pathSeg{up: root, seg: joinPath("", m.Key)}, m.Key, m.Value, false)
	}
	for _, m := range o.First {
		member(m)
	}
	n := len(o.First)
	for {
		if err := p.o.Err(); err != nil {
			return n, err
		}
		m, ok, err := o.Next()
		if err != nil || !ok {
			return n, err
		}
		n++
		if !s.Hold(m) {
			member(m)
		}
	}
}

// FinishObject writes what a large object's members held back say: the
// failure they report, or themselves as fields.
func (p Writer) FinishObject(s *recognise.StreamedObject) {
	held := s.Held()
	if !s.Failed() {
		root := &pathSeg{}
		for _, m := range held.Members { // fields after all, at the end
			p.walkAt(&pathSeg{up: root, seg: joinPath("", m.Key)}, m.Key, m.Value, false)
		}
		return
	}
	p.o.Gap()
	p.errorEnvelope(held, false)
}
