package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every example in the README and docs/ that shows a command and what it
// prints (a fenced block whose first line is "$ khive-pretty …", indented
// or not) prints that: run as on a terminal (human output, no colour, no
// pager, 80 columns unless it says -w), exiting 0 unless the line ends in
// "# exit N". A line "…" alone stands for lines it leaves out.
func TestReadmeExamples(t *testing.T) {
	bin := buildBinary(t)
	n := 0
	for file, text := range pages(t) {
		for _, ex := range readmeExamples(text) {
			cmdLine, want, _ := strings.Cut(ex, "\n")
			cmdLine, comment, _ := strings.Cut(strings.TrimPrefix(cmdLine, "$ khive-pretty "), "#")
			wantCode := 0
			if c, ok := strings.CutPrefix(strings.TrimSpace(comment), "exit "); ok {
				wantCode, _ = strconv.Atoi(c)
			}
			// As on a terminal without colour, unless the example says
			// otherwise (a later flag wins).
			args := append([]string{"-o", "human", "--color", "never", "--pager", "never"}, strings.Fields(cmdLine)...)
			cmd := exec.Command(bin, args...)
			cmd.Env = cleanEnv("COLUMNS=80")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != wantCode {
				t.Errorf("%s: khive-pretty %s: exit %d, want %d\n%s", file, cmdLine, code, wantCode, stderr.String())
				continue
			}
			if got := stdout.String(); !elidedMatch(got, want) {
				t.Errorf("%s: khive-pretty %s\nprints:\n%s\nthe page shows:\n%s", file, cmdLine, got, want)
			}
			n++
		}
	}
	if n < 6 {
		t.Fatalf("only %d examples found", n)
	}
}

// pages are the README and the pages under docs/, by name.
func pages(t *testing.T) map[string]string {
	t.Helper()
	files, _ := filepath.Glob("docs/*.md")
	out := map[string]string{}
	for _, f := range append(files, "README.md") {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = string(text)
	}
	return out
}

// readmeExamples are a page's examples, each its command line and what it
// prints: a block may hold several, each from a line "$ khive-pretty …"
// to the blank line before the next. A block indented (in a list item)
// is read without its indent.
func readmeExamples(text string) []string {
	var out []string
	var block []string
	in, indent := false, ""
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if strings.HasPrefix(trimmed, "```") {
			if in && len(block) > 0 && strings.HasPrefix(block[0], "$ khive-pretty ") {
				body := strings.Join(block, "\n") + "\n"
				for _, ex := range strings.Split("\n"+body, "\n$ khive-pretty ")[1:] {
					ex = "$ khive-pretty " + ex
					if strings.HasSuffix(ex, "\n\n") {
						ex = strings.TrimSuffix(ex, "\n")
					}
					out = append(out, ex)
				}
			}
			in, indent, block = !in, line[:len(line)-len(trimmed)], nil
			continue
		}
		if in {
			block = append(block, strings.TrimPrefix(line, indent))
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

// Every command of the README and docs/ that starts with khive-pretty in
// a shell block (what is piped into another program, or redirected, cut
// off) runs against the shipped files: no file it names is missing, and
// it exits 0, or 1 where the answer it reads reports a failure. Commands
// that read a live server's output (curl … | khive-pretty) are shown,
// not run.
func TestShownCommandsRun(t *testing.T) {
	bin := buildBinary(t)
	n := 0
	for file, text := range pages(t) {
		for i, block := range strings.Split(text, "```") {
			if i%2 == 0 || !strings.HasPrefix(block, "sh\n") {
				continue
			}
			for _, line := range strings.Split(block, "\n") {
				line = strings.TrimSpace(line)
				if !strings.HasPrefix(line, "khive-pretty ") {
					continue
				}
				cmdLine, _, _ := strings.Cut(line, "#")
				cmdLine, _, _ = strings.Cut(cmdLine, " | ")
				cmdLine, _, _ = strings.Cut(cmdLine, " > ")
				var args []string
				for _, f := range strings.Fields(strings.TrimPrefix(cmdLine, "khive-pretty ")) {
					args = append(args, strings.Trim(f, `'"`))
				}
				cmd := exec.Command(bin, append([]string{"--pager", "never"}, args...)...)
				cmd.Env = cleanEnv("COLUMNS=80")
				var stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = io.Discard, &stderr
				err := cmd.Run()
				if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
					t.Errorf("%s: %s: %v\n%s", file, line, err, stderr.String())
				}
				n++
			}
		}
	}
	if n < 8 {
		t.Fatalf("only %d commands found", n)
	}
}
