package recognise

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// A page khive drew as a Markdown table reads back as the page: cells as
// the values they were written from, escaped bars as bars, an ID that
// starts with digits as text, the sibling lines as fields.
func TestMarkdownTableReadsBack(t *testing.T) {
	text := "| id | n | ok | tags | note | props |\n|---|---|---|---|---|---|\n" +
		"| 4f2a00ef | 3 | true | [\"a\",\"b\"] | a \\| b | {…} |\n" +
		"| 1e5 | -0.5 | false |  | x... | […] |\n" +
		"has_more: true\noffset: 20\nnote: \"two\\nlines\"\nquery: plain text"
	page, ok := mdTable(text)
	if !ok {
		t.Fatal("not read as a table")
	}
	want := `{"items":[{"id":"4f2a00ef","n":3,"ok":true,"tags":["a","b"],"note":"a | b","props":"{…}"},` +
		`{"id":"1e5","n":-0.5,"ok":false,"note":"x...","props":"[…]"}],"has_more":true,"offset":20,"note":"two\nlines","query":"plain text"}`
	if got := value.Compact(page); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for _, not := range []string{
		"| a |\n| b |\n| c |",              // no separator line
		"| a | b |\n|---|\n| 1 | 2 |",      // separator of another width
		"| a |\n|---|\n| 1 | 2 |",          // a row of another width
		"| a |\n|---|\n| 1 |\nnot a field", // a line after it that is no field
		"just text", "",
	} {
		if _, ok := mdTable(not); ok {
			t.Errorf("%q read as a table", not)
		}
	}
}

// Fields of an object whose keys came sorted (serde_json's order) are
// shown by meaning; any other order is the order they came in.
func TestRecordFieldsByMeaning(t *testing.T) {
	keys := func(ms []Member) string {
		var ks []string
		for _, m := range ms {
			ks = append(ks, m.Key)
		}
		return strings.Join(ks, " ")
	}
	sorted := mustDecode(t, `{"audit_persisted":true,"due":"2026-05-29T17:00:00-05:00","from":"next","id":"4f2a00ef","title":"x","to":"active","updated_at":"2026-05-23T11:17:08Z"}`)
	if got, want := keys(byMeaning(sorted.Members)), "id from to title audit_persisted due updated_at"; got != want {
		t.Errorf("sorted keys shown as %q, want %q", got, want)
	}
	chosen := mustDecode(t, `{"title":"x","id":"4f2a00ef","due":"2026-05-29T17:00:00-05:00","from":"next"}`)
	if got, want := keys(byMeaning(chosen.Members)), "title id due from"; got != want {
		t.Errorf("unsorted keys shown as %q, want %q", got, want)
	}
	indexed := mustDecode(t, `{"[0]":1,"[1]":{"a":1},"[2]":[1],"[3]":"x"}`)
	if got, want := keys(byMeaning(indexed.Members)), "[0] [1] [2] [3]"; got != want {
		t.Errorf("an array's items shown as %q, want %q", got, want)
	}
}

// A note's status is its visibility unless the rows are tasks, or khive
// moved the visibility to lifecycle.
func TestNoteVisibility(t *testing.T) {
	for in, want := range map[string]bool{
		`[{"kind":"observation","status":"active"},{"kind":"insight","status":"archived"}]`: true,
		`[{"kind":"task","status":"active"}]`:                                               false,
		`[{"kind":"observation","status":"active","lifecycle":"active"}]`:                   false,
		`[{"kind":"observation","status":"next"}]`:                                          false,
		`[{"status":"active"}]`:                                                             false,
		`[]`:                                                                                false,
	} {
		if got := noteVisibility(mustDecode(t, in).Items); got != want {
			t.Errorf("%s: %v, want %v", in, got, want)
		}
	}
}

