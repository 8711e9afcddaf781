package pipeline

import (
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/khive"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/jsonout"
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
	rest := value.Take(list)
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
