#!/usr/bin/env bash
# Redo the captures in testdata/everyday/: real JSON that everyday
# command-line tools print, saved byte for byte from their standard output.
#
#   bash testdata/everyday/capture.sh        # from the repo root
#
# Documentation more than automation: it does not run in CI, and a run
# overwrites the files with today's answers (times, PIDs, sizes, registry
# data all move). It assumes the tools are installed, on Debian:
#   apt-get install -y jc iproute2 util-linux procps tree ripgrep hyperfine lshw curl
# plus go, node/npm and python3/pip on PATH. It needs the Go module proxy
# and the npm registry for the go and npm captures. SOURCES.md says what
# each file is and which versions made them.
#
# The small projects the go and npm commands run in are written under a
# fixed folder, /tmp/everyday, because some outputs (go vet, go test,
# go list, npm outdated) carry their paths.
set -u

if [ ! -f go.mod ] || [ ! -d testdata ]; then
	echo "capture.sh: run me from the repo root" >&2
	exit 2
fi
OUT=$PWD/testdata/everyday
WORK=/tmp/everyday
rm -rf "$WORK"
mkdir -p "$OUT" "$WORK"

# note NAME RC: say which capture exited how (several exit non-zero on
# purpose: a failing test, a vet finding, a build error, npm outdated).
note() { echo "captured $1 (exit $2)" >&2; }

# ---------------------------------------------------------------- go
mkdir -p "$WORK/testdemo" "$WORK/vetdemo" "$WORK/builddemo" "$WORK/depdemo"

cat >"$WORK/testdemo/go.mod" <<'EOF'
module example.com/testdemo

go 1.26
EOF
cat >"$WORK/testdemo/calc.go" <<'EOF'
package calc

func Add(a, b int) int { return a + b }

func Sub(a, b int) int { return a + b } // bug: should subtract
EOF
cat >"$WORK/testdemo/calc_test.go" <<'EOF'
package calc

import "testing"

func TestAdd(t *testing.T) {
	if got := Add(2, 3); got != 5 {
		t.Errorf("Add(2, 3) = %d, want 5", got)
	}
}

func TestSub(t *testing.T) {
	if got := Sub(5, 3); got != 2 {
		t.Errorf("Sub(5, 3) = %d, want 2", got)
	}
}
EOF

cat >"$WORK/vetdemo/go.mod" <<'EOF'
module example.com/vetdemo

go 1.26
EOF
cat >"$WORK/vetdemo/main.go" <<'EOF'
package main

import "fmt"

func main() {
	name := "world"
	fmt.Printf("hello %d\n", name)
}
EOF

cat >"$WORK/builddemo/go.mod" <<'EOF'
module example.com/builddemo

go 1.26
EOF
cat >"$WORK/builddemo/main.go" <<'EOF'
package main

import (
	"fmt"
	"os"
)

func main() {
	count := "three"
	fmt.Println(count + 1)
}
EOF

cat >"$WORK/depdemo/go.mod" <<'EOF'
module example.com/depdemo

go 1.26
EOF
cat >"$WORK/depdemo/main.go" <<'EOF'
package main

import (
	"fmt"

	"golang.org/x/text/language"
)

func main() { fmt.Println(language.English) }
EOF
(cd "$WORK/depdemo" && go get golang.org/x/text@v0.21.0 && go mod tidy) >&2

(cd "$WORK/testdemo" && go test -json ./...) >"$OUT/go_test_json_pass_fail.ndjson"
note go_test_json_pass_fail.ndjson $?
(cd "$WORK/vetdemo" && go vet -json ./...) >"$OUT/go_vet_json_printf.json"
note go_vet_json_printf.json $?
(cd "$WORK/builddemo" && go build -json -o /dev/null .) >"$OUT/go_build_json_error.ndjson"
note go_build_json_error.ndjson $?
(cd "$WORK/testdemo" && go list -json) >"$OUT/go_list_json_testdemo.json"
note go_list_json_testdemo.json $?
go list -json errors unicode/utf8 >"$OUT/go_list_json_two_std.json"
note go_list_json_two_std.json $?
(cd "$WORK/depdemo" && go list -m -json all) >"$OUT/go_list_m_json_all.json"
go list -m -json all >"$OUT/go_list_m_json_all_khive_pretty.json" # this repository's own modules
note go_list_m_json_all.json $?
(cd "$WORK/depdemo" && go mod edit -json) >"$OUT/go_mod_edit_json.json"
note go_mod_edit_json.json $?
(cd "$WORK/depdemo" && go mod download -json golang.org/x/text@v0.21.0) >"$OUT/go_mod_download_json.json"
note go_mod_download_json.json $?
# A module that does not exist (go mod download exits 1, its Module.Error
# says why), and a package that does not (go list -e exits 0, its
# Package.Error a PackageError).
(cd "$WORK/testdemo" && go mod download -json golang.org/x/nonexist@v0.0.1) >"$OUT/go_mod_download_json_missing.json"
note go_mod_download_json_missing.json $?
(cd "$WORK/testdemo" && go list -e -json ./nonexist) >"$OUT/go_list_e_json_missing.json"
note go_list_e_json_missing.json $?
(cd "$WORK" && go env -json) >"$OUT/go_env_json.json"
note go_env_json.json $?
go tool dist list -json >"$OUT/go_tool_dist_list_json.json"
note go_tool_dist_list_json.json $?
go build -o "$WORK/khive-pretty" . &&
	go version -m -json "$WORK/khive-pretty" >"$OUT/go_version_m_json_khive_pretty.json"
note go_version_m_json_khive_pretty.json $?

