#!/usr/bin/env bash
# capture.sh reproduces every capture in testdata/mcp/ from scratch.
#
# It installs the pinned reference MCP servers and the MCP Inspector into a
# scratch directory (never into the repository), builds a fixed fixture tree
# for the filesystem server, and records what each server really sends:
#   *.json  stdout of `mcp-inspector --cli` (stdio transport)
#   *.sse   raw `curl -sN` body of the everything server's streamable HTTP
#   *.http  `curl -si` output (status line + headers + body)
#
# Needs: node (>= 20; the inspector asks for 22.19 but its CLI runs on 20),
# npm, curl, jq, base64. Network: only the npm registry. Servers listen on
# 127.0.0.1 only and are stopped by PID before the script exits.
#
# Captures are not byte-for-byte reproducible: session ids, SSE event ids,
# task ids, timestamps, file times and the random simulated log levels change
# on every run. Their shapes do not.
#
# Usage: testdata/mcp/capture.sh   (SCRATCH=/tmp/mcp-servers PORT=3917 by default)
set -uo pipefail # no -e: several captures are meant to fail (exit 5, HTTP 4xx)

OUT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCRATCH="${SCRATCH:-/tmp/mcp-servers}"
FIX=/tmp/kp-fs-fixture
KPHOME=/tmp/kp-home
PORT="${PORT:-3917}"
URL="http://127.0.0.1:$PORT/mcp"
PROTO=2025-11-25
LOG="$SCRATCH/logs"

V_EVERYTHING=2026.8.31
V_MEMORY=2026.8.31
V_FILESYSTEM=2026.8.31
V_INSPECTOR=2.12.0

# A fixed, short PATH and HOME for every server process, so that get-env shows
# nothing of the developer's environment.
# SAFE_PATH, and BG/cleanup: the PIDs this script starts, stopped on exit.
. "$OUT/capture_lib.sh"

# ---------------------------------------------------------------- install ---
install_packages() {
	mkdir -p "$SCRATCH" "$LOG" "$KPHOME"
	cat >"$SCRATCH/package.json" <<EOF
{
  "name": "kp-mcp-capture",
  "private": true,
  "dependencies": {
    "@modelcontextprotocol/inspector": "$V_INSPECTOR",
    "@modelcontextprotocol/server-everything": "$V_EVERYTHING",
    "@modelcontextprotocol/server-filesystem": "$V_FILESYSTEM",
    "@modelcontextprotocol/server-memory": "$V_MEMORY"
  }
}
EOF
	(cd "$SCRATCH" && npm install --no-audit --no-fund --loglevel=error) || exit 1
	# The everything server's HTTP mode calls app.listen(PORT) with no host,
	# which binds every interface. This preload pins such listens to loopback.
	cat >"$SCRATCH/loopback.cjs" <<'EOF'
const net = require('net');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const portOnly = typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]));
  if (portOnly && typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  else if (args[0] && typeof args[0] === 'object' && args[0].port !== undefined && !args[0].host)
    args[0] = { ...args[0], host: '127.0.0.1' };
  return listen.apply(this, args);
};
EOF
	: >"$LOG/exit-codes.txt"
}

EV_JS() { echo "$SCRATCH/node_modules/@modelcontextprotocol/server-everything/dist/index.js"; }
MEM_JS() { echo "$SCRATCH/node_modules/@modelcontextprotocol/server-memory/dist/index.js"; }
FS_JS() { echo "$SCRATCH/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js"; }

# ---------------------------------------------------------------- fixture ---
PNG_B64='iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAbUlEQVR42hXOUREAUQhCUaMYhShEMcqNQhSi7Fs/OQzjzLCDBg83MGToMLPsosXLLSxZug/ECgmLE4iI6oFZI2NzBhNTPzj20OHjDo4cvQf/7Bt41Rf+F+h7YsIGBYfLHyc0D8oWFZfrX05p+QDeqGABtJu0bQAAAABJRU5ErkJggg=='

