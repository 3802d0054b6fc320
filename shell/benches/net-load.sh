#!/usr/bin/env bash
# Load benchmark for network play: GAMES (default 300) concurrent bot games
# of Nim on one `boardsuite serve` over loopback. Reports moves/s and the
# server's peak memory (VmHWM), and fails if any game lost or refused a move.
#
#   shell/benches/net-load.sh            # release build, 300 games
#   GAMES=500 PROFILE=dev shell/benches/net-load.sh
#
# Traffic stays on 127.0.0.1; the server is stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."

GAMES=${GAMES:-300}
PROFILE=${PROFILE:-release}
case "$PROFILE" in
  dev) DIR=debug ;;
  *) DIR=$PROFILE ;;
esac

cargo build --profile "$PROFILE" --bin boardsuite
cargo test --profile "$PROFILE" --test net_load --no-run

# Each game holds four sockets across the two processes.
ulimit -n 16384 2>/dev/null || ulimit -n "$(ulimit -Hn)" || true

OUT=$(mktemp -d)
"target/$DIR/boardsuite" serve --port 0 --bind 127.0.0.1 --grace 5 >"$OUT/serve.out" 2>"$OUT/serve.err" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; rm -rf "$OUT"' EXIT

for _ in $(seq 100); do
  grep -q '^listening on ' "$OUT/serve.out" && break
  sleep 0.05
done
ADDR=$(sed -n 's/^listening on //p' "$OUT/serve.out")
[ -n "$ADDR" ] || { echo "serve did not start"; cat "$OUT/serve.err"; exit 1; }
echo "serve pid $SERVER on $ADDR, $GAMES games, profile $PROFILE"

NET_LOAD_ADDR="$ADDR" NET_LOAD_SERVER_PID="$SERVER" NET_LOAD_GAMES="$GAMES" \
  cargo test --profile "$PROFILE" --test net_load -- --ignored --nocapture --test-threads 1
