package pipeline

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/steer"
)

// Columns no key of ours names are ranked by what their values are: a
// position in a file first and whole, a name distinct on every row whole
// (however long), a hash never taken for the rows' names.
func TestPositionsNamesAndDigestsRanked(t *testing.T) {
	var findings, files, deps []string
	for i := range 5 {
		findings = append(findings, fmt.Sprintf(`{"message": "fmt.Printf format %%d has arg name of wrong type string number %d", "posn": "/tmp/everyday/vetdemo/main.go:%d:20", "end": "/tmp/everyday/vetdemo/main.go:%d:22"}`, i, i+7, i+7))
		files = append(files, fmt.Sprintf(`{"size": %d, "filename": "activate-global-python-argcomplete-%d", "link_to": "../lib/llvm-14/bin/FileCheck-%d", "flags": "lrwxrwxrwx", "date": "Feb 17 2023"}`, 28+i, i, i))
		deps = append(deps, fmt.Sprintf(`{"path": "github.com/charmbracelet/x/windows%d", "version": "v0.2.2", "sum": "h1:IofanmuvaxnKHuV04sC0eBy/smG6kIKrWG2/jYn%dGuM="}`, i, i))
	}
	for _, tt := range []struct {
		name, doc string
		first     string // the header the table starts with
		whole     []string
	}{
		{"positions", "[" + strings.Join(findings, ",") + "]", "POSN", []string{"/tmp/everyday/vetdemo/main.go:11:20"}},
		{"names", "[" + strings.Join(files, ",") + "]", "FILENAME", []string{"activate-global-python-argcomplete-4"}},
		{"digests", "[" + strings.Join(deps, ",") + "]", "PATH", nil},
	} {
		got := renderString(t, tt.doc, Options{Output: Human, Width: 80})
		if !strings.HasPrefix(got, tt.first+" ") && !strings.HasPrefix(got, tt.first+"\n") {
			t.Errorf("%s: not led by %s:\n%s", tt.name, tt.first, got)
		}
		for _, w := range tt.whole {
			if !strings.Contains(got, w+" ") {
				t.Errorf("%s: %s cut:\n%s", tt.name, w, got)
			}
		}
	}
}

// One row of fields no shape names, more than the width can show as
// columns (stat's), is its fields one under another: none hidden.
func TestOneWideRowIsARecord(t *testing.T) {
	var fields []string
	for i := range 20 {
		fields = append(fields, fmt.Sprintf(`"field_%d": "value number %d"`, i, i))
	}
	got := renderString(t, "[{"+strings.Join(fields, ",")+"}]", Options{Output: Human, Width: 80})
	if strings.Contains(got, "hidden") || !strings.Contains(got, "field_19  value number 19\n") {
		t.Errorf("a column hidden:\n%s", got)
	}
}

