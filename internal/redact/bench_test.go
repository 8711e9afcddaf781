package redact

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// BenchmarkReader redacts a large list (BENCH_FILE, e.g. benchdata's
// list) as the command reads it.
func BenchmarkReader(b *testing.B) {
	name := os.Getenv("BENCH_FILE")
	if name == "" {
		b.Skip("BENCH_FILE not set")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		io.Copy(io.Discard, New(nil).Reader(bytes.NewReader(data)))
	}
}
