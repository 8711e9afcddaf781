// Package pipeline puts the stages together:
//
//	input (framing: JSON, SSE, curl -i) → decode (value.Value)
//	  → protocol (take JSON-RPC and MCP wrappers off)
//	  → recognise (shape → view)  → render/human, render/markdown
//	plain, JSON and agent outputs: their own writers over the same input
//
// The Renderer reads; an output, chosen once from outputs (output.go),
// writes. Every output is a pure function of the input and the Options.
package pipeline

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/colorprofile"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/redact"
	"github.com/khive-ai/khive-pretty/internal/render/human"
	"github.com/khive-ai/khive-pretty/internal/render/jsonout"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// Output is the kind of output.
type Output uint8

const (
	// Human is for a person at a terminal: fitted tables, relative times.
	Human Output = iota + 1
	// Plain is for pipes and snapshots: full values as written, no escapes.
	Plain
	// Markdown is GitHub-flavoured Markdown, for a pull request or a prompt.
	Markdown
	// JSON is the input re-indented, losslessly, coloured on a terminal.
	JSON
	// Agent is khive's agent-mode transform as compact JSON: fewer tokens.
	Agent
	// TSV is the rows of the answer's tables and nothing else, a line each.
	TSV
	// CSV is TSV's rows as RFC 4180 CSV.
	CSV
)

// Options are decided once, above the pipeline (the command line, through
// pretty), and passed down as a value. Nothing below reads the
// environment, the clock or the terminal.
type Options struct {
	Output Output
	// Color is the colour profile of human and JSON output; below
	// colorprofile.ASCII there is no colour at all.
	Color colorprofile.Profile
	// Now is the clock that relative times are measured against.
	Now time.Time
	// Width is the target width of human output in columns.
	Width int
	// Height is the terminal's rows (0: unknown): a held batch taller
	// than it says its failed ops at the top too (failedFirst).
	Height  int
	ASCII   bool
	Verbose bool
	// Log receives notes for the user (stderr); nil discards them.
	Log io.Writer
	// Steer is what --columns, --sort, --where and --no-headers ask of
	// tables, in every output but JSON and agent.
	Steer steer.Spec
	// Colors recolours roles of the theme (KHIVE_PRETTY_COLORS).
	Colors map[string]string
	// Links makes web addresses and code paths hyperlinks in human output.
	Links *human.Links
	// Follow: the input is a file being followed as it grows (-f): a
	// record that arrives alone starts a table of the records to come.
	Follow bool
	// Table names the table TSV and CSV write, of several (--table).
	Table string
	// CSVSafe guards CSV cells that a spreadsheet would run as formulas.
	CSVSafe bool
	// Redact, when set, replaces minted IDs, timestamps and the values of
	// named keys with stable labels in every output (--redact).
	Redact *redact.Redactor
	// TempDir is where what an output must hold back past a bound goes,
	// in temporary files removed when done ("" is os.TempDir).
	TempDir string
	// ReadAhead reads a stream's next document, and a long list's items,
	// on a goroutine of their own (ahead.go): for more than one core.
	ReadAhead bool
}

// InputError is input that is not JSON, located for a person to find.
type InputError = input.InputError

// WriteError is output that could not be written (a full disk, a closed
// stdout). Rendering stops at once.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return "write error: " + e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// Output marks it as the output's fault, not the input's, for the decoder.
func (e *WriteError) Output() {}

// ColumnError is a name of --columns, --sort or --where that named no
// column of the first table shown: a usage error, reported before that
// table is written.
type ColumnError struct{ Msg string }

func (e *ColumnError) Error() string { return e.Msg }

// Output marks it as no fault of the input's, for the decoder.
func (e *ColumnError) Output() {}

// errWriter keeps the first error of the writer under the buffer, so that
// a streamed list stops as soon as output fails.
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

