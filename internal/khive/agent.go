// Package khive knows khive's presentation policy for agents: what khive
// itself sends an agent (-o agent), computed from what it sends anyone
// else, rule for rule as crates/khive-runtime/src/presentation.rs has it:
// which verbs answer in full, which envelopes and receipts keep what,
// IDs, timestamps, ages and scores as khive spells them (Rust's number and
// time formatting included), and the Machine-scope redundancy pass. It
// turns values into values, a whole document (Agent) or one streamed
// around a long list, row by row (AgentList); writing them is
// internal/render/jsonout's.
//
// It imports value, protocol (the JSON-RPC and MCP wrappers it looks
// through) and recognise (a document's shape), and nothing that writes.
package khive

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Agent is -o agent: what khive itself sends an agent, computed from what
// it sends anyone else. It is khive's present(result, Agent, now) followed
// by the Machine-scope redundancy pass of prepare_format_value (both in
// crates/khive-runtime/src/presentation.rs), applied where khive applies
// them:
//
//   - in a request envelope ({results, status, summary}) or a one-op
//     envelope, only to the result of each successful op, and not at all
//     for the verbs khive always answers in full (get, query, …); the
//     envelope, failed and aborted ops, usage and advisories are untouched;
//   - an error envelope or a kkernel error is untouched;
//   - through JSON-RPC (result) and MCP (structuredContent) wrappers, which
//     themselves stay as they are; a text block is a string and stays one;
//   - any other document is taken as a bare result.
//
// now is the instant relative ages are measured from (khive samples one
// per response).
func Agent(v value.Value, now time.Time) value.Value {
	a := agent{now: now.Unix(), nanos: uint32(now.Nanosecond())}
	return a.document(v)
}

type agent struct {
	now   int64
	nanos uint32
}

func (a agent) document(v value.Value) value.Value {
	if v.Kind == value.Object {
		if each := a.each(v); each != nil {
			return eachMember(v, each)
		}
	}
	return a.result("", v)
}

// mcpResult reports a result of MCP's own (initialize, a list of tools,
// resources or prompts, a resource read): khive's transform is for
// khive's answers, and would drop what MCP gives meaning to (an empty
// capability object says the capability is there).
func mcpResult(v value.Value) bool {
	if v.Has("protocolVersion") || v.Has("capabilities") {
		return true
	}
	return slices.ContainsFunc([]string{"tools", "resources", "resourceTemplates", "prompts", "contents", "messages"}, func(k string) bool {
		l, ok := v.Get(k)
		return ok && l.Kind == value.Array
	})
}

// each is how a document that is an object shows each of its members
// when it is a wrapper (JSON-RPC, MCP), an envelope, a batch or an error:
// by its key and its own value alone, the others as they are; nil for a
// bare result, which is transformed as a whole. Only the members that
// Decides names decide which (AgentObject relies on it).
func (a agent) each(v value.Value) func(value.Member) value.Value {
	switch {
	case protocol.IsJSONRPC(v):
		return a.inner("result")
	case protocol.IsToolResult(v):
		return a.inner("structuredContent")
	case mcpResult(v):
		return asItCame
	}
	switch recognise.Classify(v) {
	case recognise.ShapeError:
		return asItCame
	case recognise.ShapeEnvelope:
		return a.opMembers(v)
	case recognise.ShapeBatch:
		return a.requestMember
	}
	return nil
}

// asItCame shows a member as it came.
func asItCame(m value.Member) value.Value { return m.Value }

// requestMember is a request envelope's member as agent mode shows it:
// the ops of its results each as op shows it, the rest as they are.
func (a agent) requestMember(m value.Member) value.Value {
	if m.Key != "results" || m.Value.Kind != value.Array {
		return m.Value
	}
	return value.Value{Kind: value.Array, Items: a.ops(m.Value.Items)}
}

// requestMembers is requestMember of each of ms.
func (a agent) requestMembers(ms []value.Member) []value.Member {
	return eachMember(value.Value{Members: ms}, a.requestMember).Members
}

// ops is a request's ops as agent mode shows them.
func (a agent) ops(rs []value.Value) []value.Value {
	out := make([]value.Value, len(rs))
	for j, r := range rs {
		out[j] = a.op(r)
	}
	return out
}

