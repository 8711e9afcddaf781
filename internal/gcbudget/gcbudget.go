// Package gcbudget sets how the Go collector paces a run of the command:
// while little is live, a collection when the heap reaches a small
// budget; once more is live, proportional to it (GOGC=200).
//
// A stream of small documents keeps about 2 MB live and allocates about
// 10 KB a document that does not survive it. At GOGC=200 the collector
// runs every 4-6 MB allocated, several hundred cycles over 100,000
// documents; the allocator and the collector took 60% of the time. With
// a budget (GOGC off, a soft memory limit), a cycle runs only when the
// heap reaches it: a tenth of the cycles, a fifth less time. A budget
// alone would make a large held document (hundreds of MB live) collect
// without end, so once what is live passes half of it, pacing is
// proportional (GOGC=200) for the rest of the run.
//
// It imports nothing of this module.
package gcbudget

import (
	"math"
	"runtime"
	"runtime/debug"
)

// Percent is GOGC once what is live passes half the budget.
const Percent = 200

// Start paces the collector within budget bytes of heap until what is
// live passes half of it, then at Percent. It is for a program's main,
// once, before work starts.
func Start(budget int64) {
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(budget)
	w := &watcher{half: uint64(budget / 2)}
	w.arm()
}

// watcher looks at the heap after each collection: a finalizer on an
// object made for the purpose runs once the cycle that freed it is over,
// when what is allocated is about what the cycle left live. (Not
// runtime/metrics' live heap: its package costs a start-up 0.5 ms.)
type watcher struct {
	half uint64
	ms   runtime.MemStats
}

type sentinel struct{ _ [16]byte } // not a tiny allocation: a finalizer on one may never run

func (w *watcher) arm() {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) { w.check() })
}

func (w *watcher) check() {
	runtime.ReadMemStats(&w.ms)
	if w.ms.HeapAlloc > w.half {
		Proportional()
		return // no more watching
	}
	w.arm()
}

// Proportional paces the collector at Percent from now on: for what will
// hold much (a document read whole), said before it is read.
func Proportional() {
	debug.SetGCPercent(Percent)
	debug.SetMemoryLimit(math.MaxInt64)
}
