package recognise

import (
	"cmp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/relative"
)

// MaxDepth is how deep a view follows nested objects and arrays; deeper
// ones become cells of kind Deep. Plain output has no such limit.
const MaxDepth = 32

// builder makes the blocks of a view from values, with the field
// conventions: which values are filler, what a key's values mean, which
// columns a table of records shows.
type builder struct {
	opt   Options
	depth int // levels of nesting above what is being built
	// grows marks a table that gets rows after it is laid out (a long
	// list, a run of records): what its first rows show need not hold of
	// the later ones.
	grows bool
	// khive marks an answer of khive's (its envelope, batch, list or
	// error): its GTD words (inbox, next, active, done …) are its task
	// statuses. Elsewhere a status word is shown as written, but for the
	// health words every server means the same by (ok, failed, error).
	khive bool
	// shaped marks an answer a recogniser of the registry shows (its
	// times are its shape's: an age where the shape reads one).
	shaped bool
	// whole marks values the next call needs (a cursor to continue with):
	// an id among them is shown whole, not as the prefix that reads.
	whole bool
	// logger marks records of pino or bunyan (IsLoggerRecord), whose
	// numeric levels name their words.
	logger bool
}

// short reports whether values may be shortened: not under --verbose,
// and never inside an error (raw).
func (b builder) short(raw bool) bool { return !raw && !b.opt.Verbose }

func (b builder) deeper() builder {
	b.depth++
	return b
}

// inRowTable is the rows of a list a row holds as a table (InRow), or
// records, too sparse for one: one level further in, with nothing of what
// --sort and --where say of the rows around it, nor --columns unless its
// rows have the columns it names (a tree's), and a plan of its own.
func (b builder) inRowTable(rows []Value, raw bool) view.Block {
	b.depth++
	picks := steer.Spec{}
	if slices.ContainsFunc(b.opt.Steer.Columns, func(p steer.Pick) bool { return !p.Drop }) && holdsAll(rows, b.opt.Steer.Columns) {
		// A tree's rows (findmnt's children): the columns --columns
		// names, as the rows above them show.
		picks.Columns, picks.Exact = b.opt.Steer.Columns, b.opt.Steer.Exact
	}
	b.opt.Steer, b.opt.Seen, b.opt.Plan = picks, nil, nil
	blk, _ := b.table(rows, 0, raw)
	if t, ok := blk.(view.Table); ok {
		t.InRow = true
		return t
	}
	return blk
}

// holdsAll reports rows some of which hold each column picks names to
// show.
func holdsAll(rows []Value, picks []steer.Pick) bool {
	for _, p := range picks {
		if !p.Drop && !slices.ContainsFunc(rows, func(r Value) bool { _, _, ok := Lookup(r, p.Name); return ok }) {
			return false
		}
	}
	return true
}

// tooDeep reports whether a container at the next level would pass
// MaxDepth.
func (b builder) tooDeep() bool { return b.depth+1 >= MaxDepth }

// deep is the cell that stands for a container nested too deeply.
func deep(v Value) view.Cell {
	if v.Kind == Array {
		return view.Cell{Kind: view.Deep, Text: "[", N: MaxDepth}
	}
	return view.Cell{Kind: view.Deep, Text: "{", N: MaxDepth}
}

// keyMeaning is what a key says of its values, read once per key (per
// column of a table) rather than once per value.
type keyMeaning struct {
	score, size, id, fullID               bool
	taskStatus                            bool          // an MCP task's status (tasks/list)
	unit                                  time.Duration // a duration's, or 0
	status, outcome, dependency, priority bool
	level                                 bool // a log record's level (glyphs.Levels)
	// gtd: a status key khive's task statuses are under (a state is not:
	// a health word is marked under either).
	gtd   bool
	epoch bool // a time-named key: a number in it may be a Unix time
	// label is the key as a field's label ("" when it is the key);
	// unitLabel, for a key that names a unit (unitKey), the label when
	// the cell does not say the unit.
	label, unitLabel string
	unitKey          bool
	// col is what a table asks of the key for its column, once a table
	// has asked (Keys.column): a record's fields do not.
	col *colKey
}

func meaningOf(key string) keyMeaning {
	// A key of small letters and digits is its own words and label: it
	// is looked at once (an object of a million keys k000001 …).
	plain := plainKey(key)
	w := key // its words, told once for every test below
	if !plain {
		w = Snake(key)
	}
	status := statusWords(w)
	m := keyMeaning{score: scoreWords(w), id: idWords(w), fullID: key == "full_id" || cursorWords(w) || w == "thread_id", status: status, gtd: status && w != "state",
		outcome: key == "outcome" || key == "conclusion", dependency: key == "dependency_state", priority: key == "priority", epoch: timeWords(w),
		level: levelWords(w)}
	if !plain {
		m.label, m.unitLabel, m.unitKey = labels(key)
	}
	if !m.score {
		if unit, ok := durationWords(w); ok {
			m.unit = unit
		} else {
			m.size = sizeWords(w)
		}
	}
	return m
}

// Keys keeps what each key means, once worked out, over a run: documents
// in a row repeat their keys, and working out a key's meaning is a dozen
// string tests. The zero value is ready; a nil one works each out again.
// It is for one goroutine.
type Keys struct {
	m map[string]*keyEntry
	// recent is entries of m last found, each in its key's slot
	// (keySlot): the keys of a run's documents come back over and over,
	// each found in one comparison rather than a hash. The key compared
	// is the one m keeps, not a caller's.
	recent [128]*keyEntry
}

type keyEntry struct {
	key string
	m   keyMeaning
}

const maxKeys = 4096

func (k *Keys) meaning(key string) keyMeaning {
	if k == nil {
		return meaningOf(key)
	}
	if e := k.find(key); e != nil {
		return e.m
	}
	if len(k.m) >= maxKeys {
		// Full: worked out again, not made on the heap as of's (an
		// object of a million keys).
		return meaningOf(key)
	}
	return *k.add(key)
}

// of is key's meaning, kept (for a table's plan, its header too) once
// worked out.
func (k *Keys) of(key string) *keyMeaning {
	if k == nil {
		m := meaningOf(key)
		return &m
	}
	if e := k.find(key); e != nil {
		return &e.m
	}
	return k.add(key)
}

// find is key's entry, or nil.
func (k *Keys) find(key string) *keyEntry {
	slot := &k.recent[keySlot(key)]
	if e := *slot; e != nil && e.key == key {
		return e
	}
	e := k.m[key]
	if e != nil {
		*slot = e
	}
	return e
}

// add works key's meaning out, kept while there is room.
func (k *Keys) add(key string) *keyMeaning {
	e := &keyEntry{key: key, m: meaningOf(key)}
	if k.m == nil {
		k.m = make(map[string]*keyEntry)
	}
	if len(k.m) < maxKeys {
		k.m[key] = e
		k.recent[keySlot(key)] = e
	}
	return &e.m
}

// keySlot is key's slot of Keys.recent: its length, its ends and its
// middle, mixed (keys alike but for a letter or two share few).
func keySlot(key string) int {
	if key == "" {
		return 0
	}
	x := uint32(len(key)) | uint32(key[0])<<8 | uint32(key[len(key)-1])<<16 | uint32(key[len(key)/2])<<24
	return int(x * 0x9E3779B1 >> 25)
}

// column is key's meaning with what a table asks of it (colKey), as a
// table heads its column.
func (k *Keys) column(key string) *keyMeaning {
	m := k.of(key)
	if m.col == nil {
		m.col = newColKey(key)
	}
	return m
}

// cell says what one value means, from its key and its form: a UUID is an
// ID, an RFC 3339 string a time, a number under a score key a score, a
// string under a status key a status …. raw marks a value inside an
// error, which is shown exactly as it came.
func (b builder) cell(key string, v Value, raw bool) view.Cell {
	return b.cellOf(key, b.opt.Keys.meaning(key), v, raw)
}

