package pipeline

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/render/plain"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// rowsParts is -o tsv and -o csv: the rows of an answer's tables and
// nothing else (recognise.Tables), under a header line written again only
// when the columns change, cells as plain output's (csvLines quotes them).
type rowsParts struct {
	rn *Renderer
	o  *lines.Writer // one for the run: no blank line between documents
	// header is the last header line written; tables counts the tables
	// written (a run with none is an error, Unmatched).
	header string
	tables int
	failed bool
	// records is the table of the documents that are each a record; held
	// are such records not written yet: the first ones, whose keys make
	// the columns, or all of them, to be sorted.
	records    plain.Records
	held       []value.Value
	heldValues int // the values held holds (input.Full)
	// words: how the first records held read the names of --where, as
	// those after them are read (nil until then: as written).
	words recognise.Words
	// sawRows: a table with rows was met, so the names of the table
	// flags could be checked against its columns.
	sawRows bool
}

func newTSV(rn *Renderer) output {
	return writeParts(rn, &rowsParts{rn: rn, o: lines.New(rn.w, 0, "", rn.writeErr)})
}

func newCSV(rn *Renderer) output {
	rn.w.Reset(&csvLines{w: csv.NewWriter(rn.dst), dst: rn.dst, safe: rn.opt.CSVSafe})
	return newTSV(rn)
}

func (r *rowsParts) writer() plain.Writer {
	p := plain.Rows(r.o, r.rn.opt.Steer, r.rn.seen, &r.header)
	if r.rn.opt.Output == CSV {
		p = p.CSV()
	}
	return p
}

// part writes the tables of a value; any other part holds no rows. An
// answer that failed is said on stderr: stdout stays rows.
func (r *rowsParts) part(p protocol.Part) error {
	if p.Kind != protocol.ValuePart || p.ShownBefore && value.Empty(p.Value) {
		return nil
	}
	if p.Failed {
		// Said on stderr; a batch's ops that succeeded still have rows.
		r.failed = true
		r.say(p)
	}
	ts, err := r.pick(recognise.Tables(p.Value))
	if err != nil {
		return err
	}
	for _, t := range ts {
		r.tables++
		if recordTable(t, p.Value) {
			// A document that is a record: a row of the table of such
			// documents.
			if err := r.record(t.Rows.Items[0]); err != nil {
				return err
			}
			continue
		}
		if err := r.flushHeld(); err != nil {
			return err
		}
		if err := r.checkSteer(t); err != nil {
			return err
		}
		r.sawRows = r.sawRows || len(t.Rows.Items) > 0
		if err := r.writer().Table(t); err != nil {
			return err
		}
	}
	return nil
}

// recordTable reports the table Tables finds in a document that is a
// record: the document itself, one row.
func recordTable(t recognise.Table, v value.Value) bool {
	return t.Name == "" && len(t.Rows.Items) == 1 && t.Rows.Open == nil && v.Kind == value.Object
}

// recordDoc reports a document that is a record, whose one table is itself.
func recordDoc(v value.Value) bool {
	ts := recognise.Tables(v)
	return len(ts) == 1 && recordTable(ts[0], v)
}

// record takes a document that is a record: held while its columns are
// being decided (or for --sort), written once they are.
func (r *rowsParts) record(row value.Value) error {
	spec := r.rn.opt.Steer
	r.sawRows = true
	// Held while the columns are decided, until the input pauses or enough
	// are held; a followed file never ends, so --sort cannot wait for it.
	hold := len(spec.Sort) > 0 || !r.records.Started()
	if r.rn.opt.Follow || !hold {
		if err := r.checkRecords([]value.Value{row}); err != nil {
			return err
		}
		if r.words == nil {
			r.words = recognise.WordsOf([]value.Value{row}, spec) // -f: the first record read them
		}
		if recognise.Keep(row, spec, r.rn.seen, r.words) {
			r.writer().Record(&r.records, row)
		}
		return nil
	}
	r.held = append(r.held, row)
	r.heldValues += input.Values(row)
	if input.Full(len(r.held), r.heldValues) && len(spec.Sort) == 0 {
		return r.flushHeld()
	}
	return nil
}

// flushHeld writes the records held, as --where and --sort ask.
func (r *rowsParts) flushHeld() error {
	if len(r.held) == 0 {
		return nil
	}
	held := r.held
	r.held, r.heldValues = nil, 0
	if err := r.checkRecords(held); err != nil {
		return err
	}
	if r.words == nil {
		r.words = recognise.WordsOf(held, r.rn.opt.Steer)
	}
	r.writer().RecordsFrom(&r.records, recognise.SteerRowsAs(held, r.rn.opt.Steer, r.rn.seen, r.words))
	return nil
}

// pick is the tables --table asks for; without it, the one, or an error
// naming them.
func (r *rowsParts) pick(ts []recognise.Table) ([]recognise.Table, error) {
	name := r.rn.opt.Table
	if name == "" {
		if len(ts) > 1 {
			names := make([]string, len(ts))
			for i, t := range ts {
				names[i] = sanitize.String(t.Name, 0)
			}
			return nil, &ColumnError{Msg: fmt.Sprintf("the answer holds %d tables (%s): pick one with --table NAME", len(ts), strings.Join(names, ", "))}
		}
		return ts, nil
	}
	var out []recognise.Table
	for _, t := range ts {
		if recognise.TableNamed(t, name) {
			out = append(out, t)
		}
		r.rn.seen.Table(t.Name)
	}
	return out, nil
}

