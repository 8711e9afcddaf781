package recognise

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// document makes the view of a value by its shape: a server's shape when
// one of the registry knows it, else khive's envelopes, errors, batches
// and lists, else the generic shapes, so that any JSON has a view.
//
// A document returned open at its long list (open.go) is shown by the
// same views: those of its shapes that read such a list as it comes.
func (b builder) document(v Value, d *view.Doc) []view.Block {
	sh := Classify(v)
	if s := findShape(v, sh, ""); s != nil {
		if !s.readsOpen(v) {
			// Its shape shows it, but not as its list comes: nothing is
			// taken, so the document is held and shown as a held one is.
			return nil
		}
		if blocks, ok := b.special(s, v, d); ok {
			return blocks
		}
	}
	switch sh {
	case ShapeBatch:
		b.khive = true
		return b.batch(v, d)
	case ShapeError:
		b.khive = true
		return []view.Block{b.errorBlock(v, "")}
	case ShapeEnvelope:
		b.khive = true
		return b.envelope(v, "", false, d)
	case ShapeList:
		b.khive = true
		return b.list(v, 0)
	case ShapeRecords:
		if isOpenList(v) {
			c, noun := &count{}, Noun(v.Items, "")
			return []view.Block{b.openTable(v, 0, c), later(func() ([]view.Block, error) {
				return []view.Block{countOf(c.shown, c.rows, noun, 0)}, nil
			})}
		}
		return b.records(v.Items, Noun(v.Items, ""), 0)
	case ShapeRecord:
		if v.Open != nil && v.Open.More != nil {
			return b.openRecord(v)
		}
		if resultList(v) {
			return b.recordOfList(v)
		}
		if m, ok := v.Get("message"); ok && len(v.Members) == 1 && m.Kind == String && m.Text != "" {
			// An answer that is a message alone (graphiti's "Episode …
			// queued", "Graph data cleared …"): its text, not a field.
			return []view.Block{Prose(m.Text)}
		}
		var said []string
		if b.opt.Said != nil && b.opt.Fold && !b.opt.Verbose {
			v, said = b.opt.Said.repeated(v)
		}
		blocks := []view.Block{b.recordOf(v, 0, false, false)}
		if len(said) > 0 {
			blocks = append(blocks, view.Footer{Kind: view.Meta, Parts: []view.Part{{Text: strings.Join(said, ", ") + " as before"}}})
		}
		return blocks
	case ShapeScalars:
		if len(v.Items) == 0 && !v.IsOpen() {
			return []view.Block{countLine(0, "item", 0)} // not a bare []
		}
		return []view.Block{b.inline(v, 0)}
	case ShapeArray:
		if b.tooDeep() {
			return []view.Block{view.Scalar{Cell: deep(v)}}
		}
		var blocks []view.Block
		for _, it := range v.Items {
			blocks = append(blocks, b.deeper().document(it, d)...)
			blocks = append(blocks, view.Gap{})
		}
		return blocks
	}
	if v.Kind == Null {
		// A null answer is null, not a lifecycle's "not yet".
		return []view.Block{view.Scalar{Cell: view.Cell{Kind: view.Null, Text: "null"}}}
	}
	return []view.Block{view.Scalar{Cell: b.cell("", v, false)}}
}

// countLine is the footer of a list of records: "3 items".
func countLine(n int, singular string, indent int) view.Footer {
	return view.Footer{Kind: view.Meta, Parts: []view.Part{{Text: format.Count(n, singular)}}, Indent: indent}
}

// countOf is the footer of a list some rows of which --where left out:
// "2 of 5 tasks".
func countOf(n, total int, singular string, indent int) view.Footer {
	if n == total {
		return countLine(n, singular, indent)
	}
	return view.Footer{Kind: view.Meta, Parts: []view.Part{{Text: strconv.Itoa(n) + " of " + format.Count(total, singular)}}, Indent: indent}
}

// records is a table of records and the count under it.
func (b builder) records(rows []Value, singular string, indent int) []view.Block {
	blocks, n := b.tableShown(rows, indent)
	return append(blocks, countOf(n, len(rows), singular, indent))
}

// tableShown is the table of rows, or nothing when --where keeps none of
// them, and how many it shows. Its callers append a footer: it has room.
func (b builder) tableShown(rows []Value, indent int) ([]view.Block, int) {
	if t, n := b.table(rows, indent, false); n > 0 {
		return append(make([]view.Block, 0, 2), t), n
	}
	return nil, 0
}

