// Package gcpace paces Go's collector for one run of the command: while
// little is live, the heap may grow to a ceiling before it is collected;
// while a moderate heap is live, to a budget; past that, GOGC is a floor,
// as it would be set alone.
//
// A run that keeps a few MiB live and allocates per document (100,000
// MCP frames) otherwise collects every few MiB it allocates, a hundred
// times, each collection's fixed cost on both cores; with the heap goal
// raised to the ceiling it collects a fraction of that, in no more
// memory than a run with a large live heap already takes. The goal is
// set again after each collection (a finalizer re-armed each cycle,
// as the runtime has no hook of its own), from the live heap it found.
package gcpace

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// Start paces the collector: after each collection, the next heap goal
// is three times what is live (GOGC=floor, as it would be set alone), but
// at least ceiling and, while that fits, at most budget: a run that keeps
// a moderate heap live (a wide table's first rows while they are laid
// out) collects a little more often rather than grow past its budget.
// Past two thirds of the budget live, GOGC is the floor. The runtime's
// least goal is 4 MiB times GOGC/100 however little is live, so GOGC stays
// at most what puts that at the ceiling. It returns at once; the pacing
// lasts for the process.
func Start(ceiling, budget uint64, floor int) {
	debug.SetGCPercent(floor) // the first goal: the floor's least
	most := max(floor, int(ceiling*100/(4<<20)))
	p := &pacer{ceiling: ceiling, budget: budget, floor: floor, most: most, sample: make([]metrics.Sample, 1)}
	p.sample[0].Name = "/gc/heap/live:bytes"
	p.arm()
}

type pacer struct {
	ceiling     uint64
	budget      uint64
	floor, most int
	last        int
	sample      []metrics.Sample
}

// sentinel is freed by each collection: its finalizer paces the next.
// Larger than the tiny allocator's blocks, which may keep it alive.
type sentinel struct{ _ [32]byte }

func (p *pacer) arm() {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		p.adjust()
		p.arm()
	})
}

func (p *pacer) adjust() {
	metrics.Read(p.sample)
	live := uint64(0)
	if p.sample[0].Value.Kind() == metrics.KindUint64 {
		live = p.sample[0].Value.Uint64()
	}
	gogc := p.most
	switch {
	case live == 0:
	case live*3/2 <= p.budget:
		goal := max(p.ceiling, min(p.budget, live*uint64(100+p.floor)/100))
		gogc = min(p.most, int((goal-live)*100/live))
	default:
		gogc = p.floor
	}
	if gogc != p.last {
		p.last = gogc
		debug.SetGCPercent(gogc)
	}
}
