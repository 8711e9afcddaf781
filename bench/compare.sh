#!/usr/bin/env bash
# Times khive-pretty against jq on the same inputs, side by side in one run,
# and prints the README's results table. Machines are noisy, so every figure
# is the median of several runs and the targets are checked as ratios.
#
#   bench/compare.sh            5 runs per measurement
#   RUNS=9 bench/compare.sh
#
# Needs jq and GNU time (/usr/bin/time): apt-get install jq time
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
out=bench/out
mkdir -p "$out"

go build -o "$out/khive-pretty" .
go build -o "$out/jsonscan" ./internal/jsonscan
go build -o "$out/benchdata" ./internal/benchdata
[ -s "$out/big.json" ] || "$out/benchdata" -kind list -rows 200000 >"$out/big.json"
[ -s "$out/stream.ndjson" ] || "$out/benchdata" -kind stream -rows 100000 >"$out/stream.ndjson"
[ -s "$out/small.json" ] || "$out/benchdata" -kind small >"$out/small.json"
kp="$out/khive-pretty"

# measure NAME COMMAND: median wall seconds and median peak RSS (MiB) over RUNS.
declare -A T M
measure() {
	local name=$1 cmd=$2 times=() mems=()
	for _ in $(seq "$RUNS"); do
		/usr/bin/time -f "%e %M" -o "$out/time.txt" sh -c "$cmd" >/dev/null 2>&1 || true
		read -r t m <"$out/time.txt"
		times+=("$t"); mems+=("$m")
	done
	T[$name]=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
	M[$name]=$(printf '%s\n' "${mems[@]}" | sort -g | awk '{a[NR]=$1} END {printf "%.0f", a[int((NR+1)/2)]/1024}')
}

# per-run time of a command that is too quick to time once: 100 runs in a loop.
measure_small() {
	local name=$1 cmd=$2 times=()
	for _ in $(seq "$RUNS"); do
		local s e
		s=$(date +%s%N)
		for _ in $(seq 100); do sh -c "$cmd" >/dev/null 2>&1; done
		e=$(date +%s%N)
		times+=("$(( (e - s) / 100000 ))") # µs per run
	done
	T[$name]=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
}

measure jq       "jq . $out/big.json"
measure jqC      "jq -C . $out/big.json"
measure scan     "$out/jsonscan $out/big.json"
measure plain    "$kp -o plain $out/big.json"
measure human    "$kp -o human --width 120 --color always $out/big.json"
measure stream   "$kp -o plain $out/stream.ndjson"
measure jqstream "jq . $out/stream.ndjson"
measure_small head1    "$kp -o plain $out/big.json | head -1"
measure_small sh_only  "true"
measure_small small    "$kp -o plain $out/small.json"
measure_small jqsmall  "jq . $out/small.json"

size=$(( $(stat -c %s "$out/big.json") / 1048576 ))
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a/b}'; }
check() { awk -v v="$1" -v lim="$2" 'BEGIN {print (v <= lim) ? "met" : "NOT met"}'; }
small_net=$(awk -v a="${T[small]}" -v b="${T[sh_only]}" 'BEGIN {printf "%.1f", a-b}')

echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(go version | cut -d' ' -f3), $(jq --version); median of $RUNS runs"
echo
echo "| input | command | time | peak memory | target | result |"
echo "| --- | --- | --- | --- | --- | --- |"
echo "| list, ${size} MiB, 200,000 rows | \`jq .\` | ${T[jq]} s | ${M[jq]} MiB | | |"
echo "| | \`jq -C .\` | ${T[jqC]} s | ${M[jqC]} MiB | | |"
echo "| | jsontext token scan | ${T[scan]} s | ${M[scan]} MiB | | |"
echo "| | \`khive-pretty -o plain\` | ${T[plain]} s | ${M[plain]} MiB | ≤ 0.25 × jq: $(ratio "${T[plain]}" "${T[jq]}") | $(check "$(ratio "${T[plain]}" "${T[jq]}")" 0.25) |"
echo "| | | | | ≤ 2 × scan: $(ratio "${T[plain]}" "${T[scan]}") | $(check "$(ratio "${T[plain]}" "${T[scan]}")" 2) |"
echo "| | | | | memory ≤ input: $(ratio "${M[plain]}" "$size") | $(check "$(ratio "${M[plain]}" "$size")" 1) |"
echo "| | \`khive-pretty -o human -w 120 --color always\` | ${T[human]} s | ${M[human]} MiB | ≤ 0.35 × jq -C: $(ratio "${T[human]}" "${T[jqC]}") | $(check "$(ratio "${T[human]}" "${T[jqC]}")" 0.35) |"
echo "| | | | | memory ≤ input: $(ratio "${M[human]}" "$size") | $(check "$(ratio "${M[human]}" "$size")" 1) |"
echo "| | \`khive-pretty -o plain FILE \| head -1\` | ${T[head1]} ms | | < 100 ms | $(check "${T[head1]}" 100) |"
echo "| NDJSON, 100,000 envelopes | \`jq .\` | ${T[jqstream]} s | ${M[jqstream]} MiB | | |"
echo "| | \`khive-pretty -o plain\` | ${T[stream]} s | ${M[stream]} MiB | memory flat | see README |"
echo "| 1 KiB response | \`jq .\` | ${T[jqsmall]} ms | | | |"
echo "| | \`khive-pretty -o plain\` | ${T[small]} ms (${small_net} ms over \`sh -c true\`) | | ≤ 5 ms | $(check "${T[small]}" 5) |"
