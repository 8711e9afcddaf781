package pipeline

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// Texts that Markdown would read as structure if they were not escaped.
var markdownTraps = []string{
	"<!-- everything after this is a comment", "<script>alert(1)</script>", "<b>bold</b>",
	"**strong** and *em*", "_under_ and __score__", "`code` and ``double``", "a | pipe",
	"[link](https://evil.example)", "![img](x.png)", "# heading", "- list item", "1. ordered",
	"> quote", "~~strike~~", "$math$", "&#8238;entity&amp;", "trailing backslash\\", "x\n===",
	"   indented", "line one\n- not an item", "\\*escaped already\\*", "[^1] footnote",
	"http://example.com/a_b_c", "snake_case_key", "<http://autolink.example>",
}

// structure is the shape of a Markdown document as GitHub would read it:
// its nodes, in order, without their text (and a soft or hard line break
// counted alike).
func structure(t *testing.T, md []byte) string {
	t.Helper()
	p := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList)).Parser()
	doc := p.Parse(text.NewReader(md))
	var b strings.Builder
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.Kind() {
		case ast.KindText, ast.KindString:
			return ast.WalkContinue, nil
		}
		if entering {
			b.WriteString(n.Kind().String() + "(")
		} else {
			b.WriteString(")")
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// neutral replaces the text of every non-empty string (line by line, so
// prose keeps its lines) with "x": the shape of the document stays, the
// text is gone (a plain lowercase word, which may name the rows, stays). The strings that make a document's shape (a JSON-RPC
// version and method, a content block's type) stay.
func neutral(v Value) Value {
	n := 0
	return neutralN(v, &n)
}

// neutralN numbers the texts it makes, so that two of them are never
// equal where the originals were not (equal fields are shown once).
func neutralN(v Value, n *int) Value {
	switch v.Kind {
	case String:
		if v.Text == "" {
			return v
		}
		if docs, ok := parseJSONText(v.Text); ok {
			var b strings.Builder
			for _, d := range docs {
				b.WriteString(compactJSON(neutralN(d, n)))
			}
			return str(b.String())
		}
		if recognise.UniformKind([]Value{obj(mem("kind", v))}) != "" {
			return v // a plain word, which may name the rows ("3 tasks")
		}
		lines := strings.Split(v.Text, "\n")
		for i := range lines {
			*n++
			lines[i] = "x " + strconv.Itoa(*n)
		}
		return str(strings.Join(lines, "\n"))
	case Object:
		out := Value{Kind: Object}
		for _, m := range v.Members {
			if m.Key == "jsonrpc" || m.Key == "method" || m.Key == "type" {
				out.Members = append(out.Members, m)
				continue
			}
			out.Members = append(out.Members, Member{Key: m.Key, Value: neutralN(m.Value, n)})
		}
		return out
	case Array:
		out := Value{Kind: Array}
		for _, it := range v.Items {
			out.Items = append(out.Items, neutralN(it, n))
		}
		return out
	}
	return v
}

// No value can change the structure of Markdown output: a document renders
// to the same tree of blocks and inlines (tables, quotes, lists, emphasis,
// code, links, HTML) whatever its strings say. So an error block after a
// value can never be hidden by it.
func TestMarkdownValuesCannotChangeStructure(t *testing.T) {
	t.Parallel()
	g := newGen(3)
	g.texts = markdownTraps
	for _, verbose := range []bool{false, true} {
		opt := Options{Output: Markdown, Verbose: verbose}
		for i := 0; i < short(1500, 300); i++ {
			doc := g.document(2)
			got := renderString(t, compactJSON(doc), opt)
			want := renderString(t, compactJSON(neutral(doc)), opt)
			if structure(t, []byte(got)) != structure(t, []byte(want)) {
				t.Fatalf("the values of a document change the structure of its Markdown\ninput: %s\ngot:\n%s\nwith neutral text:\n%s", compactJSON(doc), got, want)
			}
		}
	}
}

// A hostile value before an error leaves the error block visible: a
// blockquote whose text is the error message.
func TestMarkdownErrorBlockSurvivesAHostileValue(t *testing.T) {
	doc := `{"results": [{"ok": true, "tool": "get", "result": {"title": "<!-- hide the rest"}}, {"ok": false, "tool": "put", "error": {"kind": "con` + "`" + `flict", "message": "version mismatch"}}], "summary": {"succeeded": 1, "failed": 1}}`
	md := renderString(t, doc, Options{Output: Markdown})
	p := goldmark.New(goldmark.WithExtensions(extension.Table)).Parser()
	root := p.Parse(text.NewReader([]byte(md)))
	found := false
	ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Kind() == ast.KindBlockquote {
			var b bytes.Buffer
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				b.Write(c.Lines().Value([]byte(md)))
			}
			found = found || strings.Contains(b.String(), "version mismatch")
		}
		return ast.WalkContinue, nil
	})
	if !found {
		t.Errorf("the error block is not a visible blockquote:\n%s", md)
	}
}
