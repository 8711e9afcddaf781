package recognise

import (
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// An MCP server's answer to initialize: who it is, which protocol it
// speaks, everything it can do, and the instructions it gives its client.
// In MCP an empty object means "supported": {"logging": {}} is a
// capability, not filler, so every capability is shown.

var mcpInitialize = Recogniser{
	Name:  "MCP initialize",
	Keys:  []string{"protocolVersion"},
	Match: func(v Value) bool { return v.Has("protocolVersion") && (v.Has("serverInfo") || v.Has("capabilities")) },
	View: func(b builder, v Value) ([]view.Block, error) {
		info, _ := v.Get("serverInfo")
		if info.Kind != Object && info.Kind != Null {
			return nil, errShape("serverInfo is not an object")
		}
		name := optString(info, "name")
		version := optString(info, "version")
		title := optString(info, "title")
		proto := optString(v, "protocolVersion")
		instructions := optString(v, "instructions")
		t := view.Title{Mark: view.OK, Text: name}
		if version != "" {
			t.Value = &view.Cell{Kind: view.Text, Text: version}
		}
		r := view.Record{Indent: 2}
		if title != "" && title != name {
			r.Fields = append(r.Fields, view.Field{Key: "title", Cell: view.Cell{Kind: view.Text, Text: title}})
		}
		if proto != "" {
			r.Fields = append(r.Fields, view.Field{Key: "protocol", Cell: view.Cell{Kind: view.Text, Text: proto}})
		}
		if caps, ok := v.Get("capabilities"); ok && caps.Kind == Object {
			c := view.Record{}
			for _, m := range caps.Members {
				c.Fields = append(c.Fields, view.Field{Key: m.Key, Cell: capability(m.Value)})
			}
			r.Fields = append(r.Fields, view.Field{Key: "capabilities", Block: c})
		}
		if rest := b.restAlways(info, 0, "name", "version", "title"); rest != nil {
			r.Fields = append(r.Fields, view.Field{Key: "serverInfo", Block: *rest})
		}
		blocks := []view.Block{t, r}
		if instructions != "" {
			blocks = append(blocks, view.Gap{}, Prose(instructions))
		}
		return withRest(blocks, b.restAlways(v, 0, "protocolVersion", "capabilities", "serverInfo", "instructions")), nil
	},
}

// capability is what one capability says: ✓ when it is an empty object
// (supported, nothing more to say), else the names of its options that
// are set, nested ones dotted ("requests.tools.call"); an option that is
// false or has a value of its own says so.
func capability(v Value) view.Cell {
	if v.Kind != Object {
		return view.Cell{Kind: view.Text, Text: value.Compact(v)}
	}
	var opts []string
	var walk func(prefix string, o Value)
	walk = func(prefix string, o Value) {
		for _, m := range o.Members {
			name := prefix + m.Key
			switch {
			case m.Value.IsTrue(), m.Value.Kind == Object && len(m.Value.Members) == 0:
				opts = append(opts, name)
			case m.Value.Kind == Object:
				walk(name+".", m.Value)
			default:
				opts = append(opts, name+"="+value.Compact(m.Value))
			}
		}
	}
	walk("", v)
	if len(opts) == 0 {
		return view.Cell{Kind: view.Bool, Text: "true"}
	}
	items := make([]view.Cell, len(opts))
	for i, o := range opts {
		items[i] = view.Cell{Kind: view.Text, Text: o}
	}
	return view.Cell{Kind: view.List, Sub: &view.Sub{Items: items}}
}
