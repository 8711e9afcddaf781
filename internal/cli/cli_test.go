package cli

import (
	"runtime/debug"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestVersionText(t *testing.T) {
	bi := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "github.com/khive-ai/khive-pretty", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{
			{Key: "GOOS", Value: "darwin"}, {Key: "GOARCH", Value: "arm64"},
			{Key: "vcs.revision", Value: "5411946c0a7f0123456789abcdef012345678901"},
			{Key: "vcs.time", Value: "2026-05-23T16:20:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	want := "khive-pretty v1.2.3\ncommit 5411946c0a7f (2026-05-23T16:20:00Z), modified\ngo1.26.8 darwin/arm64\n"
	if got := versionText(bi); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	bi.Settings = bi.Settings[:2]
	bi.Main.Version = "(devel)"
	if got := versionText(bi); got != "khive-pretty (devel)\ngo1.26.8 darwin/arm64\n" {
		t.Errorf("without VCS information: %q", got)
	}
}

// laidOut is what lay writes on a page of the width.
func laidOut(width int, lay func(p *page)) string {
	p := page{width: width}
	lay(&p)
	return p.String()
}

func TestFillAndDefList(t *testing.T) {
	got := laidOut(12, func(p *page) { p.fill("one two three four five\n\nsix seven", 2) })
	if want := "  one two\n  three four\n  five\n\n  six seven"; got != want {
		t.Errorf("fill:\n%s\nwant\n%s", got, want)
	}
	// A word wider than the line is not broken.
	if got := laidOut(10, func(p *page) { p.fill("a supercalifragilistic b", 0) }); got != "a\nsupercalifragilistic\nb" {
		t.Errorf("fill of a long word: %q", got)
	}
	items := []item{{"-o, --output MODE", "how to show it"}, {"    --ascii", "ASCII glyphs instead of Unicode"}}
	wide := laidOut(60, func(p *page) { p.defList(items, 2) })
	if want := "  -o, --output MODE  how to show it\n      --ascii        ASCII glyphs instead of Unicode\n"; wide != want {
		t.Errorf("beside:\n%s\nwant\n%s", wide, want)
	}
	narrow := laidOut(30, func(p *page) { p.defList(items, 2) })
	if want := "  -o, --output MODE\n      how to show it\n  --ascii\n      ASCII glyphs instead of\n      Unicode\n"; narrow != want {
		t.Errorf("under:\n%s\nwant\n%s", narrow, want)
	}
}

func TestShellLinesStayCopyable(t *testing.T) {
	got := laidOut(24, func(p *page) { p.shellLines(`curl -sN http://x -H 'Accept: a, b' | khive-pretty`, 2) })
	for _, line := range strings.Split(strings.Trim(got, "\n"), "\n") {
		if !strings.HasPrefix(line, "  ") {
			t.Errorf("line not indented: %q", line)
		}
	}
	joined := strings.ReplaceAll(strings.TrimSpace(got), " \\\n    ", " ")
	if joined != `curl -sN http://x -H 'Accept: a, b' | khive-pretty` {
		t.Errorf("joined again: %q from\n%s", joined, got)
	}
}

// The hint printed when there is nothing to read fits an 80-column
// terminal, which would wrap it.
func TestUsageHintFits80Columns(t *testing.T) {
	for _, ln := range strings.Split(strings.TrimSuffix(usageHint, "\n"), "\n") {
		if n := utf8.RuneCountInString(ln); n > 80 {
			t.Errorf("%d columns: %q", n, ln)
		}
	}
}
