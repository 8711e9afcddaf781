package pipeline

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/spill"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// An MCP reply whose text block holds a long JSON text often carries the
// same JSON again as its structuredContent. Which of the two an output
// that loses nothing shows, and in what order, is known only at the
// reply's end (protocol.repeats), as is, for agent output, whether it is
// a tool result. Plain and agent output hold both back while they read
// the reply, each in a spill.Buffer (the structured content as compact
// JSON, its skeleton in the reply), then show it as a held one is, each
// held part read back as a document is read (its long lists streamed),
// the two compared as they are read back. A reply of a rarer form (a text
// that is no JSON, a structured content that says nothing or wraps, a
// second text block that may repeat it) is read back whole: exactly,
// though not in constant memory.
//
// A long structuredContent beside a short text is held back the same way
// (input.Decoder.LongValue), in human and Markdown output too (longSC,
// never compared), so that its list is read back as it comes rather than
// held. None is held back once its document has come open: its view,
// being shown, would show the skeleton.

// heldReply is an MCP reply's text and structured content, held back.
type heldReply struct {
	rn   *Renderer
	line int           // where the text starts (the structured content, when it came first), in the input
	text *spill.Buffer // the text block's text; nil: in the reply (a short one, not JSON)
	sc   *spill.Buffer // the first structuredContent, as compact JSON (value.Compact's); nil: none came
	mark *value.Open   // stands for the structured content in the reply's parts, or khive's transform of it
	// textFailed: one of the text's documents reported a failure (scan).
	textFailed bool
}

// diverter is the decoder's Divert hook: while a reply is held back at
// its text (holding), its structuredContent goes to a buffer; else longSC.
func (rn *Renderer) diverter(dec *input.Decoder) func(path []input.Frame) func(value.Token) error {
	long := rn.longSC(dec, func() bool { return dec == rn.outer }, &rn.scHeld)
	return func(path []input.Frame) func(value.Token) error {
		if h := rn.holding; h != nil && structuredContent(path) {
			if h.sc != nil {
				return nil
			}
			return h.divert()
		}
		return long(path)
	}
}

// longSC is the Divert hook for a tool result's structuredContent too long
// to hold, in a document of the input itself (outer): it goes to a buffer
// as it is read, and the reply, held back in slot until it is shown, is
// shown once it ends (holdSC). Human and Markdown output ask only this.
func (rn *Renderer) longSC(dec *input.Decoder, outer func() bool, slot **heldReply) func(path []input.Frame) func(value.Token) error {
	return func(path []input.Frame) func(value.Token) error {
		// The path first: the items of a list read ahead on a goroutine
		// of their own (listahead.go) never get past it. None in a
		// document returned open: what is shown of it would not wait.
		if !structuredContent(path) || !direct(path) || !outer() || *slot != nil || dec.Opened() || !dec.LongValue() {
			return nil
		}
		if rn.holdText == nil {
			// Where no temporary file can be made, held, as before.
			rn.spillOnce.Do(func() { rn.spillable = spill.Usable(rn.opt.TempDir) })
			if !rn.spillable {
				return nil
			}
		}
		h := &heldReply{rn: rn, line: dec.Line()}
		*slot = h
		return h.divert()
	}
}