// envelope is {"ok": true, "tool": …, "result": …}: "✓ tool" and the
// result as what it is. At the top level a list is its own title (its
// footer counts it); as an op of a batch (nested, numbered) every op is
// titled and its whole body is indented under the title.
func (b builder) envelope(v Value, num string, nested bool, d *view.Doc) []view.Block {
	res, _ := v.Get("result")
	tool := v.Str("tool")
	title := view.Title{Number: num, Mark: view.OK, Text: tool}
	if tool == "gtd.census" || tool == "gtd.repair" {
		// Its ids are what its next call takes back whole: gtd.repair
		// accepts only canonical UUIDs, and a census's rows are what a
		// repair names (khive's short ids are for reading, and most of
		// its tools accept them).
		b.whole = true
	}
	indent := 0
	if nested {
		indent = 2
	}
	// What the envelope says of its whole answer before its result is
	// read first, under its title, held or streamed alike (khive sorts
	// its keys: its backend errors and advisories come before "result").
	said := b.warnings(beforeResult(v), indent)
	if res.IsOpen() && tool == "" {
		// The tool comes after its open result (khive sorts its keys): no
		// shape by tool, and the title says no tool, which a writer that
		// shows it (Markdown, --verbose) cannot show; the rows are a table.
		return b.openEnvelope(v, title, indent, nested, said)
	}
	sh := Classify(res)
	if s := findShape(res, sh, tool); s != nil && s.readsOpen(res) {
		if body, ok := b.special(s, res, d); ok {
			return titled(title, said, body, b.restOf(v, indent, nested, said))
		}
	}
	if res.IsOpen() {
		return b.openEnvelope(v, title, indent, nested, said)
	}
	var body []view.Block // what follows the title
	switch sh {
	case ShapeList:
		title.Quiet, body = !nested, b.list(res, indent)
	case ShapeRecords:
		title.Quiet, body = !nested, b.records(res.Items, Noun(res.Items, "results"), indent)
	case ShapeRecord:
		if d, ok := res.Says("dry_run"); ok && d.IsTrue() {
			// Nothing was done, and what the run would have done: said
			// first, not left to fields below (khive's merge says
			// would_merge, and refused_by when its guard refused).
			text, said, refused := dryRun(res)
			title.Value = &view.Cell{Kind: view.Text, Text: text, Tone: view.Warn}
			if refused {
				title.Mark = view.Warning // it ran, and says the real one would not
			}
			if b.short(false) {
				res = value.Without(res, said...)
			}
		}
		if n, of, partial := PartialResult(res); partial {
			// Some of its items failed: said in the title, and its
			// errors first.
			title.Mark = view.Warning
			title.Value = &view.Cell{Kind: view.Text, Text: failedText(n, of), Tone: view.Bad}
			res = value.Join(Value{Kind: Object, Members: errorsOf(res)}, value.Without(res, "errors", "failed"))
		}
		body = []view.Block{b.recordOf(res, 2, false, false)}
	case ShapeScalar:
		if page, ok := mdTable(res.Text); ok && res.Kind == String {
			title.Quiet, body = !nested, b.drawnPage(page, indent)
		} else if res.Kind != Null { // no result, or an empty one: the ✓ says it all
			c := b.cell("result", res, false)
			title.Value = &c
		}
	case ShapeScalars:
		if len(res.Items) == 0 {
			// An empty list: its count, as a list of records has.
			title.Quiet, body = !nested, []view.Block{countLine(0, "result", indent)}
		} else {
			body = []view.Block{b.inline(res, 2)}
		}
	default:
		body = b.document(res, d)
	}
	return titled(title, said, body, b.envelopeRest(v, indent, nested, said))
}

// titled is an envelope's blocks: its title, the warnings said of its
// whole answer (warnings), its body, then the rest; in one slice made
// at its size, not grown by each append (a stream of small envelopes
// makes one each).
func titled(title view.Title, said, body, rest []view.Block) []view.Block {
	out := make([]view.Block, 0, 1+len(said)+len(body)+len(rest))
	out = append(append(out, title), said...)
	return append(append(out, body...), rest...)
}

