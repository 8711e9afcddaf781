package khive

import (
	"bufio"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/render/jsonout"
)

// khiveNow is the clock of presentation.rs's tests (const NOW:
// 1_748_016_480, 2025-05-23T16:08:00Z), so their expectations carry over.
var khiveNow = time.Unix(1_748_016_480, 0)

const uuid = "a1b2c3d4-e5f6-7890-abcd-ef1234567890"

// TestAgentIsKhivesPresent: each rule of khive's agent presentation, input
// → what khive sends. The source is crates/khive-runtime/src/presentation.rs
// in ohdearquant/khive (the newest version read: ADR-045 Amendment 9, with
// exact UTC timestamps and created_at_relative); each case names the
// function that holds the rule and the Rust test that pins it, where one
// does.
func TestAgentIsKhivesPresent(t *testing.T) {
	tests := []struct {
		rule, source string
		in, want     string
	}{
		// --- IDs -------------------------------------------------------
		{"id shortened to 8", "should_shorten_uuid_field; agent_shortens_uuid",
			`{"id":"` + uuid + `"}`, `{"id":"a1b2c3d4"}`},
		{"full_id kept whole", "should_shorten_uuid_field; agent_preserves_full_id_as_36_chars",
			`{"full_id":"` + uuid + `","id":"` + uuid + `"}`, `{"full_id":"` + uuid + `","id":"a1b2c3d4"}`},
		{"*_id, superseded_by, replaced_by shortened", "should_shorten_uuid_field; agent_shortens_suffix_id_fields",
			`{"note_id":"` + uuid + `","replaced_by":"` + uuid + `","superseded_by":"` + uuid + `","target_id":"` + uuid + `"}`,
			`{"note_id":"a1b2c3d4","replaced_by":"a1b2c3d4","superseded_by":"a1b2c3d4","target_id":"a1b2c3d4"}`},
		{"a UUID in content is text", "agent_does_not_shorten_uuid_shaped_content_fields",
			`{"content":"` + uuid + `","next_after":"` + uuid + `","query":"` + uuid + `","title":"` + uuid + `"}`,
			`{"content":"` + uuid + `","next_after":"` + uuid + `","query":"` + uuid + `","title":"` + uuid + `"}`},
		{"round-trip IDs whole, also under properties", "ROUND_TRIP_FULL_UUID_FIELDS; agent_preserves_strict_round_trip_uuid_fields",
			`{"bridge_instance_id":"` + uuid + `","context_entity_id":"` + uuid + `","parent_id":"` + uuid + `","project_id":"` + uuid + `","properties":{"outbound_ref":"` + uuid + `","thread_id":"` + uuid + `"},"session_id":"` + uuid + `"}`,
			`{"bridge_instance_id":"` + uuid + `","context_entity_id":"` + uuid + `","parent_id":"` + uuid + `","project_id":"` + uuid + `","properties":{"outbound_ref":"` + uuid + `","thread_id":"` + uuid + `"},"session_id":"` + uuid + `"}`},
		{"an ID under properties is shortened", "issue_2537_standard_context_baseline_controls",
			`{"properties":{"id":"` + uuid + `"}}`, `{"properties":{"id":"a1b2c3d4"}}`},
		{"strings inside arrays untouched", "transform_agent: a string array item passes through",
			`{"ids":["` + uuid + `","2020-01-01T10:30:45+04:00"]}`, `{"ids":["` + uuid + `","2020-01-01T10:30:45+04:00"]}`},
		{"an upper-case UUID is a UUID", "is_canonical_uuid",
			`{"id":"A1B2C3D4-E5F6-7890-ABCD-EF1234567890"}`, `{"id":"A1B2C3D4"}`},
		{"not 8-4-4-4-12: kept", "is_canonical_uuid",
			`{"id":"a1b2c3d4e5f6-7890-abcd-ef1234567890-"}`, `{"id":"a1b2c3d4e5f6-7890-abcd-ef1234567890-"}`},

		// --- empties ---------------------------------------------------
		{"empties dropped", "transform_field_agent; agent_drops_empty_string/_array/_object, agent_drops_non_lifecycle_null",
			`{"description":"","meta":{},"result":null,"tags":[],"title":"ok"}`, `{"title":"ok"}`},
		{"lifecycle nulls kept", "LIFECYCLE_NULL_PRESERVE; agent_preserves_lifecycle_null, agent_preserves_relationship_null",
			`{"applied_at":null,"completed_at":null,"deleted_at":null,"due_at":null,"parent_id":null,"read_at":null,"replaced_by":null,"reviewed_at":null,"started_at":null,"superseded_at":null,"superseded_by":null,"withdrawn_at":null}`,
			`{"applied_at":null,"completed_at":null,"deleted_at":null,"due_at":null,"parent_id":null,"read_at":null,"replaced_by":null,"reviewed_at":null,"started_at":null,"superseded_at":null,"superseded_by":null,"withdrawn_at":null}`},
		{"channel-health nulls kept", "LIFECYCLE_NULL_PRESERVE; agent_preserves_unknown_channel_heartbeat_nulls",
			`{"channels":[{"consecutive_failures":null,"last_error":null,"last_failure_at":null,"last_poll_attempt_at":null,"last_success_at":null,"poll_interval_secs":null,"quarantined_count":1,"stalled":null}]}`,
			`{"channels":[{"consecutive_failures":null,"last_error":null,"last_failure_at":null,"last_poll_attempt_at":null,"last_success_at":null,"poll_interval_secs":null,"quarantined_count":1,"stalled":null}]}`},
		{`"" under a properties object kept, at any depth`, "agent_preserves_empty_string_under_properties",
			`{"id":"a1b2c3d4","properties":{"k":"","nested":{"deep":""}},"summary":""}`, `{"id":"a1b2c3d4","properties":{"k":"","nested":{"deep":""}}}`},
		{`a properties that is "" is dropped`, "agent_drops_scalar_empty_properties_value",
			`{"id":"a1b2c3d4","properties":""}`, `{"id":"a1b2c3d4"}`},
		{"empty containers under properties dropped", "agent_still_drops_empty_containers_under_properties",
			`{"id":"a1b2c3d4","properties":{"kept":"x","meta":{},"tags":[]}}`, `{"id":"a1b2c3d4","properties":{"kept":"x"}}`},
		{`"" in an array under properties is dropped`, "agent_relative_sibling_obeys_array_properties_existing_and_future_bounds",
			`{"properties":[{"empty":"","x":1}]}`, `{"properties":[{"x":1}]}`},

		// --- list envelopes ----------------------------------------------
		{"a page's empty rows and null cursor kept", "EMPTY_ARRAY_PRESERVE, is_stable_list_envelope; agent_preserves_empty_list_page_arrays",
			`{"edges":[],"effective_limit":10,"entities":[],"entries":[],"items":[],"limit_clamped":false,"neighbors":[],"next_after":null,"notes":[],"requested_limit":10,"results":[]}`,
			`{"edges":[],"effective_limit":10,"entities":[],"entries":[],"items":[],"limit_clamped":false,"neighbors":[],"next_after":null,"notes":[],"requested_limit":10,"results":[]}`},
		{"a keyset page's end kept", "is_keyset_cursor_envelope; agent_preserves_keyset_cursor_envelope_completion_signals",
			`{"limit":500,"next_after":null,"order":"created_at ASC, id ASC","results":[]}`, `{"limit":500,"next_after":null,"order":"created_at ASC, id ASC","results":[]}`},
		{"results without next_after is no page", "agent_results_without_next_after_is_not_a_cursor_envelope",
			`{"limit":500,"results":[],"title":"ordinary response"}`, `{"limit":500,"title":"ordinary response"}`},
		{"rows keys outside an envelope dropped when empty", "agent_still_drops_empty_arrays_outside_list_envelopes",
			`{"entities":[],"items":[],"title":"ordinary response"}`, `{"title":"ordinary response"}`},
		{"a null next_after outside a page dropped", "transform_field_agent: next_after kept only in a page",
			`{"next_after":null,"title":"x"}`, `{"title":"x"}`},

		// --- scores ----------------------------------------------------
		{"score to 3 significant figures", "truncate_to_3_sig_figs; agent_truncates_score_field",
			`{"score":0.12345678}`, `{"score":0.123}`},
		{"ranking alias and nested signals", "SCORE_FIELDS; agent_presents_ranking_alias_and_nested_evidence",
			`[{"rank_score":0.0325224749,"rank_score_kind":"rrf","score":0.0325224749,"signals":{"keyword_score":18.375,"vector_similarity":0.842567}},{"rank_score":0.0,"rank_score_kind":"keyword","score":0.0,"signals":{}}]`,
			`[{"rank_score":0.0325,"rank_score_kind":"rrf","score":0.0325,"signals":{"keyword_score":18.4,"vector_similarity":0.843}},{"rank_score":0.0,"rank_score_kind":"keyword","score":0.0}]`},
		{"a float widened from f32", "truncate_to_3_sig_figs on recall's f32 scores",
			`{"decay_factor":0.9100000262260437,"salience":0.699999988079071,"similarity":1,"rrf_score":12345,"cross_encoder_score":0.9999,"graph_proximity_score":1e-7}`,
			`{"decay_factor":0.91,"salience":0.7,"similarity":1.0,"rrf_score":12300.0,"cross_encoder_score":1.0,"graph_proximity_score":1e-7}`},
		{"a subnormal score becomes null, as in khive", "truncate_to_3_sig_figs: powi overflows, NaN, Value::from(NaN) is null",
			`{"score":1e-310,"similarity":-0.0}`, `{"score":null,"similarity":-0.0}`},
		{"just below a power of ten, the C library's log10 rounds up", "truncate_to_3_sig_figs: log10 from libm",
			`{"score":99999999.99999991,"similarity":1e15,"rrf_score":999.9999999999999}`,
			`{"score":100000000.0,"similarity":1000000000000000.0,"rrf_score":1000.0}`},
		{"other numbers, and raw_score and weight, exactly as written", "SCORE_FIELDS does not hold them",
			`{"confidence":0.123456,"count":12345678901234567890,"raw_score":0.9100000262260437,"weight":0.876543}`,
			`{"confidence":0.123456,"count":12345678901234567890,"raw_score":0.9100000262260437,"weight":0.876543}`},
		{"scores under properties rounded too", "transform_field_agent has no properties carve-out for scores",
			`{"properties":{"score":0.87654}}`, `{"properties":{"score":0.877}}`},

		// --- timestamps ------------------------------------------------
		{"a timestamp in exact UTC, fraction kept", "exact_timestamp; exact_timestamp_converts_past_offset_and_retains_fraction",
			`{"updated_at":"2025-05-23T20:05:00.123+04:00"}`, `{"updated_at":"2025-05-23T16:05:00.123Z"}`},
		{"old, compact offset, negative offset", "agent_exact_utc_preserves_fraction_digits_and_instant",
			`{"a_at":"2020-01-01T10:30:45.123456Z","b_at":"2020-01-01T14:30:45+0400","c_at":"2020-01-01T06:30:45.123-04:00","d_at":"2020-01-01T10:30:45+00:00"}`,
			`{"a_at":"2020-01-01T10:30:45.123456Z","b_at":"2020-01-01T10:30:45Z","c_at":"2020-01-01T10:30:45.123Z","d_at":"2020-01-01T10:30:45Z"}`},
		{"not a whole timestamp with an offset: kept", "agent_preserves_offsetless_timestamp, _malformed_offset, _timestamp_prefix_body",
			`{"a":"2025-05-23T16:05:00","b":"2025-05-23T16:05:00+25:00","c":"2025-05-23T16:05:00Z followed by text","d":"2025-05-23T16:05","e":"2025-02-30T16:05:00Z"}`,
			`{"a":"2025-05-23T16:05:00","b":"2025-05-23T16:05:00+25:00","c":"2025-05-23T16:05:00Z followed by text","d":"2025-05-23T16:05","e":"2025-02-30T16:05:00Z"}`},
		{"due and trigger_at byte-exact", "PAYLOAD_TIMESTAMP_FIELDS; agent_does_not_compact_top_level_due, _trigger_at_field",
			`{"created_at":"2020-01-01T14:30:45+04:00","due":"2026-08-01T09:30:15-04:00","trigger_at":"2026-07-11T19:00:00-04:00"}`,
			`{"created_at":"2020-01-01T10:30:45Z","due":"2026-08-01T09:30:15-04:00","trigger_at":"2026-07-11T19:00:00-04:00"}`},
		{"a year past 9999 signed, as chrono writes it", "exact_timestamp: chrono %Y",
			`{"at":"9999-12-31T23:30:00-01:00"}`, `{"at":"+10000-01-01T00:30:00Z"}`},
		{"a year before 0001, as chrono writes it", "exact_timestamp: chrono %Y",
			`{"at":"0000-01-01T00:30:00+01:00","bt":"0000-03-01T00:00:00Z"}`, `{"at":"-0001-12-31T23:30:00Z","bt":"0000-03-01T00:00:00Z"}`},
		{"the offset's edges", "parse_iso8601_unix_max_valid_offset_boundary_is_accepted, _out_of_range_offset_returns_none, _malformed_tail_returns_none",
			`{"a":"2026-07-09T15:55:00+23:59","b":"2026-07-09T15:55:00-2359","c":"2026-07-09T15:55:00+24:00","d":"2026-07-09T15:55:00+2400","e":"2026-07-09T15:55:00+01:60","f":"2026-07-09T15:55:00+0160","g":"2026-07-09T15:55:00+04","h":"2026-07-09T15:55:00.","i":"2026-07-09T15:55:00X"}`,
			`{"a":"2026-07-08T15:56:00Z","b":"2026-07-10T15:54:00Z","c":"2026-07-09T15:55:00+24:00","d":"2026-07-09T15:55:00+2400","e":"2026-07-09T15:55:00+01:60","f":"2026-07-09T15:55:00+0160","g":"2026-07-09T15:55:00+04","h":"2026-07-09T15:55:00.","i":"2026-07-09T15:55:00X"}`},
		{"a properties that is a string or an array is no carve-out", "issue_2537_standard_context_baseline_controls",
			`{"p":{"properties":"2026-01-01T00:00:00.123456Z"},"q":{"properties":["2026-01-01T00:00:00.123456Z",{"created_at":"2026-01-01T00:00:00.123456Z"}]}}`,
			`{"p":{"properties":"2026-01-01T00:00:00.123456Z"},"q":{"properties":["2026-01-01T00:00:00.123456Z",{"created_at":"2026-01-01T00:00:00.123456Z"}]}}`},
		{"one member a key: the last, as serde_json reads it", "serde_json::Map: a repeated key keeps the last value",
			`{"items":[{"id":"` + uuid + `","id":""}],"x":1,"x":2}`, `{"items":[{}],"x":2}`},
		{"-0 is a float, not the integer 0", "serde_json reads -0 as -0.0: Number(-0.0) != Number(0)",
			`{"x":0,"properties":{"x":-0}}`, `{"x":0,"properties":{"x":-0}}`},
		{"under properties byte-exact", "inside_properties; agent_still_protects_nested_trigger_at_under_properties",
			`{"properties":{"created_at":"2026-01-01T05:30:00+05:30","nested":[{"created_at":"2026-01-01T05:30:00+05:30"}],"trigger_at":"2026-07-11T19:00:00-04:00"}}`,
			`{"properties":{"created_at":"2026-01-01T05:30:00+05:30","nested":[{"created_at":"2026-01-01T05:30:00+05:30"}],"trigger_at":"2026-07-11T19:00:00-04:00"}}`},

		// --- created_at_relative ---------------------------------------------
		{"list rows gain created_at_relative, in four bands", "transform_agent; agent_list_rows_pair_exact_and_relative_time_in_each_band",
			`{"items":[{"created_at":"2025-05-23T16:07:18Z","updated_at":"2025-05-23T16:07:18Z"},{"created_at":"2025-05-23T16:05:00Z"},{"created_at":"2025-05-23T13:08:00Z"},{"created_at":"2025-05-21T16:08:00Z"}]}`,
			`{"items":[{"created_at":"2025-05-23T16:07:18Z","created_at_relative":"42s ago","updated_at":"2025-05-23T16:07:18Z"},{"created_at":"2025-05-23T16:05:00Z","created_at_relative":"3m ago"},{"created_at":"2025-05-23T13:08:00Z","created_at_relative":"3h ago"},{"created_at":"2025-05-21T16:08:00Z","created_at_relative":"2d ago"}]}`},
		{"no relative time at the root, in the future, or twice", "agent_relative_sibling_obeys_array_properties_existing_and_future_bounds",
			`{"created_at":"2025-05-23T16:05:00+00:00","items":[{"created_at":"2025-05-23T16:08:10Z"},{"created_at":"2025-05-23T16:05:00+00:00","created_at_relative":"canonical"},{"created_at":"2025-05-23T16:05:00"},{"created_at":"2025-05-23T16:08:00.000001Z"},{"created_at":"2025-05-23T16:07:59.999999Z"}]}`,
			`{"created_at":"2025-05-23T16:05:00Z","items":[{"created_at":"2025-05-23T16:08:10Z"},{"created_at":"2025-05-23T16:05:00Z","created_at_relative":"canonical"},{"created_at":"2025-05-23T16:05:00"},{"created_at":"2025-05-23T16:08:00.000001Z"},{"created_at":"2025-05-23T16:07:59.999999Z","created_at_relative":"0s ago"}]}`},
		{"a bare array's rows are list rows", "transform_agent: array_member at the root",
			`[{"created_at":"2025-05-23T16:05:00Z","note_id":"` + uuid + `"}]`,
			`[{"created_at":"2025-05-23T16:05:00Z","created_at_relative":"3m ago","note_id":"a1b2c3d4"}]`},

		// --- stream entries and receipts ----------------------------------
		{"a stream entry's record is opaque, even empty, and an empty page stays", "stream_agent_json_preserves_opaque_record_and_empty_page",
			`{"entries":[{"created_at":"2026-09-08T00:00:00.123456Z","id":"` + uuid + `","record":null,"seq":1},{"created_at":"2026-09-08T00:00:00.123456Z","id":"` + uuid + `","record":"","seq":2},{"created_at":"2026-09-08T00:00:00.123456Z","id":"` + uuid + `","record":{},"seq":3}],"head_seq":3,"next_after":null,"page":{"entries":[],"head_seq":0,"next_after":null}}`,
			`{"entries":[{"created_at":"2026-09-08T00:00:00.123456Z","id":"a1b2c3d4","record":null,"seq":1},{"created_at":"2026-09-08T00:00:00.123456Z","id":"a1b2c3d4","record":"","seq":2},{"created_at":"2026-09-08T00:00:00.123456Z","id":"a1b2c3d4","record":{},"seq":3}],"head_seq":3,"next_after":null,"page":{"entries":[],"head_seq":0,"next_after":null}}`},
		{"a stream entry's record is opaque", "is_stream_entry; stream_agent_json_preserves_opaque_record_and_empty_page",
			`{"entries":[{"created_at":"2026-09-08T00:00:00.123456Z","id":"` + uuid + `","record":{"empty":[],"id":"` + uuid + `","namespace":"local","score":0.123456789},"seq":1}],"head_seq":1,"next_after":null}`,
			`{"entries":[{"created_at":"2026-09-08T00:00:00.123456Z","id":"a1b2c3d4","record":{"empty":[],"id":"` + uuid + `","namespace":"local","score":0.123456789},"seq":1}],"head_seq":1,"next_after":null}`},

		// --- Machine-scope redundancy pass ---------------------------------
		{`namespace "local" and duplicate properties dropped, full_id kept`, "drop_record (Machine); format_agent_json_drops_redundancy",
			`{"full_id":"` + uuid + `","namespace":"local","properties":{"additive":true,"status":"next"},"status":"next","title":"test"}`,
			`{"full_id":"` + uuid + `","properties":{"additive":true},"status":"next","title":"test"}`},
		{"other namespaces kept; properties emptied by the pass dropped", "drop_record (Machine)",
			`{"namespace":"team","properties":{"title":"Same"},"title":"Same"}`, `{"namespace":"team","title":"Same"}`},
		{"round-trip IDs under properties survive the pass", "drop_record: strict_round_trip",
			`{"context_entity_id":"` + uuid + `","properties":{"context_entity_id":"` + uuid + `","full_id":"` + uuid + `"},"full_id":"` + uuid + `"}`,
			`{"context_entity_id":"` + uuid + `","properties":{"context_entity_id":"` + uuid + `","full_id":"` + uuid + `"},"full_id":"` + uuid + `"}`},
		{"the pass reaches rows in arrays, not plain nested objects", "apply_redundancy_drop, drop_record",
			`{"detail":{"namespace":"local"},"items":[{"namespace":"local","title":"a"}],"limit_clamped":false,"effective_limit":1,"requested_limit":1}`,
			`{"detail":{"namespace":"local"},"items":[{"title":"a"}],"limit_clamped":false,"effective_limit":1,"requested_limit":1}`},
		{"a due equal to properties.due leaves properties", "drop_record after present: both byte-exact, so equal",
			`{"due":"2026-10-01T00:00:00+09:00","properties":{"due":"2026-10-01T00:00:00+09:00","priority":"p1"}}`,
			`{"due":"2026-10-01T00:00:00+09:00","properties":{"priority":"p1"}}`},
	}
	for _, tt := range tests {
		if got := agentOf(t, tt.in); got != tt.want {
			t.Errorf("%s (%s):\n in   %s\n got  %s\n want %s", tt.rule, tt.source, tt.in, got, tt.want)
		}
	}
}

