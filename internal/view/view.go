// Package view is the presentation model between recognising what a
// document is and writing it out: a small tree of blocks (titles, tables,
// records, items, relations, prose, code, errors, notes, footers,
// documents, trees, diffs) whose cells say what a value means (an ID, a
// time, a score, a status …), not how it looks.
//
// Recognisers (package recognise) build views and know the servers;
// writers (render/human, render/markdown) turn views into bytes and know
// their syntax. A new server shape is a recogniser: every writer shows it.
//
// It imports nothing of the project: it is the vocabulary both sides share.
package view

import (
	"strings"
	"time"
)

// Doc is what one part of a document shows: blocks in order.
type Doc struct {
	Blocks []Block
	// Problems are notes for the person running the command (under
	// --verbose, on stderr): why a recogniser fell back to the generic form.
	Problems []string
}

// Block is one piece of a view. Each kind is a struct in this file or in
// a file of its own, with a block method: no other type is a block.
// Package viewtest has an example of each kind, which every writer's
// tests write: a writer with no case for a kind fails them.
type Block interface{ block() }

// Tone is what a mark or a word means, which a writer turns into a colour.
type Tone uint8

const (
	Neutral Tone = iota
	Accent       // wants attention next: next
	Good         // success, done, true
	Warn         // waiting, blocked, denied, partial
	Bad          // error, broken, false
	Muted        // receded: someday, cancelled
	Busy         // under way: active
)

// Mark is the sign a title or a line starts with.
type Mark uint8

const (
	NoMark  Mark = iota
	OK           // succeeded
	Failed       // failed
	Aborted      // never ran
	Warning      // ran, with problems
	Asks         // waits for its answer: a request
)

// CellKind is the meaning of a value, from which a writer decides its look:
// an ID short and dimmed, a time relative to now, a score to 3 figures …
type CellKind uint8

const (
	None       CellKind = iota // no value: a blank cell (a member the row lacks)
	Text                       // a string: free text ("" shows as "")
	Number                     // a number, exactly as written
	Bool                       // true or false (Text)
	Null                       // null, written as null (inside an error, in a list)
	NotYet                     // a lifecycle null: "not yet" (completed_at: null)
	Empty                      // [] or {} (Text)
	ID                         // an identifier; Short, when set, is its short form
	Time                       // a timestamp (At); Text as written
	Score                      // a score: 3 significant figures when shortened
	Duration                   // a number of Unit: 1.23ms when shortened
	Bytes                      // a size in bytes: 1.5 KiB when shortened
	Status                     // a task status or a health word
	Outcome                    // an event outcome: success, denied, error
	Dependency                 // a dependency state: ready, blocked, broken
	TaskStatus                 // an MCP task's status: working … completed, failed
	Priority                   // p0 … p3
	List                       // an array of scalars: Items, inline
	Object                     // an object shown inline: Fields as key=value
	Nested                     // an array of containers: N items, Text its compact JSON
	Deep                       // nesting deeper than N levels: Text is "{" or "["
	Bar                        // a bar of Frac (0..1) of the column's scale
	URL                        // a web address, which a terminal may follow
	Hints                      // the behaviours a tool declares (Sub.Hints): glyphs in a table
)

// Cell is one value with its meaning.
type Cell struct {
	Kind CellKind
	// Tone of a Bool: what true and false mean under its key (Good when
	// true is success, Bad when true is failure); Neutral for a harmless
	// flag, whose false is no failure.
	Tone Tone
	// Exact cells are never shortened: values inside an error.
	Exact bool
	// ShortLen, when not 0, is how much of Text a shortened view shows
	// (an ID's prefix): see Short.
	ShortLen uint8
	// Same, when not 0, numbers a cell that repeats down its column (a
	// status, a priority): cells of a column with the same number are the
	// same, and a writer may reuse what it made of the first.
	Same int32
	Text string        // the value as written: a string's text, a number's literal
	At   time.Time     // Time
	Unit time.Duration // Duration
	Frac float64       // Bar
	N    int           // Nested: how many items; Deep: the depth followed
	// Sub holds the parts of a List or an Object cell. A long table has
	// millions of cells, most of them neither: kept apart, they keep every
	// cell small.
	Sub *Sub
}

