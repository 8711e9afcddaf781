package pipeline

import (
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// An output writes documents one way: the Renderer reads and hands what it
// read to its output. A new output is a file with a type that implements
// output, and a line in outputs.
type output interface {
	// hooks sets what the decoder asks the output while it reads a
	// document: which long lists and large objects it returns open, which
	// text blocks it hands over as they are read.
	hooks(dec *input.Decoder)
	// read reads dec to its end and writes each document (Renderer.next).
	read(dec *input.Decoder, res *Result) error
	// document writes a document read whole.
	document(v value.Value, res *Result) error
	// open writes a document the decoder returned open: up to and through
	// its long list or large object, reading it, then what follows it.
	open(v value.Value, res *Result) error
	// part writes a part that is not a document of its own: a line of a
	// curl -i head, a note before the first document, an SSE event that
	// is no JSON; and, in the outputs that show parts, each part of a
	// document. It need not flush.
	part(p protocol.Part) error
	// broken ends what a document that broke off left open.
	broken()
}

// outputs makes the output of each kind for a Renderer.
var outputs = map[Output]func(*Renderer) output{
	Human:    newViews,
	Markdown: newViews,
	Plain:    newPlain,
	JSON:     newJSON,
	Agent:    newAgent,
	TSV:      newTSV,
	CSV:      newCSV,
}
