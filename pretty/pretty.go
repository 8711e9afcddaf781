// Package pretty shows the JSON that khive, MCP servers and other agent
// servers answer with: for a person (Human, Markdown) or for a program
// (Plain, JSON, Agent). It is what the khive-pretty command runs, for Go
// programs that print such answers themselves: an MCP client, a khive CLI.
//
// Options go in, once; Render (or a Renderer, for several inputs in a row)
// writes the output. The input may be one document, many in a row (NDJSON),
// Server-Sent Events or a `curl -i` response; long lists and large objects
// are shown as they are read, in constant memory. Nothing is read from the
// environment, the terminal or the clock: every such decision is a field
// of Options.
//
// It imports the pipeline and what its options are made of (internal).
package pretty

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/colorprofile"

	"github.com/khive-ai/khive-pretty/internal/pipeline"
	"github.com/khive-ai/khive-pretty/internal/redact"
	"github.com/khive-ai/khive-pretty/internal/render/human"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/theme"
)

// Format is the kind of output.
type Format uint8

const (
	// Human is for a person at a terminal: tables fitted to Width, relative
	// times, glyphs, short IDs, empties dropped.
	Human Format = iota + 1
	// Plain is for scripts and snapshots: every leaf, values as written,
	// no escapes, independent of width, clock and locale.
	Plain
	// Markdown is GitHub-flavoured Markdown, for an issue, a pull request
	// or a prompt.
	Markdown
	// JSON is the input re-indented, losslessly.
	JSON
	// Agent is khive's agent-mode transform, as compact JSON.
	Agent
	// TSV is the rows of the answer's tables and nothing else, for
	// scripts: a header line, then a line a row, every value whole, tab,
	// line break and backslash escaped (\t \n \\) as Plain escapes them.
	TSV
	// CSV is TSV's rows as RFC 4180 CSV.
	CSV
)

// Links makes file paths and web addresses hyperlinks (OSC 8) in Human
// output, for terminals that follow them.
type Links struct {
	// Format is where a file link points: a preset (default, file,
	// kitty, vscode, vscode-insiders, vscodium, cursor, macvim, textmate,
	// none) or a template of {path}, {line}, {column} and {host}, as
	// ripgrep's --hyperlink-format.
	Format string
	Dir    string // what relative paths are relative to
	Host   string // the host of file:// links
}

