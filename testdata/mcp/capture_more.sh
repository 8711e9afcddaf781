#!/usr/bin/env bash
# capture_more.sh reproduces every capture listed in testdata/mcp/SOURCES_more.md:
# six more MCP servers that work offline, over stdio.
#
#   gopls_*       gopls v0.23.0 `gopls mcp` (Go module proxy), in a small module
#   dbserver_*    @executeautomation/database-server on a SQLite file
#   gitmcp_*      @cyanheads/git-mcp-server on a small git repository
#   taskmgr_*     @kazuph/mcp-taskmanager on a JSON file
#   taskmaster_*  task-master-ai (its MCP server) on a hand-written tasks.json
#   desktop_*     @wonderwhy-er/desktop-commander in one allowed directory
#
# It installs into a scratch directory (never into the repository), builds the
# fixtures there and under /tmp, and talks JSON-RPC to each server itself with
# the same stdio client as capture_npm.sh (drive.cjs below: initialize with
# protocol 2025-11-25, notifications/initialized, then one request at a time;
# each saved response is the server's stdout line byte for byte, "\n" included).
#   <short>_<what>.json             one raw response line as the server wrote it
#   <short>_stdout_with_logs.txt    a server's whole stdout, log lines and JSON
#   <short>_stderr.txt              a server's whole stderr
#
# Needs: node >= 20, npm, go (1.26 here), git, a C/C++ toolchain (sqlite3
# builds from source when its prebuilt binary cannot be downloaded).
# Network: only the npm registry and the Go module proxy, at install time. Two
# servers try the internet on their own and fail quietly (desktop-commander:
# feature flags, a Chrome download; gopls go_vulncheck would read vuln.go.dev);
# no capture depends on it. No server listens on a port. Every server is
# started by drive.cjs and stopped by its PID.
#
# Not byte-for-byte reproducible: desktop-commander's start-up notifications
# race the initialize reply, PIDs, search-session ids, file times, and the
# timestamps of uncommitted blame lines and of database-server insights change.
#
# Usage: testdata/mcp/capture_more.sh [section...]   (SCRATCH=/tmp/more-mcp by default)
#        sections: gopls dbserver gitmcp taskmgr taskmaster desktop
set -uo pipefail # no -e: many captures are meant to fail

OUT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCRATCH="${SCRATCH:-/tmp/more-mcp}"
KPHOME=/tmp/kp-home
LOG="$SCRATCH/logs"
STEPS="$SCRATCH/steps"

V_GOPLS=v0.23.0     # golang.org/x/tools/gopls (v0.24.0 needs go >= 1.27)
V_DBSERVER=1.1.0    # @executeautomation/database-server (sqlite3 5.1.7, SDK 1.9.0)
V_GITMCP=2.15.3     # @cyanheads/git-mcp-server
V_TASKMGR=1.1.1     # @kazuph/mcp-taskmanager (serverInfo says 2.0.0)
V_TASKMASTER=0.43.1 # task-master-ai
V_DESKTOP=0.2.52    # @wonderwhy-er/desktop-commander

# Fixtures, all under /tmp so that no other path shows in a capture.
GOMOD=/tmp/kp-gomod
DBFILE=/tmp/kp-dbserver.db
GITREPO=/tmp/kp-gitrepo
TASKFILE=/tmp/kp-tasks/tasks.json
TMROOT=/tmp/kp-tm
DCDIR=/tmp/kp-dc

# SAFE_PATH, and BG/cleanup: the PIDs this script starts, stopped on exit.
. "$OUT/capture_lib.sh"
# Every server runs with only these variables, so nothing of the caller leaks.
CLEAN_ENV=(env -i PATH="$SAFE_PATH" HOME="$KPHOME")

