#!/usr/bin/env bash
# capture_go.sh reproduces every Go-server capture in testdata/mcp/ from
# scratch (the gosdk_* and mcpgo_* files; SOURCES_go.md describes each one).
#
# It builds example servers of the two Go MCP libraries, at pinned versions,
# in a scratch module (never in the repository):
#   github.com/modelcontextprotocol/go-sdk  examples/server/everything
#   github.com/mark3labs/mcp-go             examples/everything, roots_server,
#                                           conformance
# and records what each one really sends:
#   *.json        one raw stdout line of a stdio server (the reply to one
#                 request), byte for byte, newline included
#   *.ndjson      several raw stdout lines read while one request ran
#                 (a notification, then the reply)
#   *.stdout.txt  a whole stdio session's stdout, non-JSON lines included
#   *.stderr.txt  a server's stderr (banners, logs)
#   *.http        `curl -si` output (status line + headers + body)
#   *.sse         `curl -sN` body of a streamable HTTP reply
#
# stdio requests are written by this script itself (a bash coprocess; no MCP
# inspector): each request is sent once the previous reply has been read,
# and every line the server prints meanwhile is kept in order.
#
# Needs: go (>= 1.25.5), curl, jq. Network: only the Go module proxy.
# Servers listen on 127.0.0.1 only, run with an empty environment
# (env -i HOME=$KPHOME PATH=/usr/bin:/bin), and are stopped by PID.
#
# Captures are not byte-for-byte reproducible: session ids, Date headers,
# log timestamps and the pointer values in mcp-go's hook logs change on
# every run. Their shapes do not.
#
# Usage: testdata/mcp/capture_go.sh
#   (SCRATCH=/tmp/go-mcp GOSDK_PORT=39431 MCPGO_PORT=39432 by default)
set -uo pipefail # no -e: several captures are meant to fail (HTTP 4xx, errors)

OUT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCRATCH="${SCRATCH:-/tmp/go-mcp}"
BUILD="$SCRATCH/build"
BIN="$BUILD/bin"
LOG="$SCRATCH/logs"
KPHOME=/tmp/kp-home
GOSDK_PORT="${GOSDK_PORT:-39431}"
MCPGO_PORT="${MCPGO_PORT:-39432}"
PROTO=2025-11-25

V_GOSDK=v1.8.0 # github.com/modelcontextprotocol/go-sdk
V_MCPGO=v1.2.1 # github.com/mark3labs/mcp-go

GO="${GO:-$(command -v go || echo /usr/local/go/bin/go)}"
SAFE_ENV=(env -i "HOME=$KPHOME" PATH=/usr/bin:/bin)

INIT='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"'$PROTO'","capabilities":{},"clientInfo":{"name":"kp-capture","version":"0.0.1"}}}'
INITIALIZED='{"jsonrpc":"2.0","method":"notifications/initialized"}'


# SAFE_PATH, and BG/cleanup: the PIDs this script starts, stopped on exit.
. "$OUT/capture_lib.sh"

unbg() { # forget a PID that has been stopped
	local p keep=()
	for p in "${BG[@]}"; do [ "$p" = "$1" ] || keep+=("$p"); done
	BG=("${keep[@]}")
}

say() { printf '== %s\n' "$*" >&2; }
die() {
	printf 'capture_go.sh: %s\n' "$*" >&2
	exit 1
}

# ------------------------------------------------------------------ build ---
build() {
	say "building go-sdk@$V_GOSDK and mcp-go@$V_MCPGO examples in $BUILD"
	rm -rf "$BUILD"
	mkdir -p "$BIN" "$LOG" "$KPHOME"
	local gosdk=github.com/modelcontextprotocol/go-sdk/examples/server
	local mcpgo=github.com/mark3labs/mcp-go/examples
	(
		cd "$BUILD" || exit 1
		export GOWORK=off GOTOOLCHAIN=local GOFLAGS=
		"$GO" mod init kp-go-mcp-capture &&
			"$GO" get "$gosdk/everything@$V_GOSDK" \
				"$mcpgo/everything@$V_MCPGO" "$mcpgo/roots_server@$V_MCPGO" "$mcpgo/conformance@$V_MCPGO" &&
			"$GO" build -o bin/gosdk_everything "$gosdk/everything" &&
			"$GO" build -o bin/mcpgo_everything "$mcpgo/everything" &&
			"$GO" build -o bin/mcpgo_roots_server "$mcpgo/roots_server" &&
			"$GO" build -o bin/mcpgo_conformance "$mcpgo/conformance"
	) >"$LOG/build.log" 2>&1 || die "build failed, see $LOG/build.log"
}