// checkSteer checks the names of --columns, --sort and --where against
// the first rows before anything of them is written; a table with no rows
// says nothing of its columns (Unmatched checks at the end).
func (r *rowsParts) checkSteer(t recognise.Table) error {
	rn := r.rn
	if rn.steerChecked || rn.opt.Steer.Empty() || len(t.Rows.Items) == 0 {
		return nil
	}
	plain.Check(t, rn.opt.Steer, rn.seen)
	return rn.firstTable()
}

// checkRecords is checkSteer of rows of the table of records.
func (r *rowsParts) checkRecords(rows []value.Value) error {
	return r.checkSteer(recognise.Table{Rows: value.Value{Kind: value.Array, Items: rows}})
}

// say writes a failed answer's error line on stderr, as plain output
// heads it.
func (r *rowsParts) say(p protocol.Part) {
	if r.rn.opt.Log == nil {
		return
	}
	var b bytes.Buffer
	w := lines.New(bufio.NewWriter(&b), 0, "", func() error { return nil })
	plain.Steered(w, r.rn.opt.Steer, nil).Part(p)
	w.Flush()
	// Plain output's contract: a failure's line starts "error". An
	// answer with no error line (a test event that failed) says what
	// failed as Failures reads it, not its first line (its Time).
	first, _, _ := strings.Cut(b.String(), "\n")
	found := false
	for _, ln := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(ln, "error") {
			first, found = ln, true
			break
		}
	}
	if fs := recognise.Failures(p.Value); !found && p.Kind == protocol.ValuePart && len(fs) > 0 {
		first = sanitize.String(strings.TrimSuffix(fs[0].Kind+": "+fs[0].Message, ": "), 0)
	}
	r.rn.logf("khive-pretty: the answer reports a failure: %s\n", first)
}

// open writes the tables of a document read as it comes.
func (r *rowsParts) open(v value.Value, parts []protocol.Part) func(*Result) error {
	return func(res *Result) error {
		if err := r.rn.parts(parts, res); err != nil {
			return err
		}
		w, err := value.Whole(v)
		if err != nil {
			return err
		}
		if recognise.Failed(w) && !res.Failed {
			// Known at the end only (khive sorts ok after the list): the
			// rows were written as they came; the failure is said now.
			res.Failed, r.failed = true, true
			r.say(protocol.Part{Kind: protocol.ValuePart, Value: w, Failed: true})
		}
		return nil
	}
}

// rowless writes what is held, then is the error of a run of -o tsv or
// -o csv that found no table and reported no failure.
func (r *rowsParts) rowless() error {
	if err := r.flushHeld(); err != nil {
		return err
	}
	if err := r.rn.flush(); err != nil {
		return err
	}
	if r.tables > 0 || r.failed {
		return nil
	}
	if r.rn.opt.Table != "" {
		tables := "it held none"
		if len(r.rn.seen.Tables) > 0 {
			tables = "its tables are: " + strings.Join(r.rn.seen.Tables, ", ")
		}
		return &ColumnError{Msg: fmt.Sprintf("no table named %q in the answer; %s", r.rn.opt.Table, tables)}
	}
	return &ColumnError{Msg: "the answer holds no table (a list of records) for -o tsv or -o csv; -o plain writes every value"}
}

// csvLines turns the lines of rows output, cells separated by tabs (which
// no cell holds: they are escaped), into CSV records; a blank line stays.
type csvLines struct {
	w    *csv.Writer
	dst  io.Writer // what w writes to
	part []byte    // a line not ended yet
	safe bool      // --csv-safe: formulas guarded (formulaSafe)
}

func (c *csvLines) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			c.part = append(c.part, p...)
			break
		}
		line := p[:i]
		if len(c.part) > 0 {
			line = append(c.part, line...)
			c.part = c.part[:0]
		}
		var err error
		if len(line) == 0 {
			c.w.Flush()
			if err = c.w.Error(); err == nil {
				_, err = io.WriteString(c.dst, "\n") // csv.Writer writes none for an empty record
			}
		} else {
			cells := strings.Split(string(line), "\t")
			for i, cell := range cells {
				cells[i] = csvCell(cell)
				if c.safe {
					cells[i] = formulaSafe(cells[i])
				}
			}
			err = c.w.Write(cells)
		}
		if err != nil {
			return 0, err
		}
		p = p[i+1:]
	}
	c.w.Flush()
	return n, c.w.Error()
}

// csvCell is the value a TSV cell escapes: a CSV field holds a tab, a
// line break and a backslash as they are, and an empty string and a null
// as nothing (plain.NoValue). What could drive a terminal stays escaped
// as in plain output (\x1b, \u202e).
func csvCell(cell string) string {
	if cell == plain.NoValue {
		return ""
	}
	if strings.IndexByte(cell, '\\') < 0 {
		return cell
	}
	b := make([]byte, 0, len(cell))
	for i := 0; i < len(cell); i++ {
		c := cell[i]
		if c == '\\' && i+1 < len(cell) {
			switch cell[i+1] {
			case 't':
				c = '\t'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case '\\':
			default:
				b = append(b, c) // \x1b, \u202e: kept escaped
				continue
			}
			i++
		}
		b = append(b, c)
	}
	return string(b)
}

// formulaSafe is a cell a spreadsheet will not run: one that starts with =,
// +, -, @, a tab or a carriage return gets a ' before it (OWASP's guard
// against CSV injection), unless it is a number, which no spreadsheet runs.
func formulaSafe(cell string) string {
	if cell == "" || !strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return cell
	}
	if _, err := strconv.ParseFloat(cell, 64); err == nil && cell[0] != '=' && cell[0] != '@' {
		return cell
	}
	return "'" + cell
}
