package pipeline

import (
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

func newAgent(rn *Renderer) output { return &agentOutput{rn: rn} }

func (a *agentOutput) hooks(dec *input.Decoder) {
	dec.Stream = func(path []input.Frame, first []value.Value) bool {
		// A document that is a list streams whatever its items: each is
		// transformed alone (a million numbers, say). One list a document:
		// a second is held, as the writer around the first is still open.
		// Whether khive's transform can be cut where the list stands is
		// open's to ask (khive.AgentStreams), as every output asks of a
		// document returned open.
		return len(path) == 0 || recognise.Streams(path, first)
	}
	dec.StreamObject = streamsObject
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
	failed(v, res)
	jsonout.Write(a.rn.w, khive.Agent(v, a.rn.opt.Now), false, jsonout.Theme{})
	return a.rn.flush()
}

// openLevels is the objects around the open list of a document returned
// open, each with its members before the list (or the next level) and the
// key it stands under, and the list. Agent output streams only lists
// inside objects (khive.AgentStreams).
func openLevels(v value.Value) ([]khive.Level, value.Value) {
	var ls []khive.Level
	for (v.Open == nil || v.Open.Rest == nil) && v.Kind == value.Object && len(v.Members) > 0 {
		last := v.Members[len(v.Members)-1]
		ls = append(ls, khive.Level{Obj: value.Value{Kind: value.Object, Members: v.Members[:len(v.Members)-1]}, Key: last.Key})
		v = last.Value
	}
	return ls, v
}

// open writes a document open at a long list: the document up to the
// list, then each row as it is read, then what follows the list. A
// document khive's transform cannot cut there (an op whose tool comes
// after its result, a batch's ops) is held (value.Force) and written
// whole.
func (a *agentOutput) open(v value.Value, res *Result) error {
	rn := a.rn
	if l, _ := value.OpenList(v); l.Open != nil && l.Open.More != nil {
		return a.openObject(v, value.TakeMembers(l), res)
	}
	lv, list := openLevels(v)
	if !khive.AgentStreams(lv, list.Items) {
		w, err := value.Force(v)
		if err != nil {
			return err
		}
		return a.document(w, res)
	}
	a.al = jsonout.NewList(rn.w, khive.NewAgentList(rn.opt.Now, lv), list.Items)
	rn.agentLists++
	rest := value.Lend(value.Take(list)) // each row written, and nothing of it kept
	for {
		row, ok, err := rest.Next()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		a.al.Row(row)
		if err := rn.writeErr(); err != nil {
			return err
		}
	}
	w, err := value.Whole(v)
	if err != nil {
		return err
	}
	failed(w, res)
	a.al.Finish(w)
	a.al = nil
	return rn.flush()
}

// openObject writes a document that is an object too large to hold (a
// map of a million keys) once it has been read, as the held one: what a
// member shows can depend on members after it (khive.AgentObject). Its
// members are kept in temporary files as they are read (spill), and only
// what decides how each is shown in memory; then they are read back and
// written, each key once with its last value for a bare result. Without
// a temporary file the object is held, as it was before.
func (a *agentOutput) openObject(v value.Value, more value.MemberCursor, res *Result) error {
	rn := a.rn
	sp, err := spill.New()
	if err != nil {
		held := value.Value{Kind: value.Object}
		err := readMembers(v, more, func(m value.Member) error { held.Members = append(held.Members, m); return nil })
		if err != nil {
			return err
		}
		return a.document(held, res)
	}
	defer sp.Close()
	ao := khive.NewAgentObject(rn.opt.Now)
	err = readMembers(v, more, func(m value.Member) error {
		ao.Read(m)
		return sp.Add(m)
	})
	if err != nil {
		return err
	}
	if ao.Again() {
		if err := sp.Each(func(m value.Member) error { ao.ReadAgain(m); return nil }); err != nil {
			return err
		}
	}
	failed(ao.Told(), res)
	each := sp.Each
	if ao.Bare() {
		each = sp.EachLast
	}
	obj := jsonout.NewMembers(rn.w)
	err = each(func(m value.Member) error {
		if m, ok := ao.Show(m); ok {
			obj.Member(m)
		}
		return rn.writeErr()
	})
	if err != nil {
		return err
	}
	obj.Finish()
	rn.bigObjects++
	return rn.flush()
}

// readMembers gives f every member of an open object, v, its first ones
// and then those more reads, and reads its document to its end.
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
