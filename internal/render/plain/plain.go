// Package plain writes the stable, script-facing text form: key: value
// lines, lists as tab-separated values, errors first as "error: …" lines.
// It depends on nothing but the document (no width, clock, colour or
// locale) and loses no value; its rules are in the README ("Plain
// output"), and changes to them are breaking changes.
//
// It walks values itself (its rules are about paths and TSV, not
// presentation), but what a document is (an error, a batch, a list) it
// asks recognise, so a failure is classified once for every output. It
// imports value, input, protocol, recognise, render/lines, sanitize,
// spill (what it holds back) and internal/jsonlib.
package plain

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Steered is a writer whose tables show what --columns, --sort, --where
// and --no-headers ask; seen, when set, collects what they met.
func Steered(o *lines.Writer, spec steer.Spec, seen *recognise.Seen) Writer {
	return Writer{o: o, spec: spec, seen: seen}
}

// Rows is a writer of tables alone (-o tsv, -o csv): their rows, under a
// header line that is written again only when the columns change; header
// keeps the last one written, across the documents of a stream.
func Rows(o *lines.Writer, spec steer.Spec, seen *recognise.Seen, header *string) Writer {
	return Writer{o: o, spec: spec, seen: seen, header: header}
}

// CSV is p writing cells for CSV (Writer.csv).
func (p Writer) CSV() Writer {
	p.csv = true
	return p
}

// NoValue is the cell of an empty string or a null in rows written for
// CSV: no cell of plain output holds a NUL (it is escaped), so it tells
// them from the text "" or "null".
const NoValue = "\x00"

// Table writes the rows of t, as a table however sparse; its error is
// the input's, where an open list broke off, or the output's. A table of
// no rows whose columns --columns names exactly is its header alone.
func (p Writer) Table(t recognise.Table) error {
	p.err = new(error)
	if len(t.Rows.Items) == 0 && !t.Rows.IsOpen() {
		if p.spec.Exact && !p.spec.NoHeaders && len(p.spec.Columns) > 0 {
			names := make([]string, 0, len(p.spec.Columns))
			for _, c := range p.spec.Columns {
				if !c.Drop {
					names = append(names, c.Name) // as named: a.b is the column a.b
					p.seen.Name(c.Name)
				}
			}
			p.headerLine(strings.Join(names, "\t"))
		}
		return p.o.Err()
	}
	p.lead, p.wholeKeys = t.Lead, t.Whole
	p.table(t.Name, t.Rows)
	if err := p.o.Err(); err != nil {
		return err
	}
	return *p.err
}

// RecordsFrom starts (or goes on with) the table of records r with rows.
func (p Writer) RecordsFrom(r *Records, rows []value.Value) {
	if r.t == nil {
		r.t = newTSV(p, rows)
		r.t.writeFirst()
		r.header = *p.header
		return
	}
	for _, row := range rows {
		p.Record(r, row)
	}
}

// Check notes, without writing anything, the columns the rows of t make
// (as its plan, Lead and Whole, makes them) and the names of --columns,
// --sort and --where they meet (in seen), for a caller that checks the
// names before a table is written.
func Check(t recognise.Table, spec steer.Spec, seen *recognise.Seen) {
	rows := t.Rows.Items
	var none string
	o := lines.New(bufio.NewWriter(io.Discard), 0, "", func() error { return nil })
	p := Rows(o, spec, seen, &none)
	p.lead, p.wholeKeys = t.Lead, t.Whole
	p.spec.NoHeaders = true
	if t := newTSV(p, rows); t != nil && t.long {
		t.choose() // in long form, the columns are met as rows are written
	}
	recognise.SteerIndex(rows, spec, seen)
}

// Records is a table that grows a row at a time, across documents (a
// stream of NDJSON records): a column first met in a later row gets a
// new header line, the old columns then the new, as a long list's does.
type Records struct {
	t *tsv
	// header is the header line its rows are under: another table's
	// written since makes it write its own again.
	header string
}

// Started reports whether the table's header was made.
func (r *Records) Started() bool { return r.t != nil }

// Record adds a row to the table of records r, making it on the first.
func (p Writer) Record(r *Records, row value.Value) {
	if r.t == nil {
		p.RecordsFrom(r, []value.Value{row})
		return
	}
	r.t.p = p
	r.t.next(row) // a new column writes the header itself
	if *p.header != r.header {
		r.t.writeHeader() // another table's rows came between
	}
	r.t.write()
	r.header = *p.header
}

