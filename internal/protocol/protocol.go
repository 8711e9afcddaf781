// Package protocol takes the wrappers of agent protocols off a document:
// JSON-RPC 2.0 replies, errors, notifications and requests, and MCP tool
// results (content blocks, structuredContent, isError). What is left is
// parts: a value to recognise, prose a tool wrote for people, a request to
// answer, or a one-line note. It knows the protocols, not what the values
// inside mean: a caller's judge says whether a value reports a failure. It
// imports value, format and input (to read JSON inside a text block).
package protocol

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Kind says what a part is.
type Kind uint8

const (
	ValuePart   Kind = iota // a document, to be recognised by its shape
	ProsePart               // text a tool wrote for people
	NotePart                // an aside: progress, a media block, an HTTP status line
	RequestPart             // a request to answer (request.go)
	// StreamedPart stands where a text block's documents were shown as
	// the text was read (StreamsText); it shows nothing itself.
	StreamedPart
)

// Part is one thing to show once the wrappers that carry it are taken off:
// JSON-RPC envelopes, MCP tool results, JSON inside a text block.
type Part struct {
	Kind  Kind
	Value value.Value // ValuePart
	Text  string      // ProsePart
	Note  *Note       // NotePart
	// Request is a RequestPart's method, id and params.
	Request *Request
	// Failed makes the command exit 1: an error envelope, a JSON-RPC error,
	// an MCP result with isError, an HTTP 4xx or 5xx status.
	Failed bool
	// Detail parts say again what another part says (content next to
	// structuredContent) or are protocol detail (_meta): what an output
	// for people may leave out, and a lossless one keeps.
	Detail bool
	// ShownBefore parts are shown by the view of the part before them (an
	// embedded resource's text, in the resource's document); only an
	// output that writes that resource as a line writes them again.
	ShownBefore bool
	// IfNoneFailed parts are shown only when none of the documents of
	// the text block shown as it was read before them reported a failure
	// (protocol did not see them): the failure isError says, which a
	// held text's failed documents say already.
	IfNoneFailed bool
	// IsID marks the note of a reply's id: needed to match replies to
	// requests once a stream holds more than one message with an id.
	IsID bool
	// ID is that id as written (a string's in its quotes).
	ID string
	// Reply marks what a JSON-RPC result holds: the protocol says the
	// call succeeded, so an empty one is a success, where an empty
	// document of no protocol says only that it is empty.
	Reply bool
}

// HasID reports a JSON-RPC message with an id: a reply, or a request.
func HasID(v value.Value) bool {
	id, ok := v.Get("id")
	return IsJSONRPC(v) && ok && id.Kind != value.Null
}

// Note is a one-line aside.
type Note struct {
	Fields []string // human form: joined by the glyph set's separator
	// Literal is the note in the input's own words, one "key: value"
	// line that leaves nothing out; "" for a line that is no part of the
	// answer (an HTTP header).
	Literal string
	Bad     bool // a failure (an HTTP error status, an error log)
	Warn    bool // a warning (a warning log)
	// Notification: the line of a JSON-RPC notification (a log line,
	// progress, list_changed), which servers may send many times over.
	Notification bool
	Key          bool // worth noticing: a value to copy (an Mcp-Session-Id)
	// Rest is what the line does not say: fields a lossless output writes
	// after it (under RestPath), one for people under --verbose.
	Rest     value.Value
	RestPath string
	// RestAll, when set, is Rest with what a person never reads (the
	// base64 of a blob): for an output that loses nothing.
	RestAll value.Value
	// Resource, when set, is the embedded resource ({uri, mimeType, text
	// | blob}, all strings) the line names, for a view to show as a
	// document instead.
	Resource value.Value
}

// noteOfOne is a note of one field and its Fields, together.
type noteOfOne struct {
	note  Note
	field [1]string
}

// newNote is a note of one field, made with its Fields in one allocation
// (a stream of notifications makes one a line).
func newNote(field, literal string) *Note {
	n := &noteOfOne{field: [1]string{field}}
	n.note.Fields, n.note.Literal = n.field[:], literal
	return &n.note
}

// Failed reports whether a value reports a failure, by what it means:
// the caller's rule (an error envelope, a batch with one, success: false).
type Failed func(value.Value) bool

