package khive

import (
	"time"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A long list (more than the decoder holds) is shown in agent mode as it
// is read: what comes before it in its document, then each row as it
// arrives, then, once the document ends, what came after it. A row's
// transform depends on the row alone (and where the list sits), so a
// streamed row is shown as a held one would be; the fields around the
// list are transformed with the whole of what was read of them, the list
// standing among them as what it is, a streamed array (value.Value's
// Streamed): not empty, its rows shown as they are read, equal to nothing
// held.

// Level is an object around a long list: its members read so far, and the
// key of the member being read (the list, or the next level).
type Level struct {
	Obj Value
	Key string
}

// AgentStreams reports whether the document around a long list can be
// shown in agent mode as it is read: a list that is the document, a list
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
	// The document as read so far, the list's first rows standing for it.
	probe := copyObject(doc)
	probe.Members = append(probe.Members, Member{Key: levels[0].Key, Value: Value{Kind: Array, Items: first}})
	switch recognise.Classify(probe) {
	case recognise.ShapeList, recognise.ShapeRecord:
		return true
	}
	return false
}

// AgentList is agent mode for a document around a long list that
// AgentStreams lets through: the objects around the list, cut where it
// stands, and each of its rows. Only the list's own object is transformed
// as a whole; an op envelope above it keeps its own fields as they are.
type AgentList struct {
	a      agent
	levels []Level
	// op is set when the document is an op envelope: its own members are
	// shown as they are, its result (level 1, or the list) transformed.
	op     bool
	policy policy
	rowCtx treeContext
}

// NewAgentList is agent mode for the document around a long list.
func NewAgentList(now time.Time, levels []Level) *AgentList {
	l := &AgentList{a: agent{now: now.Unix(), nanos: uint32(now.Nanosecond())}, levels: levels}
	if len(levels) > 0 && levels[0].Key == "result" {
		l.op = true
		l.policy = policyOf(levels[0].Obj.Str("tool"))
	}
	l.rowCtx = treeContext{arrayMember: true}
	if l.op && l.policy.receipt == batchRoot && len(levels) == 2 && levels[1].Key == "results" {
		l.rowCtx.receipt = batchMember
	}
	return l
}

// streaming is the list while it is read: an array, not empty, whose rows
// are shown as they come.
var streaming = Value{Kind: Array, Open: &value.Open{N: 1}}

// Before is what comes before the list, root first: each level's members
// before the list (or the next level), as agent mode shows them, and the
// key the list (or the next level) is under. Whether the list's object is
// a page, which keeps a null next_after and empty rows, is known only from
// its limit fields, which khive writes after the rows: a long list under a
// page's rows key is taken to be a page's.
func (l *AgentList) Before() (members [][]Member, keys []string) {
	members = make([][]Member, len(l.levels))
	keys = make([]string, len(l.levels))
	for i, lv := range l.levels {
		read := copyObject(lv.Obj)
		read.Members = append(read.Members, Member{Key: lv.Key, Value: streaming})
		page := i == len(l.levels)-1 && preservedEmptyArray(lv.Key)
		members[i], _ = l.cut(i, read, page)
		keys[i] = lv.Key
	}
	return members, keys
}

// Row is the list's next row as agent mode shows it.
func (l *AgentList) Row(r Value) Value {
	if l.op && l.policy.verbose {
		return r
	}
	r = l.a.transform(r, l.rowCtx)
	if r.Kind == Object {
		r = dropRecord(r)
	}
	return r
}

// After is what comes after the list, root first: each level's members
// after the list (or the next level), as agent mode shows them, the
// document doc read whole, its list a streamed array.
func (l *AgentList) After(doc Value) [][]Member {
	after := make([][]Member, len(l.levels))
	v := doc
	for i, lv := range l.levels {
		_, after[i] = l.cut(i, v, false)
		v, _ = last(v, lv.Key)
	}
	return after
}

// cut is level i's object as agent mode shows it, cut where the list (or
// the next level) stands: the members before it and after it.
func (l *AgentList) cut(i int, obj Value, page bool) (before, after []Member) {
	at := len(l.levels[i].Obj.Members) // where the list stands in what was read
	if at >= len(obj.Members) {
		return obj.Members, nil
	}
	if l.op && (i == 0 || l.policy.verbose) {
		return obj.Members[:at], obj.Members[at+1:] // the op's own fields, or a result shown in full
	}
	shown := redundancyDrop(l.a.transform(obj, treeContext{receipt: l.policy.receipt, page: page}))
	for k, m := range shown.Members { // one member a key, once transformed
		if m.Key == l.levels[i].Key && m.Value.Kind == Array && m.Value.Streamed() != 0 {
			return shown.Members[:k], shown.Members[k+1:]
		}
	}
	// A member of the list's key after it took its place (serde_json keeps
	// the last): the rows are shown already, and nothing more of the object.
	return shown.Members, nil
}
