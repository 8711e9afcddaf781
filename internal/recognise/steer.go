package recognise

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/relative"
)

// What --sort and --where mean for khive's values: priorities p0 before
// p3, statuses in their workflow order (inbox … done, cancelled), times
// as times, numbers as numbers, nothing (null, a missing field) last.

// Seen collects, over a run, the columns of every table and the names of
// --columns, --sort and --where that named one, so that a name that never
// did can be reported with the columns there were.
type Seen struct {
	// Unredact, when set, is a value's text before --redact labelled it:
	// what --where and --sort compare.
	Unredact func(string) string
	Columns  []string        // every column header seen, once each
	Named    map[string]bool // names of the flags that met a column
	Tables   []string        // the names of the tables -o tsv met, once each
	headers  map[string]bool
}

// Table notes a table of an answer, by name, for --table's error.
func (s *Seen) Table(name string) {
	if s != nil && len(s.Tables) < 20 && !slices.Contains(s.Tables, name) {
		s.Tables = append(s.Tables, name)
	}
}

// unredacted is v as the answer had it, before --redact.
func (s *Seen) unredacted(v Value) Value {
	if s != nil && s.Unredact != nil && v.Kind == String {
		v.Text = s.Unredact(v.Text)
	}
	return v
}

// NewSeen returns an empty collection.
func NewSeen() *Seen { return &Seen{Named: map[string]bool{}, headers: map[string]bool{}} }

// Column notes a column shown under header.
func (s *Seen) Column(header string) {
	if s != nil && header != "" && !s.headers[header] {
		header = strings.Clone(header) // it may be part of a row read, lent
		s.headers[header] = true
		s.Columns = append(s.Columns, strings.ToLower(header))
	}
}

// RowColumns notes the columns of rows, each key once (a long list's rows
// share their keys: a header is made once per key, not per row).
func (s *Seen) RowColumns(rows []Value) {
	if s == nil {
		return
	}
	keys := map[string]bool{}
	for _, r := range rows {
		for _, m := range r.Members {
			if !keys[m.Key] {
				keys[m.Key] = true
				s.Column(Header(m.Key))
			}
		}
	}
}

// Name notes a name of the flags that met a column.
func (s *Seen) Name(name string) {
	if s != nil {
		s.Named[name] = true
	}
}

// Lookup finds the value a column name means in a row: a member whose key
// or header the name spells, or a dotted path of them into nested objects
// ("signals.keyword_score").
func Lookup(row Value, name string) (string, Value, bool) { return lookup(row, name, false) }

// lookup is Lookup, and with ends, else the one member whose key ends in
// the words the name spells ("score" of a code search's
// similarity_score): for a name that no row of the list has a key for
// whole (Words). A row without the status key in a list that has one
// elsewhere is not read by its build_status, which the name does not say.
func lookup(row Value, name string, ends bool) (string, Value, bool) {
	for _, m := range row.Members {
		if steer.Names(name, m.Key, Header(m.Key)) {
			return m.Key, m.Value, true
		}
	}
	if ends && !strings.Contains(name, ".") {
		at := -1
		for i, m := range row.Members {
			if steer.Ends(name, m.Key) {
				if at >= 0 {
					return "", Value{}, false // two: the name says neither
				}
				at = i
			}
		}
		if at >= 0 {
			return row.Members[at].Key, row.Members[at].Value, true
		}
	}
	if head, rest, ok := strings.Cut(name, "."); ok {
		for _, m := range row.Members {
			if m.Value.Kind == Object && steer.Names(head, m.Key, Header(m.Key)) {
				return lookup(m.Value, rest, ends)
			}
		}
	}
	return "", Value{}, false
}

// Words is, for each name --where and --sort give, whether rows (a list,
// or a long one's first rows) read it as the last words of a key: when
// none of them has a key the name spells whole.
type Words map[string]bool

// WordsOf is the Words of rows.
func WordsOf(rows []Value, spec steer.Spec) Words {
	words := Words{}
	add := func(name string) {
		if _, done := words[name]; !done {
			words[name] = !slices.ContainsFunc(rows, func(r Value) bool { _, _, ok := lookup(r, name, false); return ok })
		}
	}
	for _, c := range spec.Where {
		add(c.Name)
	}
	for _, k := range spec.Sort {
		add(k.Name)
	}
	return words
}