// TestAgentWhereKhiveApplies: the transform reaches only what khive
// transforms, and each verb's policy is khive's.
func TestAgentWhereKhiveApplies(t *testing.T) {
	const row = `{"created_at":"2025-05-23T16:05:00+00:00","empty":"","id":"` + uuid + `"}`
	const shown = `{"created_at":"2025-05-23T16:05:00Z","id":"a1b2c3d4"}`
	tests := []struct{ rule, in, want string }{
		{"a one-op request envelope: the result only",
			`{"results":[{"ok":true,"result":` + row + `,"tool":"create","usage":{}}],"status":"success","summary":{"aborted":0,"failed":0,"succeeded":1,"total":1}}`,
			`{"results":[{"ok":true,"result":` + shown + `,"tool":"create","usage":{}}],"status":"success","summary":{"aborted":0,"failed":0,"succeeded":1,"total":1}}`},
		{"failed and aborted ops untouched",
			`{"results":[{"ok":true,"result":` + row + `,"tool":"update"},{"error":{"details":"","kind":"not_found","message":"no entity ` + uuid + `"},"ok":false,"tool":"get"},{"aborted":true,"domain_disposition":"not_committed","ok":false,"tool":"link"}],"status":"partial","summary":{"aborted":1,"failed":1,"succeeded":1,"total":3}}`,
			`{"results":[{"ok":true,"result":` + shown + `,"tool":"update"},{"error":{"details":"","kind":"not_found","message":"no entity ` + uuid + `"},"ok":false,"tool":"get"},{"aborted":true,"domain_disposition":"not_committed","ok":false,"tool":"link"}],"status":"partial","summary":{"aborted":1,"failed":1,"succeeded":1,"total":3}}`},
		{"verbs always verbose: get, link, query, traverse, neighbors, schema, brain.feedback, memory.feedback, comm.delivered",
			`{"ok":true,"result":` + row + `,"tool":"neighbors"}`, `{"ok":true,"result":` + row + `,"tool":"neighbors"}`},
		{"an op envelope without the request envelope",
			`{"ok":true,"result":[` + row + `],"tool":"list"}`,
			`{"ok":true,"result":[{"created_at":"2025-05-23T16:05:00Z","created_at_relative":"3m ago","id":"a1b2c3d4"}],"tool":"list"}`},
		{"an error envelope untouched",
			`{"error":"no ` + uuid + `","ok":false,"result":null,"tool":"get"}`, `{"error":"no ` + uuid + `","ok":false,"result":null,"tool":"get"}`},
		{"a kkernel error untouched",
			`{"error":{"code":"invalid_params","message":"x","reason":"parse-error"},"invocation":{"started":false}}`,
			`{"error":{"code":"invalid_params","message":"x","reason":"parse-error"},"invocation":{"started":false}}`},
		{"stream.append keeps its root created_at (StreamAppendReceipt)",
			`{"ok":true,"result":{"created_at":"2026-01-01T05:30:00.123456+05:30","id":"` + uuid + `","updated_at":"2026-01-01T05:30:00.123456+05:30"},"tool":"stream.append"}`,
			`{"ok":true,"result":{"created_at":"2026-01-01T05:30:00.123456+05:30","id":"a1b2c3d4","updated_at":"2026-01-01T00:00:00.123456Z"},"tool":"stream.append"}`},
		{"stream.batch keeps results[*] times, without a relative one (StreamBatchReceipts)",
			`{"ok":true,"result":{"results":[{"created_at":"2025-05-23T16:05:00+00:00","details":{"updated_at":"2025-05-23T16:05:00+00:00"},"updated_at":"2025-05-23T16:05:00+00:00"}],"updated_at":"2025-05-23T16:05:00+00:00"},"tool":"stream.batch"}`,
			`{"ok":true,"result":{"results":[{"created_at":"2025-05-23T16:05:00+00:00","details":{"updated_at":"2025-05-23T16:05:00Z"},"updated_at":"2025-05-23T16:05:00+00:00"}],"updated_at":"2025-05-23T16:05:00Z"},"tool":"stream.batch"}`},
		{"through JSON-RPC and MCP structuredContent; wrappers and text as they are",
			`{"id":"` + uuid + `","jsonrpc":"2.0","result":{"content":[{"text":"{\"id\":\"` + uuid + `\"}","type":"text"}],"structuredContent":{"ok":true,"result":` + row + `,"tool":"create"}}}`,
			`{"id":"` + uuid + `","jsonrpc":"2.0","result":{"content":[{"text":"{\"id\":\"` + uuid + `\"}","type":"text"}],"structuredContent":{"ok":true,"result":` + shown + `,"tool":"create"}}}`},
		{"schedule.agenda keeps its root next cursor and an empty events list (AgendaContinuation)",
			`{"ok":true,"result":{"count":0,"events":[],"next":{"after":"2026-05-23T16:05:00+02:00","after_id":"` + uuid + `"}},"tool":"schedule.agenda"}`,
			`{"ok":true,"result":{"count":0,"events":[],"next":{"after":"2026-05-23T16:05:00+02:00","after_id":"` + uuid + `"}},"tool":"schedule.agenda"}`},
		{"only the root next of an agenda: a nested one is transformed",
			`{"ok":true,"result":{"events":[{"id":"` + uuid + `","next":{"after_id":"` + uuid + `"}}],"next":null},"tool":"schedule.agenda"}`,
			`{"ok":true,"result":{"events":[{"id":"a1b2c3d4","next":{"after_id":"a1b2c3d4"}}],"next":null},"tool":"schedule.agenda"}`},
		{"a JSON-RPC error untouched",
			`{"error":{"code":-32602,"data":"","message":"bad"},"id":1,"jsonrpc":"2.0"}`, `{"error":{"code":-32602,"data":"","message":"bad"},"id":1,"jsonrpc":"2.0"}`},
		{"a scalar document as it is", `"` + uuid + `"`, `"` + uuid + `"`},
	}
	for _, tt := range tests {
		if got := agentOf(t, tt.in); got != tt.want {
			t.Errorf("%s:\n in   %s\n got  %s\n want %s", tt.rule, tt.in, got, tt.want)
		}
	}
	// Every verb khive always answers in full (HandlerDef::presentation_policy).
	for _, verb := range []string{"get", "link", "query", "traverse", "neighbors", "schema", "brain.feedback",
		"brain.auto_feedback", "memory.feedback", "comm.delivered", "comm.transport_status", "git.digest", "git.ingest_cursor"} {
		in := `{"ok":true,"result":` + row + `,"tool":"` + verb + `"}`
		if got := agentOf(t, in); got != in {
			t.Errorf("%s is always verbose, but %s became %s", verb, in, got)
		}
	}
}