# ---------------------------------------------------------------- npm
mkdir -p "$WORK/everyday-demo"
cat >"$WORK/everyday-demo/package.json" <<'EOF'
{
  "name": "everyday-demo",
  "version": "1.0.0",
  "private": true,
  "dependencies": {
    "ms": "2.0.0",
    "debug": "2.6.8"
  }
}
EOF
(cd "$WORK/everyday-demo" && npm install --no-fund --no-audit) >&2

npm view --json left-pad >"$OUT/npm_view_json_left_pad.json"
npm view --json ms >"$OUT/npm_view_json_ms.json"
note npm_view_json_left_pad.json $?
(cd "$WORK/everyday-demo" && npm ls --json --all) >"$OUT/npm_ls_json_all.json"
note npm_ls_json_all.json $?
(cd "$WORK/everyday-demo" && npm outdated --json) >"$OUT/npm_outdated_json.json"
note npm_outdated_json.json $?
(cd "$WORK/everyday-demo" && npm audit --json) >"$OUT/npm_audit_json_error.json"
note npm_audit_json_error.json $?
(cd "$WORK/everyday-demo" && npm query ':root > *') >"$OUT/npm_query_root_children.json"
note npm_query_root_children.json $?

# ---------------------------------------------------------------- curl
curl -si https://registry.npmjs.org/ms/latest >"$OUT/curl_i_npm_ms_latest.http"
note curl_i_npm_ms_latest.http $?
curl -s https://proxy.golang.org/github.com/urfave/cli/v3/@v/v3.12.0.info >"$OUT/curl_goproxy_cli_v3_info.json"
note curl_goproxy_cli_v3_info.json $?
curl -si https://proxy.golang.org/github.com/urfave/cli/v3/@latest >"$OUT/curl_i_goproxy_latest_404.http"
note curl_i_goproxy_latest_404.http $?

# ---------------------------------------------------------------- iproute2
ip -j addr >"$OUT/ip_j_addr.json"
note ip_j_addr.json $?
ip -j route >"$OUT/ip_j_route.json"
note ip_j_route.json $?
ip -j -p -s link >"$OUT/ip_j_p_s_link.json"
note ip_j_p_s_link.json $?
tc -j qdisc >"$OUT/tc_j_qdisc.json"
note tc_j_qdisc.json $?

# ---------------------------------------------------------------- util-linux
lsblk -J >"$OUT/lsblk_J.json"
note lsblk_J.json $?
findmnt -J -R /sys/fs/cgroup >"$OUT/findmnt_J_cgroup.json"
note findmnt_J_cgroup.json $?
lscpu -J >"$OUT/lscpu_J.json"
note lscpu_J.json $?
lsipc -J >"$OUT/lsipc_J.json"
note lsipc_J.json $?
lsmem -J >"$OUT/lsmem_J.json"
note lsmem_J.json $?

# ---------------------------------------------------------------- others
(cd "$WORK" && tree -J -p -s -D --timefmt '%F %T' everyday-demo) >"$OUT/tree_J_npm_demo.json"
note tree_J_npm_demo.json $?
(cd "$WORK" && rg --json 'Add|Sub' testdemo) >"$OUT/rg_json_add_sub.ndjson"
note rg_json_add_sub.ndjson $?
# hyperfine writes its JSON to the --export-json file, not to stdout.
hyperfine -N --style none --warmup 1 --runs 5 \
	--export-json "$OUT/hyperfine_export_json.json" 'true' 'sleep 0.01' >/dev/null
note hyperfine_export_json.json $?
lshw -json -class network >"$OUT/lshw_json_network.json"
note lshw_json_network.json $?
pip list --format json >"$OUT/pip_list_json.json"
note pip_list_json.json $?
# pip inspect of a fresh virtual environment (pip and setuptools): the
# machine's own Python's was 988 KB.
python3 -m venv "$WORK/pipdemo"
"$WORK/pipdemo/bin/pip" inspect >"$OUT/pip_inspect_venv.json"
note pip_inspect_venv.json $?

# ---------------------------------------------------------------- jc
ls -l /usr/bin | head -20 | jc --ls >"$OUT/jc_ls_usr_bin.json"
note jc_ls_usr_bin.json $?
sleep 300 &
s1=$!
sleep 301 &
s2=$!
ps u -p "$$,$s1,$s2" | jc --ps >"$OUT/jc_ps_u.json"
note jc_ps_u.json $?
kill "$s1" "$s2"
df / /dev/shm | jc --df >"$OUT/jc_df.json"
note jc_df.json $?
df -h / /dev/shm | jc --df >"$OUT/jc_df_h.json"
note jc_df_h.json $?
stat /etc/passwd | jc --stat >"$OUT/jc_stat_etc_passwd.json"
note jc_stat_etc_passwd.json $?
uptime | jc --uptime >"$OUT/jc_uptime.json"
note jc_uptime.json $?
free | jc --free >"$OUT/jc_free.json"
note jc_free.json $?
id | jc --id >"$OUT/jc_id.json"
note jc_id.json $?
env -i HOME=/root LANG=C.UTF-8 PATH=/usr/bin:/bin TERM=xterm-256color env | jc --env >"$OUT/jc_env.json"
note jc_env.json $?
date | jc --date >"$OUT/jc_date.json"
note jc_date.json $?
uname -a | jc --uname >"$OUT/jc_uname.json"
note jc_uname.json $?
dpkg -l jq curl tree | jc --dpkg-l >"$OUT/jc_dpkg_l.json"
note jc_dpkg_l.json $?
jc --kv </etc/os-release >"$OUT/jc_kv_os_release.json"
note jc_kv_os_release.json $?
