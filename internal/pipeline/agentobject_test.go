package pipeline

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// heldAgent is agent output of doc decoded whole, and whether it failed.
func heldAgent(t *testing.T, doc string, opt Options) (string, bool) {
	t.Helper()
	v, err := NewDecoder(strings.NewReader(doc), "t").Next() // no hook: held whole
	if err != nil {
		t.Fatal(err)
	}
	var held strings.Builder
	res := &Result{}
	if err := NewRenderer(&held, opt).Document(v, res); err != nil {
		t.Fatal(err)
	}
	return held.String(), res.Failed
}

// streamedAgent is agent output of doc as it is read, whether it failed,
// and how many large objects were shown member by member.
func streamedAgent(t *testing.T, doc string, opt Options) (string, bool, int) {
	t.Helper()
	var out strings.Builder
	rn := NewRenderer(&out, opt)
	res, err := rn.Stream(strings.NewReader(doc), "t")
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), res.Failed, rn.bigObjects
}

// An object too large to hold comes out of agent output as the held one
// does, byte for byte, and fails as it does: whatever its members decide
// (a key given again, near or far, its last value dropped or not; a page,
// a stream entry, a namespace, properties that repeat top-level fields
// before or after them) and whatever later members make of it (a failure,
// an envelope, a JSON-RPC reply, a batch, said after the first thousand
// members), over random objects.
func TestAgentLargeObjectIsAgentHeld(t *testing.T) {
	t.Parallel()
	opt := Options{Output: Agent, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
	// keys a plain record may start with (the hook lets it through), and
	// keys that decide, for after the first thousand members
	early := []string{"id", "created_at", "namespace", "properties", "seq", "record", "status", "title", "score", "parent_id", "updated_at", "due", "tags", "last_error"}
	late := []string{"ok", "tool", "result", "error", "success", "jsonrpc", "method", "results", "summary", "items", "entries", "head_seq",
		"next_after", "requested_limit", "effective_limit", "limit_clamped", "content", "structuredContent", "isError", "_meta", "message", "rows", "path"}
	seeds := short(40, 12)
	streamedAny := 0
	for seed := range uint64(seeds) {
		g := newGen(7700 + seed)
		n := 1100 + g.r.IntN(900)
		fillers := 200 + g.r.IntN(3000) // fewer than n: some come again
		key := func(after bool) string {
			switch r := g.r.IntN(20); {
			case r < 2:
				return early[g.r.IntN(len(early))]
			case r == 2 && after:
				return late[g.r.IntN(len(late))]
			}
			return fmt.Sprintf("f%04d", g.r.IntN(fillers))
		}
		doc := obj()
		for i := range n {
			m := mem(key(i > 1000 && seed%4 != 0), g.agentValue(2))
			if m.Key == "properties" {
				// repeat top-level fields: some before, some to come
				p := obj()
				for range 3 {
					k := key(false)
					if j := g.r.IntN(len(doc.Members) + 1); j < len(doc.Members) {
						k = doc.Members[j].Key
						p.Members = append(p.Members, mem(k, doc.Members[j].Value))
						continue
					}
					p.Members = append(p.Members, mem(k, g.agentValue(1)))
				}
				m.Value = p
			}
			if m.Key == "ok" || m.Key == "success" || m.Key == "limit_clamped" {
				m.Value = Value{Kind: Bool, Text: []string{"true", "false"}[g.r.IntN(2)]}
			}
			if m.Key == "jsonrpc" {
				m.Value = str("2.0")
			}
			doc.Members = append(doc.Members, m)
		}
		if seed%5 == 1 { // repeated far apart, the last value dropped
			doc.Members = append(doc.Members, mem(doc.Members[3].Key, Value{Kind: Null}))
		}
		in := compactJSON(doc)
		streamed, sFailed, objects := streamedAgent(t, in, opt)
		held, hFailed := heldAgent(t, in, opt)
		streamedAny += objects
		if streamed != held {
			t.Fatalf("seed %d: streamed agent output differs from held\n%s", seed, firstDiff(strings.ReplaceAll(streamed, ",\"", ",\n\""), strings.ReplaceAll(held, ",\"", ",\n\"")))
		}
		if sFailed != hFailed {
			t.Errorf("seed %d: streamed failed %v, held %v", seed, sFailed, hFailed)
		}
	}
	if streamedAny < seeds*3/4 {
		t.Fatalf("only %d of %d objects streamed", streamedAny, seeds)
	}
}

// fillers is n members of plain keys (f0000 …) and values of many kinds,
// as JSON text between braces, without them.
func fillers(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"f%04d":`, i)
		switch i % 6 {
		case 0:
			fmt.Fprint(&b, i)
		case 1:
			fmt.Fprintf(&b, `"v%d"`, i)
		case 2:
			b.WriteString(`null`)
		case 3:
			b.WriteString(`"2026-05-21T08:15:00+09:00"`)
		case 4:
			fmt.Fprintf(&b, `[{"created_at":"2026-05-23T16:18:15Z","id":"41f60be0-7cef-4aa3-aaed-cf4a4599a084","n":%d}]`, i)
		default:
			b.WriteString(`{"score":0.123456,"empty":""}`)
		}
	}
	return b.String()
}

// What decides how agent output shows a large object may come anywhere in
// it, after its first thousand members too: a key given again far from
// its first (its last value kept, or dropped with it), a page's limits, a
// stream entry's fields, a namespace, properties that repeat fields to
// come, a failure, an envelope, a JSON-RPC reply, a batch. Streamed, each
// is shown as held, and fails as held.
func TestAgentLargeObjectDecidedLate(t *testing.T) {
	t.Parallel()
	opt := Options{Output: Agent, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
	const uuid = `"41f60be0-7cef-4aa3-aaed-cf4a4599a084"`
	body := fillers(1200)
	docs := map[string]string{
		"repeated far apart":               `{"first":1,` + body + `,"first":2}`,
		"repeated far apart, thrice":       `{"first":1,` + body + `,"first":"x","f0600":7,"first":[3]}`,
		"repeated far apart, last dropped": `{"first":1,` + body + `,"first":null}`,
		"repeated, the first dropped":      `{"first":"",` + body + `,"first":"2026-05-21T08:15:00+09:00"}`,
		"a filler repeated":                `{` + body + `,"f0004":{"a":1},"f0002":"now a value"}`,
		"a page":                           `{` + body + `,"next_after":null,"items":[],"requested_limit":5,"effective_limit":5,"limit_clamped":false}`,
		"not a page":                       `{` + body + `,"next_after":null,"items":[]}`,
		"a keyset page":                    `{` + body + `,"next_after":null,"entries":[],"head_seq":4}`,
		"a stream entry":                   `{"record":{"id":` + uuid + `,"x":null},` + body + `,"seq":1,"id":` + uuid + `,"created_at":"2026-05-21T08:15:00+09:00"}`,
		"namespace local, late":            `{` + body + `,"namespace":"local"}`,
		"namespace local, then not":        `{"namespace":"local",` + body + `,"namespace":"team"}`,
		"properties repeating later":       `{"properties":{"f0001":"v1","f0600":600,"later":"same","other":"kept","id":"x"},` + body + `,"later":"same","id":"x"}`,
		"properties repeating, repeated":   `{"properties":{"f0001":"v1"},` + body + `,"f0001":"changed","properties":{"f0001":"changed","f0007":"v7"}}`,
		"failure":                          `{` + body + `,"ok":false,"error":"late"}`,
		"error report":                     `{` + body + `,"error":{"message":"late"}}`,
		"success false":                    `{` + body + `,"success":false}`,
		"envelope":                         `{` + body + `,"ok":true,"tool":"search","result":{"id":` + uuid + `,"n":null}}`,
		"envelope, verbose verb":           `{` + body + `,"ok":true,"tool":"get","result":{"id":` + uuid + `,"n":null}}`,
		"JSON-RPC":                         `{` + body + `,"jsonrpc":"2.0","result":{"id":` + uuid + `,"n":null}}`,
		"a sink manifest of failures":      `{` + body + `,"path":"/tmp/x","rows":3,"schema_fingerprint":"a","checksum":"b","summary":{"failed":1}}`,
		"batch":                            `{` + body + `,"results":[{"ok":true,"tool":"x","result":{"id":` + uuid + `}},{"ok":false,"error":"no"}],"summary":{}}`,
	}
	for name, in := range docs {
		streamed, sFailed, objects := streamedAgent(t, in, opt)
		held, hFailed := heldAgent(t, in, opt)
		if objects != 1 {
			t.Errorf("%s: not streamed", name)
		}
		if streamed != held {
			t.Errorf("%s: streamed agent output differs from held\n%s", name, firstDiff(strings.ReplaceAll(streamed, ",\"", ",\n\""), strings.ReplaceAll(held, ",\"", ",\n\"")))
		}
		if sFailed != hFailed {
			t.Errorf("%s: streamed failed %v, held %v", name, sFailed, hFailed)
		}
	}
}

// objectReader is a document that is an object of n members, written as
// it is read (nothing of it held): keys out of order, values of every
// kind, the first key given again at the end.
type objectReader struct {
	n, i int
	buf  []byte
	read int // bytes read
	// sample is called every megabyte read
	sample func()
}

func (r *objectReader) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		switch {
		case r.i > r.n:
			return 0, io.EOF
		case r.i == r.n:
			r.buf = []byte(`,"k0000000":"last"}`)
		default:
			sep := ","
			if r.i == 0 {
				sep = "{"
			}
			k := (r.i * 7919) % r.n
			vals := []string{strconv.Itoa(k), `"v` + strconv.Itoa(k%1000) + `"`, `null`, `{"created_at":"2026-05-21T08:15:00+09:00","score":0.123456}`}
			r.buf = fmt.Appendf(nil, `%s"k%07d":%s`, sep, k, vals[k%4])
		}
		r.i++
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	if r.read/(1<<20) != (r.read+n)/(1<<20) {
		r.sample()
	}
	r.read += n
	return n, nil
}

// sampledWriter samples the heap every megabyte written.
type sampledWriter struct {
	n      int
	sample func()
}

func (w *sampledWriter) Write(p []byte) (int, error) {
	if w.n/(1<<20) != (w.n+len(p))/(1<<20) {
		w.sample()
	}
	w.n += len(p)
	return len(p), nil
}

// Agent output of an object too large to hold holds what decides how its
// members are shown, not the members: 400,000 of them (10 MB of JSON,
// keys out of order, the first given again at the end) leave a few
// megabytes live while they are read and while they are written, where
// holding the object took over a hundred. Memory held, not time.
func TestAgentLargeObjectHoldsLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("short: 400,000 members")
	}
	if alone(t) {
		return
	}
	var peak uint64
	sample := func() {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)
	}
	in := &objectReader{n: 400000, sample: sample}
	out := &sampledWriter{sample: sample}
	rn := NewRenderer(out, Options{Output: Agent, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)})
	if _, err := rn.Stream(in, "t"); err != nil {
		t.Fatal(err)
	}
	if rn.bigObjects != 1 {
		t.Fatal("the object was not shown member by member")
	}
	t.Logf("%d MB read, %d MB written, %.1f MiB live at the most", in.read>>20, out.n>>20, float64(peak)/(1<<20))
	if peak > 8<<20 {
		t.Errorf("%d MiB live at the most, want at most 8", peak>>20)
	}
}

// An object too large to hold that breaks off is not shown at all, as a
// held one is not (nothing of it was written before its end); with no
// temporary file to keep its members in, it is held and shown as before.
func TestAgentLargeObjectCutShortOrNoTempDir(t *testing.T) {
	opt := Options{Output: Agent, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
	in := `{` + fillers(1500) + `,"f0001":"again"}`
	var out strings.Builder
	if _, err := NewRenderer(&out, opt).Stream(strings.NewReader(in[:len(in)-3000]), "t"); err == nil || out.Len() > 0 {
		t.Errorf("cut short: error %v, %d bytes written", err, out.Len())
	}
	if runtime.GOOS == "windows" {
		return // TMPDIR is Unix's
	}
	t.Setenv("TMPDIR", t.TempDir()+"/none")
	streamed, _, objects := streamedAgent(t, in, opt)
	if held, _ := heldAgent(t, in, opt); streamed != held || objects != 0 {
		t.Errorf("with no temporary directory: streamed %d objects, output differs from held: %v", objects, streamed != held)
	}
}

// Every sample under testdata and the shared corpus that is an object,
// grown past input.StreamAfter members by plain ones before it (what
// decides then comes late) or after it (and its first member given again
// at the end), is shown in agent output as held, and fails as held.
func TestAgentLargeObjectSeams(t *testing.T) {
	if testing.Short() {
		t.Skip("short: every sample grown")
	}
	t.Parallel()
	opt := Options{Output: Agent, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
	var inputs []string
	for _, pat := range []string{"../../testdata/*.json", "../../testdata/mcp/*.json", "../../testdata/khive/*.json", "../../testdata/graphiti/*.json", "../../../shared/corpus/*.json"} {
		m, _ := filepath.Glob(pat)
		inputs = append(inputs, m...)
	}
	body := fillers(1100)
	seen := map[string]bool{}
	tried, streamed := 0, 0
	for _, in := range inputs {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		v, err := NewDecoder(strings.NewReader(string(data)), in).Next()
		if err != nil || v.Kind != Object || len(v.Members) == 0 || seen[string(data)] {
			continue
		}
		seen[string(data)] = true
		members := compactJSON(v)
		members = members[1 : len(members)-1]
		first := compactJSON(obj(v.Members[0]))
		for _, doc := range []string{
			`{` + body + `,` + members + `}`,
			`{` + members + `,` + body + `,` + first[1:len(first)-1] + `}`,
		} {
			s, sFailed, objects := streamedAgent(t, doc, opt)
			h, hFailed := heldAgent(t, doc, opt)
			tried++
			streamed += objects
			if s != h {
				t.Errorf("%s grown: streamed agent output differs from held\n%s", filepath.Base(in), firstDiff(strings.ReplaceAll(s, ",\"", ",\n\""), strings.ReplaceAll(h, ",\"", ",\n\"")))
			}
			if sFailed != hFailed {
				t.Errorf("%s grown: streamed failed %v, held %v", filepath.Base(in), sFailed, hFailed)
			}
		}
	}
	t.Logf("%d objects grown, %d streamed", tried, streamed)
	if streamed < tried/2 {
		t.Errorf("only %d of %d grown objects streamed", streamed, tried)
	}
}