# ------------------------------------------------------------ stdio rpc ---
# A stdio server runs as a coprocess. rpc sends one request and reads the
# server's stdout until the reply with that id has come: every line read is
# appended to $TRANSCRIPT, kept in RECEIVED, and the reply is kept in REPLY.
# A request the server sends meanwhile (roots/list) is answered.
SRV_R= SRV_W= SRV_PID_= TRANSCRIPT= REPLY= RECEIVED=()

start_stdio() { # start_stdio NAME BINARY [ARGS...]
	local name=$1
	shift
	TRANSCRIPT="$LOG/$name.stdout"
	: >"$TRANSCRIPT"
	coproc SRV { exec "${SAFE_ENV[@]}" "$@" 2>"$LOG/$name.stderr"; }
	SRV_R=${SRV[0]} SRV_W=${SRV[1]} SRV_PID_=$SRV_PID
	BG+=("$SRV_PID_")
}

send() { printf '%s\n' "$1" >&"$SRV_W"; }

is_reply() { jq -e --argjson id "$2" 'type=="object" and .id==$id and (has("result") or has("error")) and (has("method")|not)' <<<"$1" >/dev/null 2>&1; }
is_request() { jq -e 'type=="object" and has("method") and has("id")' <<<"$1" >/dev/null 2>&1; }

answer() { # the client's side of a server-to-client request
	local id method
	id=$(jq -c .id <<<"$1")
	method=$(jq -r .method <<<"$1")
	case "$method" in
	roots/list) send '{"jsonrpc":"2.0","id":'"$id"',"result":{"roots":[{"uri":"file:///tmp/kp-root","name":"kp-root"}]}}' ;;
	ping) send '{"jsonrpc":"2.0","id":'"$id"',"result":{}}' ;;
	*) send '{"jsonrpc":"2.0","id":'"$id"',"error":{"code":-32601,"message":"not supported by kp-capture"}}' ;;
	esac
}

rpc() { # rpc ID JSON   (ID as JSON: 7, null)
	local id=$1 line
	REPLY= RECEIVED=()
	send "$2"
	while IFS= read -r -t 15 -u "$SRV_R" line; do
		printf '%s\n' "$line" >>"$TRANSCRIPT"
		RECEIVED+=("$line")
		if is_reply "$line" "$id"; then
			REPLY=$line
			return 0
		fi
		if is_request "$line"; then answer "$line"; fi
	done
	printf 'capture_go.sh: no reply to id %s from %s\n' "$id" "$TRANSCRIPT" >&2
	return 1
}

save() { # save FILE: the last reply, as the server sent it
	[ -n "$REPLY" ] || {
		printf 'capture_go.sh: nothing to save as %s\n' "$1" >&2
		return 1
	}
	printf '%s\n' "$REPLY" >"$OUT/$1"
}

save_received() { printf '%s\n' "${RECEIVED[@]}" >"$OUT/$1"; }

stop_stdio() { # close stdin, keep what is still printed, stop by PID
	local line i
	exec {SRV_W}>&-
	while IFS= read -r -t 5 -u "$SRV_R" line; do printf '%s\n' "$line" >>"$TRANSCRIPT"; done
	exec {SRV_R}<&-
	for i in $(seq 50); do
		kill -0 "$SRV_PID_" 2>/dev/null || break
		sleep 0.1
	done
	kill "$SRV_PID_" 2>/dev/null
	wait "$SRV_PID_" 2>/dev/null
	unbg "$SRV_PID_"
}

