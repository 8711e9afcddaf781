package plain

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/protocol"
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
		p.o.Line(plainText(pt.Note.Literal))
		rest := pt.Note.Rest
		if pt.Note.RestAll.Kind == Object {
			rest = pt.Note.RestAll
		}
		for _, m := range rest.Members {
			p.field(pt.Note.RestPath, m)
		}
	}
}
