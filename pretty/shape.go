package pretty

// Shape is what a document is, as far as rendering cares.
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

// classify recognises a document's shape. Unknown JSON falls through to the
// generic shapes, so everything renders.
func classify(v Value) Shape {
	switch v.Kind {
	case Array:
		switch {
		case len(v.Items) == 0 || allScalars(v.Items):
			return ShapeScalars
		case allObjects(v.Items):
			return ShapeRecords
		}
		return ShapeArray
	case Object:
		if ok, has := v.Get("ok"); has && ok.Kind == Bool {
			if ok.IsFalse() {
				return ShapeError
			}
			if v.Has("result") || v.Has("tool") {
				return ShapeEnvelope
			}
		}
		if isBatch(v) {
			return ShapeBatch
		}
		if _, _, ok := listRows(v); ok {
			return ShapeList
		}
		return ShapeRecord
	}
	return ShapeScalar
}

// isBatch: results is an array of envelopes and summary an object.
func isBatch(v Value) bool {
	res, ok := v.Get("results")
	sum, ok2 := v.Get("summary")
	if !ok || !ok2 || res.Kind != Array || sum.Kind != Object {
		return false
	}
	for _, r := range res.Items {
		if ok, has := r.Get("ok"); r.Kind != Object || !has || ok.Kind != Bool {
			return false
		}
	}
	return true
}

// listRows finds the rows of a list envelope: one of the list keys holding
// an array, next to at least one limit or cursor field.
func listRows(v Value) (key string, rows Value, ok bool) {
	meta := false
	for _, m := range v.Members {
		if isListMetaKey(m.Key) {
			meta = true
			break
		}
	}
	if !meta {
		return "", Value{}, false
	}
	for _, k := range listKeys {
		if r, has := v.Get(k); has && r.Kind == Array && (len(r.Items) == 0 || allObjects(r.Items)) {
			return k, r, true
		}
	}
	return "", Value{}, false
}

// isErrorEnvelope reports an envelope with ok: false.
func isErrorEnvelope(v Value) bool {
	ok, has := v.Get("ok")
	return v.Kind == Object && has && ok.IsFalse()
}

// errorParts pulls kind and message out of an error envelope, whose error
// is a string or an object; an aborted batch entry may carry only message.
func errorParts(v Value) (kind, msg string) {
	e, _ := v.Get("error")
	switch e.Kind {
	case String:
		return "", e.Text
	case Object:
		return e.str("kind"), e.str("message")
	}
	return "", v.str("message")
}

// errorView is an error envelope as both human and Markdown output show it:
// the kind and message up front, then every other field as details.
type errorView struct {
	kind, msg string
	aborted   bool // an aborted batch op, which carries a message, not an error
	details   Value
}

func viewError(v Value) errorView {
	ev := errorView{details: Value{Kind: Object}}
	ev.kind, ev.msg = errorParts(v)
	if ab, _ := v.Get("aborted"); ab.IsTrue() && !v.Has("error") {
		ev.aborted = true
		if ev.kind == "" {
			ev.kind = "aborted"
		}
	}
	if e, _ := v.Get("error"); e.Kind == Object {
		ev.details = without(e, "kind", "message")
	}
	for _, m := range v.Members {
		switch {
		case m.Key == "ok", m.Key == "tool", m.Key == "error":
		case m.Key == "message" && !v.Has("error"):
		case m.Key == "aborted" && ev.aborted:
		case m.Value.Scalar() && sameScalar(ev.details, m):
			// the envelope repeats a detail of its error: show it once
		default:
			ev.details.Members = append(ev.details.Members, m)
		}
	}
	return ev
}
