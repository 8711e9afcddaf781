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

// batchView is what a batch's summary line says and what follows it: the
// summary's scalar counts, the status when it is text, and every other
// field, nothing dropped (a count that is an object goes under "summary").
type batchView struct {
	counts []Member
	status string
	rest   Value
}

func viewBatch(v Value) batchView {
	var bv batchView
	sum, _ := v.Get("summary")
	st, _ := v.Get("status")
	used := map[string]bool{"results": true, "summary": true, "status": st.Kind == String}
	bv.status = st.Text
	if st.Kind != String {
		bv.status = ""
	}
	var odd []Member
	for _, m := range sum.Members {
		if m.Value.Scalar() {
			bv.counts = append(bv.counts, m)
		} else {
			odd = append(odd, m)
		}
	}
	bv.rest = withoutFirst(v, used)
	if len(odd) > 0 {
		bv.rest.Members = append([]Member{{Key: "summary", Value: Value{Kind: Object, Members: odd}}}, bv.rest.Members...)
	}
	return bv
}

// scalarText is a scalar as human and Markdown output write it in a line.
func scalarText(v Value) string {
	if v.Kind == Null {
		return "null"
	}
	return v.Text
}

// okRest is a successful envelope's fields other than those its title and
// body show: the first ok and result, and the tool when it is text (a tool
// of another type, or a second one, is a field like any other).
func okRest(v Value) Value {
	t, _ := v.Get("tool")
	return withoutFirst(v, map[string]bool{"ok": true, "result": true, "tool": t.Kind == String})
}

// isErrorEnvelope reports an envelope with ok: false.
func isErrorEnvelope(v Value) bool {
	ok, has := v.Get("ok")
	return v.Kind == Object && has && ok.IsFalse()
}

// errorView is an error envelope as every output shows it: the tool, kind
// and message head it when they are text, and every other field follows,
// nothing dropped: a kind or message of another type, a second kind, an
// error that is neither text nor an object are all details. The error
// object's own fields (errFields, error.* in plain output) are kept apart
// from the envelope's.
type errorView struct {
	tool, kind, msg string
	aborted         bool // an aborted batch op, which carries a message, not an error
	errFields       Value
	// head marks the envelope's members the heading shows (ok, tool, the
	// error, its message); errorAt is the error object's index, or -1.
	head    map[int]bool
	errorAt int
	env     Value
}

func viewError(v Value) errorView {
	ev := errorView{errFields: Value{Kind: Object}, head: map[int]bool{}, errorAt: -1, env: v}
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
		ev.head[at] = true
	}
	if ev.tool, at = text(v, "tool"); at >= 0 {
		ev.head[at] = true
	}
	at, e := first(v, "error")
	switch {
	case at < 0:
		if ab, _ := v.Get("aborted"); ab.IsTrue() {
			ev.aborted, ev.kind = true, "aborted"
		}
		if ev.msg, at = text(v, "message"); at >= 0 {
			ev.head[at] = true
		}
	case e.Kind == String:
		ev.msg, ev.head[at] = e.Text, true
	case e.Kind == Object:
		ev.head[at], ev.errorAt = true, at
		used := map[int]bool{}
		var k, m int
		if ev.kind, k = text(e, "kind"); k >= 0 {
			used[k] = true
		}
		if ev.msg, m = text(e, "message"); m >= 0 {
			used[m] = true
		}
		for i, mm := range e.Members {
			if !used[i] {
				ev.errFields.Members = append(ev.errFields.Members, mm)
			}
		}
	}
	return ev
}

// details is every field after the heading, the error object's first, as
// human and Markdown output list them; a field the envelope repeats from
// its error (domain_disposition, say) once.
func (ev errorView) details() Value {
	d := Value{Kind: Object, Members: append([]Member(nil), ev.errFields.Members...)}
	for i, m := range ev.env.Members {
		switch {
		case ev.head[i]:
		case m.Key == "aborted" && ev.aborted:
		case m.Value.Scalar() && sameScalar(ev.errFields, m):
		default:
			d.Members = append(d.Members, m)
		}
	}
	return d
}

// withoutFirst is obj without the first member of each key marked true in
// used: those were shown elsewhere; a repeated key is still a field.
func withoutFirst(obj Value, used map[string]bool) Value {
	out := Value{Kind: Object}
	skipped := map[string]bool{}
	for _, m := range obj.Members {
		if used[m.Key] && !skipped[m.Key] {
			skipped[m.Key] = true
			continue
		}
		out.Members = append(out.Members, m)
	}
	return out
}
