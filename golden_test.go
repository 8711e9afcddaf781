package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/cli"
	"github.com/khive-ai/khive-pretty/pretty"
	"github.com/khive-ai/khive-pretty/table"
)

var update = flag.Bool("update", false, "rewrite the .golden files under testdata/golden")

// frozenNow is the clock of every golden file: a few minutes after the
// newest timestamp in the corpus.
var frozenNow = time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)

type variant struct {
	name string
	opt  pretty.Options
}

func human(width int) pretty.Options {
	return pretty.Options{Format: pretty.Human, Now: frozenNow, Width: width, Color: false}
}

// Every input is rendered plain, human at 80 columns without colour, and
// human at 80 columns in colour (the fixed ANSI profile).
func baseVariants() []variant {
	color := human(80)
	color.Color = true
	return []variant{
		{"plain", pretty.Options{Format: pretty.Plain}},
		{"human", human(80)},
		{"color", color},
		{"markdown", pretty.Options{Format: pretty.Markdown}},
	}
}

// formatVariants: JSON and agent output for the inputs where they matter.
func formatVariants(input string) []variant {
	switch {
	case strings.HasPrefix(input, "khive_"), strings.HasPrefix(input, "graphiti_"), strings.HasPrefix(input, "codebase_"),
		input == "numbers.json", input == "duplicate_keys.json", input == "hostile_everywhere.ndjson", input == "mcp_inspector_tools_call.json":
		return []variant{
			{"json", pretty.Options{Format: pretty.JSON}},
			{"agent", pretty.Options{Format: pretty.Agent, Now: frozenNow}},
		}
	}
	return nil
}

// Some inputs earn more: other widths, ASCII glyphs, --verbose.
func extraVariants(input string) []variant {
	w := func(n int) variant { return variant{"human-" + itoa(n), human(n)} }
	ascii := human(80)
	ascii.ASCII = true
	verbose := human(80)
	verbose.Verbose = true
	switch input {
	case "khive_list_tasks.json":
		return []variant{w(120), w(40), {"ascii", ascii}, {"verbose", verbose}}
	case "long_titles.json":
		return []variant{w(120), w(60), w(40), w(24), {"ascii", ascii}, {"verbose", verbose}}
	case "wide_chars.json":
		return []variant{w(50), w(40)}
	case "khive_list_events.json", "khive_batch_partial.json":
		return []variant{w(120), w(40), {"ascii", ascii}, {"verbose", verbose}}
	case "khive_search_partial.json", "khive_memory_recall.json", "khive_gtd_tasks.json":
		return []variant{w(120), {"ascii", ascii}, {"verbose", verbose}}
	case "khive_get_entity.json", "escape_injection.json":
		return []variant{w(40), {"verbose", verbose}}
	case "mcp_structured_content.json", "mcp_media.json", "jsonrpc_notifications.ndjson":
		return []variant{{"verbose", verbose}, {"ascii", ascii}}
	case "graphiti_search_nodes.json", "graphiti_search_facts.json", "graphiti_get_episodes.json", "codebase_search_code.json", "codebase_index_repository.json":
		return []variant{w(120), w(50), {"ascii", ascii}, {"verbose", verbose}}
	case "graphiti_get_status.json", "graphiti_add_memory.json", "graphiti_clear_graph.json", "graphiti_delete_failed.json":
		return []variant{w(50), {"verbose", verbose}}
	case "khive_neighbors.json", "bare_records.json", "generic_nested.json":
		return []variant{w(120), {"ascii", ascii}}
	}
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }

// sgr matches the only escape sequences colour output may hold.
var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// osc8 matches a hyperlink's sequences, when links are on: an address of
// printable ASCII only.
var osc8 = regexp.MustCompile("\x1b\\]8;;[\x21-\x7e]*\x1b\\\\")

