package pipeline

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/steer"
)

type chanWriter chan string

func (c chanWriter) Write(p []byte) (int, error) {
	c <- string(p)
	return len(p), nil
}

// streamFromPipe renders, in plain output, whatever is written to the
// returned pipe; each flush of output arrives on out, and done gets the
// stream's error once the pipe is closed.
func streamFromPipe() (pw *io.PipeWriter, out chanWriter, done chan error) {
	return streamFromPipeAs(Options{Output: Plain})
}

// streamFromPipeAs is streamFromPipe in the output opt names.
func streamFromPipeAs(opt Options) (pw *io.PipeWriter, out chanWriter, done chan error) {
	pr, pw := io.Pipe()
	out = make(chanWriter, 16)
	done = make(chan error, 1)
	go func() {
		_, err := NewRenderer(out, opt).Stream(pr, "pipe")
		done <- err
	}()
	return pw, out, done
}

// In every output, a document is written out before the input is read
// again (a slow stream shows it at once), though not at the end of each
// document (a file of many is written a buffer at a time).
func TestEveryOutputShowsADocumentBeforeWaiting(t *testing.T) {
	t.Parallel() // it waits on pauses and pipes: alongside the others
	for _, o := range []Output{Plain, Human, Markdown, JSON, Agent, TSV} {
		pw, out, done := streamFromPipeAs(Options{Output: o, Width: 80})
		io.WriteString(pw, `{"ok": true, "tool": "first", "result": [{"id": "a1", "n": 1}]}`+"\n")
		select {
		case s := <-out:
			if !strings.Contains(s, "a1") {
				t.Errorf("output %d: first write %q, want the first document", o, s)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("output %d: the first document was not written before the input was read again", o)
		}
		pw.Close()
	drain:
		for {
			select {
			case <-out:
			case err := <-done:
				if err != nil {
					t.Errorf("output %d: %v", o, err)
				}
				break drain
			}
		}
	}
}

// countWriter counts the writes made to it.
type countWriter struct{ n int }

func (c *countWriter) Write(p []byte) (int, error) { c.n++; return len(p), nil }

// A file of small documents is written a buffer at a time, not a write a
// document: 100,000 writes were 40% of the time of 100,000 envelopes.
func TestManyDocumentsAreNotAWriteEach(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := range 2000 {
		b.WriteString(`{"ok": true, "tool": "gtd.get", "result": {"id": "` + strings.Repeat("a", i%7) + `", "title": "t"}}` + "\n")
	}
	for _, o := range []Output{Plain, Human, Markdown, JSON, Agent} {
		var c countWriter
		if _, err := NewRenderer(&c, Options{Output: o, Width: 80}).Stream(strings.NewReader(b.String()), "t"); err != nil {
			t.Fatal(err)
		}
		if c.n > 20 {
			t.Errorf("output %d: %d writes for 2,000 documents, want a few", o, c.n)
		}
	}
}

// firstWriter keeps the first write it is given.
type firstWriter struct {
	first string
	n     int
}

func (f *firstWriter) Write(p []byte) (int, error) {
	if f.n == 0 {
		f.first = string(p)
	}
	f.n++
	return len(p), nil
}

// The first document of a file is written out alone, at once, before the
// others fill a buffer: piped to head -1, a stream of 100,000 MCP frames
// showed its first line in 10 ms, the time to render a buffer's worth,
// where gojq takes 7.
func TestFirstDocumentIsWrittenAtOnce(t *testing.T) {
	var b strings.Builder
	for i := range 2000 {
		b.WriteString(`{"id": ` + itoa(i) + `, "tool": "t"}` + "\n")
	}
	for _, o := range []Output{Plain, Human, Markdown, JSON, Agent, TSV} {
		var w firstWriter
		if _, err := NewRenderer(&w, Options{Output: o, Width: 80}).Stream(strings.NewReader(b.String()), "t"); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(w.first, "0") || strings.Contains(w.first, "1999") || w.n > 20 {
			t.Errorf("output %d: first write %q of %d", o, w.first[:min(len(w.first), 80)], w.n)
		}
	}
}

// A document is shown as soon as it is complete: the first one reaches the
// output while the writer of the stream has not sent the second.
func TestStreamRendersEachDocumentWhenComplete(t *testing.T) {
	pw, out, done := streamFromPipe()
	if _, err := io.WriteString(pw, `{"ok": true, "tool": "first", "result": 1}`+"\n"); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-out:
		if !strings.Contains(s, "tool: first") {
			t.Fatalf("first output = %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first document was not rendered before the second was written")
	}
	io.WriteString(pw, `{"ok": true, "tool": "second", "result": 2}`)
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	close(out)
	var rest strings.Builder
	for s := range out {
		rest.WriteString(s)
	}
	if !strings.Contains(rest.String(), "tool: second") {
		t.Errorf("second document missing: %q", rest.String())
	}
}

// Server-Sent Events are shown frame by frame: the first frame is rendered
// before the second is written, as a slow `curl -N` stream delivers them.
func TestSSEFramesRenderAsTheyArrive(t *testing.T) {
	t.Parallel() // it waits on pauses and pipes: alongside the others
	t.Run("plain", func(t *testing.T) {
		sseFramesRenderAsTheyArrive(t, Options{Output: Plain}, []string{"progress: 1/2", "progress: 2/2", "done"})
	})
	t.Run("human, read ahead", func(t *testing.T) {
		sseFramesRenderAsTheyArrive(t, Options{Output: Human, Width: 80, ReadAhead: true}, []string{"1/2", "2/2", "done"})
	})
}

func sseFramesRenderAsTheyArrive(t *testing.T, opt Options, wants []string) {
	pw, out, done := streamFromPipeAs(opt)
	frames := []string{
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1,\"total\":2}}\n\n",
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":2,\"total\":2}}\n\n",
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n\n",
	}
	for i, f := range frames {
		if _, err := io.WriteString(pw, f); err != nil {
			t.Fatal(err)
		}
		select {
		case s := <-out:
			if !strings.Contains(s, wants[i]) {
				t.Fatalf("frame %d rendered as %q, want %q", i+1, s, wants[i])
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("frame %d was not rendered before the next was written", i+1)
		}
	}
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// A list too long to hold streams, and shows the same as when held whole,
// wherever khive puts a list, as long as its columns all appear in its first
// rows.
func TestLongListStreamsLikeAHeldOne(t *testing.T) {
	t.Parallel()           // large inputs: alongside the others, on a second core
	n := short(2500, 1100) // past the 1,000 held
	rows := string(listEnvelope(n))
	items := rows[strings.Index(rows, `[`) : strings.LastIndex(rows, `]`)+1]
	docs := map[string]string{
		"envelope with a list":       rows,
		"bare list envelope":         `{"items": ` + items + `, "requested_limit": 2500, "next_after": "x"}`,
		"envelope with an array":     `{"ok": true, "tool": "memory.recall", "result": ` + items + `, "status": "partial"}`,
		"document that is a list":    items,
		"code search":                codeSearchDoc(n),
		"code search in an envelope": `{"ok": true, "tool": "search_code", "result": ` + codeSearchDoc(n) + `, "elapsed_ms": 12}`,
	}
	opts := map[string]Options{
		"plain":            {Output: Plain},
		"human":            {Output: Human, Width: 100, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)},
		"verbose":          {Output: Human, Verbose: true, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)},
		"markdown":         {Output: Markdown},
		"markdown-verbose": {Output: Markdown, Verbose: true},
	}
	if testing.Short() {
		opts = map[string]Options{"plain": opts["plain"], "human": opts["human"]}
	}
	for name, doc := range docs {
		for oname, opt := range opts {
			streamed, held := renderString(t, doc, opt), heldString(t, doc, opt)
			if strings.HasPrefix(name, "code search") && oname == "plain" {
				// Known: plain output writes a long list under "results"
				// as a table as it streams, but an object with such a
				// list and no page fields as key: value lines when held.
				continue
			}
			if opt.Verbose && opt.Output == Human && !strings.HasPrefix(name, "code search") {
				// Widths come from the first rows, so later, wider rows
				// overflow their column, but nothing is cut.
				if strings.Contains(streamed, "…") || !strings.Contains(streamed, "Task number 2499: wire the recall pipeline into the daemon") {
					t.Errorf("%s, verbose: a streamed row was cut", name)
				}
				continue
			}
			if streamed != held {
				t.Errorf("%s, %s: streamed output differs from held output\n%s", name, oname, firstDiff(streamed, held))
			}
		}
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "line " + itoa(i+1) + ":\n  streamed: " + al[i] + "\n  held:     " + bl[i]
		}
	}
	return "lengths " + itoa(len(al)) + " and " + itoa(len(bl))
}

