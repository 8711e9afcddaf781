#!/usr/bin/env bash
# capture_npm.sh reproduces every capture listed in testdata/mcp/SOURCES_npm.md.
#
# It installs pinned npm MCP servers into a scratch directory (never into the
# repository), talks JSON-RPC to them over stdio itself (drive.cjs below: one
# request line in, the server's response line saved byte for byte), and uses
# curl -si against the servers that speak streamable HTTP on 127.0.0.1.
#   <short>_<what>.json             one raw response line as the server wrote it
#   <short>_stdout_with_logs.txt    a server's whole stdout, log lines and JSON
#   <short>_stderr.txt              a server's whole stderr
#   <short>_http_<what>.http        curl -si output, unedited
#   <short>_inspector_<what>.json   stdout of mcp-inspector --cli
#
# Needs: node >= 20, npm, curl, a C/C++ toolchain (sqlite3 and better-sqlite3
# build from source when their prebuilt binaries cannot be downloaded), and for
# the successful Playwright captures Debian's chromium
# (/usr/lib/chromium/chromium; `apt-get install chromium`); without it those
# captures are skipped. Network: only the npm registry. Every server and helper
# process is started here, listens on 127.0.0.1 only, and is stopped by PID.
#
# Captures are not byte-for-byte reproducible: Playwright file names carry the
# time, screenshots and session ids differ, Date headers change. Shapes do not.
#
# Usage: testdata/mcp/capture_npm.sh   (SCRATCH=/tmp/npm-mcp by default)
set -uo pipefail # no -e: many captures are meant to fail

OUT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCRATCH="${SCRATCH:-/tmp/npm-mcp}"
KPHOME=/tmp/kp-home
LOG="$SCRATCH/logs"
STEPS="$SCRATCH/steps"
CHROMIUM=/usr/lib/chromium/chromium
SITE_PORT=3931
PW_PORT=3933
C7_PORT=3934

V_SEQTHINK=2026.8.31        # @modelcontextprotocol/server-sequential-thinking
V_PLAYWRIGHT=0.0.83         # @playwright/mcp (playwright-core 1.64.0-alpha-1790635538000)
V_CONTEXT7=4.1.1            # @upstash/context7-mcp
V_SQLITE_NPX=0.8.0          # mcp-server-sqlite-npx (sqlite3 5.x)
V_SQLITE=0.0.2              # mcp-server-sqlite (better-sqlite3, verbose: console.log)
V_CALC=2.1.1                # @coo-quack/calc-mcp
V_TIME=1.0.6                # time-mcp
V_INSPECTOR=2.12.0          # @modelcontextprotocol/inspector

# SAFE_PATH, and BG/cleanup: the PIDs this script starts, stopped on exit.
. "$OUT/capture_lib.sh"
# Every server runs with only these variables, so nothing of the caller leaks.
CLEAN_ENV=(env -i PATH="$SAFE_PATH" HOME="$KPHOME")


# ---------------------------------------------------------------- install ---
install_packages() {
	mkdir -p "$SCRATCH" "$LOG" "$STEPS" "$KPHOME"
	cat >"$SCRATCH/package.json" <<EOF
{
  "name": "kp-npm-capture",
  "private": true,
  "dependencies": {
    "@coo-quack/calc-mcp": "$V_CALC",
    "@modelcontextprotocol/inspector": "$V_INSPECTOR",
    "@modelcontextprotocol/server-sequential-thinking": "$V_SEQTHINK",
    "@playwright/mcp": "$V_PLAYWRIGHT",
    "@upstash/context7-mcp": "$V_CONTEXT7",
    "mcp-server-sqlite": "$V_SQLITE",
    "mcp-server-sqlite-npx": "$V_SQLITE_NPX",
    "time-mcp": "$V_TIME"
  }
}
EOF
	(cd "$SCRATCH" && npm install --no-audit --no-fund --loglevel=error) || exit 1
	: >"$LOG/exit-codes.txt"
	write_helpers
}

