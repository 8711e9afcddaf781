package recognise

import (
	"slices"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Shape is what a document is, as far as showing it cares.
type Shape uint8

const (
	ShapeScalar   Shape = iota // a string, number, bool or null
	ShapeScalars               // an array of scalars: shown inline
	ShapeRecords               // an array of objects: a table
	ShapeArray                 // any other array: its items, one by one
	ShapeRecord                // an object: a key/value block
	ShapeEnvelope              // {"ok": true, "tool": …, "result": …}
	ShapeError                 // {"ok": false, "tool": …, "error": …}
	ShapeBatch                 // {"results": [envelope…], "summary": {…}}
	ShapeList                  // a list envelope: rows plus limit/cursor metadata
)

// Classify recognises a document's shape. Unknown JSON falls through to the
// generic shapes, so everything renders.
func Classify(v Value) Shape {
	switch v.Kind {
	case Array:
		switch {
		case len(v.Items) == 0 || value.AllScalars(v.Items):
			return ShapeScalars
		case value.AllObjects(v.Items):
			return ShapeRecords
		}
		return ShapeArray
	case Object:
		if ok, has := v.Says("ok"); has && ok.Kind == Bool {
			if ok.IsFalse() {
				return ShapeError
			}
			if v.Has("result") || v.Has("tool") {
				return ShapeEnvelope
			}
		}
		if isErrorReport(v) {
			return ShapeError
		}
		if IsBatch(v) {
			return ShapeBatch
		}
		if _, _, ok := ListRows(v); ok {
			return ShapeList
		}
		return ShapeRecord
	}
	return ShapeScalar
}

// IsBatch: results is an array of envelopes and summary an object (or,
// while results is open, still to come: khive sorts it after).
func IsBatch(v Value) bool {
	res, ok := v.Get("results")
	sum, ok2 := v.Get("summary")
	if res.IsOpen() && !ok2 {
		ok2, sum.Kind = true, Object
	}
	if !ok || !ok2 || res.Kind != Array || sum.Kind != Object {
		return false
	}
	for _, r := range res.Items {
		if ok, has := r.Says("ok"); r.Kind != Object || !has || ok.Kind != Bool {
			return false
		}
	}
	return true
}

// long reports a list that streams, or would: open, or held but past
// the items the decoder holds before asking (input.Window). A page's
// rows are known by it alike, held or streamed.
func long(r Value) bool { return isOpenList(r) || input.Window(r.Items) < len(r.Items) }

// ListRows finds the rows of a list envelope: one of the list keys holding
// an array, next to at least one limit or cursor field; or holding a long
// list (long) that is the object's first member, its fields to come after
// it (khive writes a page's rows first). A long list after other fields
// ({message, nodes, edges}) is a record's, held or read as it comes.
func ListRows(v Value) (key string, rows Value, ok bool) {
	if !slices.ContainsFunc(v.Members, func(m Member) bool { return IsListMetaKey(m.Key) }) {
		// Only the first member, a long list under a list key.
		if len(v.Members) > 0 && slices.Contains(ListKeys[:], v.Members[0].Key) && records(v.Members[0].Value) && long(v.Members[0].Value) {
			return v.Members[0].Key, v.Members[0].Value, true
		}
		return "", Value{}, false
	}
	for _, k := range ListKeys {
		if r, has := v.Get(k); has && records(r) {
			return k, r, true
		}
	}
	return "", Value{}, false
}

// BatchView is what a batch's summary line says and what follows it: the
// summary's scalar counts, the status when it is text, and every other
// field, nothing dropped (a count that is an object goes under "summary").
type BatchView struct {
	Counts []Member
	Status string
	Rest   Value
}

func ViewBatch(v Value) BatchView {
	var bv BatchView
	sum, _ := v.Get("summary")
	st, _ := v.Get("status")
	used := map[string]bool{"results": true, "summary": true, "status": st.Kind == String}
	if st.Kind == String {
		bv.Status = st.Text
	}
	var odd []Member
	for _, m := range sum.Members {
		if m.Value.Scalar() {
			bv.Counts = append(bv.Counts, m)
		} else {
			odd = append(odd, m)
		}
	}
	bv.Rest = value.WithoutFirst(v, used)
	if len(odd) > 0 {
		bv.Rest.Members = append([]Member{{Key: "summary", Value: Value{Kind: Object, Members: odd}}}, bv.Rest.Members...)
	}
	return bv
}

// ScalarText is a scalar as human and Markdown output write it in a line.
func ScalarText(v Value) string {
	if v.Kind == Null {
		return "null"
	}
	return v.Text
}

// OkRest is a successful envelope's fields other than those its title and
// body show: the first ok and result, and the tool when it is text (a tool
// of another type, or a second one, is a field like any other).
func OkRest(v Value) Value {
	if t, _ := v.Get("tool"); t.Kind == String {
		return value.Without(v, "ok", "result", "tool")
	}
	return value.Without(v, "ok", "result")
}

// IsErrorEnvelope reports an envelope with ok: false.
func IsErrorEnvelope(v Value) bool {
	ok, has := v.Says("ok")
	return v.Kind == Object && has && ok.IsFalse()
}

// ErrorView is an error envelope as every output shows it: the tool, kind
// and message head it when they are text, and every other field follows,
// nothing dropped: a kind or message of another type, a second kind, an
// error that is neither text nor an object are all details. The error
// object's own fields (errFields, error.* in plain output) are kept apart
// from the envelope's.
type ErrorView struct {
	Tool, Kind, Msg string
	Aborted         bool // an aborted batch op, which carries a message, not an error
	ErrFields       Value
	// head marks the envelope's members the heading shows (ok, tool, the
	// error, its message); errorAt is the error object's index, or -1.
	Head    map[int]bool
	ErrorAt int
	Env     Value
	// Key is the error's key as written: error, or Go's Error ("" when
	// the envelope has none: an ok: false with a message).
	Key string
}

func ViewError(v Value) ErrorView {
	ev := ErrorView{ErrFields: Value{Kind: Object}, Head: map[int]bool{}, ErrorAt: -1, Env: v}
	first := func(obj Value, key string) (int, Value) {
		for i, m := range obj.Members {
			if m.Key == key {
				return i, m.Value
			}
		}
		return -1, Value{}
	}
	// Only the first of each key heads the block, and only as text; a
	// repeated key, or one of another type, is a detail.
	text := func(obj Value, key string) (string, int) {
		if i, f := first(obj, key); i >= 0 && f.Kind == String {
			return f.Text, i
		}
		return "", -1
	}
	var at int
	if at, _ = first(v, "ok"); at >= 0 {
		ev.Head[at] = true
	}
	if ev.Tool, at = text(v, "tool"); at >= 0 {
		ev.Head[at] = true
	}
	at, e := first(v, "error")
	if at < 0 {
		at, e = first(v, "Error") // Go's (errorOf)
	}
	if at >= 0 {
		ev.Key = v.Members[at].Key
	}
	switch {
	case at < 0:
		if ab, _ := v.Get("aborted"); ab.IsTrue() {
			ev.Aborted, ev.Kind = true, "aborted"
		}
		if ev.Msg, at = text(v, "message"); at >= 0 && ev.Msg != "" {
			ev.Head[at] = true
		}
	case e.Kind == String && e.Text != "":
		ev.Msg, ev.Head[at] = e.Text, true
		if msg, m := text(v, "message"); m >= 0 && msg != "" && !strings.Contains(e.Text, " ") {
			// {"error": "not_found", "message": "Endpoint not found…"}:
			// a code, and the sentence that explains it.
			ev.Kind, ev.Msg, ev.Head[m] = e.Text, msg, true
		}
	case e.Kind == Object:
		ev.Head[at], ev.ErrorAt = true, at
		used := map[int]bool{}
		var k, m int
		if ev.Kind, k = text(e, "kind"); k >= 0 && ev.Kind != "" {
			used[k] = true
		} else if i, c := first(e, "code"); i >= 0 && (c.Kind == String && c.Text != "" || c.Kind == Number) {
			// No kind: the code says what went wrong ("tool_not_found").
			ev.Kind, used[i] = c.Text, true
		}
		// An empty message says nothing on the heading line; kept as a
		// detail, so that plain output still writes it.
		if ev.Msg, m = text(e, "message"); m >= 0 && ev.Msg != "" {
			used[m] = true
		} else if ev.Msg, m = text(e, "Err"); m >= 0 && ev.Msg != "" {
			used[m] = true // Go's PackageError
		}
		for i, mm := range e.Members {
			if !used[i] {
				ev.ErrFields.Members = append(ev.ErrFields.Members, mm)
			}
		}
	}
	return ev
}

// details is every field after the heading, the error object's first, as
// human and Markdown output list them; a field the envelope repeats from
// its error (domain_disposition, say) once.
func (ev ErrorView) Details() Value {
	d := Value{Kind: Object, Members: append([]Member(nil), ev.ErrFields.Members...)}
	for i, m := range ev.Env.Members {
		switch {
		case ev.Head[i]:
		case m.Key == "aborted" && ev.Aborted:
		case m.Value.Scalar() && sameScalar(ev.ErrFields, m):
		default:
			d.Members = append(d.Members, m)
		}
	}
	return d
}

func sameScalar(obj Value, m Member) bool {
	o, ok := obj.Get(m.Key)
	return ok && o.Kind == m.Value.Kind && o.Text == m.Value.Text
}