// In plain output a column first seen after the header gets a new header
// line, so that no value is lost.
func TestLongListNewColumnGetsNewHeader(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := 0; i < 1200; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		if i == 1100 {
			b.WriteString(`{"id": "r1100", "late": "only here"}`)
			continue
		}
		b.WriteString(`{"id": "r` + itoa(i) + `"}`)
	}
	b.WriteString("]")
	var out strings.Builder
	if _, err := NewRenderer(&out, Options{Output: Plain}).Stream(strings.NewReader(b.String()), "t"); err != nil {
		t.Fatal(err)
	}
	want := "r1099\n\nid\tlate\nr1100\tonly here\nr1101\t\n"
	if !strings.Contains(out.String(), want) {
		t.Errorf("no new header before the new column:\n%s", out.String()[strings.Index(out.String(), "r1098"):])
	}
	if !strings.HasPrefix(out.String(), "id\nr0\n") {
		t.Errorf("first header: %q", out.String()[:20])
	}
}

// Rows read straight from tokens give the cells the Value path gives, for
// every kind of value a row may hold.
func TestLongListTokenRowsMatchValueRows(t *testing.T) {
	row := func(i int) string {
		return `{"id": "r` + itoa(i) + `", "n": ` + itoa(i) + `.50, "ok": true, "gone": null, "blank": "",
			"text": "tab\there \u001b[31m \\ back\\slash \u202e \"quoted\" é",
			"we\u0069rd.key": "k", "tags": ["a", "b, c", ""], "objs": [{"x": 1}], "empty": [],
			"properties": {"homepage": "", "depth": {"deeper": "yes", "none": null}},
			"nested": {"a": {"b": "c"}}, "dup": 1, "dup": 2}`
	}
	var b strings.Builder
	b.WriteString(`{"ok": true, "tool": "list", "result": {"items": [`)
	for i := 0; i < 1300; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(row(i))
	}
	b.WriteString(`], "requested_limit": 1300, "has_more": false}}`)
	doc := b.String()
	var streamed, held strings.Builder
	if _, err := NewRenderer(&streamed, Options{Output: Plain}).Stream(strings.NewReader(doc), "t"); err != nil {
		t.Fatal(err)
	}
	v, err := NewDecoder(strings.NewReader(doc), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	if err := NewRenderer(&held, Options{Output: Plain}).Document(v, &Result{}); err != nil {
		t.Fatal(err)
	}
	if streamed.String() != held.String() {
		t.Errorf("token rows differ from Value rows\n%s", firstDiff(streamed.String(), held.String()))
	}
	if !strings.Contains(streamed.String(), "r1299\t1299.50\ttrue\tnull\t\"\"\ttab\\there \\x1b[31m \\\\ back\\\\slash \\u202e \"quoted\" é") {
		t.Errorf("row 1299 is not what plain output says it should be:\n%s", streamed.String()[strings.LastIndex(streamed.String(), "r1298"):])
	}
}