// Writer writes plain output (see the package's comment).
type Writer struct {
	o    *lines.Writer
	spec steer.Spec
	seen *recognise.Seen
	// header, when set, is rows-only output (-o tsv, -o csv): tables are
	// tables however sparse, and a header line the same as the last one
	// written (the next document's rows, in a stream) is not written
	// again.
	header *string
	// csv: rows-only output for CSV, whose cells are values (CSV): an
	// empty string and a null are NoValue, which CSV writes as an empty
	// field.
	csv bool
	// lead and whole are the plan of the table being written
	// (recognise.Table's Lead and Whole).
	lead, wholeKeys []string
	// err is the first error of an open list (open.go): the input's; set
	// by Document, the only way in for an open document.
	err *error
	// tmp is where what is held back past spill.Bound goes ("" is
	// os.TempDir).
	tmp string
}

// Temp is p holding back what it must (a request's ops, openBatch) in
// memory up to spill.Bound, then in a temporary file in dir.
func (p Writer) Temp(dir string) Writer {
	p.tmp = dir
	return p
}

func (p Writer) document(v value.Value) {
	switch recognise.Classify(v) {
	case recognise.ShapeBatch:
		p.batch(v)
	case recognise.ShapeError:
		p.errorEnvelope(v, false)
	case recognise.ShapeEnvelope:
		p.envelope(v)
	case recognise.ShapeList:
		p.list(v)
	case recognise.ShapeRecords:
		p.table("", v)
	case recognise.ShapeScalars:
		if len(v.Items) == 0 && !v.IsOpen() {
			p.o.Line("[]")
		}
		p.scalars(v)
	case recognise.ShapeScalar:
		p.leaf("", v)
	default: // records and mixed arrays
		if v.Open != nil && v.Open.More != nil {
			p.openObject(v)
			break
		}
		if v.IsOpen() {
			p.openRecord(v)
			break
		}
		p.walk("", "", v)
	}
}

// isTable reports a list of records: one --columns, --sort and --where
// steer, at any depth, as every other output's tables.
func isTable(v value.Value) bool { return len(v.Items) > 0 && value.AllObjects(v.Items) }

// CheckAll is Check of every list of records in v, at any depth: the
// tables plain output steers.
func CheckAll(v value.Value, spec steer.Spec, seen *recognise.Seen) {
	switch {
	case v.Kind == value.Array:
		if isTable(v) {
			Check(recognise.Table{Rows: v}, spec, seen)
		}
		for _, it := range v.Items {
			CheckAll(it, spec, seen)
		}
	case v.Kind == value.Object:
		for _, m := range v.Members {
			CheckAll(m.Value, spec, seen)
		}
	}
}

// envelope: the envelope's own scalar fields as lines, the result as a
// block of its own (a table, or its fields unprefixed), then the rest.
func (p Writer) envelope(v value.Value) {
	for _, m := range v.Members {
		if m.Key == "result" {
			p.o.Gap()
			p.result(m.Value)
			p.o.Gap()
			continue
		}
		p.field("", m)
	}
	if v.IsOpen() {
		p.fieldsAfter(v)
	}
}

func (p Writer) result(v value.Value) {
	switch recognise.Classify(v) {
	case recognise.ShapeRecord, recognise.ShapeArray:
		if v.IsOpen() {
			// Its list comes open after other fields: as a record's
			// (walk would write only the rows read so far).
			p.openRecord(v)
			return
		}
		p.walk("", "", v)
	case recognise.ShapeScalar, recognise.ShapeScalars:
		p.walk("result", "result", v)
	default:
		p.document(v)
	}
}

// list: the rows as a table, then the metadata as key: value lines.
func (p Writer) list(v value.Value) {
	key, rows, _ := recognise.ListRows(v)
	p.table(key, rows)
	if v.IsOpen() {
		var ok bool // its metadata follows it, or the failure it said after its rows
		if v, ok = p.after(v, key); !ok {
			return
		}
	}
	p.o.Gap()
	for _, m := range v.Members {
		if m.Key != key {
			p.field("", m)
		}
	}
}

