package pipeline

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"slices"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/khive"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/jsonout"
	"github.com/khive-ai/khive-pretty/internal/spill"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// agentOutput is -o agent: khive's agent-mode transform as compact JSON,
// a document a line; a long list is transformed and written row by row.
type agentOutput struct {
	rn *Renderer
	// al is the document being written around a long list.
	al *jsonout.List
}

func newAgent(rn *Renderer) output {
	a := &agentOutput{rn: rn}
	rn.holdText = a.heldText
	return a
}

func (a *agentOutput) hooks(dec *input.Decoder) {
	dec.Stream = func(path []input.Frame, first []value.Value) bool {
		// A document that is a list streams whatever its items: each is
		// transformed alone (a million numbers, say). One list a document:
		// a second is held, as the writer around the first is still open.
		// Whether khive's transform can be cut there is open's to ask.
		return len(path) == 0 || recognise.Streams(path, first)
	}
	dec.StreamObject = recognise.StreamsObject
	// An MCP reply's long text block comes open at it: its text and its
	// structuredContent are held back until the reply ends (heldText).
	dec.Text = textBlock
	dec.Divert = a.rn.diverter(dec)
	if a.rn.opt.ReadAhead {
		dec.ListAhead = a.rn.listAhead(dec)
	}
}

func (a *agentOutput) read(dec *input.Decoder, res *Result) error { return a.rn.readEach(dec, res) }

// part: an HTTP head or a note is no JSON.
func (*agentOutput) part(protocol.Part) error { return nil }

// broken ends the line of a document cut short around its list.
func (a *agentOutput) broken() {
	if a.al != nil {
		a.rn.w.WriteByte('\n')
		a.al = nil
	}
}

// document writes a document read whole.
func (a *agentOutput) document(v value.Value, res *Result) error {
	if h := a.rn.takeSC(); h != nil {
		// Its long structuredContent held back (heldreply.go).
		defer h.close()
		if err := a.showHeld(v, h, res); err != nil {
			return err
		}
	} else {
		a.whole(v, res)
		a.rn.w.WriteByte('\n')
	}
	return a.rn.flush()
}

// whole writes v, read whole, as khive's transform of it (no line break).
func (a *agentOutput) whole(v value.Value, res *Result) error {
	failed(v, res)
	jsonout.WriteInto(a.rn.w, khive.Agent(v, a.rn.opt.Now), false, jsonout.Theme{}, nil)
	return a.rn.writeErr()
}

// openLevels is the containers around the open list of a document, each
// with what it holds before the list (or the next level); and the list.
func openLevels(v value.Value) ([]khive.Level, value.Value) {
	var ls []khive.Level
	for v.IsOpen() && v.Open.Rest == nil {
		switch {
		case v.Kind == value.Object && len(v.Members) > 0:
			last := v.Members[len(v.Members)-1]
			ls = append(ls, khive.Level{Obj: value.Value{Kind: value.Object, Members: v.Members[:len(v.Members)-1]}, Key: last.Key})
			v = last.Value
		case v.Kind == value.Array && len(v.Items) > 0:
			ls = append(ls, khive.Level{Obj: value.Value{Kind: value.Array, Items: v.Items[:len(v.Items)-1]}})
			v = v.Items[len(v.Items)-1]
		default:
			return ls, v
		}
	}
	return ls, v
}

// open writes a document returned open at a long list, or at an MCP
// reply's long text block (heldText).
func (a *agentOutput) open(v value.Value, res *Result) error {
	if l, _ := value.OpenList(v); l.Open != nil && l.Open.Text != nil {
		if err := a.rn.openText(v, l.Open.Text, res); err != nil {
			return err
		}
		return a.rn.flush()
	}
	if err := a.write(v, res, value.Value{}); err != nil {
		return err
	}
	a.rn.w.WriteByte('\n')
	return a.rn.flush()
}

