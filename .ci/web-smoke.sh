#!/usr/bin/env bash
# Browser smoke test of the web page: builds target/web/ (shell/web/build.sh),
# checks the .wasm's size, serves the folder on a local port and runs
# .ci/web-smoke.js in headless chromium (Debian's, installed if missing).
# For network play it also runs `boardsuite serve` on a free local port
# (the page hosts a Stones game there and `boardsuite bot` joins it).
#
#   .ci/web-smoke.sh [OUT_DIR]     # screenshots go to OUT_DIR (default target/web-smoke/)
#   BOARDSUITE=target/release/boardsuite .ci/web-smoke.sh   # that binary for serve and bot
#                                   # (default: the debug build, built here)
#
# The network stays closed: chromium runs with a fresh profile and without
# its background services, and no browser is downloaded.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-target/web-smoke}

log() { printf 'web-smoke: %s\n' "$*"; }
fail() { printf 'web-smoke: FAIL: %s\n' "$*" >&2; exit 1; }

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v node >/dev/null || need+=(nodejs)
command -v python3 >/dev/null || need+=(python3)
if ((${#need[@]})); then
    log "installing ${need[*]}"
    SUDO=""; [[ $(id -u) -eq 0 ]] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

bash shell/web/build.sh
gzipped=$(gzip -9 -c target/web/boardsuite.wasm | wc -c)
log "boardsuite.wasm: $(stat -c %s target/web/boardsuite.wasm) bytes, $gzipped gzipped"
((gzipped < 5 * 1024 * 1024)) || fail "the .wasm is $gzipped bytes gzipped (limit 5 MB)"

if [[ -z "${BOARDSUITE:-}" ]]; then
    cargo build --bin boardsuite ${CARGO_BUILD_JOBS:+-j "$CARGO_BUILD_JOBS"}
    BOARDSUITE=${CARGO_TARGET_DIR:-target}/debug/boardsuite
fi
[[ -x "$BOARDSUITE" ]] || fail "no boardsuite binary at $BOARDSUITE"

SERVER_PID=""
SERVE_PID=""
cleanup() {
    [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
    [[ -n "$SERVE_PID" ]] && kill "$SERVE_PID" 2>/dev/null || true
}
trap cleanup EXIT

# The referee for network play: port 0, and it prints the one it got.
SERVE_FILE=$(mktemp)
"$BOARDSUITE" serve --bind 127.0.0.1 --port 0 >"$SERVE_FILE" 2>&1 &
SERVE_PID=$!
for _ in $(seq 100); do grep -q '^listening on ' "$SERVE_FILE" && break; sleep 0.1; done
SERVE_PORT=$(sed -n 's/^listening on .*:\([0-9]*\)$/\1/p' "$SERVE_FILE" | head -1)
rm -f "$SERVE_FILE"
[[ -n "$SERVE_PORT" ]] || fail "boardsuite serve did not start"
log "boardsuite serve listening on 127.0.0.1:$SERVE_PORT"

PORT_FILE=$(mktemp)
# Port 0: the system picks a free port; the server prints it.
python3 -u -c '
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory="target/web")
handler.func.log_message = lambda *args: None
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
print(server.server_address[1], flush=True)
server.serve_forever()
' >"$PORT_FILE" &
SERVER_PID=$!
for _ in $(seq 50); do [[ -s "$PORT_FILE" ]] && break; sleep 0.1; done
PORT=$(head -1 "$PORT_FILE")
rm -f "$PORT_FILE"
[[ -n "$PORT" ]] || fail "the local web server did not start"
log "serving target/web/ at http://127.0.0.1:$PORT/"

rm -rf "$OUT"
BOARDSUITE="$BOARDSUITE" SERVE_PORT="$SERVE_PORT" node .ci/web-smoke.js "http://127.0.0.1:$PORT/index.html" "$OUT"