// Finds reports whether every name rows are steered by is found in some
// row of them, as they read it (the flags are about this list).
func (w Words) Finds(rows []Value) bool {
	for name, ends := range w {
		if !slices.ContainsFunc(rows, func(r Value) bool { _, _, ok := lookup(r, name, ends); return ok }) {
			return false
		}
	}
	return true
}

// SteerRows is rows as --where and --sort ask: the rows every condition
// holds for, in the order the keys give (stable: equal rows keep theirs).
func SteerRows(rows []Value, spec steer.Spec, seen *Seen) []Value {
	return SteerRowsAs(rows, spec, seen, nil)
}

// SteerRowsAs is SteerRows, names read as words says: those of rows
// before them (a stream's first records); nil, as rows read them.
func SteerRowsAs(rows []Value, spec steer.Spec, seen *Seen, words Words) []Value {
	if len(spec.Where) == 0 && len(spec.Sort) == 0 {
		return rows
	}
	if words == nil {
		words = WordsOf(rows, spec)
	}
	return pick(rows, SteerIndexAs(rows, spec, seen, words))
}

// SteerIndex is SteerRows as the indexes of the rows, for a caller that
// shows each row under its place in the input.
func SteerIndex(rows []Value, spec steer.Spec, seen *Seen) []int {
	return SteerIndexAs(rows, spec, seen, WordsOf(rows, spec))
}

// SteerIndexAs is SteerIndex, names read as words says (WordsOf rows,
// already worked out).
func SteerIndexAs(rows []Value, spec steer.Spec, seen *Seen, words Words) []int {
	out := make([]int, 0, len(rows))
	for i, r := range rows {
		if Keep(r, spec, seen, words) {
			out = append(out, i)
		}
	}
	if len(spec.Sort) == 0 {
		return out
	}
	keys := make([][]view.Cell, len(out)) // each row's cells, by sort key
	for i, r := range out {
		for _, k := range spec.Sort {
			key, v, ok := lookup(rows[r], k.Name, words[k.Name])
			v = seen.unredacted(v)
			c := view.Cell{}
			if ok {
				seen.Name(k.Name)
				c = meaning(rows[r], key, v)
			}
			keys[i] = append(keys[i], c)
		}
	}
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		for k, sk := range spec.Sort {
			ca, cb := keys[idx[a]][k], keys[idx[b]][k]
			// Nothing sorts last, whichever the direction.
			if na, nb := nothing(ca), nothing(cb); na || nb {
				if na != nb {
					return nb
				}
				continue
			}
			c := Compare(ca, cb)
			if sk.Desc {
				c = -c
			}
			if c != 0 {
				return c < 0
			}
		}
		return false
	})
	for i, j := range idx {
		idx[i] = out[j]
	}
	return idx
}

// Keep reports whether a row meets every --where condition, each name read
// as words says (nil: as written; a long list's later rows, as its first
// rows read them).
func Keep(row Value, spec steer.Spec, seen *Seen, words Words) bool {
	for _, c := range spec.Where {
		key, v, ok := lookup(row, c.Name, words[c.Name])
		v = seen.unredacted(v)
		if ok {
			seen.Name(c.Name)
		}
		if !holds(row, key, v, ok, c) {
			return false
		}
	}
	return true
}

// holds reports whether a row's value (ok: it has one) meets a condition.
// A row without the value meets only != and !~.
func holds(row Value, key string, v Value, ok bool, c steer.Cond) bool {
	cell := view.Cell{}
	if ok {
		cell = meaning(row, key, v)
	}
	if nothing(cell) {
		return c.Op == steer.Ne || c.Op == steer.HasNot
	}
	switch c.Op {
	case steer.Has, steer.HasNot:
		in := strings.Contains(strings.ToLower(cellText(cell)), strings.ToLower(c.Value))
		return in == (c.Op == steer.Has)
	}
	n := Compare(cell, literal(key, cell, c.Value))
	switch c.Op {
	case steer.Eq:
		return n == 0
	case steer.Ne:
		return n != 0
	case steer.Lt:
		return n < 0
	case steer.Le:
		return n <= 0
	case steer.Gt:
		return n > 0
	case steer.Ge:
		return n >= 0
	}
	return false
}

