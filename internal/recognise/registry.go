package recognise

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// Recogniser knows one server's response shape and the view its users
// expect. Adding one is a file with its value and a line in recognisers
// below: every output (human, Markdown) shows it with no change of its own.
type Recogniser struct {
	Name  string
	Tools []string         // envelope tool names it is for
	Match func(Value) bool // otherwise, the fields that tell it apart
	// Keys, when set, are keys of which an object Match is true of has
	// at least one: an object with none is not tried. Match runs on
	// every document whose tool no shape names, most of them no shape's.
	Keys []string
	// Methods are the requests it shows (JSON-RPC methods; its View is
	// given their params). A shape for requests alone matches no document
	// (requestsOnly).
	Methods []string
	// View makes the blocks; an error, or a strict reader's giving up on
	// a field of an unexpected type (shapeError), falls back to the
	// generic view of the same value.
	View func(b builder, v Value) ([]view.Block, error)
	// Failures marks a shape that shows "success": false as the failure it
	// is; no other shape ever sees one.
	Failures bool
	// Arrays marks a shape of arrays (a file tree); the others see only
	// objects.
	Arrays bool
	// Long, when set, says how a list of the shape's entries too long to
	// hold is shown as it is read.
	Long *Long
	// Reads is the key of the list its View reads as it comes, when the
	// document holds it open (Long's Key, for a Long shape).
	Reads string
	// Items is the key of its list of entries (a search's hits, a
	// server's tools): the rows --sort and --where pick from, and which
	// --columns shows as a table (Long's Key, for a Long shape).
	Items string
	// Lead are the keys of its entries that lead a table of them (a
	// tool's name, title and description), and Whole those whose value is
	// one cell, not a column a key (a tool's schemas): -o tsv and -o csv
	// write the table so, as human output shows it.
	Lead, Whole []string
}

// items is the key of s's list of entries, if it has one.
func (s *Recogniser) items() string {
	if s.Items == "" && s.Long != nil {
		return s.Long.Key
	}
	return s.Items
}

// readsOpen reports whether s shows v: any held value, and an open one
// only when its open list is the one s reads as it comes. Any other shape
// would show only what was held of it, so the generic view shows it.
func (s *Recogniser) readsOpen(v Value) bool {
	if !v.IsOpen() {
		return true
	}
	key := s.Reads
	if s.Long != nil {
		key = s.Long.Key
	}
	if key == "" || v.Kind != Object || len(v.Members) == 0 {
		return false
	}
	last := v.Members[len(v.Members)-1]
	return last.Key == key && isOpenList(last.Value)
}

// Long is a shape whose main list is numbered entries (a graph's
// entities): past input.StreamAfter of them, held or streamed, they are
// numbered as the first ones are and counted under them, not above, so
// that a list being read shows the same lines as a held one.
type Long struct {
	Key  string // the list's key in the document
	Noun string // what an entry is: "entity"
	// Entry is one item of the list as an entry (its fields read by the
	// strict readers: one not of the shape is shown as it came).
	Entry func(b builder, item Value) view.Entry
	// Before is the view of the document's members before the list (all
	// there is when it starts to stream).
	Before func(b builder, v Value) []view.Block
	// After is the view of the document without its list, after the
	// list; names are what Name said of its entries, held or read as
	// they came.
	After func(b builder, v Value, names *Names) []view.Block
	// Name, when set, is an entry's id and name, for After.
	Name func(item Value) (id, name string)
}

// note keeps what Name says of an entry.
func (l *Long) note(names *Names, it Value) {
	if l.Name == nil {
		return
	}
	if id, name := l.Name(it); id != "" && name != "" {
		names.add(id, name)
	}
}