build_fixture() {
	rm -rf "$FIX"
	mkdir -p "$FIX/src/pkg/internal" "$FIX/docs" "$FIX/ünïcödé"
	printf 'name\tlanguage\tstars\tnote\nkhive\tGo\t42\tpretty printer\ngraphiti\tPython\t9000\tknowledge graph\nneo4j\tJava\t13000\tgraph database\n\tempty\t0\tleading tab\nlast\trow\t1\ttrailing tab\t\n' >"$FIX/tabs.tsv"
	cat >"$FIX/README.md" <<'EOF'
# Fixture

A small tree for the **filesystem** MCP server.

- `tabs.tsv` has real TAB characters
- `data.json` is a small JSON file
- `pixel.png` is an 8x8 PNG

```go
fmt.Println("hello")
```
EOF
	cat >"$FIX/data.json" <<'EOF'
{"name": "fixture", "version": 3, "tags": ["mcp", "test"], "nested": {"ok": true, "ratio": 0.25, "none": null}}
EOF
	printf '%s' "$PNG_B64" | base64 -d >"$FIX/pixel.png"
	printf 'package internal\n\n// Deep is three levels down.\nconst Deep = true\n' >"$FIX/src/pkg/internal/deep.go"
	printf 'package pkg\n\nfunc Hello() string { return "hello" }\n' >"$FIX/src/pkg/hello.go"
	printf 'module example.com/fixture\n\ngo 1.26\n' >"$FIX/src/go.mod"
	printf '# Guide\n\nStep one.\nStep two.\n' >"$FIX/docs/guide.md"
	printf 'Hyvää huomenta! Grüße aus Zürich.\n日本語のテキスト\nEmoji: ☕ 🚀\n' >"$FIX/ünïcödé/päiväkirja.txt"
	: >"$FIX/empty.txt"
	find "$FIX" -exec touch -h -d '2026-01-02 03:04:05 UTC' {} +
}

# -------------------------------------------------------------- inspector ---
# insp FILE [inspector args...]: stdout goes to testdata/mcp/FILE as printed;
# stderr (server banners, inspector envelopes) to $LOG/FILE.stderr.
insp() {
	local name=$1 rc
	shift
	env -i PATH="$SAFE_PATH" HOME="$KPHOME" "$SCRATCH/node_modules/.bin/mcp-inspector" --cli --connect-timeout 120000 "$@" \
		</dev/null >"$OUT/$name" 2>"$LOG/$name.stderr"
	rc=$?
	echo "$rc $name" >>"$LOG/exit-codes.txt"
	[ "$rc" -eq 0 ] || echo "  $name: exit $rc"
}

capture_everything_stdio() {
	echo "everything (stdio, inspector)"
	local S=(node "$(EV_JS)")
	insp everything_tools_list.json "${S[@]}" --method tools/list
	insp everything_prompts_list.json "${S[@]}" --method prompts/list
	insp everything_prompts_get_simple.json "${S[@]}" --method prompts/get --prompt-name simple-prompt
	insp everything_prompts_get_args.json "${S[@]}" --method prompts/get --prompt-name args-prompt --prompt-args city=Helsinki state=Uusimaa
	insp everything_prompts_get_completable.json "${S[@]}" --method prompts/get --prompt-name completable-prompt --prompt-args department=Engineering name=Alice
	insp everything_prompts_get_resource_text.json "${S[@]}" --method prompts/get --prompt-name resource-prompt --prompt-args resourceType=Text resourceId=3
	insp everything_prompts_get_resource_blob.json "${S[@]}" --method prompts/get --prompt-name resource-prompt --prompt-args resourceType=Blob resourceId=4
	insp everything_resources_list.json "${S[@]}" --method resources/list
	insp everything_resources_templates_list.json "${S[@]}" --method resources/templates/list
	insp everything_resources_read_text.json "${S[@]}" --method resources/read --uri demo://resource/dynamic/text/1
	insp everything_resources_read_blob.json "${S[@]}" --method resources/read --uri demo://resource/dynamic/blob/2
	insp everything_resources_read_markdown.json "${S[@]}" --method resources/read --uri demo://resource/static/document/startup.md
	insp everything_logging_setlevel.json "${S[@]}" --method logging/setLevel --log-level debug
	insp everything_echo.json "${S[@]}" --method tools/call --tool-name echo --tool-arg 'message=Hello, MCP! Grüße 👋'
	insp everything_echo_format_json.json --format json "${S[@]}" --method tools/call --tool-name echo --tool-arg 'message=Hello, MCP!'
	insp everything_get_sum.json "${S[@]}" --method tools/call --tool-name get-sum --tool-arg a=40 b=2.5
	insp everything_get_sum_bad_args.json "${S[@]}" --method tools/call --tool-name get-sum --tool-args-json '{"a":"forty","b":2}'
	insp everything_echo_missing_arg.json "${S[@]}" --method tools/call --tool-name echo
	insp everything_get_env.json "${S[@]}" --method tools/call --tool-name get-env
	insp everything_get_tiny_image.json "${S[@]}" --method tools/call --tool-name get-tiny-image
	insp everything_annotated_message_error.json "${S[@]}" --method tools/call --tool-name get-annotated-message --tool-arg messageType=error
	insp everything_annotated_message_success_image.json "${S[@]}" --method tools/call --tool-name get-annotated-message --tool-args-json '{"messageType":"success","includeImage":true}'
	insp everything_annotated_message_debug.json "${S[@]}" --method tools/call --tool-name get-annotated-message --tool-arg messageType=debug
	insp everything_resource_links.json "${S[@]}" --method tools/call --tool-name get-resource-links --tool-arg count=4
	insp everything_resource_reference_text.json "${S[@]}" --method tools/call --tool-name get-resource-reference --tool-arg resourceType=Text resourceId=5
	insp everything_resource_reference_blob.json "${S[@]}" --method tools/call --tool-name get-resource-reference --tool-arg resourceType=Blob resourceId=6
	insp everything_resource_reference_bad_enum.json "${S[@]}" --method tools/call --tool-name get-resource-reference --tool-arg resourceType=text resourceId=6
	insp everything_structured_content.json "${S[@]}" --method tools/call --tool-name get-structured-content --tool-arg location=Chicago
	insp everything_gzip_resource_link.json "${S[@]}" --method tools/call --tool-name gzip-file-as-resource --tool-args-json '{"name":"hello.txt.gz","data":"data:text/plain;base64,SGVsbG8sIGd6aXAhCg=="}'
	insp everything_gzip_resource_inline.json "${S[@]}" --method tools/call --tool-name gzip-file-as-resource --tool-args-json '{"name":"hello.txt.gz","data":"data:text/plain;base64,SGVsbG8sIGd6aXAhCg==","outputType":"resource"}'
	insp everything_toggle_logging.json "${S[@]}" --method tools/call --tool-name toggle-simulated-logging
	insp everything_toggle_subscriber_updates.json "${S[@]}" --method tools/call --tool-name toggle-subscriber-updates
	insp everything_long_running.json "${S[@]}" --method tools/call --tool-name trigger-long-running-operation --tool-args-json '{"duration":1,"steps":2}'
	insp everything_get_roots_list.json "${S[@]}" --method tools/call --tool-name get-roots-list
	insp everything_research_task.json "${S[@]}" --method tools/call --tool-name simulate-research-query --tool-arg topic=python
}

