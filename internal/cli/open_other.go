//go:build !unix

package cli

import "os"

// openInput opens a file named on the command line (open_unix.go says
// why Unix opens it otherwise).
func openInput(name string) (*os.File, error) { return os.Open(name) }