// Options say how to render. The zero value is Plain output.
type Options struct {
	Format Format
	// Width is the width of Human output in columns; 0 is 80.
	Width int
	// Height is the terminal's rows, 0 when unknown: a batch whose Human
	// output is taller says which of its ops failed in a line at the top
	// too, where a person (or a pager) starts reading; so does a session
	// of replies read from an *os.File of up to 4 MiB, which is then
	// shown once it is all rendered.
	Height int
	// Color colours Human and JSON output with the 16 basic ANSI colours.
	Color bool
	// Colors recolours roles of the theme (as KHIVE_PRETTY_COLORS: role
	// name to SGR parameters, "id": "2"), when Color is on.
	Colors map[string]string
	// Now is the clock relative times are measured against (Human), and
	// Agent output's ages; zero is time.Now() when the Renderer is made.
	Now time.Time
	// ASCII draws with ASCII instead of Unicode glyphs and borders.
	ASCII bool
	// Verbose shows everything a short Human or Markdown view leaves out.
	Verbose bool
	// Columns, Sort and Where steer tables, as the command's flags:
	// "id,status,title" (+name adds, -name drops), "-priority,title",
	// and conditions such as "score>0.9". NoHeaders leaves out headers.
	Columns   string
	Sort      string
	Where     []string
	NoHeaders bool
	// Links, when set, makes hyperlinks in Human output.
	Links *Links
	// Follow says the input is a file followed as it grows: a record that
	// arrives alone starts a table of the records to come.
	Follow bool
	// Table names the table TSV and CSV write where an answer holds
	// several: its key ("relations") or its path ("results[1].items").
	Table string
	// CSVSafe puts a ' before a CSV cell that a spreadsheet would run as
	// a formula (one that starts with =, +, -, @, a tab or a carriage
	// return, and is not a number). It changes values, so it is off
	// unless asked for.
	CSVSafe bool
	// Redact replaces what changes on every run of a server with stable
	// labels, in every Format: IDs (UUIDs, 32-digit hex, short ids,
	// session and request ids) as <id-1>, <id-2> … and times as
	// <time-1> …, numbered by first appearance over every input the
	// Renderer reads (one ID, one label), and the values of RedactKeys
	// (names or paths of keys, meta.took, compared as Columns compares
	// them; header names too) as <KEY>. RedactKeys implies Redact.
	// docs/scripting.md lists what is minted.
	Redact     bool
	RedactKeys []string
	// Name is what the package-level Render calls its input in errors
	// (a file name); "" is "<input>". Renderer.Render takes a name of its
	// own.
	Name string
	// Log receives notes for the user (under Verbose: why a server's view
	// was not used). nil discards them.
	Log io.Writer
	// TempDir is where what an output holds back past a bound goes, in
	// temporary files removed when done ("" is os.TempDir): Plain
	// output's request ops (headed with their number, known at their end),
	// and in Plain and Agent output an MCP reply's text block and
	// structuredContent, until the reply ends.
	TempDir string
	// ReadAhead reads a stream's next document on a goroutine of its own
	// while the one before is rendered, and in Human and Markdown output
	// the items of a long list shown as they come: faster on more than
	// one core, at the cost of a goroutine that, after output fails, may
	// still be waiting on the input when Stream returns.
	ReadAhead bool
}

// Result is what an input held.
type Result struct {
	// Documents is how many documents were read.
	Documents int
	// Failed says the input reported a failure: an error envelope, a
	// JSON-RPC error, an MCP isError result, an HTTP 4xx/5xx status. The
	// command exits 1 then.
	Failed bool
	// Failures is what failed, in the order read: the first 100; More
	// counts those after them. A Result that Failed has at least one.
	Failures []Failure
	More     int
}

// Failure is one failure an input reported. Its texts are the server's as
// written, escapes and all: print String, not the fields, to a terminal.
type Failure struct {
	// Op is the op's place in a khive batch (khive counts from 0); -1
	// when the failure is not an op's.
	Op int
	// Kind is the failure's kind as the answer names it: khive's error
	// kind (not_found), a JSON-RPC code with its name ("-32601 method not
	// found"), "tool error" (an MCP isError result), "aborted" (an op that
	// never ran), "partial" (an op some of whose items failed), "HTTP 404";
	// "failed" when the answer names none.
	Kind string
	// Message is the failure's message, "" when it has none.
	Message string
	// ID is the id of the JSON-RPC reply it came in, as written ("7",
	// "\"abc\""); "" when none.
	ID string
	// Status is the HTTP status of a failed response; 0 otherwise.
	Status int
}

// String is the failure for a person: where (the op, the reply's id, the
// HTTP status), its kind and its message, server text escaped as every
// output escapes it, so that it cannot move a terminal's cursor.
func (f Failure) String() string {
	var b strings.Builder
	if f.Op >= 0 {
		fmt.Fprintf(&b, "op %d: ", f.Op)
	}
	if f.ID != "" {
		b.WriteString("reply " + f.ID + ": ")
	}
	b.WriteString(f.Kind)
	if f.Message != "" {
		b.WriteString(": " + f.Message)
	}
	return sanitize.String(b.String(), 0)
}

// InputError is input that is not JSON, with where it went wrong. Every
// document before the bad one has been written, and nothing of the bad
// document, but for what streams before the fault is met: the first 1,000
// rows of a longer list and on (in every format but JSON), or past 4 MiB
// of a document (JSON).
type InputError struct {
	Name string // what the input is called: Renderer.Render's name
	// Line and Col are where it went wrong, 1-based (Col in characters);
	// 0 when the fault has no place (an input with no document at all).
	Line, Col int
	Msg       string // what was expected, and what was found
}