capture_memory() {
	echo "memory (stdio, inspector)"
	local mem="$SCRATCH/memory.jsonl"
	rm -f "$mem"
	local S=(-e "MEMORY_FILE_PATH=$mem" node "$(MEM_JS)")
	insp memory_tools_list.json "${S[@]}" --method tools/list
	insp memory_read_graph_empty.json "${S[@]}" --method tools/call --tool-name read_graph
	insp memory_create_entities.json "${S[@]}" --method tools/call --tool-name create_entities --tool-args-json '{"entities":[
		{"name":"Alice","entityType":"person","observations":["Maintains Graphiti","Lives in Helsinki","Prefers Go over Python"]},
		{"name":"Graphiti","entityType":"project","observations":["Temporal knowledge graph library","Written in Python"]},
		{"name":"Neo4j","entityType":"database","observations":["Graph database","Speaks Cypher"]},
		{"name":"Zoë","entityType":"person","observations":["Reviews pull requests","Name has a non-ASCII letter: ë"]}]}'
	insp memory_create_entities_duplicate.json "${S[@]}" --method tools/call --tool-name create_entities --tool-args-json '{"entities":[{"name":"Alice","entityType":"person","observations":["duplicate"]}]}'
	insp memory_create_relations.json "${S[@]}" --method tools/call --tool-name create_relations --tool-args-json '{"relations":[
		{"from":"Alice","to":"Graphiti","relationType":"maintains"},
		{"from":"Graphiti","to":"Neo4j","relationType":"uses"},
		{"from":"Zoë","to":"Graphiti","relationType":"reviews"}]}'
	insp memory_add_observations.json "${S[@]}" --method tools/call --tool-name add_observations --tool-args-json '{"observations":[
		{"entityName":"Alice","contents":["Gave a talk at GopherCon","Maintains Graphiti"]},
		{"entityName":"Neo4j","contents":["Version 5 in production"]}]}'
	insp memory_add_observations_unknown_entity.json "${S[@]}" --method tools/call --tool-name add_observations --tool-args-json '{"observations":[{"entityName":"Nobody","contents":["x"]}]}'
	insp memory_read_graph.json "${S[@]}" --method tools/call --tool-name read_graph
	insp memory_search_nodes.json "${S[@]}" --method tools/call --tool-name search_nodes --tool-arg query=graph
	insp memory_search_nodes_none.json "${S[@]}" --method tools/call --tool-name search_nodes --tool-arg query=kubernetes
	insp memory_open_nodes.json "${S[@]}" --method tools/call --tool-name open_nodes --tool-args-json '{"names":["Alice","Neo4j","Missing"]}'
	insp memory_delete_observations.json "${S[@]}" --method tools/call --tool-name delete_observations --tool-args-json '{"deletions":[{"entityName":"Alice","observations":["Lives in Helsinki"]}]}'
	insp memory_delete_relations.json "${S[@]}" --method tools/call --tool-name delete_relations --tool-args-json '{"relations":[{"from":"Graphiti","to":"Neo4j","relationType":"uses"}]}'
	insp memory_delete_entities.json "${S[@]}" --method tools/call --tool-name delete_entities --tool-args-json '{"entityNames":["Zoë"]}'
	insp memory_read_graph_final.json "${S[@]}" --method tools/call --tool-name read_graph
	insp memory_bad_args.json "${S[@]}" --method tools/call --tool-name create_entities --tool-args-json '{"entities":[{"name":"NoType"}]}'
}

