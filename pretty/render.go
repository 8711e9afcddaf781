// Package pretty is the pipeline: decode a stream of JSON documents,
// recognise each one's shape, and render it for a person (human) or for a
// pipe (plain). Every renderer is a pure function of the document and the
// Options, which main decides once.
package pretty

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// Renderer renders documents to one writer, one after another, with a
// blank line between them.
type Renderer struct {
	w     *bufio.Writer
	dst   *errWriter // under w: remembers the first write error
	opt   Options
	shown int  // parts shown so far
	note  bool // the last part shown was a note
	// long is the list being, or just, streamed in the current document.
	long  *longList
	style style
}

// NewRenderer returns a renderer writing to w.
func NewRenderer(w io.Writer, opt Options) *Renderer {
	dst := &errWriter{w: w}
	rn := &Renderer{w: bufio.NewWriterSize(dst, 64<<10), dst: dst, opt: opt}
	if opt.Output != Plain && opt.Output != Agent {
		rn.style = newStyle(opt)
	}
	return rn
}

// Result is what a stream held.
type Result struct {
	Documents int
	// Failed is set when the input reported a failure: an error envelope
	// (ok: false, at the top or in a batch), a JSON-RPC error, an MCP
	// result with isError, or an HTTP 4xx/5xx status. The command exits 1.
	Failed bool
}

// Stream renders every document read from r as soon as it is complete. It
// sees through `curl -i` headers and Server-Sent Events. It returns an
// *InputError for input that is not JSON, after rendering the documents
// before it, and the writer's error if output fails.
func (rn *Renderer) Stream(r io.Reader, name string) (Result, error) {
	var res Result
	br := bufio.NewReaderSize(r, 64<<10)
	if b, err := br.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
	if enc := wideEncoding(br); enc != "" {
		return res, &InputError{Name: name, Msg: enc + " is not supported; convert to UTF-8 (iconv -f " + enc + " -t UTF-8)"}
	}
	line := 1
	kind := sniff(br)
	if kind == framingHTTP {
		status, lines, err := readHTTPHead(br, func(p part) error { return rn.parts([]part{p}, &res) })
		if err != nil {
			var we *WriteError
			if errors.As(err, &we) {
				return res, err
			}
			return res, &InputError{Name: name, Msg: err.Error()}
		}
		res.Documents++
		res.Failed = res.Failed || status >= 400 // only the final response decides
		line += lines
		kind = sniff(br)
	}
	if kind == framingSSE {
		return res, rn.sse(br, name, line, &res)
	}
	dec := rn.decoder(br, name)
	dec.pos.lines = line - 1
	for {
		v, err := dec.Next()
		if err == io.EOF || (err != nil && res.Documents > 0 && dec.docs == 0 && isEmptyInput(err)) {
			return res, nil // an HTTP head with no body is fine
		}
		if err != nil {
			rn.long = nil
			return res, err
		}
		res.Documents++
		if err := rn.Document(v, &res); err != nil {
			return res, err
		}
	}
}

// decoder returns a decoder whose long lists stream through this renderer.
func (rn *Renderer) decoder(r io.Reader, name string) *Decoder {
	dec := NewDecoder(r, name)
	if rn.opt.Output == Human || rn.opt.Output == Plain {
		dec.onList = rn.streamList
	}
	return dec
}

// WriteError is output that could not be written (a full disk, a closed
// stdout). Rendering stops at once.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return "write error: " + e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// errWriter keeps the first error of the writer under the buffer, so that
// loops which write many lines between flushes (a streamed list) can stop
// as soon as output fails instead of rendering into the void.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	if err != nil {
		e.err = &WriteError{Err: err}
	}
	return n, e.err
}

// writeErr is the output's first error, if any.
func (rn *Renderer) writeErr() error { return rn.dst.err }

func isEmptyInput(err error) bool {
	var ie *InputError
	return errors.As(err, &ie) && ie.Msg == ErrEmpty.Error()
}