# ------------------------------------------------------------- http ---------
ACCEPT='Accept: application/json, text/event-stream'
CTYPE='Content-Type: application/json'
PROTOH="MCP-Protocol-Version: $PROTO"
HTTP_PID=

start_http() { # start_http NAME PORT BINARY [ARGS...]; env via SRV_ENV
	local name=$1 port=$2 i
	shift 2
	if [ "$(curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$port/")" != 000 ]; then
		die "port $port is already in use"
	fi
	"${SAFE_ENV[@]}" "${SRV_ENV[@]}" "$@" 2>"$LOG/$name.stderr" &
	HTTP_PID=$!
	BG+=("$HTTP_PID")
	for i in $(seq 100); do
		[ "$(curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$port/")" != 000 ] && return 0
		sleep 0.1
	done
	die "$name did not listen on 127.0.0.1:$port"
}

stop_http() {
	kill "$HTTP_PID" 2>/dev/null
	wait "$HTTP_PID" 2>/dev/null
	unbg "$HTTP_PID"
}

post_i() { # post_i FILE URL [CURL ARGS...]: curl -si, unedited
	local file=$1 url=$2
	shift 2
	curl -si --max-time 15 "$url" "$@" >"$OUT/$file"
}

post_n() { # post_n FILE URL [CURL ARGS...]: curl -sN body
	local file=$1 url=$2
	shift 2
	curl -sN --max-time 15 "$url" "$@" >"$OUT/$file"
}

session_of() { grep -i '^mcp-session-id:' "$OUT/$1" | head -1 | cut -d' ' -f2 | tr -d '\r'; }

# ------------------------------------------------- go-sdk everything stdio ---
gosdk_stdio() {
	say "go-sdk everything, stdio"
	local p=gosdk_everything
	start_stdio "$p" "$BIN/gosdk_everything"
	rpc 1 "$INIT" && save ${p}_initialize.json
	send "$INITIALIZED"
	rpc 2 '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' && save ${p}_tools_list.json
	rpc 3 '{"jsonrpc":"2.0","id":3,"method":"prompts/list"}' && save ${p}_prompts_list.json
	rpc 4 '{"jsonrpc":"2.0","id":4,"method":"resources/list"}' && save ${p}_resources_list.json
	rpc 5 '{"jsonrpc":"2.0","id":5,"method":"resources/templates/list"}' && save ${p}_resources_templates_list.json
	rpc 6 '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"greet","arguments":{"name":"Ada"}}}' && save ${p}_tools_call.json
	rpc 7 '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"greet","arguments":{"name":42}}}' && save ${p}_tools_call_bad_args.json
	rpc 8 '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}' && save ${p}_tools_call_unknown_tool.json
	rpc 9 '{"jsonrpc":"2.0","id":9,"method":"resources/read","params":{"uri":"embedded:info"}}' && save ${p}_resources_read.json
	rpc 10 '{"jsonrpc":"2.0","id":10,"method":"prompts/get","params":{"name":"greet","arguments":{"name":"Ada"}}}' && save ${p}_prompts_get.json
	rpc 11 '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"greet (structured)","arguments":{"name":"Ada"}}}' && save ${p}_tools_call_structured.json
	rpc 12 '{"jsonrpc":"2.0","id":12,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"greet"},"argument":{"name":"name","value":"Ad"}}}' && save ${p}_completion_complete.json
	rpc 13 '{"jsonrpc":"2.0","id":13,"method":"logging/setLevel","params":{"level":"info"}}'
	rpc 14 '{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"log","arguments":{}}}' && save_received ${p}_tools_call_log.ndjson
	stop_stdio

	# A line that is not JSON ends the session: nothing on stdout, the
	# LoggingTransport's read:/write: lines and the failure on stderr.
	say "go-sdk everything, stdio, a malformed line"
	start_stdio ${p}_malformed "$BIN/gosdk_everything"
	rpc 1 "$INIT"
	send 'this is not json'
	stop_stdio
	cp "$LOG/${p}_malformed.stderr" "$OUT/${p}_malformed_line.stderr.txt"
}

