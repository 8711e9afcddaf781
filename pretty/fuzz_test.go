package pretty

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
)

// sgr is the only kind of escape sequence output may hold: the theme's
// colours, in human output with colour on.
var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// FuzzPipeline feeds arbitrary bytes through the whole pipeline (framing,
// decoding, unwrapping, every renderer and output format) and checks what
// must hold for any
// input: no panic, nothing from the input reaches the terminal as a control
// character or escape sequence, plain output is the same on every run, and
// output ends with a newline.
func FuzzPipeline(f *testing.F) {
	for _, pat := range []string{"../testdata/*.json", "../testdata/*.ndjson", "../testdata/*.sse", "../testdata/*.http", "../../shared/corpus/*"} {
		files, _ := filepath.Glob(pat)
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil && len(data) < 1<<20 {
				f.Add(data)
			}
		}
	}
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	opts := []Options{
		{Output: Plain},
		{Output: Human, Width: 60, Now: now},
		{Output: Human, Width: 100, Now: now, Color: colorprofile.ANSI, ASCII: true},
		{Output: Human, Verbose: true, Now: now, Color: colorprofile.ANSI},
		{Output: Markdown},
		{Output: Markdown, Verbose: true},
		{Output: JSON, Color: colorprofile.ANSI},
		{Output: Agent},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var first []byte
		for i, opt := range opts {
			var out bytes.Buffer
			NewRenderer(&out, opt).Stream(bytes.NewReader(data), "fuzz")
			got := out.Bytes()
			if i == 0 {
				first = append([]byte(nil), got...)
				var again bytes.Buffer
				NewRenderer(&again, opt).Stream(bytes.NewReader(data), "fuzz")
				if !bytes.Equal(got, again.Bytes()) {
					t.Fatalf("plain output differs between two runs")
				}
			}
			rest := got
			if opt.Color >= colorprofile.ANSI {
				rest = sgr.ReplaceAll(got, nil)
			}
			for _, r := range string(rest) {
				if (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || (r >= 0x80 && r <= 0x9f) ||
					(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x2028 || r == 0x2029 {
					t.Fatalf("output %d holds control character %U:\n%q", i, r, got)
				}
			}
			if len(got) > 0 && got[len(got)-1] != '\n' {
				t.Fatalf("output %d does not end with a newline: %q", i, got[max(0, len(got)-40):])
			}
		}
		_ = first
	})
}