// entries is the view of a long shape's list, held: its entries under a
// count, or, past input.StreamAfter, above one.
func (l *Long) entries(b builder, items []Value) []view.Block {
	its := view.Items{Entries: make([]view.Entry, 0, len(items))}
	for _, it := range items {
		its.Entries = append(its.Entries, l.Entry(b, it))
	}
	w := input.Window(items)
	if w == len(items) {
		its.Heading = format.Count(len(items), l.Noun)
		return []view.Block{its}
	}
	its.Pad = w
	return []view.Block{its, countLine(len(items), l.Noun, 0)}
}

// view is a long shape's whole view: held, or, when its list is open,
// its first entries, numbered as a held list this long is, then the
// others as they are read, and once the list has been read its count and
// the document's other fields.
func (l *Long) view(b builder, v Value) []view.Block {
	if list, _ := v.Get(l.Key); isOpenList(list) {
		return l.open(b, v, list)
	}
	items := objects(v, l.Key)
	body := l.entries(b, items)
	var blocks []view.Block
	if l.Before != nil {
		blocks = l.Before(b, v)
	}
	blocks = append(blocks, body...)
	if l.After != nil {
		names := newNames(b.opt.TempDir)
		defer names.Close()
		for _, it := range items {
			l.note(names, it)
		}
		blocks = append(blocks, l.After(b, value.Without(v, l.Key), names)...)
	}
	return blocks
}

// open is view of a document whose list is open. An entry not of the
// shape, after the first ones were, is shown as its fields, as they came,
// under its number.
func (l *Long) open(b builder, v, list Value) []view.Block {
	its := view.Items{Pad: len(list.Items), Entries: make([]view.Entry, 0, len(list.Items))}
	names := newNames(b.opt.TempDir)
	if b.opt.Closing != nil {
		b.opt.Closing(names.Close)
	}
	for _, it := range list.Items {
		l.note(names, it)
		its.Entries = append(its.Entries, l.Entry(b, it))
	}
	var blocks []view.Block
	if l.Before != nil {
		blocks = l.Before(b, v)
	}
	rest := value.Take(list)
	c := &count{rows: len(list.Items), shown: len(list.Items)}
	its.More = func() (view.Entry, bool, error) {
		it, ok, err := rest.Next()
		if err != nil || !ok {
			return view.Entry{}, false, err
		}
		n := c.rows
		c.rows++
		c.shown++
		l.note(names, it)
		if it.Kind == Object {
			if e, err := try(func() view.Entry { return l.Entry(b, it) }); err == nil {
				return e, true, nil
			}
		}
		one := Value{Kind: Object, Members: []Member{{Key: "[" + strconv.Itoa(n) + "]", Value: it}}}
		return view.Entry{Extra: b.record(one, 0, false, false)}, true, nil
	}
	noun := Noun(list.Items, l.Key)
	return append(blocks, its, later(func() ([]view.Block, error) {
		defer names.Close()
		w, err := value.Whole(v)
		if err != nil {
			return nil, err
		}
		rest := value.Without(w, l.Key)
		if Failed(w) {
			return b.failedAfter(c, noun, 0, rest), nil
		}
		blocks := []view.Block{countLine(c.rows, l.Noun, 0)}
		if l.After != nil {
			blocks = append(blocks, l.After(b, rest, names)...)
		}
		return blocks, nil
	}))
}

// shapes are tried in order; the first match wins. It is a table, never
// changed at run time.
var recognisers = []*Recogniser{
	&mcpTools, &mcpPrompts, &mcpPromptMessages, &mcpCompletion, &samplingRequest, &elicitationRequest,
	&graphitiNodes, &graphitiFacts, &graphitiEpisodes, &graphitiEpisodeList, &graphitiStatus,
	&graphitiAddMemory, &graphitiClear, &graphitiDelete,
	&codeSearch, &codeIndex,
	&mcpLists, &memoryGraph, &memoryObservations, &mcpInitialize,
	&fileText, &fileTree, &resourceContents,
	&gtdFiltered, &khiveNeighbors, &khiveTraverse, &sinkManifest, &kgValidate,
}