// Renderer renders documents to one writer, one after another, with a
// blank line between them.
type Renderer struct {
	w           *bufio.Writer
	dst         *errWriter
	errOf       func() error   // rn.writeErr, made once, for every part's lines writer
	lineWriters []lines.Writer // those begin hands out next (one each)
	opt         Options
	rec         recognise.Options
	// closers let go of what the views of the document being shown keep
	// past a bound (recognise.Options.Closing).
	closers []func()
	hopt    human.Options
	jsonT   jsonout.Theme
	shown   int  // parts shown so far
	note    bool // the last part shown was a note
	ids     int  // JSON-RPC messages with an id in the current stream
	// replies and failedReplies count the stream's JSON-RPC replies, for
	// the line that closes a session; said is what the reply before said
	// at its top level (recognise.Said).
	replies, failedReplies int
	said                   recognise.Said
	// heads: the last part shown heads the next one (a reply's id in
	// human output), which follows it with no blank line.
	heads bool
	// inRuns: records of the same shape in a row are shown as one table
	// (runs.go); run is the current one; mu keeps the documents shown and
	// a pause's timer from writing at once.
	inRuns bool
	run    *run
	mu     sync.Mutex
	// viewed sees every view written, and beforePause runs as a pause's
	// timer fires, before it takes mu: for tests.
	viewed      func(view.Doc)
	beforePause func()
	// onlyOpen, when set, leaves unshown a document the decoder returned
	// whole while none has come open: TestSeams compares only documents
	// returned open, and showing the others was most of its time.
	onlyOpen bool
	// textShown: the text block of the reply being shown was shown as it
	// was read (openText): its structuredContent is then skipped.
	textShown bool
	// decided is how openText's document returned open is written, its
	// view made to decide whether the text is shown as it is read.
	decided func(*Result) error
	// holding is the reply whose text block and structuredContent are
	// being held back, scHeld the long structured content held back of the
	// document being read (heldreply.go); outer, the input's decoder.
	holding, scHeld *heldReply
	outer           *input.Decoder
	// spillable: a temporary file can be made (TempDir), found out once
	// (longSC).
	spillOnce sync.Once
	spillable bool
	name      string // the input being read, for the errors of a text block's JSON
	out       output
	pw        parts // out's, where it shows parts (docsOutput)
	// holdText is how plain and agent output show a reply returned open at
	// its long text block: its text and structuredContent held back
	// (heldreply.go). The others show the text as it is read (openText):
	// human and Markdown skip its structuredContent (and hold back only a
	// long one: longSC), -o tsv and -o csv show its rows after the text's.
	holdText func(v value.Value, text value.TextReader, res *Result) error
	// For tests, counts of: the long lists agent output and the others
	// streamed, the large objects streamed, the documents returned open,
	// the lists read ahead; the MCP replies held back, those read back.
	agentLists, longLists, bigObjects, opened, listsAhead int
	heldReplies, readBack                                 int
	// partBuf and texts are reused for each document's parts and the JSON
	// of its text blocks.
	partBuf []protocol.Part
	texts   protocol.Texts
	seen    *recognise.Seen // what the table flags met, over the run
	// steerChecked: the names of the table flags were checked against
	// the first table, before it was written.
	steerChecked bool
	held         repeat // a note not written yet, in case the same comes again (repeats.go)
	settled      bool   // the input never waits for more (a file)
	// lazy: what is written is flushed when the input is about to be read
	// (inputFlusher), not at the end of every document; locked: the
	// reading goroutine holds mu, so the input's flush need not take it.
	lazy, locked bool
	// firstOut: the stream's first lines were written out (flush);
	// nextOut, how much more is held before the next write.
	firstOut bool
	nextOut  int
	// plainRecs is plain output's table of documents that are each a
	// record, when --columns, --sort or --where steer it.
	plainRecs *rowsParts
	// ahead reads the stream's documents ahead (Options.ReadAhead);
	// aheadReading is it while its goroutine reads the input; pre is the
	// document it handed over last.
	ahead        *ahead
	aheadReading atomic.Pointer[ahead]
	pre          unwrapped
	// list is the long list being read ahead (listahead.go); decoderLeft,
	// that one was stopped while its goroutine waited for input, which
	// may still read the decoder (it is not closed).
	list        *aheadList
	decoderLeft bool
}