// inner makes the members named key documents of their own.
func (a agent) inner(key string) func(value.Member) value.Value {
	return func(m value.Member) value.Value {
		if m.Key == key {
			return a.document(m.Value)
		}
		return m.Value
	}
}

// eachMember is v with each member's value made by each.
func eachMember(v value.Value, each func(value.Member) value.Value) value.Value {
	out := copyObject(v)
	for i, m := range out.Members {
		out.Members[i].Value = each(m)
	}
	return out
}

// op transforms a successful op entry's result under its verb's policy.
func (a agent) op(v value.Value) value.Value {
	if ok, _ := v.Says("ok"); !ok.IsTrue() {
		return v
	}
	return eachMember(v, a.opMembers(v))
}

// opMembers is how a successful op entry shows its members: its results
// under its verb's policy, the others as they are.
func (a agent) opMembers(v value.Value) func(value.Member) value.Value {
	tool, _ := v.Get("tool")
	return func(m value.Member) value.Value {
		if m.Key == "result" {
			return a.result(tool.Text, m.Value)
		}
		return m.Value
	}
}

// result is present_with_policy then prepare_format_value for one op.
func (a agent) result(tool string, v value.Value) value.Value {
	p := policyOf(tool)
	if p.verbose {
		return v
	}
	if p.agenda && v.Kind == value.Object {
		return a.agenda(v)
	}
	v = a.transform(v, treeContext{receipt: p.receipt})
	return redundancyDrop(v)
}

// agenda is present_with_policy_at under AgendaContinuation: the root
// next cursor goes back byte for byte (its timestamp spelling and full
// UUID are its seek position), and an empty events list stays (it says
// the agenda is done).
func (a agent) agenda(v value.Value) value.Value {
	next, nextAt := value.Value{}, -1
	e, _ := v.Says("events") // serde_json keeps the last of a repeated key, as Says does
	emptyEvents := e.Kind == value.Array && len(e.Items) == 0
	rest := value.Value{Kind: value.Object}
	for i, m := range v.Members {
		if m.Key == "next" {
			next, nextAt = m.Value, i
			continue
		}
		rest.Members = append(rest.Members, m)
	}
	out := redundancyDrop(a.transform(rest, treeContext{}))
	if nextAt >= 0 {
		out.Members = slices.Insert(out.Members, min(nextAt, len(out.Members)), value.Member{Key: "next", Value: next})
	}
	if emptyEvents && !out.Has("events") {
		at := len(out.Members)
		for i, m := range v.Members {
			if m.Key == "events" {
				at = min(i, len(out.Members))
			}
		}
		out.Members = slices.Insert(out.Members, at, value.Member{Key: "events", Value: value.Value{Kind: value.Array}})
	}
	return out
}

// policy is a verb's VerbPresentationPolicy.
type policy struct {
	verbose bool // AlwaysVerbose
	agenda  bool // AgendaContinuation
	receipt receiptContext
}

// policyOf is HandlerDef::presentation_policy (crates/khive-types/src/pack.rs).
func policyOf(tool string) policy {
	switch tool {
	case "get", "link", "query", "traverse", "neighbors", "schema",
		"brain.feedback", "brain.auto_feedback", "memory.feedback",
		"comm.delivered", "comm.transport_status", "git.digest", "git.ingest_cursor":
		// AlwaysVerbose: the caller chains these IDs and timestamps back
		// into strict verbs, so they go out whole, and the Verbose mode
		// skips the redundancy pass too.
		return policy{verbose: true}
	case "schedule.agenda":
		return policy{agenda: true}
	case "stream.append":
		return policy{receipt: appendRoot}
	case "stream.batch":
		return policy{receipt: batchRoot}
	}
	return policy{}
}

// receiptContext follows a stream receipt's closed paths (ReceiptContext):
// the root of stream.append, results[*] of stream.batch.
type receiptContext uint8

const (
	noReceipt receiptContext = iota
	appendRoot
	batchRoot
	batchResults
	batchMember
)