// findShape picks the shape of a value, whose Classify is sh: by tool
// name when it came in an envelope that names one, else by its fields.
//
// A failure never reaches a shape made for a success: an error envelope or
// a batch is shown as one whatever fields it also has, and "success":
// false only by a shape that says it failed.
func findShape(v Value, sh Shape, tool string) *Recogniser {
	if v.Kind != Object && v.Kind != Array {
		return nil
	}
	switch sh {
	case ShapeError, ShapeBatch:
		return nil
	case ShapeEnvelope:
		if tool == "" && v.Has("result") {
			// khive's own envelope: its result is what a server's shape
			// is looked for in (by the envelope's tool), not the envelope.
			return nil
		}
	}
	s := pickShape(v, tool)
	if ok, has := v.Says("success"); has && !ok.IsTrue() && s != nil && !s.Failures {
		return nil
	}
	return s
}

func pickShape(v Value, tool string) *Recogniser {
	arrays := v.Kind == Array
	if tool != "" {
		if s := shapes.byTool[tool][b2i(arrays)]; s != nil {
			return s
		}
	}
	if arrays {
		for _, s := range shapes.arrays {
			if s.Match(v) {
				return s
			}
		}
		return nil
	}
	try := shapes.anyKeys
	for i := range v.Members {
		try |= shapes.byKey[v.Members[i].Key]
	}
	for try != 0 {
		s := recognisers[bits.TrailingZeros64(try)]
		if s.Match(v) {
			return s
		}
		try &= try - 1
	}
	return nil
}

// shapeIndex is recognisers as pickShape looks them up: by tool name
// (the first shape of objects, then of arrays, that names it), and the
// object shapes worth trying by the keys of an object (bit i stands for
// recognisers[i], so trying them in the order of the bits keeps the
// registry's order).
type shapeIndex struct {
	byTool  map[string][2]*Recogniser
	byKey   map[string]uint64
	anyKeys uint64 // object shapes with no Keys: tried on every object
	arrays  []*Recogniser
}

// shapes is made once, from recognisers, and never changed.
var shapes = indexShapes()

func indexShapes() shapeIndex {
	if len(recognisers) > 64 {
		panic("recognise: more shapes than a shapeIndex's bits")
	}
	x := shapeIndex{byTool: map[string][2]*Recogniser{}, byKey: map[string]uint64{}}
	for i, s := range recognisers {
		for _, t := range s.Tools {
			by := x.byTool[t]
			if by[b2i(s.Arrays)] == nil {
				by[b2i(s.Arrays)] = s
				x.byTool[t] = by
			}
		}
		if s.Arrays {
			x.arrays = append(x.arrays, s)
			continue
		}
		if len(s.Keys) == 0 {
			x.anyKeys |= 1 << i
		}
		for _, k := range s.Keys {
			x.byKey[k] |= 1 << i
		}
	}
	return x
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// special makes the view of v by shape s. If s fails, or panics, on a value
// it did not expect, ok is false and the caller shows the generic view, so
// nothing is lost; the reason is kept among the document's problems.
func (b builder) special(s *Recogniser, v Value, d *view.Doc) (blocks []view.Block, ok bool) {
	if s.Arrays && s.Long == nil && s.Reads == "" && input.Window(v.Items) < len(v.Items) {
		// A list of the shape too long to hold is read as it comes, where
		// its shape (known by a tool named after it) is not yet known: held
		// or read as it comes, it is shown alike, as a long list.
		return nil, false
	}
	b.shaped = true
	if spec := b.opt.Steer; v.IsOpen() && s.items() != "" && len(spec.Columns) == 0 && (len(spec.Sort) > 0 || len(spec.Where) > 0) {
		// What --sort and --where keep, and its order, are known once
		// the list is read: the view takes nothing, so the document is
		// held and its view made again. (Reading the list here left the
		// held document its first 1,000 entries: the others were lost.)
		return nil, true
	}
	v, ok = b.steered(s, v)
	if !ok {
		return nil, false
	}
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
				if se, ok := p.(shapeError); ok {
					err = se.error // a field not of its shape's kind
				}
			}
		}()
		if v.IsOpen() && s.Long != nil {
			// Its list open: the entries as they come.
			blocks = s.Long.view(b, v)
			return nil
		}
		blocks, err = s.View(b, v)
		return err
	}()
	if err != nil {
		d.Problems = append(d.Problems, fmt.Sprintf("the %s view failed (%v); showing the generic form", s.Name, err))
		return nil, false
	}
	return blocks, true
}