// divert holds back the structured content about to be read in h.sc, as
// compact JSON, written out at its end.
func (h *heldReply) divert() func(value.Token) error {
	h.sc, h.mark = spill.New(h.rn.opt.TempDir), &value.Open{N: value.Diverted}
	bw := bufio.NewWriterSize(h.sc, 64<<10)
	tw, depth := value.NewTokenWriter(bw), 0
	return func(t value.Token) error {
		tw.Token(t)
		switch t.Kind {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
		if depth == 0 && !t.Part {
			bw.Flush()
		}
		return h.sc.Err()
	}
}

// direct reports a path with no array on it: the members of the
// document's own objects (a tool result's, not an item's).
func direct(path []input.Frame) bool {
	return !slices.ContainsFunc(path, func(f input.Frame) bool { return f.Item != 0 })
}

// takeSC is the structured content held back of the document just read,
// if any (diverter), now the caller's to show and close.
func (rn *Renderer) takeSC() *heldReply {
	h := rn.scHeld
	rn.scHeld = nil
	return h
}

// dropSC lets go of the structured content held back of a document that
// is not shown (its input broke off).
func (rn *Renderer) dropSC() {
	if h := rn.takeSC(); h != nil {
		h.close()
	}
}

func (h *heldReply) close() {
	if h.text != nil {
		h.text.Close()
	}
	if h.sc != nil {
		h.sc.Close()
	}
}

// holdParts shows an MCP reply returned open at its text block (v) as a
// held one is; what comes before the text (its id) is shown first.
func (rn *Renderer) holdParts(v value.Value, text value.TextReader, res *Result) error {
	before := rn.partsBefore(v)
	shown := len(before)
	if err := rn.parts(before, res); err != nil {
		return err
	}
	h, w, err := rn.holdBack(v, text)
	defer h.close()
	if err != nil {
		return err
	}
	parts, err := h.parts(w)
	if err != nil {
		return err
	}
	return h.show(parts[min(shown, len(parts)):], res)
}

// holdSC shows w, a document read whole whose long structured content was
// held back as it was read, as holdParts shows a reply.
func (rn *Renderer) holdSC(w value.Value, h *heldReply, res *Result) error {
	defer h.close()
	// Its parts are the reply's, not documents of the stream: none joins
	// a run of records (runs.go), which would show it later, as a row.
	defer func(was bool) { rn.inRuns = was }(rn.inRuns)
	rn.inRuns = false
	parts, err := h.parts(w)
	if err != nil {
		return err
	}
	return h.show(parts, res)
}

// show shows h.parts' parts in their order, the text's documents and the
// structured content read back from their buffers.
func (h *heldReply) show(parts []protocol.Part, res *Result) error {
	rn := h.rn
	textFailed := false
	id := ""
	for _, p := range parts {
		if p.IsID {
			id = p.ID
		}
		var err error
		switch {
		case p.Kind == protocol.StreamedPart:
			textFailed, err = h.showText(res)
		case p.IfNoneFailed && textFailed:
			// isError's failure: the text's documents said one.
		case p.Kind == protocol.ValuePart && h.mark != nil && p.Value.Open == h.mark:
			if p.Failed {
				res.fail(p.Value, id)
			}
			known := p.Value // its skeleton
			err = h.writeSC(func(dec *input.Decoder, sv value.Value) error {
				// Human and Markdown output lay out a table streamed on
				// the first rows --where keeps, held on all it keeps.
				if sv.IsOpen() && (!shownAsHeld(sv, known) || rn.holdText == nil && len(rn.opt.Steer.Where) > 0) {
					var err error
					if sv, err = value.Force(sv); err != nil {
						return err
					}
				}
				return rn.show(dec, sv, res)
			})
		default:
			err = rn.parts([]protocol.Part{p}, res)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// holdBack reads the rest of a reply returned open at its text block (v),
// holding back its text and structured content, and returns it whole,
// those standing in it (a text shown as it was read, the structured
// content's skeleton); h, to be closed, even with an error.
func (rn *Renderer) holdBack(v value.Value, text value.TextReader) (*heldReply, value.Value, error) {
	h := &heldReply{rn: rn, line: text.Line(), text: spill.New(rn.opt.TempDir)}
	text.Commit()
	if _, err := io.Copy(h.text, text); err != nil {
		if h.text.Err() != nil {
			return h, value.Value{}, h.text.Err()
		}
		return h, value.Value{}, textErr(v, err)
	}
	rn.holding = h
	w, err := value.Whole(v)
	rn.holding = nil
	return h, w, err
}

// partsBefore is the parts of a reply open at its text block that come
// before the text: its id.
func (rn *Renderer) partsBefore(v value.Value) []protocol.Part {
	before := rn.docParts(v, false)
	for i, p := range before {
		if p.Kind == protocol.StreamedPart {
			// What comes after the text in v (a tool result's _meta
			// read before its content) is shown with the rest.
			return before[:i]
		}
	}
	return before
}

// parts is the parts of the whole reply w, the text a StreamedPart and
// the structured content, if shown, a part whose Value's Open is h.mark;
// for a reply of a rarer form, w's parts with both read back into it.
func (h *heldReply) parts(w value.Value) ([]protocol.Part, error) {
	r := replyParts(w)
	if h.text == nil && h.rn.holdText != nil {
		if err := h.holdShort(&r); err != nil {
			return nil, err
		}
	}
	if h.text != nil && r.text == nil {
		return nil, errors.New("input: a held text block was not found in its reply") // cannot happen: the decoder returned the reply open at it
	}
	docs, same, sameInner := 0, false, false
	if h.text != nil {
		var cmpWhole, cmpInner io.Reader
		if r.sc != nil {
			cmpWhole = h.sc.Reader()
			if n := h.sc.Len(); len(r.sc.Members) == 1 && r.sc.Members[0].Key == "result" && len(r.content.Items) == 1 && n > 12 {
				// The MCP Python SDK's {"result": X}: X (the JSON after
				// {"result": and before }\n) may be what the text says.
				cmpInner = io.MultiReader(h.sc.Section(10, n-12), strings.NewReader("\n"))
			}
		}
		var err error
		if docs, same, sameInner, err = h.scan(cmpWhole, cmpInner); err != nil {
			return nil, err
		}
	}
	isErr, _ := r.tool.Says("isError")
	// The text says what the structured content does (protocol.repeats):
	// its JSON is the structured content's, or X's in the SDK's {"result":
	// X}, which protocol then shows instead (sdkUnwrapped).
	repeats := r.sc != nil && docs == 1 && len(r.block.Members) == 2
	unwraps := repeats && !same && sameInner
	if h.text != nil && docs == 0 || !r.plain(w) || unwraps && isErr.IsTrue() || h.rn.holdText == nil && !oneResult(w) {
		// Read back whole, and shown as a held reply is.
		if err := h.readBack(r); err != nil {
			return nil, err
		}
	} else {
		h.rn.heldReplies++
		switch {
		case unwraps:
			// Shown as the text's documents, X's JSON: the structured
			// content is then not shown, as when it is skipped unread.
			*r.sc = value.Value{Kind: value.Null, Open: &value.Open{N: value.Skipped}}
		case r.sc != nil:
			if repeats && same {
				r.text.Open = &value.Open{N: value.Repeats}
			}
			r.sc.Open = h.mark
		}
	}
	return append([]protocol.Part(nil), h.rn.docParts(w, true)...), nil
}

// oneResult reports a reply with one result and no error, or no JSON-RPC
// one: human and Markdown output order a rarer one's parts otherwise.
func oneResult(w value.Value) bool {
	if !protocol.IsJSONRPC(w) {
		return true
	}
	n := 0
	for _, m := range w.Members {
		switch m.Key {
		case "result":
			n++
		case "error":
			return false
		}
	}
	return n == 1
}

// readBack puts the held text and structured content, read back whole,
// in their places in the reply.
func (h *heldReply) readBack(r reply) error {
	if h.text != nil {
		if r.text == nil {
			return errors.New("input: a held text block was not found in its reply") // cannot happen: the decoder returned the reply open at it
		}
		b, err := io.ReadAll(h.text.Reader())
		if err != nil {
			return err
		}
		*r.text = value.Text(string(b))
	}
	if r.diverted != nil {
		var err error
		if *r.diverted, err = input.NewDecoder(h.sc.Reader(), "").Next(); err != nil {
			return err
		}
	}
	h.rn.readBack++
	return nil
}

// holdShort holds back the reply's first block's text, when it may hold
// JSON: protocol cannot compare it with the diverted structured content.
func (h *heldReply) holdShort(r *reply) error {
	if len(r.content.Items) == 0 || r.block.Kind != value.Object || r.block.Str("type") != "text" {
		return nil
	}
	for j := range r.block.Members {
		if r.block.Members[j].Key != "text" {
			continue
		}
		t := &r.block.Members[j].Value // the first, which protocol reads
		if t.Kind != value.String || !protocol.MaybeJSON(t.Text) {
			return nil // prose: protocol shows it, and never compares it
		}
		h.text = spill.New(h.rn.opt.TempDir)
		if _, err := io.WriteString(h.text, t.Text); err != nil {
			return err
		}
		*t = value.Value{Kind: value.String, Open: &value.Open{N: 1}}
		r.text = t
		return nil
	}
	return nil
}

// showText shows the documents of the held text, as openText shows a
// text read as it comes, and whether one of them reported a failure.
func (h *heldReply) showText(res *Result) (failed bool, err error) {
	rn := h.rn
	dec := rn.decoder(h.text.Reader(), fmt.Sprintf("%s (the JSON in its text block on line %d)", rn.name, h.line))
	defer dec.Close()
	was := res.Failed
	res.Failed = false
	defer func() { failed, res.Failed = res.Failed, was || res.Failed }()
	for {
		iv, err := dec.Next()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if iv.IsOpen() {
			err = rn.show(dec, iv, res)
		} else {
			err = rn.inner(iv, res)
		}
		if err != nil {
			return false, err
		}
	}
}

// writeSC reads the held structured content back as a document, for write.
func (h *heldReply) writeSC(write func(*input.Decoder, value.Value) error) error {
	rn := h.rn
	dec := rn.decoder(h.sc.Reader(), fmt.Sprintf("%s (the structuredContent of the reply on line %d)", rn.name, h.line))
	defer dec.Close()
	v, err := dec.Next()
	if err != nil {
		return err
	}
	if err := write(dec, v); err != nil {
		return dec.Locate(err)
	}
	_, err = dec.Next() // the end, after it
	if err == io.EOF {
		err = nil
	}
	return err
}

// shownAsHeld reports whether the outputs see the open document v as they
// see it whole, known by its skeleton: the same shape (recognise.Classify)
// at each level down to its open list or object, within the skeleton's
// bounds. One whose fields after its list make it another shape
// ({"entities": […], "relations": […]}) is held, as it was when the reply
// was held whole.
func shownAsHeld(v, known value.Value) bool {
	for depth := 0; ; depth++ {
		if depth >= input.SkeletonDepth-1 || recognise.Classify(v) != recognise.Classify(known) {
			return false
		}
		if v.Open == nil || v.Open.Rest != nil || v.Open.More != nil || v.Open.Text != nil {
			return true
		}
		switch i := len(v.Members) - 1; {
		case v.Kind == value.Object && i >= 0 && i < len(known.Members) && len(known.Members) < input.SkeletonMembers &&
			known.Members[i].Key == v.Members[i].Key:
			v, known = v.Members[i].Value, known.Members[i].Value
		case v.Kind == value.Array && len(v.Items) > 0 && len(v.Items) <= len(known.Items) && len(v.Items) <= input.SkeletonItems:
			v, known = v.Items[len(v.Items)-1], known.Items[len(v.Items)-1]
		default:
			return false
		}
	}
}

// reply is where what was held back stands in a whole reply.
type reply struct {
	tool     value.Value  // the tool result
	content  value.Value  // its content
	block    value.Value  // the text block
	text     *value.Value // the block's text, held back
	sc       *value.Value // the tool result's first structuredContent, if held back
	diverted *value.Value // the value held back as the structured content, wherever it is
}

// replyParts finds them in w (the tool result: w, or its first result).
func replyParts(w value.Value) reply {
	var r reply
	tool := &w
	if protocol.IsJSONRPC(w) {
		for i := range w.Members {
			if w.Members[i].Key == "result" {
				tool = &w.Members[i].Value
				break
			}
		}
	}
	r.tool = *tool
	for i := range tool.Members {
		m := &tool.Members[i]
		switch {
		case m.Key == "content" && r.content.Kind == value.Null && m.Value.Kind == value.Array:
			r.content = m.Value
			if len(m.Value.Items) > 0 {
				r.block = m.Value.Items[0]
				for j := range r.block.Members {
					if t := &r.block.Members[j].Value; t.Kind == value.String && t.Streamed() == 1 {
						r.text = t
					}
				}
			}
		case m.Key == "structuredContent" && r.sc == nil:
			if m.Value.Streamed() == value.Diverted {
				r.sc = &m.Value
			}
		}
	}
	// The first member the decoder diverted: the tool result's, or one
	// of a rarer reply (a second result), read back whole.
	var find func(v *value.Value, depth int)
	find = func(v *value.Value, depth int) {
		if r.diverted != nil || depth > 2 {
			return
		}
		for i := range v.Members {
			if v.Members[i].Value.Streamed() == value.Diverted {
				r.diverted = &v.Members[i].Value
				return
			}
			find(&v.Members[i].Value, depth+1)
		}
	}
	find(&w, 0)
	if r.diverted != r.sc {
		r.sc = nil
	}
	return r
}

// plain reports a reply protocol shows in the order it shows held ones, the
// held text a StreamedPart and the structured content one part: a tool
// result whose structured content says something and is no wrapper, which
// no text block but the held one may repeat (telling would need all of it).
func (r reply) plain(w value.Value) bool {
	if !r.toolResult(w) {
		return false
	}
	if r.sc == nil {
		return true
	}
	if value.Empty(*r.sc) || protocol.Wraps(*r.sc) {
		return false
	}
	for i, b := range r.content.Items {
		if (i > 0 || r.text == nil) && protocol.MaybeJSON(b.Str("text")) {
			return false
		}
	}
	return true
}

// scan reads the held text as protocol.ParseJSONText does: the number of
// JSON documents it holds (0: not JSON through and through; white space
// other than JSON's at its end counts as none, and the reply is read back
// whole); whether its first document's compact JSON is what whole and
// inner read (nil: not asked); and, in h.textFailed, whether a document's
// skeleton reported a failure.
func (h *heldReply) scan(whole, inner io.Reader) (docs int, sameWhole, sameInner bool, err error) {
	dec := input.NewDecoder(h.text.Reader(), "")
	dec.Telling = recognise.Tells
	var cmps [2]*sameAs
	var ws []io.Writer
	for i, r := range []io.Reader{whole, inner} {
		if r != nil {
			cmps[i] = &sameAs{r: bufio.NewReaderSize(r, 64<<10), same: true}
			ws = append(ws, cmps[i])
		}
	}
	var tw *value.TokenWriter
	bw := bufio.NewWriterSize(io.MultiWriter(ws...), 64<<10)
	if len(ws) > 0 {
		tw = value.NewTokenWriter(bw)
	}
	failed := false
	for {
		skel, err := dec.Copy(func(t value.Token) error {
			if docs == 0 && tw != nil {
				tw.Token(t)
			}
			return nil
		})
		if err == io.EOF {
			break
		}
		var se *spill.Error
		if errors.As(err, &se) {
			return 0, false, false, err
		}
		if err != nil {
			return 0, false, false, nil // not JSON after all: the text it is
		}
		docs++
		for _, p := range protocol.Unwrap(skel, recognise.Failed) {
			failed = failed || p.Failed
		}
	}
	bw.Flush()
	for _, c := range cmps {
		if c != nil && c.err != nil {
			return 0, false, false, c.err
		}
	}
	h.textFailed = failed
	return docs, cmps[0].end(), cmps[1].end(), nil
}

// sameAs is a writer that tells whether what is written is what r reads.
type sameAs struct {
	r    *bufio.Reader
	buf  []byte
	same bool
	err  error // r's, when it is a temporary file's
}

func (s *sameAs) Write(p []byte) (int, error) {
	if !s.same {
		return len(p), nil
	}
	if cap(s.buf) < len(p) {
		s.buf = make([]byte, len(p))
	}
	b := s.buf[:len(p)]
	n, err := io.ReadFull(s.r, b)
	if !bytes.Equal(b[:n], p) {
		s.same = false
	}
	var se *spill.Error
	if errors.As(err, &se) {
		s.err = err
	}
	return len(p), nil
}

// end reports whether what was written was all r reads; false for none.
func (s *sameAs) end() bool {
	if s == nil || !s.same {
		return false
	}
	_, err := s.r.ReadByte()
	return err == io.EOF
}

// toolResult reports a reply w that protocol and khive's transform take
// as a tool result, whose first structuredContent is what was held back.
func (r reply) toolResult(w value.Value) bool {
	return (r.diverted == nil || r.sc != nil) &&
		protocol.IsToolResult(r.tool) && (protocol.IsJSONRPC(w) || protocol.IsToolResult(w))
}