func TestGolden(t *testing.T) {
	for _, in := range testInputs(t) {
		base := filepath.Base(in)
		variants := append(baseVariants(), extraVariants(base)...)
		variants = append(variants, formatVariants(base)...)
		switch base {
		case "khive_list_tasks.json", "khive_batch_partial.json", "codebase_search_code.json", "graphiti_search_nodes.json", "codebase_index_repository.json":
			variants = append(variants, variant{"markdown-verbose", pretty.Options{Format: pretty.Markdown, Verbose: true}})
		}
		checkGoldens(t, in, filepath.Join("testdata", "golden"), variants)
	}
	// Hyperlinks (OSC 8), where a terminal follows them: code paths and
	// web addresses.
	links := human(100)
	links.Color = true
	links.Links = &pretty.Links{Format: "vscode", Dir: "/home/dev/project", Host: "box"}
	for _, in := range []string{"codebase_search_code.json", "links.json"} {
		checkGoldens(t, filepath.Join("testdata", in), filepath.Join("testdata", "golden"), []variant{{"links", links}})
	}
	// The table flags, in every output that has tables.
	for in, specs := range steerVariants() {
		var variants []variant
		for name, spec := range specs {
			for _, out := range []struct {
				name string
				opt  pretty.Options
			}{{"plain", pretty.Options{Format: pretty.Plain}}, {"human", human(100)}, {"markdown", pretty.Options{Format: pretty.Markdown}}} {
				opt := out.opt
				opt.Columns, opt.Sort, opt.Where, opt.NoHeaders = spec.Columns, spec.Sort, spec.Where, spec.NoHeaders
				variants = append(variants, variant{out.name + "-" + name, opt})
			}
		}
		checkGoldens(t, filepath.Join("testdata", in), filepath.Join("testdata", "golden", "steer"), variants)
	}
	// The real output of the reference MCP servers (testdata/mcp/README.md),
	// at the two widths people use and in full.
	verbose := human(80)
	verbose.Verbose = true
	for _, in := range mcpInputs(t) {
		checkGoldens(t, in, filepath.Join("testdata", "golden", "mcp"), append([]variant{
			{"plain", pretty.Options{Format: pretty.Plain}},
			{"human", human(80)},
			{"human-120", human(120)},
			{"verbose", verbose},
			{"markdown", pretty.Options{Format: pretty.Markdown}},
		}, mcpExtraVariants(filepath.Base(in))...))
	}
}

// TestRowsGoldens: -o tsv and -o csv, the rows of an answer's table and
// nothing else, on the shapes that hold tables (a khive page, a batch of
// lists, a code search, a stream of records, a memory graph's two lists,
// a tools/list, graphiti's facts) and on answers that hold none or fail.
func TestRowsGoldens(t *testing.T) {
	rows := func(name string, f pretty.Format, table, columns string, noHeaders bool) variant {
		return variant{name, pretty.Options{Format: f, Table: table, Columns: columns, NoHeaders: noHeaders}}
	}
	cases := map[string][]variant{
		"khive_list_tasks.json":                {rows("tsv", pretty.TSV, "", "", false), rows("csv", pretty.CSV, "", "", false), rows("tsv-id-title", pretty.TSV, "", "id,title", true)},
		"batch_with_lists.json":                {rows("tsv", pretty.TSV, "", "", false), rows("tsv-items", pretty.TSV, "items", "", false)},
		"khive_batch_partial.json":             {rows("tsv", pretty.TSV, "", "", false)},
		"codebase_search_code.json":            {rows("csv", pretty.CSV, "", "", false)},
		"events_stream.ndjson":                 {rows("tsv", pretty.TSV, "", "", false)},
		"mcp/memory_read_graph.json":           {rows("tsv", pretty.TSV, "", "", false), rows("csv-relations", pretty.CSV, "relations", "", false)},
		"mcp/everything_tools_list.json":       {rows("tsv-name", pretty.TSV, "", "name,title", false)},
		"graphiti/search_facts_mcp_reply.json": {rows("tsv", pretty.TSV, "", "", false)},
		"khive_error_search_incomplete.json":   {rows("tsv", pretty.TSV, "", "", false)},
		"mcp/everything_echo.json":             {rows("tsv", pretty.TSV, "", "", false)},
	}
	for in, variants := range cases {
		checkGoldens(t, filepath.Join("testdata", in), filepath.Join("testdata", "golden", "rows"), variants)
	}
}

