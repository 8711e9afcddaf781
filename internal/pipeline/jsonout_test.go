package pipeline

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/khive-ai/khive-pretty/internal/asciijson"
)

// -o json is lossless: over every input, its output decodes to the same
// documents as the input — keys in the same order, duplicates included,
// numbers with the same text, strings with the same value.
func TestJSONOutputParsesBackToTheInput(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../testdata/*.json", "../../testdata/*.ndjson", "../../../shared/corpus/*.json", "../../../shared/corpus/*.ndjson"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 30 {
		t.Fatalf("only %d files", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in := decodeAllValues(data)
		if len(in) == 0 {
			continue // not JSON at all (a test of errors)
		}
		var out bytes.Buffer
		NewRenderer(&out, Options{Output: JSON}).Stream(bytes.NewReader(data), f)
		back := decodeAllValues(out.Bytes())
		if len(back) != len(in) {
			t.Errorf("%s: %d documents in, %d back", f, len(in), len(back))
			continue
		}
		for i := range in {
			if !sameValue(in[i], back[i]) {
				t.Errorf("%s: document %d does not survive -o json:\n%s", f, i+1, out.String())
			}
		}
	}
}

// decodeAllValues decodes the documents before the first error.
func decodeAllValues(data []byte) []Value {
	d := NewDecoder(bytes.NewReader(data), "t")
	var vs []Value
	for {
		v, err := d.Next()
		if err == io.EOF || err != nil {
			return vs
		}
		vs = append(vs, v)
	}
}

func sameValue(a, b Value) bool {
	if a.Kind != b.Kind || a.Text != b.Text || len(a.Members) != len(b.Members) || len(a.Items) != len(b.Items) {
		return false
	}
	for i := range a.Members {
		if a.Members[i].Key != b.Members[i].Key || !sameValue(a.Members[i].Value, b.Members[i].Value) {
			return false
		}
	}
	for i := range a.Items {
		if !sameValue(a.Items[i], b.Items[i]) {
			return false
		}
	}
	return true
}

// Terminal-unsafe characters are \u-escaped in JSON output: still the same
// string, but nothing raw reaches the terminal.
func TestJSONOutputEscapesTerminalHazards(t *testing.T) {
	var out bytes.Buffer
	doc := "{\"k\u202e\": \"a\u009bb\u2028c\\u001bd\x7f\"}"
	NewRenderer(&out, Options{Output: JSON}).Stream(bytes.NewReader([]byte(doc)), "t")
	want := "{\n  \"k\\u202e\": \"a\\u009bb\\u2028c\\u001bd\\u007f\"\n}\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// -o json streams each document token by token; held, the same document
// is written whole. Over random documents (envelopes, batches, JSON-RPC,
// MCP results, nested anything, past the skeleton's bounds too) the two
// are the same bytes, in colour and not, and say the same of failure.
func TestJSONStreamedIsJSONHeld(t *testing.T) {
	t.Parallel() // large inputs: alongside the others, on a second core
	for seed := uint64(0); seed < uint64(short(80, 15)); seed++ {
		g := newGen(7000 + seed)
		docs := []Value{g.document(4), g.document(2)}
		if seed%25 == 0 {
			// Past the skeleton: a batch whose failed op comes after its
			// first thousand, a list of 2,500 rows, an object of 1,500 keys.
			var ops, rows []Value
			for i := 0; i < 1500; i++ {
				ops = append(ops, g.okEnvelope())
				rows = append(rows, g.object(1, 3))
			}
			ops = append(ops, g.errorEnvelope())
			docs = append(docs, obj(mem("results", Value{Kind: Array, Items: ops}), mem("summary", obj(mem("failed", Value{Kind: Number, Text: "1"})))))
			docs = append(docs, obj(mem("result", obj(mem("items", Value{Kind: Array, Items: append(rows, rows...)}), mem("has_more", Value{Kind: Bool, Text: "true"})))))
			wide := obj()
			for i := 0; i < 1500; i++ {
				wide.Members = append(wide.Members, mem("k"+itoa(i), g.scalar()))
			}
			docs = append(docs, append1(wide, mem("ok", Value{Kind: Bool, Text: "false"})))
			// A review's cases: the failing op of a long batch inside a
			// JSON-RPC reply, inside structuredContent, inside a long text
			// block; a failing text block after a thousand others; an
			// error after a thousand members; and a batch that is not one
			// (an item without ok past the first thousand).
			late := Value{Kind: Array}
			for i := 0; i < 1500; i++ {
				late.Items = append(late.Items, obj(mem("ok", jsonTrue), mem("tool", str("t")), mem("result", obj(mem("id", Value{Kind: Number, Text: itoa(i)})))))
			}
			late.Items[1200] = obj(mem("ok", jsonFalse), mem("tool", str("t")), mem("error", obj(mem("kind", str("k")), mem("message", str("nope")))))
			batch := obj(mem("results", late), mem("summary", obj(mem("total", Value{Kind: Number, Text: "1500"}))))
			rpc := obj(mem("jsonrpc", str("2.0")), mem("id", Value{Kind: Number, Text: "1"}), mem("result", batch))
			docs = append(docs, rpc,
				obj(mem("jsonrpc", str("2.0")), mem("id", Value{Kind: Number, Text: "2"}),
					mem("result", obj(mem("content", Value{Kind: Array, Items: []Value{obj(mem("type", str("text")), mem("text", str("ok")))}}), mem("structuredContent", batch)))),
				obj(mem("content", Value{Kind: Array, Items: []Value{obj(mem("type", str("text")), mem("text", str(compactJSON(rpc))))}})))
			blocks := Value{Kind: Array}
			for i := 0; i < 1100; i++ {
				blocks.Items = append(blocks.Items, obj(mem("type", str("text")), mem("text", str("line "+itoa(i)))))
			}
			blocks.Items = append(blocks.Items, obj(mem("type", str("text")), mem("text", str(`{"ok":false,"tool":"x","error":"late"}`))))
			docs = append(docs, obj(mem("content", blocks)))
			wide2 := obj()
			for i := 0; i < 1200; i++ {
				wide2.Members = append(wide2.Members, mem("k"+itoa(i), g.scalar()))
			}
			docs = append(docs, append1(wide2, mem("error", str("boom"))))
			notBatch := Value{Kind: Array, Items: append([]Value(nil), late.Items...)}
			notBatch.Items[5], notBatch.Items[1200] = notBatch.Items[1200], obj(mem("id", Value{Kind: Number, Text: "1"}))
			docs = append(docs, obj(mem("results", notBatch), mem("summary", obj())))
		}
		// Each document a stream of its own, so that each one's failure
		// is told apart; then all of them as one stream.
		streams := [][]Value{docs}
		for _, d := range docs {
			streams = append(streams, []Value{d})
		}
		for _, stream := range streams {
			var in strings.Builder
			for _, d := range stream {
				in.WriteString(compactJSON(d))
				in.WriteString("\n")
			}
			for _, opt := range []Options{{Output: JSON}, {Output: JSON, Color: colorprofile.ANSI}} {
				var streamed, heldOut bytes.Buffer
				res, err := NewRenderer(&streamed, opt).Stream(strings.NewReader(in.String()), "t")
				if err != nil {
					t.Fatal(err)
				}
				held := NewRenderer(&heldOut, opt)
				var heldRes Result
				for _, d := range stream {
					if err := held.Document(d, &heldRes); err != nil {
						t.Fatal(err)
					}
				}
				if streamed.String() != heldOut.String() {
					t.Fatalf("seed %d: streamed and held -o json differ\n%s", seed, firstDiff(streamed.String(), heldOut.String()))
				}
				if res.Failed != heldRes.Failed {
					t.Fatalf("seed %d: streamed says failed %v, held %v, of %.200s", seed, res.Failed, heldRes.Failed, in.String())
				}
			}
		}
	}
}

func append1(v Value, m Member) Value {
	v.Members = append(v.Members, m)
	return v
}

// A string too long to hold is copied in pieces; the output is what a held
// copy writes, byte for byte, coloured or not, whatever characters lie
// across the pieces' edges: runs with no ASCII at all, emoji, characters
// output escapes (bidi, zero-width, C1), bytes that are not UTF-8, escapes
// of every kind in the input.
func TestJSONLongStringsInPieces(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	runs := []string{"abc ", "漢字漢字漢字", "😀😀", "\u202e", "\u200b", "\u0085", "é", "\"\\/", "\n\t", "\x01", "{", "}"}
	for i := range 6 {
		var s strings.Builder
		for s.Len() < 150<<10 {
			r := runs[rng.IntN(len(runs))]
			if i%2 == 0 && r == "abc " {
				r = "漢" // some strings with no ASCII for a long way
			}
			s.WriteString(strings.Repeat(r, 1+rng.IntN(3000)))
		}
		str := compactJSON(Value{Kind: String, Text: s.String()})
		if i == 3 {
			str = str[:1000] + "\xff\xfe" + str[1000:] // raw bytes that are not UTF-8
		}
		if i == 5 {
			str = asciijson.Escape(str)
		}
		doc := `{"a": [` + str + `, 1], "text": ` + str + `, "b": true}`
		for _, opt := range []Options{{Output: JSON}, {Output: JSON, Color: colorprofile.ANSI}} {
			if streamed, held := jsonStreamedAndHeld(t, doc, opt); streamed != held {
				t.Fatalf("string %d, colour %v: streamed and held differ\n%s", i, opt.Color, firstDiff(streamed, held))
			}
		}
	}
}

// jsonStreamedAndHeld is -o json of doc, read as a stream (token by
// token) and held whole.
func jsonStreamedAndHeld(t *testing.T, doc string, opt Options) (streamed, held string) {
	t.Helper()
	var s, h bytes.Buffer
	if _, err := NewRenderer(&s, opt).Stream(strings.NewReader(doc), "t"); err != nil {
		t.Fatal(err)
	}
	v, err := NewDecoder(strings.NewReader(doc), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	if err := NewRenderer(&h, opt).Document(v, &Result{}); err != nil {
		t.Fatal(err)
	}
	return s.String(), h.String()
}