// Sub is what a List or an Object cell holds.
type Sub struct {
	Items  []Cell  // List
	Fields []Field // Object
	Block  Block   // Nested, in an Under column: its records as a table
	Hints  []Hint  // Hints
}

// Short is the form of the cell a shortened view shows: its Text, or the
// first ShortLen bytes of it.
func (c Cell) Short() string {
	if c.ShortLen > 0 && int(c.ShortLen) < len(c.Text) {
		return c.Text[:c.ShortLen]
	}
	return c.Text
}

// Items are a List cell's items.
func (c Cell) Items() []Cell {
	if c.Sub == nil {
		return nil
	}
	return c.Sub.Items
}

// Fields are an Object cell's fields.
func (c Cell) Fields() []Field {
	if c.Sub == nil {
		return nil
	}
	return c.Sub.Fields
}

// IsString reports whether the cell holds a string of the input.
func (c Cell) IsString() bool {
	switch c.Kind {
	case Text, ID, Time, Status, Outcome, Dependency, TaskStatus, Priority, URL:
		return true
	}
	return false
}

// Field is a key and what it holds: a cell, or a block shown indented
// under the key (a Record, a Table, or a Footer: a list of which --where
// kept no row, "0 of 37 items").
type Field struct {
	Key string
	// Label, when set, is the key as a table would head it (created for
	// created_at), for a writer that shows a screen rather than the data.
	Label string
	Cell  Cell
	Block Block
}

// Name is what a writer that shows labels calls the field.
func (f Field) Name() string {
	if f.Label != "" {
		return f.Label
	}
	return f.Key
}

// Record is key/value lines; nested blocks go under their key.
type Record struct {
	Fields []Field
	Indent int
	// Exact records are inside an error: nothing in them is shortened, and
	// a value too long for its line wraps instead of being cut.
	Exact bool
	// Stamps: its times are shown as written, their age beside, not
	// the age alone: a record of JSON no shape of ours knows, where a time
	// may be what the record says (jc's date, an expiry).
	Stamps bool
	// Stream, when set, yields further fields of a document too large to
	// hold, after Fields, as they are read.
	Stream func() (f Field, ok bool, err error)
	// Measured, when not 0, is how many of the first Fields lay out all
	// of them (the width of their keys): those of a large object's first
	// members, which are all that is known when a streamed one is shown.
	Measured int
}

// Laid is the fields a writer lays the record out on.
func (r Record) Laid() []Field {
	if r.Measured > 0 && r.Measured < len(r.Fields) {
		return r.Fields[:r.Measured]
	}
	return r.Fields
}

// Align is a column's alignment.
type Align uint8

const (
	Left Align = iota
	Right
)

// Essential is the worth of a column that is dropped only as a last resort.
const Essential = 100

// Column is a table column: its header, what it is worth when the table
// must lose columns, and whether it is free text that may shrink.
type Column struct {
	Key    string // the key it shows, for flags that name columns
	Header string
	Align  Align
	Keep   int  // worth: columns drop lowest first
	Flex   bool // free text, which may be cut
	Min    int  // a flexible column's smallest readable width
	Want   int  // the width it gets before low-value columns do
	// Identity columns (IDs, statuses, names, times) are never cut where a
	// writer cuts cells to keep a page concise.
	Identity bool
	Bar      bool // score bars: a writer without bars leaves it out
	// Named columns were asked for by name (--columns): a writer shows
	// them as columns, whatever their rows hold.
	Named bool
	// Live columns stay columns in a table still growing, though its
	// first rows all say the same: the words of a vocabulary that can say
	// a row failed (a status, an outcome, a log level), so that a later
	// failure is marked in its row, and what moves on as a stream goes
	// (go test's package).
	Live bool
	// Paths columns hold paths, which begin alike: a writer that cuts a
	// cell keeps its end, which tells them apart.
	Paths bool
	// Under columns hold lists of records (an interface's addresses):
	// each row's is a Nested cell whose Block a writer that can shows
	// under the row, not as a count in it.
	Under bool
}

