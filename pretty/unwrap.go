package pretty

import (
	"strconv"
	"strings"
)

// partKind says how a part is shown.
type partKind uint8

const (
	partValue partKind = iota // a document, rendered by its shape
	partProse                 // text a tool wrote for people, shown with its conventions
	partNote                  // an aside: progress, a media block, an HTTP status line
)

// part is one thing to show once the wrappers that carry it are taken off:
// JSON-RPC envelopes, MCP tool results, JSON inside a text block.
type part struct {
	kind   partKind
	v      Value    // partValue
	text   string   // partProse
	fields []string // partNote, human form: joined by the glyph set's separator
	plain  string   // partNote in plain output; "" leaves it out
	tone   noteTone
	// failed makes the command exit 1: an error envelope, a JSON-RPC error,
	// an MCP result with isError, an HTTP 4xx or 5xx status.
	failed bool
	// rest is what a note's line does not say: fields plain output writes
	// after it (under restPath), human output under --verbose.
	rest     Value
	restPath string
	// plainRest, when set, replaces rest in plain output: it adds what
	// human output never shows (the base64 of a blob).
	plainRest Value
	// verboseOnly parts are left out of human output unless --verbose, because
	// another part says the same (content next to structuredContent) or they
	// are protocol detail (_meta). Plain output shows them: it loses nothing.
	verboseOnly bool
}

type noteTone uint8

const (
	noteFaint noteTone = iota
	noteBad
)

// unwrap takes the protocol wrappers off a document. Anything that is not a
// wrapper comes back as one value part.
func unwrap(v Value) []part {
	if v.Kind == Object {
		if isJSONRPC(v) {
			return unwrapRPC(v)
		}
		if isToolResult(v) {
			return unwrapTool(v)
		}
	}
	return []part{{kind: partValue, v: v, failed: hasErrorEnvelope(v)}}
}

// --- JSON-RPC 2.0 -----------------------------------------------------------

func isJSONRPC(v Value) bool {
	return v.str("jsonrpc") == "2.0" && (v.Has("result") || v.Has("error") || v.Has("method"))
}

// unwrapRPC shows a response's result as what it is, an error response as
// an error, and a notification as a one-line note. The envelope's "jsonrpc"
// is framing and is not shown; its id is a note of its own (plain output
// and --verbose), and any other field it carries is kept.
func unwrapRPC(v Value) []part {
	var parts []part
	if id, ok := v.Get("id"); ok && id.Kind != Null && (v.Has("result") || v.Has("error")) {
		text := id.Text // notes are escaped when written
		if !id.Scalar() {
			text = compactJSON(id)
		}
		parts = append(parts, part{kind: partNote, fields: []string{"#" + text}, plain: "id: " + text, verboseOnly: true})
	}
	used := map[string]bool{"jsonrpc": true, "id": true}
	if res, ok := v.Get("result"); ok {
		used["result"] = true
		parts = append(parts, unwrap(res)...)
	} else if e, ok := v.Get("error"); ok {
		used["error"] = true
		parts = append(parts, part{kind: partValue, v: rpcErrorEnvelope(e), failed: true})
	} else if v.Has("id") {
		return []part{{kind: partValue, v: v}} // a request, not a reply: show it as it is
	} else {
		used["method"], used["params"] = true, true
		params, _ := v.Get("params")
		parts = append(parts, notification(v.str("method"), params))
	}
	if rest := withoutFirst(v, used); len(rest.Members) > 0 {
		parts = append(parts, part{kind: partValue, v: rest})
	}
	return parts
}

// rpcErrorEnvelope turns a JSON-RPC error object into an error envelope, so
// that it renders like every other error: the code (named when it is a
// standard one) as the kind, the message, and data and the rest as details.
func rpcErrorEnvelope(e Value) Value {
	env := Value{Kind: Object, Members: []Member{{Key: "ok", Value: Value{Kind: Bool, Text: "false"}}}}
	if e.Kind != Object {
		env.Members = append(env.Members, Member{Key: "error", Value: e})
		return env
	}
	out := Value{Kind: Object}
	used := map[string]bool{}
	// The code becomes the kind when it is a number or text; any other
	// code stays a field, as does a repeated one.
	if code, ok := e.Get("code"); ok && (code.Kind == Number || code.Kind == String) {
		used["code"] = true
		kind := code.Text
		if name := rpcCodeName(code.Text); name != "" {
			kind += " " + name
		}
		out.Members = append(out.Members, Member{Key: "kind", Value: Value{Kind: String, Text: kind}})
	}
	out.Members = append(out.Members, withoutFirst(e, used).Members...)
	env.Members = append(env.Members, Member{Key: "error", Value: out})
	return env
}

