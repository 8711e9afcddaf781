// Package relative formats a time relative to an injected clock, the way a
// person reads it at a glance: "45s ago", "3m ago", "in 3d", or a date.
package relative

import (
	"strconv"
	"strings"
	"time"
)

// Window is how far from now a time is still shown relatively. Past it, in
// either direction, the absolute date is clearer than "23d ago".
const Window = 7 * 24 * time.Hour

// Format returns t relative to now. Units are floored, so "1h ago" holds from
// 60 minutes up to 1h59m59s:
//
//	under 1s            "now"
//	under 1 minute      "45s ago"  / "in 45s"
//	under 1 hour        "3m ago"   / "in 3m"
//	under 1 day         "2h ago"   / "in 2h"
//	under 7 days        "6d ago"   / "in 3d"
//	7 days or more      "2026-01-15" (the date in now's time zone, or in
//	                    the time's own when it was written with an offset)
func Format(t, now time.Time) string {
	// Sub saturates at about 292 years, and the negation of the saturated
	// past would overflow to "now": times that far away (a sentinel such as
	// 9999-12-31) are compared as times first, and are dates anyway.
	if !t.Before(now.Add(Window)) || !t.After(now.Add(-Window)) {
		// A time written in an offset of its own (a due date "2026-10-01T00:00:00+09:00")
		// belongs to that place's calendar: it is due on 1 October there.
		if _, off := t.Zone(); off != 0 {
			return t.Format("2006-01-02")
		}
		return t.In(now.Location()).Format("2006-01-02")
	}
	d := now.Sub(t)
	future := d < 0
	if future {
		d = -d
	}
	var n int64
	var unit string
	switch {
	case d < time.Second:
		return "now"
	case d < time.Minute:
		n, unit = int64(d/time.Second), "s"
	case d < time.Hour:
		n, unit = int64(d/time.Minute), "m"
	case d < 24*time.Hour:
		n, unit = int64(d/time.Hour), "h"
	default:
		n, unit = int64(d/(24*time.Hour)), "d"
	}
	s := strconv.FormatInt(n, 10) + unit
	if future {
		return "in " + s
	}
	return s + " ago"
}

// Parse reads an RFC 3339 timestamp as khive writes it ("2026-05-23T16:18:15.234567Z",
// or with a numeric offset), or as khive's older agent mode compacted one,
// to the minute in UTC ("2026-05-23T16:18", exactly 16 characters). It is
// strict on purpose: a string that merely contains a date is text, not a
// timestamp.
func Parse(s string) (time.Time, bool) {
	if len(s) == len("2006-01-02T15:04") {
		return parseMinute(s)
	}
	// Cheap shape check first: most strings are not timestamps.
	if len(s) < len("2006-01-02T15:04:05Z") || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' {
		return time.Time{}, false
	}
	if t, ok := parseFast(s); ok {
		return t, true
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}

// parseFast reads the layout khive writes, "2026-05-23T16:18:15.234567Z",
// with or without a fraction, with Z or a ±hh:mm offset, several times
// faster than time.Parse (long lists have a few timestamps a row). Anything
// else, or any field out of range, is left to time.Parse.
func parseFast(s string) (time.Time, bool) {
	if len(s) < 20 || s[16] != ':' {
		return time.Time{}, false
	}
	num := func(i, n int) (int, bool) {
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			if c < '0' || c > '9' {
				return 0, false
			}
			v = v*10 + int(c-'0')
		}
		return v, true
	}
	year, ok1 := num(0, 4)
	month, ok2 := num(5, 2)
	day, ok3 := num(8, 2)
	hour, ok4 := num(11, 2)
	minute, ok5 := num(14, 2)
	sec, ok6 := num(17, 2)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || month < 1 || month > 12 || day < 1 || day > 28 || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false // days 29-31 and leap seconds: time.Parse knows the calendar
	}
	i, nsec := 19, 0
	if s[i] == '.' {
		i++
		digits := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if digits < 9 {
				nsec = nsec*10 + int(s[i]-'0')
			}
			digits++
			i++
		}
		if digits == 0 {
			return time.Time{}, false
		}
		for ; digits < 9; digits++ {
			nsec *= 10
		}
	}
	loc := time.UTC
	switch rest := s[i:]; {
	case rest == "Z":
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, okh := num(i+1, 2)
		om, okm := num(i+4, 2)
		if !okh || !okm || oh > 23 || om > 59 {
			return time.Time{}, false
		}
		off := (oh*60 + om) * 60
		if rest[0] == '-' {
			off = -off
		}
		loc = time.FixedZone("", off)
	default:
		return time.Time{}, false
	}
	return time.Date(year, time.Month(month), day, hour, minute, sec, nsec, loc), true
}

// parseMinute reads "2026-05-23T16:18", a time cut to the minute.
func parseMinute(s string) (time.Time, bool) {
	if s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' {
		return time.Time{}, false
	}
	t, err := time.Parse("2006-01-02T15:04", s)
	return t, err == nil
}

// IsAgo reports a time already written relative to a clock, as khive's
// agent mode writes it: "42s ago", "3m ago", "5h ago", "2d ago".
func IsAgo(s string) bool {
	n, ok := strings.CutSuffix(s, " ago")
	if !ok || len(n) < 2 || len(n) > 8 {
		return false
	}
	switch n[len(n)-1] {
	case 's', 'm', 'h', 'd':
	default:
		return false
	}
	for _, c := range []byte(n[:len(n)-1]) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
