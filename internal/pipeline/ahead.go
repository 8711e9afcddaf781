package pipeline

import (
	"bufio"
	"errors"
	"io"
	"sync/atomic"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A stream of documents (NDJSON of a hundred thousand MCP replies) is read
// a document ahead, on a goroutine of its own, while the one before is
// shown (Options.ReadAhead): on two cores, decoding, a quarter of each
// small document's time, is done beside the rest. Only when a document is
// read changes. A document returned open, or a large one, is read on by
// whoever shows it, the goroutine waiting until it is done with. The
// decoder's hooks that look at what is shown change only while a document
// is open; a log line between documents comes through in order. Plain and
// agent output, which hold a reply's text back, are not read ahead; a long
// structured content goes with its document (aheadItem.sc). What is
// written is flushed before waiting for a document not read yet.

// aheadLarge is the size of a document (in bytes of input) after which
// nothing more is read ahead until it has been shown.
const aheadLarge = 1 << 20

// aheadBatch is how many documents the goroutine hands over at a time
// while the one showing them is busy: handing over each alone cost more
// than the decoding it saved.
const aheadBatch = 32

// ahead reads a decoder's documents a document ahead.
type ahead struct {
	dec *input.Decoder
	// items hands over batches of what was read; batch is the goroutine's
	// next one, cur what is left of the one being shown.
	items      chan []aheadItem
	batch, cur []aheadItem
	// free hands batches shown back to the goroutine, to fill again: a
	// long list's 200,000 rows made 1,600 batches of 30 KB each, which
	// the collector then swept; shown is the one cur is the rest of.
	free  chan []aheadItem
	shown []aheadItem
	// next lets the goroutine read on after an open or large document;
	// stop ends it; exited is closed when it has.
	next, stop, exited chan struct{}
	// reading is the renderer's aheadReading: the goroutine's ahead while
	// it reads the input, which inputFlusher looks at.
	reading *atomic.Pointer[ahead]
	// waits: the last document handed over made the goroutine wait.
	waits bool
	// list: the items of a long list (listahead.go), in larger batches,
	// not handed over sooner when the reader is idle.
	list      bool
	docs      int                               // the decoder's Documents as of the document handed over last
	interlude func(line int, text string) error // the renderer's, called in order
	texts     protocol.Texts                    // reads the JSON of text blocks as the goroutine unwraps documents
	// sc is the structured content held back of the document being read
	// (longSC), handed over with it. The decoder keeps the Divert hook
	// that writes sc to its end: nothing reads it after this reading
	// ahead, but a goroutine left reading a list of it (after the output
	// failed), which only looks at paths in the list's items.
	sc *heldReply
}

// aheadItem is a document read (or the error that ends the input), a
// line between documents that is no JSON, or an event stream's note.
type aheadItem struct {
	// unwrapped: a whole document is unwrapped (protocol.UnwrapInto) by
	// the goroutine too, for docParts.
	unwrapped
	err   error
	docs  int  // documents read, this one included
	waits bool // the goroutine waits for next before reading on
	last  bool // an open list's end (listahead.go), or the error that ends it
	log   bool // a line between documents: line, text
	line  int
	text  string
	note  *protocol.Part // an event that is no JSON (sse)
	// sc is the document's structured content, held back as it was read.
	sc *heldReply
	// at locates, in the event stream, an input error of the frame the
	// item came in (sse).
	at input.FrameAt
}

// errAheadStopped ends the goroutine's decoding when its reader stops.
var errAheadStopped = errors.New("pipeline: reading ahead stopped")

// readAhead starts reading dec's documents ahead, where that changes
// nothing.
func (rn *Renderer) readAhead(dec *input.Decoder) *ahead {
	if !rn.opt.ReadAhead || rn.holdText != nil {
		// The text and structured content held back of a reply in plain
		// and agent output (heldreply.go) are the renderer's until that
		// reply is shown: none can be read ahead of it.
		return nil
	}
	a := rn.startAhead(dec)
	if dec.Interlude != nil {
		dec.Interlude = func(line int, text string) error {
			if !a.add(aheadItem{log: true, line: line, text: text}, false) {
				return errAheadStopped
			}
			return nil
		}
	}
	go a.documents()
	return a
}

// startAhead is reading ahead, its goroutine to start.
func (rn *Renderer) startAhead(dec *input.Decoder) *ahead {
	a := newAhead(&rn.aheadReading)
	a.dec, a.interlude = dec, dec.Interlude
	rn.ahead = a
	if dec.Divert != nil {
		// A long structured content goes with its document (aheadItem.sc):
		// every document read ahead is the input's own.
		dec.Divert = rn.longSC(dec, func() bool { return true }, &a.sc)
	}
	return a
}

// newAhead is reading ahead, its goroutine to start.
func newAhead(reading *atomic.Pointer[ahead]) *ahead {
	return &ahead{items: make(chan []aheadItem, 4), free: make(chan []aheadItem, 2), next: make(chan struct{}),
		stop: make(chan struct{}), exited: make(chan struct{}), reading: reading}
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
	a.dropSC()
	a.dec.Interlude = a.interlude
	return true
}

// nextDoc is the next document of dec, read ahead or not.
func (rn *Renderer) nextDoc(dec *input.Decoder) (value.Value, error) {
	a := rn.ahead
	if a == nil {
		return dec.Next()
	}
	for {
		it, err := a.item(rn.showWritten)
		switch {
		case err != nil:
			return value.Value{}, err
		case it.log:
			if err := a.interlude(it.line, it.text); err != nil {
				return value.Value{}, err
			}
			continue
		}
		a.docs = it.docs
		rn.handed(it)
		return it.v, it.err
	}
}

// handed takes what the goroutine made of the document it handed over:
// its parts (docParts), its structured content held back.
func (rn *Renderer) handed(it aheadItem) {
	rn.pre = it.unwrapped
	if it.sc != nil {
		rn.scHeld = it.sc
	}
}

// docsRead is dec's Documents, as of the document handed over last (dec
// is the goroutine's while it reads ahead).
func (rn *Renderer) docsRead(dec *input.Decoder) int {
	if rn.ahead != nil {
		return rn.ahead.docs
	}
	return dec.Documents()
}

// showWritten writes out what was written, before waiting for a document
// not read yet (a pause's timer may be writing: runs.go).
func (rn *Renderer) showWritten() error {
	rn.mu.Lock()
	defer rn.mu.Unlock()
	return rn.flushNow()
}

// documents reads dec's documents, each as the decoder's Next returns it.
func (a *ahead) documents() {
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
		it := a.read(aheadItem{unwrapped: unwrapped{v: v}, err: err, docs: a.dec.Documents()}, a.dec.Offset()-at > aheadLarge)
		if !a.hand(it, false) || err != nil {
			return // stopped; or the end, or bad input: nothing more to read
		}
	}
}