// NewRenderer returns a renderer writing to w.
func NewRenderer(w io.Writer, opt Options) *Renderer {
	dst := &errWriter{w: w}
	seen := recognise.NewSeen()
	if opt.Redact != nil && (len(opt.Steer.Sort) > 0 || len(opt.Steer.Where) > 0) {
		// --sort and --where compare what the answer said, not labels.
		opt.Redact.Keep()
		seen.Unredact = opt.Redact.Original
	}
	rn := &Renderer{w: bufio.NewWriterSize(dst, 64<<10), dst: dst, opt: opt, seen: seen,
		rec: recognise.Options{Verbose: opt.Verbose, Fold: opt.Output == Human, Steer: opt.Steer, Seen: seen, Keys: &recognise.Keys{}, Plan: &recognise.Plan{}, TempDir: opt.TempDir}}
	// Styles and glyphs only for the outputs that show them: a fresh
	// process pays a page fault or more for each package's code it runs
	// first, most of a small answer's time.
	if opt.Output == Human || opt.Output == Markdown || opt.Output == JSON {
		rn.styled()
	}
	if len(opt.Steer.Columns)+len(opt.Steer.Sort)+len(opt.Steer.Where) == 0 {
		rn.rec.Seen = nil // the columns met are told of those flags' names alone
	}
	rn.rec.Closing = func(close func()) { rn.closers = append(rn.closers, close) }
	rn.errOf = rn.writeErr
	rn.out = outputs[opt.Output](rn)
	return rn
}

// styled sets the theme and glyphs of the outputs that show them: a theme
// is kilobytes of styles, which in NewRenderer's frame grew every stack.
func (rn *Renderer) styled() {
	opt := &rn.opt
	g := glyphs.Unicode()
	if opt.ASCII {
		g = glyphs.ASCII()
	}
	th := theme.New(opt.Color).Recolour(opt.Color, opt.Colors)
	rn.hopt = human.Options{Width: opt.Width, Verbose: opt.Verbose, Now: opt.Now, Theme: th, Glyphs: g, NoHeaders: opt.Steer.NoHeaders, Links: opt.Links}
	rn.jsonT = jsonout.Theme{Key: th.JSONKey, Str: th.JSONString, Num: th.JSONNumber, Lit: th.JSONLiteral, Null: th.Faint}
}

// Result is what a stream held.
type Result struct {
	Documents int
	// Failed is set when the input reported a failure (an error envelope,
	// a JSON-RPC error, isError, an HTTP 4xx/5xx status): the command
	// exits 1.
	Failed bool
	// Failures is what failed, the first maxFailures of them; More counts
	// those past it.
	Failures []Failure
	More     int
	// doc and from are the document the last failure was recorded in and
	// where its failures start: one said twice of a document (its
	// skeleton, then whole) is recorded once.
	doc, from int
}

// Failure is one failure the input reported, and where: the op of a
// batch (-1: none), the JSON-RPC reply's id, the HTTP status (0: none).
type Failure struct {
	Op            int
	Kind, Message string
	ID            string
	Status        int
}

// maxFailures bounds what a Result keeps of a long stream's failures.
const maxFailures = 100

// fail records that v, a document or a part of one, reports a failure;
// id is the JSON-RPC id of the reply it came in.
func (res *Result) fail(v value.Value, id string) {
	res.Failed = true
	for _, f := range recognise.Failures(v) {
		res.add(Failure{Op: f.Op, Kind: f.Kind, Message: f.Message, ID: id})
	}
}

func (res *Result) add(f Failure) {
	if n := len(res.Failures); n > 0 && f.Status == 0 {
		// A failed HTTP response's body says what failed: one failure,
		// with the status.
		if last := &res.Failures[n-1]; last.Status > 0 && last.Message == "" && strings.HasPrefix(last.Kind, "HTTP ") {
			f.Status = last.Status
			*last = f
			return
		}
	}
	if res.Documents != res.doc {
		res.doc, res.from = res.Documents, len(res.Failures)
	}
	for i := res.from; i < len(res.Failures); i++ {
		if g := &res.Failures[i]; g.Op == f.Op && g.Kind == f.Kind && g.Message == f.Message {
			if g.ID == "" {
				g.ID = f.ID
			}
			return
		}
	}
	if len(res.Failures) >= maxFailures {
		res.More++
		return
	}
	res.Failures = append(res.Failures, f)
}

// failedPart records p's failure, if it reports one; id is the JSON-RPC
// id of the reply it came in, named by a part before it or by p.
func (res *Result) failedPart(p protocol.Part, id *string) {
	if p.IsID {
		*id = p.ID
	}
	if p.Failed {
		res.fail(p.Value, *id)
	}
}

// Stream renders every document read from r as soon as it is complete,
// through `curl -i` headers and Server-Sent Events. It returns an
// *InputError for input that is not JSON (after the documents before it),
// and a *WriteError if output fails.
func (rn *Renderer) Stream(r io.Reader, name string) (Result, error) {
	if rn.opt.Height > 0 && rn.opt.Output == Human && smallFile(r) {
		return rn.streamHeld(r, name)
	}
	return rn.streamOut(r, name)
}