// steered is v with its list of entries as --sort and --where ask, for
// s's view of them; not ok when --columns asks for columns, which the
// generic view shows as a table. A list being read is read to its end
// first: what is kept and its order are known only then.
func (b builder) steered(s *Recogniser, v Value) (Value, bool) {
	key, spec := s.items(), b.opt.Steer
	if key == "" || len(spec.Columns) == 0 && len(spec.Sort) == 0 && len(spec.Where) == 0 {
		return v, true
	}
	if list, ok := v.Get(key); !ok || list.Kind != Array {
		return v, true
	}
	if len(spec.Columns) > 0 {
		return v, false
	}
	out := Value{Kind: Object, Members: append([]Member(nil), v.Members...)}
	for i, m := range out.Members {
		if m.Key != key {
			continue
		}
		rows := m.Value.Items
		b.opt.Seen.RowColumns(rows)
		out.Members[i].Value = Value{Kind: Array, Items: SteerRows(rows, spec, b.opt.Seen)}
		break
	}
	return out, true
}

// Strict readers for shapes: a field that is present must have the
// expected kind, or the shape gives up (and the generic view is shown).
// A reader that meets one panics with a shapeError, which the view's
// caller (special) recovers as the view's error, and so does a function
// that has a use of its own for the error (try).
type shapeError struct{ error }

func errShape(format string, args ...any) error { return fmt.Errorf(format, args...) }

// badShape gives up on a shape (shapeError).
func badShape(format string, args ...any) { panic(shapeError{errShape(format, args...)}) }

// try is f's value, or the error of the shape it gave up on; any other
// panic goes on.
func try[T any](f func() T) (t T, err error) {
	defer func() {
		if p := recover(); p != nil {
			se, ok := p.(shapeError)
			if !ok {
				panic(p)
			}
			err = se.error
		}
	}()
	return f(), nil
}

// must is v, or gives up on the shape with err (try's inverse).
func must[T any](v T, err error) T {
	if err != nil {
		panic(shapeError{err})
	}
	return v
}

func optString(v Value, key string) string {
	switch f, _ := v.Get(key); f.Kind {
	case Null:
		return ""
	case String:
		return f.Text
	}
	panic(shapeError{errShape("%s is not a string", key)})
}

func optNumber(v Value, key string) (string, bool) {
	switch f, _ := v.Get(key); f.Kind {
	case Null:
		return "", false
	case Number:
		return f.Text, true
	}
	panic(shapeError{errShape("%s is not a number", key)})
}

func objects(v Value, key string) []Value {
	f, ok := v.Get(key)
	if !ok || f.Kind != Array {
		badShape("%s is not a list", key)
	}
	for _, it := range f.Items {
		if it.Kind != Object {
			badShape("an item of %s is not an object", key)
		}
	}
	return f.Items
}

// hasObjects: v has a list under key whose first item is an object with field.
func hasObjects(v Value, key, field string) bool {
	l, ok := v.Get(key)
	return ok && l.Kind == Array && len(l.Items) > 0 && l.Items[0].Kind == Object && l.Items[0].Has(field)
}

// everyHas: items is a list of objects, not empty, each of which has every
// one of keys.
func everyHas(items []Value, keys ...string) bool {
	for _, it := range items {
		if it.Kind != Object || slices.ContainsFunc(keys, func(k string) bool { return !it.Has(k) }) {
			return false
		}
	}
	return len(items) > 0
}