// Table is rows of cells under columns.
type Table struct {
	Columns []Column
	Rows    [][]Cell
	Indent  int
	// Exact tables are inside an error: a writer that cannot fit one whole
	// shows Records (the same rows as key/value blocks) instead.
	Exact   bool
	Records *Record
	// Measured, when not 0, is how many of the first Rows lay the table
	// out: those of a long list, which are all that is known when a
	// streamed one is shown.
	Measured int
	// InRow tables are a list a row holds, shown under it (Sub.Block):
	// kept tables, as their neighbours under the other rows are.
	InRow bool
	// Stream, when set, yields further rows of a list too long to hold,
	// laid out from the first ones; other is a row that is not a record,
	// to show as a record of its own between the rows, or, beside a row,
	// its fields that no column holds (keys the first rows did not have),
	// to show under it: never dropped. A row is valid until the next
	// call. A stream that ends (ok false) with other ends the table
	// there: other, the rest of its list shown another way (as records,
	// once its rows are too sparse for a table), follows it.
	Stream func() (row []Cell, other *Record, ok bool, err error)
	// Count, when set, is said under the table: a list a record holds,
	// some of whose rows --where left out ("10 of 37 items").
	Count *Footer
	// Shows, when set, is told once, before Stream is first called, which
	// columns (increasing) a writer shows of the rows Stream yields, those
	// it leaves out (too wide for the terminal) named only: the others'
	// cells may then be None, their values left unread.
	Shows func(cols []int)
}

// Inline is an array of scalars, shown as a list on one line (wrapped).
type Inline struct {
	Items  []Cell
	Indent int
	// More, when set, yields the items after Items of a list too long to
	// hold, as they are read; its error is the input's.
	More func() (Cell, bool, error)
}

// Scalar is a lone value: a whole document, an envelope's result.
type Scalar struct {
	Cell   Cell
	Indent int
}

// Title is the first line of an envelope or a section: "✓ tool", "1 ✓ get".
type Title struct {
	Number string // "0" for a batch's first op: khive counts from 0
	Mark   Mark
	Text   string // the tool
	Value  *Cell  // a scalar result, shown with the title
	// Quiet titles say nothing the blocks after them do not (a list that
	// counts itself): a terse writer may leave them out.
	Quiet bool
}

// Error is a failure: it stands out and is never shortened.
type Error struct {
	Number  string
	Tool    string // "" for none
	Kind    string
	Aborted bool // an op that never ran
	Message string
	Details *Record // Exact
}

// Part is one piece of a footer line.
type Part struct {
	Mark Mark
	Tone Tone
	Text string
	Cell *Cell // a value after Text ("more after" an ID)
	// Aside parts follow the parts that carry the message (a batch's
	// status after its counts).
	Aside bool
	// Hint, when set, is the behaviour Text names: its glyph before it
	// (a legend of a table's hints).
	Hint *Hint
}

// FooterKind is what a footer line is.
type FooterKind uint8

const (
	Meta   FooterKind = iota // about what came before: "3 tasks · more available"
	Totals                   // the message itself, summed up: "1 succeeded · 1 failed"
	Result                   // a one-line result: "✓ healthy · 1284 entities"
	Path                     // steps one after another: "A → B → C"
)

// Footer is a summary line of parts, which wraps between parts rather than
// be cut.
type Footer struct {
	Kind   FooterKind
	Parts  []Part
	Indent int
}

// Entry is one item of an Items list: "1. Graphiti [Framework] — summary".
type Entry struct {
	Name    string
	Tag     string   // a type, in brackets
	Summary string   // may be cut at a word boundary
	Lines   []string // under the entry, one bullet each (observations)
	Extra   *Record
}

