package format

import (
	"strings"
	"testing"
	"time"
)

func TestFormatting(t *testing.T) {
	for lit, want := range map[string]string{
		"0.8112345": "0.811", "18.375": "18.4", "0.0325224749": "0.0325", "1.0": "1", "0": "0",
		"1234.5": "1235", "0.00001234": "1.23e-05", "1e400": "1e400", "-0.5": "-0.5",
	} {
		if got := Sig3(lit); got != want {
			t.Errorf("Sig3(%s) = %s, want %s", lit, got, want)
		}
	}
	for _, tt := range []struct{ lit, key, want string }{
		{"95", "duration_us", "95µs"}, {"1234", "duration_us", "1.23ms"}, {"15022", "duration_us", "15ms"},
		{"999999", "duration_us", "1s"}, {"999400", "duration_us", "999ms"}, {"245", "latency_ms", "245ms"}, {"61.48213", "duration_seconds", "1m1s"}, {"59.4", "duration_seconds", "59.4s"},
		{"93784", "uptime_seconds", "26h3m4s"}, {"300000", "ttl_ms", "5m"}, {"3600", "x_seconds", "1h"}, {"3660", "x_seconds", "1h1m"}, {"3605", "x_seconds", "1h0m5s"}, {"0.5", "duration_ns", "0ns"},
	} {
		unit, ok := unitOf(tt.key)
		got, ok2 := Duration(tt.lit, unit, "µs")
		if !ok || !ok2 || got != tt.want {
			t.Errorf("%s=%s: got %q, want %q", tt.key, tt.lit, got, tt.want)
		}
	}
	if _, ok := Duration("-5", 1, "µs"); ok {
		t.Error("negative duration accepted")
	}
	for n, want := range map[int]string{0: "0 tasks", 1: "1 task", 2: "2 tasks"} {
		if got := Count(n, "task"); got != want {
			t.Errorf("Count(%d) = %q", n, got)
		}
	}
	if Count(2, "entity") != "2 entities" || Count(2, "entry") != "2 entries" || Count(3, "match") != "3 matches" {
		t.Error("plural forms")
	}
}

// unitOf is the unit of the test's keys.
func unitOf(key string) (time.Duration, bool) {
	switch {
	case strings.HasSuffix(key, "_us"):
		return time.Microsecond, true
	case strings.HasSuffix(key, "_ms"):
		return time.Millisecond, true
	case strings.HasSuffix(key, "_seconds"):
		return time.Second, true
	case strings.HasSuffix(key, "_ns"):
		return time.Nanosecond, true
	}
	return 0, false
}