// smallFileMax is the largest file shown only once it is all rendered.
const smallFileMax = 4 << 20

// smallFile reports a regular file small enough to render whole before
// it is shown.
func smallFile(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode().IsRegular() && fi.Size() <= smallFileMax
}

// streamHeld renders a small file whole, then shows it: a session taller
// than the terminal whose replies failed starts with a line naming them.
func (rn *Renderer) streamHeld(r io.Reader, name string) (Result, error) {
	if err := rn.flushNow(); err != nil {
		return Result{}, err
	}
	var held bytes.Buffer
	out := rn.dst.w
	rn.dst.w = &held
	res, err := rn.streamOut(r, name)
	rn.w.Flush()
	rn.dst.w = out
	if rn.replies >= 2 && len(res.Failures) > 0 && bytes.Count(held.Bytes(), []byte{'\n'}) > rn.opt.Height {
		var line failuresLine
		for _, f := range res.Failures {
			text := "#" + f.ID + " " + f.Kind
			if f.ID == "" {
				text = f.Kind
			}
			line.add(view.Part{Mark: view.Failed, Tone: view.Bad, Text: text})
		}
		line.more += res.More
		top := line.footer()
		o := lines.New(rn.w, rn.opt.Width, rn.hopt.Glyphs.Ellipsis, rn.writeErr)
		err = firstErr(err, human.New(o, rn.hopt).Doc(view.Doc{Blocks: []view.Block{top}}))
		rn.w.WriteByte('\n') // then what the session says, apart
	}
	rn.w.Write(held.Bytes())
	return res, firstErr(err, rn.flushNow())
}

// streamOut renders every document read from r as it comes.
func (rn *Renderer) streamOut(r io.Reader, name string) (Result, error) {
	res, err := rn.stream(r, name)
	if res.Failed && len(res.Failures) == 0 {
		// Said by a part no failure was read from (a reply's text that
		// failed, read only to know it did): one, unnamed.
		res.add(Failure{Op: -1, Kind: "failed"})
	}
	rn.dropSC() // held back of a document whose input broke off
	// A note held in case it repeats is written at the input's end, and
	// so are records held to be one table (-o tsv).
	err = firstErr(err, rn.flushNote())
	if rows := rn.rows(); rows != nil {
		err = firstErr(err, rows.flushHeld())
	}
	if err == nil {
		err = rn.closeSession(&res)
	}
	return res, firstErr(err, rn.flushNow())
}

// firstErr is err, or next if err is nil.
func firstErr(err, next error) error {
	if err != nil {
		return err
	}
	return next
}

// closeSession ends a stream of JSON-RPC replies shown to a person with
// their count and how many failed, as a batch ends with its summary.
func (rn *Renderer) closeSession(res *Result) error {
	if rn.replies < 2 || rn.opt.Output != Human && rn.opt.Output != Markdown {
		return nil
	}
	n := &protocol.Note{Fields: []string{format.Count(rn.replies, "reply")}}
	if rn.failedReplies > 0 {
		n.Fields = append(n.Fields, strconv.Itoa(rn.failedReplies)+" failed")
		n.Bad = true
	}
	return rn.parts([]protocol.Part{{Kind: protocol.NotePart, Note: n}}, res)
}