// treeContext is where an object (transform) or a field (field) stands.
type treeContext struct {
	insideProperties bool // anywhere under a "properties" key
	objectProperties bool // under a "properties" that is an object
	arrayMember      bool
	receipt          receiptContext
	// page: the object (a field's: the one it is in) is a page, a list
	// envelope; AgentList takes one to be a page though its limit fields
	// are not read yet (they come after its rows).
	page bool
}

// transform is transform_agent. A streamed list (AgentList) stays one:
// its rows are transformed as they are read.
func (a agent) transform(v value.Value, ctx treeContext) value.Value {
	switch v.Kind {
	case value.Array:
		out := value.Value{Kind: value.Array, Items: make([]value.Value, len(v.Items)), Open: v.Open}
		child := treeContext{insideProperties: ctx.insideProperties, objectProperties: ctx.objectProperties, arrayMember: true}
		if ctx.receipt == batchResults {
			child.receipt = batchMember
		}
		for i, it := range v.Items {
			out.Items[i] = a.transform(it, child)
		}
		return out
	case value.Object:
		return a.object(v, ctx)
	}
	return v
}

func (a agent) object(v value.Value, ctx treeContext) value.Value {
	v = lastOfEach(v)
	envelope := ctx.page || stableListEnvelope(v) || keysetCursorEnvelope(v)
	stream := streamEntry(v)
	rel, hasRel := "", false
	if ctx.arrayMember && !ctx.insideProperties && !v.Has("created_at_relative") &&
		ctx.receipt != appendRoot && ctx.receipt != batchMember {
		if c, ok := v.Says("created_at"); ok && c.Kind == value.String {
			rel, hasRel = a.relative(c.Text)
		}
	}
	out := value.Value{Kind: value.Object, Members: make([]value.Member, 0, len(v.Members)+1)}
	for _, m := range v.Members {
		k, val := m.Key, m.Value
		keep := (stream && k == "record") ||
			(val.Kind == value.String && ((ctx.receipt == appendRoot && k == "created_at") ||
				(ctx.receipt == batchMember && (k == "created_at" || k == "updated_at"))))
		if !keep {
			fc := treeContext{
				insideProperties: ctx.insideProperties || k == "properties",
				objectProperties: ctx.objectProperties || (k == "properties" && val.Kind == value.Object),
				page:             envelope,
			}
			if ctx.receipt == batchRoot && k == "results" && val.Kind == value.Array {
				fc.receipt = batchResults
			}
			var drop bool
			if val, drop = a.field(k, val, fc); drop {
				continue
			}
		}
		out.Members = append(out.Members, value.Member{Key: k, Value: val})
		if hasRel && k == "created_at" {
			// khive's map is sorted, so the new key lands right after
			// created_at; here, after the first created_at kept.
			out.Members = append(out.Members, value.Member{Key: "created_at_relative", Value: value.Value{Kind: value.String, Text: rel}})
			hasRel = false
		}
	}
	return out
}

// field is transform_field_agent: the value a field keeps, or drop.
func (a agent) field(key string, v value.Value, ctx treeContext) (out value.Value, drop bool) {
	switch v.Kind {
	case value.Null:
		return v, !(preservedNull(key) || (ctx.page && key == "next_after"))
	case value.Array:
		if len(v.Items) == 0 && v.Streamed() == 0 { // a streamed list is not empty
			return v, !(ctx.page && preservedEmptyArray(key))
		}
	case value.Object:
		if len(v.Members) == 0 {
			return v, true
		}
	case value.String:
		switch {
		case v.Text == "":
			// A key under a properties object was written by a caller:
			// "" there means set-to-empty (ADR-045 Amendment 3).
			return v, !ctx.objectProperties
		case recognise.IsUUID(v.Text) && shortensUUID(key): // is_canonical_uuid
			return value.Value{Kind: value.String, Text: v.Text[:8]}, false
		case !ctx.insideProperties && key != "trigger_at" && key != "due" && looksLikeISO8601(v.Text):
			if s, _, ok := exactTimestamp(v.Text); ok {
				return value.Value{Kind: value.String, Text: s}, false
			}
		}
		return v, false
	case value.Number:
		if scoreField(key) {
			if f, err := strconv.ParseFloat(v.Text, 64); err == nil {
				r := sig3(f)
				if math.IsNaN(r) || math.IsInf(r, 0) {
					// A subnormal's factor overflows; serde_json has no
					// number for the NaN that makes, and writes null.
					return value.Value{Kind: value.Null}, false
				}
				return value.Value{Kind: value.Number, Text: rustFloat(r)}, false
			}
		}
		return v, false
	default:
		return v, false
	}
	return a.transform(v, treeContext{insideProperties: ctx.insideProperties, objectProperties: ctx.objectProperties, receipt: ctx.receipt}), false
}

