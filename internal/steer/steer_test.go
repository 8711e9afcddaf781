package steer

import (
	"reflect"
	"testing"
)

func TestParseColumns(t *testing.T) {
	picks, exact, err := ParseColumns("id, status,title,-created")
	want := []Pick{{Name: "id"}, {Name: "status"}, {Name: "title"}, {Name: "created", Drop: true}}
	if err != nil || !exact || !reflect.DeepEqual(picks, want) {
		t.Errorf("got %+v %v %v", picks, exact, err)
	}
	picks, exact, err = ParseColumns("+tags,-namespace")
	if err != nil || exact || !reflect.DeepEqual(picks, []Pick{{Name: "tags", Add: true}, {Name: "namespace", Drop: true}}) {
		t.Errorf("got %+v %v %v", picks, exact, err)
	}
	for _, bad := range []string{"", "id,,title", "-", "id, +"} {
		if _, _, err := ParseColumns(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestParseSort(t *testing.T) {
	keys, err := ParseSort("-updated, priority,+title")
	if err != nil || !reflect.DeepEqual(keys, []Key{{"updated", true}, {"priority", false}, {"title", false}}) {
		t.Errorf("got %+v %v", keys, err)
	}
	if _, err := ParseSort("-"); err == nil {
		t.Error("an empty name was accepted")
	}
}

func TestParseWhere(t *testing.T) {
	for in, want := range map[string]Cond{
		"status=active":       {"status", Eq, "active"},
		"priority<=p1":        {"priority", Le, "p1"},
		"priority < p2":       {"priority", Lt, "p2"},
		"status!=done":        {"status", Ne, "done"},
		"updated>=2026-05-01": {"updated", Ge, "2026-05-01"},
		"score>0.5":           {"score", Gt, "0.5"},
		"title~recall":        {"title", Has, "recall"},
		"title!~draft":        {"title", HasNot, "draft"},
		"title=a=b<c":         {"title", Eq, "a=b<c"},
		"rank score >= 0.01":  {"rank score", Ge, "0.01"},
		"assignee=":           {"assignee", Eq, ""},
	} {
		got, err := ParseWhere(in)
		if err != nil || got != want {
			t.Errorf("%q: got %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"status", "=active", "", "  <p1"} {
		if _, err := ParseWhere(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestNamesMeetInEverySpelling(t *testing.T) {
	for _, tt := range []struct {
		name, key, header string
		want              bool
	}{
		{"updated", "updated_at", "UPDATED", true},
		{"UPDATED", "updated_at", "UPDATED", true},
		{"updated_at", "updated_at", "UPDATED", true},
		{"rank score", "rank_score", "RANK SCORE", true},
		{"entityType", "entityType", "ENTITY TYPE", true},
		{"entity-type", "entityType", "ENTITY TYPE", true},
		{"title", "name", "NAME", false},
		{"", "", "", false},
	} {
		if got := Names(tt.name, tt.key, tt.header); got != tt.want {
			t.Errorf("Names(%q, %q, %q) = %v", tt.name, tt.key, tt.header, got)
		}
	}
}

func TestSuggestFlagsAndValues(t *testing.T) {
	flags := []string{"output", "o", "color", "pager", "now", "width", "w", "ascii", "verbose", "v", "stats", "version", "V", "help", "h"}
	tests := []struct {
		word       string
		candidates []string
		want       string
	}{
		{"colour", flags, "color"},
		{"verbos", flags, "verbose"},
		{"verb", flags, "verbose"}, // a prefix
		{"pagr", flags, "pager"},
		{"stast", flags, "stats"}, // a swap
		{"zzzzzz", flags, ""},
		{"x", flags, ""}, // too short to guess from
		{"mardown", []string{"auto", "human", "plain", "markdown", "json", "agent"}, "markdown"},
		{"JSON", []string{"auto", "human", "plain", "markdown", "json", "agent"}, "json"},
		{"plian", []string{"auto", "human", "plain", "markdown", "json", "agent"}, "plain"},
		{"table", []string{"auto", "human", "plain", "markdown", "json", "agent"}, ""},
	}
	for _, tt := range tests {
		if got := Suggest(tt.word, tt.candidates); got != tt.want {
			t.Errorf("Suggest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "abc", 0}, {"colour", "color", 1}, {"alwyas", "always", 1}, {"kitten", "sitting", 3}, {"", "ab", 2}, {"é", "e", 1},
	} {
		if got := distance(tt.a, tt.b); got != tt.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	cols := []string{"id", "status", "priority", "title", "due", "updated"}
	for name, want := range map[string]string{"titel": "title", "stauts": "status", "priorty": "priority", "updatd": "updated", "zzzzzz": "", "xy": ""} {
		if got := Suggest(name, cols); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", name, got, want)
		}
	}
}