# ---------------------------------------------------------------- install ---
install_packages() {
	mkdir -p "$SCRATCH/npm" "$SCRATCH/dc" "$LOG" "$STEPS" "$KPHOME"
	cat >"$SCRATCH/npm/package.json" <<EOF
{
  "name": "kp-more-capture",
  "private": true,
  "dependencies": {
    "@cyanheads/git-mcp-server": "$V_GITMCP",
    "@executeautomation/database-server": "$V_DBSERVER",
    "@kazuph/mcp-taskmanager": "$V_TASKMGR",
    "task-master-ai": "$V_TASKMASTER"
  }
}
EOF
	(cd "$SCRATCH/npm" && npm install --no-audit --no-fund --loglevel=error) || exit 1
	# desktop-commander pulls in puppeteer, whose install script downloads a
	# Chrome build (unreachable here): skip that download. Its other download,
	# @vscode/ripgrep's binary, fails too; it then uses the system rg if any.
	cat >"$SCRATCH/dc/package.json" <<EOF
{
  "name": "kp-more-capture-dc",
  "private": true,
  "dependencies": {
    "@wonderwhy-er/desktop-commander": "$V_DESKTOP"
  }
}
EOF
	(cd "$SCRATCH/dc" && PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error) || exit 1
	[ -x "$SCRATCH/gobin/gopls" ] ||
		GOBIN="$SCRATCH/gobin" GOTOOLCHAIN=local go install "golang.org/x/tools/gopls@$V_GOPLS" || exit 1
	: >"$LOG/exit-codes.txt"
	write_helpers
}

write_helpers() {
	# drive.cjs: a minimal stdio MCP client that keeps the server's bytes
	# (the same as in capture_npm.sh).
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
	# desktop-commander looks for /.dockerenv and, in a container, writes the
	# machine's mount points and host name into its tool descriptions. This
	# preload hides that file from it, so that the captures read as on an
	# ordinary Linux machine and name nothing of the machine they ran on.
	cat >"$SCRATCH/nocontainer.cjs" <<'EOF'
const fs = require('fs');
const existsSync = fs.existsSync;
fs.existsSync = function (p, ...rest) {
  if (p === '/.dockerenv') return false;
  return existsSync.call(this, p, ...rest);
};
require('module').syncBuiltinESMExports();
EOF
}

# steps NAME: the JSON array on stdin becomes $STEPS/NAME.json (checked)
steps() {
	cat >"$STEPS/$1.json"
	node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$STEPS/$1.json" ||
		echo "  $STEPS/$1.json is not valid JSON" >&2
}
INIT='{"send":{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"khive-pretty-capture","version":"1.0.0"}}}}'
INITIALIZED='{"send":{"jsonrpc":"2.0","method":"notifications/initialized"}}'
# init_saved FILE: the initialize step, its reply saved to FILE
init_saved() { printf '{"send":%s,"save":"%s"}' "$(printf '%s' "$INIT" | sed 's/^{"send"://; s/}$//')" "$1"; }

# drive NAME STDOUT_LOG STDERR_LOG [VAR=value...] -- CMD...: run one stdio session
drive() {
	local name=$1 out=$2 err=$3 extra=()
	shift 3
	while [ "$1" != -- ]; do extra+=("$1"); shift; done
	shift
	"${CLEAN_ENV[@]}" "${extra[@]}" node "$SCRATCH/drive.cjs" "$OUT" "$STEPS/$name.json" "$out" "$err" -- "$@"
	echo "$? drive $name" >>"$LOG/exit-codes.txt"
}

# call ID TOOL ARGS FILE: a tools/call step whose reply is saved to FILE ("" = not saved)
call() {
	local save=""
	[ -n "$4" ] && save=",\"save\":\"$4\""
	printf '{"send":{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"%s","arguments":%s}}%s}' "$1" "$2" "$3" "$save"
}
# req ID METHOD FILE [PARAMS]: any other request
req() {
	local params=""
	[ -n "${4:-}" ] && params=",\"params\":$4"
	printf '{"send":{"jsonrpc":"2.0","id":%s,"method":"%s"%s},"save":"%s"}' "$1" "$2" "$params" "$3"
}

NM() { echo "$SCRATCH/npm/node_modules/$1"; }

