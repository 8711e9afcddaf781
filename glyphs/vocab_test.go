package glyphs

import (
	"os"
	"strings"
	"testing"
)

// Every vocabulary names its source, its words are its own (an alias
// stands for a word it has), and docs/usage.md lists it with its source
// and every word it marks.
func TestVocabulariesAreDeclared(t *testing.T) {
	doc, err := os.ReadFile("../docs/usage.md")
	if err != nil {
		t.Fatal(err)
	}
	docs := string(doc)
	for _, v := range All() {
		if v.Name == "" || v.Source == "" || len(v.Words) == 0 {
			t.Errorf("%+v: a vocabulary needs a name, a source and words", v)
		}
		seen := map[string]bool{}
		for _, w := range v.Words {
			k := strings.ToLower(w.Word)
			if seen[k] {
				t.Errorf("%s: %q twice", v.Name, w.Word)
			}
			seen[k] = true
			if w.Alias != "" {
				if x, ok := v.Lookup(w.Alias); !ok || x.Alias != "" {
					t.Errorf("%s: %q stands for %q, which it does not have", v.Name, w.Word, w.Alias)
				}
			}
		}
		line := ""
		for _, l := range strings.Split(docs, "\n") {
			if strings.Contains(l, "| "+v.Name+" |") {
				line = l
			}
		}
		if line == "" {
			t.Errorf("docs/usage.md has no row for the vocabulary %q", v.Name)
			continue
		}
		if !strings.Contains(line, v.Source) {
			t.Errorf("docs/usage.md: %s's row does not name its source %q", v.Name, v.Source)
		}
		for _, w := range v.Words {
			if !strings.Contains(line, "`"+w.Word+"`") {
				t.Errorf("docs/usage.md: %s's row does not list %q", v.Name, w.Word)
			}
		}
	}
}

// Vocabularies of one kind agree where they share a word: the first one
// decides, and no second source would have said otherwise.
func TestSharedWordsAgree(t *testing.T) {
	for _, group := range [][]*Vocabulary{statuses, Outcomes} {
		tone := map[string]Tone{}
		for _, v := range group {
			for _, w := range v.Words {
				x, _ := v.Lookup(w.Word)
				if t0, ok := tone[x.Word]; ok && t0 != x.Tone {
					t.Errorf("%s: %q has tone %d here and %d before", v.Name, x.Word, x.Tone, t0)
				}
				tone[x.Word] = x.Tone
			}
		}
	}
}
