package pipeline

import (
	"errors"
	"github.com/khive-ai/khive-pretty/internal/input"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// knownSeams are the renderings that differ streamed from held: none. A
// held document is classified and laid out as it would be read (a page's
// long rows under a list key, a request whose first op's list streams,
// input.Window's rows), so there is nothing to list; a difference found
// is a fault.
var knownSeams = map[string]bool{}

// TestSeams guards the single path: every sample under testdata and the
// shared corpus, each of its lists of objects grown in turn past
// input.StreamAfter (its items repeated), in every output that shows a
// document returned open, streamed and
// held. A streamed rendering equals the held one but for knownSeams; a new
// difference fails, and so does a known one that has gone (take it off
// the list).
func TestSeams(t *testing.T) {
	if testing.Short() {
		t.Skip("short: every sample grown, in every output")
	}
	t.Parallel() // the longest test: alongside the others
	var inputs []string
	for _, pat := range []string{"../../testdata/*.json", "../../testdata/mcp/*.json", "../../testdata/khive/*.json", "../../testdata/graphiti/*.json", "../../../shared/corpus/*.json"} {
		m, _ := filepath.Glob(pat)
		inputs = append(inputs, m...)
	}
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	// -o json copies tokens, never a document returned open: it has no
	// seam to look for (TestJSONStreamedIsJSONHeld covers its own path).
	opts := map[string]Options{
		"plain": {Output: Plain}, "human": {Output: Human, Width: 120, Now: now}, "markdown": {Output: Markdown},
		"agent": {Output: Agent, Now: now},
	}
	var (
		mu    sync.Mutex
		seams = map[string]string{}
		read  = map[string]bool{} // the inputs' contents, to try each once
		tried int
		wg    sync.WaitGroup
		work  = make(chan string)
	)
	for range 2 {
		wg.Go(func() {
			for in := range work {
				data, err := os.ReadFile(in)
				if err != nil {
					t.Error(err)
					continue
				}
				mu.Lock()
				dup := read[string(data)]
				read[string(data)] = true
				mu.Unlock()
				if dup {
					continue // the shared corpus repeats samples of testdata
				}
				v, err := NewDecoder(strings.NewReader(string(data)), in).Next()
				if err != nil {
					continue // not one JSON document (a stream, a capture)
				}
				for _, grown := range grownLists(v) {
					// A document of the same form as one tried (the same
					// keys everywhere, the same list grown) tries the same
					// paths: once is enough.
					form := grown.path + " " + skeleton(grown.doc)
					mu.Lock()
					dup := read[form]
					read[form] = true
					mu.Unlock()
					if dup {
						continue
					}
					doc := compactJSON(grown.doc)
					for name, opt := range opts {
						if name == "agent" && !khiveAnswer(doc) {
							continue // agent output is khive's transform; any other answer passes through it
						}
						streamed, opened := renderIfOpen(t, doc, opt)
						if !opened {
							// Nothing came open: read whole, as held, by
							// the same code (and not shown: most grown
							// lists are not read open, and showing them
							// was most of this test's time).
							continue
						}
						if opt.Output == Human || opt.Output == Markdown {
							// Read ahead (listahead.go), the same.
							ahead := opt
							ahead.ReadAhead = true
							if got, _ := renderOpened(t, doc, ahead); got != streamed {
								t.Errorf("%s %s -o %s: read ahead differs from read serially: %s", filepath.Base(in), grown.path, name, strings.ReplaceAll(firstDiff(got, streamed), "\n", " | "))
							}
						}
						held := heldString(t, doc, opt)
						mu.Lock()
						tried++
						if streamed != held {
							seams[filepath.Base(in)+" "+grown.path+" -o "+name] = strings.ReplaceAll(firstDiff(streamed, held), "\n", " | ")
						}
						mu.Unlock()
					}
				}
			}
		})
	}
	for _, in := range inputs {
		work <- in
	}
	close(work)
	wg.Wait()
	var found []string
	for k, diff := range seams {
		found = append(found, k)
		if !knownSeams[k] {
			t.Errorf("%s: streamed differs from held: %s", k, diff)
		}
	}
	for k := range knownSeams {
		if _, ok := seams[k]; !ok {
			t.Errorf("%s: no longer differs streamed from held: take it off knownSeams", k)
		}
	}
	sort.Strings(found)
	t.Logf("%d of %d renderings differ streamed from held:\n%s", len(found), tried, strings.Join(found, "\n"))
}

// renderIfOpen is renderOpened's output and whether the document came
// open, but a document returned whole is not shown (Renderer.onlyOpen).
func renderIfOpen(t *testing.T, doc string, opt Options) (string, bool) {
	t.Helper()
	var out strings.Builder
	rn := NewRenderer(&out, opt)
	rn.onlyOpen = true
	if _, err := rn.Stream(strings.NewReader(doc), "t"); err != nil {
		t.Fatalf("%v\ninput: %s", err, doc)
	}
	return out.String(), rn.opened > 0
}

// skeleton is the form of v: its keys and kinds, each array by its first
// item and its length past the threshold, with no value but the texts
// that select a view (a type, a kind, a status …) and true, false, null.
func skeleton(v Value) string {
	var b strings.Builder
	var walk func(key string, v Value)
	walk = func(key string, v Value) {
		switch v.Kind {
		case Object:
			b.WriteByte('{')
			for _, m := range v.Members {
				b.WriteString(m.Key)
				b.WriteByte(':')
				walk(m.Key, m.Value)
				b.WriteByte(',')
			}
			b.WriteByte('}')
		case Array:
			b.WriteByte('[')
			if len(v.Items) > 0 {
				walk(key, v.Items[0])
			}
			if len(v.Items) > input.StreamAfter {
				b.WriteString("…")
			}
			b.WriteByte(']')
		case String:
			switch key {
			case "type", "kind", "status", "method", "tool", "role", "outcome", "level", "jsonrpc", "mimeType", "verb":
				b.WriteString(strconv.Quote(v.Text))
			default:
				b.WriteByte('s')
			}
		case Number:
			b.WriteByte('n')
		default:
			b.WriteString(v.Text) // true, false, null: they select views
		}
	}
	walk("", v)
	return b.String()
}

// khiveAnswer reports a document that holds an answer of khive's own (an
// envelope, a batch, a page; wrapped in MCP or not), which agent output
// transforms.
func khiveAnswer(doc string) bool {
	for _, k := range []string{`"ok"`, `\"ok\"`, `"results"`, `"items"`} {
		if strings.Contains(doc, k) {
			return true
		}
	}
	return false
}

type grownList struct {
	path string
	doc  Value
}

// grownLists is doc once for each of its lists of objects, that list grown
// to 1,200 items by repeating its own.
func grownLists(doc Value) []grownList {
	var out []grownList
	var walk func(v *Value, path string, depth int)
	walk = func(v *Value, path string, depth int) {
		if depth > 6 {
			return
		}
		switch v.Kind {
		case Object:
			for i := range v.Members {
				walk(&v.Members[i].Value, path+"."+v.Members[i].Key, depth+1)
			}
		case Array:
			if len(v.Items) > 0 && v.Items[0].Kind == Object {
				items := v.Items
				grown := make([]Value, input.StreamAfter+1) // just past: it streams
				for i := range grown {
					grown[i] = items[i%len(items)]
				}
				v.Items = grown
				out = append(out, grownList{path: path, doc: deepCopy(doc)})
				v.Items = items
			}
			for i := range v.Items {
				walk(&v.Items[i], path+"[]", depth+1)
			}
		}
	}
	walk(&doc, "", 0)
	return out
}

func deepCopy(v Value) Value {
	switch v.Kind {
	case Object:
		ms := make([]Member, len(v.Members))
		for i, m := range v.Members {
			ms[i] = Member{Key: m.Key, Value: deepCopy(m.Value)}
		}
		v.Members = ms
	case Array:
		items := make([]Value, len(v.Items))
		for i, it := range v.Items {
			items[i] = deepCopy(it)
		}
		v.Items = items
	}
	return v
}

// An error met while an open list is read from an event stream's frame is
// said where it is in the stream, as one met before the list is.
func TestEventStreamErrorInAnOpenListIsLocatedInTheStream(t *testing.T) {
	in := "data: {\"a\": 1}\n\ndata: [" + strings.Repeat(`{"n": 1},`, 1500) + "\n\n"
	for _, opt := range []Options{{Output: Plain}, {Output: Human, Width: 80}, {Output: Markdown}, {Output: Agent}} {
		for _, ahead := range []bool{false, true} {
			opt.ReadAhead = ahead
			_, err := NewRenderer(io.Discard, opt).Stream(strings.NewReader(in), "t")
			var ie *InputError
			if !errors.As(err, &ie) || ie.Line != 3 {
				t.Errorf("output %d, read ahead %v: %v, want an input error on line 3", opt.Output, ahead, err)
			}
		}
	}
}