# ------------------------------------------------------------------- gopls ---
make_gomod() {
	rm -rf "$GOMOD" && mkdir -p "$GOMOD/stats"
	printf 'module example.com/kpdemo\n\ngo 1.26\n' >"$GOMOD/go.mod"
	cat >"$GOMOD/stats/stats.go" <<'EOF'
// Package stats computes small summaries of numbers.
package stats

import "errors"

// ErrEmpty is returned when there is nothing to summarise.
var ErrEmpty = errors.New("stats: empty input")

// Summary holds the result of Summarise.
type Summary struct {
	Count    int
	Min, Max float64
	Mean     float64
}

// Summarise returns the count, minimum, maximum and mean of xs.
func Summarise(xs []float64) (Summary, error) {
	if len(xs) == 0 {
		return Summary{}, ErrEmpty
	}
	s := Summary{Count: len(xs), Min: xs[0], Max: xs[0]}
	var total float64
	for _, x := range xs {
		if x < s.Min {
			s.Min = x
		}
		if x > s.Max {
			s.Max = x
		}
		total += x
	}
	s.Mean = total / float64(len(xs))
	return s, nil
}
EOF
	# main.go does not compile (an unused variable), for the diagnostics.
	cat >"$GOMOD/main.go" <<'EOF'
package main

import (
	"fmt"
	"os"

	"example.com/kpdemo/stats"
)

func main() {
	s, err := stats.Summarise([]float64{3, 1, 4, 1, 5})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d values, mean %.2f\n", s.Count, s.Mean)
	var unused int
	fmt.Printf("%d\n", "not a number")
}
EOF
}
capture_gopls() {
	echo "gopls $V_GOPLS mcp (stdio)"
	make_gomod
	local M=$GOMOD godir
	godir="$(dirname "$(command -v go)")"
	steps gopls <<EOF
[$(init_saved gopls_initialize.json), $INITIALIZED,
$(req 1 tools/list gopls_tools_list.json),
$(req 2 prompts/list gopls_prompts_list.json),
$(req 3 resources/list gopls_resources_list.json),
$(call 4 go_workspace '{}' gopls_workspace.json),
$(call 5 go_diagnostics '{"files":["'$M'/main.go"]}' gopls_diagnostics.json),
$(call 6 go_package_api '{"packagePaths":["example.com/kpdemo/stats"]}' gopls_package_api.json),
$(call 7 go_file_context '{"file":"'$M'/main.go"}' gopls_file_context.json),
$(call 8 go_search '{"query":"summ"}' gopls_search.json),
$(call 9 go_symbol_references '{"file":"'$M'/stats/stats.go","symbol":"Summary"}' gopls_symbol_references.json),
$(call 10 go_rename_symbol '{"file":"'$M'/stats/stats.go","symbol":"Summarise","new_name":"Summarize"}' gopls_rename_symbol.json),
$(call 11 go_file_context '{"file":"'$M'/nope.go"}' gopls_file_context_missing.json),
$(call 12 go_symbol_references '{"file":"'$M'/stats/stats.go","symbol":"Nope"}' gopls_symbol_not_found.json),
$(call 13 go_package_api '{}' gopls_bad_args.json),
$(call 14 no_such_tool '{}' gopls_unknown_tool.json),
$(call 15 go_vulncheck '{"dir":"'$M'","pattern":"./..."}' gopls_vulncheck_error.json)
]
EOF
	# gopls runs the go command: its directory goes first on PATH. GOPROXY=off:
	# the module has no dependencies, and nothing is to be fetched.
	(cd "$M" && drive gopls "$LOG/gopls.stdout" "$LOG/gopls.stderr" \
		PATH="$godir:$SAFE_PATH" GOTOOLCHAIN=local GOPROXY=off -- "$SCRATCH/gobin/gopls" mcp)
}