func (b builder) cellOf(key string, km keyMeaning, v Value, raw bool) view.Cell {
	switch v.Kind {
	case Null:
		if raw {
			return view.Cell{Kind: view.Null, Text: "null", Exact: true}
		}
		return view.Cell{Kind: view.NotYet} // a lifecycle null: "not yet"
	case Bool:
		return view.Cell{Kind: view.Bool, Text: v.Text, Exact: raw, Tone: BoolTone(key, v.IsTrue())}
	case Number:
		if km.level && b.logger && b.short(raw) {
			if w, ok := glyphs.LoggerLevel.Lookup(v.Text); ok {
				// pino's and bunyan's number, by the name it stands for.
				return view.Cell{Kind: view.Text, Text: w.Word, Tone: view.Tone(w.Tone)}
			}
		}
		c := view.Cell{Kind: view.Number, Text: v.Text, Exact: raw}
		switch {
		case km.score:
			c.Kind = view.Score
		case km.unit != 0:
			c.Kind, c.Unit = view.Duration, km.unit
		case km.size:
			c.Kind = view.Bytes
		case km.epoch:
			if t, ok := unixTime(v.Text); ok {
				c.Kind, c.At = view.Time, t
			}
		}
		return c
	case String:
		return b.stringCell(&km, v.Text, raw)
	case Array:
		if len(v.Items) == 0 {
			return view.Cell{Kind: view.Empty, Text: "[]", Exact: raw}
		}
		if b.tooDeep() {
			return deep(v)
		}
		b = b.deeper()
		if value.AllScalars(v.Items) {
			items := make([]view.Cell, len(v.Items))
			for i, it := range v.Items {
				items[i] = b.cellOf(key, km, it, raw)
			}
			return view.Cell{Kind: view.List, Sub: &view.Sub{Items: items}, Exact: raw}
		}
		if b.short(raw) && refList(v.Items) {
			return refCell(b, v.Items)
		}
		return view.Cell{Kind: view.Nested, N: len(v.Items), Text: value.Compact(v), Exact: raw}
	case Object:
		if b.tooDeep() {
			return deep(v)
		}
		b = b.deeper()
		var fields []view.Field
		for _, m := range v.Members {
			if b.short(raw) && IsFiller(m.Key, m.Value, false) {
				continue
			}
			f := view.Field{Key: m.Key, Cell: b.cell(m.Key, m.Value, raw)}
			if b.opt.Verbose && m.Value.Kind == Array && len(m.Value.Items) > 0 && value.AllObjects(m.Value.Items) {
				// Shown as a record under --verbose: its list of records a
				// table under its key (a task's transition history).
				// Inline (a table's cell) it is still its cell.
				f.Block, _ = b.table(m.Value.Items, 0, raw)
			}
			fields = append(fields, f)
		}
		if len(fields) == 0 {
			return view.Cell{Kind: view.Empty, Text: "{}", Exact: raw}
		}
		return view.Cell{Kind: view.Object, Sub: &view.Sub{Fields: fields}, Exact: raw}
	}
	return view.Cell{}
}

// stringCell is cellOf of a string. Its builder and key's meaning are not
// copied: a table asks it of most cells.
func (b *builder) stringCell(km *keyMeaning, s string, raw bool) view.Cell {
	c := view.Cell{Kind: view.Text, Text: s, Exact: raw}
	switch {
	case s == "":
		return c
	case IsUUID(s):
		c.Kind = view.ID
		if !km.fullID && !b.whole { // asked for whole, or to be passed back
			c.ShortLen = 8 // khive accepts the 8-character prefix
		}
		return c
	case km.id && !strings.ContainsAny(s, " \n"):
		c.Kind = view.ID
		return c
	}
	if t, ok := relative.Parse(s); ok {
		c.Kind, c.At = view.Time, t
		return c
	}
	if isURL(s) {
		c.Kind = view.URL
		return c
	}
	switch {
	case km.taskStatus:
		c.Kind = view.TaskStatus
	case km.status && (b.khive && km.gtd || healthWord(s)):
		c.Kind = view.Status
	case km.outcome:
		c.Kind = view.Outcome
	case km.dependency:
		c.Kind = view.Dependency
	case km.priority:
		c.Kind = view.Priority
	case km.level:
		if w, ok := glyphs.Find(s, glyphs.Levels...); ok {
			c.Tone = view.Tone(w.Tone)
		}
	}
	return c
}

// record makes an object's key/value lines: fillers left out (not inside
// an error), nested objects as records under their key, arrays of objects
// as tables, other arrays of containers item by item.
func (b builder) record(v Value, indent int, raw, inProps bool) *view.Record {
	r := b.recordOf(v, indent, raw, inProps)
	return &r
}

// recordOf is record's record itself, for a caller that makes it a block:
// one allocation, the block's, not a record's and then the block's.
func (b builder) recordOf(v Value, indent int, raw, inProps bool) view.Record {
	// A log line is a document's own record: one nested in it (an err, a
	// request) has no level of pino's, and is not looked at for one.
	b.logger = b.depth == 0 && IsLoggerRecord(v)
	r := view.Record{Indent: indent, Exact: raw, Stamps: !b.khive && !b.shaped, Fields: make([]view.Field, 0, len(v.Members))}
	sections := hasSection(v)
	if b.short(raw) {
		v = saidOnce(v)
	}
	members := byMeaning(v.Members)
	if b.logger && !raw {
		members = loggerFirst(members)
	}
	for i, m := range warningsFirst(members) {
		if i == input.StreamAfter {
			// Laid out on the fields of its first members, as a streamed
			// one is (byMeaning ranks those alone).
			r.Measured = max(len(r.Fields), 1)
		}
		if sections && m.Value.Kind == Null && !raw {
			// Among sections, a null one is all that is said of it
			// (docker version's "Server": null, without a daemon).
			r.Fields = append(r.Fields, view.Field{Key: m.Key, Cell: view.Cell{Kind: view.Null, Text: "null"}})
			continue
		}
		if f, ok := b.field(m, raw, inProps); ok {
			r.Fields = append(r.Fields, f)
		}
	}
	sameLabels(r.Fields)
	if testEvent(v) {
		for i := range r.Fields {
			if r.Fields[i].Key == "Action" && r.Fields[i].Cell.Kind == view.Text {
				r.Fields[i].Cell.Kind = view.Outcome // test2json's pass, fail, skip
			}
		}
	}
	if v.Has("taskId") {
		// An MCP task: its status is the specification's word (completed
		// is its success), not khive's, and its ttl and pollInterval are
		// milliseconds (the specification's; a bare ttl elsewhere, a DNS
		// record's, is seconds or unknown).
		for i := range r.Fields {
			f := &r.Fields[i]
			if f.Key == "status" && (f.Cell.Kind == view.Status || f.Cell.Kind == view.Text) {
				f.Cell.Kind = view.TaskStatus
			}
			if taskMillis(f.Key) && f.Cell.Kind == view.Number {
				f.Cell.Kind, f.Cell.Unit = view.Duration, time.Millisecond
			}
		}
	}
	return r
}

// taskMillis reports an MCP task's member that counts milliseconds.
func taskMillis(key string) bool { return key == "ttl" || key == "pollInterval" }

// saidOnce is a record without what its properties repeat: a khive
// task's status, priority, assignee and due are its fields and again
// under properties (gtd.assign took 22 lines for one task). A property
// whose key and value are a field's is left out of properties; the
// record itself is unchanged when none is.
func saidOnce(v Value) Value {
	i := -1
	for k, m := range v.Members {
		if m.Key == "properties" && m.Value.Kind == Object {
			i = k
		}
	}
	if i < 0 {
		return v
	}
	props := v.Members[i].Value
	get := v.Get
	if len(v.Members) > 16 && len(props.Members) > 16 {
		// Wide on both sides: looked up in a map, not a scan a property.
		top := make(map[string]Value, len(v.Members))
		for _, m := range v.Members {
			if _, seen := top[m.Key]; !seen {
				top[m.Key] = m.Value
			}
		}
		get = func(k string) (Value, bool) { t, ok := top[k]; return t, ok }
	}
	var kept []Member
	for k, p := range props.Members {
		if top, ok := get(p.Key); ok && p.Key != "properties" && value.Same(top, p.Value) {
			if kept == nil {
				kept = append(make([]Member, 0, len(props.Members)), props.Members[:k]...)
			}
			continue
		}
		if kept != nil {
			kept = append(kept, p)
		}
	}
	if kept == nil {
		return v
	}
	ms := append([]Member(nil), v.Members...)
	ms[i].Value = Value{Kind: Object, Members: kept}
	v.Members = ms
	return v
}

// hasSection reports a record of sections: every member that is not null
// is an object of fields, and some is.
func hasSection(v Value) bool {
	some := false
	for _, m := range v.Members {
		switch {
		case m.Value.Kind == Object && len(m.Value.Members) > 0:
			some = true
		case m.Value.Kind != Null:
			return false
		}
	}
	return some
}

// sameLabels keeps the keys of fields whose labels would be the same
// (created and created_at): each is then told apart by its key.
func sameLabels(fs []view.Field) {
	if len(fs) < 2 || fs[0].Label == "" && fs[1].Label == "" {
		return
	}
	n := map[string]int{}
	for _, f := range fs {
		n[f.Name()]++
	}
	for i := range fs {
		if n[fs[i].Label] > 1 {
			fs[i].Label = ""
		}
	}
}