capture_filesystem() {
	echo "filesystem (stdio, inspector)"
	build_fixture
	local S=(node "$(FS_JS)" "$FIX")
	insp filesystem_tools_list.json "${S[@]}" --method tools/list
	insp filesystem_list_allowed_directories.json "${S[@]}" --method tools/call --tool-name list_allowed_directories
	insp filesystem_list_directory.json "${S[@]}" --method tools/call --tool-name list_directory --tool-arg "path=$FIX"
	insp filesystem_list_directory_with_sizes.json "${S[@]}" --method tools/call --tool-name list_directory_with_sizes --tool-arg "path=$FIX" sortBy=size
	insp filesystem_directory_tree.json "${S[@]}" --method tools/call --tool-name directory_tree --tool-arg "path=$FIX"
	insp filesystem_read_text_file_tabs.json "${S[@]}" --method tools/call --tool-name read_text_file --tool-arg "path=$FIX/tabs.tsv"
	insp filesystem_read_text_file_head.json "${S[@]}" --method tools/call --tool-name read_text_file --tool-arg "path=$FIX/tabs.tsv" head=2
	insp filesystem_read_text_file_tail.json "${S[@]}" --method tools/call --tool-name read_text_file --tool-arg "path=$FIX/tabs.tsv" tail=2
	insp filesystem_read_text_file_unicode.json "${S[@]}" --method tools/call --tool-name read_text_file --tool-arg "path=$FIX/ünïcödé/päiväkirja.txt"
	insp filesystem_read_text_file_markdown.json "${S[@]}" --method tools/call --tool-name read_text_file --tool-arg "path=$FIX/README.md"
	insp filesystem_read_file_json.json "${S[@]}" --method tools/call --tool-name read_file --tool-arg "path=$FIX/data.json"
	insp filesystem_read_media_file.json "${S[@]}" --method tools/call --tool-name read_media_file --tool-arg "path=$FIX/pixel.png"
	insp filesystem_read_multiple_files.json "${S[@]}" --method tools/call --tool-name read_multiple_files --tool-args-json "{\"paths\":[\"$FIX/data.json\",\"$FIX/docs/guide.md\",\"$FIX/missing.txt\",\"/etc/hostname\"]}"
	insp filesystem_write_file.json "${S[@]}" --method tools/call --tool-name write_file --tool-args-json "{\"path\":\"$FIX/new.txt\",\"content\":\"first line\\nsecond\\tline\\nthird line\\n\"}"
	insp filesystem_edit_file_dry_run.json "${S[@]}" --method tools/call --tool-name edit_file --tool-args-json "{\"path\":\"$FIX/new.txt\",\"edits\":[{\"oldText\":\"second\\tline\",\"newText\":\"second line (edited)\\nan added line\"}],\"dryRun\":true}"
	insp filesystem_edit_file.json "${S[@]}" --method tools/call --tool-name edit_file --tool-args-json "{\"path\":\"$FIX/README.md\",\"edits\":[{\"oldText\":\"# Fixture\",\"newText\":\"# Fixture (edited)\"},{\"oldText\":\"- \`pixel.png\` is an 8x8 PNG\",\"newText\":\"- \`pixel.png\` is a tiny PNG\"}]}"
	insp filesystem_edit_file_no_match.json "${S[@]}" --method tools/call --tool-name edit_file --tool-args-json "{\"path\":\"$FIX/new.txt\",\"edits\":[{\"oldText\":\"not in the file\",\"newText\":\"x\"}]}"
	insp filesystem_create_directory.json "${S[@]}" --method tools/call --tool-name create_directory --tool-arg "path=$FIX/made/by/server"
	insp filesystem_move_file.json "${S[@]}" --method tools/call --tool-name move_file --tool-arg "source=$FIX/new.txt" "destination=$FIX/made/by/server/moved.txt"
	insp filesystem_search_files.json "${S[@]}" --method tools/call --tool-name search_files --tool-arg "path=$FIX" 'pattern=**/*.go'
	insp filesystem_search_files_none.json "${S[@]}" --method tools/call --tool-name search_files --tool-arg "path=$FIX" 'pattern=*.rs'
	insp filesystem_get_file_info.json "${S[@]}" --method tools/call --tool-name get_file_info --tool-arg "path=$FIX/tabs.tsv"
	insp filesystem_access_denied.json "${S[@]}" --method tools/call --tool-name read_text_file --tool-arg path=/etc/hostname
	insp filesystem_not_found.json "${S[@]}" --method tools/call --tool-name get_file_info --tool-arg "path=$FIX/missing.txt"
	insp filesystem_directory_tree_after.json "${S[@]}" --method tools/call --tool-name directory_tree --tool-args-json "{\"path\":\"$FIX\",\"excludePatterns\":[\"*.png\"]}"
}