// preservedNull: LIFECYCLE_NULL_PRESERVE, the nulls that mean something
// (not done, not superseded, a heartbeat never observed).
func preservedNull(key string) bool {
	switch key {
	case "completed_at", "deleted_at", "due_at", "read_at", "started_at", "superseded_at",
		"applied_at", "withdrawn_at", "reviewed_at", "parent_id", "superseded_by", "replaced_by",
		"poll_interval_secs", "stalled", "last_success_at", "last_poll_attempt_at",
		"last_failure_at", "last_error", "consecutive_failures":
		return true
	}
	return false
}

// preservedEmptyArray: EMPTY_ARRAY_PRESERVE, a page's rows even when none.
func preservedEmptyArray(key string) bool {
	switch key {
	case "items", "entities", "notes", "edges", "results", "entries", "neighbors":
		return true
	}
	return false
}

// scoreField: SCORE_FIELDS, the only numbers khive rounds.
func scoreField(key string) bool {
	switch key {
	case "score", "rank_score", "vector_similarity", "keyword_score", "salience",
		"decay_factor", "rrf_score", "similarity", "cross_encoder_score", "graph_proximity_score":
		return true
	}
	return false
}

// roundTrip: ROUND_TRIP_FULL_UUID_FIELDS, IDs that strict verbs take back
// whole.
func roundTrip(key string) bool {
	switch key {
	case "context_entity_id", "thread_id", "outbound_ref", "parent_id", "session_id", "project_id":
		return true
	}
	return false
}

// shortensUUID is should_shorten_uuid_field.
func shortensUUID(key string) bool {
	if key == "full_id" || key == "bridge_instance_id" || roundTrip(key) {
		return false
	}
	return key == "id" || strings.HasSuffix(key, "_id") || key == "superseded_by" || key == "replaced_by"
}

func stableListEnvelope(v value.Value) bool {
	if !v.Has("requested_limit") || !v.Has("effective_limit") || !v.Has("limit_clamped") {
		return false
	}
	return slices.ContainsFunc(v.Members, func(m value.Member) bool { return preservedEmptyArray(m.Key) })
}

// keysetCursorEnvelope: knowledge.list's {results, next_after} and a
// stream page's {entries, head_seq, next_after}.
func keysetCursorEnvelope(v value.Value) bool {
	if !v.Has("next_after") {
		return false
	}
	if r, ok := v.Says("results"); ok && r.Kind == value.Array {
		return true
	}
	h, ok1 := v.Says("head_seq")
	e, ok2 := v.Says("entries")
	return ok1 && ok2 && h.Kind == value.Number && e.Kind == value.Array
}

// streamEntry: a stream entry, whose record is the caller's own JSON.
func streamEntry(v value.Value) bool {
	s, ok := v.Says("seq")
	return ok && s.Kind == value.Number && v.Has("id") && v.Has("created_at") && v.Has("record")
}

// lastOfEach is v with one member per key, as serde_json reads an object:
// the last value, here at the first one's place.
func lastOfEach(v value.Value) value.Value {
	if !value.HasRepeatedKey(v.Members) {
		return v // the rule, checked on every object: no map made for it
	}
	seen := make(map[string]int, len(v.Members))
	out := value.Value{Kind: value.Object}
	for _, m := range v.Members {
		if i, ok := seen[m.Key]; ok {
			out.Members[i].Value = m.Value
			continue
		}
		seen[m.Key] = len(out.Members)
		out.Members = append(out.Members, m)
	}
	return out
}

func copyObject(v value.Value) value.Value {
	return value.Value{Kind: value.Object, Members: append([]value.Member(nil), v.Members...)}
}

// leadingDigits is how many ASCII digits s starts with.
func leadingDigits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

func allDigits(s string) bool { return leadingDigits(s) == len(s) }