// errorEnvelope: "error: KIND: MESSAGE" first, so `grep ^error:` finds it,
// then every other field in input order; the error object's own details as
// error.*. A batch op's header already names its tool (skipTool).
func (p Writer) errorEnvelope(v value.Value, skipTool bool) {
	ev := recognise.ViewError(v)
	parts := []string{"error"}
	if ev.Key != "" {
		parts[0] = ev.Key // as written: Go's Error
	}
	if ev.Kind != "" && !ev.Aborted && !strings.HasPrefix(ev.Msg, ev.Kind+":") {
		parts = append(parts, Text(ev.Kind))
	}
	if ev.Msg != "" {
		parts = append(parts, Text(ev.Msg))
	}
	p.o.Line(strings.Join(parts, ": "))
	for i, m := range v.Members {
		switch {
		case i == ev.ErrorAt:
			// Under its key as written: error, or Go's Error.
			if len(m.Value.Members) == 0 {
				p.o.Pair(m.Key+": ", "{}")
			}
			for _, em := range ev.ErrFields.Members {
				p.field(m.Key, em)
			}
		case ev.Head[i] && !(m.Key == "tool" && !skipTool):
		default:
			p.field("", m)
		}
	}
}

// batch: one section per op, headed "op #N of M: TOOL: ok|error|aborted",
// N counted from 0 as khive counts (its messages say "Fix op #1"), then
// the summary as one line. A request whose first op's list comes open is
// written as it is read (openBatch).
func (p Writer) batch(v value.Value) {
	res, _ := v.Get("results")
	if res.IsOpen() {
		p.openBatch(v, res)
		return
	}
	for i, r := range res.Items {
		p.o.Line(opHead(i, len(res.Items), r))
		p.op(r)
	}
	p.batchAfter(v)
}

// opTool is the tool an op's heading names: its first tool, when that is
// text; any other tool is a field of the op like the rest.
func opTool(r value.Value) (string, bool) {
	if t, ok := r.Get("tool"); ok && t.Kind == value.String && t.Text != "" {
		return t.Text, true
	}
	return "", false
}

// opState is how an op ended: ok, partial (some of its items failed),
// error or aborted.
func opState(r value.Value) string {
	if recognise.PartialOp(r) {
		return "partial"
	}
	if !recognise.IsErrorEnvelope(r) {
		return "ok"
	}
	if ab, _ := r.Get("aborted"); ab.IsTrue() {
		return "aborted"
	}
	return "error"
}

// opHead is the line that heads op i of n.
func opHead(i, n int, r value.Value) string {
	tool, _ := opTool(r)
	return "op #" + strconv.Itoa(i) + " of " + strconv.Itoa(n) + ": " + Text(tool) + ": " + opState(r)
}

// op writes an op's section under its heading.
func (p Writer) op(r value.Value) {
	_, hasTool := opTool(r)
	switch state := opState(r); {
	case state == "ok" || state == "partial": // partial: its result says which items failed
		first := true
		for _, m := range value.WithoutFirst(r, map[string]bool{"ok": true, "tool": hasTool}).Members {
			if m.Key == "result" && first {
				p.result(m.Value)
				first = false // a second result is a field
				continue
			}
			p.field("", m)
		}
	case state == "aborted" && !r.Has("error"):
		for _, m := range value.WithoutFirst(r, map[string]bool{"ok": true, "tool": hasTool, "aborted": true}).Members {
			p.field("", m)
		}
	default:
		p.errorEnvelope(r, hasTool)
	}
	p.o.Gap()
}

// batchAfter writes what follows a request's ops: its other fields, the
// summary as one line.
func (p Writer) batchAfter(v value.Value) {
	sum, _ := v.Get("summary")
	for _, m := range value.WithoutFirst(v, map[string]bool{"results": true}).Members {
		if m.Key == "summary" && m.Value.Kind == value.Object && sum.Kind == value.Object {
			sum = value.Value{} // a second summary is a field
			p.summary(m.Value)
			continue
		}
		p.field("", m)
	}
}

// summary writes {"succeeded":1,"failed":1} as "summary: 1 succeeded, 1
// failed"; a count that is not a scalar gets its own summary.* lines.
func (p Writer) summary(s value.Value) {
	var parts []string
	var rest []value.Member
	for _, m := range s.Members {
		if m.Value.Scalar() {
			parts = append(parts, Scalar(m.Value)+" "+Text(m.Key))
		} else {
			rest = append(rest, m)
		}
	}
	p.o.Line("summary: " + strings.Join(parts, ", "))
	for _, m := range rest {
		p.field("summary", m)
	}
}

