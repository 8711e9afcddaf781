package recognise

import (
	"strings"
	"time"

	"github.com/khive-ai/khive-pretty/internal/view"
)

// What an MCP server asks its client, under the line that names the
// request (request.go): sampling/createMessage as the conversation the
// model is to continue and the limits it is given; elicitation/create as
// the message to the user and the form's fields, or the URL to open.

var samplingRequest = Recogniser{
	Name:    "sampling request",
	Methods: []string{"sampling/createMessage"},
	Match:   requestsOnly,
	View: func(b builder, p Value) ([]view.Block, error) {
		msgs := b.messages(p, 2)
		if system := optString(p, "systemPrompt"); system != "" {
			msgs.Messages = append([]view.Message{{Role: "system", Text: system}}, msgs.Messages...)
		}
		blocks := []view.Block{msgs}
		if f := samplingLimits(p); len(f.Parts) > 0 {
			blocks = append(blocks, f)
		}
		return withRest(blocks, b.rest(p, 2, "messages", "systemPrompt", "maxTokens", "temperature")), nil
	},
}

// samplingLimits is one line of what the model is given besides the
// messages: "max 50 tokens · temperature 0.7 · model claude · …".
func samplingLimits(p Value) view.Footer {
	f := view.Footer{Kind: view.Meta, Indent: 2}
	add := func(text string) { f.Parts = append(f.Parts, view.Part{Text: text}) }
	if n, ok := p.Get("maxTokens"); ok && n.Kind == Number {
		add("max " + n.Text + " tokens")
	}
	if t, ok := p.Get("temperature"); ok && t.Kind == Number {
		add("temperature " + t.Text)
	}
	prefs, _ := p.Get("modelPreferences")
	hints, _ := prefs.Get("hints")
	var models []string
	for _, h := range hints.Items {
		if name := h.Str("name"); name != "" {
			models = append(models, name)
		}
	}
	if len(models) > 0 {
		add("model " + strings.Join(models, ", "))
	}
	for _, pr := range []struct{ key, label string }{
		{"costPriority", "cost"}, {"speedPriority", "speed"}, {"intelligencePriority", "intelligence"},
	} {
		if v, ok := prefs.Get(pr.key); ok && v.Kind == Number {
			add(pr.label + " " + v.Text)
		}
	}
	if c := p.Str("includeContext"); c != "" && c != "none" {
		add("context " + c)
	}
	if stops, ok := p.Get("stopSequences"); ok && stops.Kind == Array && len(stops.Items) > 0 {
		lits := schemaLiterals(stops)
		texts := make([]string, len(lits))
		for i, l := range lits {
			texts[i] = l.Text
		}
		add("stop at " + strings.Join(texts, ", "))
	}
	if tools, ok := p.Get("tools"); ok && tools.Kind == Array && len(tools.Items) > 0 {
		var names []string
		for _, t := range tools.Items {
			names = append(names, t.Str("name"))
		}
		add("tools " + strings.Join(names, ", "))
	}
	f.Parts = append(f.Parts, taskParts(p)...)
	return f
}

// taskParts say that the client is to run the request as a task, and for
// how long it keeps the result: "as a task · ttl 5m".
func taskParts(p Value) []view.Part {
	task, ok := p.Get("task")
	if !ok || task.Kind != Object {
		return nil
	}
	parts := []view.Part{{Text: "as a task"}}
	if ttl, ok := task.Get("ttl"); ok && ttl.Kind == Number {
		parts = append(parts, view.Part{Text: "ttl ", Cell: &view.Cell{Kind: view.Duration, Text: ttl.Text, Unit: time.Millisecond}})
	}
	return parts
}

var elicitationRequest = Recogniser{
	Name:    "elicitation request",
	Methods: []string{"elicitation/create"},
	Match:   requestsOnly,
	View: func(b builder, p Value) ([]view.Block, error) {
		msg := optString(p, "message")
		mode := optString(p, "mode")
		form := view.Definition{Description: msg, Indent: 2}
		blocks := []view.Block{}
		shown := []string{"message"}
		if mode == "url" {
			// The URL to open and the id that its completion names, in
			// full: a shortened URL cannot be opened.
			blocks = append(blocks, form)
			link := Value{Kind: Object}
			for _, m := range p.Members {
				if m.Key == "url" || m.Key == "elicitationId" {
					link.Members = append(link.Members, m)
				}
			}
			if len(link.Members) > 0 {
				blocks = append(blocks, b.recordOf(link, 2, true, false))
			}
			shown = append(shown, "mode", "url", "elicitationId")
		} else {
			s, _ := p.Get("requestedSchema")
			form.Params = must(schema{root: s}.params(s, false))
			blocks = append(blocks, form)
		}
		if task := taskParts(p); len(task) > 0 {
			blocks = append(blocks, view.Footer{Kind: view.Meta, Parts: task, Indent: 2})
		}
		return withRest(blocks, b.rest(p, 2, shown...)), nil
	},
}
