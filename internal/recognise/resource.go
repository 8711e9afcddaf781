package recognise

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// MCP resources, read (resources/read: {contents: [{uri, mimeType, text |
// blob}]}) or embedded in a tool result: each content is a document, its
// header "uri · mime · size", then its text. JSON shows as its value; a
// text blob is decoded; any other blob is named with its size, its
// base64 never shown (plain output keeps it).

var resourceContents = Recogniser{
	Name:  "resource contents",
	Keys:  []string{"contents"},
	Match: func(v Value) bool { return hasObjects(v, "contents", "uri") },
	View: func(b builder, v Value) ([]view.Block, error) {
		var blocks []view.Block
		for i, c := range objects(v, "contents") {
			rc := readContent(c)
			if i > 0 {
				blocks = append(blocks, view.Gap{})
			}
			blocks = append(blocks, b.resource(rc, b.rest(c, 2, "uri", "mimeType", "text", "blob"))...)
		}
		return withRest(blocks, b.rest(v, 0, "contents")), nil
	},
}

// resourceContent is what a resource's document is made of.
type resourceContent struct {
	uri, mime  string
	text, blob string
	isBlob     bool
}

// readContent reads one content of a resource, strictly: a field of
// another type is not this shape.
func readContent(c Value) resourceContent {
	rc := resourceContent{uri: optString(c, "uri"), mime: optString(c, "mimeType"), text: optString(c, "text"), blob: optString(c, "blob")}
	rc.isBlob = c.Has("blob")
	if rc.isBlob == c.Has("text") {
		badShape("a content has both text and a blob, or neither")
	}
	return rc
}

// resource is the document of a resource's content; extra is what its
// header leaves out (under --verbose).
func (b builder) resource(rc resourceContent, extra *view.Record) []view.Block {
	d := view.Document{Title: rc.uri, Extra: extra}
	if rc.mime != "" {
		d.Fields = append(d.Fields, rc.mime)
	}
	text, isText := rc.text, !rc.isBlob
	if rc.isBlob {
		data, ok := decodeBase64(rc.blob)
		size := int64(len(data))
		if !ok {
			size = int64(len(rc.blob)) * 3 / 4 // what it would hold
		}
		d.Fields = append(d.Fields, format.Bytes(size))
		if ok && textMIME(rc.mime) && utf8.Valid(data) {
			text, isText = string(data), true
		}
	} else {
		d.Fields = append(d.Fields, format.Bytes(int64(len(rc.text))))
	}
	if !isText || text == "" {
		return []view.Block{d}
	}
	return b.textDocument(d, text, mimeLanguage(rc.mime, rc.uri))
}

// embedded is the document of a resource embedded in a tool result, which
// protocol hands on as a note (the line plain output writes) carrying the
// resource; ok is false for a note that carries none.
func (b builder) embedded(n protocol.Note) ([]view.Block, bool) {
	r := n.Resource
	if r.Kind != Object {
		return nil, false
	}
	rc := resourceContent{uri: r.Str("uri"), mime: r.Str("mimeType"), text: r.Str("text"), blob: r.Str("blob")}
	rc.isBlob = r.Has("blob")
	var extra *view.Record
	if b.opt.Verbose && len(n.Rest.Members) > 0 {
		extra = b.record(n.Rest, 2, false, false)
	}
	return b.resource(rc, extra), true
}

// decodeBase64 decodes a blob, padded or not, line breaks allowed.
func decodeBase64(s string) ([]byte, bool) {
	s = strings.Join(strings.Fields(s), "")
	data, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		data, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(s, "="))
	}
	return data, err == nil
}

// textMIME: a MIME type whose blob is text to show.
func textMIME(mime string) bool {
	m := mediaType(mime)
	return strings.HasPrefix(m, "text/") || jsonMIME(m) || strings.HasSuffix(m, "+xml") ||
		m == "application/xml" || m == "application/javascript" || m == "application/yaml" || m == "application/x-yaml"
}

// jsonMIME: application/json, or a JSON-based type (+json).
func jsonMIME(mime string) bool {
	m := mediaType(mime)
	return m == "application/json" || strings.HasSuffix(m, "+json")
}

// mediaType is a MIME type without its parameters, in lower case.
func mediaType(mime string) string {
	m, _, _ := strings.Cut(mime, ";")
	return strings.ToLower(strings.TrimSpace(m))
}

// mimeLanguage names a text's syntax for a fence: by its MIME type, else
// by the extension of its URI.
func mimeLanguage(mime, uri string) string {
	m := mediaType(mime)
	switch {
	case jsonMIME(m):
		return "json"
	case strings.HasSuffix(m, "+xml"):
		return "xml"
	}
	if l, ok := mimeLanguages[m]; ok {
		return l
	}
	return Language(uri)
}

// mimeLanguages is the syntax of each text MIME type mimeLanguage knows.
var mimeLanguages = map[string]string{
	"text/markdown": "markdown", "text/x-markdown": "markdown", "text/html": "html", "text/css": "css",
	"text/javascript": "javascript", "application/javascript": "javascript",
	"text/xml": "xml", "application/xml": "xml",
	"text/yaml": "yaml", "application/yaml": "yaml", "application/x-yaml": "yaml",
	"text/x-python": "python", "text/x-go": "go",
}