write_helpers() {
	# drive.cjs: a minimal stdio MCP client that keeps the server's bytes.
	cat >"$SCRATCH/drive.cjs" <<'EOF'
// drive.cjs OUTDIR STEPS.json STDOUT_LOG STDERR_LOG -- CMD ARGS...
// Speaks newline-delimited JSON-RPC to a stdio MCP server. Steps:
//   {"send": {...}, "save": "file"}  write one line; if it has an id, wait for
//                                    the response with that id and save the raw
//                                    line (with its "\n") to OUTDIR/file
//   {"sleep": ms}
// Requests from the server are answered (roots/list: no roots, ping: {},
// anything else -32601). All stdout goes to STDOUT_LOG, stderr to STDERR_LOG.
// At the end stdin is closed and the child is stopped by its PID.
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const [outdir, stepsFile, outLog, errLog, dashdash, cmd, ...args] = process.argv.slice(2);
if (dashdash !== '--') { console.error('usage: drive.cjs OUTDIR STEPS OUTLOG ERRLOG -- CMD...'); process.exit(2); }
const steps = JSON.parse(fs.readFileSync(stepsFile, 'utf8'));
const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
const outFd = fs.openSync(outLog, 'w');
const errFd = fs.openSync(errLog, 'w');
let buf = Buffer.alloc(0);
const waiters = new Map();
let exited = false;
child.stderr.on('data', (d) => fs.writeSync(errFd, d));
child.stdout.on('data', (d) => {
  fs.writeSync(outFd, d);
  buf = Buffer.concat([buf, d]);
  let i;
  while ((i = buf.indexOf(0x0a)) >= 0) {
    const line = buf.subarray(0, i + 1);
    buf = buf.subarray(i + 1);
    let msg;
    try { msg = JSON.parse(line.toString('utf8')); } catch { continue; }
    if (msg && msg.method && msg.id !== undefined) {
      const reply = msg.method === 'roots/list' ? { jsonrpc: '2.0', id: msg.id, result: { roots: [] } }
        : msg.method === 'ping' ? { jsonrpc: '2.0', id: msg.id, result: {} }
        : { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
      child.stdin.write(JSON.stringify(reply) + '\n');
      continue;
    }
    const k = msg && msg.id !== undefined && !msg.method ? JSON.stringify(msg.id) : null;
    if (k !== null && waiters.has(k)) { const w = waiters.get(k); waiters.delete(k); w(line); }
  }
});
child.on('exit', () => { exited = true; for (const w of waiters.values()) w(null); waiters.clear(); });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function wait(id, ms) {
  return new Promise((resolve) => {
    const k = JSON.stringify(id);
    const t = setTimeout(() => { waiters.delete(k); resolve(null); }, ms);
    waiters.set(k, (l) => { clearTimeout(t); resolve(l); });
  });
}
(async () => {
  let rc = 0;
  for (const s of steps) {
    if (s.sleep) { await sleep(s.sleep); continue; }
    if (exited) { console.error(`  server gone, skipped ${s.save || 'a step'}`); rc = 1; continue; }
    const id = s.send.id;
    const p = id !== undefined ? wait(id, s.timeout || 60000) : null;
    child.stdin.write(JSON.stringify(s.send) + '\n');
    if (!p) { await sleep(200); continue; }
    const line = await p;
    if (line === null) { console.error(`  no response to id ${id} (${s.save || ''})`); rc = 1; continue; }
    if (s.save) fs.writeFileSync(path.join(outdir, s.save), line);
  }
  await sleep(300);
  child.stdin.end();
  for (let i = 0; i < 20 && !exited; i++) await sleep(100);
  if (!exited) process.kill(child.pid, 'SIGTERM');
  for (let i = 0; i < 30 && !exited; i++) await sleep(100);
  if (!exited) process.kill(child.pid, 'SIGKILL');
  process.exitCode = rc;
})();
EOF
	# Context7's HTTP mode calls app.listen(port) with no host (every
	# interface), and so does its Prometheus exporter: pin them to loopback.
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
	# A tiny static site for Playwright to open.
	mkdir -p "$SCRATCH/site"
	cat >"$SCRATCH/site.cjs" <<'EOF'
const http = require('http'), fs = require('fs'), path = require('path');
const [dir, port] = process.argv.slice(2);
http.createServer((req, res) => {
  const p = path.join(dir, req.url === '/' ? 'index.html' : path.normalize(req.url).replace(/^\/+/, ''));
  fs.readFile(p, (err, data) => {
    if (err) { res.writeHead(404, { 'Content-Type': 'text/plain' }); res.end('not found\n'); return; }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }); res.end(data);
  });
}).listen(Number(port), '127.0.0.1');
EOF
	cat >"$SCRATCH/site/index.html" <<'EOF'
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kp fixture — Grüße</title></head>
<body>
<h1>khive-pretty fixture</h1>
<p>A paragraph with <a href="/second.html">a link</a> and emoji ☕.</p>
<form><label>Name <input name="name" value="Zoë"></label> <button type="button" onclick="console.log('clicked')">Send</button></form>
<ul><li>one</li><li>two</li></ul>
<script>console.log('page loaded'); console.warn('a warning');</script>
</body></html>
EOF
	printf '<!doctype html><html><head><title>Second</title></head><body><p>Second page.</p></body></html>\n' >"$SCRATCH/site/second.html"
	# A "browser" that dies at once, as a crashing or misconfigured one does.
	printf '#!/bin/sh\necho "fake-chrome: cannot open display" >&2\nexit 1\n' >"$SCRATCH/fake-chrome"
	chmod +x "$SCRATCH/fake-chrome"
}

