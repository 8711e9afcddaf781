package recognise

import (
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// A list too long to hold (more than input.StreamAfter rows) is shown as
// it is read: what comes before it in the document, then a table laid out
// from its first rows, then every further row, and, once the document
// ends, the footer and the fields that came after the list. Memory stays
// flat however long the list, and the first lines appear at once.
//
// Only lists where khive puts them stream, and only lists of records: a
// document that is a list, a list envelope's rows, an envelope's result.
// A document that has already said it failed is held instead, so that its
// failure heads its output.

// Streams reports whether a list that has grown to input.StreamAfter items
// at path streams: the decoder's hook.
func Streams(path []input.Frame, first []Value) bool {
	okEnvelope := func(f input.Frame) bool {
		ok, has := f.Obj.Get("ok")
		return f.Key == "result" && has && ok.IsTrue()
	}
	if !value.AllObjects(first) {
		return false // any other list is held and shown as it always is
	}
	if len(path) > 0 && Failed(*path[0].Obj) {
		return false
	}
	for _, r := range first {
		if r.Has("ok") {
			// A batch's ops: whether it failed, and how it is shown, needs
			// every op, so it is held.
			return false
		}
	}
	if inOp(path) {
		// The list of the first op of a request envelope: the op is seen
		// as an envelope of its own (results[0].result.items).
		path = path[1:]
		return len(path) == 1 && okEnvelope(path[0]) || len(path) == 2 && okEnvelope(path[0]) && IsListKey(path[1].Key)
	}
	switch len(path) {
	case 0:
		return true
	case 1:
		return IsListKey(path[0].Key) || okEnvelope(path[0]) || longShape(*path[0].Obj, path[0].Key, first, "") != nil
	case 2:
		return okEnvelope(path[0]) && IsListKey(path[1].Key)
	}
	return false
}

// inOp reports a path that goes through the first op of a khive request
// envelope ({"results": [{"ok": true, "result": …}, …], "status": …}).
// Its list is shown as a one-op request's, before it is known whether
// more ops follow: if some do, they are shown after it, numbered, with the
// request's totals.
func inOp(path []input.Frame) bool {
	return len(path) >= 2 && path[0].Key == "results" && path[1].Item == 1 && len(path[0].Obj.Members) == 0
}

// longShape is the shape, if any, that shows obj's list key, whose first
// items are first, as numbered entries (a graph's entities).
func longShape(obj Value, key string, first []Value, tool string) *Long {
	rows := Value{Kind: Object, Members: []Member{{Key: key, Value: Value{Kind: Array, Items: first}}}}
	if sh := findShape(value.Join(obj, rows), tool); sh != nil && sh.Long != nil && sh.Long.Key == key {
		return sh.Long
	}
	return nil
}

// StreamsObject reports whether a document that is an object, grown to
// input.StreamAfter members, streams: the decoder's hook. Only a plain
// record does: none of its first members names a server's shape, an
// envelope, a list, a batch, a protocol message or a failure. (One that
// names them only after its first thousand members is shown as a record,
// its failure after it.)
func StreamsObject(first []Member) bool {
	for _, m := range first {
		switch m.Key {
		case "jsonrpc", "result", "tool", "results", "summary", "content", "structuredContent":
			return false
		}
		if FailureKey(m.Key) || IsListMetaKey(m.Key) || IsListKey(m.Key) {
			return false
		}
	}
	v := Value{Kind: Object, Members: first}
	return Classify(v) == ShapeRecord && findShape(v, "") == nil
}

// StreamedObject is a document that is an object too large to hold (a
// map of a million keys), shown as a record whose fields after the first
// ones are shown as they are read. The members read later that may say
// the document failed (FailureKey, judged together as a held document's
// are) are held back: once the object ends they are shown
// as the failure they report, or as fields if they report none.
type StreamedObject struct {
	b    builder
	held []Member
	Read int // members read so far
}

// NewStreamedObject is the view of a large object being read.
func NewStreamedObject(opt Options) *StreamedObject {
	return &StreamedObject{b: builder{opt: opt, grows: true}}
}

// Failed reports whether the members held back say the document failed.
func (s *StreamedObject) Failed() bool { return len(s.held) > 0 && Failed(s.Held()) }

// Held is the members held back.
func (s *StreamedObject) Held() Value { return Value{Kind: Object, Members: s.held} }

// Hold takes a member read after the first ones that may say the document
// failed out of the fields (true), for Finish to show.
func (s *StreamedObject) Hold(m Member) bool {
	if FailureKey(m.Key) {
		s.held = append(s.held, m)
		return true
	}
	return false
}

// Blocks is the record of the object's first members, whose Stream reads
// the others.
func (s *StreamedObject) Blocks(o *input.Object) []view.Block {
	r := s.b.record(Value{Kind: Object, Members: o.First}, 0, false, false)
	s.Read = len(o.First)
	r.Stream = func() (view.Field, bool, error) {
		for {
			m, ok, err := o.Next()
			if err != nil || !ok {
				return view.Field{}, false, err
			}
			s.Read++
			if s.Hold(m) {
				continue
			}
			if f, ok := s.b.field(m, false, false); ok {
				return f, true, nil
			}
		}
	}
	return []view.Block{*r}
}

// Finish is what follows the fields once the object has ended: the
// failure the members held back report, or those members as fields.
func (s *StreamedObject) Finish() []view.Block {
	switch {
	case len(s.held) == 0:
		return nil
	case s.Failed():
		return []view.Block{view.Gap{}, s.b.errorBlock(s.Held(), "")}
	}
	r := view.Record{}
	for _, m := range s.held {
		if f, ok := s.b.field(m, false, false); ok {
			r.Fields = append(r.Fields, f)
		}
	}
	return []view.Block{r}
}
