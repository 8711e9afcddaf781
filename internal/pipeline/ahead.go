package pipeline

import (
	"errors"
	"sync/atomic"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A stream of documents (NDJSON of a hundred thousand MCP replies) is read
// a document ahead, on a goroutine of its own, while the one before is
// shown (Options.ReadAhead): on two cores, decoding, a quarter of each
// small document's time, is done beside the rest. It is the same decoder
// and the same documents, in the same order, through the same views; only
// when a document is read changes:
//
//   - A document returned open (a long list, a text block as it is read)
//     is read on by whoever shows it, as always; the goroutine waits
//     until it is done with (the next document asked for). So does it
//     after a large document, so that no more than one is held at a time.
//   - The decoder's hooks that look at what is being shown (the text block
//     shown, the reply held back) change only while a document is open,
//     when nothing is read ahead; those that write (a log line between
//     documents) come through in order, as documents do. An output that
//     diverts a document's part to be shown from elsewhere (plain and
//     agent output's held replies) is not read ahead.
//   - What is written is flushed when the next document has not been read
//     yet, before waiting for it, as it is before the input is read
//     (inputFlusher, which leaves the output alone while the goroutine
//     reads).

// aheadLarge is the size of a document (in bytes of input) after which
// nothing more is read ahead until it has been shown.
const aheadLarge = 1 << 20

// aheadBatch is how many documents the goroutine hands over at a time
// while the one showing them is busy: handing over each alone woke one
// goroutine or the other for every document, which cost more than the
// decoding it saved.
const aheadBatch = 32

// ahead reads a decoder's documents a document ahead.
type ahead struct {
	dec *input.Decoder
	// items hands over batches of what was read; batch is the goroutine's
	// next one, cur what is left of the one being shown.
	items      chan []aheadItem
	batch, cur []aheadItem
	// next lets the goroutine read on after an open or large document;
	// stop ends it; exited is closed when it has.
	next, stop, exited chan struct{}
	// reading is the renderer's aheadReading: the goroutine's ahead while
	// it reads the input, which inputFlusher looks at.
	reading *atomic.Pointer[ahead]
	// waits: the last document handed over made the goroutine wait.
	waits     bool
	docs      int
	interlude func(line int, text string) error // the renderer's, called in order
}

// aheadItem is a document read (or the error that ends the input), or a
// line between documents that is no JSON.
type aheadItem struct {
	v     value.Value
	err   error
	docs  int  // documents read, this one included
	waits bool // the goroutine waits for next before reading on
	log   bool // a line between documents: line, text
	line  int
	text  string
}

// errAheadStopped ends the goroutine's decoding when its reader stops.
var errAheadStopped = errors.New("pipeline: reading ahead stopped")

// readAhead starts reading dec's documents ahead, where that changes
// nothing; Next hands them over.
func (rn *Renderer) readAhead(dec *input.Decoder) *ahead {
	if !rn.opt.ReadAhead || dec.Divert != nil {
		// The structured content diverted from a document (heldreply.go)
		// is the renderer's until that document is shown: none can be
		// read ahead of it.
		return nil
	}
	a := &ahead{dec: dec, items: make(chan []aheadItem, 4), next: make(chan struct{}),
		stop: make(chan struct{}), exited: make(chan struct{}), interlude: dec.Interlude, reading: &rn.aheadReading}
	if dec.Interlude != nil {
		dec.Interlude = func(line int, text string) error {
			if !a.add(aheadItem{log: true, line: line, text: text}, false) {
				return errAheadStopped
			}
			return nil
		}
	}
	rn.ahead = a
	go a.run()
	return a
}

// endAhead stops reading ahead, if it was: it reports whether the decoder
// is the renderer's again (see ahead.close).
func (rn *Renderer) endAhead() bool {
	a := rn.ahead
	if a == nil {
		return true
	}
	rn.ahead = nil
	if !a.close(rn.settled) {
		return false
	}
	a.dec.Interlude = a.interlude
	return true
}

// nextDoc is the next document of dec, read ahead or not.
func (rn *Renderer) nextDoc(dec *input.Decoder) (value.Value, error) {
	if rn.ahead != nil {
		return rn.ahead.Next(rn.showWritten)
	}
	return dec.Next()
}

// docsRead is dec's Documents, as of the document handed over last.
func (rn *Renderer) docsRead(dec *input.Decoder) int {
	if rn.ahead != nil {
		return rn.ahead.Documents()
	}
	return dec.Documents()
}

// showWritten writes out what was written, before waiting for a document
// not read yet (a pause's timer may be writing: runs.go).
func (rn *Renderer) showWritten() error {
	rn.mu.Lock()
	defer rn.mu.Unlock()
	if rn.w.Buffered() > 0 {
		rn.w.Flush()
	}
	return rn.writeErr()
}

func (a *ahead) run() {
	defer close(a.exited)
	for {
		at := a.dec.Offset()
		a.reading.Store(a) // before looking at stop: close relies on it
		select {
		case <-a.stop:
			return
		default:
		}
		v, err := a.dec.Next()
		a.reading.Store(nil)
		it := aheadItem{v: v, err: err, docs: a.dec.Documents()}
		it.waits = err == nil && (v.IsOpen() || a.dec.Offset()-at > aheadLarge)
		if !a.add(it, err != nil || it.waits) {
			return
		}
		if err != nil {
			return // the end, or bad input: nothing more to read
		}
		if it.waits {
			select {
			case <-a.next:
			case <-a.stop:
				return
			}
		}
	}
}

// add adds it to the batch, and hands the batch over when it is full,
// when nothing handed over is waiting to be shown (the reader is idle, or
// about to be), or now; false once the reader has stopped.
func (a *ahead) add(it aheadItem, now bool) bool {
	a.batch = append(a.batch, it)
	if !now && len(a.batch) < aheadBatch && len(a.items) > 0 {
		return true
	}
	select {
	case a.items <- a.batch:
		a.batch = make([]aheadItem, 0, aheadBatch)
		return true
	case <-a.stop:
		return false
	}
}

// handOver hands the batch over before the goroutine reads the input
// (inputFlusher), which may wait: what was read is shown meanwhile.
func (a *ahead) handOver() {
	if len(a.batch) > 0 {
		select {
		case a.items <- a.batch:
			a.batch = make([]aheadItem, 0, aheadBatch)
		case <-a.stop:
		}
	}
}

// Next is the next document, as the decoder's Next returns it; flush
// shows what was written before waiting for one not read yet, and its
// error (the output's) is returned instead of waiting.
func (a *ahead) Next(flush func() error) (value.Value, error) {
	if a.waits {
		a.waits = false
		a.next <- struct{}{} // the document before is done with
	}
	for {
		for len(a.cur) == 0 {
			select {
			case a.cur = <-a.items:
			default:
				if err := flush(); err != nil {
					return value.Value{}, err
				}
				a.cur = <-a.items
			}
		}
		it := a.cur[0]
		a.cur[0] = aheadItem{} // shown: not kept alive by the batch
		a.cur = a.cur[1:]
		if it.log {
			if err := a.interlude(it.line, it.text); err != nil {
				return value.Value{}, err
			}
			continue
		}
		a.docs, a.waits = it.docs, it.waits
		return it.v, it.err
	}
}

// Documents is the decoder's Documents as of the last document handed
// over.
func (a *ahead) Documents() int { return a.docs }

// close stops the goroutine and waits for it, unless it waits for input
// that may never come (a pipe, after output failed): it then ends when
// its read returns, and the decoder is left to it.
func (a *ahead) close(settled bool) (waited bool) {
	close(a.stop)
	if !settled && a.reading.Load() == a {
		return false
	}
	<-a.exited
	return true
}