func (rn *Renderer) stream(r io.Reader, name string) (Result, error) {
	var res Result
	rn.ids, rn.replies, rn.failedReplies, rn.name = 0, 0, 0, name
	rn.said = recognise.Said{}
	rn.settled = input.Settled(r)
	// Beneath every reader that could wait (redaction, framing, the
	// decoder's buffers): what was written is shown before any wait.
	if rn.opt.Redact != nil {
		// Below framing, so that every output and path sees the labels:
		// a curl -i head, SSE fields and log lines are redacted too.
		if rn.opt.ReadAhead {
			a := rn.opt.Redact.Ahead(r)
			defer a.Close()
			r = a
		} else {
			r = rn.opt.Redact.Reader(r)
		}
	}
	r = inputFlusher{r: r, rn: rn}
	rn.lazy, rn.firstOut, rn.nextOut = true, false, 4<<10
	defer func() { rn.lazy = false }()
	br := input.NewReader(r)
	if enc := input.WideEncoding(br); enc != "" {
		return res, &InputError{Name: name, Line: 1, Col: 1, Msg: enc + " is not supported; convert to UTF-8 (iconv -f " + enc + " -t UTF-8)"}
	}
	line := 1
	kind := input.Sniff(br)
	if kind == input.HTTP {
		ctype := "" // the last response's Content-Type
		hidden := 0 // headers of the last response only --verbose shows
		status, n, err := input.ReadHead(br, func(l string) error {
			if strings.HasPrefix(l, "HTTP/") {
				if err := rn.hiddenHeaders(&hidden, &res); err != nil {
					return err
				}
				ctype = ""
			} else if k, v, ok := strings.Cut(l, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "content-type") {
				ctype = strings.TrimSpace(v)
			}
			p := protocol.HeadLine(l)
			if p.Detail {
				hidden++
			}
			return rn.parts([]protocol.Part{p}, &res)
		})
		if err == nil {
			err = rn.hiddenHeaders(&hidden, &res)
		}
		if err != nil {
			var we *WriteError
			if errors.As(err, &we) {
				return res, err
			}
			return res, &InputError{Name: name, Msg: err.Error()}
		}
		res.Documents++
		if status >= 400 { // only the final response decides
			res.Failed = true
			res.add(Failure{Op: -1, Kind: "HTTP " + strconv.Itoa(status), Status: status})
		}
		line += n
		kind = input.Sniff(br)
		if kind == input.JSON && input.TextBody(ctype) && !input.OpensJSON(br) {
			// An error page, "404 Invalid session ID": shown as text (its
			// status decides the exit), not read as JSON that it is not.
			body, err := io.ReadAll(br)
			if err != nil {
				return res, &InputError{Name: name, Msg: err.Error()}
			}
			if text := strings.TrimRight(string(body), "\r\n"); text != "" {
				return res, rn.parts([]protocol.Part{{Kind: protocol.ProsePart, Text: text}}, &res)
			}
			return res, nil
		}
	}
	if kind == input.SSE {
		return res, rn.sse(br, name, line, &res)
	}
	dec := rn.decoder(br, name)
	defer func() {
		// Read ahead, the decoder may be left to a goroutine still
		// waiting for input (endAhead).
		left := rn.decoderLeft
		rn.decoderLeft = false
		if rn.endAhead() && !left {
			dec.Close()
		}
	}()
	rn.outer = dec
	defer func() { rn.outer = nil }()
	dec.Interlude = rn.interlude(name, &res)
	dec.Settled = rn.settled
	dec.StartLine(line)
	return res, rn.out.read(dec, &res)
}

// next shows the document the decoder returned, or ends the stream (done).
func (rn *Renderer) next(dec *input.Decoder, v value.Value, err error, res *Result) (done bool, _ error) {
	if inputEnds(err, res, rn.docsRead(dec)) {
		return true, rn.endRun() // an HTTP head with no body is fine
	}
	if err != nil {
		return true, rn.broken(err)
	}
	res.Documents++
	return false, rn.show(dec, v, res)
}

// show writes a document the decoder returned: whole, or open at a long
// list. One whose input breaks off inside it ends as broken says.
func (rn *Renderer) show(dec *input.Decoder, v value.Value, res *Result) error {
	defer rn.closeViews(len(rn.closers)) // a document in a text block is shown inside another's
	if rn.onlyOpen && rn.opened == 0 && !v.IsOpen() && rn.scHeld == nil {
		return nil
	}
	if v.IsOpen() && rn.scHeld != nil {
		// Its long structuredContent was held back (heldreply.go): it is
		// shown, once read, as a reply held back is, held whole.
		w, err := value.Force(v)
		if err != nil {
			rn.dropSC()
			return rn.broken(dec.Locate(err))
		}
		v = w
	}
	if !v.IsOpen() {
		return rn.out.document(v, res)
	}
	rn.opened++
	if err := rn.out.open(v, res); err != nil {
		return rn.broken(dec.Locate(err))
	}
	return nil
}

// closeViews runs the closers from the from-th on.
func (rn *Renderer) closeViews(from int) {
	for _, f := range rn.closers[from:] {
		f()
	}
	rn.closers = rn.closers[:from]
}

