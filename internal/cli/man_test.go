package cli

import (
	"bytes"
	"flag"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/mangen"
)

// manPath is the manual page, generated from the command's definition by
// TestManPageIsCurrent (go test -run ManPage -update) and shipped in the
// release archives.
const manPath = "../../doc/khive-pretty.1"

var update = flag.Bool("update", false, "rewrite doc/khive-pretty.1")

// manPage is the manual page: the same flags, examples, environment and
// exit codes as --help.
func manPage() mangen.Page {
	cmd := newCommand(io.Discard, io.Discard, &flags{})
	var options []mangen.Item
	for _, f := range cmd.VisibleFlags() {
		var b strings.Builder
		names, arg, text := flagDoc(&b, f, false)
		options = append(options, mangen.Item{Tag: names, Arg: arg, Text: text})
	}
	var exampleList []mangen.Example
	for _, e := range examples() {
		lines := strings.Split(strings.Trim(laidOut(72, func(p *page) { p.shellLines(e.command, 0) }), "\n"), "\n")
		exampleList = append(exampleList, mangen.Example{What: e.what, Command: lines})
	}
	items := func(list []item) []mangen.Item {
		var out []mangen.Item
		for _, it := range list {
			out = append(out, mangen.Item{Tag: it.term, Text: it.text})
		}
		return out
	}
	return mangen.Page{
		Name: cmd.Name, Section: 1, Manual: "User Commands", Source: cmd.Name,
		Summary: cmd.Usage, Synopsis: "[options] " + cmd.ArgsUsage,
		Sections: []mangen.Section{
			{Name: "Description", Text: cmd.Description},
			{Name: "Options", Items: options},
			{Name: "Examples", Examples: exampleList},
			{Name: "Environment", Items: items(environment())},
			{Name: "Exit status", Items: items(exitCodes())},
			{Name: "Shell completion", Text: "khive-pretty --completion bash, zsh or fish prints a completion " +
				"script that completes the options and the values of --output, --color and --pager. " +
				"For bash: source <(khive-pretty --completion bash) in ~/.bashrc. For zsh, after compinit: " +
				"source <(khive-pretty --completion zsh) in ~/.zshrc. For fish: khive-pretty --completion fish " +
				"> ~/.config/fish/completions/khive-pretty.fish."},
			{Name: "See also", Text: "less(1), jq(1). The README describes every output in detail: " +
				"https://github.com/khive-ai/khive-pretty"},
		},
	}
}

func renderManPage(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := mangen.Write(&b, manPage()); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The committed page is the one the definitions give; -update rewrites it.
func TestManPageIsCurrent(t *testing.T) {
	got := renderManPage(t)
	if *update {
		if err := os.WriteFile(manPath, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(manPath)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s is stale (%v): run go test -run ManPage -update ./internal/cli and commit it", manPath, err)
	}
}

// man renders the page without warnings, with every section.
func TestManPageRenders(t *testing.T) {
	if _, err := exec.LookPath("man"); err != nil {
		t.Skip("man is not installed; .ci/run renders the page with man -l")
	}
	cmd := exec.Command("man", "--warnings", "-l", manPath)
	cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat", "MAN_KEEP_FORMATTING=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("man -l: %v\n%s", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"NAME", "khive-pretty - pretty-print", "SYNOPSIS", "OPTIONS", "-o, --output MODE",
		"EXAMPLES", "ENVIRONMENT", "KHIVE_PRETTY_PAGER", "EXIT STATUS", "SHELL COMPLETION"} {
		if !strings.Contains(out, want) {
			t.Errorf("the rendered page lacks %q:\n%s", want, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("rendered line wider than MANWIDTH=80: %q", line)
		}
	}
}
