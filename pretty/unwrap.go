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
// an error, and a notification as a one-line note. The envelope's own
// fields (jsonrpc, id) are framing and are not shown.
func unwrapRPC(v Value) []part {
	if res, ok := v.Get("result"); ok {
		return unwrap(res)
	}
	if e, ok := v.Get("error"); ok {
		return []part{{kind: partValue, v: rpcErrorEnvelope(e), failed: true}}
	}
	method := v.str("method")
	params, _ := v.Get("params")
	if v.Has("id") { // a request, not a reply: show it as it is
		return []part{{kind: partValue, v: v}}
	}
	return []part{notification(method, params)}
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
	if code, ok := e.Get("code"); ok {
		kind := plainScalar(code)
		if name := rpcCodeName(code.Text); name != "" {
			kind += " " + name
		}
		out.Members = append(out.Members, Member{Key: "kind", Value: Value{Kind: String, Text: kind}})
	}
	for _, m := range e.Members {
		if m.Key != "code" {
			out.Members = append(out.Members, m)
		}
	}
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
func notification(method string, params Value) part {
	switch method {
	case "notifications/progress":
		p, _ := params.Get("progress")
		n := plainScalar(p)
		if t, ok := params.Get("total"); ok && t.Kind == Number {
			n += "/" + t.Text
			if pf, err := parseFloat(p.Text); err == nil {
				if tf, err := parseFloat(t.Text); err == nil && tf > 0 {
					n += " (" + strconv.Itoa(int(pf/tf*100+0.5)) + "%)"
				}
			}
		}
		if msg := params.str("message"); msg != "" {
			n += " " + msg
		}
		return part{kind: partNote, fields: []string{"progress " + n}, plain: "progress: " + n}
	case "notifications/message":
		level := params.str("level")
		text := ""
		if lg := params.str("logger"); lg != "" {
			text = lg + ": "
		}
		if d, ok := params.Get("data"); ok {
			if d.Kind == String {
				text += d.Text
			} else {
				text += compactJSON(d)
			}
		}
		tone := noteFaint
		switch level {
		case "error", "critical", "alert", "emergency":
			tone = noteBad
		}
		return part{kind: partNote, fields: []string{"[" + level + "] " + text}, plain: "log: " + level + ": " + text, tone: tone}
	}
	text := method
	if params.Kind != Null && !isFiller("", params, false) {
		text += " " + compactJSON(params)
	}
	return part{kind: partNote, fields: []string{text}, plain: "notification: " + text}
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
	if e, ok := v.Get("isError"); ok && e.IsTrue() {
		isErr = true
	}
	var parts []part
	sc, hasSC := v.Get("structuredContent")
	if hasSC && sc.Kind != Null && !isErr {
		parts = append(parts, unwrap(sc)...)
	} else {
		hasSC = false
	}
	content, _ := v.Get("content")
	for _, b := range content.Items {
		for _, p := range contentBlock(b, isErr) {
			p.verboseOnly = p.verboseOnly || hasSC
			parts = append(parts, p)
		}
	}
	if isErr && !anyFailed(parts) {
		// isError with no text at all still reads as an error.
		parts = append(parts, part{kind: partValue, v: toolErrorEnvelope(""), failed: true})
	}
	if meta, ok := v.Get("_meta"); ok && !isFiller("_meta", meta, false) {
		parts = append(parts, part{kind: partValue, v: Value{Kind: Object, Members: []Member{{Key: "_meta", Value: meta}}}, verboseOnly: true})
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

func contentBlock(b Value, isErr bool) []part {
	switch b.str("type") {
	case "text":
		text := b.str("text")
		if docs, ok := parseJSONText(text); ok {
			var parts []part
			for _, d := range docs {
				parts = append(parts, unwrap(d)...)
			}
			if isErr && !anyFailed(parts) {
				parts = append(parts, part{kind: partValue, v: toolErrorEnvelope(""), failed: true})
			}
			return parts
		}
		if isErr {
			return []part{{kind: partValue, v: toolErrorEnvelope(text), failed: true}}
		}
		return []part{{kind: partProse, text: text}}
	case "image", "audio":
		return []part{mediaNote(b.str("type"), "", b.str("mimeType"), base64Size(b.str("data")))}
	case "resource":
		r, _ := b.Get("resource")
		uri, mime := r.str("uri"), r.str("mimeType")
		if blob := r.str("blob"); blob != "" {
			return []part{mediaNote("resource", uri, mime, base64Size(blob))}
		}
		parts := []part{mediaNote("resource", uri, mime, int64(len(r.str("text"))))}
		if text := r.str("text"); text != "" {
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
		name := b.str("name")
		text := "link " + name + " <" + b.str("uri") + ">"
		if mime := b.str("mimeType"); mime != "" {
			text += " " + mime
		}
		return []part{{kind: partNote, fields: []string{text}, plain: "link: " + name + " " + b.str("uri")}}
	}
	return []part{{kind: partValue, v: b}}
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