// A table lifts GTD fields out of properties only where the record has no
// field of that name, and only scalars; properties keeps them too.
func TestLift(t *testing.T) {
	for in, want := range map[string]string{
		`{"id":"a","properties":{"priority":"p1","due":"2026-10-01T00:00:00+09:00","tags":["x"]}}`: `{"id":"a","properties":{"priority":"p1","due":"2026-10-01T00:00:00+09:00","tags":["x"]},"priority":"p1","due":"2026-10-01T00:00:00+09:00"}`,
		`{"id":"a","priority":"p0","properties":{"priority":"p1"}}`:                                `{"id":"a","priority":"p0","properties":{"priority":"p1"}}`,
		`{"id":"a","properties":{"assignee":"ocean"}}`:                                             `{"id":"a","properties":{"assignee":"ocean"},"assignee":"ocean"}`,
		`{"id":"a","properties":{"status":{"x":1},"due":null}}`:                                    `{"id":"a","properties":{"status":{"x":1},"due":null}}`,
		`{"id":"a","properties":{"status":"a","status":"b"}}`:                                      `{"id":"a","properties":{"status":"a","status":"b"},"status":"a"}`,
		`{"id":"a","properties":"p1"}`:                                                             `{"id":"a","properties":"p1"}`,
	} {
		if got := value.Compact(lift(mustDecode(t, in))); got != want {
			t.Errorf("lift(%s)\n got  %s\n want %s", in, got, want)
		}
	}
}

// A search op's status and arms are left out only when they say it ran
// complete, or when the partial line said what they say.
func TestSearchDiagnosticsStayUnlessSaid(t *testing.T) {
	doc := func(extra string) string {
		return `{"ok":true,"tool":"search","result":[{"id":"a","title":"t"}]` + extra + `}`
	}
	for in, want := range map[string][]string{
		doc(`,"status":"complete","arm_participation":{"text":{"status":"ran"}}`):                            nil,
		doc(`,"status":"failed","arm_participation":{"text":{"status":"error"}}`):                            {"failed", "arm_participation"},
		doc(`,"status":"complete","arm_participation":{"text":{"status":"skipped"}}`):                        {"arm_participation"},
		doc(`,"status":"partial","partial":true,"backend_errors":{"text":{"kind":"timeout","message":"m"}}`): {"partial: text backend timed out"},
	} {
		var texts []string
		b := builder{opt: Options{Fold: true}}
		for _, blk := range b.document(mustDecode(t, in), &view.Doc{}) {
			texts = append(texts, fmt.Sprintf("%+v", blk))
		}
		all := strings.Join(texts, "\n")
		for _, w := range want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: %q not shown:\n%s", in, w, all)
			}
		}
		if want == nil && strings.Contains(all, "arm_participation") {
			t.Errorf("%s: the arms of a complete search shown:\n%s", in, all)
		}
	}
}

