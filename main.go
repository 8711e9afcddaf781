// Command khive-pretty shows the JSON that khive, MCP servers and other
// agent servers answer with in a form a person can read, and as stable
// plain text when piped.
//
// It is wiring only: the command line is internal/cli, which renders
// through the library, pretty.
package main

import (
	"os"
	"runtime/debug"

	"github.com/khive-ai/khive-pretty/internal/cli"
	"github.com/khive-ai/khive-pretty/internal/terminal"
)

func main() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		// The collector's pacing: a heap of three times what is live, at
		// least 8 MiB (GOGC=200). Most runs keep a few MiB live and
		// allocate what each document or row needs; a heap that small is
		// reused while still in the cache. Either variable set in the
		// environment wins.
		debug.SetGCPercent(200)
	}
	// The environment is read once, here; TERM unset is TERM=dumb.
	os.Exit(cli.Run(os.Args, os.Stdin, os.Stdout, os.Stderr, terminal.Environ(os.Environ())))
}