# -------------------------------------------------- go-sdk everything http ---
gosdk_http() {
	say "go-sdk everything, streamable HTTP on 127.0.0.1:$GOSDK_PORT"
	local p=gosdk_everything_http url="http://127.0.0.1:$GOSDK_PORT/mcp" sid
	SRV_ENV=()
	start_http gosdk_everything_http "$GOSDK_PORT" "$BIN/gosdk_everything" -http "127.0.0.1:$GOSDK_PORT"
	post_i ${p}_initialize.http "$url" -H "$ACCEPT" -H "$CTYPE" -d "$INIT"
	sid=$(session_of ${p}_initialize.http)
	[ -n "$sid" ] || die "go-sdk gave no Mcp-Session-Id"
	local S=(-H "$ACCEPT" -H "$CTYPE" -H "$PROTOH" -H "Mcp-Session-Id: $sid")
	curl -s -o /dev/null --max-time 15 "$url" "${S[@]}" -d "$INITIALIZED"
	post_n ${p}_tools_list.sse "$url" "${S[@]}" -d '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
	curl -s -o /dev/null --max-time 15 "$url" "${S[@]}" -d '{"jsonrpc":"2.0","id":3,"method":"logging/setLevel","params":{"level":"info"}}'
	post_n ${p}_tools_call_log.sse "$url" "${S[@]}" -d '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"log","arguments":{}}}'
	post_i ${p}_malformed_json.http "$url" "${S[@]}" -d '{"jsonrpc":"2.0","id":5,"method":'
	post_i ${p}_batch.http "$url" "${S[@]}" -d '[{"jsonrpc":"2.0","id":6,"method":"ping"},{"jsonrpc":"2.0","id":7,"method":"ping"}]'
	post_i ${p}_bogus_session.http "$url" -H "$ACCEPT" -H "$CTYPE" -H "$PROTOH" -H "Mcp-Session-Id: no-such-session" -d '{"jsonrpc":"2.0","id":8,"method":"tools/list"}'
	post_i ${p}_bad_host.http "$url" "${S[@]}" -H "Host: evil.example.com" -d '{"jsonrpc":"2.0","id":9,"method":"ping"}'
	post_i ${p}_bad_protocol_version.http "$url" -H "$ACCEPT" -H "$CTYPE" -H "MCP-Protocol-Version: 1999-01-01" -H "Mcp-Session-Id: $sid" -d '{"jsonrpc":"2.0","id":10,"method":"ping"}'
	post_i ${p}_future_protocol_version.http "$url" -H "$ACCEPT" -H "$CTYPE" -H "MCP-Protocol-Version: 2026-07-28" -H "Mcp-Session-Id: $sid" -d '{"jsonrpc":"2.0","id":11,"method":"ping"}'
	post_i ${p}_no_session.http "$url" -H "$ACCEPT" -H "$CTYPE" -H "$PROTOH" -d '{"jsonrpc":"2.0","id":12,"method":"tools/list"}'
	curl -s -o /dev/null --max-time 15 -X DELETE "$url" -H "$PROTOH" -H "Mcp-Session-Id: $sid"
	stop_http
	cp "$LOG/gosdk_everything_http.stderr" "$OUT/${p}.stderr.txt"
}

# -------------------------------------------------- mcp-go everything stdio ---
mcpgo_stdio() {
	say "mcp-go everything, stdio"
	local p=mcpgo_everything
	start_stdio "$p" "$BIN/mcpgo_everything"
	rpc 1 "$INIT"
	send "$INITIALIZED"
	rpc 2 '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' && save ${p}_tools_list.json
	rpc 3 '{"jsonrpc":"2.0","id":3,"method":"prompts/list"}' && save ${p}_prompts_list.json
	rpc 4 '{"jsonrpc":"2.0","id":4,"method":"resources/list"}' && save ${p}_resources_list.json
	rpc 5 '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}' && save ${p}_tools_call.json
	rpc 6 '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"add","arguments":{"a":"two"}}}' && save ${p}_tools_call_bad_args.json
	rpc 7 '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}' && save ${p}_tools_call_unknown_tool.json
	rpc 8 '{"jsonrpc":"2.0","id":8,"method":"resources/read","params":{"uri":"test://static/resource/2"}}' && save ${p}_resources_read_blob.json
	rpc 9 '{"jsonrpc":"2.0","id":9,"method":"prompts/get","params":{"name":"complex_prompt","arguments":{"temperature":"0.7","style":"formal"}}}' && save ${p}_prompts_get.json
	rpc null 'this is not json' && save ${p}_parse_error.json
	stop_stdio

	# The hooks of this example log every request to stderr.
	say "mcp-go everything, stdio, stderr of a short session"
	start_stdio ${p}_short "$BIN/mcpgo_everything"
	rpc 1 "$INIT"
	send "$INITIALIZED"
	send '{"jsonrpc":"2.0","method":"notification"}'
	rpc 2 '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}'
	stop_stdio
	cp "$LOG/${p}_short.stderr" "$OUT/${p}.stderr.txt"
}

