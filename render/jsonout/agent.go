package jsonout

import (
	"github.com/khive-ai/khive-pretty/format"
	"github.com/khive-ai/khive-pretty/recognise"
	"github.com/khive-ai/khive-pretty/relative"
)

// Agent applies khive's agent-mode rules to a document, for compact JSON
// that costs an agent fewer tokens (-o agent):
//
//   - IDs (whole-value UUIDs) shortened to their first 8 characters, which
//     khive accepts as an ID prefix, except under parent_id, session_id,
//     project_id, thread_id, context_entity_id, outbound_ref and full_id;
//   - empties (null, "", [], {}) dropped, except lifecycle nulls and empty
//     strings under properties;
//   - scores to 3 significant figures;
//   - timestamps compacted to whole seconds (2026-05-23T16:18:15Z);
//   - a list envelope's rows key (items, entities …) and its limit and
//     cursor fields always kept;
//   - error envelopes, and the failed ops of a batch, untouched.
func Agent(v Value) Value {
	switch recognise.Classify(v) {
	case recognise.ShapeError:
		return v
	case recognise.ShapeBatch:
		out := Value{Kind: Object}
		for _, m := range v.Members {
			if m.Key == "results" {
				res := Value{Kind: Array}
				for _, r := range m.Value.Items {
					if recognise.IsErrorEnvelope(r) {
						res.Items = append(res.Items, r)
					} else {
						res.Items = append(res.Items, agentValue("", r, false))
					}
				}
				m.Value = res
			} else {
				m.Value = agentValue(m.Key, m.Value, false)
			}
			out.Members = append(out.Members, m)
		}
		return out
	}
	return agentValue("", v, false)
}

// agentKeepsFull are the ID keys whose UUIDs stay whole in agent mode.
func agentKeepsFull(key string) bool {
	switch key {
	case "parent_id", "session_id", "project_id", "thread_id", "context_entity_id", "outbound_ref", "full_id":
		return true
	}
	return false
}

func agentValue(key string, v Value, inProps bool) Value {
	switch v.Kind {
	case String:
		if recognise.IsUUID(v.Text) && !agentKeepsFull(key) {
			return Value{Kind: String, Text: v.Text[:8]}
		}
		if t, ok := relative.Parse(v.Text); ok {
			return Value{Kind: String, Text: t.Format("2006-01-02T15:04:05Z07:00")}
		}
	case Number:
		if recognise.IsScoreKey(key) {
			return Value{Kind: Number, Text: format.Sig3(v.Text)}
		}
	case Array:
		out := Value{Kind: Array}
		for _, it := range v.Items {
			out.Items = append(out.Items, agentValue(key, it, inProps))
		}
		return out
	case Object:
		_, _, isList := recognise.ListRows(v)
		inner := inProps || key == "properties"
		out := Value{Kind: Object}
		for _, m := range v.Members {
			keep := isList && (recognise.IsListKey(m.Key) || recognise.IsListMetaKey(m.Key))
			val := agentValue(m.Key, m.Value, inner)
			// The child is transformed already (its own empties are gone),
			// so one look at it is enough: no walk of the subtree per level.
			if !keep && emptyAfterAgent(m.Key, val, inner) {
				continue
			}
			out.Members = append(out.Members, Member{Key: m.Key, Value: val})
		}
		return out
	}
	return v
}

// emptyAfterAgent is isFiller for a value agentValue has made: its empty
// members were dropped, so an object or array is empty when it has none.
func emptyAfterAgent(key string, v Value, inProps bool) bool {
	switch v.Kind {
	case Object:
		return len(v.Members) == 0
	case Array:
		return len(v.Items) == 0
	}
	return recognise.IsFiller(key, v, inProps)
}