// read is it, a document just read (or the error that ends the input),
// with what the goroutine makes of it: the structured content held back
// of it (let go of if it broke off); its parts, unwrapped as docParts
// would (a fifth of what showing a small one took), unless that was held
// back; and whether the goroutine waits after it until it is done with:
// an open document, a large one, one whose structured content was held
// back (shown by a decoder whose list may be read ahead too).
func (a *ahead) read(it aheadItem, large bool) aheadItem {
	it.sc, a.sc = a.sc, nil
	if it.sc != nil && it.err != nil {
		it.sc.close()
		it.sc = nil
	}
	if it.err == nil && it.sc == nil && !it.v.IsOpen() {
		if protocol.Wraps(it.v) {
			it.parts = protocol.UnwrapInto(nil, it.v, recognise.Failed, &a.texts)
		} else {
			it.judged, it.failed = true, recognise.Failed(it.v)
		}
	}
	it.waits = it.err == nil && (it.v.IsOpen() || it.sc != nil || large)
	return it
}

// dropSC lets go of the structured content held back of documents read
// and not shown, once the goroutine has ended (the output failed).
func (a *ahead) dropSC() {
	drop := func(items []aheadItem) {
		for _, it := range items {
			if it.sc != nil {
				it.sc.close()
			}
		}
	}
	drop(a.cur)
	drop(a.batch)
	for {
		select {
		case b := <-a.items:
			drop(b)
		default:
			return
		}
	}
}

// hand hands an item over, and waits after one that says so until it is
// done with; false once the reader has stopped.
func (a *ahead) hand(it aheadItem, full bool) bool {
	if !a.add(it, full || it.err != nil || it.waits || it.last) {
		return false
	}
	if it.waits {
		select {
		case <-a.next:
		case <-a.stop:
			return false
		}
	}
	return true
}

// add adds it to the batch, and hands the batch over when it is full,
// when nothing handed over is waiting to be shown (documents only), or
// now; false once the reader has stopped.
func (a *ahead) add(it aheadItem, now bool) bool {
	a.batch = append(a.batch, it)
	if !now && len(a.batch) < a.size() && (len(a.items) > 0 || a.list) {
		return true
	}
	return a.handOver()
}

// handOver hands the batch over, if it holds anything: as add says, and
// before the goroutine reads the input, which may wait (inputFlusher).
func (a *ahead) handOver() bool {
	if len(a.batch) == 0 {
		return true
	}
	select {
	case a.items <- a.batch:
	case <-a.stop:
		return false
	}
	select {
	case b := <-a.free:
		a.batch = b
	default:
		a.batch = make([]aheadItem, 0, a.size())
	}
	return true
}

// size is how many items a batch holds at most.
func (a *ahead) size() int {
	if a.list {
		return aheadItems
	}
	return aheadBatch
}