// openEnvelope is an envelope whose result is, or holds, an open list
// (khive's list envelope, a search's hits): the title, quiet as a held
// list's, and said, the table, then, once the list has been read, the
// footer and the envelope's other fields, or the failure the envelope
// said after its rows.
func (b builder) openEnvelope(v Value, title view.Title, indent int, nested bool, said []view.Block) []view.Block {
	res, _ := v.Get("result")
	title.Quiet = !nested
	if title.Text == "" && (b.opt.Verbose || !b.opt.Fold) {
		// A writer that shows the title (Markdown, --verbose) needs the
		// tool, which khive sorts after the result: the list is held
		// (not taken, so value.Force holds it) to show it.
		return titled(title, said, nil, nil)
	}
	c := &count{}
	var table view.Block
	var footer func(res Value) []view.Block
	noun := ""
	if isOpenList(res) {
		noun = Noun(res.Items, "results")
		table = b.openTable(res, indent, c)
		footer = func(Value) []view.Block { return []view.Block{countOf(c.shown, c.rows, noun, indent)} }
	} else {
		key, rows, ok := ListRows(res)
		if !ok || !isOpenList(rows) {
			return titled(title, said, nil, nil) // its open list is elsewhere: held
		}
		noun = Noun(rows.Items, key)
		table = b.openTable(rows, indent, c)
		footer = func(res Value) []view.Block { return b.listFooter(res, key, c.shown, c.rows, noun, indent) }
	}
	return titled(title, said, []view.Block{table, whenWhole(v, func(w Value) []view.Block {
		return b.failedAfter(c, noun, indent, w)
	}, func(w Value) []view.Block {
		res, _ := w.Get("result")
		return append(footer(res), b.envelopeRest(w, indent, nested, said)...)
	})}, nil)
}

// restOf is envelopeRest of v, once v is whole: after an open result, a
// Later.
func (b builder) restOf(v Value, indent int, nested bool, said []view.Block) []view.Block {
	if !v.IsOpen() {
		return b.envelopeRest(v, indent, nested, said)
	}
	return []view.Block{whenWhole(v, func(w Value) []view.Block {
		return []view.Block{view.Gap{}, b.errorBlock(w, "")}
	}, func(w Value) []view.Block { return b.envelopeRest(w, indent, nested, said) })}
}

// warnings are what an envelope says of its whole answer: a search that
// ran without some of its backends, khive's advisories. A person reads
// them before the rows they are about.
func (b builder) warnings(v Value, indent int) []view.Block {
	rest := OkRest(v)
	if len(rest.Members) == 0 {
		return nil // ok, tool and result alone: most envelopes
	}
	var blocks []view.Block
	if warn, ok := b.searchPartial(rest, indent); ok {
		blocks = append(blocks, warn)
	}
	if warn, ok := b.advisories(rest, indent); ok {
		blocks = append(blocks, warn...)
	}
	return blocks
}

// envelopeRest is an envelope's fields other than ok, tool and result
// (search's status and backend errors, say), after the result; of its
// warnings, those not said before the result (one that only a member
// after a streamed result told).
func (b builder) envelopeRest(v Value, indent int, nested bool, said []view.Block) []view.Block {
	rest := b.withoutUsage(OkRest(v))
	if len(rest.Members) == 0 {
		return nil // nor does usage alone say a warning
	}
	var blocks []view.Block
	_, hasPartial := b.searchPartial(rest, indent)
	for _, w := range b.warnings(v, indent) {
		if !saidBefore(w, said) {
			blocks = append(blocks, w)
		}
	}
	if _, ok := b.advisories(rest, indent); ok && !b.opt.Verbose && b.opt.Fold {
		rest = value.Without(rest, "advisories")
	}
	if !b.opt.Verbose && b.opt.Fold {
		rest = searchQuiet(rest, hasPartial)
	}
	if !IsFiller("", rest, false) {
		if !nested {
			blocks = append(blocks, view.Gap{})
		}
		blocks = append(blocks, b.recordOf(rest, indent, false, false))
	}
	return blocks
}

// searchPartial is the one line that says a search ran without some of its
// backends (khive's partial: true, missing_backends, backend_errors):
// "partial: text backend timed out", rather than its fields as a dump.
func (b builder) searchPartial(v Value, indent int) (view.Footer, bool) {
	partial, _ := v.Get("partial")
	errs, _ := v.Get("backend_errors")
	missing, _ := v.Get("missing_backends")
	if !partial.IsTrue() && v.Str("status") != "partial" && len(errs.Members) == 0 {
		return view.Footer{}, false
	}
	var what []string
	said := map[string]bool{}
	for _, m := range errs.Members {
		said[m.Key] = true
		kind, msg := m.Value.Str("kind"), m.Value.Str("message")
		switch {
		case kind == "timeout":
			what = append(what, m.Key+" backend timed out")
		case msg != "":
			what = append(what, m.Key+" backend failed ("+msg+")")
		default:
			what = append(what, m.Key+" backend failed")
		}
	}
	for _, it := range missing.Items {
		if it.Kind == String && !said[it.Text] {
			what = append(what, it.Text+" backend missing")
		}
	}
	text := "partial"
	if len(what) > 0 {
		text += ": " + strings.Join(what, "; ")
	}
	return view.Footer{Kind: view.Meta, Indent: indent, Parts: []view.Part{{Mark: view.Warning, Tone: view.Warn, Text: text}}}, true
}

