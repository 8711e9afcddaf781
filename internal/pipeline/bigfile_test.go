package pipeline

import (
	"io"
	"os"
	"testing"
	"time"
)

// BenchmarkBigFile renders the file named by $KHIVE_PRETTY_BENCH_FILE (made
// by internal/benchdata), for profiling the large-input path:
//
//	KHIVE_PRETTY_BENCH_FILE=big.json go test -bench BigFile -cpuprofile cpu.prof ./pipeline
func BenchmarkBigFile(b *testing.B) {
	path := os.Getenv("KHIVE_PRETTY_BENCH_FILE")
	if path == "" {
		b.Skip("KHIVE_PRETTY_BENCH_FILE is not set")
	}
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"plain", Options{Output: Plain}},
		{"human", Options{Output: Human, Width: 120, Color: 4, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}},
		{"markdown", Options{Output: Markdown}},
		{"json", Options{Output: JSON}},
		{"agent", Options{Output: Agent, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			st, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(st.Size())
			b.ReportAllocs()
			for b.Loop() {
				f, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := NewRenderer(io.Discard, tc.opt).Stream(f, path); err != nil {
					b.Fatal(err)
				}
				f.Close()
			}
		})
	}
}