// field writes one member of an object under path ("" at the top): its key
// is escaped and quoted as the path rules say, like every key.
func (p Writer) field(path string, m value.Member) {
	p.walk(joinPath(path, m.Key), m.Key, m.Value)
}

// walk writes v under path as key: value lines: nested objects as dotted
// keys, arrays of scalars inline, other arrays item by item as path[i].
func (p Writer) walk(path, key string, v value.Value) {
	p.walkAt(&pathSeg{seg: path}, key, v)
}

// pathSeg is one step of a key path, linked to the steps above it. The path
// is spelled out only for a line that is written, so deep nesting costs in
// proportion to its depth, not to its square.
type pathSeg struct {
	up  *pathSeg
	seg string // a key as joinPath writes it, or "[i]"
}

func (s *pathSeg) String() string {
	n := 0
	for x := s; x != nil; x = x.up {
		n += len(x.seg) + 1
	}
	b := make([]byte, n)
	i := n
	for x := s; x != nil; x = x.up {
		i -= len(x.seg)
		copy(b[i:], x.seg)
		if x.up != nil && x.up.seg != "" && x.seg != "" && x.seg[0] != '[' {
			i--
			b[i] = '.'
		}
	}
	return string(b[i:])
}

func (p Writer) walkAt(path *pathSeg, key string, v value.Value) {
	switch v.Kind {
	case value.Object:
		if len(v.Members) == 0 {
			// An empty object is a leaf: an MCP capability is there by
			// being present ("logging": {}).
			p.o.Pair(leafLabel(path.String(), "{}"), "{}")
			return
		}
		for _, m := range v.Members {
			p.walkAt(&pathSeg{up: path, seg: joinPath("", m.Key)}, m.Key, m.Value)
		}
	case value.Array:
		if len(v.Items) == 0 {
			p.o.Pair(leafLabel(path.String(), "[]"), "[]")
			return
		}
		if value.AllScalars(v.Items) {
			p.o.Line(label(path.String()) + inlineScalars(v.Items))
			return
		}
		if len(p.spec.Columns) > 0 && isTable(v) {
			// The columns asked of one of the answer's tables: it is a
			// table of them, as in the other outputs.
			p.o.Gap()
			p.tableAt(path, key, v)
			p.o.Gap()
			return
		}
		if idx, ok := p.steerList(path, v); ok {
			for _, i := range idx {
				p.walkAt(&pathSeg{up: path, seg: "[" + strconv.Itoa(i) + "]"}, key, v.Items[i])
			}
			return
		}
		for i, it := range v.Items {
			p.walkAt(&pathSeg{up: path, seg: "[" + strconv.Itoa(i) + "]"}, key, it)
		}
	default:
		p.leaf(leafLabel(path.String(), leafText(v)), v)
	}
}

// leaf writes a scalar's line: label, then the scalar as Scalar
// writes it, a text escaped as it is written (it may be hundreds of
// megabytes: escaped whole first, it was held twice).
func (p Writer) leaf(label string, v value.Value) {
	if v.Kind != value.String || v.Text == "" {
		p.o.Pair(label, Scalar(v))
		return
	}
	p.o.PairTo(label, func(w lines.StringWriter) { sanitize.Write(w, v.Text, sanitize.EscapeBackslash) })
}

// leafText is what leafLabel needs of a scalar's text: the words it looks
// for are the same escaped or not, so a long text is not escaped for it.
func leafText(v value.Value) string {
	if v.Kind == value.String && v.Text != "" {
		return v.Text
	}
	return Scalar(v)
}

// steerList is the rows --sort and --where keep of a list of records that
// is a member of the document itself (a search's results, a server's
// tools: the entries its view shows), each under its place in the input;
// not ok for any other list, or one none of whose rows has every name
// they give (it is not the list they are about).
func (p Writer) steerList(path *pathSeg, v value.Value) ([]int, bool) {
	if len(p.spec.Where) == 0 && len(p.spec.Sort) == 0 || !isTable(v) {
		return nil, false
	}
	words := recognise.WordsOf(v.Items, p.spec)
	if !words.Finds(v.Items) {
		return nil, false
	}
	return recognise.SteerIndexAs(v.Items, p.spec, p.seen, words), true
}

func label(path string) string {
	if path == "" {
		return ""
	}
	return path + ": "
}