// TestRedactGoldens: --redact, in every output, on answers full of minted
// IDs and times (a khive page, a batch, a curl -i head with a session id,
// graphiti's facts) and with keys named (--redact-key).
func TestRedactGoldens(t *testing.T) {
	red := func(name string, opt pretty.Options, keys ...string) variant {
		opt.Redact, opt.RedactKeys = true, keys
		return variant{name, opt}
	}
	all := []variant{
		red("plain", pretty.Options{Format: pretty.Plain}),
		red("human", human(100)),
		red("markdown", pretty.Options{Format: pretty.Markdown}),
		red("json", pretty.Options{Format: pretty.JSON}),
	}
	cases := map[string][]variant{
		"khive_list_tasks.json":                all,
		"khive_batch_partial.json":             {red("plain", pretty.Options{Format: pretty.Plain})},
		"mcp/everything_initialize.http":       {red("plain", pretty.Options{Format: pretty.Plain}), red("human-verbose", pretty.Options{Format: pretty.Human, Verbose: true, Width: 100})},
		"graphiti/search_facts_mcp_reply.json": {red("tsv", pretty.Options{Format: pretty.TSV}), red("human", human(100))},
		"khive/khive_search.json":              {red("plain-keys", pretty.Options{Format: pretty.Plain}, "latency_ms", "took_ms", "score")},
	}
	for in, variants := range cases {
		checkGoldens(t, filepath.Join("testdata", in), filepath.Join("testdata", "golden", "redact"), variants)
	}
}

// TestKhiveGoldens: what khive really sends (testdata/khive, written from
// its source: testdata/khive/SOURCES.md), in every output, at the two
// widths people use and in full.
func TestKhiveGoldens(t *testing.T) {
	serverGoldens(t, "khive", 25, []string{"*.json", "*.ndjson"},
		variant{"json", pretty.Options{Format: pretty.JSON}},
		variant{"agent", pretty.Options{Format: pretty.Agent, Now: frozenNow}})
}

// graphiti's replies as its server writes them (testdata/graphiti/SOURCES.md:
// it cannot run here, so they follow its source).
func TestGraphitiGoldens(t *testing.T) {
	serverGoldens(t, "graphiti", 20, []string{"*.json"})
}

// What everyday tools print as JSON (testdata/everyday/SOURCES.md:
// captured here), which no shape of ours recognises: laid out, never
// changed.
func TestEverydayGoldens(t *testing.T) {
	serverGoldens(t, "everyday", 40, []string{"*.json", "*.ndjson", "*.http"})
}

// serverGoldens checks the goldens of the inputs under testdata/dir (at
// least min of them) in plain, human at 80 and 120 columns, --verbose and
// Markdown, and the more variants given.
func serverGoldens(t *testing.T, dir string, min int, pats []string, more ...variant) {
	verbose := human(80)
	verbose.Verbose = true
	var inputs []string
	for _, pat := range pats {
		m, err := filepath.Glob(filepath.Join("testdata", dir, pat))
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, m...)
	}
	if len(inputs) < min {
		t.Fatalf("only %d inputs under testdata/%s", len(inputs), dir)
	}
	for _, in := range inputs {
		checkGoldens(t, in, filepath.Join("testdata", "golden", dir), append([]variant{
			{"plain", pretty.Options{Format: pretty.Plain}},
			{"human", human(80)},
			{"human-120", human(120)},
			{"verbose", verbose},
			{"markdown", pretty.Options{Format: pretty.Markdown}},
		}, more...))
	}
}

// steerVariants are the table flags tried on samples, by sample.
func steerVariants() map[string]map[string]pretty.Options {
	spec := func(columns, sort string, noHeaders bool, where ...string) pretty.Options {
		return pretty.Options{Columns: columns, Sort: sort, Where: where, NoHeaders: noHeaders}
	}
	return map[string]map[string]pretty.Options{
		"khive_list_tasks.json": {
			"columns":         spec("status, title, ID, -created", "", false),
			"columns-add":     spec("+tags,-updated", "", false),
			"columns-unknown": spec("+tags,+full_id", "", false),
			"sort":            spec("", "priority", false),
			"sort-desc":       spec("", "-updated,title", false),
			"where":           spec("", "", false, "status!=done", "priority<=p1"),
			"no-headers":      spec("id,title", "", true),
			"where-nomatch":   spec("", "", false, "title~nothing like this"),
		},
		"khive_gtd_tasks.json": {
			"sort-status": spec("", "status,-priority", false),
			"where-due":   spec("", "-due", false, "due>=2026-05-25"),
			"full-id":     spec("+full_id,-assignee", "", false),
		},
		"khive_list_events.json": {
			"where-outcome": spec("verb,outcome,duration", "-duration", false, "outcome=success"),
		},
		// The lists of servers' own views: kept in their view by --sort and
		// --where, a table of the columns asked for by --columns.
		"codebase_search_code.json":      {"where-score": spec("", "", false, "score>0.9")},
		"graphiti_search_facts.json":     {"sort-confidence": spec("", "-confidence", false)},
		"mcp/everything_tools_list.json": {"columns-name": spec("name", "", false), "where-name": spec("", "-name", false, "name~get")},
	}
}

