package pipeline

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/redact"
)

// minted is a document's IDs and times, drawn from small pools so that
// the same one comes back (a row pointing at another).
type minted struct {
	ids, times []string
}

func (m minted) remint(r *rand.Rand) minted {
	var n minted
	for range m.ids {
		n.ids = append(n.ids, fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", r.Uint32(), r.IntN(1<<16), r.IntN(1<<12), r.IntN(1<<12), r.Uint64()&(1<<48-1)))
	}
	for range m.times {
		n.times = append(n.times, fmt.Sprintf("20%02d-%02d-%02dT%02d:%02d:%02d.%06dZ", 20+r.IntN(10), 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1e6)))
	}
	return n
}

// template is a random document with placeholders @iN and @tN where an
// ID or a time goes, in values, inside text, and as a list's rows.
func (g *gen) template(pool int) string {
	var b strings.Builder
	b.WriteString(`{"ok": true, "tool": "list", "result": {"items": [`)
	rows := 1 + g.r.IntN(6)
	for i := range rows {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id": "@i%d", "title": %s, "created_at": "@t%d", "latency_ms": %d, "depends_on": ["@i%d"], "note": "after @i%d at @t%d"}`,
			g.r.IntN(pool), compactJSON(g.str()), g.r.IntN(pool), g.r.IntN(900), g.r.IntN(pool), g.r.IntN(pool), g.r.IntN(pool))
	}
	fmt.Fprintf(&b, `], "has_more": false, "took": %d}}`, g.r.IntN(100))
	return b.String()
}

func (m minted) fill(tmpl string) string {
	out := regexp.MustCompile(`@[it]\d+`).ReplaceAllStringFunc(tmpl, func(s string) string {
		var n int
		fmt.Sscanf(s[2:], "%d", &n)
		if s[1] == 'i' {
			return m.ids[n]
		}
		return m.times[n]
	})
	return out
}

// --redact gives the same bytes whatever IDs and times a server minted, in
// every output, and keeps equal IDs equal (as many labels as distinct IDs).
func TestRedactedOutputIsTheSameEveryRun(t *testing.T) {
	t.Parallel()
	g := newGen(28)
	r := rand.New(rand.NewPCG(28, 2))
	uuid := regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	for i := range 40 {
		pool := 1 + g.r.IntN(4)
		tmpl := g.template(pool)
		first := minted{ids: make([]string, pool), times: make([]string, pool)}.remint(r)
		again := first.remint(r)
		for _, o := range []Output{Plain, Human, Markdown, JSON, Agent, TSV, CSV} {
			render := func(m minted) string {
				opt := Options{Output: o, Width: 100, Redact: redact.New([]string{"latency_ms", "took"})}
				if o == TSV || o == CSV {
					opt.Table = "items"
				}
				return renderString(t, m.fill(tmpl), opt)
			}
			a, b := render(first), render(again)
			if a != b {
				t.Fatalf("case %d, output %d: two runs differ\n%s", i, o, firstDiff(a, b))
			}
			if uuid.MatchString(a) || strings.Contains(a, "latency_ms: 1") {
				t.Fatalf("case %d, output %d: not redacted:\n%s", i, o, a)
			}
			distinct := map[string]bool{}
			for _, id := range uuid.FindAllString(first.fill(tmpl), -1) {
				distinct[id] = true
			}
			labels := map[string]bool{}
			for _, l := range regexp.MustCompile(`<id-\d+>`).FindAllString(a, -1) {
				labels[l] = true
			}
			if o == Plain && len(labels) != len(distinct) {
				t.Fatalf("case %d: %d labels for %d distinct IDs\n%s", i, len(labels), len(distinct), a)
			}
		}
	}
}
