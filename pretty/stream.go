package pretty

import "github.com/khive-ai/khive-pretty/table"

// A list too long to hold (more than streamAfter rows) is shown as it is
// read: what comes before it in the document, then a table laid out from
// its first rows, then every further row, and, once the document ends, the
// footer and the fields that came after the list. Memory stays flat however
// long the list, and the first lines appear at once.
//
// Only lists where khive puts them stream: a document that is a list, a
// list envelope's rows, an envelope's result. The output is the same as
// for a short list, except that the columns (and in human output their
// widths) come from the first rows; in plain output a column first seen
// later gets a new header line, after a blank line.

// longList is a list being streamed, and what its document's end needs.
type longList struct {
	o        *out
	where    listWhere
	key      string // the list's key in its object ("items"), if any
	singular string // what a row is, for the footer
	rows     int
}

type listWhere uint8

const (
	listIsDocument listWhere = iota // [ {…}, … ]
	listInObject                    // {"items": [ … ], "requested_limit": …}
	listIsResult                    // {"ok": true, "result": [ … ]}
	listInResult                    // {"ok": true, "result": {"items": [ … ], …}}
)

// streamList is the decoder's hook: it writes the document up to and
// through the list, reading its rows as it goes.
func (rn *Renderer) streamList(l *bigList) (int, error) {
	ll := &longList{o: rn.begin(false)}
	switch len(l.stack) {
	case 0:
		ll.where = listIsDocument
	case 1:
		ll.where, ll.key = listInObject, l.stack[0].key
		if ll.key == "result" {
			ll.where, ll.key = listIsResult, ""
		}
	default:
		ll.where, ll.key = listInResult, l.stack[1].key
	}
	rn.long = ll
	nounKey := ll.key
	if ll.where == listIsResult {
		nounKey = "results"
	}
	ll.singular = noun(l.first, nounKey)
	indent := 0
	if rn.opt.Output == Plain {
		p := plain{o: ll.o}
		if ll.where >= listIsResult {
			// The envelope's fields before its result, as plain output has them.
			for _, m := range l.stack[0].obj.Members {
				p.field("", m)
			}
			p.o.gap()
		}
		t := newTSV(p, l.first)
		for r := range l.first {
			t.load(r)
			t.write()
		}
		// Further rows go straight from tokens to lines.
		scan := newTSVScan(t, l.d)
		ll.rows = len(l.first)
		interrupted := false
		for {
			if l.d.dec.PeekKind() != '{' {
				row, ok, err := l.next()
				if err != nil || !ok {
					return ll.rows, err
				}
				// A row that is not a record: its own lines, indexed as in
				// a held list of mixed items; the table resumes under a new
				// header.
				p.o.gap()
				p.walkAt(&pathSeg{seg: "[" + itoa(ll.rows) + "]"}, "", row, false)
				interrupted = true
			} else {
				if err := scan.row(); err != nil {
					return ll.rows, err
				}
				if interrupted && !t.added {
					p.o.gap()
					t.header()
				}
				interrupted = false
				t.write()
			}
			ll.rows++
			if err := rn.writeErr(); err != nil {
				return ll.rows, err
			}
		}
	} else {
		h := newHuman(ll.o, rn.opt, rn.style)
		if ll.where >= listIsResult && rn.opt.Verbose {
			h.o.line(h.okTitle(*l.stack[0].obj, ""))
		}
		rt := h.newRecordTable(l.first, false)
		first := make([][]table.Cell, len(l.first))
		for r, row := range l.first {
			first[r] = rt.cells(row)
		}
		tw, err := table.NewWriter(h.o, rt.tcols, first, h.tableOptions(indent))
		if err != nil {
			return 0, err
		}
		ll.rows = len(l.first)
		for {
			row, ok, err := rt.readRow(l)
			if err != nil || !ok {
				return ll.rows, err
			}
			if row.Kind != Object {
				// Not a record: a line of its own, indexed, in the table.
				h.record(Value{Kind: Object, Members: []Member{{Key: "[" + itoa(ll.rows) + "]", Value: row}}}, indent, false, false)
			} else if err := tw.Row(rt.cellsAt(row.Members, rt.rowCols)); err != nil {
				return ll.rows, err
			}
			ll.rows++
			if err := rn.writeErr(); err != nil {
				return ll.rows, err
			}
		}
	}
}

// finishList writes the rest of a document whose list was streamed.
func (rn *Renderer) finishList(v Value, res *Result) error {
	ll := rn.long
	rn.long = nil
	res.Failed = res.Failed || hasErrorEnvelope(v)
	list := v
	if ll.where >= listIsResult {
		list, _ = v.Get("result")
	}
	if hasErrorEnvelope(v) {
		// It said it failed only after its rows: the failure follows them,
		// whole, as an error is always shown. The rows were counted.
		rest := v
		if ll.key != "" && ll.where == listInObject {
			rest = without(v, ll.key)
		}
		if rn.opt.Output == Plain {
			p := plain{o: ll.o}
			p.o.gap()
			p.errorEnvelope(rest, false)
		} else {
			h := newHuman(ll.o, rn.opt, rn.style)
			h.countLine(ll.rows, ll.singular, 0)
			h.o.gap()
			h.errorBlock(rest, 0, "")
		}
		return rn.w.Flush()
	}
	if rn.opt.Output == Plain {
		p := plain{o: ll.o}
		if ll.where == listInObject || ll.where == listInResult {
			p.listMeta(list, ll.key)
		}
		if ll.where >= listIsResult {
			// The envelope's fields after its result.
			p.o.gap()
			after := false
			for _, m := range v.Members {
				if after {
					p.field("", m)
				}
				after = after || m.Key == "result"
			}
		}
	} else {
		h := newHuman(ll.o, rn.opt, rn.style)
		if ll.where == listInObject || ll.where == listInResult {
			h.listFooter(list, ll.key, ll.rows, ll.singular, 0)
		} else {
			h.countLine(ll.rows, ll.singular, 0)
		}
		if ll.where >= listIsResult {
			h.envelopeRest(v, 0, false)
		}
	}
	return rn.w.Flush()
}