// rpcCodeName names the error codes JSON-RPC 2.0 reserves.
func rpcCodeName(code string) string {
	switch code {
	case "-32700":
		return "parse error"
	case "-32600":
		return "invalid request"
	case "-32601":
		return "method not found"
	case "-32602":
		return "invalid params"
	case "-32603":
		return "internal error"
	}
	if n, err := strconv.Atoi(code); err == nil && n <= -32000 && n >= -32099 {
		return "server error"
	}
	return ""
}

// notification is one line: progress as "progress 50/100 (50%) message",
// log messages as "[level] logger: data", anything else by its method.
// The params the line does not say (a progress token, a field of an
// unexpected type) are kept as the note's rest.
func notification(method string, params Value) (p part) {
	used := map[string]bool{}
	take := func(key string, kind Kind) (Value, bool) {
		f, ok := params.Get(key)
		if ok && (f.Kind == kind || kind == Null && f.Scalar()) {
			used[key] = true
			return f, true
		}
		return Value{}, false
	}
	switch method {
	case "notifications/progress":
		pr, _ := take("progress", Null)
		n := pr.Text // the whole line is escaped when written
		if pr.Kind == Null {
			n = "null"
		}
		if t, ok := take("total", Number); ok {
			n += "/" + t.Text
			if pf, err := parseFloat(pr.Text); err == nil {
				if tf, err := parseFloat(t.Text); err == nil && tf > 0 {
					n += " (" + strconv.Itoa(int(pf/tf*100+0.5)) + "%)"
				}
			}
		}
		if msg, ok := take("message", String); ok && msg.Text != "" {
			n += " " + msg.Text
		}
		p = part{kind: partNote, fields: []string{"progress " + n}, plain: "progress: " + n}
	case "notifications/message":
		level, _ := take("level", String)
		text := ""
		if lg, ok := take("logger", String); ok && lg.Text != "" {
			text = lg.Text + ": "
		}
		plainText := text
		var plainData *Member
		if d, ok := params.Get("data"); ok {
			used["data"] = true
			if d.Kind == String {
				text += d.Text
				plainText = text
			} else {
				// Compact JSON on the line; plain output has it as fields.
				text += compactJSON(d)
				plainData = &Member{Key: "data", Value: d}
			}
		}
		tone := noteFaint
		switch level.Text {
		case "error", "critical", "alert", "emergency":
			tone = noteBad
		}
		p = part{kind: partNote, fields: []string{"[" + level.Text + "] " + text}, plain: strings.TrimSuffix("log: "+level.Text+": "+plainText, ": "), tone: tone}
		if plainData != nil {
			defer func() { p.plainRest = joinObjects(p.rest, Value{Kind: Object, Members: []Member{*plainData}}) }()
		}
	default:
		text := method
		if params.Kind != Null && !isFiller("", params, false) {
			text += " " + compactJSON(params)
		}
		p = part{kind: partNote, fields: []string{text}, plain: "notification: " + method}
		used = nil // plain output has every param as a field
		if params.Kind != Object && !isFiller("", params, false) {
			p.rest = Value{Kind: Object, Members: []Member{{Key: "params", Value: params}}}
			return p
		}
	}
	p.restPath = "params"
	if params.Kind == Object {
		if rest := withoutFirst(params, used); !isFiller("", rest, false) {
			p.rest = rest
		}
	}
	return p
}

// --- MCP tool results ---------------------------------------------------------

// isToolResult: a `content` array of typed blocks, next to nothing but the
// other fields of an MCP CallToolResult.
func isToolResult(v Value) bool {
	c, ok := v.Get("content")
	if !ok || c.Kind != Array {
		return false
	}
	for _, b := range c.Items {
		if b.Kind != Object || b.str("type") == "" {
			return false
		}
	}
	for _, m := range v.Members {
		switch m.Key {
		case "content", "structuredContent", "isError", "_meta":
		default:
			return false
		}
	}
	return true
}

