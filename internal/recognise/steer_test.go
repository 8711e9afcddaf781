package recognise

import (
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/view"
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

// A name may be the last words of a key (score of similarity_score) only
// where no row of the list has a key it spells whole: a row without
// status in a list that has one is not judged by its build_status (it
// was kept by --where status=failed), nor a module without Version sorted
// by its GoVersion. Later rows of a long list read names as its first
// rows do.
func TestLastWordsOnlyWhereNoRowSpellsTheName(t *testing.T) {
	where := func(s string) steer.Spec {
		c, err := steer.ParseWhere(s)
		if err != nil {
			t.Fatal(err)
		}
		return steer.Spec{Where: []steer.Cond{c}}
	}
	builds := rows(t, `[{"id": 1, "status": "ok"}, {"id": 2, "build_status": "failed"}]`)
	if got := column(SteerRows(builds, where("status=failed"), nil), "id"); got != "" {
		t.Errorf("status=failed kept %q, want none", got)
	}
	users := rows(t, `[{"id": 1, "name": "alice"}, {"id": 2, "user_name": "admin"}]`)
	if got := column(SteerRows(users, where("name=admin"), nil), "id"); got != "" {
		t.Errorf("name=admin kept %q, want none", got)
	}
	mods := rows(t, `[{"Path": "a", "Version": "v1.2.0"}, {"Path": "main", "GoVersion": "1.26"}, {"Path": "b", "Version": "v0.9.0"}]`)
	if got := column(SteerRows(mods, steer.Spec{Sort: []steer.Key{{Name: "version"}}}, nil), "Path"); got != "b a main" {
		t.Errorf("sorted by version: %q, want b a main (none last)", got)
	}
	hits := rows(t, `[{"file": "a", "similarity_score": 0.95}, {"file": "b", "similarity_score": 0.5}]`)
	if got := column(SteerRows(hits, where("score>0.9"), nil), "file"); got != "a" {
		t.Errorf("score>0.9 of similarity_score kept %q, want a", got)
	}
	words := WordsOf(builds, where("status=failed"))
	if Keep(mustDecode(t, `{"id": 3, "build_status": "failed"}`), where("status=failed"), nil, words) {
		t.Error("a later row was judged by its build_status")
	}
	if !Keep(mustDecode(t, `{"file": "c", "similarity_score": 0.99}`), where("score>0.9"), nil, WordsOf(hits, where("score>0.9"))) {
		t.Error("a later hit was not judged by its similarity_score")
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

// A column --where tests or --sort orders by is kept before the others
// (MTU was hidden at 80 columns under --where mtu>1400), and is not named
// (a value on every row is still said once).
func TestSteeredColumnIsKept(t *testing.T) {
	c, err := steer.ParseWhere("mtu>1400")
	if err != nil {
		t.Fatal(err)
	}
	doc := `[{"ifname": "lo", "mtu": 65536, "qdisc": "noqueue"}, {"ifname": "eth0", "mtu": 1500, "qdisc": "fq"}]`
	for _, spec := range []steer.Spec{{Where: []steer.Cond{c}}, {Sort: []steer.Key{{Name: "MTU"}}}} {
		for _, b := range docOf(t, doc, Options{Fold: true, Steer: spec}) {
			if tb, ok := b.(view.Table); ok {
				for _, col := range tb.Columns {
					if col.Key == "mtu" && (col.Keep < steeredKeep || col.Named) {
						t.Errorf("%+v: mtu kept at %d, named %v", spec, col.Keep, col.Named)
					}
				}
			}
		}
	}
}

// Versions compare number by number, as sort -V does: --sort version put
// 0.17.0 before 0.19 before 0.2.0, and --where version>=10 kept 4.13.2.
func TestVersionsCompareByTheirNumbers(t *testing.T) {
	pkgs := rows(t, `[{"n": "a", "version": "0.17.0"}, {"n": "b", "version": "0.2.0"}, {"n": "c", "version": "0.19"}, {"n": "d", "version": "v1.0.0-rc.1"}, {"n": "e", "version": "1.0.0"}, {"n": "f", "version": "2.9.0.post0"}, {"n": "g", "version": "10.1"}]`)
	if got := column(SteerRows(pkgs, steer.Spec{Sort: []steer.Key{{Name: "version"}}}, nil), "n"); got != "b a c d e f g" {
		t.Errorf("sorted: %s, want b a c d e f g", got)
	}
	c, err := steer.ParseWhere("version>=10")
	if err != nil {
		t.Fatal(err)
	}
	if got := column(SteerRows(pkgs, steer.Spec{Where: []steer.Cond{c}}, nil), "n"); got != "g" {
		t.Errorf("version>=10 kept %s, want g", got)
	}
	for _, tt := range []struct {
		a, b string
		want int
	}{{"192.168.1.9", "192.168.1.10", -1}, {"2.0", "2.0.0", 0}, {"1.0.0-beta", "1.0.0-alpha", 1},
		// numbers in strings compare as numbers, whatever their dots
		{"0.25", "0.5", -1}, {"9", "10", -1}, {"9.5", "10", -1}, {"0.125", "0.5", -1}} {
		if got, ok := compareVersions(tt.a, tt.b); !ok || got != tt.want {
			t.Errorf("compareVersions(%s, %s) = %d %v, want %d", tt.a, tt.b, got, ok, tt.want)
		}
	}
	for _, pair := range [][2]string{{"alpha", "1.2"}, {"0.5%", "0.07%"}, {"1.5", "2.5x"}} {
		if _, ok := compareVersions(pair[0], pair[1]); ok {
			t.Errorf("%s and %s compared as versions", pair[0], pair[1])
		}
	}
	// The same rows sort one way whatever their order (10 sorted before
	// 9 as text, after 9.5 as a version).
	for _, doc := range []string{`[{"v": "9"}, {"v": "10"}, {"v": "9.5"}]`, `[{"v": "9.5"}, {"v": "9"}, {"v": "10"}]`} {
		if got := column(SteerRows(rows(t, doc), steer.Spec{Sort: []steer.Key{{Name: "v"}}}, nil), "v"); got != "9 9.5 10" {
			t.Errorf("%s sorted: %s, want 9 9.5 10", doc, got)
		}
	}
}

// A duration in --where is read in the unit the values count in:
// latency_ms>2m is latency_ms>120000 (it compared "2m" as text, so a
// minute passed it); a bare number is in that unit already.
func TestWhereReadsADuration(t *testing.T) {
	reqs := rows(t, `[{"id": "a", "latency_ms": 60000}, {"id": "b", "latency_ms": 180000}, {"id": "c", "latency_ms": 500}, {"id": "d", "duration_seconds": 90}]`)
	for cond, want := range map[string]string{"latency_ms>2m": "b", "latency_ms<1s": "c", "latency_ms>=60000": "a b", "duration_seconds>1m": "d"} {
		c, err := steer.ParseWhere(cond)
		if err != nil {
			t.Fatal(err)
		}
		if got := column(SteerRows(reqs, steer.Spec{Where: []steer.Cond{c}}, nil), "id"); got != want {
			t.Errorf("%s kept %q, want %q", cond, got, want)
		}
	}
}