// Items is a numbered list of named entries under a heading.
type Items struct {
	Heading string
	Entries []Entry
	// Pad, when not 0, is how many entries the numbers are padded for: a
	// list too long to hold is numbered as its first entries are, and
	// longer numbers push their line.
	Pad int
	// More, when set, yields further entries of a list too long to hold,
	// as they are read.
	More func() (e Entry, ok bool, err error)
}

// Relation is "Graphiti ──uses as backend──▶ Neo4j  0.92", then its text.
type Relation struct {
	From, Rel, To string
	Score         *Cell
	Invalid       *Cell // no longer true since (a time)
	Detail        string
	Extra         *Record
}

// Relations is a list of relations under a heading.
type Relations struct {
	Heading   string
	Relations []Relation
}

// Event is one entry of a timeline: "2h ago  standup · meeting notes".
type Event struct {
	At      *Cell
	Name    string
	Source  string
	Content string
	Extra   *Record
}

// Timeline is events under a heading, in the order to show them.
type Timeline struct {
	Heading string
	Events  []Event
}

// Code is a piece of source text: "path:10-25  0.923 ████▋" and its lines.
type Code struct {
	Path     string
	Lines    string // ":10-25", or ""
	Line     int    // the first line, for a link to it; 0 when unknown
	Score    *Cell  // Score, with Frac for a bar
	Text     string
	Before   string // context, shown in full views
	After    string
	Language string // for syntax highlighting
	Extra    *Record
}

// Bullets is a list of values, each on a line after a mark.
type Bullets struct {
	Items  []Cell
	Mark   Mark
	Tone   Tone
	Indent int
}

// ProseKind is what a line of prose is, by the conventions of terse-text
// servers.
type ProseKind uint8

const (
	Plain    ProseKind = iota
	Tagged             // starts with a [state_tag]: Tag
	NextHint           // "→ next: a | b": Tag is "→ next:"
	Ask                // "? ask user: …": Tag is "? ask user:"
)

// ProseLine is one line of prose.
type ProseLine struct {
	Kind ProseKind
	Tag  string // the line's first Len(Tag) bytes, which the kind sets apart
	Tone Tone   // of a Tagged line's tag
	Text string // the whole line, Tag included
}

// Prose is text a tool wrote for people, line by line.
type Prose struct {
	Lines []ProseLine
	// Text, when set, is the whole text, of which Lines may be only the
	// first lines: those starting in its first format.MaxValue bytes, more
	// than any writer shows of it (a text of a hundred megabytes is not
	// made a line view for each of its million lines).
	Text string
}

// String is the prose as it was sent.
func (p Prose) String() string {
	if p.Text != "" {
		return p.Text
	}
	texts := make([]string, len(p.Lines))
	for i, l := range p.Lines {
		texts[i] = l.Text
	}
	return strings.Join(texts, "\n")
}

// Note is an aside on one line: progress, a log message, a media block,
// an HTTP status line or header.
type Note struct {
	Fields []string
	// Tone: Neutral for an aside (dimmed), Bad for a failure, Accent for
	// something to notice (a session id to send back).
	Tone  Tone
	Extra *Record // what the line leaves out, for full views
}

// Gap is a blank line between sections, written only if more follows.
type Gap struct{}

func (Record) block()    {}
func (Table) block()     {}
func (Inline) block()    {}
func (Scalar) block()    {}
func (Title) block()     {}
func (Error) block()     {}
func (Footer) block()    {}
func (Items) block()     {}
func (Relations) block() {}
func (Timeline) block()  {}
func (Code) block()      {}
func (Bullets) block()   {}
func (Prose) block()     {}
func (Note) block()      {}
func (Gap) block()       {}

// Drain hands f each further thing next yields (a Record's Stream, an
// Items' More …), until there are no more, next fails, or outErr (the
// output's error) says output failed: nothing more is read then, as a
// stream may wait for its input. Its error is next's, else outErr's.
func Drain[T any](next func() (T, bool, error), outErr func() error, f func(T)) error {
	for next != nil && outErr() == nil {
		x, ok, err := next()
		if err != nil || !ok {
			return err
		}
		f(x)
	}
	return outErr()
}