// fullDisk accepts limit bytes, then fails every write, like /dev/full.
type fullDisk struct {
	limit, written, failed int
}

func (f *fullDisk) Write(p []byte) (int, error) {
	if f.written+len(p) > f.limit {
		f.failed++
		return 0, errors.New("no space left on device")
	}
	f.written += len(p)
	return len(p), nil
}

// A write error stops the run at once, as a *WriteError, in every output
// and on the streaming path: nothing keeps rendering into the void.
func TestWriteErrorStopsTheRun(t *testing.T) {
	t.Parallel()
	doc := string(listEnvelope(20000)) + "\n" + string(listEnvelope(3))
	for _, opt := range []Options{{Output: Plain}, {Output: Human, Width: 80}, {Output: Markdown}, {Output: JSON}, {Output: Agent}} {
		for _, limit := range []int{0, 100, 200 << 10}[short(0, 1):] { // quick: after the first write, and mid-list
			disk := &fullDisk{limit: limit}
			in := &readCounter{r: strings.NewReader(doc)}
			_, err := NewRenderer(disk, opt).Stream(in, "t")
			var we *WriteError
			if !errors.As(err, &we) || !strings.Contains(err.Error(), "write error: no space left on device") {
				t.Errorf("output %d, limit %d: err = %v, want a write error", opt.Output, limit, err)
			}
			// Held outputs read the document they render; a streamed list
			// stops reading within a buffer or two of the failure.
			if held := opt.Output >= Markdown; !held && in.n > 2<<20 {
				t.Errorf("output %d, limit %d: read %d of %d bytes after output failed", opt.Output, limit, in.n, len(doc))
			}
			if disk.failed != 1 {
				t.Errorf("output %d, limit %d: %d writes after the disk was full", opt.Output, limit, disk.failed-1)
			}
		}
	}
}

type readCounter struct {
	r io.Reader
	n int64
}