// sse renders each frame's data as a document as soon as the frame ends.
func (rn *Renderer) sse(br *bufio.Reader, name string, line int, res *Result) error {
	err := sseFrames(br, line, func(event, data string, at func(int, int) (int, int)) error {
		if strings.TrimSpace(data) == "" {
			return nil
		}
		if event != "" && event != "message" && !looksJSON(data) {
			// e.g. the endpoint event of MCP's older SSE transport
			res.Documents++
			return rn.parts([]part{{kind: partNote, fields: []string{event + ": " + data}, plain: event + ": " + data}}, res)
		}
		dec := rn.decoder(strings.NewReader(data), name)
		for {
			v, err := dec.Next()
			if err == io.EOF {
				return nil
			}
			var ie *InputError
			if errors.As(err, &ie) {
				ie.Line, ie.Col = at(max(ie.Line, 1), max(ie.Col, 1))
				return ie
			}
			if err != nil {
				return err
			}
			res.Documents++
			if err := rn.Document(v, res); err != nil {
				return err
			}
		}
	})
	if err == nil && res.Documents == 0 {
		return &InputError{Name: name, Msg: "no data in the event stream"}
	}
	return err
}

// Document renders one document and flushes it, so a slow stream shows
// each document when it arrives.
func (rn *Renderer) Document(v Value, res *Result) error {
	if rn.long != nil {
		return rn.finishList(v, res)
	}
	switch rn.opt.Output {
	case JSON, Agent:
		// The document itself, not what it wraps: one per line (compact)
		// or indented.
		for _, p := range unwrap(v) {
			res.Failed = res.Failed || p.failed
		}
		if rn.opt.Output == Agent {
			v = agentDoc(v)
		}
		j := jsonWriter{w: rn.w, indent: rn.opt.Output == JSON, th: rn.style.json}
		j.value(v, 0)
		rn.w.WriteByte('\n')
		return rn.w.Flush()
	}
	return rn.parts(unwrap(v), res)
}

// begin starts a part: a blank line after the previous one, except that
// notes (progress, headers) stack as consecutive lines.
func (rn *Renderer) begin(isNote bool) *out {
	if rn.shown > 0 && !(isNote && rn.note) {
		rn.w.WriteByte('\n')
	}
	rn.shown++
	rn.note = isNote
	o := &out{w: rn.w}
	if rn.opt.Output == Human && !rn.opt.Verbose {
		o.width, o.tail = rn.opt.Width, rn.style.g.Ellipsis
	}
	return o
}

// parts shows the parts of one document: a blank line between parts,
// except that notes (progress, headers) stack as consecutive lines.
func (rn *Renderer) parts(parts []part, res *Result) error {
	human := rn.opt.Output != Plain
	for _, p := range parts {
		if p.failed {
			res.Failed = true
		}
		if rn.opt.Output == JSON || rn.opt.Output == Agent {
			continue // an HTTP head is no JSON
		}
		if human && p.verboseOnly && !rn.opt.Verbose {
			continue
		}
		if (!human || rn.opt.Output == Markdown) && p.kind == partNote && p.plain == "" {
			continue // headers and such: human output only
		}
		o := rn.begin(p.kind == partNote)
		switch rn.opt.Output {
		case Plain:
			plain{o: o}.part(p)
		case Markdown:
			newMarkdown(o, rn.opt, rn.style).part(p)
		default:
			newHuman(o, rn.opt, rn.style).part(p)
		}
	}
	return rn.w.Flush()
}

func hasErrorEnvelope(v Value) bool {
	// "success": false is a failure report too (graph-memory servers
	// answer a failed delete so).
	if s, ok := v.Get("success"); ok && s.IsFalse() {
		return true
	}
	switch classify(v) {
	case ShapeError:
		return true
	case ShapeBatch:
		res, _ := v.Get("results")
		for _, r := range res.Items {
			if isErrorEnvelope(r) {
				return true
			}
		}
	}
	return false
}