// Receipt protection is for the named paths only (issue_2537 tests):
// another container, a deeper level or a value that is no string gets the
// standard transform; a protected string is kept without being parsed.
func TestAgentReceiptsProtectOnlyTheirPaths(t *testing.T) {
	const ts = "2026-01-01T00:00:00.123456Z"
	row := `{"created_at":"` + ts + `","updated_at":"` + ts + `"}`
	for tool, cases := range map[string][]string{
		"stream.append": {`[` + row + `]`, `{"details":` + row + `}`, `{"results":[` + row + `]}`, `{"created_at":{"created_at":"` + ts + `"}}`, `{"created_at":42}`},
		"stream.batch":  {`[{"results":[` + row + `]}]`, `{"results":` + row + `}`, `{"results":[[` + row + `]]}`, `{"details":{"results":[` + row + `]}}`, `{"results":[{"created_at":null}]}`},
	} {
		for _, c := range cases {
			receipt := agentOf(t, `{"ok":true,"result":`+c+`,"tool":"`+tool+`"}`)
			standard := agentOf(t, `{"ok":true,"result":`+c+`,"tool":"create"}`)
			if strings.Replace(receipt, tool, "create", 1) != standard {
				t.Errorf("%s %s: %s, but the standard transform gives %s", tool, c, receipt, standard)
			}
		}
	}
	for _, text := range []string{"", "not a timestamp", "2026-01-01T05:30:00.123456+05:30"} {
		q := strconv.Quote(text) // plain ASCII: as JSON quotes it
		for tool, doc := range map[string]string{
			"stream.append": `{"created_at":` + q + `}`,
			"stream.batch":  `{"results":[{"created_at":` + q + `,"updated_at":` + q + `}]}`,
		} {
			in := `{"ok":true,"result":` + doc + `,"tool":"` + tool + `"}`
			if got := agentOf(t, in); got != in {
				t.Errorf("%s: %s became %s", tool, in, got)
			}
		}
	}
}

