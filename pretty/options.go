package pretty

import (
	"io"
	"time"

	"github.com/charmbracelet/colorprofile"
)

// Output is the kind of output.
type Output uint8

const (
	// Human is for a person at a terminal: tables fitted to the width,
	// relative times, glyphs, short IDs, empties dropped.
	Human Output = iota + 1
	// Plain is for pipes and snapshots: no escapes, full values, timestamps
	// as written, a pure function of the input.
	Plain
	// Markdown is GitHub-flavoured Markdown, to paste into a pull request,
	// an issue or a prompt.
	Markdown
	// JSON is the input re-indented, losslessly, coloured on a terminal.
	JSON
	// Agent is khive's agent-mode transform as compact JSON: fewer tokens.
	Agent
)

// Options are decided once, in main, and passed down as a value. Nothing in
// this package reads the environment, the clock or the terminal.
type Options struct {
	Output Output
	// Color is the colour profile of human output; below colorprofile.ASCII
	// there is no colour at all. Plain output ignores it.
	Color colorprofile.Profile
	// Now is the clock that relative times are measured against.
	Now time.Time
	// Width is the target width of human output in columns.
	Width   int
	ASCII   bool
	Verbose bool
	// Log receives notes for the user (under --verbose: why a specialised
	// renderer fell back to the generic form). nil discards them.
	Log io.Writer
}
