package recognise

import (
	"slices"
	"strconv"

	"github.com/khive-ai/khive-pretty/internal/view"
)

// A run is documents in a row that are records of the same shape (the
// same keys in the same order): events, log lines, one per line of an
// NDJSON stream. A run reads best as one table, which keeps growing as
// the stream does, instead of a block of key/value lines per event.

// RunRecord reports a document that may be part of a run: a plain record,
// which no server's view claims.
func RunRecord(v Value) bool {
	return Classify(v) == ShapeRecord && findShape(v, ShapeRecord, "") == nil && len(v.Members) > 0
}

// JoinsRun reports a record that may join a run of records held (not
// shown yet) that first starts: one that starts with the same key (go
// test -json's events all start Time, Action, Package, and some add
// Test, Output or Elapsed). The run's table has the keys of all its
// records; one too sparse for a table is shown a record apart (NewRun).
func JoinsRun(first, v Value) bool {
	return len(first.Members) > 0 && len(v.Members) > 0 && first.Members[0].Key == v.Members[0].Key
}

// Early reports a run's first records that say too little to lay its
// table out on a pause: go test -json's events before its first test's
// (start, while the test binary builds), and before the first that says
// how long it took, whose Test, Output and Elapsed the events after them
// bring (laid out on a lone start, every later event showed them under
// its row). Not go build -json's events, which have neither; and not
// past earlyMax events, or the pauses'th pause of earlyPauses (a test
// that hangs, or writes line after line).
func Early(first []Value, pauses int) bool {
	has := func(key string) bool { return slices.ContainsFunc(first, func(v Value) bool { return v.Has(key) }) }
	return len(first) > 0 && len(first) < earlyMax && pauses < earlyPauses && testEvent(first[0]) && first[0].Has("Package") &&
		(!has("Test") || !has("Elapsed"))
}

// earlyMax and earlyPauses bound what Early holds back: a few events, or
// three pauses (each the wait for one more event).
const earlyMax, earlyPauses = 32, 3

// Fits reports a record a run shown already takes: one of the same kind
// (its first key the run's), most of whose keys are columns of the run's
// table or said once under it. Its other fields are shown under its row
// (Row), as a long list's are, where a new table for every record that
// brings a key of its own (a log's port, its request id) would break a
// live log into tables of a row. Any other starts a table of its own.
func (r *Run) Fits(v Value) bool {
	if len(v.Members) == 0 || len(r.first.Members) == 0 || v.Members[0].Key != r.first.Members[0].Key {
		return false
	}
	known := 0
	for _, m := range v.Members {
		if r.known[m.Key] {
			known++
		}
	}
	return known*2 > len(v.Members)
}

// Run is the table of a run, laid out from its first records.
type Run struct {
	b        builder
	cols     *columns
	Rows     int // records in the run
	Shown    int // and shown: those --where keeps
	singular string
	lifts    lifter          // what its records lift into columns
	known    map[string]bool // the keys of the records it was laid out from
	first    Value           // its first record
	words    Words           // how its first records read --where's names
}

// NewRun makes the table of a run from its first records (with the table
// flags applied: --where keeps, --sort orders, --columns picks). It is nil
// when they are too sparse for a table (Sparse), as a list would be shown
// by index: records of one shape never are, but the rule is the lists'.
func NewRun(first []Value, opt Options) (*Run, view.Table) {
	b := builder{opt: opt, grows: true}
	lifts := liftsOf(first, opt.Steer)
	lifted := lifts.rows(first)
	rows := SteerRows(lifted, opt.Steer, opt.Seen)
	if len(rows) == 0 {
		// --where kept none: the columns there were are still those a
		// name is checked against (as a table's are).
		opt.Seen.RowColumns(first)
	}
	cols := b.columns(rows, false)
	if cols == nil {
		return nil, view.Table{}
	}
	r := &Run{b: b, cols: cols, Rows: len(first), Shown: len(rows), singular: Noun(first, ""), lifts: lifts, known: keysOf(first), first: first[0], words: WordsOf(lifted, opt.Steer)}
	t := view.Table{Columns: r.cols.cols, Rows: r.cols.rows(rows)}
	uniquePrefixes([]view.Block{t})
	return r, t
}

// Row is the cells of a later record of the run; false when --where
// leaves it out.
func (r *Run) Row(v Value) ([]view.Cell, *view.Record, bool) {
	r.Rows++
	v = r.lifts.row(v)
	if !Keep(v, r.b.opt.Steer, r.b.opt.Seen, r.words) {
		return nil, nil, false
	}
	r.Shown++
	at := r.cols.at(v.Members)
	return r.cols.rowAt(v.Members, at), r.b.extra(unplanned(v, at, r.known)), true
}

// Footer counts the run: "4 events", or "2 of 4 events" under --where;
// then how many of its records failed (go test -json's fail events),
// said where a run too long for the screen ends.
func (r *Run) Footer(failed int) view.Block {
	f := countOf(r.Shown, r.Rows, r.singular, 0)
	if failed > 0 {
		f.Kind = view.Totals
		f.Parts = append(f.Parts, view.Part{Mark: view.Failed, Tone: view.Bad, Text: strconv.Itoa(failed) + " failed"})
	}
	return f
}
