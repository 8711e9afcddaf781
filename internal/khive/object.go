package khive

import (
	"time"

	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A document that is an object too large to hold (a map of a million keys)
// is shown in agent mode member by member once it has been read: what one
// member shows can depend on members after it (its key given again:
// serde_json keeps the last value; whether the object is an envelope, a
// page or a stream entry; its namespace; the top-level fields its
// properties repeat). Those decisions read only the members Decides names,
// so AgentObject keeps those (the first and the last of each key) and works
// them out as Agent does, on that small object; every other member shows on
// its own, as it does in the whole object. The members themselves are kept
// elsewhere (the pipeline spills them to a file) and given back in order.

// Decides reports a key whose members a decision about a whole document
// that is an object reads: what it is (protocol.IsJSONRPC and
// IsToolResult; recognise.Classify, and recognise.Failed for the exit
// status), and for a bare result whether it is a page (stableListEnvelope,
// keysetCursorEnvelope) or a stream entry, its namespace and properties
// (dropFrom): those shown as the whole object decides (Show). A member
// of any other key shows the same whatever the rest of the object: a
// bare result's as Plain says, any other document's as it came.
func Decides(key string) bool {
	if recognise.FailureKey(key) || recognise.IsListKey(key) || recognise.IsListMetaKey(key) || preservedEmptyArray(key) {
		return true
	}
	switch key {
	case "jsonrpc", "result", "method", "id", // JSON-RPC
		"content", "structuredContent", "_meta", // an MCP tool result
		"tool", "summary", // an envelope, a batch
		"status", "message", "path", "rows", "schema_fingerprint", "checksum", "failures", "rules", // Failed
		"requested_limit", "effective_limit", "limit_clamped", "next_after", "head_seq", // a page
		"seq", "created_at", "record", "namespace", "properties", // a stream entry, dropFrom
		"protocolVersion", "capabilities", "tools", "resources", "resourceTemplates", "prompts", "contents", "messages": // MCP's own (mcpResult)
		return true
	}
	return false
}

// AgentObject is agent mode for a document that is an object too large to
// hold: Read is given each member as it is read; then, if Again says so,
// ReadAgain each member once more whose key it Wants (the top-level
// fields the properties name); then Show is given the members to write,
// in order: for a bare result (Bare) each key once, at its first place,
// with its last value (as serde_json reads the object), for any other
// document every member.
type AgentObject struct {
	a agent
	// told is the object of the members that decide (Decides), the first
	// and the last of each key, and the first other member (so that it
	// has another key when the whole object has one: IsToolResult).
	told  value.Value
	last  map[string]int // where in told the last member of a key given twice is
	first map[string]bool
	other bool
	// again is the keys the properties name that Decides does not, in their
	// order, and found the last value of each that ReadAgain met.
	again   []string
	want    map[string]bool
	found   map[string]value.Value
	decided bool
	each    func(value.Member) value.Value
	shown   map[string]value.Value // a bare result: what the deciding members show
}

// NewAgentObject is agent mode for a document that is an object too large
// to hold, relative ages measured from now.
func NewAgentObject(now time.Time) *AgentObject {
	return &AgentObject{
		a:     agent{now: now.Unix(), nanos: uint32(now.Nanosecond())},
		told:  value.Value{Kind: value.Object},
		last:  map[string]int{},
		first: map[string]bool{},
	}
}

// Read notes the object's next member.
func (o *AgentObject) Read(m value.Member) {
	if !Decides(m.Key) {
		if !o.other {
			o.other = true
			o.told.Members = append(o.told.Members, m)
		}
		return
	}
	switch i, ok := o.last[m.Key]; {
	case ok:
		o.told.Members[i].Value = m.Value
	case o.first[m.Key]:
		o.last[m.Key] = len(o.told.Members)
		o.told.Members = append(o.told.Members, m)
	default:
		o.first[m.Key] = true
		o.told.Members = append(o.told.Members, m)
	}
}

// Again reports whether the members must be read once more (ReadAgain):
// a bare result's properties drop what repeats a top-level field, which
// may be any key.
func (o *AgentObject) Again() bool {
	if o.a.each(o.told) != nil {
		return false
	}
	props, ok := o.told.Says("properties")
	if !ok || props.Kind != value.Object {
		return false
	}
	o.want, o.found = map[string]bool{}, map[string]value.Value{}
	for _, p := range props.Members {
		if !Decides(p.Key) && !o.want[p.Key] {
			o.want[p.Key] = true
			o.again = append(o.again, p.Key)
		}
	}
	return len(o.again) > 0
}

// Wants reports a key whose members ReadAgain is to be given.
func (o *AgentObject) Wants(key string) bool { return o.want[key] }

// ReadAgain notes a member of a key it wants again, once every member has
// been read.
func (o *AgentObject) ReadAgain(m value.Member) { o.found[m.Key] = m.Value }

func (o *AgentObject) decide() {
	if o.decided {
		return
	}
	o.decided = true
	for _, k := range o.again {
		if v, ok := o.found[k]; ok {
			o.told.Members = append(o.told.Members, value.Member{Key: k, Value: v})
		}
	}
	if o.each = o.a.each(o.told); o.each != nil {
		return
	}
	shown := o.a.result("", o.told)
	o.shown = make(map[string]value.Value, len(shown.Members))
	for _, m := range shown.Members {
		o.shown[m.Key] = m.Value
	}
}

// Bare reports a bare result: each key is to be shown once, at its first
// place, with its last value.
func (o *AgentObject) Bare() bool {
	o.decide()
	return o.each == nil
}

// Told is what stands for the whole object in what decides about it (the
// exit status): the members Decides names.
func (o *AgentObject) Told() value.Value {
	o.decide()
	return o.told
}

// Show is the member m as agent mode shows it, or false if it is dropped.
func (o *AgentObject) Show(m value.Member) (value.Member, bool) {
	o.decide()
	switch {
	case o.each != nil:
		return value.Member{Key: m.Key, Value: o.each(m)}, true
	case Decides(m.Key):
		v, ok := o.shown[m.Key]
		return value.Member{Key: m.Key, Value: v}, ok
	}
	return o.Plain(m)
}

// Plain is how a bare result shows m, whose key Decides does not name, or
// false if it drops it: known as soon as m is read, as object and dropFrom
// show it whatever the rest.
func (o *AgentObject) Plain(m value.Member) (value.Member, bool) {
	v, drop := o.a.field(m.Key, m.Value, treeContext{})
	if drop {
		return value.Member{}, false
	}
	if v.Kind == value.Array {
		v = dropItems(v)
	}
	return value.Member{Key: m.Key, Value: v}, true
}