// leafLabel is label for a leaf of value text: a top-level error that says
// there is none (null, "", false, {}, []) has its key quoted, so that
// `grep '^error:'` still finds failures alone.
func leafLabel(path, text string) string {
	if path == "error" {
		switch text {
		case "null", `""`, "false", "{}", "[]":
			return `"error": `
		}
	}
	return label(path)
}

// table writes rows as tab-separated values under a header line. Nested
// objects become dotted columns next to their parent; columns keep the
// order in which their keys first appear, and a column empty in every row
// is left out.
//
// Rows too sparse for a table (recognise.Sparse) are written by index
// instead, under key, the list's key ("" for a document that is a list).
func (p Writer) table(key string, list value.Value) { p.tableAt(listPath(key), key, list) }

// tableAt is table of a list at path, where its rows go by index when
// they are too sparse for a table (data.tasks[3].id).
func (p Writer) tableAt(at *pathSeg, key string, list value.Value) {
	if rest := value.Take(list); rest != nil {
		p.openTable(key, list.Items, rest)
		return
	}
	rows := list.Items
	if len(rows) == 0 {
		// Written as it is, as any empty value is: a khive list that
		// found nothing said nothing of its items.
		if path := at.String(); path != "" {
			p.o.Pair(path+": ", "[]")
		} else {
			p.o.Line("[]")
		}
		return
	}
	steered, idx := rows, []int(nil) // idx: the place of each row kept, when steered
	if len(p.spec.Where) > 0 || len(p.spec.Sort) > 0 {
		idx = recognise.SteerIndex(rows, p.spec, p.seen)
		steered = make([]value.Value, len(idx))
		for i, j := range idx {
			steered[i] = rows[j]
		}
	}
	t := newTSV(p, steered)
	if t == nil {
		for i := range steered {
			n := i
			if idx != nil {
				n = idx[i]
			}
			p.row(at, key, n, steered[i])
		}
		return
	}
	t.writeFirst()
}

// listPath is where the rows of a list under key are written by index.
func listPath(key string) *pathSeg {
	if key == "" {
		return &pathSeg{}
	}
	return &pathSeg{seg: joinPath("", key)}
}

// row writes row n of a list by index, as a held list of mixed items
// has its items: items[12].name: ….
func (p Writer) row(list *pathSeg, key string, n int, row value.Value) {
	p.walkAt(&pathSeg{up: list, seg: "[" + strconv.Itoa(n) + "]"}, key, row)
}

// joinPath appends a key to a dotted path, quoting keys that would make the
// path ambiguous.
func joinPath(path, key string) string {
	k := key
	if !plainKey(k) && (k == "" || strings.ContainsAny(k, ".[]:\"\\ \t\n") || sanitize.String(k, 0) != k) {
		k = Quote(k)
	}
	if path == "" {
		return k
	}
	return path + "." + k
}

// plainKey reports a key of letters, digits, '_' and '-' alone, which a
// path holds as it is: most keys, told without the checks of the others.
func plainKey(k string) bool {
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return k != ""
}

// Quote writes s as a JSON-style quoted string, control characters
// escaped, as plain output quotes a key or a list item.
func Quote(s string) string {
	return `"` + strings.ReplaceAll(sanitize.String(s, sanitize.EscapeBackslash), `"`, `\"`) + `"`
}

// Text is untrusted text made safe and unambiguous for one line.
func Text(s string) string { return sanitize.String(s, sanitize.EscapeBackslash) }

// Scalar is a scalar as plain output writes it.
func Scalar(v value.Value) string {
	switch v.Kind {
	case value.String:
		if v.Text == "" {
			return `""` // not an empty line or cell, which a missing value is
		}
		return Text(v.Text)
	case value.Null:
		return "null"
	}
	return v.Text // numbers exactly as written; true, false
}

// inlineScalars joins scalars with ", ". An item that would blur the list
// (empty, holding a comma or a quote, or padded with spaces) is quoted.
func inlineScalars(items []value.Value) string {
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		s := Scalar(it)
		if it.Kind == value.String && blursList(s) {
			s = Quote(it.Text)
		}
		b.WriteString(s)
	}
	return b.String()
}

// blursList reports an item of an inline list, as plain output writes it,
// that must be quoted to be read back: empty, holding a comma or a quote,
// or with white space at either end.
func blursList(s string) bool {
	return s == "" || strings.ContainsAny(s, `,"`) || strings.TrimSpace(s) != s
}
