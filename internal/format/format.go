// Package format writes numbers and counts the way a person reads them: a
// score to 3 significant figures, a duration in its largest sensible unit,
// a size in bytes, "3 tasks". Pure functions, no domain knowledge.
package format

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Sig3 rounds a number to 3 significant figures without switching to
// exponent form for ordinary magnitudes: 0.8112345 → 0.811, 18.375 → 18.4,
// 0.0325224749 → 0.0325, 1234.5 → 1235. It returns the input unchanged when
// it is not a finite number.
func Sig3(lit string) string {
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return lit
	}
	if a := math.Abs(f); a >= 1000 || a == 0 {
		return strconv.FormatFloat(math.Round(f), 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', 3, 64)
}

// Duration writes a number of unit with about 3 significant figures:
// 95µs, 1.23ms, 15ms, 59.4s, 2m5s. micro is the microsecond symbol ("µs",
// or "us" for ASCII output). False for a negative or unreadable number.
func Duration(lit string, unit time.Duration, micro string) (string, bool) {
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
	// Go writes whole minutes and hours with their zeros ("5m0s", "1h0m0s").
	s := d.Round(time.Second).String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
		if strings.HasSuffix(s, "h0m") {
			s = strings.TrimSuffix(s, "0m")
		}
	}
	return s, true
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

// Bytes writes a size: 70 B, 1.5 KiB, 12 MiB.
func Bytes(n int64) string {
	switch {
	case n < 1024:
		return strconv.FormatInt(n, 10) + " B"
	case n < 1024*1024:
		return trimFloat(float64(n)/1024) + " KiB"
	}
	return trimFloat(float64(n)/(1024*1024)) + " MiB"
}

// Count writes "1 task", "3 tasks", "2 entities".
func Count(n int, singular string) string { return CountText(strconv.Itoa(n), singular) }

// CountText is Count for a number as written in the input ("1284
// entities"), which may be too large for an int.
func CountText(lit, singular string) string {
	if lit == "1" {
		return "1 " + singular
	}
	return lit + " " + Plural(singular)
}

// Plural is the plural of an English noun, as far as data needs: entity →
// entities, match → matches, task → tasks.
func Plural(s string) string {
	switch {
	case strings.HasSuffix(s, "y") && !strings.HasSuffix(s, "ey"):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	}
	return s + "s"
}

// MaxValue is the most of one value that human and Markdown output show:
// a server can send a 50 MB string, and a terminal is no place to read it.
const MaxValue = 64 << 10

// Bound cuts s to MaxValue bytes, at a character boundary, and says how
// much more there is and where to see it.
func Bound(s, ellipsis string) string {
	if len(s) <= MaxValue {
		return s
	}
	cut := MaxValue
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + ellipsis + " (" + strconv.Itoa(len(s)-cut) + " more bytes; -o plain shows all)"
}

// Lines is a text to show line by line: bounded (Bound), its CRLF line
// ends read as LF, without the line breaks it ends with.
func Lines(s, ellipsis string) []string { return strings.Split(Body(s, ellipsis), "\n") }

// Body is s as Lines splits it: bounded, CRLF as LF, no trailing newline.
func Body(s, ellipsis string) string {
	return strings.TrimRight(strings.ReplaceAll(Bound(s, ellipsis), "\r\n", "\n"), "\n")
}

// Deep is what stands for a container nested deeper than depth levels:
// "{…} (nested deeper than 32 levels; -o plain shows all)".
func Deep(open, ellipsis string, depth int) string {
	closing := "}"
	if open == "[" {
		closing = "]"
	}
	return open + ellipsis + closing + " (nested deeper than " + strconv.Itoa(depth) + " levels; -o plain shows all)"
}
