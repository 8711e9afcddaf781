package recognise

import (
	"slices"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A list too long to hold (more than input.StreamAfter rows) is shown as
// it is read: what comes before it in the document, then a table laid out
// from its first rows, then every further row, and, once the document
// ends, the footer and the fields that came after the list. Memory stays
// flat however long the list, and the first lines appear at once.
//
// Only lists where khive puts them stream, and only lists of records (or
// of scalars, as a document): a document that is a list, a list
// envelope's rows, an envelope's result. A document that has already said
// it failed is held instead, so that its failure heads its output.

// Streams reports whether a list that has grown to input.StreamAfter items
// at path streams: the decoder's hook.
func Streams(path []input.Frame, first []Value) bool {
	okEnvelope := func(f input.Frame) bool {
		ok, has := f.Obj.Says("ok")
		return f.Key == "result" && has && ok.IsTrue()
	}
	if len(path) == 0 && value.AllScalars(first) {
		return true
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
		// {"result": [...]}: how the Go SDK and FastMCP put a result that
		// is no object in structuredContent; nothing before it.
		wrapped := path[0].Key == "result" && len(path[0].Obj.Members) == 0
		return IsListKey(path[0].Key) || okEnvelope(path[0]) || wrapped || longShape(*path[0].Obj, path[0].Key, first, "") != nil
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

// FirstOpStreams reports a held request envelope whose first op's list
// would have been read as it came (Streams, inOp): the request is shown
// as it would be then, the first op as a one-op request's, the others
// after it, so that held and streamed read alike.
func FirstOpStreams(v Value) bool {
	if len(v.Members) == 0 || v.Members[0].Key != "results" {
		return false
	}
	res := v.Members[0].Value
	if res.Kind != Array || len(res.Items) < 2 || res.Items[0].Kind != Object {
		return false
	}
	op := res.Items[0]
	ok := false // "ok": true before the result, as the decoder has read it
	for _, m := range op.Members {
		switch {
		case m.Key == "ok":
			ok = m.Value.IsTrue()
		case m.Key == "result" && ok:
			return longRows(m.Value) || m.Value.Kind == Object && longPage(m.Value)
		}
	}
	return false
}

// longPage reports an object whose first long list under a list key
// (the one the decoder opens) streams.
func longPage(v Value) bool {
	for _, m := range v.Members {
		if m.Value.Kind == Array && IsListKey(m.Key) {
			return longRows(m.Value)
		}
		if m.Value.Kind == Array && long(m.Value) {
			return false // a list of another key, opened first, is held
		}
	}
	return false
}

// longRows reports a list of records, none an op's, past the items the
// decoder holds: one Streams lets through.
func longRows(v Value) bool {
	if v.Kind != Array || !long(v) || !value.AllObjects(v.Items) {
		return false
	}
	return !slices.ContainsFunc(v.Items[:input.Window(v.Items)], func(r Value) bool { return r.Has("ok") })
}

// longShape is the shape, if any, that shows obj's list key, whose first
// items are first, as numbered entries (a graph's entities).
func longShape(obj Value, key string, first []Value, tool string) *Long {
	rows := Value{Kind: Object, Members: []Member{{Key: key, Value: Value{Kind: Array, Items: first}}}}
	v := value.Join(obj, rows)
	if sh := findShape(v, Classify(v), tool); sh != nil && sh.Long != nil && sh.Long.Key == key {
		return sh.Long
	}
	return nil
}

// StreamsObject reports whether a document that is an object, grown to
// input.StreamAfter members, streams: the decoder's hook. Only a plain
// record does: none of its first members names a server's shape, an
// envelope, a list, a batch, a protocol message (a JSON-RPC one says
// jsonrpc, an MCP tool result content) or a failure. (One that
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
	return Classify(v) == ShapeRecord && findShape(v, ShapeRecord, "") == nil
}
