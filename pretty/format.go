package pretty

import (
	"math"
	"strconv"
	"strings"
	"time"
)

func itoa(n int) string { return strconv.Itoa(n) }

// sig3 rounds a score to 3 significant figures without switching to
// exponent form for ordinary magnitudes: 0.8112345 → 0.811, 18.375 → 18.4,
// 0.0325224749 → 0.0325, 1234.5 → 1235. It returns the input unchanged when
// it is not a finite number.
func sig3(lit string) string {
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return lit
	}
	if a := math.Abs(f); a >= 1000 || a == 0 {
		return strconv.FormatFloat(math.Round(f), 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', 3, 64)
}

// durationUnit returns the unit a numeric duration field is written in,
// judged by its name (duration_us, latency_ms, duration_seconds).
func durationUnit(key string) (time.Duration, bool) {
	switch {
	case strings.HasSuffix(key, "_us"):
		return time.Microsecond, true
	case strings.HasSuffix(key, "_ms"):
		return time.Millisecond, true
	case strings.HasSuffix(key, "_seconds"), strings.HasSuffix(key, "_secs"), strings.HasSuffix(key, "_s"):
		return time.Second, true
	case strings.HasSuffix(key, "_ns"):
		return time.Nanosecond, true
	}
	return 0, false
}

// humanDuration writes a duration with about 3 significant figures:
// 95µs, 1.23ms, 15ms, 59.4s, 2m5s. micro is the microsecond symbol ("µs",
// or "us" for ASCII output).
func humanDuration(lit string, unit time.Duration, micro string) (string, bool) {
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || f < 0 || f > float64(math.MaxInt64/int64(unit)) {
		return "", false
	}
	d := time.Duration(f * float64(unit))
	// Each unit ends where rounding would print 1000 of it.
	switch {
	case d < time.Microsecond:
		return strconv.FormatInt(int64(d), 10) + "ns", true
	case d < 999500*time.Nanosecond:
		return trimFloat(float64(d)/float64(time.Microsecond)) + micro, true
	case d < 999500*time.Microsecond:
		return trimFloat(float64(d)/float64(time.Millisecond)) + "ms", true
	case d < 59500*time.Millisecond:
		return trimFloat(float64(d)/float64(time.Second)) + "s", true
	}
	return d.Round(time.Second).String(), true
}

// trimFloat writes 1 ≤ f < 1000 with 3 significant figures, never in
// exponent form, without trailing zeros: 1.2, 15, 61.5, 999.
func trimFloat(f float64) string {
	dec := 0
	switch {
	case f < 10:
		dec = 2
	case f < 100:
		dec = 1
	}
	s := strconv.FormatFloat(f, 'f', dec, 64)
	if dec > 0 {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

func parseFloat(s string) (float64, error) { return strconv.ParseFloat(s, 64) }

// Units of durations whose key does not say them.
const (
	durationMS     = time.Millisecond
	durationSecond = time.Second
)
