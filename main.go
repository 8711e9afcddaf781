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
	"github.com/khive-ai/khive-pretty/internal/gcbudget"
	"github.com/khive-ai/khive-pretty/internal/terminal"
)

func main() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		// The collector's pacing: a heap of up to 20 MiB before it runs,
		// while what is live is small (a stream of documents, a streamed
		// list), then GOGC=200; either set in the environment wins.
		gcbudget.Start(20 << 20)
	}
	// The environment is read once, here; TERM unset is TERM=dumb.
	os.Exit(cli.Run(os.Args, os.Stdin, os.Stdout, os.Stderr, terminal.Environ(os.Environ())))
}
