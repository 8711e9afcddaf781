package pipeline

import (
	"fmt"
	"github.com/khive-ai/khive-pretty/table"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"

	"github.com/khive-ai/khive-pretty/internal/steer"
)

// A log record's level is coloured by the log vocabularies (RFC 5424's
// severities, the common loggers' levels), and pino's and bunyan's
// numbers are shown by the names they stand for in a record of theirs
// (msg beside a numeric time, a pid or a hostname), which leads with its
// level and msg. Plain output keeps the numbers as written. A number
// under "level" elsewhere (a game's) is a number, and a word no log
// vocabulary has is not coloured.
func TestLogLevels(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	human := Options{Output: Human, Width: 100, Color: colorprofile.ANSI, Now: now}
	pino := `{"level":30,"time":1795887393203,"pid":1,"msg":"started"}
{"level":50,"time":1795887393204,"pid":1,"msg":"connect refused"}
{"level":40,"time":1795887393205,"pid":1,"msg":"retrying"}
`
	out := renderString(t, pino, human)
	for _, want := range []string{"\x1b[31merror\x1b[m", "\x1b[33mwarn\x1b[m", "info"} {
		if !strings.Contains(out, want) {
			t.Errorf("pino in human output: no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "50") {
		t.Errorf("pino's level shown as its number:\n%s", out)
	}
	if p := renderString(t, pino, Options{Output: Plain}); !strings.Contains(p, "level: 50\n") {
		t.Errorf("plain output lost pino's number:\n%s", p)
	}
	where, err := steer.ParseWhere("level=error")
	if err != nil {
		t.Fatal(err)
	}
	w1 := human
	w1.Steer = steer.Spec{Where: []steer.Cond{where}}
	if got := renderString(t, pino, w1); !strings.Contains(got, "connect refused") || strings.Contains(got, "started") {
		t.Errorf("--where level=error on pino's numbers:\n%s", got)
	}
	one := `{"level":50,"time":1795887393204,"pid":1,"hostname":"box","err":{"message":"x"},"stack":"Error\n at a\n at b","msg":"connect refused"}`
	rec := renderString(t, one, Options{Output: Human, Width: 100, Now: now})
	if !strings.HasPrefix(rec, "level") || !strings.Contains(strings.SplitN(rec, "\n", 3)[1], "connect refused") {
		t.Errorf("a pino record does not lead with its level and msg:\n%s", rec)
	}
	game := `[{"name":"a","level":50,"score":3},{"name":"b","level":40,"score":4}]`
	if g := renderString(t, game, human); !strings.Contains(g, "50") || strings.Contains(g, "error") {
		t.Errorf("a game's level read as pino's:\n%s", g)
	}
	words := `{"level":"error","msg":"a"}
{"level":"closed","msg":"b"}
{"level":"warning","msg":"c"}
`
	w := renderString(t, words, human)
	if !strings.Contains(w, "\x1b[31merror") || !strings.Contains(w, "\x1b[33mwarning") || strings.Contains(w, "m closed") || strings.Contains(w, "\x1b[31mclosed") {
		t.Errorf("log words:\n%q", w)
	}
}

// A column of decimal numbers in strings (PostgreSQL's numeric, which
// drivers send as text) lines up on the right, as one of numbers does;
// versions and codes do not.
func TestDecimalStringsRightAligned(t *testing.T) {
	out := renderString(t, `[{"sku":"a1","price":"99999999.99","ver":"1.2.3"},{"sku":"b2","price":"5.00","ver":"10.0.1"}]`, Options{Output: Human, Width: 80})
	want := "SKU        PRICE  VER\na1   99999999.99  1.2.3\nb2          5.00  10.0.1\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// A log line with an error field (zap's and logrus's "error": "timeout")
// is a line of the log, not an answer that failed: a row of its table in
// every output, exit 0, its level kept in view as the row's failure.
func TestLogLineWithAnErrorIsARow(t *testing.T) {
	zap := `{"level":"info","ts":"2026-11-28T10:00:00Z","msg":"start","component":"db"}
{"level":"warn","ts":"2026-11-28T10:00:01Z","msg":"slow","component":"db"}
{"level":"error","ts":"2026-11-28T10:00:02Z","msg":"gave up","component":"db","error":"timeout"}
{"level":"debug","ts":"2026-11-28T10:00:03Z","msg":"bye","component":"db"}
`
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	for _, opt := range []Options{{Output: TSV}, {Output: Human, Width: 60, Now: now}} {
		var b strings.Builder
		res, err := NewRenderer(&b, opt).Stream(strings.NewReader(zap), "t")
		if err != nil || res.Failed {
			t.Errorf("output %d: failed %v, %v", opt.Output, res.Failed, err)
		}
		out := b.String()
		if !strings.Contains(out, "gave up") || !strings.Contains(out, "timeout") || strings.Contains(out, "✗") {
			t.Errorf("output %d:\n%s", opt.Output, out)
		}
		if opt.Output == Human && !strings.HasPrefix(out, "LEVEL") {
			t.Errorf("the level does not lead:\n%s", out)
		}
	}
}

// Times that read alike but differ are shown finer until they read apart:
// log lines a second apart read "4h ago" each, and were said once under
// the table as one time ("all: time 4h ago").
func TestTimesThatReadAlikeAreShownApart(t *testing.T) {
	logs := `{"level":"info","time":"2026-11-28T07:59:00Z","msg":"a"}
{"level":"warn","time":"2026-11-28T07:59:01Z","msg":"b"}
{"level":"info","time":"2026-11-28T07:59:02Z","msg":"c"}
`
	out := renderString(t, logs, Options{Output: Human, Width: 80, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)})
	if strings.Contains(out, "all:") || !strings.Contains(out, "07:59:01") {
		t.Errorf("got\n%s", out)
	}
}

// A live log whose lines bring keys of their own (a port, a request id)
// is one table: a line of the same kind whose keys are mostly its
// columns is a row of it, its other fields under the row. It was a new
// table, header and count, for most lines.
func TestLiveLogIsOneTable(t *testing.T) {
	t.Parallel()
	lines := []string{
		`{"level":"info","time":"2026-11-28T08:00:00Z","msg":"listening","port":8080}`,
		`{"level":"info","time":"2026-11-28T08:00:01Z","msg":"request","req_id":"a1"}`,
		`{"level":"warn","time":"2026-11-28T08:00:02Z","msg":"slow","req_id":"a2","duration":1200}`,
	}
	out := liveLog(t, lines)
	if strings.Count(out, "LEVEL") != 1 || !strings.Contains(out, "req id") || !strings.Contains(out, "1200") || !strings.Contains(out, "3 items") {
		t.Errorf("not one table with the new fields under their rows:\n%s", out)
	}
}

// A log line's message gets the room before fields one line in six has:
// at 80 columns it was cut to 11 characters beside four such columns.
func TestLogMessageHasTheRoom(t *testing.T) {
	logs := `{"level":30,"time":1764352800000,"pid":1,"msg":"server listening on port","port":8080}
{"level":20,"time":1764352801000,"pid":1,"msg":"cache warmed","key":"users"}
{"level":30,"time":1764352802000,"pid":1,"msg":"request completed","duration":12,"req_id":"a1"}
{"level":40,"time":1764352803000,"pid":1,"msg":"slow request","response_time":1200}
{"level":50,"time":1764352804000,"pid":1,"msg":"connect ECONNREFUSED 127.0.0.1:5432"}
{"level":60,"time":1764352805000,"pid":1,"msg":"out of memory"}
`
	out := renderString(t, logs, Options{Output: Human, Width: 80, Now: time.Date(2025, 11, 28, 22, 30, 0, 0, time.UTC)})
	if !strings.Contains(out, "connect ECONNREFUSED 127.0.0.1:5432") || !strings.Contains(out, "server listening on port") {
		t.Errorf("messages cut:\n%s", out)
	}
}

// A log line's time is shown once its message has its room: a message
// wider than the screen took it all, and the TIME column was hidden.
func TestLogTimeShownBesideALongMessage(t *testing.T) {
	var logs strings.Builder
	for i := range 40 {
		fmt.Fprintf(&logs, `{"time":"2026-11-29T09:%02d:00Z","level":"info","msg":"tick %d","port":8080}`+"\n", i, i)
	}
	logs.WriteString(`{"time":"2026-11-29T10:00:00Z","level":"error","msg":"connect ECONNREFUSED 127.0.0.1:5432 while opening the pool for the primary database","port":8080}` + "\n")
	out := renderString(t, logs.String(), Options{Output: Human, Width: 80, Now: time.Date(2026, 11, 29, 10, 5, 0, 0, time.UTC)})
	if head, _, _ := strings.Cut(out, "\n"); !strings.Contains(head, "TIME") || !strings.Contains(out, "connect ECONNREFUSED 127.0.0.1:5432 while") {
		t.Errorf("want the time beside the message:\n%s", out)
	}
}

// A live log's table, laid out on its first lines on a pause, gives its
// message the room the width leaves: a later error's message is whole
// (it was cut to the first lines' width, "boom …", with the rest of an
// 80-column screen empty), and its other columns stay whole too.
func TestLiveLogMessageHasTheRoomLeft(t *testing.T) {
	t.Parallel()
	lines := []string{
		`{"level":"info","time":"2026-11-28T08:00:00Z","msg":"tick 1","n":1}`,
		`{"level":"info","time":"2026-11-28T08:00:01Z","msg":"tick 2","n":2}`,
		`{"level":"error","time":"2026-11-28T08:00:02Z","msg":"connect ECONNREFUSED 127.0.0.1:5432 after 3 retries","n":3}`,
	}
	out := liveLog(t, lines)
	if strings.Count(out, "LEVEL") != 1 || !strings.Contains(out, "connect ECONNREFUSED 127.0.0.1:5432 after 3 retries") || !strings.Contains(out, "4h ago") {
		t.Errorf("the later message or its age was cut:\n%s", out)
	}
	for _, l := range strings.Split(out, "\n") {
		if table.Width(l) > 80 {
			t.Errorf("a line wider than 80 columns: %q", l)
		}
	}
}

// A live log whose first lines are many, all info, and all "tick N" (a
// name-like message), shows a later error as the file does: its level
// marked in its row (it was said once, "all: level info but 1 row", the
// error under the row) and its message with the room (it was the rows'
// identity, cut to "connec…").
func TestLiveLogMarksALaterErrorInItsRow(t *testing.T) {
	t.Parallel()
	var first []string
	for i := range 40 {
		first = append(first, fmt.Sprintf(`{"time":"2026-11-28T08:%02d:00Z","level":"info","msg":"tick %d","port":8080}`, i, i))
	}
	out := liveLogBatches(t, [][]string{first, {`{"time":"2026-11-28T09:00:00Z","level":"error","msg":"connect ECONNREFUSED 127.0.0.1:5432 while opening the pool","port":8080}`}})
	if head, _, _ := strings.Cut(out, "\n"); !strings.Contains(head, "LEVEL") || !strings.Contains(out, "error  connect ECONNREFUSED 127.0.0.1:5432 while opening the pool") {
		t.Errorf("want the error marked and whole in its row:\n%s", out)
	}
}

// A live table's times are a column, not said once: its first events came
// in one second ("all: time 09:31:13"), and each later one's time was then
// said under its row ("but 9 rows").
func TestLiveTimesAreNotSaidOnce(t *testing.T) {
	t.Parallel()
	var first []string
	for i := range 5 {
		first = append(first, fmt.Sprintf(`{"time":"2026-11-28T08:00:00Z","level":"info","msg":"tick %d"}`, i))
	}
	out := liveLogBatches(t, [][]string{first, {`{"time":"2026-11-28T08:00:07Z","level":"info","msg":"tock"}`}})
	if strings.Contains(out, "all: time") || strings.Contains(out, "\n  time") {
		t.Errorf("a live table's times said once:\n%s", out)
	}
}

// go test -json piped live: its start event comes alone (the test binary
// builds), and a table laid out on it showed every later event's Test,
// Output and Elapsed under its row. The events are held until a test's
// and one that says how long it took have come.
func TestLiveGoTestWaitsForItsTestsColumns(t *testing.T) {
	t.Parallel()
	ev := func(action, test, more string) string {
		return fmt.Sprintf(`{"Time":"2026-11-28T08:00:00Z","Action":%q,"Package":"example.com/m"%s%s}`, action, test, more)
	}
	out := liveLogBatches(t, [][]string{
		{ev("start", "", "")},
		{ev("run", `,"Test":"TestAdd"`, ""), ev("output", `,"Test":"TestAdd"`, `,"Output":"=== RUN   TestAdd\n"`)},
		{ev("pass", `,"Test":"TestAdd"`, `,"Elapsed":0.01`)},
		{ev("run", `,"Test":"TestSub"`, ""), ev("pass", `,"Test":"TestSub"`, `,"Elapsed":0.01`), ev("pass", "", `,"Elapsed":0.2`),
			// The next package's: a column, not said once of the first's.
			strings.Replace(ev("pass", `,"Test":"TestMul"`, `,"Elapsed":0.01`), "example.com/m", "example.com/n", 1)},
	})
	if head, _, _ := strings.Cut(out, "\n"); !strings.Contains(head, "TEST") || !strings.Contains(head, "ELAPSED") || strings.Contains(out, "\n  Test") || strings.Contains(out, "\n  Elapsed") || strings.Contains(out, "\n  package") {
		t.Errorf("want the events' fields as columns:\n%s", out)
	}
}

// liveLog is the human output, at 80 columns, of lines written to a pipe
// with a pause after each, as a live log comes.
func liveLog(t *testing.T, lines []string) string {
	t.Helper()
	batches := make([][]string, len(lines))
	for i, l := range lines {
		batches[i] = []string{l}
	}
	return liveLogBatches(t, batches)
}

// liveLogBatches is liveLog with a pause after each batch of lines.
func liveLogBatches(t *testing.T, batches [][]string) string {
	t.Helper()
	pr, pw := io.Pipe()
	go func() {
		for _, b := range batches {
			io.WriteString(pw, strings.Join(b, "\n")+"\n")
			time.Sleep(2 * runPause)
		}
		pw.Close()
	}()
	var b strings.Builder
	if _, err := NewRenderer(&b, Options{Output: Human, Width: 80, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}).Stream(pr, "t"); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// -f with -o tsv reads a --where name as the first record does: score of
// similarity_score (every record was left out: the names were read only
// as written when no records were held first).
func TestFollowedRecordsReadNamesAsTheFirst(t *testing.T) {
	where, err := whereSpec("score>0.9")
	if err != nil {
		t.Fatal(err)
	}
	doc := `{"file":"a","similarity_score":0.95}` + "\n" + `{"file":"b","similarity_score":0.5}` + "\n" + `{"file":"c","similarity_score":0.99}` + "\n"
	got := renderString(t, doc, Options{Output: TSV, Follow: true, Steer: where})
	if want := "file\tsimilarity_score\na\t0.95\nc\t0.99\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