// looksLikeISO8601: starts YYYY-MM-DDTHH: (the minutes are not checked).
func looksLikeISO8601(s string) bool {
	return len(s) >= 16 && s[4] == '-' && s[7] == '-' && s[10] == 'T' && s[13] == ':' &&
		allDigits(s[:4]) && allDigits(s[5:7]) && allDigits(s[8:10]) && allDigits(s[11:13])
}

// exactTimestamp is exact_timestamp: a whole timestamp with an offset, in
// UTC with its own fraction digits (2025-05-23T20:05:00.123+04:00 →
// 2025-05-23T16:05:00.123Z), and its Unix second.
func exactTimestamp(s string) (string, int64, bool) {
	unix, ok := parseISO8601Unix(s)
	if !ok {
		return "", 0, false
	}
	tail := s[19:]
	frac := ""
	if strings.HasPrefix(tail, ".") {
		frac = tail[:1+leadingDigits(tail[1:])]
	}
	t := time.Unix(unix, 0).UTC()
	b := make([]byte, 0, 21+len(frac))
	if t.Year() > 9999 {
		b = append(b, '+') // chrono's %Y signs years past 9999
	}
	b = t.AppendFormat(b, "2006-01-02T15:04:05")
	return string(append(append(b, frac...), 'Z')), unix, true
}

// parseISO8601Unix is parse_iso8601_unix: YYYY-MM-DDTHH:MM:SS[.frac] with
// Z, ±HH:MM or ±HHMM; anything else (no offset, a bad date, trailing text)
// is not a timestamp.
func parseISO8601Unix(s string) (int64, bool) {
	if len(s) < 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return 0, false
	}
	var f [6]int64
	for i, r := range [6][2]int{{0, 4}, {5, 7}, {8, 10}, {11, 13}, {14, 16}, {17, 19}} {
		n, ok := rustInt(s[r[0]:r[1]])
		if !ok {
			return 0, false
		}
		f[i] = n
	}
	y, mo, d, h, mi, sec := f[0], f[1], f[2], f[3], f[4], f[5]
	if mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 {
		return 0, false
	}
	t := time.Date(int(y), time.Month(mo), int(d), int(h), int(mi), int(sec), 0, time.UTC)
	if t.Day() != int(d) { // 31 April and the like
		return 0, false
	}
	if !utf8.RuneStart(s[19]) {
		return 0, false
	}
	off, ok := tzOffset(s[19:])
	if !ok {
		return 0, false
	}
	return t.Unix() - off, true
}

// rustInt parses as Rust's i64::from_str does: an optional sign, then
// ASCII digits.
func rustInt(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// tzOffset is parse_tz_offset_secs: an optional fraction, then the offset.
func tzOffset(tail string) (int64, bool) {
	rest := tail
	if strings.HasPrefix(rest, ".") {
		n := leadingDigits(rest[1:])
		if n == 0 {
			return 0, false
		}
		rest = rest[1+n:]
	}
	if rest == "Z" {
		return 0, true
	}
	if rest == "" {
		return 0, false
	}
	var sign int64
	switch rest[0] {
	case '+':
		sign = 1
	case '-':
		sign = -1
	default:
		return 0, false
	}
	digits := rest[1:]
	var hs, ms string
	switch {
	case len(digits) == 5 && digits[2] == ':':
		hs, ms = digits[0:2], digits[3:5]
	case len(digits) == 4:
		hs, ms = digits[0:2], digits[2:4]
	default:
		return 0, false
	}
	hh, ok1 := rustInt(hs)
	mm, ok2 := rustInt(ms)
	if !ok1 || !ok2 || hh > 23 || mm > 59 {
		return 0, false
	}
	return sign * (hh*3600 + mm*60), true
}

// relative is the created_at_relative of a list row: its age from now,
// floored to the second, or false for a future or unreadable time.
func (a agent) relative(raw string) (string, bool) {
	_, created, ok := exactTimestamp(raw)
	if !ok {
		return "", false
	}
	age := a.now - created
	if fractionAfter(raw, a.nanos) {
		age--
	}
	if age < 0 {
		return "", false
	}
	switch {
	case age < 60:
		return strconv.FormatInt(age, 10) + "s ago", true
	case age < 3600:
		return strconv.FormatInt(age/60, 10) + "m ago", true
	case age < 86400:
		return strconv.FormatInt(age/3600, 10) + "h ago", true
	}
	return strconv.FormatInt(age/86400, 10) + "d ago", true
}

// fractionAfter reports whether the timestamp's fraction of a second is
// later than now's (timestamp_fraction_cmp is Greater), digit by digit so
// that digits past nanoseconds count when the first nine tie.
func fractionAfter(raw string, nanos uint32) bool {
	var frac string
	if len(raw) > 19 && raw[19] == '.' {
		frac = raw[20:]
		frac = frac[:leadingDigits(frac)]
	}
	now := strconv.FormatUint(uint64(nanos)+1e9, 10)[1:] // nine digits
	for i := 0; i < max(len(frac), 9); i++ {
		c, d := byte('0'), byte('0')
		if i < len(frac) {
			c = frac[i]
		}
		if i < len(now) {
			d = now[i]
		}
		if c != d {
			return c > d
		}
	}
	return false
}

// sig3 is truncate_to_3_sig_figs, operation for operation, so the float
// is the same bits as khive's.
func sig3(f float64) float64 {
	if f == 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return f
	}
	magnitude := magnitude(math.Abs(f))
	factor := powi(10, 2-magnitude)
	return math.Round(f*factor) / factor
}