// advisories are what khive says of an op that succeeded with a caveat
// ({code, component, message, reason, severity}): a warning line each,
// its message; the whole objects under --verbose.
func (b builder) advisories(v Value, indent int) ([]view.Block, bool) {
	adv, ok := v.Get("advisories")
	if !ok || adv.Kind != Array || len(adv.Items) == 0 {
		return nil, false
	}
	var lines []view.Block
	for _, a := range adv.Items {
		msg, ok := a.Get("message")
		if a.Kind != Object || !ok || msg.Kind != String {
			return nil, false // not the shape known: shown as it is
		}
		lines = append(lines, view.Footer{Kind: view.Meta, Indent: indent,
			Parts: []view.Part{{Mark: view.Warning, Tone: view.Warn, Text: msg.Text}}})
	}
	return lines, true
}

// searchQuiet leaves out what a search op says of its backends once the
// line above said it (partial), and the diagnostics of a search that ran
// complete (status "complete", every arm "ran"); --verbose shows them.
// Any other status, or an arm that did not run, stays in view.
func searchQuiet(v Value, partialSaid bool) Value {
	arms, hasArms := v.Get("arm_participation")
	if !hasArms && !partialSaid {
		return v
	}
	allRan := arms.Kind == Object
	for _, m := range arms.Members {
		if st := m.Value.Str("status"); st != "ran" {
			allRan = false
		}
	}
	out := Value{Kind: Object}
	for _, m := range v.Members {
		switch m.Key {
		case "arm_participation":
			if allRan || partialSaid {
				continue
			}
		case "backend_errors", "missing_backends", "partial":
			if partialSaid {
				continue
			}
		case "status":
			if m.Value.Kind == String && (m.Value.Text == "complete" || m.Value.Text == "partial" && partialSaid) {
				continue
			}
		}
		out.Members = append(out.Members, m)
	}
	return out
}

// drawnPage is a page khive drew as a Markdown table, read back: a list
// when its fields say it is one (has_more …), else the rows and the fields.
func (b builder) drawnPage(page Value, indent int) []view.Block {
	if _, _, ok := ListRows(page); ok {
		return b.list(page, indent)
	}
	rows := page.Members[0].Value // where mdTable put them
	blocks := b.records(rows.Items, Noun(rows.Items, ""), indent)
	if r := b.restAlways(Value{Kind: Object, Members: page.Members[1:]}, indent); r != nil {
		blocks = append(blocks, *r)
	}
	return blocks
}

// withoutUsage leaves out an op's usage (khive's storage counters, {} when
// none) but under --verbose: bookkeeping of the server's, not the answer.
func (b builder) withoutUsage(v Value) Value {
	if b.opt.Verbose {
		return v
	}
	return value.Without(v, "usage")
}

// list is a list envelope: the table, then a footer with the count and what
// the metadata says ("more available"), then its other fields (all of them
// under --verbose).
func (b builder) list(v Value, indent int) []view.Block {
	key, rows, _ := ListRows(v)
	if isOpenList(rows) {
		c, noun := &count{}, Noun(rows.Items, key)
		return []view.Block{b.openTable(rows, indent, c), whenWhole(v, func(w Value) []view.Block {
			return b.failedAfter(c, noun, indent, value.Without(w, key))
		}, func(w Value) []view.Block { return b.listFooter(w, key, c.shown, c.rows, noun, indent) })}
	}
	blocks, n := b.tableShown(rows.Items, indent)
	return append(blocks, b.listFooter(v, key, n, len(rows.Items), Noun(rows.Items, key), indent)...)
}

