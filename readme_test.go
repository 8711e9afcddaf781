package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Every example in the README that shows a command and what it prints
// (a fenced block whose first line is "$ khive-pretty …") prints that:
// run as on a terminal (human output, no colour, no pager, 80 columns
// unless it says -w). A line "…" alone in the README stands for lines it
// leaves out.
func TestReadmeExamples(t *testing.T) {
	bin := buildBinary(t)
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ex := range readmeExamples(string(text)) {
		cmdLine, want, _ := strings.Cut(ex, "\n")
		cmdLine, _, _ = strings.Cut(strings.TrimPrefix(cmdLine, "$ khive-pretty "), "#")
		// As on a terminal without colour, unless the example says otherwise
		// (a later flag wins).
		args := append([]string{"-o", "human", "--color", "never", "--pager", "never"}, strings.Fields(cmdLine)...)
		cmd := exec.Command(bin, args...)
		cmd.Env = cleanEnv("COLUMNS=80")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("%s: %v\n%s", cmdLine, err, stderr.String())
			continue
		}
		if got := stdout.String(); !elidedMatch(got, want) {
			t.Errorf("README: khive-pretty %s\nprints:\n%s\nthe README shows:\n%s", cmdLine, got, want)
		}
		n++
	}
	if n < 2 {
		t.Fatalf("only %d README examples found", n)
	}
}

// readmeExamples are the README's examples, each its command line and what
// it prints: a block may hold several, each from a line "$ khive-pretty …"
// to the blank line before the next.
func readmeExamples(text string) []string {
	var out []string
	for i, block := range strings.Split(text, "```") {
		block = strings.TrimPrefix(block, "\n")
		if i%2 == 0 || !strings.HasPrefix(block, "$ khive-pretty ") {
			continue
		}
		for _, ex := range strings.Split("\n"+block, "\n$ khive-pretty ")[1:] {
			ex = "$ khive-pretty " + ex
			if strings.Contains(ex, "\n\n") && strings.HasSuffix(ex, "\n\n") {
				ex = strings.TrimSuffix(ex, "\n")
			}
			out = append(out, ex)
		}
	}
	return out
}

// elidedMatch reports whether got is want, where a line of want that is
// "…" alone (indented or not) stands for any number of lines.
func elidedMatch(got, want string) bool {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var match func(i, j int) bool
	match = func(i, j int) bool {
		if j == len(w) {
			return i == len(g)
		}
		if strings.TrimSpace(w[j]) == "…" {
			for k := i; k <= len(g); k++ {
				if match(k, j+1) {
					return true
				}
			}
			return false
		}
		return i < len(g) && g[i] == w[j] && match(i+1, j+1)
	}
	return match(0, 0)
}