// broken ends what a document that broke off (err) left open and writes
// out what was rendered of it before err (or the output's) is reported.
func (rn *Renderer) broken(err error) error {
	if werr := rn.flushNote(); werr != nil {
		return werr
	}
	rn.out.broken()
	rn.textShown = false
	if werr := rn.endRun(); werr != nil {
		return werr
	}
	if werr := rn.flush(); werr != nil {
		return werr
	}
	return err
}

// hiddenHeaders says, where headers were left to --verbose, how many,
// under the head they belong to.
func (rn *Renderer) hiddenHeaders(n *int, res *Result) error {
	if *n == 0 || rn.opt.Verbose || rn.opt.Output != Human && rn.opt.Output != Markdown {
		*n = 0
		return nil
	}
	note := protocol.Part{Kind: protocol.NotePart, Note: &protocol.Note{Fields: []string{format.Count(*n, "header") + " hidden (-v)"}}}
	*n = 0
	return rn.parts([]protocol.Part{note}, res)
}

// interlude shows a line between JSON documents that is not JSON (a
// server's log line) as a note, and says so on stderr once an input.
func (rn *Renderer) interlude(name string, res *Result) func(line int, text string) error {
	told := false
	return func(line int, text string) error {
		if !told && rn.opt.Log != nil {
			told = true
			rn.logf("khive-pretty: %s:%d: a line is not JSON; read as a log line, as are any others like it\n",
				sanitize.String(name, 0), line)
		}
		res.Documents++
		// After the records held to be one table: the line came after them.
		if err := rn.endRun(); err != nil {
			return err
		}
		// A note: the line as it is, and in plain output "note: …".
		return rn.parts([]protocol.Part{{Kind: protocol.NotePart, Note: &protocol.Note{Fields: []string{text}, Literal: "note: " + text}}}, res)
	}
}

// inputEnds reports err that ends the input without fault: io.EOF, or
// no document after an HTTP head (docs: the decoder's Documents).
func inputEnds(err error, res *Result, docs int) bool {
	return err == io.EOF || err != nil && res.Documents > 0 && docs == 0 && isEmpty(err)
}

// isEmpty reports the decoder's ErrEmpty; a function of its own so that
// As's target, on the heap, is made only for an error.
func isEmpty(err error) bool {
	var ie *InputError
	return errors.As(err, &ie) && ie.Msg == input.ErrEmpty.Error()
}

// decoder returns a decoder with the output's hooks.
func (rn *Renderer) decoder(r io.Reader, name string) *input.Decoder {
	dec := input.NewDecoder(r, name)
	dec.Telling = recognise.Tells
	rn.out.hooks(dec)
	return dec
}

// sse renders each frame's data as a document as soon as the frame ends.
func (rn *Renderer) sse(br *bufio.Reader, name string, line int, res *Result) error {
	// One decoder for every frame (a new one each cost more than the
	// frame), made first to know whether the output diverts.
	dec := rn.decoder(strings.NewReader(""), name)
	dec.Settled = true // a frame's data is whole
	if rn.opt.ReadAhead && rn.holdText == nil {
		return rn.sseAhead(br, dec, name, line, res)
	}
	rn.outer = dec
	defer func() {
		dec.Close()
		rn.outer = nil
	}()
	p := pauser{rn: rn}
	defer p.end()
	err := readSSE(br, line, dec, name, func(it aheadItem) error { return rn.sseShow(&p, dec, it, res) })
	return sseEnd(err, name, res)
}

// readSSE reads an event stream, handing show what each frame holds: an
// event that is no JSON as a note; else each document of its data, or the
// error that ends it, read by dec (reset for each frame, as its reader is).
func readSSE(br *bufio.Reader, line int, dec *input.Decoder, name string, show func(aheadItem) error) error {
	var rd strings.Reader
	return input.ReadSSE(br, line, func(event, data string, at input.FrameAt) error {
		if strings.TrimSpace(data) == "" {
			return nil
		}
		if event != "" && event != "message" && !input.LooksJSON(data) {
			// e.g. the endpoint event of MCP's older SSE transport
			p := protocol.EventNote(event, data)
			return show(aheadItem{note: &p, at: at})
		}
		rd.Reset(data)
		dec.Reset(&rd, name)
		for {
			v, err := dec.Next()
			if err == io.EOF {
				return nil
			}
			if serr := show(aheadItem{unwrapped: unwrapped{v: v}, err: err, at: at}); serr != nil || err != nil {
				return serr // an error shown ends the stream
			}
		}
	})
}