// Error is "Name:Line:Col: Msg", escaped for a terminal: the name and the
// message may quote the input.
func (e *InputError) Error() string {
	return (&pipeline.InputError{Name: e.Name, Line: e.Line, Col: e.Col, Msg: e.Msg}).Error()
}

// WriteError is output that could not be written (a full disk, a closed
// pipe); rendering stops at once.
type WriteError struct {
	Err error // the writer's error
}

func (e *WriteError) Error() string { return "write error: " + e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// ColumnError is a name of Columns, Sort or Where that named no column of
// the first table: returned before that table is written, and rendering
// stops.
type ColumnError struct {
	Msg string // the name, and the columns the table has
}

func (e *ColumnError) Error() string { return e.Msg }

// publicError is err as this package's own error types.
func publicError(err error) error {
	var ie *pipeline.InputError
	var we *pipeline.WriteError
	var ce *pipeline.ColumnError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &we):
		return &WriteError{Err: we.Err}
	case errors.As(err, &ce):
		return &ColumnError{Msg: ce.Msg}
	case errors.As(err, &ie):
		return &InputError{Name: ie.Name, Line: ie.Line, Col: ie.Col, Msg: ie.Msg}
	}
	return err
}

// formatNames are the formats' names, as ParseFormat takes them.
var formatNames = [...]string{Human: "human", Plain: "plain", Markdown: "markdown", JSON: "json", Agent: "agent", TSV: "tsv", CSV: "csv"}

// ParseFormat is the Format a name gives, as the command's -o takes it:
// human, plain, markdown (or md), json, agent, tsv, csv.
func ParseFormat(name string) (Format, error) {
	lower := strings.ToLower(name)
	if lower == "md" {
		return Markdown, nil
	}
	for f, n := range formatNames {
		if f > 0 && n == lower {
			return Format(f), nil
		}
	}
	return 0, fmt.Errorf("%q is no format: human, plain, markdown, json, agent, tsv or csv", name)
}