capture_inspector_failures() {
	echo "inspector failures"
	insp inspector_tool_not_found.json node "$(EV_JS)" --method tools/call --tool-name nope
	cp "$LOG/inspector_tool_not_found.json.stderr" "$OUT/inspector_tool_not_found.stderr.txt"
	# The server's start-up banner on stderr lands before the JSON when 2>&1.
	env -i PATH="$SAFE_PATH" HOME="$KPHOME" "$SCRATCH/node_modules/.bin/mcp-inspector" --cli --connect-timeout 120000 \
		node "$(FS_JS)" "$FIX" --method tools/call --tool-name list_allowed_directories \
		</dev/null >"$OUT/inspector_banner_2to1.txt" 2>&1
	echo "$? inspector_banner_2to1.txt" >>"$LOG/exit-codes.txt"
}

# ------------------------------------------------------ streamable HTTP ----
HTTP_PID=
start_http() {
	env -i PATH="$SAFE_PATH" HOME="$KPHOME" PORT="$PORT" node -r "$SCRATCH/loopback.cjs" "$(EV_JS)" streamableHttp \
		>"$LOG/everything-http.log" 2>&1 &
	HTTP_PID=$!
	BG+=("$HTTP_PID")
	local i
	for i in $(seq 100); do
		curl -s -o /dev/null "$URL" && return 0
		sleep 0.1
	done
	echo "everything streamableHttp did not start" >&2
	exit 1
}
stop_http() {
	kill "$HTTP_PID" 2>/dev/null
	wait "$HTTP_PID" 2>/dev/null
}

