package pretty

import "strings"

// The canonical-JSON field conventions of khive-format.md, in one place.

// isIDKey: a UUID under one of these keys is an identifier. Elsewhere a
// string that is exactly a UUID is one too; a UUID inside text is text.
func isIDKey(k string) bool {
	return k == "id" || k == "uuid" || strings.HasSuffix(k, "_id") || strings.HasSuffix(k, "_uuid") ||
		k == "superseded_by" || k == "replaced_by"
}

// isUUID reports the canonical 8-4-4-4-12 hex form.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// isLifecycle: a null under these keys means "not yet" (completed_at: null
// is "not done") and is shown, not dropped.
func isLifecycle(k string) bool {
	switch k {
	case "completed_at", "deleted_at", "due_at", "read_at", "started_at", "superseded_at",
		"applied_at", "withdrawn_at", "reviewed_at", "parent_id", "superseded_by", "replaced_by":
		return true
	}
	return false
}

// isScoreKey: floats whose useful precision is about 3 significant figures.
func isScoreKey(k string) bool {
	switch k {
	case "score", "rank_score", "raw_score", "similarity", "similarity_score", "vector_similarity",
		"keyword_score", "salience", "decay_factor", "rrf_score", "cross_encoder_score",
		"graph_proximity_score", "confidence":
		return true
	}
	return false
}

// isStatusKey: keys whose values are task statuses or health words.
func isStatusKey(k string) bool {
	switch k {
	case "status", "state", "from", "to", "from_status", "to_status", "old_status", "new_status", "previous_status":
		return true
	}
	return false
}

// listKeys are the row arrays a list envelope may carry.
var listKeys = [...]string{"items", "entities", "notes", "edges", "results", "entries", "neighbors"}

func isListKey(k string) bool {
	for _, l := range listKeys {
		if k == l {
			return true
		}
	}
	return false
}

// listMetaKeys mark an object as a list envelope.
func isListMetaKey(k string) bool {
	switch k {
	case "requested_limit", "effective_limit", "limit_clamped", "next_after", "has_more":
		return true
	}
	return false
}

// isFiller reports values that say nothing: null, "", [] and {}, and objects
// holding only those. Lifecycle nulls and empty strings under `properties`
// (written by a user) are data.
func isFiller(key string, v Value, inProps bool) bool {
	switch v.Kind {
	case Null:
		return !isLifecycle(key)
	case String:
		return v.Text == "" && !inProps
	case Array:
		return len(v.Items) == 0
	case Object:
		inner := inProps || key == "properties"
		for _, m := range v.Members {
			if !isFiller(m.Key, m.Value, inner) {
				return false
			}
		}
		return true
	}
	return false
}

// noun names what a list's rows are, singular: from a `kind` shared by every
// row ("task"), from the shape of the rows, or from the array's key.
func noun(rows []Value, arrayKey string) string {
	if k := uniformKind(rows); k != "" {
		return k
	}
	if len(rows) > 0 && rows[0].Kind == Object {
		switch {
		case rows[0].Has("outcome") && rows[0].Has("verb"):
			return "event"
		case rows[0].Has("note_id"):
			return "note"
		}
	}
	switch arrayKey {
	case "items", "":
		return "item"
	case "entities":
		return "entity"
	case "entries":
		return "entry"
	}
	return strings.TrimSuffix(arrayKey, "s")
}

// uniformKind returns the `kind` every row shares when it is a plain word.
func uniformKind(rows []Value) string {
	kind := ""
	for i, r := range rows {
		k := r.str("kind")
		if k == "" || (i > 0 && k != kind) {
			return ""
		}
		kind = k
	}
	for _, c := range kind {
		if !(c >= 'a' && c <= 'z' || c == '_') {
			return ""
		}
	}
	return kind
}

// count writes "1 task", "3 tasks", "2 entities".
func count(n int, singular string) string {
	s := singular
	if n != 1 {
		switch {
		case strings.HasSuffix(s, "y") && !strings.HasSuffix(s, "ey"):
			s = s[:len(s)-1] + "ies"
		case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
			s += "es"
		default:
			s += "s"
		}
	}
	return itoa(n) + " " + s
}