// field is a member as a record's field; false for one a record leaves out.
func (b builder) field(m Member, raw, inProps bool) (view.Field, bool) {
	if !raw && IsFiller(m.Key, m.Value, inProps) {
		return view.Field{}, false
	}
	if m.Key == "full_id" && b.short(raw) {
		return view.Field{}, false // a copy of the full UUID next to a short id
	}
	val := m.Value
	props := inProps || m.Key == "properties"
	km := b.opt.Keys.meaning(m.Key) // the cell's and the label's, looked up once
	f := view.Field{Key: m.Key}
	nonEmpty := len(val.Members) > 0 || len(val.Items) > 0
	switch {
	case (val.Kind == Object || val.Kind == Array) && nonEmpty && b.tooDeep():
		f.Cell = deep(val)
	case val.Kind == Object && len(val.Members) > 0:
		nb := b.deeper()
		nb.whole = nb.whole || cursorWords(Snake(m.Key))
		f.Block = nb.recordOf(val, 0, raw, props)
	case val.Kind == Array && value.AllObjects(val.Items):
		blk, n := b.deeper().table(val.Items, 0, raw)
		if n < len(val.Items) {
			// --where left rows out: said under them, as under a list
			// of its own; of none kept, that alone.
			c := countOf(n, len(val.Items), Noun(val.Items, ""), 0)
			if t, ok := blk.(view.Table); ok && n > 0 {
				t.Count = &c
				blk = t
			} else if n == 0 {
				blk = c
			}
		}
		f.Block = blk
	case val.Kind == Array && !value.AllScalars(val.Items):
		f.Block = b.deeper().recordOf(indexed(val.Items, nil), 0, raw, props)
	default:
		f.Cell = b.cellOf(m.Key, km, val, raw)
	}
	if b.opt.Fold && !b.opt.Verbose {
		f.Label = label(km, f.Cell)
	}
	if isWarning(m) && f.Cell.Kind == view.Text {
		f.Cell.Tone = view.Warn
	}
	return f, true
}

// label is a key as a table heads its column (created for created_at, in
// an error too: its values are exact, its keys are read); a unit the
// header leaves to the cell stays when the cell does not say it
// (retry after ms: 2000, exact). "" when it is the key.
func label(km keyMeaning, c view.Cell) string {
	if km.unitKey && (c.Kind != view.Duration || c.Exact) {
		return km.unitLabel
	}
	return km.label
}

// labels is what label chooses from, worked out once for a key (Keys).
func labels(key string) (l, unitLabel string, unitKey bool) {
	// "id", "status": the key is its own label. GoFiles, mimeType, HOME:
	// names whose case is part of them, which a reader looks up as written
	// (go list -f {{.XTestGoFiles}}).
	if plainKey(key) || strings.ToLower(key) != key {
		return "", "", false
	}
	none := func(s string) string {
		if s == key {
			return ""
		}
		return s
	}
	_, unitKey = durationWords(Snake(key))
	return none(strings.ToLower(Header(key))), none(Spaced(Snake(key))), unitKey
}