SID=
JSON_H=(-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream')
# post BODY [curl options]: the raw body of a POST in the current session.
post() {
	local body=$1
	shift
	curl -sN --max-time 30 "$@" "${JSON_H[@]}" -H "Mcp-Session-Id: $SID" -H "MCP-Protocol-Version: $PROTO" "$URL" -d "$body"
}
# posti BODY [curl options]: status line, headers and body.
posti() {
	local body=$1
	shift
	curl -si --max-time 30 "$@" "${JSON_H[@]}" -H "Mcp-Session-Id: $SID" -H "MCP-Protocol-Version: $PROTO" "$URL" -d "$body"
}

# The client side of server-to-client requests, as a stub client would answer:
# roots, sampling, elicitation (form, url and as a task) and the tasks/get and
# tasks/result polls the server sends for client-side tasks.
RESPOND='. as $m
| "2026-01-02T03:04:05.000Z" as $ts
| (if .method == "roots/list" then {roots: [{uri: "file:///tmp/kp-fs-fixture", name: "Fixture"}]}
   elif .method == "sampling/createMessage" then
     if .params.task then {task: {taskId: "client-sampling-1", status: "working", ttl: .params.task.ttl, createdAt: $ts, lastUpdatedAt: $ts, pollInterval: 1000}}
     else {role: "assistant", content: {type: "text", text: "Hei maailma! 👋"}, model: "stub-model", stopReason: "endTurn"} end
   elif .method == "elicitation/create" then
     if .params.task then {task: {taskId: "client-elicitation-1", status: "working", ttl: .params.task.ttl, createdAt: $ts, lastUpdatedAt: $ts, pollInterval: 1000}}
     elif .params.mode == "url" then {action: "accept"}
     elif .params.requestedSchema.properties.interpretation then {action: "accept", content: {interpretation: "programming"}}
     else {action: "accept", content: {name: "Ada Lövelace", check: true, email: "ada@example.org", integer: 7, untitledSingleSelectEnum: "Phoebe"}} end
   elif .method == "tasks/get" then {taskId: .params.taskId, status: "completed", statusMessage: "done", ttl: 300000, createdAt: $ts, lastUpdatedAt: $ts, pollInterval: 1000}
   elif .method == "tasks/result" then
     if .params.taskId == "client-sampling-1" then {role: "assistant", content: {type: "text", text: "Async hei!"}, model: "stub-model", stopReason: "endTurn"}
     else {action: "accept", content: {name: "Ada", favoriteColor: "Purple", agreeToTerms: true}} end
   elif .method == "ping" then {}
   else null end) as $r
| if $r == null then {jsonrpc: "2.0", id: $m.id, error: {code: -32601, message: "Method not found"}}
  else {jsonrpc: "2.0", id: $m.id, result: $r} end'

# drive FILE PID: while the curl with PID writes an SSE stream to FILE, answer
# every server-to-client request that appears in it, once.
drive() {
	local file=$1 pid=$2 seen=" " msg id
	while :; do
		while IFS= read -r msg; do
			id=$(jq -r '.id' <<<"$msg")
			[[ $seen == *" $id "* ]] && continue
			seen+="$id "
			curl -s --max-time 10 -o /dev/null "${JSON_H[@]}" -H "Mcp-Session-Id: $SID" -H "MCP-Protocol-Version: $PROTO" "$URL" \
				-d "$(jq -c "$RESPOND" <<<"$msg")"
		done < <(sed -n 's/^data: \({.*\)$/\1/p' "$file" | jq -c 'select(.method != null and .id != null)' 2>/dev/null)
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
}

# interact FILE BODY: POST BODY, stream to FILE, answering server requests.
interact() {
	local file=$1 body=$2 cp dp
	post "$body" >"$file" &
	cp=$!
	drive "$file" "$cp" &
	dp=$!
	wait "$cp"
	wait "$dp"
}

INIT='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{"listChanged":true},"sampling":{},"elicitation":{"form":{},"url":{}},"tasks":{"list":{},"cancel":{},"requests":{"sampling":{"createMessage":{}},"elicitation":{"create":{}}}}},"clientInfo":{"name":"khive-pretty-capture","version":"1.0.0"}}}'
GET_PID=
GET_DRIVE_PID=
# new_session INIT_OUT INITIALIZED_OUT GET_OUT: initialize, open the standalone
# GET stream (the server sends tools/list_changed and its roots/list request
# there, and they are lost if no stream is open), then notifications/initialized.
new_session() {
	curl -si --max-time 10 "${JSON_H[@]}" "$URL" -d "$INIT" >"$1"
	SID=$(grep -i '^mcp-session-id:' "$1" | tr -d '\r' | awk '{print $2}')
	[ -n "$SID" ] || {
		echo "no session id" >&2
		exit 1
	}
	: >"$3"
	curl -sN -H 'Accept: text/event-stream' -H "Mcp-Session-Id: $SID" -H "MCP-Protocol-Version: $PROTO" "$URL" >"$3" &
	GET_PID=$!
	BG+=("$GET_PID")
	drive "$3" "$GET_PID" &
	GET_DRIVE_PID=$!
	BG+=("$GET_DRIVE_PID")
	sleep 0.3
	posti '{"jsonrpc":"2.0","method":"notifications/initialized"}' >"$2"
	sleep 1 # the server asks for roots 350 ms after initialized
}
# end_session DELETE_OUT: DELETE the session; the GET stream then ends.
end_session() {
	curl -si --max-time 10 -X DELETE -H "Mcp-Session-Id: $SID" -H "MCP-Protocol-Version: $PROTO" "$URL" >"$1"
	sleep 0.3
	kill "$GET_PID" 2>/dev/null
	wait "$GET_PID" 2>/dev/null
	wait "$GET_DRIVE_PID" 2>/dev/null
}

call() { # call ID TOOL ARGS-JSON [EXTRA-PARAMS-JSON]: a tools/call body
	local extra='{}'
	[ $# -ge 4 ] && extra=$4
	jq -cn --argjson id "$1" --arg name "$2" --argjson args "$3" --argjson extra "$extra" \
		'{jsonrpc: "2.0", id: $id, method: "tools/call", params: ({name: $name, arguments: $args} + $extra)}'
}

capture_everything_http() {
	echo "everything (streamable HTTP, curl)"
	start_http
	local S=everything_http

	# Session A: the basics, server-to-client requests, errors.
	new_session "$OUT/everything_initialize.http" "$OUT/${S}_initialized_notification.http" "$OUT/${S}_get_stream.sse"
	post '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' >"$OUT/${S}_tools_list.sse"
	post '{"jsonrpc":"2.0","id":2,"method":"prompts/list"}' >"$OUT/${S}_prompts_list.sse"
	post '{"jsonrpc":"2.0","id":3,"method":"resources/list"}' >"$OUT/${S}_resources_list.sse"
	post '{"jsonrpc":"2.0","id":4,"method":"resources/templates/list"}' >"$OUT/${S}_resources_templates_list.sse"
	post '{"jsonrpc":"2.0","id":5,"method":"ping"}' >"$OUT/${S}_ping.sse"
	post "$(call 6 get-roots-list '{}')" >"$OUT/${S}_get_roots_list.sse"
	post "$(call 7 trigger-long-running-operation '{"duration":2.5,"steps":5}' '{"_meta":{"progressToken":"kp-progress-7"}}')" >"$OUT/${S}_long_running_progress.sse"
	interact "$OUT/${S}_sampling.sse" "$(call 8 trigger-sampling-request '{"prompt":"Say hello in Finnish","maxTokens":50}')"
	# Nobody answers this one: the stream stops after the server's request.
	post "$(call 9 trigger-sampling-request '{"prompt":"Nobody will answer"}')" --max-time 5 >"$OUT/${S}_sampling_unanswered.sse"
	interact "$OUT/${S}_elicitation.sse" "$(call 10 trigger-elicitation-request '{}')"
	interact "$OUT/${S}_url_elicitation.sse" "$(call 11 trigger-url-elicitation '{"url":"https://example.org/connect","elicitationId":"kp-elicit-11"}')"
	post "$(call 12 trigger-url-elicitation '{"url":"https://example.org/authorize","elicitationId":"kp-elicit-12","errorPath":true}')" >"$OUT/${S}_url_elicitation_error.sse"
	interact "$OUT/${S}_sampling_async.sse" "$(call 13 trigger-sampling-request-async '{"prompt":"Summarise MCP tasks","maxTokens":60}')"
	interact "$OUT/${S}_elicitation_async.sse" "$(call 14 trigger-elicitation-request-async '{}')"
	post "$(call 15 gzip-file-as-resource '{"name":"hello.txt.gz","data":"data:text/plain;base64,SGVsbG8sIGd6aXAhCg=="}')" >"$OUT/${S}_gzip_resource_link.sse"
	post '{"jsonrpc":"2.0","id":16,"method":"resources/read","params":{"uri":"demo://resource/session/hello.txt.gz"}}' >"$OUT/${S}_resources_read_session.sse"
	post '{"jsonrpc":"2.0","id":17,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"completable-prompt"},"argument":{"name":"name","value":""},"context":{"arguments":{"department":"Engineering"}}}}' >"$OUT/${S}_completion_complete.sse"
	posti '{"jsonrpc":"2.0","id":20,"method":"nope/unknown"}' >"$OUT/${S}_unknown_method.http"
	posti '{"jsonrpc":"2.0","id":21,"method":"prompts/get","params":{"name":"args-prompt","arguments":{}}}' >"$OUT/${S}_invalid_params.http"
	post "$(call 22 get-sum '{"a":"forty","b":2}')" >"$OUT/${S}_tool_bad_args.sse"
	post "$(call 23 no-such-tool '{}')" >"$OUT/${S}_unknown_tool.sse"
	post '{"jsonrpc":"2.0","id":24,"method":"resources/read","params":{"uri":"demo://resource/nope"}}' >"$OUT/${S}_resource_not_found.sse"
	posti '{"jsonrpc":"2.0","id":25,"method":"tools/list",' >"$OUT/${S}_parse_error.http"
	curl -si --max-time 10 -H 'Content-Type: application/json' -H 'Accept: application/json' -H "Mcp-Session-Id: $SID" "$URL" \
		-d '{"jsonrpc":"2.0","id":26,"method":"tools/list"}' >"$OUT/${S}_not_acceptable.http"
	curl -si --max-time 10 "${JSON_H[@]}" "$URL" -d '{"jsonrpc":"2.0","id":27,"method":"tools/list"}' >"$OUT/${S}_no_session.http"
	end_session "$OUT/${S}_delete_session.http"
	curl -si --max-time 10 "${JSON_H[@]}" -H "Mcp-Session-Id: $SID" "$URL" -d '{"jsonrpc":"2.0","id":28,"method":"tools/list"}' >"$OUT/${S}_after_delete.http"

	# Session B: MCP tasks (SEP-1686) run by the server.
	new_session "$LOG/b_init.http" "$LOG/b_initialized.http" "$LOG/b_get.sse"
	local ttl='{"task":{"ttl":60000}}' tid
	post "$(call 1 simulate-research-query '{"topic":"MCP tasks"}' "$ttl")" >"$OUT/${S}_task_create.sse"
	tid=$(sed -n 's/^data: \({.*\)$/\1/p' "$OUT/${S}_task_create.sse" | jq -r '.result.task.taskId // empty')
	sleep 1.5
	post "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tasks/get\",\"params\":{\"taskId\":\"$tid\"}}" >"$OUT/${S}_tasks_get_working.sse"
	post '{"jsonrpc":"2.0","id":3,"method":"tasks/list"}' >"$OUT/${S}_tasks_list.sse"
	sleep 3.5
	post "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tasks/get\",\"params\":{\"taskId\":\"$tid\"}}" >"$OUT/${S}_tasks_get_completed.sse"
	post "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tasks/result\",\"params\":{\"taskId\":\"$tid\"}}" >"$OUT/${S}_tasks_result.sse"
	# Ambiguous topic: the task stops in input_required and its elicitation
	# arrives on the tasks/result stream.
	post "$(call 6 simulate-research-query '{"topic":"python","ambiguous":true}' "$ttl")" >"$LOG/b_task2.sse"
	tid=$(sed -n 's/^data: \({.*\)$/\1/p' "$LOG/b_task2.sse" | jq -r '.result.task.taskId // empty')
	sleep 2.5
	post "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tasks/get\",\"params\":{\"taskId\":\"$tid\"}}" >"$OUT/${S}_tasks_get_input_required.sse"
	interact "$OUT/${S}_tasks_result_elicitation.sse" "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tasks/result\",\"params\":{\"taskId\":\"$tid\"}}"
	post "$(call 9 simulate-research-query '{"topic":"cancel me"}' "$ttl")" >"$LOG/b_task3.sse"
	tid=$(sed -n 's/^data: \({.*\)$/\1/p' "$LOG/b_task3.sse" | jq -r '.result.task.taskId // empty')
	post "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tasks/cancel\",\"params\":{\"taskId\":\"$tid\"}}" >"$OUT/${S}_tasks_cancel.sse"
	post '{"jsonrpc":"2.0","id":11,"method":"tasks/get","params":{"taskId":"no-such-task"}}' >"$OUT/${S}_tasks_get_unknown.sse"
	post "$(call 12 simulate-research-query '{"topic":"no task param"}')" >"$OUT/${S}_task_required_error.sse"
	end_session "$LOG/b_delete.http"

	# Session C: logging and resource subscriptions on the standalone stream.
	new_session "$LOG/c_init.http" "$LOG/c_initialized.http" "$OUT/${S}_notifications_stream.sse"
	post '{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"debug"}}' >"$OUT/${S}_logging_setlevel.sse"
	post '{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"demo://resource/static/document/features.md"}}' >"$OUT/${S}_resources_subscribe.sse"
	post "$(call 3 toggle-simulated-logging '{}')" >"$OUT/${S}_toggle_logging.sse"
	post "$(call 4 toggle-subscriber-updates '{}')" >"$OUT/${S}_toggle_subscriber_updates.sse"
	sleep 11
	post "$(call 5 toggle-simulated-logging '{}')" >"$LOG/c_toggle_off.sse"
	post "$(call 6 toggle-subscriber-updates '{}')" >"$LOG/c_toggle_off2.sse"
	end_session "$LOG/c_delete.http"

	stop_http
}

# Sections may be named on the command line (e.g. `capture.sh http`); the
# default is all of them. install always runs.
install_packages
[ $# -gt 0 ] || set -- stdio memory filesystem failures http
for section; do
	case $section in
	stdio) capture_everything_stdio ;;
	memory) capture_memory ;;
	filesystem) capture_filesystem ;;
	failures) build_fixture && capture_inspector_failures ;;
	http) capture_everything_http ;;
	*) echo "unknown section $section" >&2 ;;
	esac
done
cleanup
echo "exit codes other than 0:"
grep -v '^0 ' "$LOG/exit-codes.txt"
