package gcpace

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gogc is the collector's GOGC now.
func gogc() int {
	g := debug.SetGCPercent(100)
	debug.SetGCPercent(g)
	return g
}

// collected runs a collection and waits for the pacer's finalizer.
func collected(t *testing.T, want func(int) bool) int {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(time.Millisecond)
		if g := gogc(); want(g) {
			return g
		}
	}
	t.Fatalf("GOGC stayed %d", gogc())
	return 0
}

// With little live, the goal rises toward the ceiling (GOGC up to the
// most that keeps the runtime's least goal under it); with a moderate
// heap live, the goal is the budget (GOGC under the floor); with more,
// GOGC is the floor.
func TestPacing(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	Start(18<<20, 22<<20, 200)
	if g := collected(t, func(g int) bool { return g > 200 }); g > 18*100/4 {
		t.Errorf("GOGC %d with little live: its least goal is over the ceiling", g)
	}
	live := make([][]byte, 0, 40)
	for range 11 {
		live = append(live, make([]byte, 1<<20))
	}
	// 11 MiB live: a goal of 22 MiB is GOGC=100, give or take the heap
	// the test itself holds.
	if g := collected(t, func(g int) bool { return g < 200 }); g < 80 || g > 100 {
		t.Errorf("GOGC %d with 11 MiB live, want about 100 (a goal of 22 MiB)", g)
	}
	for range 29 {
		live = append(live, make([]byte, 1<<20))
	}
	collected(t, func(g int) bool { return g == 200 })
	runtime.KeepAlive(live)
}
