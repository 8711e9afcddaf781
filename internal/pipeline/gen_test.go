package pipeline

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// gen makes random documents for property tests. Every string and number
// it makes is unique (it carries a serial number), so a test that looks
// for a value in the output cannot be fooled by the same text elsewhere.
type gen struct {
	r *rand.Rand
	n int
	// texts are the texts strings are made of: genTexts, or a test's own
	// (each test its own: tests run in parallel).
	texts []string
}

func newGen(seed uint64) *gen { return &gen{r: rand.New(rand.NewPCG(seed, 1)), texts: genTexts} }

// Texts that have tripped renderers: separators, escapes, wide and
// invisible characters, things that look like timestamps, IDs, statuses.
var genTexts = []string{
	"plain", "a, b", " padded ", "line one\nline two", "tab\there", `say "hi"`, `back\slash`,
	"\x1b[31mred\x1b[0m", "é漢字", "2026-05-23T16:18:15.234567Z", "9999-12-31T00:00:00Z",
	"41f60be0-7cef-4aa3-aaed-cf4a4599a084", "next", "p1", "error: not really", "[blocked] tag",
	"<!-- hide -->", "**bold**", "`tick`", "a|b", "\u202eevil", "zero\u200bwidth", "\u00a0nbsp\u00a0",
}

func (g *gen) serial() int { g.n++; return g.n }

func (g *gen) str() Value {
	t := g.texts[g.r.IntN(len(g.texts))]
	// The serial goes in front or behind, so that texts keep their shape
	// (a leading space, a timestamp at the start).
	s := "s" + strconv.Itoa(g.serial())
	if g.r.IntN(2) == 0 {
		t = s + " " + t
	} else {
		t = t + " " + s
	}
	return Value{Kind: String, Text: t}
}

func (g *gen) num() Value {
	forms := []string{"%d", "-%d", "%d.50", "0.%d", "%de400", "1234567890123456789%d"}
	f := forms[g.r.IntN(len(forms))]
	return Value{Kind: Number, Text: strings.Replace(f, "%d", strconv.Itoa(1000+g.serial()), 1)}
}

// scalar is any scalar, fillers included.
func (g *gen) scalar() Value {
	switch g.r.IntN(10) {
	case 0:
		return Value{Kind: Null}
	case 1:
		return Value{Kind: Bool, Text: []string{"true", "false"}[g.r.IntN(2)]}
	case 2:
		return Value{Kind: String}
	case 3, 4, 5:
		return g.num()
	}
	return g.str()
}

// Keys: ordinary ones, the ones khive's shapes give meaning to, and odd ones.
var genKeys = []string{
	"id", "title", "status", "priority", "kind", "message", "tool", "error", "result", "ok",
	"summary", "code", "data", "name", "created_at", "completed_at", "score", "duration_us",
	"properties", "tags", "items", "text", "uri", "a.b", "", "k y", "dup", "dup", "weird\u202ekey",
}

func (g *gen) key() string { return genKeys[g.r.IntN(len(genKeys))] }

// value is a random value at most depth levels deep.
func (g *gen) value(depth int) Value {
	if depth <= 0 {
		return g.scalar()
	}
	switch g.r.IntN(6) {
	case 0:
		return g.object(depth-1, g.r.IntN(4))
	case 1:
		return g.array(depth-1, g.r.IntN(4))
	}
	return g.scalar()
}

func (g *gen) object(depth, n int) Value {
	v := Value{Kind: Object}
	for i := 0; i < n; i++ {
		v.Members = append(v.Members, Member{Key: g.key(), Value: g.value(depth)})
	}
	return v
}

func (g *gen) array(depth, n int) Value {
	v := Value{Kind: Array}
	for i := 0; i < n; i++ {
		v.Items = append(v.Items, g.value(depth))
	}
	return v
}

func obj(members ...Member) Value { return Value{Kind: Object, Members: members} }

func mem(k string, v Value) Member { return Member{Key: k, Value: v} }

var (
	jsonTrue  = Value{Kind: Bool, Text: "true"}
	jsonFalse = Value{Kind: Bool, Text: "false"}
)

// errorEnvelope is {"ok": false, …} with a random error: a string, an
// object whose kind and message may be of any type (or repeated), or none.
func (g *gen) errorEnvelope() Value {
	env := obj(mem("ok", jsonFalse))
	if g.r.IntN(4) > 0 {
		env.Members = append(env.Members, mem("tool", g.value(1)))
	}
	switch g.r.IntN(4) {
	case 0:
		env.Members = append(env.Members, mem("error", g.value(1)))
	case 1:
		env.Members = append(env.Members, mem("aborted", jsonTrue), mem("message", g.value(1)))
	default:
		e := obj(mem("kind", g.value(1)), mem("message", g.value(1)))
		if g.r.IntN(3) == 0 {
			e.Members = append(e.Members, mem("kind", g.value(1)))
		}
		e.Members = append(e.Members, g.object(2, g.r.IntN(3)).Members...)
		env.Members = append(env.Members, mem("error", e))
	}
	env.Members = append(env.Members, notOK(g.object(2, g.r.IntN(3)).Members)...)
	return env
}

