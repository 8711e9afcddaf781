# capture_lib.sh is what the capture scripts share; they source it.
#
# SAFE_PATH: a fixed, short PATH for every server process (node's own
# directory when node is not in /usr/bin), so that nothing of the
# developer's environment shows in a capture.
# BG and cleanup: the PIDs of the background processes a script started,
# each stopped (by PID) when the script exits, whatever way it exits.

NODE_DIR="$(dirname "$(command -v node || echo /usr/bin/node)")"
case "$NODE_DIR" in /usr/bin | /bin) SAFE_PATH=/usr/bin:/bin ;; *) SAFE_PATH="$NODE_DIR:/usr/bin:/bin" ;; esac

BG=() # PIDs of background processes this script started
cleanup() {
	local p
	for p in "${BG[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${BG[@]}"; do wait "$p" 2>/dev/null; done
	BG=()
}
trap cleanup EXIT