// plainKey reports a key of lower-case letters and digits only, which
// reads as it is written.
func plainKey(key string) bool {
	for i := 0; i < len(key); i++ {
		if c := key[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// refList reports a list of references to other records: objects that
// each name one by its id, and may say its state (khive's blocked_by:
// {id, state, status}).
func refList(items []Value) bool {
	for _, it := range items {
		id, ok := it.Get("id")
		if it.Kind != Object || !ok || id.Kind != String || len(it.Members) > 4 {
			return false
		}
	}
	return true
}

// refCell shows references as their IDs, each with its state when it has
// one ("0587212a pending, 9c1e44d0 missing"); the whole objects are there
// under --verbose.
func refCell(b builder, items []Value) view.Cell {
	cells := make([]view.Cell, len(items))
	for i, it := range items {
		id, _ := it.Get("id")
		fields := []view.Field{{Cell: b.cell("id", id, false)}}
		for _, k := range [...]string{"state", "status"} {
			if st, ok := it.Get(k); ok && st.Kind == String && st.Text != "" {
				c := b.cell(k, st, false)
				if k == "state" {
					c.Kind = view.Dependency
				}
				fields = append(fields, view.Field{Cell: c})
				break
			}
		}
		cells[i] = view.Cell{Kind: view.Object, Sub: &view.Sub{Fields: fields}}
	}
	return view.Cell{Kind: view.List, Sub: &view.Sub{Items: cells}}
}

// warningsFirst moves a warning about the whole record (a JWT decoder's
// "Signature is NOT verified") before the fields it is about: it is the
// first thing to read. The others keep their order.
func warningsFirst(members []Member) []Member {
	at := slices.IndexFunc(members, isWarning)
	if at <= 0 || len(members) > input.StreamAfter {
		return members
	}
	out := make([]Member, 0, len(members))
	out = append(out, members[at])
	out = append(out, members[:at]...)
	return append(out, members[at+1:]...)
}

// isWarning reports a warning as text: "warning": "…", "warnings": […].
func isWarning(m Member) bool {
	// Asked of every member of every record: most keys are told apart by
	// their length or first letter, without lowering them.
	if k := m.Key; len(k) != 7 && len(k) != 8 || k[0]|0x20 != 'w' && k[0]|0x20 != 'c' ||
		!strings.EqualFold(k, "warning") && !strings.EqualFold(k, "warnings") && !strings.EqualFold(k, "caution") {
		return false
	}
	return m.Value.Kind == String && m.Value.Text != "" || m.Value.Kind == Array && len(m.Value.Items) > 0 && value.AllScalars(m.Value.Items)
}

// isDecimal reports a string that is a decimal number as written: an
// optional sign, digits, and a fraction ("99999999.99", "-3", "0.50").
func isDecimal(s string) bool {
	whole, frac, dot := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	return isUint(whole) && (!dot || isUint(frac))
}

// loggerFirst puts a pino or bunyan record's level and msg first, as
// pino-pretty heads each line with them: what happened, before the
// context (and a stack) that follows it.
func loggerFirst(members []Member) []Member {
	out := make([]Member, 0, len(members))
	for _, k := range [...]string{"level", "msg"} {
		for _, m := range members {
			if m.Key == k {
				out = append(out, m)
			}
		}
	}
	for _, m := range members {
		if m.Key != "level" && m.Key != "msg" {
			out = append(out, m)
		}
	}
	return out
}

// byMeaning is an object's members in the order a record shows them. The
// order they came in is kept, as a person or a server chose it, unless it
// is alphabetical: serde_json (khive) sorts every key, and a record that
// reads audit_persisted, due, from, id … buries the id. Then fields are
// ranked as table columns are: identity, state, what the row is about,
// who and when, bookkeeping last; keys of the same rank stay in order.
//
// Only the first input.StreamAfter members are looked at and ranked, the
// rest kept in order after them, as a document too large to hold (whose
// first members are all that is known when they are shown) has them.
func byMeaning(members []Member) []Member {
	// Three keys fall in alphabetical order by chance too often to say
	// anything; an array shown as a record ([0], [1] …) keeps its order.
	if len(members) < 4 || strings.HasPrefix(members[0].Key, "[") {
		return members
	}
	if len(members) > input.StreamAfter {
		head := byMeaning(members[:input.StreamAfter])
		if &head[0] == &members[0] {
			return members
		}
		return append(head, members[input.StreamAfter:]...)
	}
	for i := 1; i < len(members); i++ {
		if members[i-1].Key > members[i].Key {
			return members
		}
	}
	ranked := append([]Member(nil), members...)
	order := make(map[string]int, len(ranked))
	for _, m := range ranked {
		_, isTime := relative.Parse(m.Value.Text)
		order[m.Key] = columnInfo(m.Key, m.Value.Kind, isTime && m.Value.Kind == String).order
	}
	sort.SliceStable(ranked, func(i, j int) bool { return order[ranked[i].Key] < order[ranked[j].Key] })
	return ranked
}

// indexed is items as an object whose keys are their places in the
// input ("[0]", "[1]" …): those at idx, in its order, or all of them when
// idx is nil.
func indexed(items []Value, idx []int) Value {
	n := len(items)
	if idx != nil {
		n = len(idx)
	}
	v := Value{Kind: Object, Members: make([]Member, n)}
	for i := range v.Members {
		j := i
		if idx != nil {
			j = idx[i]
		}
		v.Members[i] = Member{Key: "[" + strconv.Itoa(j) + "]", Value: items[j]}
	}
	return v
}

// columns is the plan of a table of records, decided from its rows (or,
// for a long list, its first rows): which keys it shows, in which order,
// and whether the first score column gets a bar.
type columns struct {
	b     builder
	raw   bool
	cols  []view.Column  // its Key is the key of the column ("" for a bar)
	occs  []int          // the occurrence of its key each column shows (nil: the first, all)
	index map[string]int // key and occurrence → column, for a wide table
	bar   int            // the column of the bar, or -1
	top   float64        // the bar's full scale
	occ   map[string]int // occurrences of keys in the row being read
	colsB []int
	means []keyMeaning // of each column's key
	// same keeps, by column, the cells of short strings that repeat down
	// a long list (statuses, priorities, assignees), numbered by Same.
	same    []sameCells
	listKey []byte // the key of the list being looked up
	// once: the table's rows are all in hand and few, so no cell repeats
	// often enough to be worth numbering (a map a column was most of a
	// one-row table's cost).
	once bool
	// repeats: a row planned gives a key twice; if none does, rows need
	// not look.
	repeats bool
	window  int // how many of the rows a held list is laid out on (input.Window)
}

type sameCells struct {
	// off: the column's cells are not numbered, nor looked up (an ID's,
	// or one whose texts mostly differ), hits and misses what led to it.
	off          bool
	hits, misses int
	byText       map[string]int32
	byList       map[string]int32 // short lists of scalars (tags), by their items
	cells        []view.Cell
	// few is texts numbered, with their numbers (fewN), each in the slot
	// fewSlot picks, the first to take it; the others are in byText: a
	// column of a few values (a status, a priority) is found in one
	// comparison, not a hash, nor a look through them all.
	few  [16]string
	fewN [16]int32
}

// fewSlot is the slot of sameCells.few of a text: from its length and its
// ends, which tell apart most of a column's few values.
func fewSlot(s string) int {
	if s == "" {
		return 0
	}
	return (len(s)*31 + int(s[0])*7 + int(s[len(s)-1])) & 15
}

// plannedColumn is what columns learns of one key (and occurrence) of the rows.
type plannedColumn struct {
	key     string
	km      *keyMeaning // its meaning and header (Keys.column)
	occ     int
	info    colInfo
	has     bool // some row has a value worth showing
	kind    Kind
	time    bool // every value is a timestamp
	named   bool // asked for by --columns
	prose   int  // how many rows hold a sentence in it
	docs    int  // and of those, text of several lines (a README): a document
	words   int  // the spaces in its sentences: which of two says more
	numbers int  // how many of its values are numbers, or decimal numbers in strings
	longest int  // the widest string, in columns (short ones: textWidth)
	// names is, for a name or path column alone, its texts so far while
	// none repeats (nil once one does): names that all differ.
	names *textSet
	alarm bool // some row holds a failure in it (a broken dependency)
	set   int  // how many rows hold a value in it
	// top is the largest number of a score column so far, and noBar set
	// once one is negative or unreadable: a bar is drawn relative to top,
	// so rows compare at a glance whatever the score's scale (RRF scores
	// are around 0.03), and not at all when no number is above zero.
	top   float64
	noBar bool
	// Measured on the values, to rank a column no key of ours names: its
	// scalars seen so far while each was short and none repeated (nil
	// once one is long, repeats or is not a scalar: no identity), and
	// how many are web addresses.
	distinct textSet
	other    bool
	urls     int
	posns    int // how many are positions in a file: path:line or path:line:col
	paths    int // how many are paths (a/b, no space): their ends tell them apart
	digests  int // how many are hashes (isDigest), which name no row to a person
	tokens   int // how many are codes (isCode: a MAC, a version)
	codeLen  int // the longest of them
	// records and others count the rows whose value is a list of
	// records, and a list of anything else: a column of the first alone
	// is shown under its rows (view.Column's Under).
	records, others int
	list            Value // the first list of records
}

// measure notes what a value says of its column's rank (plannedColumn's
// distinct, other and urls).
func (c *plannedColumn) measure(v Value) {
	if u, ok := wrappedRecords(v); ok {
		v = u // shown as the list it wraps
	}
	if v.Kind == String {
		c.longest = max(c.longest, textWidth(v.Text))
		if c.names != nil && !c.names.add(v.Text) {
			c.names = nil
		}
		if isPath(v.Text) {
			c.paths++
		}
	}
	switch {
	case v.Kind == String && isURL(v.Text):
		c.urls++
	case v.Kind == String && isPosition(v.Text):
		c.posns++
	case v.Kind == String && isDigest(v.Text), v.Kind == Array && allDigests(v.Items):
		c.digests++
	case v.Kind == String && isCode(v.Text):
		c.tokens++
		c.codeLen = max(c.codeLen, len(v.Text))
	case v.Kind != Array || len(v.Items) == 0:
	case value.AllObjects(v.Items):
		if c.records++; c.records == 1 {
			c.list = v
		}
	default:
		c.others++
	}
	if c.other {
		return
	}
	if v.Kind != String && v.Kind != Number || len(v.Text) > identityMax || v.Text == "" || strings.Count(v.Text, " ") >= 2 || !c.distinct.add(v.Text) {
		c.other, c.distinct = true, textSet{}
	}
}

// columns plans the table of rows. It is nil when they are too sparse to
// be a table (Sparse): that is decided here, on the columns the table
// would show, before any cell is made, for held and streamed lists and
// runs alike.
func (b builder) columns(rows []Value, raw bool) *columns {
	// The planned columns are taken from the run's Plan, used again by the
	// next table; a row's repeated keys are counted only in a row that
	// has some (a map a row was most of a small table's cost).
	b.logger = len(rows) > 0 && IsLoggerRecord(rows[0])
	// Lines of a log: a level that says error marks its row's failure.
	logRows := len(rows) > 0 && IsLogRecord(rows[0])
	// go test -json's events: an Action of fail marks its row's failure.
	testRows := len(rows) > 0 && testEvent(rows[0])
	// go list -json's packages (cmd/go's Package, go help list): named by
	// their ImportPath, whose Dir comes first.
	goPackages := len(rows) > 0 && rows[0].Has("ImportPath") && rows[0].Has("Dir")
	p := b.opt.Plan
	if p == nil {
		p = &Plan{}
	}
	keys, cols := p.start()
	defer func() { p.cols = cols[:0] }()
	slab := p.planned[:0]
	cells, widest := 0, 0
	repeats := false // a row gives a key twice
	for _, row := range rows {
		cells += len(row.Members)
		widest = max(widest, len(row.Members))
		keys.Row()
		keys.Expect(len(row.Members))
		for i, m := range row.Members {
			k, fresh := keys.Child(&keys.Root, i, m.Key)
			if fresh {
				if len(slab) == cap(slab) {
					// A new chunk, kept for the next table: the columns
					// planned so far point into this one.
					slab = make([]plannedColumn, 0, max(16, 2*cap(slab), len(row.Members)))
					p.planned = slab
				}
				slab = append(slab, plannedColumn{key: k.Key, occ: k.Occ, km: b.opt.Keys.column(m.Key), kind: Null, time: true})
				if slab[len(slab)-1].km.col.names {
					slab[len(slab)-1].names = &textSet{}
				}
				k.Of = &slab[len(slab)-1]
				cols = append(cols, k.Of)
				repeats = repeats || k.Occ > 0
			}
			c := k.Of
			if raw || (!IsFiller(m.Key, m.Value, false) && m.Value.Kind != Null) {
				c.has = true
				c.set++
			}
			if m.Value.Kind != Null {
				c.kind = m.Value.Kind
				// Parsed only while every value so far was a time.
				if c.time && (m.Value.Kind != String || !isTime(m.Value.Text)) {
					c.time = false
				}
			}
			if c.km.score && m.Value.Kind == Number && !c.noBar {
				f, err := strconv.ParseFloat(m.Value.Text, 64)
				c.top, c.noBar = max(c.top, f), err != nil || f < 0
			}
			c.measure(m.Value)
			if m.Value.Kind == Number || m.Value.Kind == String && isDecimal(m.Value.Text) {
				c.numbers++
			}
			if saysWhy(m.Value) {
				c.prose++
				head := m.Value.Text[:min(len(m.Value.Text), 1024)]
				c.words += strings.Count(head, " ")
				if strings.Contains(strings.TrimRight(head, "\n"), "\n") {
					c.docs++
				}
			}
			if !c.alarm && (m.Value.Kind == String && alarming(m.Key, testRows && m.Key == "Action", c.km.status, m.Value.Text) || m.Value.Kind == Bool && BoolTone(m.Key, m.Value.IsTrue()) == view.Bad ||
				logRows && c.km.level && levelAlarm(m.Value)) {
				c.alarm = true
			}
		}
	}
	short := b.short(raw)
	kind := UniformKind(rows)
	picks := b.opt.Steer
	if raw {
		picks = steer.Spec{} // an error's tables are shown whole
	}
	var folded folds
	window := len(rows) // the rows a held list is laid out on, as it would be streamed
	if !b.grows {
		window = input.Window(rows)
	}
	// Only a table whose rows are all in hand may fold: a long list's
	// later rows may differ (a title that is not the name), and a long
	// list held (for --sort) lays out as it would streamed.
	if short && b.opt.Fold && !b.grows && window == len(rows) {
		folded = foldedColumns(rows, keys)
	}
	visibility := noteVisibility(rows)
	posn := false // a column of positions was ranked first
	keep := p.keep[:0]
	defer func() { p.keep = keep[:0] }()
	for _, c := range cols {
		b.opt.Seen.Column(c.km.col.header)
		asked := picked(picks, c.key) >= 0
		switch {
		case !c.has:
			continue // empty in every row
		case short && c.key == "full_id" && !asked:
			continue
		case short && c.key == "kind" && kind != "" && !asked:
			continue // the footer names it: "3 tasks"
		case c.occ == 0 && folded.has(c.key) && !asked:
			continue
		}
		ck, words := c.kind, b.logger && c.km.level
		if words {
			ck = String // pino's numbers, shown as their words
		}
		c.info = c.km.col.info(c.key, ck, c.time && c.kind == String || c.kind == Number && c.km.epoch)
		if c.kind == Number && taskMillis(c.key) && len(rows) > 0 && rows[0].Has("taskId") {
			c.info = durationColumn // an MCP task's ttl and pollInterval (milliseconds)
		}
		if (ck == Number || ck == String) && !words && c.numbers == c.set && c.set > 0 && !c.time && !c.km.epoch {
			// Numbers line up by their units, whatever the key (a
			// query's priority, an id): as psql and a spreadsheet do; a
			// decimal in a string too (PostgreSQL's numeric, which
			// drivers send as text to keep its digits).
			c.info.align = view.Right
		}
		// Sentences in most of its values, whatever the key: the text that
		// explains a row (a snippet, a payload's reason). A log line's
		// message is what the line says, however few its words ("slow
		// request"): the room goes to it before the fields one line in six
		// has.
		if c.info.flex && c.info.keep < proseKeep && (c.prose > 0 && c.prose*2 >= c.set || logRows && (c.key == "msg" || c.key == "message")) {
			c.info.keep, c.info.min, c.info.want = proseKeep, 20, 60
			if logRows {
				// Known: the line's message, never what names the line
				// ("tick 1", "tick 2" … differ, and a later error's
				// message was cut to the width of those).
				c.info.generic = false
			}
		}
		if logRows && c.info.keep < logTimeKeep && (c.time && c.kind == String || c.kind == Number && c.km.epoch) {
			// When a log line was written orders and tells its lines
			// apart: shown once the message has its room, before the
			// message is widened whole (an 87-column error hid it at 80).
			c.info.keep = logTimeKeep
		}
		switch {
		case c.info.generic && c.urls*2 > c.set:
			// Web addresses: long, and said by the row's identity; the
			// first to go.
			c.info.order, c.info.keep = 86, 15
		case c.info.generic && (c.kind == String || c.kind == Array) && c.digests == c.set:
			// Hashes: long, said by the row's identity, useless cut; the
			// first to go.
			c.info.order, c.info.keep, c.info.flex = 87, 14, false
		case c.info.generic && c.info.flex && c.kind == String && c.tokens == c.set:
			// Codes (a MAC address, a version) cut short say nothing, or
			// another value: whole, and, on most rows and not one or two
			// characters, before a sentence's room.
			c.info.flex = false
			if c.set*2 > len(rows) && c.codeLen >= 5 {
				c.info.keep = codeKeep
			}
		case c.info.generic && c.posns == c.set && !posn:
			// Where in a file (go vet's posn): what a finding is read
			// for, and useless cut. A second (its end) says less.
			c.info.order, c.info.keep, c.info.flex = 1, identityKeep, false
			posn = true
		}
		if c.set*2 < len(rows) && len(rows) >= foldRowsMin && c.info.keep < view.Essential {
			// Empty on most rows: it says little of the table; what fills
			// every row keeps its room first.
			c.info.keep = min(c.info.keep, sparseKeep)
		}
		if c.kind == Bool && BoolTone(c.key, false) == view.Bad && c.info.generic {
			// An outcome's marks (ok, accepted): beside the row's name,
			// as a status is.
			c.info.order = 10
		}
		if c.alarm && c.info.keep < alarmKeep {
			// A failure on some row (a broken dependency, an event that
			// errored) is what the row is read for.
			c.info.keep = alarmKeep
			if c.kind == Bool || logRows && c.km.level || testRows && c.key == "Action" {
				// A mark (✓/✗): narrow, so before the sentences too.
				c.info.keep = markKeep
			}
		}
		if c.info.flex && c.longest > c.info.min && c.longest <= c.info.min+nearlyWhole {
			// Cut a few characters short, a value says less and saves
			// nothing: the column is as wide as its longest value.
			c.info.min = c.longest
		}
		if c.info.flex && c.names != nil && c.set == len(rows) && c.longest <= nameMax {
			// Names that tell the rows apart, however many words: a name
			// cut short may name another row (Desktop Commander F…); a
			// module's or a file's path (golang.org/x/…) as well.
			c.info.flex = false
		}
		switch {
		case testRows && c.key == "Action":
			// A go test event's action is its outcome (pass, fail, skip):
			// its mark first, kept however narrow the screen.
			c.info.order, c.info.keep = 1, max(c.info.keep, knownColumns["outcome"].keep)
		case testRows && c.key == "Test" && c.longest <= nameMax:
			// Its test is what its row is about: whole, and kept before
			// its output widens (TestStatusCo… beside 60 columns of
			// "=== RUN").
			c.info.order, c.info.keep, c.info.flex = 2, identityKeep, false
		case goPackages && c.key == "ImportPath":
			c.info.order, c.info.keep, c.info.flex = 0, view.Essential, false
		case testRows && c.key == "Package":
			// Whose test it is: shown, if cut (at its start, a path's),
			// before the output widens.
			c.info.order, c.info.keep = 3, max(c.info.keep, testPackageKeep)
		}
		switch {
		case kind == "task" && c.key == "content":
			// A task's content is its description: its status, priority,
			// who and when say more in a row.
			c.info.order, c.info.keep = 33, 50
		case visibility && c.key == "status", c.key == "lifecycle":
			// A note's row visibility ("active"), not a task's state.
			c.info.order, c.info.keep = 79, 24
		}
		keep = append(keep, c)
	}
	identify(keep, cols, len(rows))
	oneProse(keep)
	// Rows without an id of their own are named by an ID that leads them
	// (taskId, note_id): it is their identity column.
	if len(keep) > 0 && len(rows) > 0 && len(rows[0].Members) > 0 {
		lead := rows[0].Members[0].Key
		for _, c := range keep {
			if c.info.order == 0 {
				lead = ""
			}
		}
		for _, c := range keep {
			if c.key == lead && c.occ == 0 && IsIDKey(lead) {
				c.info.order, c.info.keep = 0, view.Essential
			}
		}
	}
	// A column --sort orders by or --where tests is kept before others
	// (not named: one value on every row is still said once): it is why
	// the rows shown are these, in this order.
	for _, c := range keep {
		if steeredBy(b.opt.Steer, c.key) {
			c.info.keep = max(c.info.keep, steeredKeep)
		}
	}
	slices.SortStableFunc(keep, byOrder)
	// --columns: exactly the columns named, in their order; or the
	// automatic choice with some added (kept however narrow the terminal)
	// and some left out.
	if len(picks.Columns) > 0 {
		var chosen []*plannedColumn
		for _, c := range keep {
			i := picked(picks, c.key)
			if i < 0 {
				// Named or not, a tree's lists of records (findmnt's
				// children, rows with the columns named) are still
				// shown under their rows: no column, and their rows are
				// the columns' too.
				if !picks.Exact || short && c.records > 0 && c.others == 0 && !b.tooDeep() && holdsAll(c.list.Items, picks.Columns) {
					chosen = append(chosen, c)
				}
				continue
			}
			b.opt.Seen.Name(picks.Columns[i].Name)
			if picks.Columns[i].Drop {
				continue
			}
			if picks.Exact {
				c.info.order = i
			}
			c.info.keep, c.named = view.Essential, true
			chosen = append(chosen, c)
		}
		if picks.Exact {
			slices.SortStableFunc(chosen, byOrder)
		}
		keep = chosen
	}
	if Sparse(len(keep), len(rows), cells) {
		return nil
	}

	n := len(keep) + 1 // and a bar
	t := p.table()
	// The columns go into the view; the rest is the plan's own, sized
	// here (at's, at the rows' size): not grown from nothing each table.
	*t = columns{b: b, raw: raw, bar: -1, once: !b.grows && len(rows) <= 2,
		cols: make([]view.Column, 0, n), means: slices.Grow(t.means[:0], n),
		colsB: slices.Grow(t.colsB[:0], widest), listKey: t.listKey[:0], occ: t.occ, repeats: repeats, window: window}
	if len(keep) > 16 {
		t.index = make(map[string]int, len(keep)) // a narrow table's keys are looked through in a row
	}
	for _, c := range keep {
		if t.index != nil {
			t.index[occKey(c.key, c.occ)] = len(t.cols)
		}
		if c.occ > 0 && t.occs == nil {
			t.occs = make([]int, len(t.cols), n)
		}
		if t.occs != nil {
			t.occs = append(t.occs, c.occ)
		}
		m := *c.km
		if visibility && c.key == "status" {
			m.status = false
		}
		if testRows && c.key == "Action" {
			m.outcome = true // test2json's pass, fail, skip
		}
		if c.key == "status" && len(rows) > 0 && rows[0].Has("taskId") {
			// MCP tasks (tasks/list): the specification's words, as a
			// task's record has them.
			m.status, m.taskStatus = false, true
		}
		if taskMillis(c.key) && len(rows) > 0 && rows[0].Has("taskId") {
			m.unit = time.Millisecond
		}
		t.means = append(t.means, m)
		t.cols = append(t.cols, view.Column{Key: c.key, Header: m.col.header, Align: c.info.align, Keep: c.info.keep,
			Flex: c.info.flex, Min: c.info.min, Want: c.info.want, Identity: m.col.identity, Named: c.named, Paths: c.paths > 0 && c.paths >= c.set,
			Live: m.status || m.outcome || m.level || m.taskStatus || m.dependency || testRows && c.key == "Package",
			Under: short && !c.named && c.records > 0 && c.others == 0 && !b.tooDeep() &&
				b.cellOf(c.key, m, c.list, raw).Kind == view.Nested}) // not a list a key of ours names (blocked_by)
		if t.bar < 0 && m.score && len(rows) > 1 {
			if !c.noBar && c.top > 0 {
				t.bar, t.top = len(t.cols), c.top
				if t.occs != nil {
					t.occs = append(t.occs, 0)
				}
				t.means = append(t.means, keyMeaning{})
				t.cols = append(t.cols, view.Column{Keep: c.info.keep - 10, Bar: true})
			}
		}
	}
	return t
}

func byOrder(a, b *plannedColumn) int { return cmp.Compare(a.info.order, b.info.order) }

// alarmKeep is the worth of a column that says a row failed: the first
// shown once the text that explains a row has its room (before it, the
// column's long header would squeeze the title on a narrow screen).
const alarmKeep = 79

// markKeep is the worth of a column of outcome marks that holds a
// failure (a repair refused): a few columns wide, shown before prose
// takes the room.
const markKeep = proseKeep + 2

// alarming reports a state that is a failure under its key: an event's
// outcome (or a test event's Action: outcome), a task's dependency state,
// a status (a key IsStatusKey names).
// Only the tone is asked for, from the vocabularies the marks come from:
// no glyph set is made.
func alarming(key string, outcome, status bool, s string) bool {
	var w glyphs.Word
	var ok bool
	switch {
	case outcome || key == "outcome":
		w, ok = glyphs.Find(s, glyphs.Outcomes...)
	case key == "dependency_state":
		w, ok = glyphs.KhiveDependency.Lookup(s)
	case status:
		// As glyphs.Set.Status: khive's task statuses, then the health words.
		if w, ok = glyphs.KhiveTaskStatus.Lookup(s); !ok {
			w, ok = glyphs.Find(s, glyphs.Health...)
		}
	}
	return ok && w.Tone == glyphs.Bad
}

// levelAlarm reports a log line's level that says it failed: error,
// fatal, critical …, or pino's 50 and 60 (glyphs.Levels).
func levelAlarm(v Value) bool {
	w, ok := glyphs.Find(v.Text, glyphs.Levels...)
	return ok && w.Tone == glyphs.Bad && (v.Kind == String || v.Kind == Number)
}

// identify ranks first the column that tells the rows apart when no key
// of ours does: where no id leads and there is no name or title, the
// first column (in the rows' order) whose values are short, filled and
// different on every row (a commit, a file, a device, a module's path)
// and that no key of ours names, or names as what a row is about (a
// path: go list -m's modules were told apart by nothing, their paths
// hidden at 80 columns behind their versions).
func identify(keep, cols []*plannedColumn, rows int) {
	leadName(keep)
	if rows < identifyRows {
		return // a few rows differ by chance
	}
	for _, c := range keep {
		if k := Snake(c.key); c.info.order == 0 || k == "name" && !c.other || k == "title" {
			return // a name that repeats (go list's main, main) tells no row apart
		}
	}
	// Names before numbers: distinct sizes or counts name no row.
	for _, kind := range []Kind{String, Number} {
		for _, c := range cols {
			if c.kind == kind && (c.info.generic || about(c.info)) && !c.other && c.urls == 0 && c.digests == 0 && c.set == rows && slices.Contains(keep, c) {
				// Never cut: a name cut short may name another row.
				c.info.order, c.info.keep, c.info.flex = 2, identityKeep, false
				return
			}
		}
	}
}

// steeredKeep is the worth of a column --sort or --where names: below
// what names a row, above the rest.
const steeredKeep = 96

// steeredBy reports a key that --sort or --where names.
func steeredBy(spec steer.Spec, key string) bool {
	return slices.ContainsFunc(spec.Where, func(c steer.Cond) bool { return ColumnNamed(c.Name, key) }) ||
		slices.ContainsFunc(spec.Sort, func(k steer.Key) bool { return ColumnNamed(k.Name, key) })
}

// about reports a known column of what a row is about (a path, a
// message), not of its state, kind, score or time.
func about(ci colInfo) bool { return ci.order >= 30 && ci.order < 40 }

// isCode reports a short token more digits and marks than letters: a
// MAC or IP address, a version (7.88.1-10+deb12u1), a device (254,0).
// Cut short it says nothing, or another value; a word (a branch, a file
// name) cut short is still read.
func isCode(s string) bool {
	if len(s) > 40 || s == "" {
		return false
	}
	if isHexGroups(s) {
		return true // ff:ff:ff:ff:ff:ff, fe80::1: its letters are digits
	}
	letters := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c >= 0x80:
			return false
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			letters++
		}
	}
	return letters*2 < len(s)
}

// isHexGroups reports hex digits in groups split by colons: a MAC or an
// IPv6 address (with a dotted IPv4 end).
func isHexGroups(s string) bool {
	colon := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			colon = true
		case c == '.', '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
		default:
			return false
		}
	}
	return colon
}