// Unwrap takes the protocol wrappers off a document. Anything that is not
// a wrapper comes back as one value part; failed judges the values.
func Unwrap(v value.Value, failed Failed) []Part {
	return UnwrapInto(nil, v, failed, nil)
}

// UnwrapInto is Unwrap appending to buf[:0], the JSON of text blocks read
// with texts (nil: a decoder of their own): a stream of many documents
// reuses one part buffer and one text decoder rather than making them
// for each.
func UnwrapInto(buf []Part, v value.Value, failed Failed, texts *Texts) []Part {
	u := unwrapper{failed, texts}
	if Wraps(v) {
		return u.unwrap(v)
	}
	return append(buf[:0], Part{Kind: ValuePart, Value: v, Failed: failed(v)})
}

// Wraps reports a wrapper that Unwrap takes off: a JSON-RPC message, an
// MCP tool result, or one under "result" alone (the MCP inspector's).
func Wraps(v value.Value) bool {
	return v.Kind == value.Object && (IsJSONRPC(v) || IsToolResult(v) || inspectorResult(v))
}

type unwrapper struct {
	failed Failed
	texts  *Texts
}

// inspectorResult reports what mcp-inspector --cli --format json writes:
// a tool's result alone under "result", with no JSON-RPC around it.
func inspectorResult(v value.Value) bool {
	return len(v.Members) == 1 && v.Members[0].Key == "result" && IsToolResult(v.Members[0].Value)
}

func (u unwrapper) unwrap(v value.Value) []Part {
	if v.Kind == value.Object {
		if IsJSONRPC(v) {
			return u.rpc(v)
		}
		if IsToolResult(v) {
			return u.tool(v)
		}
		if inspectorResult(v) {
			return u.tool(v.Members[0].Value)
		}
	}
	return []Part{{Kind: ValuePart, Value: v, Failed: u.failed(v)}}
}

// --- JSON-RPC 2.0 -----------------------------------------------------------

// IsJSONRPC reports a JSON-RPC 2.0 reply, request or notification.
func IsJSONRPC(v value.Value) bool {
	return v.Str("jsonrpc") == "2.0" && (v.Has("result") || v.Has("error") || v.Has("method"))
}

// rpc shows a response's result as what it is, an error response as
// an error, a request as a request part, and a notification as a one-line
// note. The envelope's "jsonrpc" is framing and is not shown; a reply's
// id is a note of its own (plain output and --verbose), a request's is
// part of it, and any other field it carries is kept.
func (u unwrapper) rpc(v value.Value) []Part {
	parts := make([]Part, 0, 2) // an id and the result, or a notification
	if id, ok := v.Get("id"); ok && (v.Has("result") || v.Has("error")) {
		text := id.Text // notes are escaped when written
		// null: a reply to a request that could not be read
		if id.Kind == value.Null || id.Kind == value.String && text == "" || !id.Scalar() {
			text = value.Compact(id)
		}
		parts = append(parts, Part{Kind: NotePart, Note: newNote("#"+text, "id: "+text), Detail: true, IsID: true, ID: value.Compact(id)})
	}
	used := map[string]bool{"jsonrpc": true, "id": true}
	if res, ok := v.Get("result"); ok {
		used["result"] = true
		n := len(parts)
		parts = append(parts, u.unwrap(res)...)
		for i := n; i < len(parts); i++ {
			parts[i].Reply = parts[i].Kind == ValuePart && !parts[i].Failed
		}
	} else if e, ok := v.Get("error"); ok {
		used["error"] = true
		parts = append(parts, Part{Kind: ValuePart, Value: rpcErrorEnvelope(e), Failed: true})
	} else if r, ok := request(v); ok {
		used["method"], used["params"] = true, true
		req := r // made only for a request: &r would make one for every notification
		parts = append(parts, Part{Kind: RequestPart, Request: &req})
	} else if v.Has("id") {
		return []Part{{Kind: ValuePart, Value: v}} // not a request we can read: show it as it is
	} else {
		used["method"], used["params"] = true, true
		params, _ := v.Get("params")
		parts = append(parts, notification(v.Str("method"), params))
	}
	if rest := value.WithoutFirst(v, used); len(rest.Members) > 0 {
		parts = append(parts, Part{Kind: ValuePart, Value: rest})
	}
	return parts
}