# steps NAME: the JSON array on stdin becomes $STEPS/NAME.json
steps() { cat >"$STEPS/$1.json"; }
INIT='{"send":{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"khive-pretty-capture","version":"1.0.0"}}}}'
INITIALIZED='{"send":{"jsonrpc":"2.0","method":"notifications/initialized"}}'

# drive STEPS STDOUT_LOG STDERR_LOG [VAR=value...] -- CMD...: run one stdio session
drive() {
	local name=$1 out=$2 err=$3 extra=()
	shift 3
	while [ "$1" != -- ]; do extra+=("$1"); shift; done
	shift
	"${CLEAN_ENV[@]}" "${extra[@]}" node "$SCRATCH/drive.cjs" "$OUT" "$STEPS/$name.json" "$out" "$err" -- "$@"
	echo "$? drive $name" >>"$LOG/exit-codes.txt"
}

# insp FILE [inspector args...]: mcp-inspector --cli stdout to testdata/mcp/FILE
insp() {
	local name=$1 rc
	shift
	"${CLEAN_ENV[@]}" "$SCRATCH/node_modules/.bin/mcp-inspector" --cli "$@" </dev/null >"$OUT/$name" 2>"$LOG/$name.stderr"
	rc=$?
	echo "$rc $name" >>"$LOG/exit-codes.txt"
	[ "$rc" -eq 0 ] || echo "  $name: exit $rc"
}

NM() { echo "$SCRATCH/node_modules/$1"; }

