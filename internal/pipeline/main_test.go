package pipeline

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests with the collector paced as the command paces
// it (main.go: GOGC=200), only looser: they allocate documents by
// the thousand and keep few, and with the default pacing a fifth of
// their time went to collecting. The tests that measure memory collect
// before each sample, so pacing does not change what they see. GOGC set
// in the environment wins.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(800)
	}
	os.Exit(m.Run())
}