// meaning is the cell of a value of row, as a table would show it: its
// kind says how it compares.
func meaning(row Value, key string, v Value) view.Cell {
	if v.Kind == Null {
		return view.Cell{}
	}
	if v.Kind == Number && levelWords(Snake(key)) && IsLoggerRecord(row) {
		if w, ok := glyphs.LoggerLevel.Lookup(v.Text); ok {
			// pino's number is the word it is shown as: --where
			// level=error, --sort level by severity.
			return view.Cell{Kind: view.Text, Text: w.Word}
		}
	}
	// Statuses compare in khive's order (inbox … done) whatever the
	// answer: an order to sort by, not a mark claimed on a value.
	return builder{opt: Options{Verbose: true}, khive: true}.cell(key, v, false)
}

// literal reads a --where value in the meaning of the column it is
// compared with: a number, a time (RFC 3339, or a date), a priority or a
// status, else text.
func literal(key string, like view.Cell, s string) view.Cell {
	if like.Kind == view.Duration && like.Unit > 0 {
		// A duration as Go writes one (2m, 1.5s, 300ms), in the unit the
		// values count in: latency_ms>2m is latency_ms>120000. A bare
		// number is in that unit already.
		if d, err := time.ParseDuration(s); err == nil && strings.ContainsFunc(s, unicode.IsLetter) {
			return view.Cell{Kind: view.Duration, Text: strconv.FormatFloat(float64(d)/float64(like.Unit), 'g', -1, 64), Unit: like.Unit}
		}
	}
	switch like.Kind {
	case view.Number, view.Score, view.Duration, view.Bytes:
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return view.Cell{Kind: like.Kind, Text: s}
		}
	case view.Time:
		if t, ok := relative.Parse(s); ok {
			return view.Cell{Kind: view.Time, Text: s, At: t}
		}
		if t, err := time.Parse("2006-01-02", s); err == nil {
			return view.Cell{Kind: view.Time, Text: s, At: t}
		}
	case view.Bool:
		return view.Cell{Kind: view.Bool, Text: strings.ToLower(s)}
	case view.Priority, view.Status:
		return view.Cell{Kind: like.Kind, Text: s}
	}
	return view.Cell{Kind: view.Text, Text: s}
}

// nothing reports a cell with no value: a missing field, a null, "".
func nothing(c view.Cell) bool {
	switch c.Kind {
	case view.None, view.NotYet, view.Null:
		return true
	case view.Text:
		return c.Text == ""
	}
	return false
}

// Compare orders two values by what they mean.
func Compare(a, b view.Cell) int {
	if ra, rb := rank(a), rank(b); ra >= 0 && rb >= 0 && a.Kind == b.Kind {
		return ra - rb
	}
	if a.Kind == view.Time && b.Kind == view.Time {
		return a.At.Compare(b.At)
	}
	if fa, ok := number(a); ok {
		if fb, ok := number(b); ok {
			return cmp.Compare(fa, fb)
		}
	}
	if sa, sb := severity(a), severity(b); sa >= 0 && sb >= 0 {
		return sa - sb
	}
	if c, ok := compareVersions(cellText(a), cellText(b)); ok {
		return c
	}
	return strings.Compare(strings.ToLower(cellText(a)), strings.ToLower(cellText(b)))
}

