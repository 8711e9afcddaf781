// Command khive-pretty shows the JSON that khive, MCP servers and other
// agent servers answer with in a form a person can read, and as stable
// plain text when piped.
//
// It is wiring only: the command line is internal/cli, which renders
// through the library, pretty.
package main

import (
	"os"

	"github.com/khive-ai/khive-pretty/internal/cli"
	"github.com/khive-ai/khive-pretty/internal/gcpace"
	"github.com/khive-ai/khive-pretty/internal/terminal"
)

func main() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		// The collector's pacing: most runs keep a few MiB live and
		// allocate what each document or row needs. While little is
		// live the heap may grow to 18 MiB before a collection, while a
		// moderate heap is live (a wide table's first rows being laid
		// out) to 22 MiB at most: a run then stays under 32 MiB in all,
		// the memory targets, with the binary's own 8 MiB. Past 2/3 of
		// that live, the heap grows to three times what is live
		// (GOGC=200). Either variable set in the environment wins.
		gcpace.Start(18<<20, 22<<20, 200)
	}
	// The environment is read once, here; TERM unset is TERM=dumb.
	os.Exit(cli.Run(os.Args, os.Stdin, os.Stdout, os.Stderr, terminal.Environ(os.Environ())))
}
