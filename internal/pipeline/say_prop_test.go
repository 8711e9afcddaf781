package pipeline

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/recognise"
)

// Properties of human output on JSON no shape recognises (issue 43): what
// tells the rows apart is on the screen, marks come from vocabularies, and
// values are shown as written.

// randomWord is a lower-case word of n letters, not a word any
// vocabulary or key of ours has (it has a digit).
func randomWord(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + r.IntN(26))
	}
	b[r.IntN(n)] = byte('0' + r.IntN(10))
	return string(b)
}

// The column that tells the rows apart (short, filled, distinct on every
// row) is shown whole at 80 columns whenever it fits in a third of the
// width, whatever else the rows hold: long prose, URLs, a constant
// column, numbers, mostly empty columns, and wherever it stands.
func TestIdentityShownAt80(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(43, 80))
	idKeys := []string{"id", "name", "file", "number", "host", "label", "item", "device", "slug"}
	for i := 0; i < short(400, 80); i++ {
		idKey := idKeys[r.IntN(len(idKeys))]
		// A few rows differ by chance (two processes' commands, two
		// groups' counts): a column no key of ours names is taken for
		// their names from four rows on; id and name name them from two.
		rows := 2 + r.IntN(22)
		if !slices.Contains(idKeys[:2], idKey) {
			rows = 4 + r.IntN(20)
		}
		idLen := 3 + r.IntN(20)
		numeric := idKey == "number" || r.IntN(6) == 0
		ids := map[string]bool{}
		var idVals []string
		for len(idVals) < rows {
			v := randomWord(r, idLen)
			if numeric {
				v = strconv.Itoa(1 + r.IntN(99999))
			}
			if !ids[v] {
				ids[v] = true
				idVals = append(idVals, v)
			}
		}
		// The other columns: none distinct on every row.
		type col struct {
			key  string
			cell func(row int) string // JSON; "" leaves the key out
		}
		prose := []string{
			"the quick brown fox jumps over the lazy dog and keeps running far away from here",
			"a second sentence long enough to want every column it can get on a narrow screen",
		}
		others := []col{
			{"description", func(int) string { return strconv.Quote(prose[r.IntN(len(prose))]) }},
			{"kind", func(int) string { return `"widget"` }},
			{"html_url", func(row int) string {
				return strconv.Quote("https://example.com/some/long/path/" + strconv.Itoa(row%3))
			}},
			{"count", func(row int) string { return strconv.Itoa(row % 2) }},
			{"comment", func(row int) string {
				if row%4 != 0 {
					return ""
				}
				return `"rarely said"`
			}},
			{"owner", func(row int) string { return strconv.Quote([]string{"alice", "bob"}[row%2]) }},
			{"summary", func(int) string { return strconv.Quote(prose[r.IntN(len(prose))] + " again") }},
		}
		r.Shuffle(len(others), func(a, b int) { others[a], others[b] = others[b], others[a] })
		cols := others[:2+r.IntN(len(others)-1)]
		at := r.IntN(len(cols) + 1)
		var lines []string
		for row := range rows {
			var ms []string
			for c, o := range cols {
				if c == at {
					ms = append(ms, fmt.Sprintf("%q: %s", idKey, idJSON(idVals[row], numeric)))
				}
				if v := o.cell(row); v != "" {
					ms = append(ms, fmt.Sprintf("%q: %s", o.key, v))
				}
			}
			if at == len(cols) {
				ms = append(ms, fmt.Sprintf("%q: %s", idKey, idJSON(idVals[row], numeric)))
			}
			lines = append(lines, "{"+strings.Join(ms, ", ")+"}")
		}
		doc := "[" + strings.Join(lines, ",\n") + "]"
		if max(idLen, len(idKey)) > 80/3 {
			continue
		}
		out := renderString(t, doc, Options{Output: Human, Width: 80, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)})
		words := wordsOf(out)
		for _, v := range idVals {
			if !words[v] {
				t.Fatalf("the rows' %s %q is not shown whole at 80 columns:\n%s\ninput:\n%s", idKey, v, out, doc)
			}
		}
	}
}

func idJSON(v string, numeric bool) string {
	if numeric {
		return v
	}
	return strconv.Quote(v)
}

// sgrParams finds the SGR sequences of a line, with their parameters.
var sgrParams = regexp.MustCompile("\x1b\\[([0-9;]*)m")

// claimColour is the tone a line's colours claim (green success, yellow
// warning, red failure), Neutral if none; more than one claim is an error.
func claimColour(line string) (glyphs.Tone, error) {
	tone := glyphs.Neutral
	for _, m := range sgrParams.FindAllStringSubmatch(line, -1) {
		for _, p := range strings.Split(m[1], ";") {
			var t glyphs.Tone
			switch p {
			case "32":
				t = glyphs.Good
			case "33":
				t = glyphs.Warn
			case "31":
				t = glyphs.Bad
			default:
				continue
			}
			if tone != glyphs.Neutral && tone != t {
				return 0, fmt.Errorf("two claims on one line")
			}
			tone = t
		}
	}
	return tone, nil
}