# ------------------------------------------------ mcp-go roots_server stdio ---
# Its notification handler prints to stdout, between the JSON-RPC lines;
# its roots tool sends a request (roots/list) to the client.
mcpgo_roots() {
	say "mcp-go roots_server, stdio"
	local p=mcpgo_roots_server
	start_stdio "$p" "$BIN/mcpgo_roots_server"
	rpc 1 '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"'$PROTO'","capabilities":{"roots":{"listChanged":true}},"clientInfo":{"name":"kp-capture","version":"0.0.1"}}}'
	send "$INITIALIZED"
	send '{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}'
	sleep 0.3
	rpc 2 '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
	rpc 3 '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"roots","arguments":{}}}'
	stop_stdio
	cp "$TRANSCRIPT" "$OUT/${p}.stdout.txt"
}

# ---------------------------------------------- mcp-go conformance http -----
mcpgo_http() {
	say "mcp-go conformance, streamable HTTP on 127.0.0.1:$MCPGO_PORT"
	local p=mcpgo_conformance_http url="http://127.0.0.1:$MCPGO_PORT/mcp" sid
	SRV_ENV=("CONFORMANCE_ADDR=127.0.0.1:$MCPGO_PORT")
	start_http mcpgo_conformance_http "$MCPGO_PORT" "$BIN/mcpgo_conformance"
	post_i ${p}_initialize.http "$url" -H "$ACCEPT" -H "$CTYPE" -d "$INIT"
	sid=$(session_of ${p}_initialize.http)
	[ -n "$sid" ] || die "mcp-go gave no Mcp-Session-Id"
	local S=(-H "$ACCEPT" -H "$CTYPE" -H "$PROTOH" -H "Mcp-Session-Id: $sid")
	curl -s -o /dev/null --max-time 15 "$url" "${S[@]}" -d "$INITIALIZED"
	post_i ${p}_tools_call.http "$url" "${S[@]}" -d '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"test_simple_text","arguments":{}}}'
	post_n ${p}_tools_call_logging.sse "$url" "${S[@]}" -d '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"test_tool_with_logging","arguments":{}}}'
	# Once a reply of the session went out as SSE, later ones do too.
	post_i ${p}_ping_after_sse.http "$url" "${S[@]}" -d '{"jsonrpc":"2.0","id":4,"method":"ping"}'
	post_i ${p}_malformed_json.http "$url" "${S[@]}" -d '{"jsonrpc":"2.0","id":5,"method":'
	post_i ${p}_bogus_session.http "$url" -H "$ACCEPT" -H "$CTYPE" -H "$PROTOH" -H "Mcp-Session-Id: no-such-session" -d '{"jsonrpc":"2.0","id":6,"method":"tools/list"}'
	curl -s -o /dev/null --max-time 15 -X DELETE "$url" -H "$PROTOH" -H "Mcp-Session-Id: $sid"
	stop_http
	cp "$LOG/mcpgo_conformance_http.stderr" "$OUT/${p}.stderr.txt"
}

build
gosdk_stdio
gosdk_http
mcpgo_stdio
mcpgo_roots
mcpgo_http
say "done: $(ls "$OUT" | grep -cE '^(gosdk|mcpgo)_') files in $OUT"