# ---------------------------------------------------------------- dbserver ---
capture_dbserver() {
	echo "database-server $V_DBSERVER (stdio, SQLite)"
	rm -f "$DBFILE"
	# The table is made and filled through the server itself (not saved).
	# Two rows differ only in id and status.
	steps dbserver <<EOF
[$(init_saved dbserver_initialize.json), $INITIALIZED,
$(call 1 create_table '{"query":"CREATE TABLE issues (id INTEGER PRIMARY KEY, title TEXT NOT NULL, status TEXT DEFAULT '"'open'"', priority INTEGER, estimate REAL, assignee TEXT, opened TEXT)"}' ""),
$(call 2 write_query '{"query":"INSERT INTO issues (title, status, priority, estimate, assignee, opened) VALUES ('"'Pager hides last line', 'open', 1, 2.5, 'ana', '2026-01-02T03:04:05Z'), ('Tabs\\tin titles', 'in_progress', 2, 0.5, NULL, '2026-01-03'), ('Zoë''s \\\"quoted\\\" report', 'done', 3, NULL, 'zoë', '2026-01-04'), ('Long title that goes on and on to see how a table cell with a very long value gets cut at eighty columns', 'open', 2, 13, 'bo', '2026-01-05'), ('Same title', 'open', 1, 1, 'ana', '2026-01-06'), ('Same title', 'done', 1, 1, 'ana', '2026-01-06')"'"}' ""),
$(req 3 tools/list dbserver_tools_list.json),
$(req 4 prompts/list dbserver_prompts_list_error.json),
$(req 5 resources/list dbserver_resources_list.json),
$(req 6 resources/read dbserver_resources_read.json '{"uri":"sqlite:///issues/schema"}'),
$(call 7 read_query '{"query":"SELECT * FROM issues ORDER BY id"}' dbserver_read_query.json),
$(call 8 read_query '{"query":"SELECT status, count(*) AS n, avg(estimate) FROM issues GROUP BY status"}' dbserver_group_by.json),
$(call 9 read_query '{"query":"SELECT * FROM issues WHERE id > 100"}' dbserver_select_empty.json),
$(call 10 list_tables '{}' dbserver_list_tables.json),
$(call 11 describe_table '{"table_name":"issues"}' dbserver_describe_table.json),
$(call 12 export_query '{"query":"SELECT id, title, status FROM issues","format":"csv"}' dbserver_export_csv.json),
$(call 13 read_query '{"query":"SELECT * FROM isues"}' dbserver_sql_error.json),
$(call 14 read_query '{"query":"DELETE FROM issues"}' dbserver_read_only_violation.json),
$(call 15 drop_table '{"table_name":"issues","confirm":false}' dbserver_drop_unconfirmed.json),
$(call 16 write_query '{"query":"UPDATE issues SET status = '"'done'"' WHERE title = '"'Same title'"'"}' dbserver_update.json),
$(call 17 append_insight '{"insight":"Two open P1 issues share one title."}' ""),
$(call 18 list_insights '{}' dbserver_list_insights.json),
$(call 19 read_query '{}' dbserver_missing_args.json)
]
EOF
	drive dbserver "$LOG/dbserver.stdout" "$LOG/dbserver.stderr" -- \
		node "$(NM @executeautomation/database-server)/dist/src/index.js" "$DBFILE"
}

