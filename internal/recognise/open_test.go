package recognise

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
)

// Every shape whose view reads an open list as it comes (a Long shape, or
// one that Reads a list) has a sample under testdata holding that list, so
// that the pipeline's TestSeams, which grows each list of every sample
// past input.StreamAfter, compares its streamed view with its held one:
// the guard is generated from the registry, not from a list kept by hand.
func TestEveryOpenShapeHasASample(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../testdata/*.json", "../../testdata/mcp/*.json", "../../testdata/khive/*.json"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	var docs []Value
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, err := input.NewDecoder(strings.NewReader(string(data)), f).Next()
		if err != nil {
			continue
		}
		for _, p := range protocol.Unwrap(v, Failed) {
			if p.Kind == protocol.ValuePart {
				docs = append(docs, p.Value)
				if res, ok := p.Value.Get("result"); ok {
					docs = append(docs, res)
				}
			}
		}
	}
	for _, s := range recognisers {
		key := s.Reads
		if s.Long != nil {
			key = s.Long.Key
		}
		if key == "" {
			continue
		}
		found := false
		for _, d := range docs {
			if l, ok := d.Get(key); ok && len(l.Items) > 0 && l.Items[0].Kind == Object && s.Match(d) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("the %s shape reads its %q list as it comes, but no sample under testdata holds one: add one, for TestSeams", s.Name, key)
		}
	}
}
