package pipeline

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestSeams lists where a document shows otherwise streamed than held:
// every sample under testdata and the shared corpus, each of its lists of
// objects grown in turn past input.StreamAfter (its items repeated), in
// every output. A streamed rendering should equal the held one; today
// some do not, because streaming is a second implementation of the views
// (docs/design.md). It reports rather than fails, and runs only when
// KHIVE_PRETTY_SEAMS is set, as the measure of the single-path work: the
// list it prints is what that work brings to zero, after which it becomes
// an ordinary test.
func TestSeams(t *testing.T) {
	if os.Getenv("KHIVE_PRETTY_SEAMS") == "" {
		t.Skip("KHIVE_PRETTY_SEAMS unset: lists where streamed output differs from held")
	}
	var inputs []string
	for _, pat := range []string{"../../testdata/*.json", "../../testdata/mcp/*.json", "../../testdata/khive/*.json", "../../../shared/corpus/*.json"} {
		m, _ := filepath.Glob(pat)
		inputs = append(inputs, m...)
	}
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	opts := map[string]Options{
		"plain": {Output: Plain}, "human": {Output: Human, Width: 120, Now: now}, "markdown": {Output: Markdown},
		"agent": {Output: Agent, Now: now}, "json": {Output: JSON},
	}
	var seams []string
	tried := 0
	for _, in := range inputs {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		v, err := NewDecoder(strings.NewReader(string(data)), in).Next()
		if err != nil {
			continue // not one JSON document (a stream, a capture)
		}
		for _, grown := range grownLists(v) {
			doc := compactJSON(grown.doc)
			for name, opt := range opts {
				tried++
				streamed, held := renderString(t, doc, opt), heldString(t, doc, opt)
				if streamed != held {
					seams = append(seams, filepath.Base(in)+" "+grown.path+" -o "+name+": "+strings.ReplaceAll(firstDiff(streamed, held), "\n", " | "))
				}
			}
		}
	}
	sort.Strings(seams)
	t.Logf("%d of %d renderings differ streamed from held:\n%s", len(seams), tried, strings.Join(seams, "\n"))
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
				grown := make([]Value, 1200)
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