# ------------------------------------------------------ sequential thinking ---
capture_seqthink() {
	echo "sequential-thinking $V_SEQTHINK (stdio)"
	steps seqthink <<EOF
[$INIT, $INITIALIZED,
{"send":{"jsonrpc":"2.0","id":1,"method":"tools/list"},"save":"seqthink_tools_list.json"},
{"send":{"jsonrpc":"2.0","id":2,"method":"prompts/list"},"save":"seqthink_prompts_list_error.json"},
{"send":{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"sequentialthinking","arguments":{"thought":"Pretty-printers must cope with JSON inside strings.","nextThoughtNeeded":true,"thoughtNumber":1,"totalThoughts":3}}},"save":"seqthink_thought.json"},
{"send":{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"sequentialthinking","arguments":{"thought":"Revising: also \"quotes\", tabs\tand emoji ☕.","nextThoughtNeeded":true,"thoughtNumber":2,"totalThoughts":3,"isRevision":true,"revisesThought":1}}}},
{"send":{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"sequentialthinking","arguments":{"thought":"Branch B.","nextThoughtNeeded":"false","thoughtNumber":3,"totalThoughts":3,"branchFromThought":1,"branchId":"alt-b"}}},"save":"seqthink_thought_branch.json"},
{"send":{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"sequentialthinking","arguments":{"thought":"bad","thoughtNumber":0,"totalThoughts":"many"}}},"save":"seqthink_bad_args.json"}
]
EOF
	drive seqthink "$LOG/seqthink.stdout" "$OUT/seqthink_stderr.txt" -- node "$(NM @modelcontextprotocol/server-sequential-thinking)/dist/index.js"
}

# -------------------------------------------------------------- playwright ---
PW_CLI() { echo "$(NM @playwright/mcp)/cli.js"; }
capture_playwright() {
	echo "playwright-mcp $V_PLAYWRIGHT (stdio)"
	local work="$SCRATCH/pw-work" nav='{"name":"browser_navigate","arguments":{"url":"http://127.0.0.1:'$SITE_PORT'/"}}'
	rm -rf "$work" && mkdir -p "$work"
	# Default configuration: channel "chrome", which is not installed.
	steps pw_default <<EOF
[$INIT, $INITIALIZED,
{"send":{"jsonrpc":"2.0","id":1,"method":"tools/list"},"save":"playwright_tools_list.json"},
{"send":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":$nav},"save":"playwright_navigate_error.json","timeout":120000}
]
EOF
	(cd "$work" && drive pw_default "$LOG/pw_default.stdout" "$LOG/pw_default.stderr" -- node "$(PW_CLI)" --headless --isolated)
	# A browser that exits at once. TERM is set as in any terminal an MCP client
	# is started from: Playwright's `colors` then dims the "Call log" (SGR 2/22)
	# although stdout is a pipe.
	steps pw_launch_fail <<EOF
[$INIT, $INITIALIZED,
{"send":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":$nav},"save":"playwright_navigate_launch_error_ansi.json","timeout":120000}
]
EOF
	(cd "$work" && drive pw_launch_fail "$LOG/pw_launch_fail.stdout" "$LOG/pw_launch_fail.stderr" TERM=xterm-256color -- \
		node "$(PW_CLI)" --headless --isolated --executable-path "$SCRATCH/fake-chrome")

	if [ ! -x "$CHROMIUM" ]; then
		echo "  $CHROMIUM missing: skipping the Playwright captures that need a browser"
		return
	fi
	"${CLEAN_ENV[@]}" node "$SCRATCH/site.cjs" "$SCRATCH/site" "$SITE_PORT" >"$LOG/site.log" 2>&1 &
	local site=$!
	BG+=("$site")
	wait_http "http://127.0.0.1:$SITE_PORT/" || return
	steps pw_chromium <<EOF
[$INIT, $INITIALIZED,
{"send":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":$nav},"save":"playwright_navigate.json","timeout":120000},
{"send":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"browser_snapshot","arguments":{}}},"save":"playwright_snapshot.json"},
{"send":{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"browser_click","arguments":{"element":"Send button","ref":"e8"}}},"save":"playwright_click_bad_args.json"},
{"send":{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"browser_take_screenshot","arguments":{}}},"save":"playwright_screenshot.json"},
{"send":{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"browser_evaluate","arguments":{"function":"() => ({title: document.title, third: 1/3, big: 2**60, nil: null})"}}},"save":"playwright_evaluate.json"},
{"send":{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"browser_navigate","arguments":{"url":"http://127.0.0.1:$((SITE_PORT + 1))/"}}},"save":"playwright_navigate_refused.json"},
{"send":{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"browser_close","arguments":{}}}}
]
EOF
	(cd "$work" && drive pw_chromium "$LOG/pw_chromium.stdout" "$LOG/pw_chromium.stderr" TERM=xterm-256color -- \
		node "$(PW_CLI)" --headless --isolated --browser chromium --executable-path "$CHROMIUM")
	kill "$site" 2>/dev/null
	wait "$site" 2>/dev/null
}

