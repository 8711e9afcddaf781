package recognise

import (
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/steer"
)

func rows(t *testing.T, doc string) []Value {
	t.Helper()
	return mustDecode(t, doc).Items
}

func column(vs []Value, key string) string {
	var out []string
	for _, v := range vs {
		f, _ := v.Get(key)
		out = append(out, ScalarText(f))
	}
	return strings.Join(out, " ")
}

// --sort orders by what values mean, nothing last in either direction.
func TestSteerRowsSortsByMeaning(t *testing.T) {
	tasks := rows(t, `[
		{"id": "a", "priority": "p2", "status": "done", "due": "2026-06-01T00:00:00Z", "score": 10, "title": "beta"},
		{"id": "b", "priority": "p0", "status": "blocked", "due": null, "score": 9.5, "title": "Alpha"},
		{"id": "c", "priority": "p10", "status": "inbox", "due": "2026-05-01T00:00:00-05:00", "score": 100, "title": "gamma"},
		{"id": "d", "status": "next", "due": "2026-05-01T04:00:00Z", "title": ""}
	]`)
	for _, tt := range []struct{ sort, key, want string }{
		{"priority", "id", "b a c d"},  // p0 < p2 < p10, none last
		{"-priority", "id", "c a b d"}, // none last descending too
		{"status", "id", "c d b a"},    // inbox, next, waiting (blocked), done
		{"due", "id", "d c a b"},       // 04:00Z before 05:00 at -05:00
		{"-score", "id", "c a b d"},    // numbers as numbers: 100 > 10 > 9.5
		{"title", "id", "b a c d"},     // case does not count; "" last
		{"status,-priority", "id", "c d b a"},
	} {
		spec := steer.Spec{}
		var err error
		if spec.Sort, err = steer.ParseSort(tt.sort); err != nil {
			t.Fatal(err)
		}
		if got := column(SteerRows(tasks, spec, nil), tt.key); got != tt.want {
			t.Errorf("--sort %s: %s, want %s", tt.sort, got, tt.want)
		}
	}
}

// --where compares in the column's meaning; a row without the value meets
// only != and !~.
func TestSteerRowsKeepsWhatWhereSays(t *testing.T) {
	tasks := rows(t, `[
		{"id": "a", "priority": "p2", "status": "done", "due": "2026-06-01T00:00:00Z", "score": 10, "title": "Wire recall"},
		{"id": "b", "priority": "p0", "status": "blocked", "due": null, "score": 9.5, "title": "Draft ADR"},
		{"id": "c", "status": "in_progress", "due": "2026-05-01T00:00:00Z", "score": 100, "title": "recall tuning", "ok": false}
	]`)
	for _, tt := range []struct {
		where []string
		want  string
	}{
		{[]string{"priority<=p1"}, "b"},
		{[]string{"priority!=p2"}, "b c"},
		{[]string{"status=waiting"}, "b"}, // blocked is waiting
		{[]string{"status=active"}, "c"},  // so is in_progress active
		{[]string{"status!=done", "score>9.5"}, "c"},
		{[]string{"due>=2026-05-15"}, "a"},
		{[]string{"due<2026-05-15"}, "c"},
		{[]string{"title~RECALL"}, "a c"},
		{[]string{"title!~recall"}, "b"},
		{[]string{"score>=10"}, "a c"},
		{[]string{"ok=false"}, "c"},
		{[]string{"missing=x"}, ""},
		{[]string{"missing!=x"}, "a b c"},
	} {
		spec := steer.Spec{}
		for _, w := range tt.where {
			c, err := steer.ParseWhere(w)
			if err != nil {
				t.Fatal(err)
			}
			spec.Where = append(spec.Where, c)
		}
		if got := column(SteerRows(tasks, spec, nil), "id"); got != tt.want {
			t.Errorf("--where %q: %s, want %s", tt.where, got, tt.want)
		}
	}
}

// A name meets a column in any spelling: its header, its key, a dotted
// path into nested objects.
func TestLookup(t *testing.T) {
	row := mustDecode(t, `{"updated_at": "u", "signals": {"keyword_score": 0.5}, "entityType": "person"}`)
	for name, want := range map[string]string{"updated": "u", "UPDATED_AT": "u", "signals.keyword_score": "0.5", "signals.keyword score": "0.5", "entity type": "person"} {
		if _, v, ok := Lookup(row, name); !ok || ScalarText(v) != want {
			t.Errorf("Lookup(%q) = %v %v", name, v, ok)
		}
	}
	if _, _, ok := Lookup(row, "keyword_score"); ok {
		t.Error("a nested key was found without its path")
	}
}

// --sort orders the words of known scales by rank, not alphabetically:
// critical, high, medium, low (it gave high, low, medium), and a log's
// error before warning before info.
func TestSortByOrdinalScales(t *testing.T) {
	for _, c := range []struct {
		key   string
		words []string
	}{
		{"priority", []string{"critical", "high", "medium", "low"}},
		{"priority", []string{"p0", "highest", "normal", "trivial"}},
		{"severity", []string{"fatal", "error", "warn", "info", "debug"}},
	} {
		for i := 1; i < len(c.words); i++ {
			a := meaning(Value{}, c.key, Value{Kind: String, Text: c.words[i-1]})
			b := meaning(Value{}, c.key, Value{Kind: String, Text: c.words[i]})
			if Compare(a, b) >= 0 {
				t.Errorf("%s: %s does not sort before %s", c.key, c.words[i-1], c.words[i])
			}
		}
	}
}