// sseEnd is the error of an event stream read to its end, err, or none.
func sseEnd(err error, name string, res *Result) error {
	if err == nil && res.Documents == 0 {
		return &InputError{Name: name, Msg: "no data in the event stream"}
	}
	return err
}

// failed marks res failed when v, or what it wraps, reports a failure.
func failed(v value.Value, res *Result) {
	id := ""
	for _, p := range protocol.Unwrap(v, recognise.Failed) {
		res.failedPart(p, &id)
	}
}

// docParts is what a document is made of, its wrappers taken off; count
// says it is a new document (not the start of one read so far).
func (rn *Renderer) docParts(v value.Value, count bool) []protocol.Part {
	parts, ok := rn.pre.of(v, rn.partBuf) // unwrapped as it was read ahead
	if !ok {
		parts = protocol.UnwrapInto(rn.partBuf, v, recognise.Failed, &rn.texts)
	}
	if !ok || rn.pre.judged {
		rn.partBuf = parts[:0]
	}
	rn.rec.Said = nil
	if protocol.HasID(v) {
		reply := v.Has("result") || v.Has("error")
		if reply {
			rn.rec.Said = &rn.said // a reply says once what the one before said
		}
		ids := rn.ids + 1
		if count {
			rn.ids = ids
			if reply {
				rn.said.Reply()
				rn.replies++
				if slices.ContainsFunc(parts, func(p protocol.Part) bool { return p.Failed }) {
					rn.failedReplies++
				}
			}
		}
		if ids > 1 {
			// Replies may come out of order: from the second message with
			// an id on, each reply says which request it answers.
			for i := range parts {
				if parts[i].IsID {
					parts[i].Detail = false
				}
			}
		}
	}
	return parts
}

// flush ends a document or a piece of one, and reports the output's first
// error. While a stream is read (lazy) it is written when the input is
// about to be read again (inputFlusher): a file of 100,000 small documents
// then costs a write a buffer, not a write a document (0.4 s of 1.05).
func (rn *Renderer) flush() error {
	if !rn.lazy || !rn.firstOut && rn.w.Buffered() > 0 {
		// The first document's lines go out at once, not with the
		// buffer's worth after them: a stream piped to head -1, or
		// watched, shows its first answer as soon as it is made.
		rn.w.Flush()
		rn.firstOut = true
	} else if n := rn.w.Buffered(); n >= rn.nextOut && rn.nextOut < rn.w.Size() {
		// The next ones go out after 4 KiB, 8, 16, 32: a reader gone
		// (head -1 has its line) is found by a write soon after,
		// and a file of 100,000 documents costs four writes more.
		rn.w.Flush()
		rn.nextOut *= 2
	}
	return rn.writeErr()
}

// flushNow writes what is buffered at once.
func (rn *Renderer) flushNow() error {
	rn.w.Flush()
	return rn.writeErr()
}

// inputFlusher writes out what the renderer holds before each read of the
// input, any of which may wait.
type inputFlusher struct {
	r  io.Reader
	rn *Renderer
}

func (f inputFlusher) Read(p []byte) (int, error) {
	rn := f.rn
	// Read ahead, the output is the documents' before, being written
	// (showWritten): what was read is handed over while the input waits.
	if a := rn.aheadReading.Load(); a != nil {
		if !rn.settled {
			a.handOver() // a file's read does not wait: the batch fills
		}
		return f.r.Read(p)
	}
	if err := rn.flushBeforeRead(); err != nil {
		return 0, err // the output is gone: no more input is waited for
	}
	return f.r.Read(p)
}

// flushBeforeRead writes out what is buffered.
func (rn *Renderer) flushBeforeRead() error {
	if !rn.locked {
		// A pause's timer may be writing (runs.go, sse): what it wrote,
		// and its error, are looked at under the lock too (not held while
		// the input is read, which may wait: the timer writes meanwhile).
		rn.mu.Lock()
		defer rn.mu.Unlock()
	}
	if rn.w.Buffered() == 0 {
		return nil
	}
	rn.w.Flush()
	return rn.writeErr()
}