// notOK is members without an "ok": the last of duplicate keys decides,
// and an envelope's is its first.
func notOK(ms []Member) []Member {
	return slices.DeleteFunc(ms, func(m Member) bool { return m.Key == "ok" })
}

func (g *gen) okEnvelope() Value {
	env := obj(mem("ok", jsonTrue), mem("tool", g.value(1)), mem("result", g.value(3)))
	env.Members = append(env.Members, notOK(g.object(1, g.r.IntN(2)).Members)...)
	return env
}

func (g *gen) batch() Value {
	res := Value{Kind: Array}
	for i := 0; i < 1+g.r.IntN(3); i++ {
		if g.r.IntN(2) == 0 {
			res.Items = append(res.Items, g.errorEnvelope())
		} else {
			res.Items = append(res.Items, g.okEnvelope())
		}
	}
	sum := obj(mem("succeeded", g.value(1)), mem("failed", g.value(1)))
	sum.Members = append(sum.Members, g.object(2, g.r.IntN(2)).Members...)
	b := obj(mem("results", res), mem("summary", sum))
	if g.r.IntN(2) == 0 {
		b.Members = append(b.Members, mem("status", g.value(1)))
	}
	b.Members = append(b.Members, g.object(1, g.r.IntN(2)).Members...)
	return b
}

func (g *gen) jsonRPC() Value {
	v := obj(mem("jsonrpc", str("2.0")))
	switch g.r.IntN(3) {
	case 0:
		v.Members = append(v.Members, mem("id", g.scalar()), mem("result", g.document(2)))
	case 1:
		e := obj(mem("code", g.value(1)), mem("message", g.value(1)))
		if g.r.IntN(2) == 0 {
			e.Members = append(e.Members, mem("data", g.value(2)))
		}
		v.Members = append(v.Members, mem("id", g.scalar()), mem("error", e))
	default:
		methods := []string{"notifications/progress", "notifications/message", "notifications/other"}
		params := obj(mem("progress", g.value(1)), mem("total", g.value(1)), mem("message", g.value(1)),
			mem("level", g.value(1)), mem("logger", g.value(1)), mem("data", g.value(2)))
		v.Members = append(v.Members, mem("method", str(methods[g.r.IntN(3)])), mem("params", params))
	}
	return v
}

func (g *gen) toolResult() Value {
	content := Value{Kind: Array}
	for i := 0; i < 1+g.r.IntN(3); i++ {
		var b Value
		switch g.r.IntN(5) {
		case 0:
			b = obj(mem("type", str("image")), mem("data", str("aGVsbG8"+strconv.Itoa(g.serial()))), mem("mimeType", g.value(1)))
		case 1:
			b = obj(mem("type", str("resource")), mem("resource", obj(mem("uri", g.value(1)), mem("mimeType", g.value(1)), mem("text", g.value(1)))))
		case 2:
			b = obj(mem("type", str("resource_link")), mem("uri", g.value(1)), mem("name", g.value(1)),
				mem("description", g.value(1)), mem("mimeType", g.value(1)))
		case 3:
			b = obj(mem("type", str("text")), mem("text", str(compactJSON(g.document(2)))))
		default:
			b = obj(mem("type", str("text")), mem("text", g.str()))
		}
		if g.r.IntN(3) == 0 {
			b.Members = append(b.Members, mem("annotations", obj(mem("audience", g.value(1)), mem("priority", g.value(1)))))
		}
		content.Items = append(content.Items, b)
	}
	v := obj(mem("content", content))
	if g.r.IntN(2) == 0 {
		v.Members = append(v.Members, mem("structuredContent", g.value(2)))
	}
	if g.r.IntN(3) == 0 {
		v.Members = append(v.Members, mem("isError", g.scalar()))
	}
	if g.r.IntN(3) == 0 {
		v.Members = append(v.Members, mem("_meta", g.value(2)))
	}
	return v
}

// document is a random document of any of the shapes khive-pretty knows.
func (g *gen) document(depth int) Value {
	switch g.r.IntN(6) {
	case 0:
		return g.errorEnvelope()
	case 1:
		return g.okEnvelope()
	case 2:
		return g.batch()
	case 3:
		if depth > 0 {
			return g.jsonRPC()
		}
	case 4:
		if depth > 0 {
			return g.toolResult()
		}
	}
	return g.value(3)
}