// Times a date alone would not tell apart (events of one day, minutes
// apart, older than a week) show the time of day beside it, in a table
// and in a record; times of different days keep the date alone.
func TestTimesSharingADateShowTheirClock(t *testing.T) {
	opt := Options{Output: Human, Width: 80, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	var rows []string
	for i := range 5 {
		rows = append(rows, fmt.Sprintf(`{"event": "e%d", "at": "2026-11-01T14:%02d:00Z"}`, i, 5*i))
	}
	got := renderString(t, "["+strings.Join(rows, ",")+"]", opt)
	if !strings.Contains(got, "2026-11-01 14:20") {
		t.Errorf("one day's times by date alone:\n%s", got)
	}
	got = renderString(t, `[{"event": "a", "at": "2026-11-01T14:00:00Z"}, {"event": "b", "at": "2026-11-02T14:00:00Z"}]`, opt)
	if strings.Contains(got, "14:00") {
		t.Errorf("the time of day where the dates differ:\n%s", got)
	}
}

// In a record of JSON no shape knows, a time may be what it says (jc's
// date, a module's release time): it is shown as written, with its age
// beside it when that is days, and a number of seconds or milliseconds
// since 1970 with the date it is. A khive answer shows the age alone.
func TestRecordTimesAsWritten(t *testing.T) {
	opt := Options{Output: Human, Width: 80, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	for doc, want := range map[string]string{
		`{"Version": "v3.12.0", "Time": "2026-09-14T14:29:17Z"}`:                                      "Time     2026-09-14T14:29:17Z\n",
		`{"year": 2026, "iso": "2026-11-28T11:59:22+00:00"}`:                                          "iso   2026-11-28T11:59:22+00:00 (38s ago)\n",
		`{"level": 50, "time": 1795887393508}`:                                                        "time   1795887393508 (in 5h)\n",
		`{"ok": true, "tool": "get", "result": {"created_at": "2026-11-28T11:59:22Z", "title": "x"}}`: "38s ago",
	} {
		if got := renderString(t, doc, opt); !strings.Contains(got, want) {
			t.Errorf("%s: want %q in\n%s", doc, want, got)
		}
	}
}

// Among sections, a null one is said: docker version without a daemon
// says "Server": null, and that is the news.
func TestNullSectionIsSaid(t *testing.T) {
	got := renderString(t, `{"Client": {"Version": "24.0.7", "Os": "linux"}, "Server": null}`, Options{Output: Human, Width: 80})
	if !strings.Contains(got, "Server  null\n") {
		t.Errorf("the null section dropped:\n%s", got)
	}
	got = renderString(t, `{"Client": {"Version": "24.0.7"}, "Go": "1.26", "Server": null}`, Options{Output: Human, Width: 80})
	if strings.Contains(got, "null") {
		t.Errorf("a null among fields shown:\n%s", got)
	}
}

// A value the next call takes back (a cursor, khive's next_cursor {id})
// is shown whole: a short id reads, but the call needs the full one.
func TestCursorShownWhole(t *testing.T) {
	const id = "ce1471d7-9384-4c5d-aab4-e5e95547a8bb"
	for _, doc := range []string{
		`{"ok": true, "tool": "gtd.census", "result": {"items": [{"id": "` + id + `", "title": "x"}], "next_cursor": {"id": "` + id + `", "created_at": "2026-05-20T10:00:00Z"}}}`,
		`{"ok": true, "tool": "list", "result": {"items": [{"id": "` + id + `", "title": "x"}], "next_cursor": "` + id + `"}}`,
		`{"ok": true, "tool": "list", "result": {"items": [{"id": "` + id + `", "title": "x"}], "next_after": "` + id + `"}}`,
		// comm.send and comm.inbox take a thread's full UUID only.
		`{"ok": true, "tool": "comm.thread", "result": {"thread_id": "` + id + `", "messages": 2}}`,
	} {
		if got := renderString(t, doc, Options{Output: Human, Width: 80}); !strings.Contains(got, id) {
			t.Errorf("cursor cut:\n%s", got)
		}
	}
}

// What a record's properties repeat of its fields (a khive task's status,
// priority, assignee) is said once: gtd.assign printed them twice.
func TestPropertiesRepeatingFieldsSaidOnce(t *testing.T) {
	doc := `{"ok":true,"tool":"gtd.assign","result":{"id":"4f2a3228-5fef-4c99-9ec8-50d4da734ed6","kind":"task","status":"next","priority":"p1","assignee":"agent:core","properties":{"status":"next","priority":"p2","assignee":"agent:core","description":"Route it"}}}`
	got := renderString(t, doc, Options{Output: Human, Width: 80})
	if strings.Count(got, "agent:core") != 1 || strings.Count(got, "next") != 1 || !strings.Contains(got, "p2") || !strings.Contains(got, "Route it") {
		t.Errorf("properties:\n%s", got)
	}
	if got := renderString(t, doc, Options{Output: Human, Width: 80, Verbose: true}); strings.Count(got, "agent:core") != 2 {
		t.Errorf("--verbose left a property out:\n%s", got)
	}
}

// khive's task statuses mark khive's answers only: a database's or a task
// manager's "done" is shown as written, as is GitHub's "closed", while
// the health words every server means the same by keep their colour.
func TestTaskStatusMarksOnlyKhiveAnswers(t *testing.T) {
	rows := `[{"id": 1, "status": "done", "title": "a"}, {"id": 2, "status": "in_progress", "title": "b"}, {"id": 3, "status": "failed", "title": "c"}]`
	got := renderString(t, `{"ok": true, "tool": "list", "result": {"items": `+rows+`}}`, Options{Output: Human, Width: 80})
	if !strings.Contains(got, "✓ done") || !strings.Contains(got, "● in_progress") {
		t.Errorf("khive's list lost its marks:\n%s", got)
	}
	got = renderString(t, rows, Options{Output: Human, Width: 80})
	if strings.Contains(got, "✓") || strings.Contains(got, "●") || !strings.Contains(got, "done") {
		t.Errorf("a database's statuses marked as khive's:\n%s", got)
	}
}

// A request whose op ran but says some of its items failed (a bulk link
// in a batch) is a failure: the run exits 1, plain output says the op is
// partial, and its result is shown as an ok op's.
func TestPartialOpInABatchFails(t *testing.T) {
	doc := `{"results":[{"ok":true,"result":{"attempted":4,"created":2,"errors":[{"error":"no record","index":1}],"failed":2},"tool":"link"}],"status":"success","summary":{"aborted":0,"failed":0,"succeeded":1,"total":1}}`
	var out strings.Builder
	res, err := NewRenderer(&out, Options{Output: Plain}).Stream(strings.NewReader(doc), "t")
	if err != nil || !res.Failed || !strings.HasPrefix(out.String(), "op #0 of 1: link: partial\nattempted: 4\n") {
		t.Errorf("failed %v, %v:\n%s", res.Failed, err, out.String())
	}
}

// kkernel kg validate says its verdict first, then the rules that failed,
// errors before warnings, their violations under them, and exits 1 when
// an error rule failed.
func TestKgValidateVerdictFirst(t *testing.T) {
	doc := `{"rules": [{"id": "ok-rule", "severity": "error", "passed": true, "violations": []},
		{"id": "warn-rule", "severity": "warning", "passed": false, "violations": [{"message": "not sorted", "fixable": true}]},
		{"id": "err-rule", "severity": "error", "passed": false, "violations": [{"entity_id": "e0b7c3a9", "message": "unknown record"}]}],
		"summary": {"errors": 1, "warnings": 1, "passed": false}}`
	var out strings.Builder
	res, err := NewRenderer(&out, Options{Output: Human, Width: 100}).Stream(strings.NewReader(doc), "t")
	got := out.String()
	if err != nil || !res.Failed || !strings.HasPrefix(got, "✗ kg validate: 1 error rule failed") ||
		strings.Index(got, "err-rule") > strings.Index(got, "warn-rule") || !strings.Contains(got, "unknown record") || !strings.Contains(got, "1 of 3 rules passed") {
		t.Errorf("failed %v, %v:\n%s", res.Failed, err, got)
	}
}

// go test -json reporting a failed test exits 1, as go test does; a
// stream of passes exits 0.
func TestGoTestEventsFailTheRun(t *testing.T) {
	pass := `{"Time":"2026-11-28T16:57:15Z","Action":"pass","Package":"example.com/m","Test":"TestAdd","Elapsed":0}` + "\n"
	fail := `{"Time":"2026-11-28T16:57:15Z","Action":"fail","Package":"example.com/m","Test":"TestSub","Elapsed":0}` + "\n"
	for doc, want := range map[string]bool{pass: false, pass + fail: true} {
		res, err := NewRenderer(io.Discard, Options{Output: Plain}).Stream(strings.NewReader(doc), "t")
		if err != nil || res.Failed != want {
			t.Errorf("%q: failed %v, want %v (%v)", doc, res.Failed, want, err)
		}
	}
}

// Go's own error fields fail the run and head the output: go mod
// download -json's Module.Error (a string) and go list -e -json's
// Package.Error (a PackageError, its Err the message). They were shown as
// one more field, and the run exited 0. An empty Error says nothing.
func TestGoErrorFieldsFailTheRun(t *testing.T) {
	for doc, want := range map[string]bool{
		`{"Path": "golang.org/x/nonexist", "Version": "v0.0.1", "Error": "reading …: 403 Forbidden"}`:              true,
		`{"ImportPath": "./nonexist", "Incomplete": true, "Error": {"ImportStack": [], "Pos": "", "Err": "stat"}}`: true,
		`{"Path": "golang.org/x/text", "Version": "v0.21.0", "Error": ""}`:                                         false,
		`{"Time": "2026-11-29T09:00:01Z", "Level": "WARN", "Message": "retrying", "Error": "connection refused"}`:  false,
	} {
		var out strings.Builder
		res, err := NewRenderer(&out, Options{Output: Human, Width: 80}).Stream(strings.NewReader(doc), "t")
		if err != nil || res.Failed != want || want && !strings.HasPrefix(out.String(), "✗") {
			t.Errorf("%s: failed %v, want %v (%v):\n%s", doc, res.Failed, want, err, out.String())
		}
	}
}

// A {status, message} report is marked a success only by a word that
// says so (a task manager's task_not_found drew ✓), a failure only by a
// vocabulary's word (mcp-taskmanager's own), and otherwise not at all.
func TestStatusReportMarkedByItsWord(t *testing.T) {
	for doc, want := range map[string]string{
		`{"status": "ok", "message": "Graphiti is up"}`:              "✓ ok",
		`{"status": "task_not_found", "message": "No such task"}`:    "✗ task_not_found",
		`{"status": "already_done", "message": "Task already done"}`: "already_done",
	} {
		got := renderString(t, doc, Options{Output: Human, Width: 80})
		if !strings.HasPrefix(got, want) {
			t.Errorf("%s:\n%s", doc, got)
		}
	}
}

// The ids of a census and of a repair are what the next call takes back
// (gtd.repair accepts only canonical UUIDs): shown whole.
func TestRepairIDsShownWhole(t *testing.T) {
	const id = "1b6f3c2e-8d4a-4f17-9c05-3e7a2d9b1f64"
	for _, tool := range []string{"gtd.repair", "gtd.census"} {
		doc := `{"ok": true, "tool": "` + tool + `", "result": {"results": [{"id": "` + id + `", "message": "stale"}, {"id": "4f2a7d10-5c3b-4e89-a2f6-0d1b8e7c9a53", "message": "ok"}]}}`
		if got := renderString(t, doc, Options{Output: Human, Width: 100}); !strings.Contains(got, id) {
			t.Errorf("%s: id cut:\n%s", tool, got)
		}
	}
}

// go test -json's actions are test2json's vocabulary: pass and fail are
// marked as the outcomes they are, in a table of events and in a record.
func TestGoTestActionsMarked(t *testing.T) {
	events := `{"Time":"2026-11-28T16:57:15Z","Action":"run","Package":"m","Test":"TestAdd"}
{"Time":"2026-11-28T16:57:15Z","Action":"pass","Package":"m","Test":"TestAdd","Elapsed":0}
{"Time":"2026-11-28T16:57:15Z","Action":"fail","Package":"m","Test":"TestSub","Elapsed":0}
`
	got := renderString(t, events, Options{Output: Human, Width: 80})
	if !strings.Contains(got, "✓ pass") || !strings.Contains(got, "✗ fail") {
		t.Errorf("actions unmarked:\n%s", got)
	}
}

// A failed event is a row of its run's table, not a record that splits
// the table in two around it; its column of marks stays on a narrow
// screen beside long output lines, and the run's count says how many
// failed, where a long run ends. In human and Markdown, streamed and
// held alike, and the run still fails.
func TestGoTestFailuresAreRowsOfTheRun(t *testing.T) {
	var events strings.Builder
	for i := range 6 {
		test := fmt.Sprintf("Test%d", i)
		fmt.Fprintf(&events, `{"Time":"2026-11-28T16:57:15Z","Action":"run","Package":"m","Test":%q}`+"\n", test)
		fmt.Fprintf(&events, `{"Time":"2026-11-28T16:57:15Z","Action":"output","Package":"m","Test":%q,"Output":"    calc_test.go:13: a long line of output from the test that says what went wrong %d\n"}`+"\n", test, i)
		action := "pass"
		if i == 3 {
			action = "fail"
		}
		fmt.Fprintf(&events, `{"Time":"2026-11-28T16:57:15Z","Action":%q,"Package":"m","Test":%q,"Elapsed":0.01}`+"\n", action, test)
	}
	fmt.Fprintf(&events, `{"Time":"2026-11-28T16:57:15Z","Action":"fail","Package":"m","Elapsed":0.2}`+"\n")
	for _, opt := range []Options{{Output: Human, Width: 60}, {Output: Human, Width: 60, Height: 24}, {Output: Markdown}} {
		var out strings.Builder
		res, err := NewRenderer(&out, opt).Stream(strings.NewReader(events.String()), "t")
		got := out.String()
		if err != nil || !res.Failed || len(res.Failures) != 2 {
			t.Errorf("%v: failed %v, %d failures, %v", opt, res.Failed, len(res.Failures), err)
		}
		if n := strings.Count(got, "✗ fail"); n != 2 || !strings.Contains(got, "19 items · ✗ 2 failed") || strings.Count(got, "ACTION") != 1 {
			t.Errorf("%v: want one table, its two failures marked, counted under it:\n%s", opt, got)
		}
	}
}

// go test -json's rows lead with their action's mark, then the test whole
// (it was cut to TestStatusCo… beside 60 columns of "=== RUN" lines, and
// with no failure the ACTION column was the first to go at 80 columns).
func TestGoTestRowsShowTheTestWhole(t *testing.T) {
	var events strings.Builder
	for _, test := range []string{"TestStatusCoversTheVocabulary", "TestEverySetIsComplete", "TestUnicodeGlyphsAreOneColumn", "TestASCIISetIsASCII"} {
		fmt.Fprintf(&events, `{"Time":"2026-11-28T16:57:15Z","Action":"run","Package":"example.com/m/glyphs","Test":%q}`+"\n", test)
		fmt.Fprintf(&events, `{"Time":"2026-11-28T16:57:15Z","Action":"output","Package":"example.com/m/glyphs","Test":%q,"Output":"--- PASS: %s (0.00s) and more output that is long\n"}`+"\n", test, test)
		fmt.Fprintf(&events, `{"Time":"2026-11-28T16:57:15Z","Action":"pass","Package":"example.com/m/glyphs","Test":%q,"Elapsed":0}`+"\n", test)
	}
	got := renderString(t, events.String(), Options{Output: Human, Width: 80})
	if head, _, _ := strings.Cut(got, "\n"); !strings.HasPrefix(head, "ACTION  TEST") || !strings.Contains(got, "✓ pass  TestUnicodeGlyphsAreOneColumn  ") {
		t.Errorf("want the mark, then the test whole:\n%s", got)
	}
}

// --where on a list a record holds (lsirq -J's interrupts) says how many
// of its rows it kept, as under a list of its own; of none, that alone
// (it was the key over nothing).
func TestWhereCountsANestedList(t *testing.T) {
	doc := `{"interrupts": [{"irq": "CAL", "total": 120}, {"irq": "TLB", "total": 100}, {"irq": "LOC", "total": 3}, {"irq": "NMI", "total": 0}]}`
	for cond, want := range map[string]string{"total>50": "2 of 4 items", "total>500": "0 of 4 items"} {
		where, err := whereSpec(cond)
		if err != nil {
			t.Fatal(err)
		}
		for _, out := range []Output{Human, Markdown} {
			if got := renderString(t, doc, Options{Output: out, Width: 80, Steer: where}); !strings.Contains(got, want) {
				t.Errorf("--where %s, output %d: want %q:\n%s", cond, out, want, got)
			}
		}
	}
}

// A list whose items hold its separator quotes them, so that it reads as
// the items it has (npm ls's problems read as three, not two); one item,
// or items without it, as they are.
func TestListItemsWithCommasAreQuoted(t *testing.T) {
	for doc, want := range map[string]string{
		`{"problems": ["missing: a@1, required by p@1", "invalid: b@2"]}`: `"missing: a@1, required by p@1", "invalid: b@2"`,
		`{"date": ["Sat, 28 Nov 2026 16:57:18 GMT"]}`:                     `date  Sat, 28 Nov 2026 16:57:18 GMT`,
		`{"tags": ["a", "b"]}`:                                            `tags  a, b`,
	} {
		if got := renderString(t, doc, Options{Output: Human, Width: 80}); !strings.Contains(got, want) {
			t.Errorf("%s: want %q in\n%s", doc, want, got)
		}
	}
}

// go list -json's packages lead with their ImportPath, what names a Go
// package: their Dir, before it and never cut, hid it at 80 columns.
func TestGoPackagesLeadWithTheImportPath(t *testing.T) {
	var pkgs []string
	for _, p := range []string{"internal/goarch", "unsafe", "internal/abi", "internal/unsafeheader", "internal/cpu"} {
		pkgs = append(pkgs, fmt.Sprintf(`{"Dir": "/usr/local/go/src/%s", "ImportPath": %q, "Name": %q, "Doc": "package %s does what its name says, and more", "Root": "/usr/local/go", "Standard": true}`, p, p, p[strings.LastIndexByte(p, '/')+1:], p))
	}
	got := renderString(t, strings.Join(pkgs, "\n"), Options{Output: Human, Width: 80})
	if !strings.HasPrefix(got, "IMPORT PATH ") || !strings.Contains(got, "\ninternal/unsafeheader ") {
		t.Errorf("want the import path first and whole:\n%s", got)
	}
}

// --columns on a tree (findmnt -J's filesystems and their children)
// shows the named columns at every level: the children were dropped
// with the columns not named, 21 mounts gone without a word.
func TestColumnsKeepATreesChildren(t *testing.T) {
	doc := `{"filesystems": [{"target": "/", "source": "/dev/vda", "fstype": "ext4", "options": "rw", "children": [
		{"target": "/proc", "source": "proc", "fstype": "proc", "options": "rw"},
		{"target": "/sys", "source": "sysfs", "fstype": "sysfs", "options": "rw", "children": [{"target": "/sys/fs/cgroup", "source": "tmpfs", "fstype": "tmpfs", "options": "rw"}]}]}]}`
	picks, exact, err := steer.ParseColumns("target,fstype")
	if err != nil {
		t.Fatal(err)
	}
	got := renderString(t, doc, Options{Output: Human, Width: 80, Steer: steer.Spec{Columns: picks, Exact: exact}})
	if !strings.Contains(got, "/sys/fs/cgroup  tmpfs") || strings.Contains(got, "SOURCE") || strings.Contains(got, "OPTIONS") {
		t.Errorf("want the tree, its named columns at every level:\n%s", got)
	}
	// Not a tree: lists whose rows lack the columns named (cargo
	// metadata's targets) are columns like the others, left out.
	cargo := `{"packages": [{"name": "demo", "version": "0.1.0", "targets": [{"kind": ["bin"], "src_path": "/x/main.rs"}]}, {"name": "serde", "version": "1.0.0", "targets": [{"kind": ["lib"], "src_path": "/y/lib.rs"}]}]}`
	picks, exact, _ = steer.ParseColumns("name,version")
	if got := renderString(t, cargo, Options{Output: Human, Width: 80, Steer: steer.Spec{Columns: picks, Exact: exact}}); strings.Contains(got, "targets") || strings.Contains(got, "SRC PATH") {
		t.Errorf("a list that is no tree's shown under -c name,version:\n%s", got)
	}
}

// A path cut to fit keeps its end: paths begin alike (a module cache's
// directories), and cut at their end every row showed /root/go/p….
// An address whose scheme comes first (a data: URI) is cut at its end.
func TestPathsCutAtTheirStart(t *testing.T) {
	var rows []string
	for _, m := range []string{"x/ansi@v0.11.9", "x/term@v0.2.2", "uniseg@v0.4.7"} {
		rows = append(rows, fmt.Sprintf(`{"Path": "github.com/%s", "Dir": "/root/go/pkg/mod/github.com/%s", "Icon": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJ/%s", "GoVersion": "1.24"}`, m, m, m))
	}
	got := renderString(t, "["+strings.Join(rows, ",")+"]", Options{Output: Human, Width: 80})
	for _, want := range []string{"/x/ansi@v0.11.9  data:image/png", "/x/term@v0.2.2  data:image/png", "/uniseg@v0.4.7  data:image/png"} {
		if !strings.Contains(got, want) || strings.Contains(got, "/root/go") {
			t.Errorf("want %q, and no /root/go, in\n%s", want, got)
		}
	}
}

// Rows named only in a record of their own (pip inspect's packages:
// metadata.name) show that record's fields as columns, the name first:
// in one cell of key=value pairs it was hidden, and the table led with
// install paths. Not when the row names itself (an id of its own).
func TestRowsNamedInTheirRecordLeadWithTheName(t *testing.T) {
	row := func(own, name string) string {
		return fmt.Sprintf(`{%s"metadata": {"metadata_version": "2.1", "name": %q, "version": "1.0", "summary": "what %s does, in a sentence of some words"}, "metadata_location": "/usr/lib/python3/site-packages/%s-1.0.dist-info", "installer": "pip"}`, own, name, name, name)
	}
	for _, n := range []int{2, 30} {
		var rows []string
		for i := range n {
			rows = append(rows, row("", fmt.Sprintf("pkg%d", i)))
		}
		got := renderString(t, `{"installed": [`+strings.Join(rows, ",")+`]}`, Options{Output: Human, Width: 80})
		if !strings.Contains(got, "\n  NAME ") || !strings.Contains(got, "\n  pkg1 ") {
			t.Errorf("%d rows: want the name first:\n%s", n, got)
		}
	}
	got := renderString(t, `[`+row(`"id": 1, `, "a")+`,`+row(`"id": 2, `, "b")+`]`, Options{Output: Human, Width: 80})
	if strings.Contains(got, "NAME") {
		t.Errorf("rows with an id of their own: nothing lifted:\n%s", got)
	}
	// Another record with a name is what a row is about, not the row:
	// gh's issues and their author.
	issues := `[{"number": 101, "state": "OPEN", "author": {"id": "MDQ6VXNlcjE=", "login": "alice", "name": "Alice"}}, {"number": 102, "state": "CLOSED", "author": {"id": "MDQ6VXNlcjI=", "login": "bob", "name": "Bob"}}]`
	if got := renderString(t, issues, Options{Output: Human, Width: 60}); strings.Contains(got, "NAME") || !strings.Contains(got, "NUMBER") {
		t.Errorf("an issue's author lifted for its name:\n%s", got)
	}
}

// Of two columns of sentences, a column of documents (a README of many
// lines) gives way to one of sentences, however many more words it has:
// a row shows a document's first line, its title's underline.
func TestDocumentsGiveWayToSentences(t *testing.T) {
	var rows []string
	for i := range 5 {
		rows = append(rows, fmt.Sprintf(`{"name": "pkg%d", "owner": "team%d", "tagline": "what the package does, said in a sentence %d", "readme": "pkg%d\n=====\n\nA long read me of many words that says much more than the tagline does, line after line %d"}`, i, i%2, i, i, i))
	}
	got := renderString(t, "["+strings.Join(rows, ",")+"]", Options{Output: Human, Width: 70})
	head, _, _ := strings.Cut(got, "\n")
	if !strings.Contains(head, "TAGLINE") || strings.Contains(head, "README") {
		t.Errorf("want the tagline, the readme hidden:\n%s", got)
	}
}

// Of two columns of sentences, the one of more words gets the room: the
// other gives way to the short columns that qualify a row, instead of
// both being cut to a few words (task-master's description and details).
func TestSecondProseGivesWay(t *testing.T) {
	var rows []string
	for i := range 5 {
		rows = append(rows, fmt.Sprintf(`{"id": %d, "owner": "owner%d", "description": "what this task is about, said in a sentence of some words %d", "details": "how it is to be done, said at length in more words than the description has, row %d"}`, i, i%2, i, i))
	}
	got := renderString(t, "["+strings.Join(rows, ",")+"]", Options{Output: Human, Width: 80})
	head, _, _ := strings.Cut(got, "\n")
	if !strings.Contains(head, "OWNER") || !strings.Contains(head, "DETAILS") || strings.Contains(head, "DESCRIPTION") {
		t.Errorf("want ID, OWNER and DETAILS, the description hidden:\n%s", got)
	}
}

// A list of records an object only wraps (GraphQL's connections: a pull
// request's last commit and its checks) is shown under its row as the
// list, not counted as "nodes=1 item".
func TestGraphQLConnectionsShownUnderRows(t *testing.T) {
	pr := func(n int, checks string) string {
		return fmt.Sprintf(`{"number": %d, "title": "Fix %d", "commits": {"nodes": [{"commit": {"statusCheckRollup": {"contexts": {"nodes": [%s]}}}}]}}`, n, n, checks)
	}
	doc := "[" + pr(1, `{"name": "build", "conclusion": "FAILURE"}, {"name": "test", "conclusion": "SUCCESS"}`) + "," + pr(2, `{"name": "build", "conclusion": "SUCCESS"}`) + "]"
	got := renderString(t, doc, Options{Output: Human, Width: 80})
	for _, want := range []string{"  commits\n    NAME   CONCLUSION\n    build  ✗ FAILURE\n    test   ✓ SUCCESS\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "item") && !strings.Contains(got, "2 items\n") || strings.Contains(got, "nodes=") {
		t.Errorf("a wrapped list counted:\n%s", got)
	}
}

// A MAC or IPv6 address is a code whatever its letters (ff:ff:ff:ff:ff:ff
// has no decimal digit): shown whole or hidden, never cut to ff:ff:ff:….
// ip -j -s link, as captured.
func TestHexAddressesNeverCut(t *testing.T) {
	doc, err := os.ReadFile("../../testdata/everyday/ip_j_p_s_link.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{60, 80, 100, 120} {
		got := renderString(t, string(doc), Options{Output: Human, Width: w})
		if strings.Contains(got, "ff:…") || strings.Contains(got, "ff…") || strings.Contains(got, "00:…") {
			t.Errorf("at %d, an address cut:\n%s", w, got)
		}
	}
}

// khive's traverse: each path headed by its root's name and weight, a
// path with one node at each depth drawn as one line, every node a row
// with its depth; a path whose nodes branch is never drawn as a chain.
func TestTraverseAsPaths(t *testing.T) {
	doc, err := os.ReadFile("../../testdata/khive/khive_traverse.json")
	if err != nil {
		t.Fatal(err)
	}
	got := renderString(t, string(doc), Options{Output: Human, Width: 80})
	for _, want := range []string{
		"Reciprocal Rank Fusion · weight 1.9 · 4 nodes\n  ID ",
		"khive-pretty · weight 1.5 · 3 nodes\n  khive-pretty → Sparse-dense hybrid retrieval → f3685e50\n",
		"SQLite FTS5                 2",
		"2 paths\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "Reciprocal Rank Fusion →") {
		t.Errorf("a branching path drawn as a chain:\n%s", got)
	}
}

// A dry run says in its first line that nothing changed and what the run
// would have done: khive's merge says would_merge, and refused_by when its
// guard refused, which is a warning, not a success.
func TestDryRunVerdictFirst(t *testing.T) {
	for file, want := range map[string]string{
		"khive_merge_dry_run.json":         "✓ merge  dry run: would merge\n",
		"khive_merge_dry_run_refused.json": "! merge  dry run: would not merge, refused by name_similarity\n",
	} {
		doc, err := os.ReadFile("../../testdata/khive/" + file)
		if err != nil {
			t.Fatal(err)
		}
		got := renderString(t, string(doc), Options{Output: Human, Width: 80})
		if !strings.HasPrefix(got, want) {
			t.Errorf("%s: want first %q:\n%s", file, want, got)
		}
		if strings.Contains(got, "would merge  ") || strings.Contains(got, "refused by  ") {
			t.Errorf("%s: the verdict said again below:\n%s", file, got)
		}
	}
}

// A repair preview's rows say whether each repair is accepted: the ✗ of
// a refused one is shown at 80 columns, beside the row's id, before the
// message takes the room.
func TestRefusedRowsMarkedAt80(t *testing.T) {
	doc, err := os.ReadFile("../../testdata/khive/khive_gtd_repair_preview.json")
	if err != nil {
		t.Fatal(err)
	}
	got := renderString(t, string(doc), Options{Output: Human, Width: 80})
	if !strings.Contains(got, "    ID                                    ACCEPTED  MESSAGE\n") ||
		!strings.Contains(got, "4f2a7d10-5c3b-4e89-a2f6-0d1b8e7c9a53  ✗         updated_at") {
		t.Errorf("the refusals not marked:\n%s", got)
	}
}

// Under --verbose a row's list of records is a table under it, not a
// line of raw JSON: kg validate's violations, a task's blockers.
func TestVerboseListsInRowsAreTables(t *testing.T) {
	for _, file := range []string{"khive_kkernel_kg_validate.json", "khive_gtd_tasks.json"} {
		doc, err := os.ReadFile("../../testdata/khive/" + file)
		if err != nil {
			t.Fatal(err)
		}
		got := renderString(t, string(doc), Options{Output: Human, Width: 100, Verbose: true})
		if strings.Contains(got, `[{"`) {
			t.Errorf("%s: raw JSON under -v:\n%s", file, got)
		}
	}
}

// A name that tells the rows apart is shown whole, however many words,
// before a description gets room (desktop-commander's resources differ
// only after "Desktop Commander"); a value a few characters longer than
// its column's narrowest is not cut to save them (git-working-directo…).
func TestNamesAndNearlyWholeValuesNotCut(t *testing.T) {
	for file, want := range map[string]string{
		"desktop_resources_list.json":          "Desktop Commander Config Editor\n",
		"gitmcp_resources_templates_list.json": "git-working-directory  Git Working Directory\n",
	} {
		data, err := os.ReadFile("../../testdata/mcp/" + file)
		if err != nil {
			t.Fatal(err)
		}
		if got := renderString(t, string(data), Options{Output: Human, Width: 80}); !strings.Contains(got, want) {
			t.Errorf("%s:\n%s", file, got)
		}
	}
}

// Where no id leads, a name column whose names all differ leads: a
// table's columns (SQLite's table_info), a device (lsblk), a file.
func TestNameLeadsWhereNoIDDoes(t *testing.T) {
	doc := `[{"cid": 0, "type": "INTEGER", "name": "id", "pk": true}, {"cid": 1, "type": "TEXT", "name": "title", "pk": false}]`
	if got := renderString(t, doc, Options{Output: Human, Width: 80}); !strings.HasPrefix(got, "NAME ") {
		t.Errorf("not led by NAME:\n%s", got)
	}
	doc = `[{"id": "a1", "type": "disk", "name": "vda"}, {"id": "a2", "type": "disk", "name": "vdb"}]`
	if got := renderString(t, doc, Options{Output: Human, Width: 80}); !strings.HasPrefix(got, "ID ") {
		t.Errorf("an id no longer leads:\n%s", got)
	}
}
