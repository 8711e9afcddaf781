package plain

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/value"
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
		// Read a line at a time, each written as it is escaped: a text
		// may be hundreds of megabytes. A CRLF ends a line as LF does.
		prev, more := "", false
		for ln := range strings.SplitSeq(pt.Text, "\n") {
			if more {
				p.textLine(strings.TrimSuffix(prev, "\r"))
			}
			prev, more = ln, true
		}
		p.textLine(prev)
	case protocol.RequestPart:
		// "request: METHOD" first, as a notification's line is
		// "notification: METHOD", then its id and every param.
		r := pt.Request
		p.o.Line("request: " + Text(r.Method))
		p.field("", value.Member{Key: "id", Value: r.ID})
		p.field("", value.Member{Key: "params", Value: r.Params})
	case protocol.NotePart:
		p.o.Line(Text(pt.Note.Literal))
		rest := pt.Note.Rest
		if pt.Note.RestAll.Kind == value.Object {
			rest = pt.Note.RestAll
		}
		for _, m := range rest.Members {
			p.field(pt.Note.RestPath, m)
		}
	}
}

// textLine writes a line of prose under its text: key.
func (p Writer) textLine(ln string) {
	if ln == "" {
		p.o.Line("text:")
		return
	}
	p.o.PairTo("text: ", func(w lines.StringWriter) { sanitize.Write(w, ln, sanitize.EscapeBackslash) })
}
