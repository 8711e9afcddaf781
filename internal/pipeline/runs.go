package pipeline

import (
	"time"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// A run of records of the same shape in a stream of documents (events,
// log lines) is shown as one table. Its first records are held until the
// next document, the end of the input, or a pause in a slow stream
// (runPause) decides: a single record standing alone is shown as a
// record; on a pause it starts a table, laid out from its first records,
// each later record a row as soon as it arrives.

// runPause is how long a held run waits for more before it is shown: long
// enough for a fast stream to say more, short enough to look live.
const runPause = 100 * time.Millisecond

// openTable is a table being shown a row at a time (human or Markdown).
type openTable interface {
	Row([]view.Cell) error
	// Extra writes, under the row before it, the fields no column holds.
	Extra(view.Record) error
	Close()
}

type run struct {
	rows   []value.Value // held, not shown yet
	values int           // the values they hold (input.Full)
	failed int           // its records that report a failure
	waited int           // pauses it was held back on (recognise.Early)
	r      *recognise.Run
	ot     openTable // the table being shown
	o      *lines.Writer
}

// runs is human or Markdown output, with runs of records.
type runs struct{ docsOutput }

func (r runs) read(dec *input.Decoder, res *Result) error {
	r.rn.inRuns = true
	defer func() { r.rn.inRuns = false }()
	return r.rn.readEach(dec, res)
}

// document adds a record to the run, or ends the run and shows the
// document as the output does. Only documents read by read join runs.
func (r runs) document(v value.Value, res *Result) error {
	rn := r.rn
	if rn.inRuns {
		// One whose structured content was held back is shown as such
		// (holdSC), not as the record its skeleton is. The protocol's
		// tests first: cheaper than a shape's.
		if rn.scHeld == nil && !protocol.IsJSONRPC(v) && !protocol.IsToolResult(v) && recognise.RunRecord(v) {
			// A failed one is a row too (go test -json's "fail" among
			// its run's events), its mark saying so: apart, it split
			// the run's table in two around it.
			failed := recognise.Failed(v)
			if failed {
				res.fail(v, "")
			}
			return rn.addToRun(v, failed)
		}
		if err := rn.endRun(); err != nil {
			return err
		}
	}
	return r.docsOutput.document(v, res)
}

// readEach shows the decoder's documents, the read of every output but
// JSON. While the output holds back what a pause should show (pending), a
// timer is armed, which shows it if the next document takes longer than
// runPause to arrive. A write error met on a pause ends the stream when
// the next document comes or the input ends.
func (rn *Renderer) readEach(dec *input.Decoder, res *Result) error {
	p := pauser{rn: rn}
	defer p.end()
	var paused error // what showing what is held on a pause returned
	pause := func() {
		if paused == nil {
			if paused = rn.pause(); paused == nil {
				paused = rn.flushNow() // the input waits: show it now
			}
		}
	}
	rn.readAhead(dec)
	for {
		rn.mu.Lock()
		if paused != nil {
			rn.mu.Unlock()
			return paused
		}
		if rn.pending() {
			p.arm(pause)
		}
		rn.mu.Unlock()
		v, err := rn.nextDoc(dec)
		rn.mu.Lock()
		p.disarm()
		rn.locked = true
		done, err := rn.next(dec, v, err, res)
		rn.locked = false
		if err == nil {
			err = paused
		}
		rn.mu.Unlock()
		if done || err != nil {
			return err
		}
	}
}

// pauser shows what is held when the input pauses: arm starts a timer
// that acts, under rn.mu, if nothing comes before runPause; gen tells an
// arming that fired too late (disarm, end) that it has nothing to do.
type pauser struct {
	rn    *Renderer
	timer *time.Timer
	gen   int
}

// arm, under rn.mu. An input that never waits (a file) arms none: the
// pause could only be the machine's slowness, and what is shown would
// depend on it.
func (p *pauser) arm(act func()) {
	rn := p.rn
	if rn.settled {
		return
	}
	p.gen++
	mine := p.gen
	p.timer = time.AfterFunc(runPause, func() {
		if rn.beforePause != nil {
			rn.beforePause()
		}
		rn.mu.Lock()
		defer rn.mu.Unlock()
		if p.gen == mine {
			act()
		}
	})
}

// disarm, under rn.mu: something came.
func (p *pauser) disarm() {
	if p.timer != nil {
		p.timer.Stop()
		p.timer = nil
		p.gen++
	}
}

// end disarms p for good.
func (p *pauser) end() {
	if p.rn.locked {
		// A panic while showing, which holds the lock: locking it here
		// would hang the program instead of letting it crash.
		p.gen++
		return
	}
	p.rn.mu.Lock()
	p.gen++
	p.rn.mu.Unlock()
}

// addToRun adds a record to the current run, or starts one.
func (rn *Renderer) addToRun(v value.Value, failed bool) error {
	if ru := rn.run; ru != nil && (ru.r != nil && !ru.r.Fits(v) || ru.r == nil && !recognise.JoinsRun(ru.rows[0], v)) {
		if err := rn.endRun(); err != nil {
			return err
		}
	}
	if rn.run == nil {
		rn.run = &run{}
	}
	if failed {
		rn.run.failed++
	}
	if ru := rn.run; ru.ot != nil {
		if cells, extra, ok := ru.r.Row(v); ok {
			if err := ru.ot.Row(cells); err != nil {
				return err
			}
			if extra != nil {
				if err := ru.ot.Extra(*extra); err != nil {
					return err
				}
			}
		}
		return rn.flush()
	}
	rn.run.rows = append(rn.run.rows, v)
	rn.run.values += input.Values(v)
	// Sorted rows are held to the end; others are shown once they are
	// enough to lay the table out, as many as a list's.
	if input.Full(len(rn.run.rows), rn.run.values) && len(rn.opt.Steer.Sort) == 0 {
		return rn.showRun()
	}
	return nil
}

// showRun starts showing a held run as a table that stays open.
func (rn *Renderer) showRun() error {
	ru := rn.run
	r, t := recognise.NewRun(ru.rows, rn.rec)
	if r == nil {
		rn.run = nil
		return rn.apart(ru.rows)
	}
	ru.r, ru.o = r, rn.begin(false)
	if rn.viewed != nil {
		rn.viewed(view.Doc{Blocks: []view.Block{t}})
	}
	ot, err := rn.pw.(*viewParts).openTable(ru.o, t)
	if err != nil {
		return err
	}
	ru.ot, ru.rows = ot, nil
	return rn.flush()
}

// pending reports something a pause in the input shows: a run's first
// records, the first records of -o tsv and -o csv, a note held.
func (rn *Renderer) pending() bool {
	if rows := rn.heldRows(); rows != nil {
		// CSV waits for its columns, pause or not: a header line again
		// in the middle makes a file no CSV reader reads as one table.
		return len(rows.held) > 0 && len(rn.opt.Steer.Sort) == 0 && rn.opt.Output != CSV
	}
	return rn.inRuns && (rn.run != nil && rn.run.r == nil || rn.held.n > 0)
}

// heldRows is -o tsv's and -o csv's table of records, or plain output's.
func (rn *Renderer) heldRows() *rowsParts {
	if rows := rn.rows(); rows != nil {
		return rows
	}
	return rn.plainRecs
}

// pause shows what is held when the input pauses (pending).
func (rn *Renderer) pause() error {
	if rows := rn.heldRows(); rows != nil {
		if len(rn.opt.Steer.Sort) > 0 {
			return nil // sorted rows wait for the end
		}
		return rows.flushHeld()
	}
	if rn.held.n > 0 {
		if err := rn.flushNote(); err != nil {
			return err
		}
		if err := rn.flush(); err != nil {
			return err
		}
	}
	ru := rn.run
	if ru == nil || ru.r != nil || len(rn.opt.Steer.Sort) > 0 {
		return nil
	}
	if recognise.Early(ru.rows, ru.waited) {
		ru.waited++
		return nil
	}
	// A lone first record too: the stream is live, and the records that
	// follow it are rows of its table, as they are read from a file.
	return rn.showRun()
}

// endRun shows what is left of the current run and closes it.
func (rn *Renderer) endRun() error {
	ru := rn.run
	if ru == nil {
		return nil
	}
	rn.run = nil
	switch {
	case ru.ot != nil:
		ru.ot.Close()
		if err := rn.pw.(*viewParts).write(ru.o, view.Doc{Blocks: []view.Block{ru.r.Footer(ru.failed)}}); err != nil {
			return err
		}
	case len(ru.rows) == 1 && !rn.opt.Follow:
		return rn.parts(protocol.Unwrap(ru.rows[0], recognise.Failed), &Result{}) // its failure was counted as it joined
	case len(ru.rows) > 0:
		r, t := recognise.NewRun(ru.rows, rn.rec)
		if r == nil {
			return rn.apart(ru.rows)
		}
		o := rn.begin(false)
		if err := rn.pw.(*viewParts).write(o, recognise.DocOf([]view.Block{t, r.Footer(ru.failed)})); err != nil {
			return err
		}
	}
	return rn.flush()
}

// apart shows held records each on its own (too sparse for a table).
func (rn *Renderer) apart(rows []value.Value) error {
	for _, v := range rows {
		if err := rn.parts(protocol.Unwrap(v, recognise.Failed), &Result{}); err != nil {
			return err
		}
	}
	return rn.flush()
}