// magnitude is floor(log10(a)) as khive computes it, with the C library's
// log10, which rounds correctly: exactly the decimal exponent of a, but
// one more just below a power of ten, where the true logarithm is nearer
// that power's exponent than the next double down. Go's math.Log10 is off
// by a unit in the last place there (Log10(1e15) is 14.999999999999998).
func magnitude(a float64) int {
	e, _ := strconv.Atoi(strconv.FormatFloat(a, 'e', -1, 64)[strings.IndexByte(strconv.FormatFloat(a, 'e', -1, 64), 'e')+1:])
	x := new(big.Rat).SetFloat64(a)
	pow := func(n int) *big.Rat {
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(n, -n))), nil)
		if n < 0 {
			return new(big.Rat).SetFrac(big.NewInt(1), p)
		}
		return new(big.Rat).SetInt(p)
	}
	for x.Cmp(pow(e)) < 0 { // the shortest form may round up: 9.99…e7 is "1e+08"
		e--
	}
	for x.Cmp(pow(e+1)) >= 0 {
		e++
	}
	// a < 10^(e+1): log10(a) = n - d with n = e+1 and d ≈ (10^n - a) /
	// (a ln 10). It rounds to n when d is under half the gap between n and
	// the next double on d's side (below n, or, for a negative n, beyond
	// it). For n = 0 it never does: -d itself is a double.
	if n := float64(e + 1); n != 0 {
		var half float64
		if n > 0 {
			half = (n - math.Nextafter(n, 0)) / 2
		} else {
			half = (math.Nextafter(-n, math.Inf(1)) + n) / 2
		}
		gap := new(big.Rat).Sub(pow(e+1), x)
		gap.Quo(gap, x)
		g, _ := gap.Float64()
		if g/math.Ln10 < half {
			e++
		}
	}
	return e
}

// powi is Rust's f64::powi as compiled (compiler-rt's __powidf2): square
// and multiply, then one division for a negative power. math.Pow rounds
// differently for some negative powers.
func powi(a float64, b int) float64 {
	recip := b < 0
	r := 1.0
	for {
		if b&1 != 0 {
			r *= a
		}
		b /= 2
		if b == 0 {
			break
		}
		a *= a
	}
	if recip {
		return 1 / r
	}
	return r
}

// rustFloat writes f as serde_json does (ryu): the shortest digits that
// read back as f, an integer with ".0", exponent form (1.5e20, 1e-7) only
// outside 1e-5 ≤ |f| < 1e16.
func rustFloat(f float64) string {
	if a := math.Abs(f); a == 0 || a >= 1e-5 && a < 1e16 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
	e, _ := strconv.Atoi(exp)
	return mant + "e" + strconv.Itoa(e)
}

// redundancyDrop is apply_redundancy_drop at Machine scope: on the result
// and on every object in an array of it (recursively through arrays, not
// through plain nested objects, as khive does).
func redundancyDrop(v value.Value) value.Value {
	switch v.Kind {
	case value.Object:
		v, _ = dropFrom(v)
	case value.Array:
		return dropItems(v)
	}
	return v
}

