package recognise

import (
	"encoding/base64"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// MCP conversations: prompts/get's messages (each role as a label, its
// text as prose, media and embedded resources named in a line), and
// completion/complete's values.

var mcpPromptMessages = Recogniser{
	Name: "MCP prompt messages",
	Keys: []string{"messages"},
	Match: func(v Value) bool {
		return hasObjects(v, "messages", "role") && hasObjects(v, "messages", "content")
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		desc := optString(v, "description")
		msgs := b.messages(v, 0)
		var blocks []view.Block
		if desc != "" {
			blocks = append(blocks, view.Definition{Description: desc}, view.Gap{})
		}
		return withRest(append(blocks, msgs), b.leftover(v, 0, "description", "messages"), view.Gap{}), nil
	},
}

var mcpCompletion = Recogniser{
	Name: "MCP completion",
	Keys: []string{"completion"},
	Match: func(v Value) bool {
		c, ok := v.Get("completion")
		return ok && c.Kind == Object && c.Has("values")
	},
	View: func(b builder, v Value) ([]view.Block, error) {
		c, _ := v.Get("completion")
		vals, ok := c.Get("values")
		if !ok || vals.Kind != Array {
			return nil, errShape("values is not a list")
		}
		total, hasTotal := optNumber(c, "total")
		n := strconv.Itoa(len(vals.Items))
		count := view.Part{Text: format.Count(len(vals.Items), "value")}
		if hasTotal && total != n {
			count.Text = n + " of " + total
		}
		f := view.Footer{Kind: view.Meta, Parts: []view.Part{count}}
		if more, _ := c.Get("hasMore"); more.IsTrue() {
			f.Parts = append(f.Parts, view.Part{Text: "more available"})
		}
		var blocks []view.Block
		if len(vals.Items) > 0 {
			blocks = append(blocks, b.inline(vals, 0))
		}
		blocks = withRest(append(blocks, f), b.leftover(c, 0, "values", "total", "hasMore"))
		return withRest(blocks, b.leftover(v, 0, "completion"), view.Gap{}), nil
	},
}

// messages is the conversation under v's "messages": one message per
// content block (a message may hold several), at indent.
func (b builder) messages(v Value, indent int) view.Messages {
	out := view.Messages{Indent: indent}
	for _, m := range objects(v, "messages") {
		role := optString(m, "role")
		content, _ := m.Get("content")
		blocks := []Value{content}
		if content.Kind == Array {
			blocks = content.Items
		}
		for i, c := range blocks {
			msg := b.content(c)
			msg.Role = role
			if i == 0 {
				msg.Extra = joinRecords(msg.Extra, b.rest(m, 2, "role", "content"))
			}
			out.Messages = append(out.Messages, msg)
		}
	}
	return out
}

// content is one content block of a message (or a string, as chat APIs
// send it): text as prose; an image or audio by its MIME type and size;
// an embedded resource by its URI, MIME type and size; a link by its name
// and URI. Under --verbose, what the line leaves out, except base64,
// which only plain output shows.
func (b builder) content(c Value) view.Message {
	if c.Kind == String {
		return view.Message{Text: c.Text} // chat APIs' plain content
	}
	if c.Kind != Object {
		badShape("a message's content is not an object")
	}
	typ := optString(c, "type")
	var msg view.Message
	shown := []string{"type"}
	switch typ {
	case "text":
		msg.Text, shown = optString(c, "text"), append(shown, "text")
	case "image", "audio":
		mime := optString(c, "mimeType")
		data := optString(c, "data")
		msg.Note, shown = mediaLine(typ, "", mime, data, ""), append(shown, "mimeType", "data")
	case "resource":
		r, ok := c.Get("resource")
		if !ok || r.Kind != Object {
			badShape("resource is not an object")
		}
		uri := optString(r, "uri")
		mime := optString(r, "mimeType")
		blob := optString(r, "blob")
		text := optString(r, "text")
		msg.Note = mediaLine("resource", uri, mime, blob, text)
		shown = append(shown, "resource")
		// The resource's text is the message: under its line, whole. Its
		// blob is plain output's alone.
		msg.Text = text
		if blob != "" && strings.HasPrefix(mime, "text/") {
			// Text sent as base64: the text it is, when it decodes to
			// UTF-8 (sanitised like any text when written).
			if raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(blob)); err == nil && utf8.Valid(raw) {
				msg.Text = string(raw)
			}
		}
		msg.Extra = b.rest(Value{Kind: Object, Members: []Member{{Key: "resource", Value: value.Without(r, "uri", "mimeType", "blob", "text")}}}, 2)
	case "resource_link":
		name := optString(c, "name")
		uri := optString(c, "uri")
		mime := optString(c, "mimeType")
		msg.Note = []string{"link " + name + " <" + uri + ">"}
		if mime != "" {
			msg.Note = append(msg.Note, mime)
		}
		shown = append(shown, "name", "uri", "mimeType")
	default:
		msg.Note = []string{typ}
	}
	msg.Extra = joinRecords(msg.Extra, b.rest(c, 2, shown...))
	return msg
}

// mediaLine names binary or embedded content in one line: what it is (and
// its URI), its MIME type and its size, from the base64 of data or the
// length of text.
func mediaLine(kind, uri, mime, data, text string) []string {
	line := []string{kind}
	if uri != "" {
		line[0] += " " + uri
	}
	if mime != "" {
		line = append(line, mime)
	}
	switch {
	case data != "":
		line = append(line, format.Bytes(decodedSize(data)))
	case text != "":
		line = append(line, format.Bytes(int64(len(text))))
	}
	return line
}

// decodedSize is the size of what base64 text holds.
func decodedSize(data string) int64 {
	data = strings.TrimSpace(data)
	if raw, err := base64.StdEncoding.DecodeString(data); err == nil {
		return int64(len(raw))
	}
	return int64(len(strings.TrimRight(data, "="))) * 3 / 4
}

// joinRecords is the fields of two records in one (either may be nil).
func joinRecords(a, b *view.Record) *view.Record {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	r := *a
	r.Fields = append(append([]view.Field(nil), a.Fields...), b.Fields...)
	return &r
}
