package khive

import (
	"bufio"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/render/jsonout"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// objectKeys are keys of every kind for AgentObject: each one that decides
// (tells), and plain ones, some of which a properties object repeats.
var objectKeys = []string{
	"ok", "success", "error", "isError", "tool", "result", "results", "summary", "jsonrpc", "method", "id",
	"content", "structuredContent", "_meta", "items", "entries", "head_seq", "next_after", "requested_limit",
	"effective_limit", "limit_clamped", "has_more", "seq", "created_at", "record", "namespace", "properties",
	"status", "message", "path", "rows", "schema_fingerprint", "checksum", "failures",
	"a", "b", "c", "note_id", "title", "score", "updated_at",
}

// objectValue is a value for key: of the kind that makes key decide, or
// not, or any other.
func objectValue(r *rand.Rand, key string, depth int) value.Value {
	texts := []string{uuid, "2025-05-21T08:15:00+09:00", "local", "", "2.0", "search", "get", "x"}
	switch n := r.IntN(10); {
	case n == 0 && depth > 0:
		o := value.Value{Kind: value.Object}
		for range r.IntN(4) {
			k := objectKeys[r.IntN(len(objectKeys))]
			o.Members = append(o.Members, value.Member{Key: k, Value: objectValue(r, k, depth-1)})
		}
		return o
	case n == 1 && depth > 0:
		a := value.Value{Kind: value.Array, Items: []value.Value{}}
		for range r.IntN(3) {
			if r.IntN(2) == 0 {
				a.Items = append(a.Items, value.Value{Kind: value.Object, Members: []value.Member{{Key: "type", Value: value.Text("text")}, {Key: "ok", Value: value.Value{Kind: value.Bool, Text: "true"}}}})
			} else {
				a.Items = append(a.Items, objectValue(r, key, depth-1))
			}
		}
		return a
	case n == 2:
		return value.Value{Kind: value.Bool, Text: []string{"true", "false"}[r.IntN(2)]}
	case n == 3:
		return value.Value{Kind: value.Null}
	case n == 4:
		return value.Value{Kind: value.Number, Text: []string{"0", "3", "0.123456"}[r.IntN(3)]}
	}
	return value.Text(texts[r.IntN(len(texts))])
}

// frame is the members of a shape that decides how agent mode shows an
// object (a wrapper, an envelope, a batch, a page, a stream entry), or
// none.
func frame(r *rand.Rand) value.Value {
	o := func(ms ...value.Member) value.Value { return value.Value{Kind: value.Object, Members: ms} }
	m := func(k string, v value.Value) value.Member { return value.Member{Key: k, Value: v} }
	t, f, null := value.Value{Kind: value.Bool, Text: "true"}, value.Value{Kind: value.Bool, Text: "false"}, value.Value{Kind: value.Null}
	num := func(n string) value.Value { return value.Value{Kind: value.Number, Text: n} }
	any := func() value.Value { return objectValue(r, "a", 2) }
	rows := func() value.Value {
		return value.Value{Kind: value.Array, Items: []value.Value{o(m("id", value.Text(uuid)), m("created_at", value.Text("2025-05-21T08:15:00+09:00")), m("x", null))}}
	}
	tools := []string{"search", "get", "stream.append", "stream.batch", "schedule.agenda"}
	switch r.IntN(9) {
	case 0:
		return o(m("content", value.Value{Kind: value.Array, Items: []value.Value{o(m("type", value.Text("text")), m("text", value.Text("x")))}}), m("structuredContent", any()), m("isError", f), m("_meta", any()))
	case 1:
		return o(m("jsonrpc", value.Text("2.0")), m("id", num("1")), m("result", any()))
	case 2:
		return o(m("ok", t), m("tool", value.Text(tools[r.IntN(len(tools))])), m("result", o(m("items", rows()), m("next", any()), m("events", value.Value{Kind: value.Array}))))
	case 3:
		return o(m("results", value.Value{Kind: value.Array, Items: []value.Value{o(m("ok", t), m("tool", value.Text("search")), m("result", rows())), o(m("ok", f), m("error", any()))}}), m("summary", o()))
	case 4:
		return o(m("items", value.Value{Kind: value.Array}), m("requested_limit", num("5")), m("effective_limit", num("5")), m("limit_clamped", f), m("next_after", null))
	case 5:
		return o(m("entries", value.Value{Kind: value.Array}), m("head_seq", num("3")), m("next_after", null))
	case 6:
		return o(m("seq", num("1")), m("id", value.Text(uuid)), m("created_at", value.Text("2025-05-21T08:15:00+09:00")), m("record", o(m("x", null), m("id", value.Text(uuid)))))
	}
	return value.Value{Kind: value.Object}
}

// compact is v as agent output writes it.
func compact(v value.Value) string {
	var b strings.Builder
	w := bufio.NewWriter(&b)
	jsonout.Write(w, v, false, jsonout.Theme{})
	w.Flush()
	return b.String()
}

// An object shown member by member (AgentObject: read, read again if it
// asks, then each member shown, each key once with its last value for a
// bare result) is shown as Agent shows it held: over random objects of
// every key that decides, given once or more, whatever the shape they
// make (a wrapper, an envelope, a batch, a failure, a page, a stream
// entry, a bare result with properties that repeat its fields).
func TestAgentObjectIsAgentHeld(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 1))
	bare := 0
	for i := range 20000 {
		v := frame(r)
		for range r.IntN(8) {
			k := objectKeys[r.IntN(len(objectKeys))]
			m := value.Member{Key: k, Value: objectValue(r, k, 2)}
			at := r.IntN(len(v.Members) + 1)
			v.Members = append(v.Members[:at], append([]value.Member{m}, v.Members[at:]...)...)
		}
		if len(v.Members) == 0 {
			continue
		}
		if r.IntN(3) == 0 { // properties repeating fields of the object
			p := value.Value{Kind: value.Object}
			for range 3 {
				m := v.Members[r.IntN(len(v.Members))]
				p.Members = append(p.Members, m)
			}
			v.Members = append(v.Members[:r.IntN(len(v.Members))], append([]value.Member{{Key: "properties", Value: p}}, v.Members[r.IntN(len(v.Members)):]...)...)
		}
		o := NewAgentObject(khiveNow)
		for _, m := range v.Members {
			o.Read(m)
		}
		if o.Again() {
			for _, m := range v.Members {
				if o.Wants(m.Key) {
					o.ReadAgain(m)
				}
			}
		}
		members := v.Members
		if o.Bare() {
			bare++
			members = lastOfEach(v).Members
		}
		got := value.Value{Kind: value.Object, Members: []value.Member{}}
		for _, m := range members {
			s, ok := o.Show(m)
			if ok {
				got.Members = append(got.Members, s)
			}
			if Decides(m.Key) {
				continue
			}
			// any other is shown as Plain says, or as it came
			p, pok := m, true
			if o.Bare() {
				p, pok = o.Plain(m)
			}
			if pok != ok || ok && compact(p.Value) != compact(s.Value) {
				t.Fatalf("object %d: %s: shown %v %s, not as Plain says or as it came: %v %s", i, m.Key, ok, compact(s.Value), pok, compact(p.Value))
			}
		}
		if g, w := compact(got), compact(Agent(v, khiveNow)); g != w {
			t.Fatalf("object %d: %s\nshown member by member: %s\nheld:                   %s", i, compact(v), g, w)
		}
	}
	if bare < 1000 || bare > 19000 {
		t.Errorf("%d of 20000 objects bare results: the objects are not of every shape", bare)
	}
}