func dropItems(v value.Value) value.Value {
	var out []value.Value // made once an item changes: most lists keep every one
	for i, it := range v.Items {
		if it.Kind == value.Object {
			if r, changed := dropFrom(it); changed {
				if out == nil {
					out = append(make([]value.Value, 0, len(v.Items)), v.Items[:i]...)
				}
				it = r
			}
		}
		if out != nil {
			out = append(out, it)
		}
	}
	if out == nil {
		return v
	}
	return value.Value{Kind: value.Array, Items: out, Open: v.Open}
}

// dropFrom is drop_record at Machine scope, and whether it changed v:
// when not, it is v itself (no copy: most records of a long list lose
// nothing). Namespace "local" is the default and goes; a properties entry
// equal to the top-level field of the same name goes, except full_id and
// the round-trip IDs, which a strict verb may read from either place.
func dropFrom(v value.Value) (value.Value, bool) {
	changed := false
	if ns, ok := v.Says("namespace"); ok && ns.Kind == value.String && ns.Text == "local" {
		v, changed = value.Without(v, "namespace"), true
	}
	stream := streamEntry(v)
	var out []value.Member // made once a member changes
	for i, m := range v.Members {
		keep, same := true, true
		switch {
		case m.Key == "properties" && m.Value.Kind == value.Object:
			props := value.Value{Kind: value.Object}
			for _, p := range m.Value.Members {
				if p.Key != "full_id" && !roundTrip(p.Key) {
					if top, ok := v.Says(p.Key); ok && p.Key != "properties" && sameJSON(top, p.Value) {
						continue
					}
				}
				props.Members = append(props.Members, p)
			}
			keep, same = len(props.Members) > 0, len(props.Members) == len(m.Value.Members)
			if !same {
				m.Value = props
			}
		case stream && m.Key == "record":
		case m.Value.Kind == value.Array:
			if d := dropItems(m.Value); len(d.Items) > 0 && len(m.Value.Items) > 0 && &d.Items[0] != &m.Value.Items[0] {
				m.Value, same = d, false
			}
		}
		if (!keep || !same) && out == nil {
			out = append(make([]value.Member, 0, len(v.Members)), v.Members[:i]...)
		}
		if out != nil && keep {
			out = append(out, m)
		}
	}
	if out == nil {
		return v, changed
	}
	return value.Value{Kind: value.Object, Members: out}, true
}

// sameJSON is serde_json::Value equality: numbers by value within their
// kind (integer or float), objects as maps.
func sameJSON(a, b value.Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case value.Number:
		ai, bi := isInteger(a.Text), isInteger(b.Text)
		if ai != bi {
			return false
		}
		if ai {
			return a.Text == b.Text
		}
		x, err1 := strconv.ParseFloat(a.Text, 64)
		y, err2 := strconv.ParseFloat(b.Text, 64)
		return err1 == nil && err2 == nil && x == y
	case value.Array:
		if a.Streamed() != 0 || b.Streamed() != 0 {
			return false // a streamed list's rows are not held: it equals none
		}
		return slices.EqualFunc(a.Items, b.Items, sameJSON)
	case value.Object:
		keys := map[string]bool{}
		for _, m := range a.Members {
			keys[m.Key] = true
		}
		for _, m := range b.Members {
			if !keys[m.Key] {
				return false
			}
		}
		for k := range keys {
			x, _ := a.Says(k)
			y, ok := b.Says(k)
			if !ok || !sameJSON(x, y) {
				return false
			}
		}
		return true
	}
	return a.Text == b.Text
}

// isInteger: a number serde_json reads as an integer (no fraction or
// exponent, and within 64 bits).
func isInteger(lit string) bool {
	if strings.ContainsAny(lit, ".eE") || strings.TrimLeft(lit, "-0") == "" && lit[0] == '-' {
		return false // serde_json reads -0 as the float -0.0
	}
	if _, err := strconv.ParseInt(lit, 10, 64); err == nil {
		return true
	}
	_, err := strconv.ParseUint(lit, 10, 64)
	return err == nil
}