func (c *readCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// A long list whose items are not all records is never lost: scalars,
// arrays and mixed items show every item, in plain and human output, and
// records that are interrupted by other items keep their table.
func TestLongListsOfAnyItemKeepEveryItem(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	item := func(i int) string {
		switch {
		case i%7 == 3:
			return `[` + itoa(i) + `, "arr` + itoa(i) + `"]`
		case i%5 == 1:
			return `"str` + itoa(i) + `"`
		}
		return itoa(100000 + i)
	}
	var scalars, records strings.Builder
	for i := 0; i < 2500; i++ {
		if i > 0 {
			scalars.WriteString(",")
			records.WriteString(",")
		}
		scalars.WriteString(item(i))
		if i >= 1200 && i%100 == 0 {
			records.WriteString(item(i)) // a non-record after the first rows
		} else {
			records.WriteString(`{"id": "r` + itoa(10000+i) + `", "n": ` + itoa(i) + `}`)
		}
	}
	docs := map[string]string{
		"bare scalars":          "[" + scalars.String() + "]",
		"list envelope scalars": `{"items": [` + scalars.String() + `], "requested_limit": 2500, "has_more": true}`,
		"envelope of scalars":   `{"ok": true, "tool": "x", "result": [` + scalars.String() + `]}`,
		"records then others":   "[" + records.String() + "]",
	}
	for name, doc := range docs {
		for _, opt := range []Options{{Output: Plain}, {Output: Human, Width: 100, Now: now}} {
			out := renderString(t, doc, opt)
			for i := 0; i < 2500; i++ {
				want := item(i)
				if strings.HasPrefix(want, "[") {
					want = "arr" + itoa(i)
				}
				want = strings.Trim(want, `"`)
				if name == "records then others" && !(i >= 1200 && i%100 == 0) {
					want = "r" + itoa(10000+i)
				}
				if !strings.Contains(out, want) {
					t.Fatalf("%s, output %d: item %d (%s) is missing", name, opt.Output, i, want)
				}
			}
		}
	}
}

// An error envelope that carries a long list still reads as an error,
// whether it says it failed before its rows (held) or after them (its rows
// stream first, its error after them).
func TestLongListInAnErrorEnvelopeKeepsTheError(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	rows := string(listEnvelope(1500))
	items := rows[strings.Index(rows, `[`) : strings.LastIndex(rows, `]`)+1]
	errObj := `"error": {"kind": "search_incomplete", "message": "text backend timed out"}`
	docs := []string{
		`{"ok": false, ` + errObj + `, "items": ` + items + `}`,
		`{"items": ` + items + `, ` + errObj + `, "ok": false, "tool": "search"}`,
		`{"entities": ` + items + `, "has_more": false, "success": false, "message": "partial scan"}`,
	}
	for _, doc := range docs {
		for _, opt := range []Options{{Output: Plain}, {Output: Human, Width: 100, Now: now}} {
			var out strings.Builder
			res, err := NewRenderer(&out, opt).Stream(strings.NewReader(doc), "t")
			if err != nil {
				t.Fatal(err)
			}
			got := out.String()
			if !res.Failed {
				t.Errorf("%.60s…: not counted as a failure", doc)
			}
			if opt.Output == Plain && !strings.Contains(got, "\nerror: ") && !strings.HasPrefix(got, "error: ") {
				t.Errorf("%.60s…: plain output has no error: line", doc)
			}
			if opt.Output == Human && !strings.Contains(got, "✗") {
				t.Errorf("%.60s…: human output has no ✗", doc)
			}
			if !strings.Contains(got, "Task number 1499") {
				t.Errorf("%.60s…: output %d lost the last row", doc, opt.Output)
			}
		}
	}
}

// Row N of a long list is the same line whether the list is held or
// streamed (read straight from tokens in plain output), for random rows:
// repeated keys at any depth, nested objects, user properties with empty
// strings, inline lists that need quotes, every kind of value. The rows
// repeat a few random templates, so all columns appear in the first rows.
func TestStreamedRowsAreHeldRows(t *testing.T) {
	t.Parallel() // large inputs: alongside the others, on a second core
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for seed := uint64(0); seed < uint64(short(12, 2)); seed++ {
		g := newGen(100 + seed)
		var templates []Value
		for i := 0; i < 12; i++ {
			row := g.object(3, 1+g.r.IntN(6))
			if g.r.IntN(3) == 0 {
				props := obj(mem("note", str("")), mem("k", g.value(1)), mem("k", g.value(2)))
				// Fields a table lifts out of properties, present or not
				// at the top level too, of any type.
				for _, k := range []string{"priority", "due", "assignee", "status"} {
					if g.r.IntN(2) == 0 {
						props.Members = append(props.Members, mem(k, g.value(1)))
					}
				}
				row.Members = append(row.Members, mem("properties", props))
			}
			// Columns a screen folds when another says the same.
			if g.r.IntN(4) == 0 {
				name := g.value(0)
				row.Members = append(row.Members, mem("name", name), mem("title", name))
			}
			if g.r.IntN(4) == 0 {
				row.Members = append(row.Members, mem("score", g.num()), mem("rank_score", g.num()))
			}
			if g.r.IntN(3) == 0 {
				row.Members = append(row.Members, mem("tags", Value{Kind: Array, Items: []Value{str(" pad"), str("a,b"), str("\u00a0nbsp"), str(""), g.num()}}))
			}
			templates = append(templates, row)
		}
		var b strings.Builder
		b.WriteString("[")
		for i := 0; i < 1300; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(compactJSON(templates[i%len(templates)]))
		}
		b.WriteString("]")
		doc := b.String()
		for _, opt := range []Options{{Output: Plain}, {Output: Human, Width: 200, Now: now}, {Output: Markdown}} {
			streamed, held := renderString(t, doc, opt), heldString(t, doc, opt)
			if streamed != held {
				t.Fatalf("seed %d, output %d: streamed rows differ from held rows\n%s\nrows: %s", seed, opt.Output, firstDiff(streamed, held), compactJSON(Value{Kind: Array, Items: templates}))
			}
		}
	}
}

