package jsonout

import (
	"bufio"
	"time"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
)

// A long list (more than the decoder holds) is written in agent mode as
// it is read: what comes before it in its document, then each row as it
// arrives, then, once the document ends, what came after it. A row's
// transform depends on the row alone (and where the list sits), so a
// streamed row is written as a held one would be; the fields around the
// list are transformed with the whole of what was read of them.

// Level is an object around a long list: its members read so far, and the
// key of the member being read (the list, or the next level).
type Level struct {
	Obj Value
	Key string
}

// AgentStreams reports whether the document around a long list can be
// written in agent mode as it is read: a list that is the document, a list
// envelope's rows, or an op envelope's result (or its rows) once the op's
// tool, which decides how its result is shown, has been read. Any other
// document is held (a batch's results, an op whose tool comes after its
// result: khive sorts its keys).
func AgentStreams(levels []Level, first []Value) bool {
	if len(levels) == 0 {
		return true
	}
	doc := levels[0].Obj
	if protocol.IsJSONRPC(doc) || protocol.IsToolResult(doc) {
		return false
	}
	if levels[0].Key == "result" {
		t, ok := doc.Get("tool")
		return ok && t.Kind == String && len(levels) <= 2
	}
	if len(levels) != 1 {
		return false
	}
	for _, r := range first {
		if r.Has("ok") {
			return false // the ops of a batch, which are transformed each as an op
		}
	}
	probe := withList(doc, len(doc.Members), levels[0].Key)
	switch recognise.Classify(probe) {
	case recognise.ShapeList, recognise.ShapeRecord:
		return true
	}
	return false
}

// AgentList writes one document with a long list in agent mode.
type AgentList struct {
	a      agent
	j      writer
	levels []Level
	// op is set when the document is an op envelope: its own members are
	// written as they are, its result (level 1, or the list) transformed.
	op     bool
	policy policy
	rowCtx treeContext
	rows   int
}

// NewAgentList starts writing the document around a long list: its
// members before the list, transformed, the list's first rows, and what
// each level needs to finish.
func NewAgentList(w *bufio.Writer, now time.Time, levels []Level, first []Value) *AgentList {
	l := &AgentList{a: agent{now: now.Unix(), nanos: uint32(now.Nanosecond())}, j: writer{w: w}, levels: levels}
	if len(levels) > 0 && levels[0].Key == "result" {
		l.op = true
		l.policy = policyOf(levels[0].Obj.Str("tool"))
	}
	l.rowCtx = treeContext{arrayMember: true}
	if l.op && l.policy.receipt == batchRoot && len(levels) == 2 && levels[1].Key == "results" {
		l.rowCtx.receipt = batchMember
	}
	for i := range levels {
		l.prefix(i)
	}
	l.j.w.WriteByte('[')
	for _, r := range first {
		l.Row(r)
	}
	return l
}

// Row writes the list's next row.
func (l *AgentList) Row(r Value) {
	if l.rows > 0 {
		l.j.w.WriteByte(',')
	}
	l.rows++
	if !(l.op && l.policy.verbose) {
		r = l.a.transform(r, l.rowCtx)
		if r.Kind == Object {
			r = dropRecord(r)
		}
	}
	l.j.value(r, 0)
}

// Finish writes the rest of the document, complete now, its list read.
func (l *AgentList) Finish(doc Value) {
	l.j.w.WriteByte(']')
	objs := make([]Value, len(l.levels))
	v := doc
	for i, lv := range l.levels {
		objs[i] = v
		v, _ = last(v, lv.Key)
	}
	for i := len(l.levels) - 1; i >= 0; i-- {
		l.suffix(i, objs[i])
	}
	l.j.w.WriteByte('\n')
}

// listMark stands for the list in an object being transformed: a string
// in an array, which no rule changes or drops.
var listMark = Value{Kind: Array, Items: []Value{{Kind: String, Text: "\x00list\x00"}}}

func isListMark(v Value) bool {
	return v.Kind == Array && len(v.Items) == 1 && v.Items[0].Kind == String && v.Items[0].Text == "\x00list\x00"
}

// withList is obj with the member at index at, the list (or the next
// level) being read, standing for it as the mark; at is how many members
// came before it.
func withList(obj Value, at int, key string) Value {
	out := Value{Kind: Object, Members: make([]Member, 0, len(obj.Members)+1)}
	out.Members = append(out.Members, obj.Members[:min(at, len(obj.Members))]...)
	out.Members = append(out.Members, Member{Key: key, Value: listMark})
	if at+1 < len(obj.Members) {
		out.Members = append(out.Members, obj.Members[at+1:]...)
	}
	return out
}

// shown is level i's object as agent mode shows it, the list (or the next
// level) standing in as a mark.
func (l *AgentList) shown(i int, obj Value) Value {
	obj = withList(obj, len(l.levels[i].Obj.Members), l.levels[i].Key)
	if l.op && i == 0 || l.op && l.policy.verbose {
		return obj // the op's own fields, or a result shown in full
	}
	return redundancyDrop(l.a.transform(obj, treeContext{receipt: l.policy.receipt}))
}

// prefix writes level i's members before the list: "{", each member, and
// the key the list (or the next level) is under. Whether the object is a
// page, which keeps a null next_after and empty rows, is known only from
// its limit fields, which khive writes after the rows: a long list under
// a page's rows key is taken to be a page's.
func (l *AgentList) prefix(i int) {
	read := l.levels[i].Obj
	if i == len(l.levels)-1 && preservedEmptyArray(l.levels[i].Key) {
		read = copyObject(read)
		read.Members = append(read.Members, Member{Key: l.levels[i].Key, Value: listMark})
		for _, k := range [...]string{"requested_limit", "effective_limit", "limit_clamped"} {
			if !read.Has(k) {
				// after the list: never written, but the transform sees a page
				read.Members = append(read.Members, Member{Key: k, Value: Value{Kind: Null}})
			}
		}
	}
	obj := l.shown(i, read)
	l.j.w.WriteByte('{')
	n := 0
	for _, m := range obj.Members {
		if n > 0 {
			l.j.w.WriteByte(',')
		}
		n++
		l.j.w.WriteString(l.j.quote(m.Key))
		l.j.w.WriteByte(':')
		if isListMark(m.Value) {
			return
		}
		l.j.value(m.Value, 0)
	}
}

// suffix writes level i's members after the list, and its "}".
func (l *AgentList) suffix(i int, full Value) {
	obj := l.shown(i, full)
	after := false
	for _, m := range obj.Members {
		if after {
			l.j.w.WriteByte(',')
			l.j.w.WriteString(l.j.quote(m.Key))
			l.j.w.WriteByte(':')
			l.j.value(m.Value, 0)
		}
		if isListMark(m.Value) {
			after = true
		}
	}
	l.j.w.WriteByte('}')
}
