package pipeline

import (
	"errors"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A long list shown as it is read (a code search's 50,000 hits) is read
// an item ahead too, in human and Markdown output, whose views take the
// most time per item: its items are decoded on a goroutine of its own
// while those before them are recognised and written. Only when an item
// is decoded changes:
//
//   - The decoder asks (input.Decoder.ListAhead) when the list's first
//     item after those held is asked for, or when a view that reads its
//     items token by token (a table's rows, each packed in one string)
//     says how it reads them: that reading is then done on the goroutine.
//     Decoding each row whole there cost more time than it saved (200,000
//     rows: 0.98 s to 1.27 s); read token by token, 0.88 s to 0.60 s. A
//     million numbers took twice as long read ahead.
//   - The goroutine is the decoder's only reader until it has handed over
//     the list's end (or an error), or is stopped once the view is done.
//     Items come in batches, handed over when full and before the input is
//     read; an item larger than aheadLarge alone.

// aheadBytes is the size of input a batch of list items is handed over
// at, whatever their count; aheadItems the count, whatever their size.
// Handed over by 32, items cost more to hand over than to read; by 512, a
// code search's human output peaked at 29 MiB, by 128 at 22.
const (
	aheadBytes = 256 << 10
	aheadItems = 128
)

// errListStopped is what a list read ahead returns once reading ahead was
// stopped while its goroutine waited for input: the decoder is left to it.
var errListStopped = errors.New("pipeline: the list read ahead was stopped")

// aheadList is a list read ahead.
type aheadList struct {
	a     *ahead
	next  func() (value.Value, bool, error) // the list's own reading
	flush func() error
	done  bool // Next returns err from now on
	err   error
	// ended: the goroutine handed the list's end (or its error) over, and
	// has nothing more to do; stopped: reading ahead stopped before that;
	// left: while its goroutine waited for input (the decoder is then its),
	// which only an input that is not settled (a pipe) can make it do.
	ended, stopped, left, settled bool
}

// listAhead is dec's ListAhead hook: a list read ahead, or nil where that
// does not pay (scalars cost less to show than to hand over).
func (rn *Renderer) listAhead(dec *input.Decoder) func(bool, func() (value.Value, bool, error), func() int64) func() (value.Value, bool, error) {
	return func(scalars bool, next func() (value.Value, bool, error), offset func() int64) func() (value.Value, bool, error) {
		if scalars || rn.list != nil {
			return nil
		}
		l := &aheadList{a: newAhead(&rn.aheadReading), next: next, flush: rn.flushBeforeRead, settled: dec.Settled}
		rn.list = l
		rn.listsAhead++
		l.a.list = true
		go l.read(offset, rn.aheadReading.Load())
		return l.Next
	}
}

// stopList stops reading a list ahead, if one is.
func (rn *Renderer) stopList() {
	l := rn.list
	if l == nil {
		return
	}
	rn.list = nil
	if l.ended {
		l.a.close(true)
		return
	}
	// Before the list's end: a write error, or the output failing to
	// flush while an item was awaited (Next's done, not ended).
	l.stopped = true
	l.left = !l.a.close(l.settled)
	rn.decoderLeft = rn.decoderLeft || l.left
}

// Next is the list's next item, as the list's own reading returned it;
// once reading ahead was stopped, the list's own reading's.
func (l *aheadList) Next() (value.Value, bool, error) {
	switch {
	case l.done:
		return value.Value{}, false, l.err
	case l.left:
		return value.Value{}, false, errListStopped
	case l.stopped:
		return l.next()
	}
	it, err := l.a.item(l.flush)
	if err != nil {
		l.done, l.err = true, err
		return value.Value{}, false, err
	}
	if it.last {
		l.done, l.ended, l.err = true, true, it.err
		return value.Value{}, false, it.err
	}
	return it.v, true, nil
}

// read is the goroutine reading the list; outer, the reader of the input
// before it (an event stream's), is put back between items.
func (l *aheadList) read(offset func() int64, outer *ahead) {
	a := l.a
	defer close(a.exited)
	size := 0
	for {
		at := offset()
		a.reading.Store(a) // before looking at stop: close relies on it
		select {
		case <-a.stop:
			a.reading.Store(outer)
			return
		default:
		}
		v, more, err := l.next()
		a.reading.Store(outer)
		n := int(offset() - at)
		it := aheadItem{unwrapped: unwrapped{v: v}, err: err, last: !more || err != nil, waits: more && err == nil && n > aheadLarge}
		size += n
		now := it.last || it.waits || size > aheadBytes
		if now {
			size = 0
		}
		if !a.hand(it, now) || it.last {
			return
		}
	}
}