// The table flags act on long lists too: --where on rows as they stream
// (in both outputs, read whole so that any column can be asked about),
// --sort by holding the list, since its last row may come first.
func TestTableFlagsOnLongLists(t *testing.T) {
	t.Parallel()
	doc := string(listEnvelope(2500))
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	where, err := steer.ParseWhere("status=waiting")
	if err != nil {
		t.Fatal(err)
	}
	sortKeys, _ := steer.ParseSort("-priority,title")
	for _, opt := range []Options{{Output: Plain}, {Output: Human, Width: 120, Now: now}} {
		opt.Steer = steer.Spec{Where: []steer.Cond{where}}
		out := renderString(t, doc, opt)
		// Statuses cycle inbox, next, active, waiting, done: every fifth
		// row from the fourth is waiting.
		for i := 0; i < 2500; i++ {
			has := strings.Contains(out, "Task number "+itoa(i)+":")
			if has != (i%5 == 3) {
				t.Fatalf("output %d, --where status=waiting: row %d shown %v", opt.Output, i, has)
			}
		}
		if opt.Output == Human && !strings.Contains(out, "500 of 2500 tasks") {
			t.Errorf("human footer: %q", out[max(0, len(out)-80):])
		}
		opt.Steer = steer.Spec{Sort: sortKeys}
		out = renderString(t, doc, opt)
		first, last := strings.Index(out, "Task number 1003:"), strings.Index(out, "Task number 0:")
		// p3 first (descending), then by title: 1003 is the first p3 past
		// the held rows when compared as text ("1003" < "103" …).
		if first < 0 || last < 0 || first > last {
			t.Errorf("output %d, --sort -priority: row 1003 at %d, row 0 at %d", opt.Output, first, last)
		}
	}
}

