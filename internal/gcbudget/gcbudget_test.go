package gcbudget

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent is GOGC now (SetGCPercent says the old one; it is put back).
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// While little is live the heap has its budget (no GOGC, a memory limit);
// once more than half the budget is live, pacing is proportional, with no
// limit, so that a large held document is not collected without end.
func TestPacingFollowsWhatIsLive(t *testing.T) {
	defer debug.SetGCPercent(gcPercent())
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	Start(8 << 20)
	runtime.GC()
	time.Sleep(20 * time.Millisecond) // the finalizer's goroutine
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != -1 || l != 8<<20 {
		t.Fatalf("with little live: GOGC %d, limit %d; want off, 8 MiB", p, l)
	}
	held := make([]byte, 16<<20)
	deadline := time.Now().Add(5 * time.Second)
	for gcPercent() != Percent && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	runtime.KeepAlive(held)
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != Percent || l != math.MaxInt64 {
		t.Errorf("with 16 MiB live: GOGC %d, limit %d; want %d, none", p, l, Percent)
	}
}