# wait_http URL: until something answers there (any status)
wait_http() {
	local i
	for i in $(seq 100); do
		curl -s -o /dev/null "$@" && return 0
		sleep 0.1
	done
	echo "  nothing listens at $*" >&2
	return 1
}

H_JSON=(-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream')
HTTP_INIT='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"khive-pretty-capture","version":"1.0.0"}}}'

capture_playwright_http() {
	echo "playwright-mcp $V_PLAYWRIGHT (streamable HTTP)"
	local work="$SCRATCH/pw-work" pid sid
	mkdir -p "$work"
	# Bound to 127.0.0.1, but the server only admits Host: localhost:PORT; curl
	# --resolve sends that Host while connecting to 127.0.0.1.
	(cd "$work" && exec "${CLEAN_ENV[@]}" node "$(PW_CLI)" --headless --isolated --host 127.0.0.1 --port "$PW_PORT") \
		>"$LOG/pw_http.stdout" 2>"$LOG/pw_http.stderr" &
	pid=$!
	BG+=("$pid")
	local R=(--resolve "localhost:$PW_PORT:127.0.0.1") U="http://localhost:$PW_PORT/mcp"
	wait_http "${R[@]}" "http://localhost:$PW_PORT/" || return
	curl -si --max-time 10 "${R[@]}" "${H_JSON[@]}" "$U" -d "$HTTP_INIT" >"$OUT/playwright_http_initialize.http"
	sid=$(grep -i '^mcp-session-id:' "$OUT/playwright_http_initialize.http" | tr -d '\r' | awk '{print $2}')
	curl -si --max-time 10 "${R[@]}" "${H_JSON[@]}" -H "Mcp-Session-Id: $sid" "$U" -d '{"jsonrpc":"2.0","method":"notifications/initialized"}' >"$LOG/pw_http_initialized.http"
	curl -si --max-time 10 "${R[@]}" "${H_JSON[@]}" -H "Mcp-Session-Id: $sid" "$U" -d '{"jsonrpc":"2.0","id":1,"method":"tools/list",' >"$OUT/playwright_http_parse_error.http"
	curl -si --max-time 10 "${R[@]}" "${H_JSON[@]}" -H 'Mcp-Session-Id: no-such-session' "$U" -d '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' >"$OUT/playwright_http_unknown_session.http"
	curl -si --max-time 10 "${R[@]}" "${H_JSON[@]}" -H 'Host: evil.example' "$U" -d "$HTTP_INIT" >"$OUT/playwright_http_wrong_host.http"
	# The address it is bound to is refused too: only "localhost" is allowed.
	curl -si --max-time 10 "${H_JSON[@]}" "http://127.0.0.1:$PW_PORT/mcp" -d "$HTTP_INIT" >"$OUT/playwright_http_host_127.http"
	curl -si --max-time 10 "${R[@]}" -X DELETE -H "Mcp-Session-Id: $sid" "$U" >"$LOG/pw_http_delete.http"
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
}

# ---------------------------------------------------------------- context7 ---
C7_JS() { echo "$(NM @upstash/context7-mcp)/dist/index.js"; }
capture_context7() {
	echo "context7-mcp $V_CONTEXT7 (stdio; no network, so every lookup fails)"
	steps context7 <<EOF
[{"send":{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"khive-pretty-capture","version":"1.0.0"}}},"save":"context7_initialize.json"},
$INITIALIZED,
{"send":{"jsonrpc":"2.0","id":1,"method":"tools/list"},"save":"context7_tools_list.json"},
{"send":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"resolve-library-id","arguments":{"libraryName":"React","query":"useEffect cleanup"}}},"save":"context7_resolve_fetch_failed.json","timeout":120000},
{"send":{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"resolve-library-id","arguments":{}}},"save":"context7_bad_args.json"}
]
EOF
	drive context7 "$LOG/context7.stdout" "$LOG/context7.stderr" -- node "$(C7_JS)"

	echo "context7-mcp $V_CONTEXT7 (streamable HTTP, stateless)"
	local pid U="http://127.0.0.1:$C7_PORT/mcp"
	"${CLEAN_ENV[@]}" node -r "$SCRATCH/loopback.cjs" "$(C7_JS)" --transport http --port "$C7_PORT" \
		>"$LOG/context7_http.stdout" 2>"$LOG/context7_http.stderr" &
	pid=$!
	BG+=("$pid")
	wait_http "http://127.0.0.1:$C7_PORT/ping" || return
	curl -si --max-time 10 "${H_JSON[@]}" "$U" -d "$HTTP_INIT" >"$OUT/context7_http_initialize.http"
	curl -si --max-time 10 "${H_JSON[@]}" "$U" -d '{"jsonrpc":"2.0","id":1,"method":"tools/list",' >"$OUT/context7_http_parse_error.http"
	curl -si --max-time 10 -H 'Content-Type: application/json' -H 'Accept: application/json' "$U" -d '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' >"$OUT/context7_http_not_acceptable.http"
	curl -si --max-time 10 "http://127.0.0.1:$C7_PORT/nope" >"$OUT/context7_http_not_found.http"
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
}