// listFooter is what follows a list's rows: "3 tasks · more available",
// then the list's fields that the footer does not say.
func (b builder) listFooter(v Value, key string, n, total int, singular string, indent int) []view.Block {
	f := countOf(n, total, singular, indent)
	if hm, _ := v.Get("has_more"); hm.IsTrue() {
		more := "more available"
		if no, ok := v.Get("next_offset"); ok && no.Kind == Number {
			more += " from offset " + no.Text
		}
		f.Parts = append(f.Parts, view.Part{Text: more})
	}
	for _, k := range [...]string{"truncated", "scan_incomplete"} {
		if t, _ := v.Get(k); t.IsTrue() {
			f.Parts = append(f.Parts, view.Part{Tone: view.Warn, Text: Spaced(k)})
		}
	}
	if na, ok := v.Get("next_after"); ok && na.Kind != Null {
		c := b.cell("next_after", na, false)
		f.Parts = append(f.Parts, view.Part{Text: "more after ", Cell: &c})
	}
	if lc, _ := v.Get("limit_clamped"); lc.IsTrue() {
		clamp := "limit clamped"
		if e, ok := v.Get("effective_limit"); ok {
			clamp += " to " + ScalarText(e)
		}
		if r, ok := v.Get("requested_limit"); ok {
			clamp += " (asked " + ScalarText(r) + ")"
		}
		f.Parts = append(f.Parts, view.Part{Tone: view.Warn, Text: clamp})
	}
	rest := Value{Kind: Object}
	for _, m := range v.Members {
		if m.Key != key && (b.opt.Verbose || !IsListMetaKey(m.Key)) {
			rest.Members = append(rest.Members, m)
		}
	}
	return withRest([]view.Block{f}, b.restAlways(rest, indent))
}

// errorBlock is an error envelope: the tool, the kind, the message, and
// every other field, exactly as they came.
func (b builder) errorBlock(v Value, num string) view.Error {
	ev := ViewError(v)
	e := view.Error{Number: num, Tool: ev.Tool, Kind: ev.Kind, Aborted: ev.Aborted, Message: ev.Msg}
	if details := b.withoutUsage(ev.Details()); len(details.Members) > 0 {
		e.Details = b.record(details, 0, true, false)
	}
	return e
}

// batch is one section per op, numbered, then the totals and the batch's
// other fields. khive wraps even a single op in a request envelope: one op
// is shown as that op alone, as if it had come bare (its ✓ or ✗ says what
// the summary would), with the summary and status under --verbose.
func (b builder) batch(v Value, d *view.Doc) []view.Block {
	res, _ := v.Get("results")
	if res.IsOpen() && len(res.Items) == 1 || !res.IsOpen() && FirstOpStreams(v) {
		// The first op holds an open list: it is shown as a one-op
		// request's, before it is known whether more ops follow; if some
		// do, they are shown after it, numbered, with the totals. Held,
		// such a request is shown as it would be read.
		return append(b.envelope(res.Items[0], "", false, d), whenWhole(v, nil, b.afterFirstOp))
	}
	if res.IsOpen() {
		return nil // a later op's list: held (value.Force), as its number and the totals need the ops before it
	}
	if len(res.Items) == 1 {
		return append(b.op(res.Items[0], "", false, d), b.oneOpTail(v, res.Items[0])...)
	}
	return append(b.ops(res.Items, 0, d), b.batchTail(v)...)
}

// ops is a batch's ops, each followed by a gap, numbered from first as
// khive numbers them (from 0: its messages say "Fix op #1" of the second).
func (b builder) ops(items []Value, first int, d *view.Doc) []view.Block {
	var blocks []view.Block
	for i, r := range items {
		blocks = append(append(blocks, b.op(r, strconv.Itoa(first+i), true, d)...), view.Gap{})
	}
	return blocks
}

func (b builder) op(r Value, num string, nested bool, d *view.Doc) []view.Block {
	if IsErrorEnvelope(r) {
		return []view.Block{b.errorBlock(r, num)}
	}
	return b.envelope(r, num, nested, d)
}

// batchTail is what follows a batch's ops: its totals and other fields.
func (b builder) batchTail(v Value) []view.Block {
	bv := ViewBatch(v)
	return withRest([]view.Block{b.totals(bv)}, b.restAlways(bv.Rest, 0))
}

// oneOpTail is what follows the op of a one-op request envelope.
func (b builder) oneOpTail(v, op Value) []view.Block {
	var blocks []view.Block
	bv := ViewBatch(v)
	// The op's ✓ or ✗ says what the summary would, when the request says
	// success (or the op failed): any other word is worth its line.
	said := bv.Status == "" || bv.Status == "success" || IsErrorEnvelope(op)
	if b.opt.Verbose || !said {
		blocks = append(blocks, view.Gap{}, b.totals(bv))
	}
	return withRest(blocks, b.restAlways(bv.Rest, 0), view.Gap{})
}

