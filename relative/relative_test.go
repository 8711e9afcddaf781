package relative

import (
	"testing"
	"time"
)

func TestFormat(t *testing.T) {
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	tests := []struct {
		ago  time.Duration // positive: past, negative: future
		want string
	}{
		{0, "now"},
		{999 * time.Millisecond, "now"},
		{-999 * time.Millisecond, "now"},
		{time.Second, "1s ago"},
		{45 * time.Second, "45s ago"},
		{59*time.Second + 999*time.Millisecond, "59s ago"},
		{time.Minute, "1m ago"},
		{3*time.Minute + 59*time.Second, "3m ago"},
		{59 * time.Minute, "59m ago"},
		{time.Hour, "1h ago"},
		{23*time.Hour + 59*time.Minute, "23h ago"},
		{24 * time.Hour, "1d ago"},
		{Window - time.Second, "6d ago"},
		{Window, "2026-05-16"},
		{400 * 24 * time.Hour, "2025-04-18"},
		{-45 * time.Second, "in 45s"},
		{-3 * time.Minute, "in 3m"},
		{-2 * time.Hour, "in 2h"},
		{-(3*24*time.Hour + time.Hour), "in 3d"},
		{-Window, "2026-05-30"},
	}
	// Far away, where a time.Duration overflows: still a date.
	for _, tt := range []struct {
		t    time.Time
		want string
	}{
		{time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC), "9999-12-31"},
		{time.Date(2326, 5, 23, 0, 0, 0, 0, time.UTC), "2326-05-23"},
		{time.Date(1726, 5, 23, 0, 0, 0, 0, time.UTC), "1726-05-23"},
		{time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), "0001-01-01"},
	} {
		if got := Format(tt.t, now); got != tt.want {
			t.Errorf("Format(%v) = %q, want %q", tt.t, got, tt.want)
		}
	}
	for _, tt := range tests {
		if got := Format(now.Add(-tt.ago), now); got != tt.want {
			t.Errorf("Format(now-%v) = %q, want %q", tt.ago, got, tt.want)
		}
	}
}

func TestFormatDateUsesNowsZone(t *testing.T) {
	tokyo := time.FixedZone("JST", 9*3600)
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, tokyo)
	old := time.Date(2026, 1, 14, 20, 0, 0, 0, time.UTC) // already Jan 15 in Tokyo
	if got := Format(old, now); got != "2026-01-15" {
		t.Errorf("got %q, want the date in now's zone, 2026-01-15", got)
	}
}

func TestParse(t *testing.T) {
	for _, s := range []string{"2026-05-23T16:18:15.234567Z", "2026-05-23T16:18:15Z", "2026-05-23T18:18:15+02:00"} {
		if _, ok := Parse(s); !ok {
			t.Errorf("Parse(%q) failed", s)
		}
	}
	for _, s := range []string{"", "2026-05-23", "2026-05-23t16:18:15z", "standup 2026-05-23", "2026-05-23T16:18:15", "2026-13-23T16:18:15Z", "Draft ADR-045 2026-05-23T16:18:15Z"} {
		if _, ok := Parse(s); ok {
			t.Errorf("Parse(%q) accepted a non-timestamp", s)
		}
	}
}

// The fast path reads what time.Parse reads, to the nanosecond and offset.
func TestParseFastAgreesWithTimeParse(t *testing.T) {
	for _, s := range []string{
		"2026-05-23T16:18:15.234567Z", "2026-05-23T16:18:15Z", "2026-05-23T18:18:15+02:00",
		"2026-05-23T10:18:15.5-06:30", "1999-12-31T23:59:59.123456789Z", "2026-01-01T00:00:00.000000001Z",
		"2026-05-23T16:18:15.1234567891234Z", "2026-05-29T16:18:15Z", "2024-02-29T12:00:00Z",
	} {
		want, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := Parse(s)
		if !ok || !got.Equal(want) {
			t.Errorf("Parse(%q) = %v, %v; want %v", s, got, ok, want)
		}
		_, off1 := got.Zone()
		_, off2 := want.Zone()
		if off1 != off2 {
			t.Errorf("Parse(%q): offset %d, want %d", s, off1, off2)
		}
	}
	for _, s := range []string{"2026-02-30T10:00:00Z", "2026-05-23T24:00:00Z", "2026-05-23T16:18:15.Z", "2026-05-23T16:18:15+0200"} {
		if _, ok := Parse(s); ok {
			t.Errorf("Parse(%q) accepted an invalid time", s)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		Parse("2026-05-23T16:18:15.234567Z")
	}
}

// A time written in an offset of its own is a date of that place's
// calendar; a time in UTC is dated in now's zone.
func TestFormatDateOfAnOffsetIsItsOwn(t *testing.T) {
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	due, ok := Parse("2026-10-01T00:00:00+09:00") // 30 September in UTC
	if !ok {
		t.Fatal("not parsed")
	}
	if got := Format(due, now); got != "2026-10-01" {
		t.Errorf("got %q, want the date where it was written, 2026-10-01", got)
	}
	utc, _ := Parse("2026-09-30T15:00:00Z")
	if got := Format(utc, now.In(time.FixedZone("JST", 9*3600))); got != "2026-10-01" {
		t.Errorf("got %q, want the date in now's zone, 2026-10-01", got)
	}
	if got := Format(utc, now); got != "2026-09-30" {
		t.Errorf("got %q, want 2026-09-30", got)
	}
}

// khive's older agent mode cut times to the minute, in UTC, and wrote
// recent ones relative to its clock.
func TestCompactedForms(t *testing.T) {
	got, ok := Parse("2026-05-21T08:15")
	if want := time.Date(2026, 5, 21, 8, 15, 0, 0, time.UTC); !ok || !got.Equal(want) {
		t.Errorf("Parse(minute form) = %v %v, want %v", got, ok, want)
	}
	for _, s := range []string{"2026-05-21 08:15", "2026-05-21T8:15x", "2026-13-21T08:15", "Draft 2026-05-2"} {
		if _, ok := Parse(s); ok {
			t.Errorf("Parse(%q) took it for a time", s)
		}
	}
	for s, want := range map[string]bool{"3m ago": true, "42s ago": true, "5h ago": true, "12d ago": true,
		"ago": false, "m ago": false, "3w ago": false, "3 m ago": false, "in 3m": false, "-3m ago": false} {
		if IsAgo(s) != want {
			t.Errorf("IsAgo(%q) = %v", s, !want)
		}
	}
}
