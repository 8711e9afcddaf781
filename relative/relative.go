// Package relative formats a time relative to an injected clock, the way a
// person reads it at a glance: "45s ago", "3m ago", "in 3d", or a date.
package relative

import (
	"strconv"
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
//	7 days or more      "2026-01-15" (the date in now's time zone)
func Format(t, now time.Time) string {
	d := now.Sub(t)
	future := d < 0
	if future {
		d = -d
	}
	if d >= Window {
		return t.In(now.Location()).Format("2006-01-02")
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
// or with a numeric offset). It is strict on purpose: a string that merely
// contains a date is text, not a timestamp.
func Parse(s string) (time.Time, bool) {
	// Cheap shape check first: most strings are not timestamps.
	if len(s) < len("2006-01-02T15:04:05Z") || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}