// afterFirstOp is what follows the first op of a request envelope whose
// list was streamed as a one-op request's: the tail of one, or, when more
// ops followed, those ops numbered and the batch's tail.
func (b builder) afterFirstOp(v Value) []view.Block {
	res, _ := v.Get("results")
	if len(res.Items) <= 1 {
		var op Value
		if len(res.Items) == 1 {
			op = res.Items[0]
		}
		return b.oneOpTail(v, op)
	}
	blocks := append([]view.Block{view.Gap{}}, b.ops(res.Items[1:], 1, &view.Doc{})...)
	return append(blocks, b.batchTail(v)...)
}

// totals is a batch's summary line: succeeded · failed · aborted in that
// order whatever order they came in, a count of 0 left out but for
// succeeded, total left out (it is their sum) except under --verbose, then
// the status; any other count after them.
func (b builder) totals(bv BatchView) view.Footer {
	f := view.Footer{Kind: view.Totals}
	rank := map[string]int{"succeeded": -3, "failed": -2, "aborted": -1, "total": 1} // any other: 0
	counts := append([]Member(nil), bv.Counts...)
	sort.SliceStable(counts, func(i, j int) bool { return rank[counts[i].Key] < rank[counts[j].Key] })
	for _, m := range counts {
		zero := m.Value.Text == "0"
		switch {
		case m.Key == "total" && !b.opt.Verbose,
			zero && (m.Key == "failed" || m.Key == "aborted") && !b.opt.Verbose:
			continue
		}
		tone := view.Neutral
		if !zero {
			tone = countTones[m.Key]
		}
		f.Parts = append(f.Parts, view.Part{Tone: tone, Text: ScalarText(m.Value) + " " + Spaced(m.Key)})
	}
	if bv.Status != "" {
		f.Parts = append(f.Parts, view.Part{Tone: StatusTone(bv.Status), Text: bv.Status, Aside: true})
	}
	return f
}

// countTones are the tones of a batch's counts above 0 (any other:
// Neutral).
var countTones = map[string]view.Tone{"succeeded": view.Good, "failed": view.Bad, "aborted": view.Warn}

// StatusTone is what a status word means: a task status or a health word.
func StatusTone(s string) view.Tone {
	m, _ := glyphs.Unicode().Status(s)
	return view.Tone(m.Tone)
}

// reportTone is what the status of a {status, message} report means: a
// word of a server that answers so (glyphs.Reports), or a status word.
func reportTone(s string) view.Tone {
	if w, ok := glyphs.Find(s, glyphs.Reports...); ok {
		return view.Tone(w.Tone)
	}
	return StatusTone(s)
}

// saidBefore reports a warning line among those said already.
func saidBefore(w view.Block, said []view.Block) bool {
	f, ok := w.(view.Footer)
	if !ok {
		return false
	}
	return slices.ContainsFunc(said, func(s view.Block) bool {
		g, ok := s.(view.Footer)
		return ok && g.Indent == f.Indent && slices.Equal(g.Parts, f.Parts)
	})
}

// beforeResult is an envelope's members before its result: what is known
// of it when its result starts, whether it is held or read as it comes.
func beforeResult(v Value) Value {
	for i, m := range v.Members {
		if m.Key == "result" {
			return Value{Kind: Object, Members: v.Members[:i]}
		}
	}
	return v
}

// errorsOf is a partial result's failed count and errors, said first.
func errorsOf(res Value) []Member {
	var out []Member
	for _, k := range []string{"failed", "errors"} {
		if v, ok := res.Says(k); ok {
			out = append(out, Member{Key: k, Value: v})
		}
	}
	return out
}

// dryRun is the verdict of a dry run's result, and the keys it says: the
// run changed nothing, and what it would have done (a would_<verb> flag),
// and what refused it (refused_by); refused when it would not.
func dryRun(res Value) (string, []string, bool) {
	text, said, refused := "dry run: nothing changed", []string{"dry_run"}, false
	for _, m := range res.Members {
		verb, ok := strings.CutPrefix(m.Key, "would_")
		if !ok || m.Value.Kind != Bool || verb == "" {
			continue
		}
		verb = strings.ReplaceAll(verb, "_", " ")
		text = "dry run: would " + verb
		if !m.Value.IsTrue() {
			text, refused = "dry run: would not "+verb, true
		}
		said = append(said, m.Key)
		break
	}
	if r := res.Str("refused_by"); r != "" {
		text += ", refused by " + r
		said = append(said, "refused_by")
	}
	return text, said, refused
}