// healthWord reports a status word from the vocabulary every server
// means the same by (ok, success, failed, error, degraded …), not a task
// status: a database's "done" or a GitHub issue's "open" is its own.
func healthWord(s string) bool {
	_, ok := glyphs.HealthTone(s)
	return ok
}

// isDigest reports a hash as tools write one: 32 hex digits or more (a
// git commit, a sha256), or base64 or hex after an algorithm's name (Go's
// h1:…=, npm's sha512-…, a docker digest sha256:…).
func isDigest(s string) bool {
	if len(s) < 24 {
		return false // most values: told by their length alone
	}
	if i := strings.IndexAny(s[:min(len(s), 9)], ":-"); i > 0 {
		switch s[:i] {
		case "h1", "sha1", "sha256", "sha384", "sha512", "md5":
			return len(s)-i > 20
		}
	}
	if len(s) < 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; !('0' <= s[i] && s[i] <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// allDigests reports a non-empty list of hashes (a commit's parents).
func allDigests(items []Value) bool {
	for _, it := range items {
		if it.Kind != String || !isDigest(it.Text) {
			return false
		}
	}
	return len(items) > 0
}

// isPosition reports a place in a file as compilers and linters write
// it: path:line or path:line:col, the path without spaces.
func isPosition(s string) bool {
	n := 0
	for n < 2 {
		i := strings.LastIndexByte(s, ':')
		if i <= 0 || !isUint(s[i+1:]) {
			break
		}
		s, n = s[:i], n+1
	}
	// path:line:col, or a path with a directory: host:port is no file's.
	return n > 0 && !strings.ContainsAny(s, " \t\n") && (n == 2 && strings.Contains(s, ".") || strings.ContainsAny(s, `/\`))
}

// leadName puts a name column whose names all differ first where no id
// does: a table's column, a device, a package is named by it, and read
// by it before its type (SQLite's table_info, lsblk).
func leadName(keep []*plannedColumn) {
	var name *plannedColumn
	for _, c := range keep {
		if c.info.order == 0 {
			return
		}
		if Snake(c.key) == "name" && c.names != nil && c.occ == 0 {
			name = c
		}
	}
	if name != nil {
		name.info.order = 2
	}
}

// oneProse leaves the room sentences want to one column of them, the
// worthiest (of equals, the one of more words): a second column of sentences (a summary beside a
// description) gives way to the short columns that tell the rows apart
// and qualify them, before it is shown cut to a few words. A column of
// documents (a package's README beside its summary) gives way to one of
// sentences: a row shows the first line of a document, its title's
// underline as often as not.
func oneProse(keep []*plannedColumn) {
	var first *plannedColumn
	docs := func(c *plannedColumn) bool { return c.docs*2 > c.prose }
	for _, c := range keep {
		if !c.info.flex || c.info.keep >= view.Essential || c.prose == 0 || c.prose*2 < c.set || c.named || c.words < 4*c.prose {
			// A name of a few words (Reciprocal Rank Fusion) is not
			// the sentences of a row: five words or more on average.
			continue
		}
		switch {
		case first == nil:
			first = c
		case docs(c) != docs(first):
			if docs(c) {
				c.info.keep = min(c.info.keep, secondProseKeep)
				continue
			}
			first.info.keep = min(first.info.keep, secondProseKeep)
			first = c
		case c.info.keep > first.info.keep || c.info.keep == first.info.keep && c.words > first.words:
			first.info.keep = min(first.info.keep, secondProseKeep)
			first = c
		default:
			c.info.keep = min(c.info.keep, secondProseKeep)
		}
	}
}

// nearlyWhole is how far short of its longest value a column's narrowest
// may be for it to be shown whole instead; nameMax the longest name never
// cut.
const (
	nearlyWhole = 4
	nameMax     = 40
)

// textWidth is how many columns s takes, for a short s (a name, a title);
// a long one, past any column's narrowest, by its bytes.
func textWidth(s string) int {
	if len(s) > 96 {
		return len(s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}

// isTime reports a timestamp, or a time already written relative to a
// clock ("3h ago"): a column of them is a column of times.
func isTime(s string) bool {
	_, ok := relative.Parse(s)
	return ok || relative.IsAgo(s)
}

// textSet is a set of texts, for values that must all differ. The first
// few are looked through, the others hashed: most tables are planned on
// a few rows (a document's), and a map a column was most of what a
// small table's plan allocated.
type textSet struct {
	few [8]string
	n   int
	m   map[string]struct{}
}

// add adds s, false if it was there.
func (t *textSet) add(s string) bool {
	for _, f := range t.few[:t.n] {
		if f == s {
			return false
		}
	}
	if t.n < len(t.few) {
		t.few[t.n] = s
		t.n++
		return true
	}
	if _, ok := t.m[s]; ok {
		return false
	}
	if t.m == nil {
		t.m = make(map[string]struct{}, 16)
	}
	t.m[s] = struct{}{}
	return true
}

// secondProseKeep is the worth of a second column of sentences: above a
// column of web addresses or hashes, below what names or counts a row.
const secondProseKeep = 32

// identifyRows is how many rows show that a column's values differ on
// every row by what they are, not by chance.
const identifyRows = 4

// identityKeep is the worth of a column that tells rows apart: kept
// before anything but the essential ones.
const identityKeep = 97

// sparseKeep is the worth of a column empty on most rows; foldRowsMin
// is how many rows show that it is (as a column said once needs three).
const (
	sparseKeep  = 30
	foldRowsMin = 3
)

// codeKeep is the worth of a column of codes (isCode): short, exact,
// kept before prose gets the room it wants.
const codeKeep = proseKeep + 1

// proseKeep is the worth of a column of sentences: shown before the
// columns that only qualify a row (times, who, kinds).
const proseKeep = 85

// testPackageKeep is the worth of a go test event's package: table.HighValue's.
const testPackageKeep = 80

// logTimeKeep is the worth of a log line's time: table.LowValue's, shown
// once free text has its Want.
const logTimeKeep = 66

// isProse reports text that reads as a sentence: words, not a token.
func isProse(s string) bool {
	return len(s) >= 20 && strings.Count(s, " ") >= 2
}

// saysWhy reports a value that holds a sentence: a string, or an object
// of one or two members with one among them (an event's payload:
// reason=…). A larger object is a record of its own, not a sentence.
func saysWhy(v Value) bool {
	switch v.Kind {
	case String:
		return isProse(v.Text)
	case Object:
		return len(v.Members) <= 2 && slices.ContainsFunc(v.Members, func(m Member) bool { return m.Value.Kind == String && isProse(m.Value.Text) })
	}
	return false
}

// foldedColumns are the columns a shortened table leaves out because
// another says the same: khive's search rows carry title beside an equal
// name and rank_score beside an equal score, and agent-mode rows
// created_at_relative beside the created_at it was computed from (human
// output computes its own). --verbose and --columns show them.
func foldedColumns(rows []Value, keys *KeyTree[*plannedColumn]) folds {
	var f folds
	if c := keys.Top("created_at", 0); c != nil && c.Of.time {
		f[0] = true
	}
	for i, p := range [...][2]string{{"name", "title"}, {"score", "rank_score"}} {
		if sameEverywhere(rows, p[0], p[1]) {
			f[1+i] = true
		}
	}
	return f
}

// folds says which of the columns that may fold (foldable) do.
type folds [3]bool

var foldable = [...]string{"created_at_relative", "title", "rank_score"}

func (f folds) has(key string) bool {
	i := slices.Index(foldable[:], key)
	return i >= 0 && f[i]
}

// Plan is the memory tables are planned in, used again from one table to
// the next over a run: planning the table of each small document was the
// most of what it allocated. The zero value is ready; a nil one is made
// for each table. It is for one goroutine.
type Plan struct {
	planned    []plannedColumn
	keys       KeyTree[*plannedColumn]
	cols, keep []*plannedColumn
	// spare is the columns of the last table made whole (table), done
	// with: the next table's, whose rows are made before it is given
	// back (a table in a row's cell makes its own).
	spare *columns
}

// table is the plan's spare columns, or new ones: the caller sets them.
func (p *Plan) table() *columns {
	t := p.spare
	if t == nil {
		return &columns{}
	}
	p.spare = nil
	return t
}

// done takes back the columns of a table whose rows are made, keeping
// none of the rows' values alive.
func (p *Plan) done(t *columns) {
	if p == nil {
		return
	}
	clear(t.occ)
	*t = columns{means: t.means, colsB: t.colsB, listKey: t.listKey, occ: t.occ}
	p.spare = t
}

// start empties the plan for a table: its columns as rows bring them
// (the tree of keys, its top level alone), and in order.
func (p *Plan) start() (*KeyTree[*plannedColumn], []*plannedColumn) {
	p.keys.Reset()
	p.keys.Lent = true // the rows are held while they are planned
	return &p.keys, p.cols[:0]
}

// sameEverywhere: every row that has b has a, with the same scalar value.
func sameEverywhere(rows []Value, a, b string) bool {
	any := false
	for _, r := range rows {
		y, ok := r.Get(b)
		if !ok || IsFiller(b, y, false) {
			continue
		}
		x, ok := r.Get(a)
		if !ok || x.Kind != y.Kind || !x.Scalar() || x.Text != y.Text {
			return false
		}
		any = true
	}
	return any
}

// noteVisibility reports rows of khive notes whose status is the row's
// visibility ("active"), not a task's state: notes that are not tasks and
// carry no lifecycle (khive moves the visibility there when it puts a
// task's GTD status in status).
func noteVisibility(rows []Value) bool {
	if len(rows) == 0 {
		return false
	}
	for _, r := range rows {
		k, _ := r.Get("kind")
		st, ok := r.Get("status")
		if k.Kind != String || k.Text == "task" || r.Has("lifecycle") || !ok {
			return false
		}
		switch st.Text {
		case "active", "archived", "deleted":
		default:
			return false
		}
	}
	return true
}

// picked is the index of the --columns name that names the column of key,
// or -1.
func picked(spec steer.Spec, key string) int {
	return slices.IndexFunc(spec.Columns, func(p steer.Pick) bool { return ColumnNamed(p.Name, key) })
}

// ColumnNamed reports whether name, of --columns, names the column of key
// (a key as the input has it, a dot in it a dot, not a path): the key or
// its header as shown. Every output matches names by it; plain output's
// dotted paths also by PathNamed.
func ColumnNamed(name, key string) bool { return steer.Names(name, key, Header(key)) }

// PathNamed reports whether name names the object a column of plain
// output is in, by its dotted path ("signals" names signals.keyword_score):
// every column under it.
func PathNamed(name, path string) bool {
	return len(path) > len(name) && path[len(name)] == '.' && strings.EqualFold(path[:len(name)], name)
}

// identity: the columns a concise page never cuts, because they name a
// row or its state: IDs, statuses, titles, priorities, times.
func identity(key string) bool {
	k := Snake(key)
	return IsIDKey(k) || IsStatusKey(k) || k == "outcome" || k == "title" || k == "name" || k == "priority" || k == "uri" ||
		k == "uri_template" || strings.HasSuffix(k, "_at") || k == "due"
}

// occKey names the n-th occurrence of a key in a row (duplicate keys are
// shown, each in its own column).
func occKey(key string, n int) string {
	if n == 0 {
		return key
	}
	return key + "\x00" + strconv.Itoa(n)
}

// rows is the cells of the rows the columns were planned on.
func (t *columns) rows(rows []Value) [][]view.Cell {
	out := make([][]view.Cell, len(rows))
	// A few rows (an answer's one or two) take their cells from one
	// allocation; a long list's rows each have their own, let go of
	// apart.
	var cells []view.Cell
	n := len(t.cols)
	if len(rows) <= 8 {
		cells = make([]view.Cell, len(rows)*n)
	}
	for i, r := range rows {
		at := t.atOf(r.Members, t.repeats && value.HasRepeatedKey(r.Members))
		if cells == nil {
			out[i] = t.rowAt(r.Members, at)
			continue
		}
		out[i] = t.rowInto(cells[i*n:(i+1)*n:(i+1)*n], r.Members, at)
	}
	return out
}

func keysOf(rows []Value) map[string]bool {
	keys := map[string]bool{}
	for _, row := range rows {
		for _, m := range row.Members {
			keys[m.Key] = true
		}
	}
	return keys
}

// at is the column of each member of a row (-1: not shown); valid until
// the next call.
func (t *columns) at(members []Member) []int {
	return t.atOf(members, value.HasRepeatedKey(members))
}

// atOf is at of a row that gives a key twice or not (repeats).
func (t *columns) atOf(members []Member, repeats bool) []int {
	if !repeats {
	} else if t.occ == nil || len(t.occ) > 1024 {
		t.occ = map[string]int{} // cleared in time proportional to what it held
	} else {
		clear(t.occ)
	}
	at := t.colsB[:0]
	for _, m := range members {
		n := 0
		if repeats {
			n = t.occ[m.Key]
			t.occ[m.Key] = n + 1
		}
		at = append(at, t.column(m.Key, n))
	}
	t.colsB = at
	return at
}

// column is the column of the occ-th member named key (0 for the first),
// or -1.
func (t *columns) column(key string, occ int) int {
	if t.index != nil {
		if i, ok := t.index[occKey(key, occ)]; ok {
			return i
		}
		return -1
	}
	for i := range t.cols {
		if t.cols[i].Key == key && i != t.bar && (t.occs == nil && occ == 0 || t.occs != nil && t.occs[i] == occ) {
			return i
		}
	}
	return -1
}

// rowAt makes the cells of members whose columns are known (-1: not shown).
func (t *columns) rowAt(members []Member, at []int) []view.Cell {
	return t.rowInto(make([]view.Cell, len(t.cols)), members, at)
}

// rowInto is rowAt into out, which has a cell for each column.
func (t *columns) rowInto(out []view.Cell, members []Member, at []int) []view.Cell {
	clear(out)
	for k := range members {
		if i := at[k]; i >= 0 {
			t.put(out, i, &members[k])
		}
	}
	return out
}

// wrappedRecords is the list of records an object holds and nothing
// else, however deep: GraphQL's connections ({"nodes": [...]}, a pull
// request's {"nodes": [{"commit": {"checks": {"nodes": [...]}}}]}), whose keys say
// nothing the column's does not. A row shows it under it as the list.
func wrappedRecords(v Value) (Value, bool) {
	if v.Kind != Object {
		return Value{}, false
	}
	for depth := 0; depth < 16; depth++ {
		switch {
		case v.Kind == Object && len(v.Members) == 1:
			v = v.Members[0].Value
		case v.Kind == Array && len(v.Items) == 1 && v.Items[0].Kind == Object && len(v.Items[0].Members) == 1 && v.Items[0].Members[0].Value.Kind != String:
			// One record that only wraps more (the last commit of a
			// pull request, which holds its checks).
			v = v.Items[0].Members[0].Value
		default:
			depth = 16
		}
	}
	if v.Kind == Array && len(v.Items) > 0 && value.AllObjects(v.Items) {
		return v, true
	}
	return Value{}, false
}

// put puts the cell of member m in column i into out (a row's cells,
// cleared), and the bar that column's number draws, if it draws one.
func (t *columns) put(out []view.Cell, i int, m *Member) {
	// A string with text is no filler: IsFiller (a call) is not asked
	// of most cells of a long table.
	if !t.raw && (m.Value.Kind != String || m.Value.Text == "") && IsFiller(m.Key, m.Value, false) {
		return
	}
	out[i] = t.cell(i, m)
	if i+1 == t.bar && m.Value.Kind == Number {
		if f, err := strconv.ParseFloat(m.Value.Text, 64); err == nil {
			out[t.bar] = view.Cell{Kind: view.Bar, Frac: f / t.top}
		}
	}
}

// cell is the cell of member m in column i, whose key's meaning is known.
// A short string is made once per column and numbered (Same), so that a
// writer need not make its look again either.
func (t *columns) cell(i int, m *Member) view.Cell {
	v := &m.Value // not copied: asked of every cell of a long table
	if v.Kind == Object && t.cols[i].Under {
		if u, ok := wrappedRecords(*v); ok {
			v = &u
		}
	}
	// Under --verbose every row is a record: its list of records is a
	// table under it, as in a record of its own, not a line of JSON.
	if v.Kind == Array && (t.cols[i].Under || t.b.opt.Verbose) && len(v.Items) > 0 && value.AllObjects(v.Items) {
		c := t.b.cellOf(m.Key, t.means[i], *v, t.raw)
		if c.Kind == view.Nested {
			c.Sub = &view.Sub{Block: t.b.inRowTable(v.Items, t.raw)}
		}
		return c
	}
	if v.Kind == Array {
		return t.listCell(i, m)
	}
	if v.Kind != String {
		return t.b.cellOf(m.Key, t.means[i], *v, t.raw)
	}
	if len(v.Text) > 40 || t.once {
		return t.b.stringCell(&t.means[i], v.Text, t.raw)
	}
	if t.same == nil {
		t.same = make([]sameCells, len(t.cols))
	}
	sc := &t.same[i]
	if sc.off {
		return t.b.stringCell(&t.means[i], v.Text, t.raw)
	}
	slot := fewSlot(v.Text)
	if n := sc.fewN[slot]; n != 0 && sc.few[slot] == v.Text {
		sc.hits++
		return sc.cells[n-1]
	}
	if n, ok := sc.byText[v.Text]; ok {
		sc.hits++
		return sc.cells[n-1]
	}
	c := t.b.stringCell(&t.means[i], v.Text, t.raw)
	if c.Kind == view.ID {
		sc.off = true // IDs hardly repeat: a column of them is not looked up
		return c
	}
	if len(sc.cells) >= 256 {
		// A column of distinct values fills its share; once most of
		// what it holds is missed, it is looked up no more.
		if sc.misses++; sc.misses >= 1024 && sc.misses > sc.hits {
			sc.off = true
		}
		return c
	}
	c.Same = int32(len(sc.cells) + 1)
	sc.cells = append(sc.cells, c)
	if sc.fewN[slot] == 0 {
		sc.few[slot], sc.fewN[slot] = v.Text, c.Same
		return c
	}
	if sc.byText == nil {
		sc.byText = map[string]int32{}
	}
	sc.byText[v.Text] = c.Same
	return c
}

// listCell is the cell of a short list of short scalars (tags, labels),
// made once per distinct list in a column and numbered like a repeating
// string: a long list's rows repeat the same few.
func (t *columns) listCell(i int, m *Member) view.Cell {
	v := &m.Value
	if len(v.Items) == 0 || len(v.Items) > 8 || t.once {
		return t.b.cellOf(m.Key, t.means[i], *v, t.raw)
	}
	key := t.listKey[:0]
	for _, it := range v.Items {
		if !it.Scalar() || len(it.Text) > 40 {
			return t.b.cellOf(m.Key, t.means[i], *v, t.raw)
		}
		key = strconv.AppendInt(append(key, byte(it.Kind)), int64(len(it.Text)), 10)
		key = append(append(key, ':'), it.Text...) // length first: no text can pass for two
	}
	t.listKey = key
	if t.same == nil {
		t.same = make([]sameCells, len(t.cols))
	}
	sc := &t.same[i]
	if n, ok := sc.byList[string(key)]; ok {
		return sc.cells[n-1]
	}
	c := t.b.cellOf(m.Key, t.means[i], *v, t.raw)
	if len(sc.cells) >= 256 {
		return c
	}
	if sc.byList == nil {
		sc.byList = map[string]int32{}
	}
	c.Same = int32(len(sc.cells) + 1)
	sc.cells = append(sc.cells, c)
	sc.byList[string(key)] = c.Same
	return c
}

// table makes a table of records, and says how many rows it shows (those
// --where keeps). Inside an error (raw) it also carries the rows as
// key/value blocks, for a writer that cannot fit it whole. Rows too sparse
// for a table are those blocks alone (indexed).
func (b builder) table(rows []Value, indent int, raw bool) (view.Block, int) {
	all := rows
	var idx []int // the place of each row shown, when steered
	if !raw {
		rows = liftsOf(rows, b.opt.Steer).rows(rows)
		if len(b.opt.Steer.Where) > 0 || len(b.opt.Steer.Sort) > 0 {
			idx = SteerIndex(rows, b.opt.Steer, b.opt.Seen)
			if len(idx) == 0 {
				// --where kept none: the columns there were are still
				// those a name is checked against.
				b.opt.Seen.RowColumns(rows)
			}
			rows = pick(rows, idx)
		}
	}
	t := b.columns(rows, raw)
	if t == nil {
		// Too sparse: the rows as records under their places, as they
		// came, properties not lifted (only a table lifts).
		return b.recordOf(indexed(all, idx), indent, raw, false), len(rows)
	}
	tb := view.Table{Columns: t.cols, Rows: t.rows(rows), Indent: indent, Exact: raw}
	if t.window < len(rows) {
		tb.Measured = t.window // laid out as it would be streamed
	}
	b.opt.Plan.done(t)
	if raw {
		tb.Records = b.record(indexed(rows, nil), indent, raw, false)
	}
	return tb, len(rows)
}

func pick(rows []Value, idx []int) []Value {
	out := make([]Value, len(idx))
	for i, j := range idx {
		out[i] = rows[j]
	}
	return out
}

// rest is, under --verbose, the fields a summary line left out, as a
// record at indent; nil otherwise or when there are none.
func (b builder) rest(v Value, indent int, shown ...string) *view.Record {
	if !b.opt.Verbose {
		return nil
	}
	return b.restAlways(v, indent, shown...)
}

// restAlways is the fields a view's blocks left out, as a record at indent,
// whatever the options (the record drops fillers); nil when there are none.
func (b builder) restAlways(v Value, indent int, shown ...string) *view.Record {
	if r := value.Without(v, shown...); !IsFiller("", r, false) {
		return b.record(r, indent, false, false)
	}
	return nil
}

// isPath reports a text that reads as a path: names between slashes
// (/root/go/pkg/mod/…, github.com/x/ansi, src/a.go:10). Not an address
// whose scheme or host comes first (https://…, data:image/png;base64,…,
// host:8080/x), nor base64 or a query (=).
func isPath(s string) bool {
	slash := strings.IndexByte(s, '/')
	return slash >= 0 && !strings.ContainsAny(s, " \t\n=") && strings.IndexByte(s[:slash], ':') < 0
}

// isURL reports a whole value that is a web address.
func isURL(s string) bool {
	return (strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")) && len(s) > 8 &&
		!strings.ContainsAny(s, " \t\n")
}