// mcpInputs lists the captured MCP outputs under testdata/mcp.
func mcpInputs(t *testing.T) []string {
	t.Helper()
	var inputs []string
	for _, pat := range []string{"*.json", "*.sse", "*.http", "*.txt"} {
		m, err := filepath.Glob(filepath.Join("testdata", "mcp", pat))
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, m...)
	}
	if len(inputs) < 30 {
		t.Fatalf("only %d MCP captures under testdata/mcp", len(inputs))
	}
	return inputs
}

// checkGoldens renders one input in each variant and compares it with its
// golden file under dir.
func checkGoldens(t *testing.T, in, dir string, variants []variant) {
	base := filepath.Base(in)
	for _, v := range variants {
		t.Run(base+"/"+v.name, func(t *testing.T) {
			got := renderForTest(in, v.opt)
			checkEscapes(t, got, v.opt)
			if v.opt.ASCII {
				checkASCII(t, in, got)
			}
			golden := filepath.Join(dir, base+"."+v.name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./... -update, then read the new file)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s\n--- got ---\n%s\n--- want ---\n%s", golden, got, want)
			}
		})
	}
}

// testInputs lists the inputs under testdata: JSON and NDJSON, Server-Sent
// Events (.sse) and `curl -i` output (.http).
func testInputs(t *testing.T) []string {
	t.Helper()
	var inputs []string
	for _, pat := range []string{"testdata/*.json", "testdata/*.ndjson", "testdata/*.sse", "testdata/*.http"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, m...)
	}
	if len(inputs) < 20 {
		t.Fatalf("only %d inputs under testdata", len(inputs))
	}
	return inputs
}

// renderForTest runs the same path as the command: stdout, then what went
// to stderr and the exit code when there was either.
func renderForTest(path string, opt pretty.Options) []byte {
	var stdout, stderr bytes.Buffer
	opt.Log = &stderr
	code := cli.Render([]string{path}, strings.NewReader(""), &stdout, &stderr, opt, false)
	out := stdout.Bytes()
	if stderr.Len() > 0 {
		out = append(out, "-- stderr --\n"...)
		out = append(out, stderr.Bytes()...)
	}
	if code != 0 {
		out = append(out, "-- exit "+itoa(code)+" --\n"...)
	}
	return out
}

func checkEscapes(t *testing.T, got []byte, opt pretty.Options) {
	t.Helper()
	rest := got
	if opt.Format == pretty.Human && opt.Color {
		rest = sgr.ReplaceAll(got, nil)
	}
	if opt.Links != nil {
		rest = osc8.ReplaceAll(rest, nil)
	}
	if i := bytes.IndexByte(rest, 0x1b); i >= 0 {
		t.Errorf("output holds an escape that is not the theme's SGR, at %q", rest[max(0, i-20):min(len(rest), i+20)])
	}
	for _, c := range string(rest) {
		if (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) {
			t.Errorf("output holds control character %U", c)
		}
	}
	if len(got) > 0 && got[len(got)-1] != '\n' {
		t.Error("output does not end with a newline")
	}
}

// Without colour the human layout is identical to the coloured one.
func TestColourDoesNotChangeLayout(t *testing.T) {
	for _, in := range append(testInputs(t), mcpInputs(t)...) {
		plainLayout := renderForTest(in, human(80))
		color := human(80)
		color.Color = true
		colored := sgr.ReplaceAll(renderForTest(in, color), nil)
		if !bytes.Equal(plainLayout, colored) {
			t.Errorf("%s: stripping colour does not give the uncoloured layout:\n%s\n---\n%s", in, colored, plainLayout)
		}
	}
}

