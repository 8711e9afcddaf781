package plain

import (
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
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

// Stream writes a list too long to hold as it is read: the envelope's
// fields before it, its first rows as a table, then every further row
// straight from the decoder's tokens, counting them in s.Rows. Rows too
// sparse for a table are written by index, as held ones are; a table
// whose later rows make it so ends there, and the rest are.
func (p Writer) Stream(l *input.List, s *recognise.Streamed) error {
	if s.Walk {
		return p.streamWalk(l, s)
	}
	if s.Where >= recognise.ListIsResult {
		// The envelope's fields before its result, as plain output has them.
		for _, m := range s.Envelope.Members {
			p.field("", m)
		}
		p.o.Gap()
	}
	first := recognise.SteerRows(l.First, p.spec, p.seen)
	t := newTSV(p, first)
	if t == nil {
		s.Rows = 0
		return p.streamByIndex(l, s, l.First)
	}
	for r := range first {
		t.load(r)
		t.write()
	}
	scan := newTSVScan(t, l)
	s.Rows = len(l.First)
	// A --where condition may name any column: its rows are read whole.
	where := len(p.spec.Where) > 0
	interrupted := false
	for {
		if where {
			row, ok, err := l.Next()
			if err != nil || !ok {
				return err
			}
			s.Rows++
			if row.Kind == Object && !recognise.Keep(row, p.spec, p.seen) {
				continue
			}
			if row.Kind == Object {
				t.loadRow(row)
				t.write()
				if t.sparse() {
					return p.streamByIndex(l, s, nil)
				}
			} else {
				p.o.Gap()
				p.walkAt(&pathSeg{seg: "[" + strconv.Itoa(s.Rows-1) + "]"}, "", row, false)
				p.o.Gap()
				t.header()
			}
			if err := p.o.Err(); err != nil {
				return err
			}
			continue
		}
		if l.D.Tokens().PeekKind() != '{' {
			row, ok, err := l.Next()
			if err != nil || !ok {
				return err
			}
			// A row that is not a record: its own lines, indexed as in a
			// held list of mixed items; the table resumes under a new
			// header.
			p.o.Gap()
			p.walkAt(&pathSeg{seg: "[" + strconv.Itoa(s.Rows) + "]"}, "", row, false)
			interrupted = true
		} else {
			if err := scan.row(); err != nil {
				return err
			}
			if interrupted && !t.added {
				p.o.Gap()
				t.header()
			}
			interrupted = false
			t.write()
			if t.added && t.sparse() {
				s.Rows++
				return p.streamByIndex(l, s, nil)
			}
		}
		s.Rows++
		if err := p.o.Err(); err != nil {
			return err
		}
	}
}

// streamByIndex writes the rows of a streamed list from first on, then
// every further one as it is read, by index (items[1200].name: …), as a
// held list too sparse for a table has them, after a blank line when a
// table came before. s.Rows counts the rows before first.
func (p Writer) streamByIndex(l *input.List, s *recognise.Streamed, first []Value) error {
	if s.Rows > 0 {
		p.o.Gap()
	}
	list := listPath(s.Key)
	where := len(p.spec.Where) > 0
	row := func(v Value) {
		if !where || v.Kind != Object || recognise.Keep(v, p.spec, p.seen) {
			p.row(list, s.Key, s.Rows, v)
		}
		s.Rows++
	}
	for _, v := range first {
		row(v)
	}
	for {
		if err := p.o.Err(); err != nil {
			return err
		}
		v, ok, err := l.Next()
		if err != nil || !ok {
			return err
		}
		row(v)
	}
}

// streamWalk writes a list that a held document has as key: value lines
// (a graph's nodes) as they are read: the members of its object before
// it, then each item under its index.
func (p Writer) streamWalk(l *input.List, s *recognise.Streamed) error {
	root := &pathSeg{}
	for _, m := range l.Path[0].Obj.Members {
		p.walkAt(&pathSeg{up: root, seg: joinPath("", m.Key)}, m.Key, m.Value, false)
	}
	list := &pathSeg{up: root, seg: joinPath("", s.Key)}
	item := func(it Value) {
		p.walkAt(&pathSeg{up: list, seg: "[" + strconv.Itoa(s.Rows) + "]"}, s.Key, it, false)
		s.Rows++
	}
	for _, it := range l.First {
		item(it)
	}
	for {
		if err := p.o.Err(); err != nil {
			return err
		}
		it, ok, err := l.Next()
		if err != nil || !ok {
			return err
		}
		item(it)
	}
}

// StreamScalars writes a document that is a list of scalars too long to
// hold as a held one is written, a value a line, as it is read. An item
// that is not a scalar, after the first ones were, gets its own indexed
// lines, as an item of a mixed list does: nothing is lost. It returns how
// many items there were.
func (p Writer) StreamScalars(l *input.List) (int, error) {
	for _, it := range l.First {
		p.o.Line(plainScalar(it))
	}
	n := len(l.First)
	for {
		it, ok, err := l.Next()
		if err != nil || !ok {
			return n, err
		}
		if it.Scalar() {
			p.o.Line(plainScalar(it))
		} else {
			p.o.Gap()
			p.walkAt(&pathSeg{seg: "[" + strconv.Itoa(n) + "]"}, "", it, false)
			p.o.Gap()
		}
		n++
		if err := p.o.Err(); err != nil {
			return n, err
		}
	}
}

// Finish writes the rest of a document whose list was streamed: the
// list's metadata and the envelope's fields after it, or, when the
// document said only after its rows that it failed, the failure.
func (p Writer) Finish(v Value, s *recognise.Streamed) {
	list := v
	if s.Where >= recognise.ListIsResult {
		list, _ = v.Get("result")
	}
	if recognise.Failed(v) {
		rest := v
		if s.Key != "" && s.Where == recognise.ListInObject {
			rest = value.Without(v, s.Key)
		}
		p.o.Gap()
		p.errorEnvelope(rest, false)
		return
	}
	if s.Walk {
		// The members after the list, as the held document has them.
		root := &pathSeg{}
		for _, m := range v.Members[min(s.Before+1, len(v.Members)):] {
			p.walkAt(&pathSeg{up: root, seg: joinPath("", m.Key)}, m.Key, m.Value, false)
		}
		return
	}
	if s.Where == recognise.ListInObject || s.Where == recognise.ListInResult {
		p.listMeta(list, s.Key)
	}
	if s.Where >= recognise.ListIsResult {
		// The envelope's fields after its result.
		p.o.Gap()
		after := false
		for _, m := range v.Members {
			if after {
				p.field("", m)
			}
			after = after || m.Key == "result"
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