// No glyph or colour in human output claims success, a warning or a
// failure unless a vocabulary says so of the word under a key whose shape
// uses it (a status word by the health vocabularies, an outcome by the
// outcome ones), or a boolean under a key that reports one (BoolTone).
// Random rows of JSON no shape recognises, with every vocabulary's words
// under keys that do and do not give them meaning.
func TestOnlyVocabulariesClaim(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(43, 1))
	var words []string
	for _, v := range glyphs.All() {
		for _, w := range v.Words {
			words = append(words, w.Word, strings.ToUpper(w.Word))
		}
	}
	words = append(words, "open", "closed", "merged", "completed", "new", "running", "unknown")
	keys := []string{"status", "state", "outcome", "conclusion", "phase", "mode", "result", "verdict", "health", "ok", "passed", "error", "partial", "flag", "rm"}
	claims := map[string]glyphs.Tone{"✓": glyphs.Good, "✗": glyphs.Bad, "⊘": glyphs.Muted}
	for i := 0; i < short(600, 120); i++ {
		key := keys[r.IntN(len(keys))]
		rows := 2 + r.IntN(6)
		var lines []string
		type probe struct {
			id, word string
			b        bool
		}
		var probes []probe
		boolean := recognise.BoolTone(key, true) != 0 || recognise.BoolTone(key, false) != 0 || key == "flag" || key == "rm"
		off := r.IntN(2)
		for row := range rows {
			p := probe{id: fmt.Sprintf("row%02d", row)}
			var v string
			// Values differ between rows: a column of one value is said
			// once, under the table (checked by the row test of a footer).
			if boolean {
				p.b = (row+off)%2 == 0
				v = strconv.FormatBool(p.b)
			} else {
				p.word = words[r.IntN(len(words))]
				for row > 0 && p.word == probes[0].word {
					p.word = words[r.IntN(len(words))]
				}
				v = strconv.Quote(p.word)
			}
			probes = append(probes, p)
			lines = append(lines, fmt.Sprintf(`{"id": %q, %q: %s, "note": "n%d"}`, p.id, key, v, row))
		}
		doc := "[" + strings.Join(lines, ",") + "]"
		out := renderString(t, doc, Options{Output: Human, Width: 120, Color: colorprofile.ANSI, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)})
		for _, p := range probes {
			var line string
			for _, l := range strings.Split(out, "\n") {
				if strings.Contains(l, p.id) {
					line = l
				}
			}
			if line == "" {
				t.Fatalf("row %s not shown:\n%s", p.id, out)
			}
			// What the vocabularies (or the boolean's key) say.
			var want glyphs.Mark
			switch {
			case boolean:
				want.Tone = glyphs.Tone(recognise.BoolTone(key, p.b))
				if want.Tone == glyphs.Good {
					want.Glyph = "✓"
				} else if want.Tone == glyphs.Bad {
					want.Glyph = "✗"
				}
			case recognise.IsStatusKey(key):
				want.Tone, _ = glyphs.HealthTone(p.word)
			case key == "outcome" || key == "conclusion":
				want, _ = glyphs.Unicode().Mark(p.word, glyphs.Outcomes...)
			}
			got, err := claimColour(line)
			if err != nil {
				t.Fatalf("%s: %v:\n%q", key, err, line)
			}
			wantColour := want.Tone
			if wantColour != glyphs.Good && wantColour != glyphs.Warn && wantColour != glyphs.Bad {
				wantColour = glyphs.Neutral
			}
			if got != wantColour {
				t.Fatalf("%s %q (%v): colour claims %d, the vocabulary says %d:\n%q\n%s", key, p.word, p.b, got, wantColour, line, out)
			}
			for g := range claims {
				if strings.Contains(line, g) != (want.Glyph == g) {
					t.Fatalf("%s %q (%v): glyph %s where the vocabulary says %q:\n%q", key, p.word, p.b, g, want.Glyph, line)
				}
			}
		}
	}
}

// Numbers under keys that state no unit are shown as written, in a table
// and in a record: no unit added, no rounding, no exponent rewritten.
func TestUnrecognisedNumbersAsWritten(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(43, 2))
	keys := []string{"size", "count", "value", "total", "amount", "weight", "length", "port", "mem", "rate"}
	forms := []string{"%d", "-%d", "%d.125", "0.000%d", "%de3", "%d.0", "1%d000000000000000000"}
	for i := 0; i < short(400, 80); i++ {
		rows := 1 + r.IntN(5)
		var lines, nums []string
		for row := range rows {
			k := keys[r.IntN(len(keys))]
			n := strings.Replace(forms[r.IntN(len(forms))], "%d", strconv.Itoa(1+r.IntN(99999)), 1)
			nums = append(nums, n)
			lines = append(lines, fmt.Sprintf(`{"name": "r%d", %q: %s}`, row, k, n))
		}
		doc := "[" + strings.Join(lines, ",") + "]"
		if rows == 1 {
			doc = lines[0]
		}
		out := renderString(t, doc, Options{Output: Human, Width: 120, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)})
		words := wordsOf(out)
		for _, n := range nums {
			if !words[n] {
				t.Fatalf("%s is not shown as written:\n%s\ninput: %s", n, out, doc)
			}
		}
	}
}

// wordsOf is the words of out, as a set: a value shown whole is one.
func wordsOf(out string) map[string]bool {
	words := map[string]bool{}
	for _, f := range strings.Fields(out) {
		words[f] = true
	}
	return words
}