// begin starts a part: a blank line after the previous one, except that
// notes (progress, headers) stack as consecutive lines.
func (rn *Renderer) begin(isNote bool) *lines.Writer {
	rn.flushNote() // its write error is the output's, reported by what follows
	// In Markdown each note is a paragraph of its own: lines one after
	// another would be read as one.
	if rn.shown > 0 && !(isNote && rn.note && rn.opt.Output != Markdown) && !rn.heads {
		rn.w.WriteByte('\n')
	}
	rn.shown++
	rn.note, rn.heads = isNote, false
	width, tail := 0, ""
	if rn.opt.Output == Human && !rn.opt.Verbose {
		width, tail = rn.opt.Width, rn.hopt.Glyphs.Ellipsis
	}
	// Each part's writer is its own, but they are made 64 at a time: a
	// stream of small documents begins one for each. None is used again;
	// a writer kept (a held run's) keeps its chunk, a few kilobytes.
	if len(rn.lineWriters) == 0 {
		rn.lineWriters = make([]lines.Writer, 64)
	}
	o := &rn.lineWriters[0]
	rn.lineWriters = rn.lineWriters[1:]
	*o = lines.Make(rn.w, width, tail, rn.errOf)
	return o
}

// logf writes on the log (stderr), after what was shown before it.
func (rn *Renderer) logf(format string, args ...any) {
	rn.w.Flush()
	fmt.Fprintf(rn.opt.Log, format, args...)
}

// writeErr is the output's first error, if any.
func (rn *Renderer) writeErr() error { return rn.dst.err }

// parts shows the parts of one document.
func (rn *Renderer) parts(parts []protocol.Part, res *Result) error {
	id := ""
	for _, p := range parts {
		res.failedPart(p, &id)
		if p.Kind == protocol.StreamedPart {
			continue // shown as it was read
		}
		if rn.collapses(p) {
			if err := rn.hold(p); err != nil {
				return err
			}
			continue
		}
		if err := rn.out.part(p); err != nil {
			return err
		}
	}
	return rn.flush()
}

// problems says, under --verbose, why a server's view was not used.
func (rn *Renderer) problems(ps []string) {
	if rn.opt.Verbose && rn.opt.Log != nil {
		for _, p := range ps {
			rn.logf("khive-pretty: %s\n", p)
		}
	}
}

// firstTable checks, before the first view with a table (or its columns:
// --where may leave it no rows) is written, that every name of
// --columns, --sort and --where met a column so far: else a *ColumnError.
func (rn *Renderer) firstTable() error {
	if rn.steerChecked || rn.opt.Steer.Empty() || len(rn.seen.Columns) == 0 {
		return nil // no table yet (one --where emptied counts)
	}
	rn.steerChecked = true
	if err := rn.unmatched(); err != nil {
		return &ColumnError{Msg: err.Error()}
	}
	return nil
}

// Unmatched is, after the run, the names of --columns, --sort and --where
// that named no column of any table, with the columns there were and the
// closest one to each name; for -o tsv and -o csv, also the error of a
// run that wrote no table (rowsParts.rowless).
func (rn *Renderer) Unmatched() error {
	if err := rn.endPlainRecords(); err != nil {
		return err
	}
	if err := rn.flush(); err != nil {
		return err
	}
	if rows := rn.rows(); rows != nil {
		if err := rows.rowless(); err != nil {
			return err
		}
		if !rows.sawRows {
			return nil // tables of no rows say nothing of their columns
		}
	}
	return rn.unmatched()
}

// rows is the output of -o tsv and -o csv; nil for any other.
func (rn *Renderer) rows() *rowsParts {
	r, _ := rn.pw.(*rowsParts)
	return r
}

// unmatched is Unmatched's names that met no column.
func (rn *Renderer) unmatched() error {
	var names []string
	for _, p := range rn.opt.Steer.Columns {
		names = append(names, p.Name)
	}
	for _, k := range rn.opt.Steer.Sort {
		names = append(names, k.Name)
	}
	for _, c := range rn.opt.Steer.Where {
		names = append(names, c.Name)
	}
	var missing []string
	for _, n := range names {
		if rn.seen.Named[n] {
			continue
		}
		m := fmt.Sprintf("%q", n)
		if s := steer.Suggest(n, rn.seen.Columns); s != "" {
			m += " (did you mean " + s + "?)"
		}
		missing = append(missing, m)
	}
	if len(missing) == 0 {
		return nil
	}
	cols := "the input had no table"
	if len(rn.seen.Columns) > 0 {
		cols = "the columns were: " + strings.Join(rn.seen.Columns, ", ")
	}
	return fmt.Errorf("no column named %s; %s", strings.Join(missing, ", "), cols)
}