// compareVersions compares two texts that are both numbers (prices,
// counts in strings: "0.25" before "0.5", "9" before "10"), or two
// versions, at least one of them plainly one (two dots or more, or a
// leading v: 1.2.10, v0.17) — number by number, as sort -V does: 0.2.0
// before 0.17.0, 4.13.2 before 10; a release after its pre-releases
// (1.0.0-rc.1 < 1.0.0), suffixes as text. Not ok otherwise ("0.5%" is
// neither, and compares as text).
func compareVersions(a, b string) (int, bool) {
	if x, err := strconv.ParseFloat(a, 64); err == nil {
		if y, err := strconv.ParseFloat(b, 64); err == nil {
			return cmp.Compare(x, y), true
		}
	}
	na, sa, plainA, okA := versionOf(a)
	nb, sb, plainB, okB := versionOf(b)
	if !okA || !okB || !plainA && !plainB {
		return 0, false
	}
	for i := range max(len(na), len(nb)) {
		x, y := 0, 0
		if i < len(na) {
			x = na[i]
		}
		if i < len(nb) {
			y = nb[i]
		}
		if x != y {
			return cmp.Compare(x, y), true
		}
	}
	switch {
	case sa == sb:
		return 0, true
	case sa == "":
		return 1, true
	case sb == "":
		return -1, true
	}
	return strings.Compare(sa, sb), true
}

// versionOf reads a version: an optional v, numbers split by dots, then
// an optional suffix that starts as a version's does (-beta.1, +build,
// .post0, rc1); plain: two dots or more, or the v.
func versionOf(s string) (nums []int, suffix string, plain, ok bool) {
	v := len(s) > 1 && (s[0] == 'v' || s[0] == 'V')
	if v {
		s = s[1:]
	}
	i := 0
	for {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j-i > 9 {
			return nil, "", false, false // no number here (or one too long for an int)
		}
		n, _ := strconv.Atoi(s[i:j])
		nums = append(nums, n)
		if j+1 < len(s) && s[j] == '.' && s[j+1] >= '0' && s[j+1] <= '9' {
			i = j + 1
			continue
		}
		suffix = s[j:]
		if suffix != "" && !strings.ContainsRune("-+.", rune(suffix[0])) && !isLetter(suffix[0]) {
			return nil, "", false, false // 0.5%: a number with a unit, not a version
		}
		return nums, suffix, v || len(nums) > 2, true
	}
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// severities are a log's levels, most severe first (syslog's and the
// usual loggers'), and severity a text's place among them, or -1.
var severities = [...]string{"emergency", "alert", "fatal", "critical", "error", "warning", "warn", "notice", "info", "debug", "trace"}

func severity(c view.Cell) int {
	if c.Kind != view.Text {
		return -1
	}
	i := slices.Index(severities[:], strings.ToLower(c.Text))
	if i >= 6 { // warn is warning
		i--
	}
	return i
}

// ordinals are the words of known ordinal scales of priority and
// severity, and ordinalRanks their places: p0 … p3 rank 0 … 3, these
// beside them (critical with p0, low with p3).
var (
	ordinals     = [...]string{"blocker", "critical", "urgent", "highest", "high", "major", "medium", "normal", "minor", "low", "lowest", "trivial"}
	ordinalRanks = [...]int{0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4}
)

// rank is the place of a priority or a status in its order, or -1.
func rank(c view.Cell) int {
	switch c.Kind {
	case view.Priority:
		if len(c.Text) > 1 && (c.Text[0] == 'p' || c.Text[0] == 'P') {
			if n, err := strconv.Atoi(c.Text[1:]); err == nil && n >= 0 {
				return n
			}
		}
		// The words of the usual scales, most urgent first (Jira's,
		// GitHub's and task managers' priorities, a log's severities).
		if i := slices.Index(ordinals[:], strings.ToLower(c.Text)); i >= 0 {
			return ordinalRanks[i]
		}
	case view.Status:
		return slices.Index([]string{"inbox", "next", "active", "waiting", "someday", "done", "cancelled"}, glyphs.CanonicalStatus(c.Text))
	case view.Bool:
		if c.Text == "true" {
			return 1
		}
		return 0
	}
	return -1
}

func number(c view.Cell) (float64, bool) {
	switch c.Kind {
	case view.Number, view.Score, view.Duration, view.Bytes:
		f, err := strconv.ParseFloat(c.Text, 64)
		return f, err == nil && !math.IsNaN(f)
	}
	return 0, false
}

// cellText is the text a cell holds, items of a list joined.
func cellText(c view.Cell) string {
	if c.Kind == view.List {
		parts := make([]string, len(c.Items()))
		for i, it := range c.Items() {
			parts[i] = cellText(it)
		}
		return strings.Join(parts, ", ")
	}
	return c.Text
}
