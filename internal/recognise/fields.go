package recognise

import (
	"strconv"
	"strings"
	"time"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// The field conventions of khive and MCP servers, in one place. Keys are
// compared in snake_case, so camelCase keys (entityType, taskId, mimeType,
// createdAt) mean what their snake_case twins mean.

// Snake is key in snake_case: entityType → entity_type, taskId → task_id,
// HTTPStatus → http_status. Keys without capitals come back as they are.
func Snake(key string) string {
	upper := false
	for i := 0; i < len(key); i++ {
		switch c := key[i]; {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '_':
		default:
			return key // not an identifier: words are not split
		}
	}
	if !upper {
		return key
	}
	var b strings.Builder
	b.Grow(len(key) + 4)
	isUp := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	isLow := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	for i := 0; i < len(key); i++ {
		c := key[i]
		if isUp(c) {
			// A word starts at a capital after a lower-case letter or digit,
			// or at the last capital of a run followed by lower case.
			if i > 0 && (isLow(key[i-1]) || isUp(key[i-1]) && i+1 < len(key) && isLow(key[i+1])) && key[i-1] != '_' {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// durationWords returns the unit a numeric duration field is written in,
// when its name (in snake case) states it (duration_us, latency_ms,
// duration_seconds); an MCP task's ttl and pollInterval are the task
// shape's (taskMillis). It and the other ...Words functions take a key
// in snake case: meaningOf tells a key's words once.
func durationWords(key string) (time.Duration, bool) {
	switch {
	case strings.HasSuffix(key, "_us"):
		return time.Microsecond, true
	case strings.HasSuffix(key, "_ms"):
		return time.Millisecond, true
	case strings.HasSuffix(key, "_seconds"), strings.HasSuffix(key, "_secs"), strings.HasSuffix(key, "_s"):
		return time.Second, true
	case strings.HasSuffix(key, "_ns"):
		return time.Nanosecond, true
	}
	return 0, false
}

// BoolTone is what a boolean means under its key: success when true and
// failure when false for the keys that report success (ok, passed …); a
// failure or a warning when true for those that report one (error,
// aborted …; partial, truncated …), nothing when false; nothing at all
// for a harmless flag (is_terminal: false is no failure).
func BoolTone(key string, b bool) view.Tone {
	switch Snake(key) {
	case "ok", "success", "succeeded", "successful", "passed", "valid", "healthy", "available", "reachable",
		"connected", "alive", "ready", "committed", "persisted", "audit_persisted", "transitioned", "accepted":
		if b {
			return view.Good
		}
		return view.Bad
	case "error", "is_error", "failed", "failure", "aborted", "broken", "corrupt", "timed_out":
		if b {
			return view.Bad
		}
	case "partial", "truncated", "stalled", "scan_incomplete", "limit_clamped", "degraded":
		if b {
			return view.Warn
		}
	}
	return view.Neutral
}

// levelWords reports the key of a log record's level: its words are the
// log vocabularies' (glyphs.Levels).
func levelWords(k string) bool {
	switch k {
	case "level", "severity", "levelname", "lvl", "log_level", "loglevel", "severity_text":
		return true
	}
	return false
}

// IsLogRecord reports a line of a log: a message (msg, message), a time
// and a level the log vocabularies know (glyphs.Levels, or pino's
// number). Its error field (zap's, logrus's "error": "timeout") says what
// the line is about: no answer that failed.
func IsLogRecord(v Value) bool {
	if v.Kind != Object || !v.Has("msg") && !v.Has("message") {
		return false
	}
	if IsLoggerRecord(v) {
		return true
	}
	level, when := false, false
	for _, m := range v.Members {
		switch {
		case levelWords(Snake(m.Key)) && m.Value.Kind == String:
			_, level = glyphs.Find(m.Value.Text, glyphs.Levels...)
		case timeWords(Snake(m.Key)) || m.Key == "ts" || m.Key == "@timestamp":
			when = true
		}
	}
	return level && when
}

// IsLoggerRecord reports a record of pino or bunyan: a numeric level of
// theirs beside its msg and a numeric time, a pid or a hostname, as their
// loggers write every line.
func IsLoggerRecord(v Value) bool {
	l, ok := v.Get("level")
	if !ok || l.Kind != Number || !v.Has("msg") {
		return false
	}
	if _, ok := glyphs.LoggerLevel.Lookup(l.Text); !ok {
		return false
	}
	t, _ := v.Get("time")
	return t.Kind == Number || v.Has("pid") || v.Has("hostname")
}

// sizeWords: numbers that are sizes in bytes by their key (bytes,
// size_bytes); a bare "size" states no unit (GitHub's is kilobytes), and is
// bytes only where a shape knows it (an MCP resource's: mcpSizeKey).
func sizeWords(k string) bool {
	return k == "bytes" || strings.HasSuffix(k, "_bytes") || strings.HasSuffix(k, "_size_bytes")
}

// IsIDKey: a UUID under one of these keys is an identifier. Elsewhere a
// string that is exactly a UUID is one too; a UUID inside text is text.
func IsIDKey(k string) bool { return idWords(Snake(k)) }

func idWords(k string) bool {
	return k == "id" || k == "uuid" || strings.HasSuffix(k, "_id") || strings.HasSuffix(k, "_uuid") ||
		k == "superseded_by" || k == "replaced_by"
}

// IsUUID reports the canonical 8-4-4-4-12 hex form.
func IsUUID(s string) bool {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return false
	}
	for i := 0; i < 36; i++ {
		// a digit, or a letter a to f of either case (0x20 makes it small)
		if c := s[i]; c-'0' >= 10 && (c|0x20)-'a' >= 6 && i != 8 && i != 13 && i != 18 && i != 23 {
			return false
		}
	}
	return true
}

// IsLifecycle: a null under these keys means "not yet" (completed_at: null
// is "not done") and is shown, not dropped.
func IsLifecycle(k string) bool {
	switch k {
	case "completed_at", "deleted_at", "due_at", "due", "read_at", "started_at", "superseded_at",
		"applied_at", "withdrawn_at", "reviewed_at", "parent_id", "superseded_by", "replaced_by",
		"ended_at", "finished_at", "closed_at", "resolved_at", "archived_at", "expires_at":
		return true
	}
	return false
}

// scoreWords: floats whose useful precision is about 3 significant figures.
func scoreWords(k string) bool {
	switch k {
	case "score", "rank_score", "raw_score", "similarity", "similarity_score", "vector_similarity",
		"keyword_score", "salience", "decay_factor", "rrf_score", "cross_encoder_score",
		"graph_proximity_score", "confidence":
		return true
	}
	return false
}

// IsStatusKey: keys whose values are task statuses or health words.
func IsStatusKey(k string) bool { return statusWords(Snake(k)) }

func statusWords(k string) bool {
	switch k {
	case "status", "state", "from", "to", "from_status", "to_status", "old_status", "new_status", "previous_status":
		return true
	}
	return false
}

// ListKeys are the row arrays a list envelope may carry.
// (rows: khive's query page).
var ListKeys = [...]string{"items", "entities", "notes", "edges", "results", "entries", "neighbors", "rows"}

func IsListKey(k string) bool {
	switch k { // ListKeys, by a switch: asked of every member of a large object
	case "items", "entities", "notes", "edges", "results", "entries", "neighbors", "rows":
		return true
	}
	return false
}

// IsListMetaKey reports a key that marks an object as a list envelope.
func IsListMetaKey(k string) bool {
	switch k {
	case "requested_limit", "effective_limit", "limit_clamped", "next_after", "has_more",
		"next_offset", "truncated", "scan_incomplete":
		return true
	}
	return false
}

// IsFiller reports values that say nothing: null, "", [] and {}, and objects
// holding only those. Lifecycle nulls and empty strings under `properties`
// (written by a user) are data.
func IsFiller(key string, v Value, inProps bool) bool {
	switch v.Kind {
	case Null:
		return !IsLifecycle(key)
	case String:
		return v.Text == "" && !inProps
	case Array:
		return len(v.Items) == 0
	case Object:
		inner := inProps || key == "properties"
		for _, m := range v.Members {
			if !IsFiller(m.Key, m.Value, inner) {
				return false
			}
		}
		return true
	}
	return false
}

// cursorWords reports a key whose value the next call takes back to go
// on (khive's next_cursor {id, …}, a page token): shown whole.
func cursorWords(k string) bool {
	switch k {
	case "cursor", "next_cursor", "after", "next_after", "before", "page_token", "next_page_token", "continuation_token", "resume_token":
		return true
	}
	return false
}

// Noun names what a list's rows are, singular: from the shape of the
// rows (khive's events), from a `kind` shared by every row that is one
// word ("task": khive's kinds of entity and note), or from the array's
// key. A kind of two words or more says what happened, not what a row is
// (note_updated, search_executed), and names nothing.
func Noun(rows []Value, arrayKey string) string {
	if len(rows) > 0 && rows[0].Kind == Object {
		switch {
		case rows[0].Has("outcome") && rows[0].Has("verb"):
			return "event"
		case rows[0].Has("note_id"):
			return "note"
		}
	}
	if k := UniformKind(rows); k != "" && !strings.Contains(k, "_") {
		return k
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

// UniformKind returns the `kind` every row shares when it is a plain word.
func UniformKind(rows []Value) string {
	kind := ""
	for i, r := range rows {
		k := r.Str("kind")
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

// timeWords reports a key named for a moment: timestamp, ts, created,
// expires_at, start_time.
func timeWords(k string) bool {
	switch k {
	case "timestamp", "time", "ts", "date", "created", "updated", "modified", "expires", "deadline":
		return true
	}
	switch lastWord(k) { // a switch, not a HasSuffix a suffix: asked of every key of a large object
	case "_at", "_time", "_timestamp", "_ts", "_date", "_on":
		return true
	}
	return false
}

// lastWord is the last word of a key in snake case, its underscore
// first; "" for a key of one word.
func lastWord(k string) string {
	if i := strings.LastIndexByte(k, '_'); i >= 0 {
		return k[i:]
	}
	return ""
}

// unixTime reads a whole number as a Unix time, in seconds or in
// milliseconds, from 2001 to 2096: outside that, a number under a time key
// is more likely a count or an offset than a moment.
func unixTime(lit string) (time.Time, bool) {
	n, err := strconv.ParseInt(lit, 10, 64)
	switch {
	case err != nil:
		return time.Time{}, false
	case n >= 1e9 && n < 4e9:
		return time.Unix(n, 0).UTC(), true
	case n >= 1e12 && n < 4e12:
		return time.UnixMilli(n).UTC(), true
	}
	return time.Time{}, false
}