# ------------------------------------------------------------------ sqlite ---
capture_sqlite() {
	echo "mcp-server-sqlite-npx $V_SQLITE_NPX (stdio)"
	local db="$SCRATCH/kp.db"
	rm -f "$db"
	# The table is made and filled through the server itself (not saved).
	steps sqlite <<EOF
[$INIT, $INITIALIZED,
{"send":{"jsonrpc":"2.0","id":1,"method":"tools/list"},"save":"sqlite_tools_list.json"},
{"send":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_table","arguments":{"query":"CREATE TABLE projects (id INTEGER PRIMARY KEY, name TEXT NOT NULL, language TEXT, stars INTEGER, ratio REAL, logo BLOB, created TEXT DEFAULT '2026-01-02')"}}}},
{"send":{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"write_query","arguments":{"query":"INSERT INTO projects (name, language, stars, ratio, logo) VALUES ('khive', 'Go', 42, 0.25, NULL), ('graphiti', 'Python', 9000, 1e-7, X'89504E47'), ('Zoë''s \"tool\"', NULL, 9007199254740993, -0.0, NULL), ('tabs\tand\nnewlines', 'Rust', -1, 3.141592653589793, x'00ff')"}}}},
{"send":{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"read_query","arguments":{"query":"SELECT * FROM projects ORDER BY id"}}},"save":"sqlite_select.json"},
{"send":{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"read_query","arguments":{"query":"SELECT name FROM projects WHERE stars > 1e16"}}},"save":"sqlite_select_empty.json"},
{"send":{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"read_query","arguments":{"query":"SELECT nme FROM projcts"}}},"save":"sqlite_sql_error.json"},
{"send":{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_query","arguments":{"query":"SELECT name, FROM projects"}}},"save":"sqlite_syntax_error.json"}
]
EOF
	drive sqlite "$LOG/sqlite.stdout" "$LOG/sqlite.stderr" -- node "$(NM mcp-server-sqlite-npx)/dist/index.js" "$db"
	insp sqlite_inspector_sql_error.json node "$(NM mcp-server-sqlite-npx)/dist/index.js" "$db" \
		--method tools/call --tool-name read_query --tool-arg 'query=SELECT nme FROM projcts'

	echo "mcp-server-sqlite $V_SQLITE (stdio; better-sqlite3 verbose logging on stdout)"
	local db2="$SCRATCH/kp-verbose.db"
	rm -f "$db2" "$db2"-wal "$db2"-shm
	steps sqlitelog <<EOF
[$INIT, $INITIALIZED,
{"send":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"execute","arguments":{"sql":"CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, score REAL)"}}}},
{"send":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"insert-record","arguments":{"table":"notes","data":{"body":"Grüße ☕","score":0.5}}}}},
{"send":{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"query","arguments":{"sql":"SELECT * FROM notes"}}}},
{"send":{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"query","arguments":{"sql":"SELECT * FROM nothere"}}}}
]
EOF
	# Its --db flag is read after the database path is fixed: pass the env var.
	drive sqlitelog "$OUT/sqlitelog_stdout_with_logs.txt" "$LOG/sqlitelog.stderr" SQLITE_DB_PATH="$db2" -- \
		node "$(NM mcp-server-sqlite)/dist/cli.js"
}

