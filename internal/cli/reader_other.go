//go:build !linux

package cli

import "os"

// watchReader: only Linux says, without a write, that the reader of a
// pipe has gone; elsewhere the next write does.
func watchReader(*os.File) (stop func()) { return func() {} }