// write writes a document returned open at a long list (no line break):
// the document up to the list, then each row as it is read, then what
// follows the list. One khive's transform cannot cut there (an op whose
// tool comes after its result) is held and written whole; known, when
// set, is the document's skeleton, which tells (khive.AgentStreams).
func (a *agentOutput) write(v value.Value, res *Result, known value.Value) error {
	rn := a.rn
	if l, _ := value.OpenList(v); l.Open != nil && l.Open.More != nil {
		return a.openObject(v, value.TakeMembers(l), res)
	}
	lv, list := openLevels(v)
	if !khive.AgentStreams(lv, list.Items, known) {
		w, err := value.Force(v)
		if err != nil {
			return err
		}
		return a.whole(w, res)
	}
	a.al = jsonout.NewList(rn.w, khive.NewAgentList(rn.opt.Now, lv, known), list.Items)
	rn.agentLists++
	rest := value.Take(list)
	if tc, ok := rest.(value.TokenCursor); ok && rn.opt.ReadAhead && !value.AllScalars(list.Items) {
		// Each record packed, read on another goroutine where the decoder
		// reads the list ahead (ListAhead): decoding, a third of agent
		// output's time on a long list, is done beside the transform and
		// the writing. A row handed over is one string, not a tree of
		// values, so what is in flight stays as small as its input.
		rest = tc.Ahead(value.Records(tc))
	} else {
		rest = value.Lend(rest) // each row written, and nothing of it kept
	}
	// Written: let go while the rest stream (a window of wide rows is
	// megabytes). The whole document counts them; it holds none.
	clear(list.Items)
	err := a.rows(rest)
	rn.stopList() // done with the list: the decoder is this goroutine's again
	if err != nil {
		return err
	}
	w, err := value.Whole(v)
	if err != nil {
		return err
	}
	failed(w, res)
	a.al.Finish(w)
	a.al = nil
	return rn.writeErr()
}

// rows writes the rows of a long list as they are read.
func (a *agentOutput) rows(rest value.Cursor) error {
	var members []value.Member // a packed row's, used again for the next
	for {
		row, ok, err := rest.Next()
		if err != nil || !ok {
			return err
		}
		if value.IsPacked(row) {
			row = value.UnpackedInto(members[:0], row.Text)
			members = row.Members
		}
		a.al.Row(row)
		if err := a.rn.writeErr(); err != nil {
			return err
		}
	}
}

// heldText writes an MCP reply returned open at its text block, its text
// and structuredContent held back until it ends (showHeld).
func (a *agentOutput) heldText(v value.Value, text value.TextReader, res *Result) error {
	h, w, err := a.rn.holdBack(v, text)
	defer h.close()
	if err != nil {
		return err
	}
	return a.showHeld(w, h, res)
}

// showHeld writes w, an MCP reply read whole whose text (when held) and
// structuredContent were held back (heldreply.go): khive's transform of
// the whole reply, the text and the structured content (a document of its
// own, its long list row by row) written as they are read back. Whether
// the text's documents report a failure is judged on their skeletons,
// read back first. A reply that is not a tool result after all is read
// back whole and written as a held one.
func (a *agentOutput) showHeld(w value.Value, h *heldReply, res *Result) error {
	rn := a.rn
	r := replyParts(w)
	if h.text != nil && r.text == nil || !r.toolResult(w) {
		if err := h.readBack(r); err != nil {
			return err
		}
		return a.document(w, res)
	}
	rn.heldReplies++
	failed(w, res) // the structured content's skeleton, isError
	if !res.Failed && h.text != nil {
		if _, _, _, err := h.scan(nil, nil); err != nil {
			return err
		}
		res.Failed = h.textFailed
	}
	var known value.Value
	if r.sc != nil {
		// Its skeleton knows what comes after its list (a request's
		// summary, an op's tool): khive.AgentStreams.
		known = *r.sc
		*r.sc = value.Value{Kind: value.Null, Open: h.mark}
	}
	var werr error
	jsonout.WriteInto(rn.w, khive.Agent(w, rn.opt.Now), false, jsonout.Theme{}, func(x value.Value) bool {
		switch {
		case werr != nil:
		case x.Kind == value.String && x.Streamed() > 0:
			t := jsonout.NewText(rn.w)
			werr = input.Pieces(h.text.Reader(), func(p value.Token) error {
				t.Piece(p.Text)
				return rn.writeErr()
			})
			t.End()
		case x.Open == h.mark:
			werr = h.writeSC(func(_ *input.Decoder, sv value.Value) error {
				if sv.IsOpen() {
					return a.write(sv, res, known)
				}
				return a.whole(sv, res)
			})
		default:
			return false
		}
		return true
	})
	if werr != nil {
		return werr
	}
	rn.w.WriteByte('\n')
	return rn.writeErr()
}

