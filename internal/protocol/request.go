package protocol

import "github.com/khive-ai/khive-pretty/internal/value"

// Request is a JSON-RPC request: a message with a method and an id, which
// the other side must answer. On an MCP stream they are the server's own
// requests to its client (sampling/createMessage, elicitation/create,
// roots/list, tasks/get), between the notifications and the reply.
type Request struct {
	Method string
	ID     value.Value
	Params value.Value // Null when it has none
}

// request reads a message as a request: a method that is text, an id that
// is not null.
func request(v value.Value) (Request, bool) {
	m, ok := v.Get("method")
	id, hasID := v.Get("id")
	if !ok || m.Kind != value.String || !hasID || id.Kind == value.Null {
		return Request{}, false
	}
	params, _ := v.Get("params")
	return Request{Method: m.Text, ID: id, Params: params}, true
}