// String is the format's name, as ParseFormat takes it.
func (f Format) String() string {
	if f > 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// OptionError is an Options field that makes no sense (a Where with no
// comparison, an unknown Format, a colour role that does not exist, a
// link format that is no preset and no template).
type OptionError struct {
	Field string
	Err   error
}

func (e *OptionError) Error() string { return e.Field + " " + e.Err.Error() }
func (e *OptionError) Unwrap() error { return e.Err }

// Renderer renders inputs one after another to one writer, as one stream:
// a blank line between documents, runs of like records as one table.
type Renderer struct {
	rn  *pipeline.Renderer
	opt pipeline.Options
}

// New returns a Renderer writing to w.
func New(w io.Writer, opt Options) (*Renderer, error) {
	po, err := pipelineOptions(opt)
	if err != nil {
		return nil, err
	}
	return &Renderer{rn: pipeline.NewRenderer(w, po), opt: po}, nil
}

func pipelineOptions(opt Options) (pipeline.Options, error) {
	po := pipeline.Options{
		Output: pipeline.Output(opt.Format), Width: opt.Width, Height: opt.Height, Now: opt.Now, ASCII: opt.ASCII,
		Verbose: opt.Verbose, Log: opt.Log, Follow: opt.Follow, Color: colorprofile.NoTTY, Table: opt.Table, CSVSafe: opt.CSVSafe,
		TempDir: opt.TempDir, ReadAhead: opt.ReadAhead,
	}
	if opt.Format == 0 {
		po.Output = pipeline.Plain
	} else if int(opt.Format) >= len(formatNames) {
		return po, &OptionError{"Format", fmt.Errorf("%d is none of Human, Plain, Markdown, JSON, Agent, TSV, CSV", opt.Format)}
	}
	if opt.Color {
		po.Color, po.Colors = colorprofile.ANSI, opt.Colors
	}
	if opt.Links != nil {
		po.Links = &human.Links{Format: opt.Links.Format, Dir: opt.Links.Dir, Host: opt.Links.Host}
	}
	if opt.Redact || len(opt.RedactKeys) > 0 {
		po.Redact = redact.New(opt.RedactKeys)
	}
	if err := theme.CheckColors(opt.Colors); err != nil {
		return po, &OptionError{"Colors", err}
	}
	if opt.Links != nil && !human.ValidLinkFormat(opt.Links.Format) {
		return po, &OptionError{"Links.Format", fmt.Errorf("%q is none of %s, nor a template with {path}", opt.Links.Format, strings.Join(human.LinkFormats(), ", "))}
	}
	if po.Width <= 0 {
		po.Width = 80
	}
	if po.Now.IsZero() && (po.Output == pipeline.Human || po.Output == pipeline.Agent) {
		po.Now = time.Now() // Plain, Markdown and JSON depend on the input alone
	}
	var err error
	if po.Steer, err = opt.steer(); err != nil {
		return po, err
	}
	if !po.Steer.Empty() && (po.Output == pipeline.JSON || po.Output == pipeline.Agent) {
		return po, &OptionError{"Format", errors.New("has no tables for Columns, Sort, Where and NoHeaders to act on")}
	}
	return po, nil
}

// steer parses what Columns, Sort and Where ask.
func (opt Options) steer() (steer.Spec, error) {
	var spec steer.Spec
	var err error
	if opt.Columns != "" {
		if spec.Columns, spec.Exact, err = steer.ParseColumns(opt.Columns); err != nil {
			return spec, &OptionError{"Columns", err}
		}
	}
	if opt.Sort != "" {
		if spec.Sort, err = steer.ParseSort(opt.Sort); err != nil {
			return spec, &OptionError{"Sort", err}
		}
	}
	for _, w := range opt.Where {
		c, err := steer.ParseWhere(w)
		if err != nil {
			return spec, &OptionError{"Where", err}
		}
		spec.Where = append(spec.Where, c)
	}
	spec.NoHeaders = opt.NoHeaders
	return spec, nil
}

// Check reports the first field of opt that makes no sense, as an
// *OptionError, as New would; a command line checks its flags with it
// before it opens anything.
func (opt Options) Check() error {
	_, err := pipelineOptions(opt)
	return err
}

// Render writes what r holds; name is what errors call it (a file name,
// "<stdin>"). It returns an *InputError for input that is not JSON, after
// writing every document before it, a *ColumnError when Columns, Sort or
// Where name no column of the first table (before writing it), and a
// *WriteError when output fails.
func (r *Renderer) Render(in io.Reader, name string) (Result, error) {
	res, err := r.rn.Stream(in, name)
	out := Result{Documents: res.Documents, Failed: res.Failed, More: res.More}
	for _, f := range res.Failures {
		out.Failures = append(out.Failures, Failure{Op: f.Op, Kind: f.Kind, Message: f.Message, ID: f.ID, Status: f.Status})
	}
	return out, publicError(err)
}

// Unmatched is, after the inputs, an error naming what Columns, Sort and
// Where asked for that met no column of any table (with the columns there
// were), or nil.
func (r *Renderer) Unmatched() error { return publicError(r.rn.Unmatched()) }

// UnmatchedRedactKeys is, after the inputs, the names of RedactKeys that
// met no key, header or parameter: a name mistyped redacts nothing,
// which a snapshot would not show.
func (r *Renderer) UnmatchedRedactKeys() []string {
	if r.opt.Redact == nil {
		return nil
	}
	return r.opt.Redact.Unmatched()
}

// Render writes what in holds to w: New, then one Render and Unmatched.
func Render(w io.Writer, in io.Reader, opt Options) (Result, error) {
	r, err := New(w, opt)
	if err != nil {
		return Result{}, err
	}
	name := opt.Name
	if name == "" {
		name = "<input>"
	}
	res, err := r.Render(in, name)
	if err != nil {
		return res, err
	}
	return res, r.Unmatched()
}
