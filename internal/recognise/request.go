package recognise

import (
	"slices"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// A JSON-RPC request, on a stream that otherwise carries the answers to
// the client's own: one line says what is asked ("? server asks:
// sampling/createMessage  #1"), then what it carries, summed up by the
// recogniser of its method (Recogniser.Methods), else as key/value lines.

// serverAsks are the methods only a server sends its client: what its
// user or model must answer.
func serverAsks(method string) bool {
	switch method {
	case "sampling/createMessage", "elicitation/create", "roots/list":
		return true
	}
	return false
}

// request is the view of a request: the line that names it, then its
// params.
func (b builder) request(r protocol.Request, d *view.Doc) []view.Block {
	h := view.Heading{Mark: view.Asks, Tone: view.Accent, Text: "request: " + r.Method, Aside: "#" + idText(r.ID)}
	if serverAsks(r.Method) {
		h.Text = "server asks: " + r.Method
	}
	blocks := []view.Block{h}
	if s := forMethod(r.Method); s != nil && r.Params.Kind == Object {
		if body, ok := b.special(s, r.Params, d); ok {
			return append(blocks, body...)
		}
	}
	params := r.Params
	if params.Kind != Object {
		params = Value{Kind: Object, Members: []Member{{Key: "params", Value: params}}}
	}
	return withRest(blocks, b.leftover(params, 2))
}

// idText is a JSON-RPC id as a line shows it.
func idText(id Value) string {
	if id.Scalar() {
		return id.Text
	}
	return value.Compact(id)
}

// requestsOnly is the Match of a shape for requests alone: no document
// is one.
func requestsOnly(Value) bool { return false }

// forMethod is the recogniser of a request's method, if there is one.
func forMethod(method string) *Recogniser {
	for _, s := range recognisers {
		if slices.Contains(s.Methods, method) {
			return s
		}
	}
	return nil
}