// A drawn table's field named like a list of rows is a field, not lost.
func TestDrawnTableFieldNamedItems(t *testing.T) {
	page, ok := mdTable("| a |\n|---|\n| 1 |\n| 2 |\nitems: [5,6]\nhas_more: true\n")
	if !ok {
		t.Fatal("not read as a table")
	}
	if got, want := value.Compact(page), `{"entities":[{"a":1},{"a":2}],"items":[5,6],"has_more":true}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// khive's manifest of saved results fails when an op failed, whether the
// failures are listed or only counted, and not when all succeeded; the
// bounded copy of its failures under the summary is not shown twice.
func TestSinkManifestFailure(t *testing.T) {
	const head = `{"checksum":"ab","path":"/x.jsonl","per_column_null_counts":{},"rows":2,"schema_fingerprint":"cd",`
	for doc, want := range map[string]bool{
		head + `"summary":{"aborted":0,"failed":0,"succeeded":2,"total":2}}`:                                        false,
		head + `"summary":{"aborted":0,"failed":2000,"succeeded":0,"total":2000,"failure_details_omitted":1999}}`:   true,
		head + `"summary":{"aborted":1,"failed":0,"succeeded":1,"total":2}}`:                                        true,
		head + `"failures":[{"op_index":1,"tool":"get","error":"not found"}],"summary":{"failed":1,"succeeded":1}}`: true,
	} {
		if got := Failed(mustDecode(t, doc)); got != want {
			t.Errorf("Failed = %v, want %v: %s", got, want, doc)
		}
	}
	f := `[{"op_index":0,"tool":"get","error":"bounded detail","reason":"entity-not-found"}]`
	v := mustDecode(t, head+`"failures":`+f+`,"summary":{"failed":2000,"failures":`+f+`,"failure_details_omitted":1999}}`)
	rest := manifestRest(ViewBatch(v).Rest, v)
	if got := value.Compact(rest); strings.Contains(got, "bounded detail") || strings.Contains(got, "summary") {
		t.Errorf("rest after the failures shown: %s", got)
	}
	// Failures names each failed op, as the view shows it (it said only
	// "failed", with no message).
	one := mustDecode(t, head+`"failures":[{"op_index":3,"tool":"get","error":{"kind":"not_found","message":"no entity"}}],"summary":{"failed":1,"succeeded":1}}`)
	if got, want := Failures(one), []Failure{{Op: 3, Kind: "not_found", Message: "no entity"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Failures = %+v, want %+v", got, want)
	}
}

// A bare ttl states no unit: a DNS record's is seconds. Only an MCP
// task's ttl and pollInterval are milliseconds, by its specification (a
// DNS ttl of 300 was shown as 300ms).
func TestTTLIsMillisecondsOnlyInATask(t *testing.T) {
	cellOf := func(doc, key string) view.Cell {
		for _, b := range docOf(t, doc, Options{Fold: true}) {
			switch b := b.(type) {
			case view.Table:
				for i, c := range b.Columns {
					if c.Key == key {
						return b.Rows[0][i]
					}
				}
			case view.Record:
				for _, f := range b.Fields {
					if f.Key == key {
						return f.Cell
					}
				}
			}
		}
		t.Fatalf("%s: no %s", doc, key)
		return view.Cell{}
	}
	dns := `[{"name": "example.com", "type": "A", "ttl": 300}, {"name": "example.com", "type": "AAAA", "ttl": 86400}]`
	if c := cellOf(dns, "ttl"); c.Kind != view.Number {
		t.Errorf("a DNS record's ttl is a %v, want a number as written", c.Kind)
	}
	if c := cellOf(`{"name": "cache", "ttl": 3600, "size": 2}`, "ttl"); c.Kind != view.Number {
		t.Errorf("a cache's ttl is a %v, want a number as written", c.Kind)
	}
	// Their columns stand where durations do, after the status (the
	// review found ttl moved before it once it was no duration by name).
	four := `[{"taskId": "t1", "status": "working", "ttl": 60000, "pollInterval": 1000}, {"taskId": "t2", "status": "completed", "ttl": 30000, "pollInterval": 1000},
		{"taskId": "t3", "status": "working", "ttl": 90000, "pollInterval": 1000}, {"taskId": "t4", "status": "failed", "ttl": 120000, "pollInterval": 1000}]`
	for _, b := range docOf(t, four, Options{Fold: true}) {
		if tb, ok := b.(view.Table); ok {
			var keys []string
			for _, c := range tb.Columns {
				keys = append(keys, c.Key)
			}
			if got := strings.Join(keys, " "); got != "taskId status ttl pollInterval" {
				t.Errorf("task columns %q, want taskId status ttl pollInterval", got)
			}
		}
	}
	task := `{"taskId": "t1", "status": "working", "ttl": 60000, "pollInterval": 500}`
	tasks := `[` + task + `, {"taskId": "t2", "status": "completed", "ttl": 30000, "pollInterval": 1000}]`
	for _, doc := range []string{task, tasks} {
		for _, key := range []string{"ttl", "pollInterval"} {
			if c := cellOf(doc, key); c.Kind != view.Duration || c.Unit != time.Millisecond {
				t.Errorf("%s: an MCP task's %s is a %v in %v, want milliseconds", doc[:1], key, c.Kind, c.Unit)
			}
		}
	}
}