// rpcErrorEnvelope turns a JSON-RPC error object into an error envelope, so
// that it renders like every other error: the code (named when it is a
// standard one) as the kind, the message, and data and the rest as details.
func rpcErrorEnvelope(e value.Value) value.Value {
	env := value.Value{Kind: value.Object, Members: []value.Member{{Key: "ok", Value: value.Value{Kind: value.Bool, Text: "false"}}}}
	if e.Kind != value.Object {
		env.Members = append(env.Members, value.Member{Key: "error", Value: e})
		return env
	}
	out := value.Value{Kind: value.Object}
	used := map[string]bool{}
	// The code becomes the kind when it is a number or text; any other
	// code stays a field, as does a repeated one.
	if code, ok := e.Get("code"); ok && (code.Kind == value.Number || code.Kind == value.String) {
		used["code"] = true
		kind := code.Text
		if name := rpcCodeName(code.Text); name != "" {
			kind += " " + name
		}
		out.Members = append(out.Members, value.Member{Key: "kind", Value: value.Value{Kind: value.String, Text: kind}})
	}
	out.Members = append(out.Members, value.WithoutFirst(e, used).Members...)
	env.Members = append(env.Members, value.Member{Key: "error", Value: out})
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
	// MCP's own, in the server error range (specification 2025-11-25):
	// a resource read that found none, an elicitation the user must
	// complete at a URL before the request is sent again.
	case "-32002":
		return "resource not found"
	case "-32042":
		return "URL elicitation required"
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
func notification(method string, params value.Value) (p Part) {
	used := map[string]bool{}
	take := func(key string, kind value.Kind) (value.Value, bool) {
		f, ok := params.Get(key)
		if ok && (f.Kind == kind || kind == value.Null && f.Scalar()) && !(f.Kind == value.String && f.Text == "") {
			used[key] = true // an empty string says nothing on the line: it stays a field
			return f, true
		}
		return value.Value{}, false
	}
	kind := method
	if pr, _ := params.Get("progress"); kind == "notifications/progress" && pr.Kind != value.Number {
		kind = "" // no progress to say: shown as any other notification
	}
	switch kind {
	case "notifications/progress":
		pr, _ := take("progress", value.Number)
		// The literal, built in place (a stream sends many): the whole
		// line is escaped when written.
		const lead = "progress: "
		var buf [128]byte
		n := append(append(buf[:0], lead...), pr.Text...)
		if t, ok := take("total", value.Number); ok {
			n = append(append(n, '/'), t.Text...)
			if pf, err := strconv.ParseFloat(pr.Text, 64); err == nil {
				if tf, err := strconv.ParseFloat(t.Text, 64); err == nil && tf > 0 {
					n = strconv.AppendInt(append(n, " ("...), int64(int(pf/tf*100+0.5)), 10)
					n = append(n, "%)"...)
				}
			}
		}
		if msg, ok := take("message", value.String); ok && msg.Text != "" {
			n = append(append(n, ' '), msg.Text...)
		}
		literal := string(n)
		p = Part{Kind: NotePart, Note: newNote("progress "+literal[len(lead):], literal)}
	case "notifications/message":
		level, _ := take("level", value.String)
		// The logger's name, then the data: as the line says it (text)
		// and as plain output does (plainText); each line made in one
		// concatenation of its pieces.
		logger, sep := "", ""
		if lg, ok := take("logger", value.String); ok && lg.Text != "" {
			logger, sep = lg.Text, ": "
		}
		text, plainText := "", ""
		var plainData *value.Member
		if d, ok := params.Get("data"); ok && !(d.Kind == value.String && d.Text == "") {
			used["data"] = true
			if msg, rest, ok := logMsg(d); ok {
				// {"message": …} (a task manager's), fastmcp's {"msg": …,
				// "extra": null}: the message is the line, the rest of the
				// data its fields after it.
				plainText = msg + rest
				text = jsonTail(msg) + rest
				plainData = &value.Member{Key: "data", Value: d}
			} else if d.Kind == value.String {
				plainText = d.Text
				text = jsonTail(d.Text)
			} else {
				// Compact JSON on the line; plain output has it as fields.
				text = value.Compact(d)
				plainData = &value.Member{Key: "data", Value: d}
			}
		}
		p = Part{Kind: NotePart, Note: newNote("["+level.Text+"] "+logger+sep+text, strings.TrimSuffix("log: "+level.Text+": "+logger+sep+plainText, ": "))}
		switch level.Text {
		case "error", "critical", "alert", "emergency":
			p.Note.Bad = true
		case "warning":
			p.Note.Warn = true
		}
		if plainData != nil {
			defer func() {
				p.Note.RestAll = value.Join(p.Note.Rest, value.Value{Kind: value.Object, Members: []value.Member{*plainData}})
			}()
		}
	default:
		text := method
		switch {
		case params.Kind == value.Object && !slices.ContainsFunc(params.Members, func(m value.Member) bool { return !m.Value.Scalar() }):
			// A resource's uri, a list's change: its fields as a log's
			// data are, not a line of JSON.
			text += fieldsText(params, "", true)
		case params.Kind != value.Null && !value.Empty(params):
			text += " " + value.Compact(params)
		}
		p = Part{Kind: NotePart, Note: newNote(text, "notification: "+method)}
		used = nil // plain output has every param as a field
		if params.Kind != value.Object && !value.Empty(params) {
			p.Note.Rest = value.Value{Kind: value.Object, Members: []value.Member{{Key: "params", Value: params}}}
			p.Note.Notification = true
			return p
		}
	}
	p.Note.RestPath = "params"
	p.Note.Notification = true
	if params.Kind == value.Object {
		// Empty fields too: plain output writes them (human output drops
		// them, as everywhere).
		if rest := value.WithoutFirst(params, used); len(rest.Members) > 0 {
			p.Note.Rest = rest
		}
	}
	return p
}

// logMsg is the message of a log record sent as an object whose other
// fields say nothing: {"msg": "Searching…", "extra": null} (fastmcp).
func logMsg(d value.Value) (msg, rest string, ok bool) {
	if d.Kind != value.Object {
		return "", "", false
	}
	key := ""
	for _, k := range [...]string{"message", "msg", "error"} {
		if m, has := d.Get(k); has && m.Kind == value.String {
			msg, key = m.Text, k
			break
		}
	}
	if key == "" {
		return "", "", false
	}
	return msg, fieldsText(d, key, false), true
}

// fieldsText is an object's fields but skip as "  key=value" each, the
// empty ones left out; a text of several lines quoted when oneLine.
func fieldsText(d value.Value, skip string, oneLine bool) string {
	var b strings.Builder
	for _, f := range d.Members {
		if f.Key == skip || value.Empty(f.Value) || f.Value.Kind == value.Null {
			continue
		}
		b.WriteString("  " + f.Key + "=")
		if f.Value.Kind == value.String && !(oneLine && strings.Contains(f.Value.Text, "\n")) {
			b.WriteString(f.Value.Text)
		} else {
			b.WriteString(value.Compact(f.Value))
		}
	}
	return b.String()
}

// jsonTail is a log message that ends in a JSON object ("Adding subtask
// with args: {"id": "3", …}", as task-master logs its calls) with the
// object's fields as key=value after the words: the line reads as the
// rest of a log line does, not as raw JSON cut at the width. Plain output
// keeps the message as written.
func jsonTail(msg string) string {
	i := strings.Index(msg, " {")
	if i < 0 || !strings.HasSuffix(strings.TrimSpace(msg), "}") {
		return msg
	}
	docs, ok := ParseJSONText(msg[i+1:])
	if !ok || len(docs) != 1 || docs[0].Kind != value.Object || len(docs[0].Members) == 0 {
		return msg
	}
	return strings.TrimRight(msg[:i], " ") + " " + strings.TrimPrefix(fieldsText(docs[0], "", true), "  ")
}

// --- MCP tool results ---------------------------------------------------------

// IsToolResult: a `content` array of typed blocks, next to nothing but the
// other fields of an MCP CallToolResult.
func IsToolResult(v value.Value) bool {
	c, ok := v.Get("content")
	if !ok || c.Kind != value.Array {
		return false
	}
	if slices.ContainsFunc(c.Items, func(b value.Value) bool { return b.Kind != value.Object || b.Str("type") == "" }) {
		return false
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

// tool shows structuredContent when there is some, else the content
// blocks: a text block holding JSON as the JSON it holds (a khive batch
// renders as a batch), prose as prose, media by type and size.
func (u unwrapper) tool(v value.Value) []Part {
	e, _ := v.Says("isError")
	isErr := e.IsTrue()
	var parts []Part
	sc, hasSC := v.Get("structuredContent")
	// Skipped: its text block, holding the same JSON, was shown as it was
	// read (StreamsText).
	hasSC = hasSC && !value.Empty(sc) && sc.Streamed() != value.Skipped
	content, _ := v.Get("content")
	var scJSON func() string // sc as compact JSON, to know a text block that repeats it
	if hasSC {
		sc, scJSON = sdkUnwrapped(sc, content)
	}
	if hasSC && !isErr {
		parts = append(parts, u.unwrap(sc)...)
	}
	for _, b := range content.Items {
		if hasSC && repeats(b, scJSON) {
			// The text block MCP asks a server to send beside its
			// structured content, the same JSON: said once.
			continue
		}
		for _, p := range u.contentBlock(b, isErr) {
			p.Detail = p.Detail || (hasSC && !isErr)
			parts = append(parts, p)
		}
	}
	if isErr && !anyFailed(parts) {
		// isError with no text at all still reads as an error.
		parts = append(parts, Part{Kind: ValuePart, Value: toolErrorEnvelope(""), Failed: true})
	}
	if len(parts) == 0 && !isErr {
		// A call that succeeded with nothing to say: an empty answer, which
		// its view says it is (and plain output as it came: content: []).
		parts = append(parts, Part{Kind: ValuePart, Value: value.Value{Kind: value.Object, Members: []value.Member{{Key: "content", Value: content}}}, Reply: true})
	}
	if hasSC && isErr {
		// A failed call's structured content says more about the failure.
		parts = append(parts, u.unwrap(sc)...)
	}
	// structuredContent that says nothing (null, {}) stays with the rest,
	// which plain output writes whole.
	rest := value.WithoutFirst(v, map[string]bool{"content": true, "structuredContent": hasSC || sc.Streamed() == value.Skipped, "isError": e.Kind == value.Bool})
	if len(rest.Members) > 0 {
		// _meta and the like: protocol detail, shown under --verbose (and in
		// plain output, which loses nothing).
		// Fields that say nothing (structuredContent: {}) are plain output's
		// alone.
		parts = append(parts, Part{Kind: ValuePart, Value: rest, Detail: true, ShownBefore: value.Empty(rest)})
	}
	return parts
}

// repeats reports a text block holding the JSON given (compact): a block
// too short to hold it is not parsed to tell (compact JSON is at most
// twice as long as any other spelling of the same value: an escaped
// U+2028 against the raw character).
func repeats(block value.Value, json func() string) bool {
	if t, _ := block.Get("text"); t.Streamed() == value.Repeats && len(block.Members) == 2 {
		return true // compared as it was read
	}
	text := block.Str("text")
	if !MaybeJSON(text) {
		return false // no need to know what json is ("1 task")
	}
	j := json()
	if 2*len(text) < len(j) {
		return false
	}
	t, ok := textJSON(block)
	return ok && t == j
}

// MaybeJSON reports a text that ParseJSONText may take: one opening with
// an object or an array.
func MaybeJSON(text string) bool {
	t := strings.TrimSpace(text)
	return t != "" && (t[0] == '{' || t[0] == '[')
}

// textJSON is the JSON a text block holds, compact, when it holds one
// value and nothing else.
func textJSON(block value.Value) (string, bool) {
	if block.Str("type") != "text" || len(block.Members) != 2 {
		return "", false // annotations or _meta: a block of its own
	}
	vals, ok := ParseJSONText(block.Str("text"))
	if !ok || len(vals) != 1 {
		return "", false
	}
	return value.Compact(vals[0]), true
}

// sdkUnwrapped is a tool's structured content without the {"result": X}
// the MCP Python SDK (1.10 on) wraps a result that is no object in (a
// union, a list): X, when the call's one text block is X as JSON, as the
// SDK writes it; else sc as it came. Its second result makes what it is
// as compact JSON, once, when asked.
func sdkUnwrapped(sc, content value.Value) (value.Value, func() string) {
	if len(sc.Members) == 1 && sc.Members[0].Key == "result" && !sc.IsOpen() && len(content.Items) == 1 {
		x := sc.Members[0].Value
		if t, ok := textJSON(content.Items[0]); ok && t == value.Compact(x) {
			return x, func() string { return t }
		}
	}
	// Made only when a text block may repeat it: most do not ("1 task").
	return sc, sync.OnceValue(func() string { return value.Compact(sc) })
}

func anyFailed(parts []Part) bool {
	return slices.ContainsFunc(parts, func(p Part) bool { return p.Failed })
}

// taker reads an object's fields for a one-line form, remembering which it
// used, so that every other field (or one of an unexpected type) can still
// be shown.
type taker struct {
	v    value.Value
	used map[string]bool
}

func newTaker(v value.Value, framing ...string) *taker {
	t := &taker{v: v, used: map[string]bool{}}
	for _, k := range framing {
		t.used[k] = true
	}
	return t
}

// str is the first member named key when it is a string. An empty one
// is not taken: it says nothing on a note's line, and stays a field for
// plain output to write.
func (t *taker) str(key string) (string, bool) {
	if f, ok := t.v.Get(key); ok && f.Kind == value.String {
		if f.Text == "" {
			return "", true
		}
		t.used[key] = true
		return f.Text, true
	}
	return "", false
}

// rest is the object without the members taken.
func (t *taker) rest() value.Value { return value.WithoutFirst(t.v, t.used) }

// contentBlock is one block of an MCP result: a text block as prose or as
// the JSON it holds, a media or resource block named by a note (which
// carries an embedded resource for a view to show as a document, its text
// then plain output's alone), a resource link as a note. What a note's
// line does not say (annotations, a description, a field of an unexpected
// type) is its rest: plain output has it, human output under --verbose.
// The base64 of a blob is plain output's alone.
func (u unwrapper) contentBlock(b value.Value, isErr bool) []Part {
	t := newTaker(b, "type")
	// withRest gives a note what its line does not say; plainOnly is
	// added for plain output alone.
	withRest := func(p Part, rest value.Value, plainOnly ...value.Member) []Part {
		p.Note.Rest = rest
		if len(plainOnly) > 0 {
			p.Note.RestAll = value.Join(rest, value.Value{Kind: value.Object, Members: plainOnly})
		}
		return []Part{p}
	}
	switch b.Str("type") {
	case "text":
		if tv, _ := b.Get("text"); tv.Kind == value.String && tv.Streamed() > 0 {
			// Its documents were shown as the text was read (StreamsText).
			parts := []Part{{Kind: StreamedPart}}
			if isErr {
				parts = append(parts, Part{Kind: ValuePart, Value: toolErrorEnvelope(""), Failed: true, IfNoneFailed: true})
			}
			t.used["text"] = true
			if rest := t.rest(); !value.Empty(rest) {
				parts = append(parts, Part{Kind: ValuePart, Value: rest, Detail: true})
			}
			return parts
		}
		text, ok := t.str("text")
		if !ok {
			break
		}
		var parts []Part
		if docs, ok := u.texts.Parse(text); ok {
			for _, d := range docs {
				parts = append(parts, u.unwrap(d)...)
			}
			if isErr && !anyFailed(parts) {
				parts = append(parts, Part{Kind: ValuePart, Value: toolErrorEnvelope(""), Failed: true})
			}
		} else if isErr {
			parts = []Part{{Kind: ValuePart, Value: toolErrorEnvelope(text), Failed: true}}
		} else {
			parts = []Part{{Kind: ProsePart, Text: text}}
		}
		if rest := t.rest(); !value.Empty(rest) {
			parts = append(parts, Part{Kind: ValuePart, Value: rest, Detail: true})
		}
		return parts
	case "image", "audio":
		mime, _ := t.str("mimeType")
		data, ok := t.str("data")
		if !ok {
			break
		}
		return withRest(mediaNote(b.Str("type"), "", mime, base64Size(data)), t.rest(), value.Member{Key: "data", Value: value.Text(data)})
	case "resource":
		r, ok := b.Get("resource")
		if !ok || r.Kind != value.Object {
			break
		}
		t.used["resource"] = true
		rt := newTaker(r)
		uri, _ := rt.str("uri")
		mime, _ := rt.str("mimeType")
		if blob, ok := rt.str("blob"); ok {
			rest := value.Join(t.rest(), prefixed("resource", rt.rest()))
			note := mediaNote("resource", uri, mime, base64Size(blob))
			note.Note.Resource = resourceDoc(r, rt)
			return withRest(note, rest, value.Member{Key: "resource", Value: value.Value{Kind: value.Object, Members: []value.Member{{Key: "blob", Value: value.Text(blob)}}}})
		}
		text, _ := rt.str("text")
		note := mediaNote("resource", uri, mime, int64(len(text)))
		note.Note.Resource = resourceDoc(r, rt)
		parts := withRest(note, value.Join(t.rest(), prefixed("resource", rt.rest())))
		var more []Part
		if text != "" {
			if docs, ok := u.texts.Parse(text); ok {
				for _, d := range docs {
					more = append(more, u.unwrap(d)...)
				}
			} else {
				more = append(more, Part{Kind: ProsePart, Text: text})
			}
		}
		for _, p := range more {
			p.ShownBefore = note.Note.Resource.Kind == value.Object // the document shows the text
			parts = append(parts, p)
		}
		return parts
	case "resource_link":
		name, _ := t.str("name")
		uri, _ := t.str("uri")
		text := "link " + name + " <" + uri + ">"
		var mimeField []value.Member
		if mime, ok := t.str("mimeType"); ok && mime != "" {
			text += " " + mime
			mimeField = append(mimeField, value.Member{Key: "mimeType", Value: value.Text(mime)}) // a field in plain output
		}
		return withRest(Part{Kind: NotePart, Note: &Note{Fields: []string{text}, Literal: "link: " + name + " " + uri}}, t.rest(), mimeField...)
	}
	return []Part{{Kind: ValuePart, Value: b}}
}

// resourceDoc is an embedded resource for a view to show as a document:
// when the fields it is made of (uri, mimeType, text or blob) are strings,
// which rt has taken; else none, and the resource is shown as a line.
func resourceDoc(r value.Value, rt *taker) value.Value {
	for _, k := range []string{"uri", "mimeType", "text", "blob"} {
		if r.Has(k) && !rt.used[k] {
			return value.Value{}
		}
	}
	if !rt.used["text"] && !rt.used["blob"] {
		return value.Value{}
	}
	return r
}

// prefixed wraps an object's members under one key, so that they keep
// their path: {"resource": {…}}.
func prefixed(key string, v value.Value) value.Value {
	if len(v.Members) == 0 {
		return value.Value{Kind: value.Object}
	}
	return value.Value{Kind: value.Object, Members: []value.Member{{Key: key, Value: v}}}
}

// toolErrorEnvelope is an MCP result with isError as an error envelope, so
// that it renders like every other error.
func toolErrorEnvelope(msg string) value.Value {
	e := value.Value{Kind: value.Object, Members: []value.Member{{Key: "kind", Value: value.Value{Kind: value.String, Text: "tool error"}}}}
	if msg != "" {
		e.Members = append(e.Members, value.Member{Key: "message", Value: value.Value{Kind: value.String, Text: msg}})
	}
	return value.Value{Kind: value.Object, Members: []value.Member{
		{Key: "ok", Value: value.Value{Kind: value.Bool, Text: "false"}},
		{Key: "error", Value: e},
	}}
}

// mediaNote names a binary block instead of dumping its base64: its kind,
// the resource's URI if any, the MIME type and the size.
func mediaNote(kind, uri, mime string, size int64) Part {
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
		human = append(human, format.Bytes(size))
		plainFields = append(plainFields, strconv.FormatInt(size, 10)+" bytes")
	}
	return Part{Kind: NotePart, Note: &Note{Fields: human, Literal: kind + ": " + strings.Join(plainFields, ", ")}}
}

// base64Size is the decoded size of base64 text, or -1 when there is none.
func base64Size(s string) int64 {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	if s == "" {
		return -1
	}
	return int64(len(s)) * 3 / 4
}

// StreamsText reports whether the text block being read at the end of
// partial (a document read up to a long string, as the decoder returns
// it open at that string) may be shown as it is read: the first block of an MCP tool
// result, bare or a JSON-RPC reply's. Its documents are then shown as
// they are read, after the parts of partial before its StreamedPart (its
// reply id), and the parts of the whole document after those, once it
// ends: a block after it, structuredContent, isError, _meta.
func StreamsText(partial value.Value) bool {
	r := partial
	if IsJSONRPC(partial) {
		r, _ = partial.Get("result")
	}
	if r.Kind != value.Object || len(r.Members) == 0 || r.Members[len(r.Members)-1].Key != "content" {
		return false
	}
	c := r.Members[len(r.Members)-1].Value
	if c.Kind != value.Array || len(c.Items) != 1 || c.Items[0].Str("type") != "text" {
		return false
	}
	if tv, _ := c.Items[0].Get("text"); tv.Streamed() == 0 {
		return false // the string is deeper down
	}
	for _, m := range r.Members {
		if m.Key == "structuredContent" {
			return false // shown instead of the text: the text is held, as always
		}
	}
	return IsToolResult(r)
}

// ParseJSONText decodes text that is JSON through and through (one or more
// documents), and reports false for anything else: prose stays prose.
func ParseJSONText(text string) ([]value.Value, bool) {
	var t *Texts
	return t.Parse(text)
}

// Texts reads the JSON of text blocks, one after another, with one
// decoder: a stream of replies each with a small text block made a
// decoder (and its buffers) for each. The zero value is ready; a nil one
// makes a decoder for each text.
type Texts struct {
	dec *input.Decoder
	rd  strings.Reader
}

// Parse is ParseJSONText.
func (x *Texts) Parse(text string) ([]value.Value, bool) {
	if !MaybeJSON(text) {
		return nil, false // scalars in a text block are prose ("42 files")
	}
	t := strings.TrimSpace(text)
	var dec *input.Decoder
	switch {
	case x == nil:
		dec = input.NewDecoder(strings.NewReader(t), "")
	case x.dec == nil:
		x.rd.Reset(t)
		x.dec = input.NewDecoder(&x.rd, "")
		dec = x.dec
	default:
		x.rd.Reset(t)
		x.dec.Reset(&x.rd, "")
		dec = x.dec
	}
	var docs []value.Value
	for {
		v, err := dec.Next()
		if err != nil {
			return docs, len(docs) > 0 && err == io.EOF
		}
		docs = append(docs, v)
	}
}

// HeadLine is one line of a `curl -i` head: a status line (a failure for
// 4xx and 5xx) or, for people only, a header. Whether a failed status
// makes the command fail depends on whether it is the last response's,
// which the caller learns at the end of the head.
func HeadLine(line string) Part {
	if !strings.HasPrefix(line, "HTTP/") {
		// The session id is what the next request must send back.
		name, _, _ := strings.Cut(line, ":")
		return Part{Kind: NotePart, Note: &Note{Fields: []string{line}, Key: strings.EqualFold(name, "mcp-session-id")}, Detail: !KeyHeader(name)}
	}
	return Part{Kind: NotePart, Note: &Note{Fields: []string{line}, Literal: line, Bad: input.StatusCode(line) >= 400}}
}

// KeyHeader reports a response header a person needs without --verbose:
// the session id the next request sends back, where to go, how to
// authenticate, when to retry. The others (CORS, caching, dates, the
// server's name) would put a screen of lines before the answer.
func KeyHeader(name string) bool {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "mcp-session-id", "location", "www-authenticate", "retry-after":
		return true
	}
	return false
}

// EventNote is a Server-Sent Event whose data is not JSON (the endpoint
// event of MCP's older SSE transport): one line.
func EventNote(event, data string) Part {
	return Part{Kind: NotePart, Note: &Note{Fields: []string{event + ": " + data}, Literal: event + ": " + data}}
}
