package khive

import (
	"time"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A long list (more than the decoder holds) is shown in agent mode as it is
// read: what comes before it in its document, then each row as it arrives,
// then, once the document ends, what came after it. A row's transform
// depends on the row alone (and where the list sits), so a streamed row is
// shown as a held one would be; the fields around the list are transformed
// with the whole of what was read of them, the list standing among them as
// what it is, a streamed array (value.Value's Streamed): not empty, its
// rows shown as they are read, equal to nothing held.

// Level is an object around a long list: its members read so far, and
// the key of the member being read (the list, or the next level); or an
// array (a request's ops): its items before the one being read.
type Level struct {
	Obj value.Value
	Key string
}

// AgentStreams reports whether the document around a long list can be
// shown in agent mode as it is read: a list that is the document, a list
// envelope's rows, an op envelope's result (or its rows) once the op has
// said ok and its tool, which decides how its result is shown, is known;
// and a request envelope's first op's, once the document is known to be
// one (its summary comes after its ops). known, when set (not Null), is
// the whole document as its skeleton tells it (input.Decoder.Copy's: a
// document held back and read back, which says what comes after the list:
// a request's summary, an op's tool after its result, as khive sorts
// it). Any other document is held.
func AgentStreams(levels []Level, first []value.Value, known value.Value) bool {
	if len(levels) == 0 {
		return true
	}
	doc := levels[0].Obj
	if doc.Kind != value.Object || protocol.IsJSONRPC(doc) || protocol.IsToolResult(doc) {
		return false
	}
	if len(levels) >= 3 && levels[1].Obj.Kind == value.Array {
		return levels[0].Key == "results" && recognise.Classify(known) == recognise.ShapeBatch && streamsOp(levels, 2, known)
	}
	for _, lv := range levels {
		if lv.Obj.Kind != value.Object {
			return false
		}
	}
	if levels[0].Key == "result" && len(doc.Members) > 0 {
		return streamsOp(levels, 0, known)
	}
	if len(levels) != 1 {
		return false
	}
	// The document as read so far, the list's first rows standing for it
	// (not a batch's ops, which recognise.Streams holds).
	probe := copyObject(doc)
	probe.Members = append(probe.Members, value.Member{Key: levels[0].Key, Value: value.Value{Kind: value.Array, Items: first}})
	switch recognise.Classify(probe) {
	case recognise.ShapeList, recognise.ShapeRecord:
		return true
	}
	return false
}

// streamsOp reports an op envelope (levels[at]) whose result holds the
// list (or is it: levels[at+1] is then the result's object) and is shown
// as its tool says, all known before it: a tool that is text, read or
// known, no result before it (op transforms each); its ok first, as
// recognise.Streams lets no other op's result through.
func streamsOp(levels []Level, at int, known value.Value) bool {
	t, hasTool := opTool(levels, at, known)
	if !hasTool || t.Kind != value.String || levels[at].Obj.Has("result") || len(levels) > at+2 {
		return false
	}
	return len(levels) == at+1 || levels[at+1].Obj.Kind == value.Object
}

// opTool is the tool of the op envelope at level at: its first, read
// before the list or, after it, known from the skeleton.
func opTool(levels []Level, at int, known value.Value) (value.Value, bool) {
	if t, ok := levels[at].Obj.Get("tool"); ok || known.Kind == value.Null {
		return t, ok
	}
	op := known
	for i := range at {
		switch n := len(levels[i].Obj.Members) + len(levels[i].Obj.Items); {
		case op.Kind == value.Object && n < len(op.Members) && op.Members[n].Key == levels[i].Key:
			op = op.Members[n].Value
		case op.Kind == value.Array && n < len(op.Items):
			op = op.Items[n]
		default:
			return value.Value{}, false
		}
	}
	return op.Get("tool")
}

// AgentList is agent mode for a document around a long list that
// AgentStreams lets through: the objects around the list, cut where it
// stands, and each of its rows. Only the list's own object is transformed
// as a whole; an op envelope above it keeps its own fields as they are,
// and a request envelope above that, its own and its other ops as op
// shows them.
type AgentList struct {
	a      agent
	levels []Level
	// request: levels[0] is a request envelope and levels[1] its ops.
	// opAt is the level of the op envelope around the list (-1: none),
	// whose own members are shown as they are, its result as its tool
	// says.
	request bool
	opAt    int
	policy  policy
	rowCtx  treeContext
}

// NewAgentList is agent mode for the document around a long list, known
// as AgentStreams knows it.
func NewAgentList(now time.Time, levels []Level, known value.Value) *AgentList {
	l := &AgentList{a: agent{now: now.Unix(), nanos: uint32(now.Nanosecond())}, levels: levels, opAt: -1}
	switch {
	case len(levels) >= 3 && levels[1].Obj.Kind == value.Array:
		l.request, l.opAt = true, 2
	case len(levels) > 0 && levels[0].Key == "result" && len(levels[0].Obj.Members) > 0:
		l.opAt = 0 // an op envelope, known by what came before its result
	}
	if l.opAt >= 0 {
		if t, _ := opTool(levels, l.opAt, known); t.Kind == value.String {
			l.policy = policyOf(t.Text)
		}
	}
	l.rowCtx = treeContext{arrayMember: true}
	if l.opAt >= 0 && l.policy.receipt == batchRoot && len(levels) == l.opAt+2 && levels[l.opAt+1].Key == "results" {
		l.rowCtx.receipt = batchMember
	}
	return l
}

// streaming is the list while it is read: an array, not empty, whose rows
// are shown as they come.
var streaming = value.Value{Kind: value.Array, Open: &value.Open{N: 1}}

// Before is what comes before the list, root first: each level's members
// before the list (or the next level), as agent mode shows them, and the
// key the list (or the next level) is under, or a request's ops before
// the one being read. Whether the list's object is a page, which keeps a
// null next_after and empty rows, is known only from its limit fields,
// which khive writes after the rows: a long list under a page's rows key
// is taken to be a page's.
func (l *AgentList) Before() (levels []value.Value, keys []string) {
	levels = make([]value.Value, len(l.levels))
	keys = make([]string, len(l.levels))
	for i, lv := range l.levels {
		if lv.Obj.Kind == value.Array {
			levels[i] = value.Value{Kind: value.Array, Items: l.a.ops(lv.Obj.Items)}
			continue
		}
		read := copyObject(lv.Obj)
		read.Members = append(read.Members, value.Member{Key: lv.Key, Value: streaming})
		page := i == len(l.levels)-1 && preservedEmptyArray(lv.Key)
		ms, _ := l.cut(i, read, page)
		levels[i], keys[i] = value.Value{Kind: value.Object, Members: ms}, lv.Key
	}
	return levels, keys
}

// Row is the list's next row as agent mode shows it.
func (l *AgentList) Row(r value.Value) value.Value {
	if l.opAt >= 0 && l.policy.verbose {
		return r
	}
	r = l.a.transform(r, l.rowCtx)
	if r.Kind == value.Object {
		r, _ = dropFrom(r)
	}
	return r
}

// After is what comes after the list, root first: each level's members
// (or a request's ops) after the list (or the next level), as agent mode
// shows them, the document doc read whole, its list a streamed array.
func (l *AgentList) After(doc value.Value) []value.Value {
	after := make([]value.Value, len(l.levels))
	v := doc
	for i, lv := range l.levels {
		if lv.Obj.Kind == value.Array {
			at := len(lv.Obj.Items)
			after[i] = value.Value{Kind: value.Array}
			if at < len(v.Items) {
				after[i].Items = l.a.ops(v.Items[at+1:])
				v = v.Items[at]
			}
			continue
		}
		_, ms := l.cut(i, v, false)
		after[i] = value.Value{Kind: value.Object, Members: ms}
		if at := len(lv.Obj.Members); at < len(v.Members) {
			v = v.Members[at].Value // the member that was being read
		}
	}
	return after
}

// cut is level i's object as agent mode shows it, cut where the list (or
// the next level) stands: the members before it and after it.
func (l *AgentList) cut(i int, obj value.Value, page bool) (before, after []value.Member) {
	at := len(l.levels[i].Obj.Members) // where the list stands in what was read
	if at >= len(obj.Members) {
		return obj.Members, nil
	}
	switch {
	case l.request && i == 0:
		return l.a.requestMembers(obj.Members[:at]), l.a.requestMembers(obj.Members[at+1:])
	case l.opAt >= 0 && (i == l.opAt || i > l.opAt && l.policy.verbose):
		return obj.Members[:at], obj.Members[at+1:] // the op's own fields, or a result shown in full
	}
	shown := redundancyDrop(l.a.transform(obj, treeContext{receipt: l.policy.receipt, page: page}))
	for k, m := range shown.Members { // one member a key, once transformed
		if m.Key == l.levels[i].Key && m.Value.Kind == value.Array && m.Value.Streamed() != 0 {
			return shown.Members[:k], shown.Members[k+1:]
		}
	}
	// A member of the list's key after it took its place (serde_json keeps
	// the last): the rows are shown already, and nothing more of the object.
	return shown.Members, nil
}