// Records of the same shape in a row are one table; a record alone is a
// record; in a slow stream the table is shown when the input pauses and
// grows a row per record after that.
func TestRunsOfRecordsAreOneTable(t *testing.T) {
	t.Parallel() // it waits on pauses and pipes: alongside the others
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	opt := Options{Output: Human, Width: 100, Now: now}
	rec := func(i int) string {
		level := "info"
		if i == 2 {
			level = "warn"
		}
		return `{"id": "r` + itoa(i) + `", "level": "` + level + `", "msg": "event ` + itoa(i) + `"}` + "\n"
	}
	out := renderString(t, rec(1)+rec(2)+rec(3)+`{"other": 1}`+"\n"+rec(4), opt)
	want := "ID  LEVEL  MSG\nr1  info   event 1\nr2  warn   event 2\nr3  info   event 3\n3 items\n\nother  1\n\nid     r4\nlevel  info\nmsg    event 4\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// A stream that pauses after two records shows them as a table at
	// once, and the third as a row when it comes.
	pr, pw := io.Pipe()
	outs := make(chanWriter, 16)
	done := make(chan error, 1)
	go func() {
		_, err := NewRenderer(outs, opt).Stream(pr, "pipe")
		done <- err
	}()
	io.WriteString(pw, rec(1)+rec(2))
	select {
	case s := <-outs:
		if s != "ID  LEVEL  MSG\nr1  info   event 1\nr2  warn   event 2\n" {
			t.Errorf("after the pause: %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a held run was not shown when the input paused")
	}
	io.WriteString(pw, rec(3))
	select {
	case s := <-outs:
		if s != "r3  info   event 3\n" {
			t.Errorf("a later record: %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a record of a shown run was not shown when it came")
	}
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// A pause that fires just as the next document arrives, or after the
// stream it was armed for has ended, must not show the run that document
// starts: a run shown alone as a one-row table would lay out every later
// row by that first one.
func TestLatePauseIsNoPause(t *testing.T) {
	t.Parallel() // it waits on pauses and pipes: alongside the others
	opt := Options{Output: Human, Width: 100, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
	const (
		a1 = `{"id": "a1", "level": "info", "msg": "x"}` + "\n"
		b1 = `{"name": "b1", "size": 1}` + "\n"
		b2 = `{"name": "b2-much-longer-name", "size": 2}` + "\n"
	)
	next := func(t *testing.T, outs chanWriter, what string) string {
		t.Helper()
		select {
		case s := <-outs:
			return s
		case <-time.After(10 * time.Second):
			t.Fatalf("no output: %s", what)
			return ""
		}
	}
	// held makes a renderer whose first pause is held until release is
	// closed; fired says that it has fired. Every later pause waits for
	// the test's end: the runs these tests look at are shown by their
	// end, not by a pause that a slow machine lets fire first.
	held := func(t *testing.T, outs chanWriter) (rn *Renderer, fired, release chan struct{}) {
		rn = NewRenderer(outs, opt)
		fired, release = make(chan struct{}), make(chan struct{})
		later := make(chan struct{})
		t.Cleanup(func() { close(later) })
		var once sync.Once
		rn.beforePause = func() {
			first := false
			once.Do(func() {
				first = true
				close(fired)
				<-release
			})
			if !first {
				<-later
			}
		}
		return rn, fired, release
	}
	wantTable := "NAME                 SIZE\nb1                      1\nb2-much-longer-name     2\n"

	t.Run("next document", func(t *testing.T) {
		outs := make(chanWriter, 16)
		rn, fired, release := held(t, outs)
		pr, pw := io.Pipe()
		done := make(chan error, 1)
		go func() {
			_, err := rn.Stream(pr, "pipe")
			done <- err
		}()
		io.WriteString(pw, a1)
		<-fired
		io.WriteString(pw, b1) // a1 is shown alone; b1 starts a run
		if s := next(t, outs, "a1"); s != "id     a1\nlevel  info\nmsg    x\n" {
			t.Errorf("a1: %q", s)
		}
		close(release)
		time.Sleep(20 * time.Millisecond) // the late pause has its chance
		io.WriteString(pw, b2)
		pw.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if s := next(t, outs, "b1 and b2"); s != "\n"+wantTable+"2 items\n" {
			t.Errorf("the run after a late pause:\n%q\nwant\n%q", s, "\n"+wantTable+"2 items\n")
		}
	})

	t.Run("next stream", func(t *testing.T) {
		outs := make(chanWriter, 16)
		rn, fired, release := held(t, outs)
		pr, pw := io.Pipe()
		go io.WriteString(pw, `{"other": 1}`+"\n"+a1)
		errs := make(chan error, 1)
		go func() {
			_, err := rn.Stream(pr, "one")
			errs <- err
		}()
		<-fired
		pw.Close()
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
		var first strings.Builder
		for len(outs) > 0 {
			first.WriteString(<-outs)
		}
		pr, pw = io.Pipe()
		go func() {
			_, err := rn.Stream(pr, "two")
			errs <- err
		}()
		io.WriteString(pw, b1)
		time.Sleep(20 * time.Millisecond) // b1 is held: nothing to wait for
		close(release)
		time.Sleep(20 * time.Millisecond)
		io.WriteString(pw, b2)
		pw.Close()
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
		if s := next(t, outs, "b1 and b2"); s != "\n"+wantTable+"2 items\n" {
			t.Errorf("after %q, the next stream's run:\n%q\nwant\n%q", first.String(), s, "\n"+wantTable+"2 items\n")
		}
	})
}

// Lifting GTD fields out of properties keeps them in properties too, so a
// long list whose later rows carry fields its first rows did not loses
// none of them under --verbose.
func TestLiftedListKeepsLateProperties(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := 0; i < 1200; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		if i < 1000 {
			b.WriteString(`{"id":"t` + itoa(i) + `","title":"x","properties":{"priority":"p1"}}`)
		} else {
			b.WriteString(`{"id":"t` + itoa(i) + `","title":"x","properties":{"priority":"p2","due":"2026-06-01T00:00:00Z","note":"keep me ` + itoa(i) + `"}}`)
		}
	}
	b.WriteString(`],"requested_limit":1200}`)
	out := renderString(t, b.String(), Options{Output: Human, Verbose: true, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)})
	if n := strings.Count(out, "keep me"); n != 200 {
		t.Errorf("%d of 200 late properties shown", n)
	}
}

// A document that is a long list of scalars streams, in plain output a
// value a line, inline in the others, as it is written held; an item that
// is not a scalar after the first ones is still written whole (in plain
// output under its index).
func TestPlainScalarListStreams(t *testing.T) {
	g := newGen(4242)
	items := Value{Kind: Array}
	for i := 0; i < 2500; i++ {
		items.Items = append(items.Items, g.scalar())
	}
	doc := compactJSON(items)
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for _, opt := range []Options{{Output: Plain}, {Output: Human, Width: 80, Now: now}, {Output: Human, Verbose: true, Now: now}, {Output: Markdown}} {
		if streamed, held := renderString(t, doc, opt), heldString(t, doc, opt); streamed != held {
			t.Fatalf("output %d: streamed and held differ\n%s", opt.Output, firstDiff(streamed, held))
		}
	}
	mixed := doc[:len(doc)-1] + `,{"late":"object kept"},7]`
	out := renderString(t, mixed, Options{Output: Plain})
	if !strings.Contains(out, "[2500].late: object kept\n") || !strings.HasSuffix(out, "\n7\n") {
		t.Errorf("a late object in a streamed scalar list: %q", out[max(0, len(out)-80):])
	}
}

// codeSearchDoc is a code-search result of n hits, as codebase-mcp sends.
func codeSearchDoc(n int) string {
	var b strings.Builder
	b.WriteString(`{"results": [`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"chunk_id": "c` + itoa(i) + `", "file_path": "src/m` + itoa(i%7) + `.py", "content": "def f` + itoa(i) + `():\n    return ` + itoa(i) + `", "start_line": ` + itoa(i) + `, "end_line": ` + itoa(i+1) + `, "similarity_score": 0.` + itoa(900-i%300) + `, "context_before": "import x\n"}`)
	}
	b.WriteString(`], "total_count": ` + itoa(n+10) + `, "project_id": "p", "latency_ms": 245}`)
	return b.String()
}

// A live stream's first record, shown on a pause, starts the table the
// records after it are rows of, as the whole file shows them: it was
// shown alone as a record, and the table of the rest went without it.
func TestLiveFirstRecordStartsTheTable(t *testing.T) {
	t.Parallel() // one table whatever the timing: its pauses overlap other tests' work
	opt := Options{Output: Human, Width: 100, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
	pr, pw := io.Pipe()
	var out strings.Builder
	done := make(chan error, 1)
	go func() {
		_, err := NewRenderer(&out, opt).Stream(pr, "pipe")
		done <- err
	}()
	for i := 1; i <= 3; i++ {
		fmt.Fprintf(pw, `{"event": "note_updated", "id": %d, "title": "t%d"}`+"\n", i, i)
		time.Sleep(3 * runPause) // the pause fires, but on a very slow machine
	}
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if strings.Count(got, "ID ") != 1 || strings.Contains(got, "event  note_updated") || !strings.Contains(got, "3 items") {
		t.Errorf("not one table of the three:\n%s", got)
	}
}

// Markdown streams a live stream of records as human output does: a
// record is a row as it comes (after the first's pause), not held to the
// end of the input (0 bytes until EOF; 189 MiB for 300,000 records).
func TestMarkdownStreamsRecords(t *testing.T) {
	t.Parallel() // it waits on pauses and pipes: alongside the others
	pw, out, done := streamFromPipeAs(Options{Output: Markdown})
	io.WriteString(pw, `{"id": 1, "level": "info", "msg": "started"}`+"\n")
	got := shownBefore(t, out, "| 1 | info | started |", "the first record, on its pause")
	io.WriteString(pw, `{"id": 2, "level": "warn", "msg": "slow"}`+"\n")
	got += shownBefore(t, out, "| 2 | warn | slow |", "a later record, as it comes")
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got, "| ID | LEVEL | MSG |\n| ---: | --- | --- |\n") {
		t.Errorf("not a table:\n%s", got)
	}
}

// In JSON no shape recognises, human output changes the layout, not the
// values: keys as written (_id, __typename, not " id", "  TYPENAME"), no
// unit the key does not state (GitHub's size is kilobytes: 504, not
// 504 B; size_bytes is bytes), and a flag that is no outcome as it is
// (rm false, not the failure mark); an outcome keeps its mark.
func TestHumanSaysOnlyWhatTheValuesSay(t *testing.T) {
	opt := Options{Output: Human, Width: 100, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
	rec := renderString(t, `{"_id": "abc", "__typename": "Repo", "size": 504, "rm": false, "healthy": false}`, opt)
	for _, want := range []string{"_id ", "__typename ", "size        504\n", "rm          false", "healthy     ✗"} {
		if !strings.Contains(rec, want) {
			t.Errorf("%q not in\n%s", want, rec)
		}
	}
	table := renderString(t, `[{"_id": "a", "__typename": "Repo", "size": 504, "rm": false, "size_bytes": 11358}, {"_id": "b", "__typename": "Repo", "size": 11358, "rm": true, "size_bytes": 1}]`, opt)
	for _, want := range []string{"_ID", "__TYPENAME", "11358", "false", "true", "11.1 KiB"} {
		if !strings.Contains(table, want) {
			t.Errorf("%q not in\n%s", want, table)
		}
	}
	if strings.Contains(table, "11.1 KiB  ") && strings.Count(table, "KiB") > 1 || strings.Contains(table, "✗") {
		t.Errorf("a unit or a mark the values do not say:\n%s", table)
	}
}

// A mark comes from a vocabulary whose source is known, not from a key's
// name: GitHub's closed (a pull request closed unmerged) and a CI job's
// completed are no khive done, a workflow's state: active (enabled) is
// no task in progress; a job's conclusion is CI's outcome; an MCP task's
// completed is the MCP specification's success.
func TestMarksComeFromVocabularies(t *testing.T) {
	opt := Options{Output: Human, Width: 120, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	for _, c := range []struct{ doc, want, not string }{
		{`[{"number": 1, "title": "Fix", "state": "closed"}, {"number": 2, "title": "Add", "state": "open"}]`, "closed", "✓"},
		{`[{"name": "CI", "state": "active"}, {"name": "Old", "state": "disabled_manually"}]`, "active", "●"},
		{`[{"name": "build", "status": "completed", "conclusion": "failure"}, {"name": "test", "status": "completed", "conclusion": "success"}]`, "✗ failure", "✓ completed"},
		{`{"taskId": "t1", "status": "completed", "statusMessage": "done"}`, "✓ completed", ""},
		{`[{"id": "a1", "status": "done"}, {"id": "a2", "status": "active"}]`, "done", "✓"}, // no shape says whose done
		{`{"ok": true, "tool": "list", "result": {"items": [{"id": "a1", "status": "done"}, {"id": "a2", "status": "active"}]}}`, "✓ done", ""},
	} {
		got := renderString(t, c.doc, opt)
		if !strings.Contains(got, c.want) || c.not != "" && strings.Contains(got, c.not) {
			t.Errorf("%s\nwant %q, not %q:\n%s", c.doc, c.want, c.not, got)
		}
	}
}

// Columns are ranked by what their values tell: web addresses go first
// (a pull request list keeps its number at 80 columns, not its URL), and
// where no key of ours names the rows (no id, name or title), the first
// column whose values are short, filled and different on every row leads
// them (a commit in a log).
func TestColumnsRankedByTheirValues(t *testing.T) {
	opt := Options{Output: Human, Width: 80, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	prs := renderString(t, `[{"number": 1347, "title": "Fix the flaky watcher test on macOS runners", "state": "closed", "html_url": "https://github.com/octocat/Hello-World/pull/1347", "updated_at": "2026-11-20T10:00:00Z"},
 {"number": 1348, "title": "Add retries to the fetcher", "state": "open", "html_url": "https://github.com/octocat/Hello-World/pull/1348", "updated_at": "2026-11-21T10:00:00Z"}]`, opt)
	if !strings.Contains(prs, "NUMBER") || !strings.Contains(prs, "html url") {
		t.Errorf("the number hidden, or the URL shown:\n%s", prs)
	}
	var log strings.Builder
	log.WriteString("[")
	for i := range 6 {
		if i > 0 {
			log.WriteString(",")
		}
		fmt.Fprintf(&log, `{"author": "Ann Example", "date": "2026-11-%02dT10:00:00Z", "message": "Make the thing do what it was meant to do, at last, number %d", "commit": "a1b2c3%d"}`, 20+i, i, i)
	}
	log.WriteString("]")
	got := renderString(t, log.String(), opt)
	if !strings.HasPrefix(got, "COMMIT") {
		t.Errorf("the commit does not lead:\n%s", got)
	}
}

// A khive dry run says so in its first line, not in a field below a title
// that reads like the op done.
func TestDryRunSaysSoFirst(t *testing.T) {
	got := renderString(t, `{"ok": true, "tool": "merge", "result": {"dry_run": true, "into": "41f60be0", "edges_moved": 3}}`, Options{Output: Human, Width: 100})
	if first, _, _ := strings.Cut(got, "\n"); !strings.Contains(first, "dry run") {
		t.Errorf("the first line does not say it:\n%s", got)
	}
}

// -o agent keeps what MCP gives meaning to: an empty capability object
// says the server has the capability (khive's transform dropped it, and
// an agent reading the answer learned the opposite).
func TestAgentKeepsMCPCapabilities(t *testing.T) {
	got := renderString(t, `{"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}, "resources": {}, "prompts": {}, "logging": {}, "experimental": {}}, "serverInfo": {"name": "s", "version": ""}}}`, Options{Output: Agent})
	for _, want := range []string{`"tools":{}`, `"logging":{}`, `"experimental":{}`, `"version":""`} {
		if !strings.Contains(got, want) {
			t.Errorf("%s dropped:\n%s", want, got)
		}
	}
}

// Every empty MCP list says its noun: an empty prompts/list said
// "✓ empty result" where an empty resources/list said "0 resources".
func TestEmptyMCPListsSayTheirNoun(t *testing.T) {
	for key, want := range map[string]string{"prompts": "0 prompts", "tools": "0 tools", "resources": "0 resources", "resourceTemplates": "0 templates"} {
		got := renderString(t, `{"jsonrpc": "2.0", "id": 1, "result": {"`+key+`": []}}`, Options{Output: Human, Width: 80})
		if strings.TrimSpace(got) != want {
			t.Errorf("%s: %q, want %q", key, got, want)
		}
	}
}

// An MCP log whose data is {"message": …} is shown as its message, the
// rest of its data as fields (it was raw JSON, cut at the width); a log
// of several lines is each line under its level, never cut.
func TestLogNotificationsReadAsText(t *testing.T) {
	opt := Options{Output: Human, Width: 60}
	got := renderString(t, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":{"message":"Getting tasks","count":3}}}`+"\n"+
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"error","data":"line one of the error, long enough to need a second line of its own\nline two"}}`, opt)
	for _, want := range []string{"[info] Getting tasks  count=3\n", "[error] line one", "  line two\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q not in\n%s", want, got)
		}
	}
	if strings.Contains(got, `{"message"`) || strings.Contains(got, "…") {
		t.Errorf("raw JSON or a cut:\n%s", got)
	}
}