// The age of a row created within the same second as now is told by the
// fractions, digit by digit past nanoseconds
// (agent_relative_sibling_uses_sampled_fraction_within_same_second).
func TestAgentRelativeWithinTheSecond(t *testing.T) {
	now := time.Date(2025, 5, 23, 16, 8, 0, 500000000, time.UTC)
	in := `{"items":[{"created_at":"2025-05-23T16:08:00.499999999Z"},{"created_at":"2025-05-23T16:08:00.500000000Z"},{"created_at":"2025-05-23T16:08:00.5000000000Z"},{"created_at":"2025-05-23T16:08:00.5000000001Z"},{"created_at":"2025-05-23T16:08:00.500000001Z"},{"created_at":"2025-05-23T16:07:59.500000001Z"},{"created_at":"2025-05-23T16:07:59.500000000Z"}]}`
	v, err := input.NewDecoder(strings.NewReader(in), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	out := Agent(v, now)
	items, _ := out.Get("items")
	want := []string{"0s ago", "0s ago", "0s ago", "", "", "0s ago", "1s ago"}
	for i, it := range items.Items {
		if got := it.Str("created_at_relative"); got != want[i] {
			t.Errorf("row %d: created_at_relative %q, want %q", i, got, want[i])
		}
	}
}

// TestRustFloat: serde_json's (ryu's) spelling of an f64.
func TestRustFloat(t *testing.T) {
	for f, want := range map[float64]string{
		0: "0.0", 1: "1.0", 0.123: "0.123", 18.4: "18.4", 12300: "12300.0", 0.0001: "0.0001",
		0.00001: "0.00001", 0.000001: "1e-6", 1.5e-7: "1.5e-7", 1e16: "1e16", 1.23e16: "1.23e16", 1234567890123456: "1234567890123456.0",
		-0.0325: "-0.0325", 100: "100.0",
	} {
		if got := rustFloat(f); got != want {
			t.Errorf("rustFloat(%v) = %s, want %s", f, got, want)
		}
	}
}

func agentOf(t *testing.T, doc string) string {
	t.Helper()
	v, err := input.NewDecoder(strings.NewReader(doc), "t").Next()
	if err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	var b strings.Builder
	w := bufio.NewWriter(&b)
	jsonout.Write(w, Agent(v, khiveNow), false, jsonout.Theme{})
	w.Flush()
	return strings.TrimSuffix(b.String(), "\n")
}
