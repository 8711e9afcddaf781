package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// docs/library.md's program is the one in docs/examples/mcpclient, and
// its commands print what the page shows: the guide's MCP client, built
// with the official Go SDK against the server beside it, run as the page
// runs it. (Its own module: the first run downloads the SDK.)
func TestLibraryGuide(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own")
	}
	guide, err := os.ReadFile("docs/library.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("docs", "examples", "mcpclient")
	for _, f := range []string{"main.go", filepath.Join("tasks", "main.go")} {
		src, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(guide, []byte("```go\n"+string(src)+"```")) {
			t.Errorf("docs/library.md does not show %s as it is", f)
		}
	}
	// Each console example: the command, run in the program's directory
	// through a pipe, prints the lines under it.
	n := 0
	for i, block := range strings.Split(string(guide), "```") {
		if i%2 == 0 || !strings.HasPrefix(block, "console\n") {
			continue
		}
		lines := strings.SplitN(strings.TrimPrefix(block, "console\n"), "\n", 2)
		cmdLine := strings.TrimPrefix(lines[0], "$ ")
		cmd := exec.Command("sh", "-c", cmdLine)
		cmd.Dir = dir
		cmd.Env = cleanEnv("GOFLAGS=-mod=readonly")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v\n%s", cmdLine, err, stderr.String())
		}
		if string(out) != lines[1] {
			t.Errorf("%s\nprints:\n%s\nthe page shows:\n%s", cmdLine, out, lines[1])
		}
		if strings.Contains(cmdLine, "add_task") && !strings.Contains(stderr.String(), "mcpclient: add_task failed: tool error:") {
			t.Errorf("%s: the failure not said on stderr:\n%s", cmdLine, stderr.String())
		}
		n++
	}
	// The sh block's commands exit as their comments say.
	for _, want := range []struct {
		args string
		code int
	}{{`list_tasks '{"status":"open"}'`, 0}, {`add_task '{"title":"Render tool results"}'`, 1}} {
		cmd := exec.Command("sh", "-c", "go run . "+want.args+" go run ./tasks >/dev/null 2>&1")
		cmd.Dir = dir
		cmd.Env = cleanEnv("GOFLAGS=-mod=readonly")
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != want.code {
			t.Errorf("go run . %s: exit %d, want %d", want.args, code, want.code)
		}
	}
	if n != 2 {
		t.Errorf("%d console examples, want 2", n)
	}
}
