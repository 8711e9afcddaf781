package pipeline

import (
	"flag"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"
)

// TestMain runs the tests with the collector paced as the command paces
// it (main.go: GOGC=200), only looser: they allocate documents by
// the thousand and keep few, and with the default pacing a fifth of
// their time went to collecting. The tests that measure memory collect
// before each sample, so pacing does not change what they see. GOGC set
// in the environment wins.
//
// Twice as many tests run at once as there are cores, unless -parallel
// says otherwise: a third of the quick run's time was tests waiting on a
// pause (runPause) or a pipe, each holding a core's slot.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(800)
	}
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(2*runtime.GOMAXPROCS(0)))
	}
	os.Exit(m.Run())
}

// alone runs t in a process of its own, alongside the other tests, and
// reports whether this is the process that only waited for it: a test
// that measures the process's heap (or its open files) would otherwise
// have to run with nothing beside it, on one core.
func alone(t *testing.T) bool {
	const env = "KHIVE_PRETTY_TEST_ALONE"
	if os.Getenv(env) == t.Name() {
		return false
	}
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env+"="+t.Name())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return true
}