// unwrapTool shows structuredContent when there is some, else the content
// blocks: a text block holding JSON as the JSON it holds (a khive batch
// renders as a batch), prose as prose, media by type and size.
func unwrapTool(v Value) []part {
	isErr := false
	e, hasIsErr := v.Get("isError")
	if hasIsErr && e.IsTrue() {
		isErr = true
	}
	var parts []part
	sc, hasSC := v.Get("structuredContent")
	hasSC = hasSC && !isFiller("", sc, false)
	if hasSC && !isErr {
		parts = append(parts, unwrap(sc)...)
	}
	content, _ := v.Get("content")
	for _, b := range content.Items {
		for _, p := range contentBlock(b, isErr) {
			p.verboseOnly = p.verboseOnly || (hasSC && !isErr)
			parts = append(parts, p)
		}
	}
	if isErr && !anyFailed(parts) {
		// isError with no text at all still reads as an error.
		parts = append(parts, part{kind: partValue, v: toolErrorEnvelope(""), failed: true})
	}
	if hasSC && isErr {
		// A failed call's structured content says more about the failure.
		parts = append(parts, unwrap(sc)...)
	}
	rest := withoutFirst(v, map[string]bool{"content": true, "structuredContent": true, "isError": e.Kind == Bool})
	if !isFiller("", rest, false) {
		// _meta and the like: protocol detail, shown under --verbose (and in
		// plain output, which loses nothing).
		parts = append(parts, part{kind: partValue, v: rest, verboseOnly: true})
	}
	return parts
}

func anyFailed(parts []part) bool {
	for _, p := range parts {
		if p.failed {
			return true
		}
	}
	return false
}

// taker reads an object's fields for a one-line form, remembering which it
// used, so that every other field (or one of an unexpected type) can still
// be shown.
type taker struct {
	v    Value
	used map[string]bool
}

func newTaker(v Value, framing ...string) *taker {
	t := &taker{v: v, used: map[string]bool{}}
	for _, k := range framing {
		t.used[k] = true
	}
	return t
}

// str is the first member named key when it is a string.
func (t *taker) str(key string) (string, bool) {
	if f, ok := t.v.Get(key); ok && f.Kind == String {
		t.used[key] = true
		return f.Text, true
	}
	return "", false
}

// rest is the object without the members taken.
func (t *taker) rest() Value { return withoutFirst(t.v, t.used) }

// contentBlock is one block of an MCP result: a text block as prose or as
// the JSON it holds, a media or resource block named by a note, a resource
// link as a note. What a note's line does not say (annotations, a
// description, a field of an unexpected type) is its rest: plain output
// has it, human output under --verbose. The base64 of a blob is plain
// output's alone.
func contentBlock(b Value, isErr bool) []part {
	t := newTaker(b, "type")
	// withRest gives a note what its line does not say; plainOnly is
	// added for plain output alone.
	withRest := func(p part, rest Value, plainOnly ...Member) []part {
		p.rest = rest
		if len(plainOnly) > 0 {
			p.plainRest = joinObjects(rest, Value{Kind: Object, Members: plainOnly})
		}
		return []part{p}
	}
	switch b.str("type") {
	case "text":
		text, ok := t.str("text")
		if !ok {
			break
		}
		var parts []part
		if docs, ok := parseJSONText(text); ok {
			for _, d := range docs {
				parts = append(parts, unwrap(d)...)
			}
			if isErr && !anyFailed(parts) {
				parts = append(parts, part{kind: partValue, v: toolErrorEnvelope(""), failed: true})
			}
		} else if isErr {
			parts = []part{{kind: partValue, v: toolErrorEnvelope(text), failed: true}}
		} else {
			parts = []part{{kind: partProse, text: text}}
		}
		if rest := t.rest(); !isFiller("", rest, false) {
			parts = append(parts, part{kind: partValue, v: rest, verboseOnly: true})
		}
		return parts
	case "image", "audio":
		mime, _ := t.str("mimeType")
		data, ok := t.str("data")
		if !ok {
			break
		}
		return withRest(mediaNote(b.str("type"), "", mime, base64Size(data)), t.rest(), Member{Key: "data", Value: str(data)})
	case "resource":
		r, ok := b.Get("resource")
		if !ok || r.Kind != Object {
			break
		}
		t.used["resource"] = true
		rt := newTaker(r)
		uri, _ := rt.str("uri")
		mime, _ := rt.str("mimeType")
		if blob, ok := rt.str("blob"); ok {
			rest := joinObjects(t.rest(), prefixed("resource", rt.rest()))
			return withRest(mediaNote("resource", uri, mime, base64Size(blob)), rest, Member{Key: "resource", Value: Value{Kind: Object, Members: []Member{{Key: "blob", Value: str(blob)}}}})
		}
		text, _ := rt.str("text")
		parts := withRest(mediaNote("resource", uri, mime, int64(len(text))), joinObjects(t.rest(), prefixed("resource", rt.rest())))
		if text != "" {
			if docs, ok := parseJSONText(text); ok {
				for _, d := range docs {
					parts = append(parts, unwrap(d)...)
				}
			} else {
				parts = append(parts, part{kind: partProse, text: text})
			}
		}
		return parts
	case "resource_link":
		name, _ := t.str("name")
		uri, _ := t.str("uri")
		text := "link " + name + " <" + uri + ">"
		var mimeField []Member
		if mime, ok := t.str("mimeType"); ok && mime != "" {
			text += " " + mime
			mimeField = append(mimeField, Member{Key: "mimeType", Value: str(mime)}) // a field in plain output
		}
		return withRest(part{kind: partNote, fields: []string{text}, plain: "link: " + name + " " + uri}, t.rest(), mimeField...)
	}
	return []part{{kind: partValue, v: b}}
}