# ------------------------------------------------------------------ gitmcp ---
make_gitrepo() {
	# Fixed authors and dates, so that every hash is the same on every run.
	(
		set -e
		export HOME="$KPHOME" GIT_CONFIG_NOSYSTEM=1
		rm -rf "$GITREPO" && mkdir -p "$GITREPO" && cd "$GITREPO"
		git -c init.defaultBranch=main init -q
		git config user.name "Ada Lovelace"
		git config user.email ada@example.com
		git config commit.gpgsign false
		c() { GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" GIT_AUTHOR_NAME="$2" GIT_AUTHOR_EMAIL="$3" git commit -q -m "$4"; }
		printf '# kp-demo\n\nA tiny repository for khive-pretty captures.\n' >README.md
		printf 'package main\n\nfunc main() {\n\tprintln("hello")\n}\n' >main.go
		git add . && c "2026-01-02T03:04:05Z" "Ada Lovelace" ada@example.com "Initial commit"
		printf 'name\tstatus\nparser\topen\n' >todo.tsv
		git add todo.tsv && c "2026-01-03T10:00:00+02:00" "Zoë Ünal" zoe@example.com "Add todo list with TABs"
		GIT_COMMITTER_DATE="2026-01-03T11:00:00Z" git tag -a v0.1.0 -m "First release"
		git checkout -q -b feature/grüße
		printf 'package main\n\nfunc main() {\n\tprintln("Grüße ☕")\n}\n' >main.go
		git add main.go && c "2026-01-04T12:00:00Z" "Zoë Ünal" zoe@example.com 'feat: greet in German

Longer body line one.
Body line two with "quotes".'
		git checkout -q main
		printf '\nSee main.go.\n' >>README.md
		git add README.md && c "2026-01-05T08:30:00-05:00" "Ada Lovelace" ada@example.com "docs: mention main.go"
		# Uncommitted: a modified file, a staged new file, an untracked file.
		printf 'parser\tdone\nprinter\topen\n' >>todo.tsv
		printf 'notes\n' >NOTES.md && git add NOTES.md
		printf 'scratch\n' >scratch.txt
	)
}
capture_gitmcp() {
	echo "git-mcp-server $V_GITMCP (stdio)"
	make_gitrepo
	# tools/list is not kept (28 tools, 73 KB in one line, over the size the
	# other captures keep to); it stays in $LOG/gitmcp.stdout.
	steps gitmcp <<EOF
[$(init_saved gitmcp_initialize.json), $INITIALIZED,
{"send":{"jsonrpc":"2.0","id":1,"method":"tools/list"}},
$(req 2 prompts/list gitmcp_prompts_list.json),
$(req 3 resources/list gitmcp_resources_list.json),
$(req 4 resources/templates/list gitmcp_resources_templates_list.json),
$(call 5 git_set_working_dir '{"path":"'$GITREPO'"}' gitmcp_set_working_dir.json),
$(call 6 git_status '{}' gitmcp_status.json),
$(call 7 git_log '{"maxCount":10}' gitmcp_log.json),
$(call 8 git_diff '{}' gitmcp_diff.json),
$(call 9 git_blame '{"filePath":"todo.tsv"}' gitmcp_blame.json),
$(call 10 git_branch '{"mode":"list","all":true}' gitmcp_branch_list.json),
$(call 11 git_show '{"object":"feature/grüße"}' gitmcp_show.json),
$(call 12 git_checkout '{"target":"no-such-branch"}' gitmcp_checkout_error.json),
$(call 13 git_status '{"path":"/tmp"}' gitmcp_not_a_repo.json),
$(call 14 git_log '{"maxCount":"ten"}' gitmcp_bad_args.json),
$(call 15 git_log '{"maxCount":10,"branch":"--all"}' gitmcp_log_dash_ref.json),
$(req 16 resources/read gitmcp_resources_read.json '{"uri":"git://working-directory"}'),
$(req 17 prompts/get gitmcp_prompts_get.json '{"name":"git_wrapup","arguments":{}}')
]
EOF
	drive gitmcp "$LOG/gitmcp.stdout" "$LOG/gitmcp.stderr" -- node "$(NM @cyanheads/git-mcp-server)/dist/index.js"
	# Its log: pino JSON lines on stderr (info and up, to keep it short).
	steps gitmcp_log <<EOF
[$INIT, $INITIALIZED,
$(call 1 git_status '{"path":"'$GITREPO'"}' ""),
$(call 2 git_status '{"path":"/tmp"}' "")
]
EOF
	drive gitmcp_log "$LOG/gitmcp_log.stdout" "$OUT/gitmcp_stderr.txt" MCP_LOG_LEVEL=info -- \
		node "$(NM @cyanheads/git-mcp-server)/dist/index.js"
}

# ----------------------------------------------------------------- taskmgr ---
capture_taskmgr() {
	echo "mcp-taskmanager $V_TASKMGR (stdio)"
	mkdir -p "$(dirname "$TASKFILE")" && rm -f "$TASKFILE"
	steps taskmgr <<EOF
[$(init_saved taskmgr_initialize.json), $INITIALIZED,
$(req 1 tools/list taskmgr_tools_list.json),
$(req 2 prompts/list taskmgr_prompts_list_error.json),
$(req 3 resources/list taskmgr_resources_list_error.json),
$(call 4 request_planning '{"originalRequest":"Ship khive-pretty 1.0","splitDetails":"Three steps: docs, goldens, release notes.","tasks":[{"title":"Write README","description":"Usage, flags and examples.\nMention NO_COLOR."},{"title":"Regenerate goldens","description":"Run go test -update ./..."},{"title":"Release notes — Grüße ☕","description":"Changes since v0.9, with \"quotes\"."}]}' taskmgr_request_planning.json),
$(call 5 get_next_task '{"requestId":"req-1"}' ""),
$(call 6 mark_task_done '{"requestId":"req-1","taskId":"task-1","completedDetails":"README written."}' taskmgr_mark_task_done.json),
$(call 7 approve_task_completion '{"requestId":"req-1","taskId":"task-1"}' ""),
$(call 8 get_next_task '{"requestId":"req-1"}' taskmgr_get_next_task.json),
$(call 9 list_requests '{}' taskmgr_list_requests.json),
$(call 10 open_task_details '{"taskId":"task-3"}' taskmgr_open_task_details.json),
$(call 11 approve_request_completion '{"requestId":"req-1"}' taskmgr_request_not_done.json),
$(call 12 open_task_details '{"taskId":"task-99"}' taskmgr_task_not_found.json),
$(call 13 delete_task '{"requestId":"req-1","taskId":"task-1"}' taskmgr_delete_done_task.json),
$(call 14 request_planning '{"originalRequest":"no tasks"}' taskmgr_bad_args.json)
]
EOF
	drive taskmgr "$LOG/taskmgr.stdout" "$LOG/taskmgr.stderr" TASK_MANAGER_FILE_PATH="$TASKFILE" -- \
		node "$(NM @kazuph/mcp-taskmanager)/dist/index.js"
}

# -------------------------------------------------------------- taskmaster ---
make_tmproject() {
	rm -rf "$TMROOT" && mkdir -p "$TMROOT/.taskmaster/tasks"
	cat >"$TMROOT/.taskmaster/tasks/tasks.json" <<'EOF'
{
  "master": {
    "tasks": [
      {"id": 1, "title": "Parse JSON-RPC envelopes", "description": "Recognise result, error and notification lines.", "details": "Handle `result`, `error`, and `method` keys; keep key order.", "testStrategy": "Golden files under testdata/mcp.", "status": "done", "priority": "high", "dependencies": [], "subtasks": []},
      {"id": 2, "title": "Render tool results", "description": "Show text, image and resource content.", "details": "Text first; images as a one-line summary.\nTabs\tstay visible.", "testStrategy": "Goldens for each content type.", "status": "in-progress", "priority": "high", "dependencies": [1], "subtasks": [
        {"id": 1, "title": "Text content", "description": "Plain and Markdown text.", "details": "", "status": "done", "dependencies": []},
        {"id": 2, "title": "Image content", "description": "Summarise base64 data.", "details": "", "status": "pending", "dependencies": [1]},
        {"id": 3, "title": "Resource links", "description": "Show uri and name.", "details": "", "status": "blocked", "dependencies": [1]}
      ]},
      {"id": 3, "title": "Tables for query results", "description": "Detect arrays of objects inside text and show a table.", "details": "Columns from keys; keep the id column.", "testStrategy": "sqlite captures.", "status": "pending", "priority": "medium", "dependencies": [2], "subtasks": []},
      {"id": 4, "title": "Exit codes — Grüße ☕", "description": "Exit 1 when a reply reports failure (\"isError\": true).", "details": "", "testStrategy": "", "status": "pending", "priority": "low", "dependencies": [], "subtasks": []},
      {"id": 5, "title": "Pager integration", "description": "Page output taller than the terminal.", "details": "", "testStrategy": "", "status": "deferred", "priority": "low", "dependencies": [3, 4], "subtasks": []}
    ],
    "metadata": {"created": "2026-01-02T03:04:05.000Z", "updated": "2026-01-02T03:04:05.000Z", "description": "Tasks for master context"}
  }
}
EOF
}
capture_taskmaster() {
	echo "task-master-ai $V_TASKMASTER (stdio, TASK_MASTER_TOOLS=standard)"
	make_tmproject
	local P='"projectRoot":"'$TMROOT'"'
	steps taskmaster <<EOF
[$(init_saved taskmaster_initialize.json), $INITIALIZED,
$(req 1 tools/list taskmaster_tools_list.json),
$(req 2 prompts/list taskmaster_prompts_list_error.json),
$(req 3 resources/list taskmaster_resources_list_error.json),
$(call 4 get_tasks '{'"$P"',"withSubtasks":true}' taskmaster_get_tasks.json),
$(call 5 get_task '{'"$P"',"id":"2"}' taskmaster_get_task.json),
$(call 6 next_task '{'"$P"'}' taskmaster_next_task.json),
$(call 7 set_task_status '{'"$P"',"id":"2.2","status":"done"}' taskmaster_set_task_status.json),
$(call 8 add_subtask '{'"$P"',"id":"3","title":"Hide no column that tells rows apart","description":"Keep id when titles repeat."}' taskmaster_add_subtask.json),
$(call 9 get_tasks '{'"$P"',"status":"pending"}' taskmaster_get_tasks_pending.json),
$(call 10 get_task '{'"$P"',"id":"99"}' taskmaster_task_not_found.json),
$(call 11 set_task_status '{'"$P"',"id":"4","status":"finished"}' taskmaster_bad_status.json),
$(call 12 complexity_report '{'"$P"'}' taskmaster_complexity_report_missing.json),
$(call 13 expand_task '{'"$P"',"id":"4","force":true}' taskmaster_expand_no_ai.json),
$(call 14 get_tasks '{}' taskmaster_missing_project_root.json)
]
EOF
	# The whole stdout is kept: a plain "[WARN] …" line, then notifications/message
	# with an object as data, interleaved with the replies.
	(cd "$TMROOT" && drive taskmaster "$OUT/taskmaster_stdout_with_logs.txt" "$LOG/taskmaster.stderr" TASK_MASTER_TOOLS=standard -- \
		node "$(NM task-master-ai)/dist/mcp-server.js")
}

# ----------------------------------------------------------------- desktop ---
make_dcdir() {
	rm -rf "$DCDIR" "$KPHOME/.claude-server-commander" "$KPHOME/.claude-server-commander-logs"
	mkdir -p "$DCDIR/src" "$KPHOME/.claude-server-commander"
	# Its config, written before the first start: telemetry off, one allowed
	# directory, a short block list.
	cat >"$KPHOME/.claude-server-commander/config.json" <<EOF
{
  "blockedCommands": ["sudo", "su", "mkfs", "shutdown", "reboot"],
  "defaultShell": "/bin/sh",
  "allowedDirectories": ["$DCDIR"],
  "telemetryEnabled": false,
  "fileWriteLineLimit": 50,
  "fileReadLineLimit": 1000
}
EOF
	printf '# Notes\n\n- first\n- second\t(with a TAB)\n- Grüße ☕\n' >"$DCDIR/notes.md"
	printf 'id,name,score\n1,Ada,9.5\n2,Zoë,7\n3,"Smith, J.",\n' >"$DCDIR/scores.csv"
	printf 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hello")\n}\n' >"$DCDIR/src/main.go"
	seq 1 40 | sed 's/^/line /' >"$DCDIR/long.txt"
	touch -d '2026-01-02 03:04:05 UTC' "$DCDIR"/notes.md "$DCDIR"/scores.csv "$DCDIR"/src/main.go "$DCDIR"/long.txt "$DCDIR/src" "$DCDIR"
}
DC_JS() { echo "$SCRATCH/dc/node_modules/@wonderwhy-er/desktop-commander/dist/index.js"; }
DC=(node -r "$SCRATCH/nocontainer.cjs") # see write_helpers
capture_desktop() {
	echo "desktop-commander $V_DESKTOP (stdio)"
	make_dcdir
	local D=$DCDIR
	# The sleep lets its start-up notifications (feature flags, Chrome) finish.
	steps desktop <<EOF
[$(init_saved desktop_initialize.json), $INITIALIZED,
{"sleep":1500},
$(req 1 tools/list desktop_tools_list.json),
$(req 2 prompts/list desktop_prompts_list.json),
$(req 3 resources/list desktop_resources_list.json),
$(call 4 list_directory '{"path":"'$D'","depth":2}' desktop_list_directory.json),
$(call 5 read_file '{"path":"'$D'/long.txt","offset":5,"length":4}' desktop_read_file_range.json),
$(call 6 get_file_info '{"path":"'$D'/notes.md"}' desktop_get_file_info.json),
$(call 7 edit_block '{"file_path":"'$D'/src/main.go","old_string":"fmt.Println(\"hello\")","new_string":"fmt.Println(\"Grüße\")"}' desktop_edit_block.json),
$(call 8 edit_block '{"file_path":"'$D'/src/main.go","old_string":"fmt.Println(\"helo\")","new_string":"x"}' desktop_edit_block_fuzzy.json),
$(call 9 start_process '{"command":"printf '"'a\\\\tb\\\\nc\\\\td\\\\n'"'; echo done >&2; exit 3","timeout_ms":5000}' desktop_start_process.json),
$(call 10 start_process '{"command":"sudo ls","timeout_ms":3000}' desktop_blocked_command.json),
$(call 11 read_file '{"path":"/etc/hostname"}' desktop_path_not_allowed.json),
$(call 12 read_file '{"path":"'$D'/missing.txt"}' desktop_not_found.json),
$(call 13 start_search '{"path":"'$D'","pattern":"Grüße","searchType":"content"}' desktop_start_search.json),
$(call 14 read_multiple_files '{"paths":["'$D'/notes.md","'$D'/nope.md"]}' desktop_read_multiple_files.json),
$(call 15 get_prompts '{"action":"list_categories"}' desktop_get_prompts_error.json),
$(call 16 get_usage_stats '{}' desktop_usage_stats.json)
]
EOF
	(cd "$D" && drive desktop "$LOG/desktop.stdout" "$LOG/desktop.stderr" -- "${DC[@]}" "$(DC_JS)")
	# A short second session whose whole stdout is kept (the first one has the
	# 60 KB tools/list in it): notifications before and after every reply.
	make_dcdir
	steps desktop_logs <<EOF
[$INIT, $INITIALIZED,
{"sleep":1500},
$(call 1 list_directory '{"path":"'$D'"}' ""),
$(call 2 read_file '{"path":"'$D'/missing.txt"}' ""),
$(call 3 start_process '{"command":"sudo ls","timeout_ms":3000}' "")
]
EOF
	(cd "$D" && drive desktop_logs "$OUT/desktop_stdout_with_logs.txt" "$LOG/desktop_logs.stderr" -- "${DC[@]}" "$(DC_JS)")
}

install_packages
[ $# -gt 0 ] || set -- gopls dbserver gitmcp taskmgr taskmaster desktop
for section; do
	case $section in
	gopls) capture_gopls ;;
	dbserver) capture_dbserver ;;
	gitmcp) capture_gitmcp ;;
	taskmgr) capture_taskmgr ;;
	taskmaster) capture_taskmaster ;;
	desktop) capture_desktop ;;
	*) echo "unknown section $section" >&2 ;;
	esac
done
cleanup
echo "exit codes other than 0:"
grep -v '^0 ' "$LOG/exit-codes.txt"