// item is what was read next; flush shows what was written before waiting
// for one not read yet (its error is returned instead of waiting).
func (a *ahead) item(flush func() error) (aheadItem, error) {
	if a.waits {
		a.waits = false
		a.next <- struct{}{} // the document before is done with
	}
	for len(a.cur) == 0 {
		select {
		case a.cur = <-a.items:
		default:
			if err := flush(); err != nil {
				return aheadItem{}, err
			}
			a.cur = <-a.items
		}
		a.shown = a.cur
	}
	it := a.cur[0]
	a.cur[0] = aheadItem{} // shown: not kept alive by the batch
	a.cur = a.cur[1:]
	if len(a.cur) == 0 {
		// Every item of the batch is taken and cleared: the goroutine
		// may fill it again, if it has not enough batches already.
		select {
		case a.free <- a.shown[:0]:
		default:
		}
		a.shown = nil
	}
	a.waits = it.waits
	return it, nil
}

// close stops the goroutine and waits for it, unless it waits for input
// that may never come (a pipe, after output failed): the decoder is then
// left to it.
func (a *ahead) close(settled bool) (waited bool) {
	close(a.stop)
	if !settled && a.reading.Load() == a {
		return false
	}
	<-a.exited
	return true
}

// frameAt locates an input error of a frame in the event stream.
func frameAt(err error, at input.FrameAt) error {
	if err == nil || !at.Known() {
		return err // the most: As's target, on the heap, is not made
	}
	var ie *InputError
	if errors.As(err, &ie) {
		ie.Line, ie.Col = at.At(max(ie.Line, 1), max(ie.Col, 1))
	}
	return err
}

// sseAhead is sse, its frames read and decoded (by dec) on a goroutine of
// its own while the documents before are shown.
func (rn *Renderer) sseAhead(br *bufio.Reader, dec *input.Decoder, name string, line int, res *Result) error {
	a := rn.startAhead(dec)
	defer rn.endAhead()
	go func() {
		defer close(a.exited)
		defer dec.Close()
		// The goroutine alone reads the input (the frames' documents are
		// read from their data): inputFlusher hands over what it read.
		a.reading.Store(a)
		defer a.reading.Store(nil)
		err := readSSE(br, line, dec, name, func(it aheadItem) error {
			if it.note == nil {
				it = a.read(it, false)
			}
			if !a.hand(it, false) || it.err != nil {
				return errAheadStopped // an error handed over: the stream ends there
			}
			return nil
		})
		if err != errAheadStopped {
			if err == nil {
				err = io.EOF
			}
			a.add(aheadItem{err: err}, true)
		}
	}()
	p := pauser{rn: rn}
	defer p.end()
	for {
		it, err := a.item(rn.showWritten)
		if err == nil {
			err = rn.sseShow(&p, dec, it, res)
		}
		if err == io.EOF {
			return sseEnd(nil, name, res)
		}
		if err != nil {
			return err
		}
	}
}

// sseShow shows an item of an event stream (sseItem) under rn.mu, and arms
// p to write a note held in case it repeats if the next is slow to come.
func (rn *Renderer) sseShow(p *pauser, dec *input.Decoder, it aheadItem, res *Result) error {
	rn.mu.Lock()
	defer rn.mu.Unlock()
	p.disarm()
	rn.locked = true
	err := rn.sseItem(dec, it, res)
	rn.locked = false
	if rn.held.n > 0 {
		p.arm(func() {
			if rn.flushNote() == nil {
				rn.flushNow()
			}
		})
	}
	return err
}

// sseItem shows what readSSE read, under rn.mu: io.EOF at the end.
func (rn *Renderer) sseItem(dec *input.Decoder, it aheadItem, res *Result) error {
	switch {
	case it.note != nil:
		res.Documents++
		return rn.parts([]protocol.Part{*it.note}, res)
	case it.err == io.EOF:
		return io.EOF
	case it.err != nil:
		return rn.broken(frameAt(it.err, it.at))
	}
	res.Documents++
	if rn.ahead != nil {
		rn.handed(it)
	}
	return frameAt(rn.show(dec, it.v, res), it.at)
}

// unwrapped is a document read ahead, and its parts (docParts), or, for
// one that is no wrapper, whether it reports a failure (judged, failed).
type unwrapped struct {
	v              value.Value
	parts          []protocol.Part
	judged, failed bool
}

// of reports u's parts when v is u's document (its first member or item
// where u's is); a judged one's part, as protocol.UnwrapInto makes it.
func (u unwrapped) of(v value.Value, buf []protocol.Part) ([]protocol.Part, bool) {
	switch {
	case u.parts == nil && !u.judged || v.Kind != u.v.Kind:
		return nil, false
	case len(v.Members) > 0 && len(u.v.Members) == len(v.Members) && &v.Members[0] == &u.v.Members[0],
		len(v.Items) > 0 && len(u.v.Items) == len(v.Items) && &v.Items[0] == &u.v.Items[0]:
		if u.judged {
			return append(buf[:0], protocol.Part{Kind: protocol.ValuePart, Value: v, Failed: u.failed}), true
		}
		return u.parts, true
	}
	return nil, false
}