// checkASCII: under --ascii, every non-ASCII character of the output must
// come from the input itself.
func checkASCII(t *testing.T, input string, got []byte) {
	t.Helper()
	data, err := os.ReadFile(input)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range string(got) {
		if r > 0x7e && !strings.ContainsRune(string(data), r) {
			t.Errorf("--ascii output holds %q, which the input does not", r)
		}
	}
}

// A khive response carried in an MCP tool result or a JSON-RPC reply
// renders exactly as the response alone does, in every output.
func TestWrappedResponsesRenderLikeWhatTheyCarry(t *testing.T) {
	for _, tt := range []struct {
		wrapper string
		inner   func(map[string]any) any
	}{
		{"testdata/mcp_inspector_tools_call.json", func(m map[string]any) any { return m["content"] }},
		{"testdata/jsonrpc_result.json", func(m map[string]any) any { return m["result"].(map[string]any)["content"] }},
	} {
		data, err := os.ReadFile(tt.wrapper)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		text := tt.inner(m).([]any)[0].(map[string]any)["text"].(string)
		inner := filepath.Join(t.TempDir(), "inner.json")
		if err := os.WriteFile(inner, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, v := range baseVariants() {
			got, want := renderForTest(tt.wrapper, v.opt), renderForTest(inner, v.opt)
			if v.opt.Format == pretty.Plain {
				// Plain output keeps the JSON-RPC id, as a line of its own.
				got = bytes.TrimPrefix(got, []byte("id: 7\n\n"))
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s (%s) differs from the response it carries:\n%s\n---\n%s", tt.wrapper, v.name, got, want)
			}
		}
	}
}

// A single 50 MB string: plain output shows all of it, human output at most
// 64 KiB of it, with a note, even under --verbose.
func TestHugeStringIsBoundedInHumanOutputOnly(t *testing.T) {
	t.Parallel() // long: alongside the other tests
	if testing.Short() {
		t.Skip("makes a 50 MB input")
	}
	huge := strings.Repeat("0123456789", 5<<20)
	path := filepath.Join(t.TempDir(), "huge.json")
	doc := `{"ok": true, "tool": "get", "result": {"id": "083c2879-ec46-4de3-8ea4-3d37b350c341", "content": "` + huge + `"}}`
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	plainOut := renderForTest(path, pretty.Options{Format: pretty.Plain})
	if !bytes.Contains(plainOut, []byte("content: "+huge+"\n")) {
		t.Errorf("plain output does not hold the whole string (%d bytes)", len(plainOut))
	}
	short := renderForTest(path, human(80))
	lines := strings.Split(strings.TrimSuffix(string(short), "\n"), "\n")
	last := lines[len(lines)-1]
	if len(lines) != 6 || !strings.HasPrefix(lines[2], "  content  0123456789") || !strings.HasSuffix(last, "… (-v)") || table.Width(last) != 80 {
		t.Errorf("human output: the content should take four lines of 80 columns, the last cut, saying so:\n%s", short)
	}
	verbose := human(80)
	verbose.Verbose = true
	long := renderForTest(path, verbose)
	if len(long) > 70<<10 || !bytes.Contains(long, []byte("… (52363264 more bytes; -o plain shows all)")) {
		t.Errorf("verbose human output is %d bytes, ends %q", len(long), long[max(0, len(long)-80):])
	}
}

// --stats reports the sizes and the saving; agent mode on a real gtd.tasks
// answer is the figure the README gives.
func TestStatsOnAgentOutput(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := cli.Render([]string{"testdata/khive/khive_gtd_tasks.json"}, strings.NewReader(""), &stdout, &stderr, pretty.Options{Format: pretty.Agent, Now: frozenNow}, true)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if want := "khive-pretty: 4517 bytes in, 3790 bytes out, 16.1% smaller\n"; stderr.String() != want {
		t.Errorf("stats line %q, want %q", stderr.String(), want)
	}
	if int64(stdout.Len()) != 3790 {
		t.Errorf("counted 3790 bytes out, wrote %d", stdout.Len())
	}
}
