#!/usr/bin/env bash
# Load benchmark for network play: GAMES (default 300) concurrent bot games
# of the real games (Stones, Blockade and Strategy Chess, dealt in turn) on
# one `boardsuite serve` over loopback. Reports moves/s, the server's CPU
# time a move and its peak memory (VmHWM), and fails if any game lost or
# refused a move. The bots run in one driver process (tests/net_load.rs).
#
#   shell/headless/benches/net-load.sh                     # release build, 300 games, random movers
#   MOVER=level1 shell/headless/benches/net-load.sh        # the computer player of level 1
#   GAMES=500 MIX=strategy-chess PROFILE=dev shell/headless/benches/net-load.sh
#   SET_STRATEGY_CHESS="army=barrage" shell/headless/benches/net-load.sh
#
# MIX is a comma-separated list of stones, blockade, strategy-chess, nim.
# SET_<GAME> holds `;`-separated rule options for that game.
# Traffic stays on 127.0.0.1; the server is stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/../../.."

GAMES=${GAMES:-300}
PROFILE=${PROFILE:-release}
MIX=${MIX:-stones,blockade,strategy-chess}
MOVER=${MOVER:-random}
case "$PROFILE" in
  dev) DIR=debug ;;
  *) DIR=$PROFILE ;;
esac

cargo build --profile "$PROFILE" --bin boardsuite
cargo test --profile "$PROFILE" --test net_load --no-run

# Each game holds four sockets across the two processes, and each
# connection two threads on the server and three in the driver.
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
echo "serve pid $SERVER on $ADDR, $GAMES games of $MIX, movers $MOVER, profile $PROFILE"
echo "before: $(uptime)"

NET_LOAD_ADDR="$ADDR" NET_LOAD_SERVER_PID="$SERVER" NET_LOAD_GAMES="$GAMES" \
  NET_LOAD_MIX="$MIX" NET_LOAD_MOVER="$MOVER" \
  NET_LOAD_SET_STONES="${SET_STONES:-}" NET_LOAD_SET_BLOCKADE="${SET_BLOCKADE:-}" \
  NET_LOAD_SET_STRATEGY_CHESS="${SET_STRATEGY_CHESS:-}" \
  cargo test --profile "$PROFILE" --test net_load -- --ignored --nocapture --test-threads 1

echo "after: $(uptime)"
echo "server threads at the end: $(ls /proc/$SERVER/task | wc -l)"