# -------------------------------------------------------------------- calc ---
capture_calc() {
	echo "calc-mcp $V_CALC (stdio)"
	# The JWT payload is {"sub":"1234567890","name":"Zoë","iat":1516239022} in UTF-8.
	local jwt
	jwt="eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.$(printf '{"sub":"1234567890","name":"Zoë","iat":1516239022}' | base64 -w0 | tr '+/' '-_' | tr -d '=').sig"
	steps calc <<EOF
[$INIT, $INITIALIZED,
{"send":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"math","arguments":{"action":"statistics","values":[1,2,3,4,100,0.5,-7]}}},"save":"calc_statistics.json"},
{"send":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"math","arguments":{"expression":"2 +* 3"}}},"save":"calc_math_error.json"},
{"send":{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"char_info","arguments":{"char":"é☕\u0007"}}},"save":"calc_char_info_control.json"},
{"send":{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"jwt_decode","arguments":{"token":"$jwt"}}},"save":"calc_jwt_decode.json"}
]
EOF
	drive calc "$LOG/calc.stdout" "$LOG/calc.stderr" -- node "$(NM @coo-quack/calc-mcp)/dist/index.js"
}

# -------------------------------------------------------------------- time ---
capture_time() {
	echo "time-mcp $V_TIME (stdio; a start-up line on stdout)"
	steps time <<EOF
[$INIT, $INITIALIZED,
{"send":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"convert_time","arguments":{"sourceTimezone":"Europe/Helsinki","targetTimezone":"Asia/Kolkata","time":"2026-01-02 03:04:05"}}}},
{"send":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"convert_time","arguments":{"sourceTimezone":"Mars/Olympus","targetTimezone":"UTC","time":"2026-01-02 03:04:05"}}},"save":"time_convert_time_error.json"}
]
EOF
	drive time "$OUT/time_stdout_with_logs.txt" "$LOG/time.stderr" -- node "$(NM time-mcp)/dist/index.js"
	insp time_inspector_get_week_year.json node "$(NM time-mcp)/dist/index.js" \
		--method tools/call --tool-name get_week_year --tool-arg date=2026-01-02
}

install_packages
[ $# -gt 0 ] || set -- seqthink playwright playwright_http context7 sqlite calc time
for section; do
	case $section in
	seqthink) capture_seqthink ;;
	playwright) capture_playwright ;;
	playwright_http) capture_playwright_http ;;
	context7) capture_context7 ;;
	sqlite) capture_sqlite ;;
	calc) capture_calc ;;
	time) capture_time ;;
	*) echo "unknown section $section" >&2 ;;
	esac
done
cleanup
echo "exit codes other than 0:"
grep -v '^0 ' "$LOG/exit-codes.txt"