// str is a string Value.
func str(s string) Value { return Value{Kind: String, Text: s} }

// prefixed wraps an object's members under one key, so that they keep
// their path: {"resource": {…}}.
func prefixed(key string, v Value) Value {
	if len(v.Members) == 0 {
		return Value{Kind: Object}
	}
	return Value{Kind: Object, Members: []Member{{Key: key, Value: v}}}
}

func joinObjects(a, b Value) Value {
	return Value{Kind: Object, Members: append(append([]Member(nil), a.Members...), b.Members...)}
}

// toolErrorEnvelope is an MCP result with isError as an error envelope, so
// that it renders like every other error.
func toolErrorEnvelope(msg string) Value {
	e := Value{Kind: Object, Members: []Member{{Key: "kind", Value: Value{Kind: String, Text: "tool error"}}}}
	if msg != "" {
		e.Members = append(e.Members, Member{Key: "message", Value: Value{Kind: String, Text: msg}})
	}
	return Value{Kind: Object, Members: []Member{
		{Key: "ok", Value: Value{Kind: Bool, Text: "false"}},
		{Key: "error", Value: e},
	}}
}

// mediaNote names a binary block instead of dumping its base64: its kind,
// the resource's URI if any, the MIME type and the size.
func mediaNote(kind, uri, mime string, size int64) part {
	human := []string{kind}
	var plainFields []string
	if uri != "" {
		human[0] += " " + uri
		plainFields = append(plainFields, uri)
	}
	if mime != "" {
		human = append(human, mime)
		plainFields = append(plainFields, mime)
	}
	if size >= 0 {
		human = append(human, humanBytes(size))
		plainFields = append(plainFields, strconv.FormatInt(size, 10)+" bytes")
	}
	return part{kind: partNote, fields: human, plain: kind + ": " + strings.Join(plainFields, ", ")}
}

// base64Size is the decoded size of base64 text, or -1 when there is none.
func base64Size(s string) int64 {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	if s == "" {
		return -1
	}
	return int64(len(s)) * 3 / 4
}

func humanBytes(n int64) string {
	switch {
	case n < 1024:
		return strconv.FormatInt(n, 10) + " B"
	case n < 1024*1024:
		return trimFloat(float64(n)/1024) + " KiB"
	}
	return trimFloat(float64(n)/(1024*1024)) + " MiB"
}

// parseJSONText decodes text that is JSON through and through (one or more
// documents), and reports false for anything else: prose stays prose.
func parseJSONText(text string) ([]Value, bool) {
	t := strings.TrimSpace(text)
	if t == "" || !strings.ContainsAny(t[:1], "{[") {
		return nil, false // scalars in a text block are prose ("42 files")
	}
	dec := NewDecoder(strings.NewReader(t), "")
	var docs []Value
	for {
		v, err := dec.Next()
		if err != nil {
			return docs, len(docs) > 0 && isEOF(err)
		}
		docs = append(docs, v)
	}
}