// openObject writes a document that is an object too large to hold (a
// map of a million keys) once it has been read, as the held one: what a
// member shows can depend on members after it (khive.AgentObject). Its
// members are kept in temporary files as they are read (spill), each as
// its JSON and, where a bare result shows it otherwise, as shown too;
// then they are written back as kept, each key once with its last value
// for a bare result, only a member whose key decides decoded again.
// Without a temporary file the object is held.
func (a *agentOutput) openObject(v value.Value, more value.MemberCursor, res *Result) error {
	rn := a.rn
	sp, err := spill.NewMembers(rn.opt.TempDir)
	if err != nil {
		held := value.Value{Kind: value.Object}
		err := readMembers(v, more, func(m value.Member) error { held.Members = append(held.Members, m); return nil })
		if err != nil {
			return err
		}
		return a.whole(held, res)
	}
	defer sp.Close()
	ao := khive.NewAgentObject(rn.opt.Now)
	var kept keptMembers
	err = readMembers(v, more, func(m value.Member) error {
		ao.Read(m)
		return sp.Add(m.Key, kept.record(ao, m))
	})
	if err != nil {
		return err
	}
	if ao.Again() {
		err := sp.Each(func(key, rec []byte) error {
			if !ao.Wants(string(key)) {
				return nil
			}
			m, err := keptMember(rec)
			ao.ReadAgain(m)
			return err
		})
		if err != nil {
			return err
		}
	}
	failed(ao.Told(), res)
	bare := ao.Bare()
	each := sp.Each
	if bare {
		each = sp.EachLast
	}
	obj := jsonout.NewMembers(rn.w)
	err = each(func(_, rec []byte) error {
		switch kind, came, shown := keptParts(rec); {
		case kind == keptDecides:
			m, err := keptMember(rec)
			if err != nil {
				return err
			}
			if m, ok := ao.Show(m); ok {
				obj.Member(m)
			}
		case !bare || kind == keptSame:
			obj.Raw(came)
		case kind == keptOwn:
			obj.Raw(shown)
		}
		return rn.writeErr()
	})
	if err != nil {
		return err
	}
	obj.Finish()
	rn.bigObjects++
	return rn.writeErr()
}

// A member of a large object is kept (spill.Members' record) as its kind
// and its JSON as it came, `"key":value` as jsonout.Member writes it; for
// keptOwn, the length of that JSON (a uvarint) comes before it, and the
// JSON a bare result shows after it.
const (
	keptDecides = 'd' // shown as the whole object decides: decoded again, for Show
	keptSame    = 's' // a bare result shows it as it came
	keptDropped = 'x' // a bare result drops it
	keptOwn     = 'o' // a bare result shows it otherwise
)

// keptMembers makes the records members are kept as.
type keptMembers struct {
	rec []byte
	w   *bufio.Writer // onto rec
}

func (k *keptMembers) Write(p []byte) (int, error) {
	k.rec = append(k.rec, p...)
	return len(p), nil
}

// record is m kept, valid until the next.
func (k *keptMembers) record(ao *khive.AgentObject, m value.Member) []byte {
	kind, p := byte(keptDecides), value.Member{}
	if !khive.Decides(m.Key) {
		var ok bool
		switch p, ok = ao.Plain(m); {
		case !ok:
			kind = keptDropped
		case p.Value.Kind < value.Object && p.Value.Kind == m.Value.Kind && p.Value.Text == m.Value.Text:
			kind = keptSame // a scalar as it came: not written again to tell
		default:
			kind = keptOwn
		}
	}
	k.rec = append(k.rec[:0], kind)
	k.json(m)
	if kind == keptOwn {
		n := len(k.rec)
		if k.json(p); bytes.Equal(k.rec[1:n], k.rec[n:]) {
			k.rec[0], k.rec = keptSame, k.rec[:n]
		} else {
			k.rec = slices.Insert(k.rec, 1, binary.AppendUvarint(nil, uint64(n-1))...)
		}
	}
	return k.rec
}

// json appends m, as jsonout.Member writes it, to the record.
func (k *keptMembers) json(m value.Member) {
	if r, ok := jsonout.AppendMember(k.rec, m); ok {
		k.rec = r
		return
	}
	if k.w == nil {
		k.w = bufio.NewWriter(k)
	}
	jsonout.Member(k.w, m)
	k.w.Flush()
}

// keptParts is a kept member's kind, its JSON as it came, and for keptOwn
// the JSON a bare result shows.
func keptParts(rec []byte) (kind byte, came, shown []byte) {
	if rec[0] != keptOwn {
		return rec[0], rec[1:], nil
	}
	n, k := binary.Uvarint(rec[1:])
	return keptOwn, rec[1+k : 1+k+int(n)], rec[1+k+int(n):]
}

var errKept = errors.New("pipeline: a member kept in a temporary file does not read back as written")

// keptMember is a kept member decoded again.
func keptMember(rec []byte) (value.Member, error) {
	_, came, _ := keptParts(rec)
	v, err := input.NewDecoder(bytes.NewReader(slices.Concat([]byte{'{'}, came, []byte{'}'})), "").Next()
	if err != nil || len(v.Members) != 1 {
		return value.Member{}, errKept
	}
	return v.Members[0], nil
}

// readMembers gives f every member of an open object, v, and reads its
// document to its end.
func readMembers(v value.Value, more value.MemberCursor, f func(value.Member) error) error {
	for _, m := range v.Members {
		if err := f(m); err != nil {
			return err
		}
	}
	for {
		m, ok, err := more.Next()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if err := f(m); err != nil {
			return err
		}
	}
	_, err := value.Whole(v)
	return err
}
