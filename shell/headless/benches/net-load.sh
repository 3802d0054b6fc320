#!/usr/bin/env bash
# Load benchmark for network play, on one server over loopback.
#
# Games (the default): GAMES (default 300) concurrent bot games of the real
# games (Stones, Blockade and Strategy Chess, dealt in turn). Reports
# moves/s, the server's CPU time a move and its peak memory (VmHWM), and
# fails if any game lost or refused a move.
#
# Idle connections (IDLE=N): N connections that say hello and then only
# ping, every 5 s for HOLD seconds (default 30). Reports the server's
# memory (VmRSS, and its peak VmHWM) and threads, and fails unless every
# connection is welcomed, every ping answered and the peak stays within
# MAX_MIB (default 300).
#
#   shell/headless/benches/net-load.sh                     # release build, 300 games, random movers
#   GAMES=1000 shell/headless/benches/net-load.sh          # 1,000 concurrent games
#   IDLE=10000 shell/headless/benches/net-load.sh          # 10,000 idle connections
#   IDLE=10000 WS=1 shell/headless/benches/net-load.sh     # the same, as WebSockets
#   MOVER=level1 shell/headless/benches/net-load.sh        # the computer player of level 1
#   GAMES=500 MIX=strategy-chess PROFILE=dev shell/headless/benches/net-load.sh
#   SET_STRATEGY_CHESS="army=barrage" shell/headless/benches/net-load.sh
#   SERVER_BIN=path/to/net_load-HASH IDLE=10000 shell/headless/benches/net-load.sh
#
# MIX is a comma-separated list of stones, blockade, strategy-chess, nim.
# SET_<GAME> holds `;`-separated rule options for that game.
#
# The server runs in a process of its own: the driver's test binary
# (tests/net_load.rs, `load_server`) serving `ServerConfig::loopback()`,
# that is `boardsuite serve`'s defaults without the cap per address (every
# client here comes from 127.0.0.1). SERVER_BIN runs another build's
# driver binary as the server, to compare two builds with one driver.
# Traffic stays on 127.0.0.1; the server is stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/../../.."

GAMES=${GAMES:-300}
IDLE=${IDLE:-}
WS=${WS:-0}
HOLD=${HOLD:-30}
MAX_MIB=${MAX_MIB:-300}
PROFILE=${PROFILE:-release}
MIX=${MIX:-stones,blockade,strategy-chess}
MOVER=${MOVER:-random}

BUILD=$(cargo test --profile "$PROFILE" --test net_load --no-run 2>&1) || { echo "$BUILD"; exit 1; }
DRIVER=$(echo "$BUILD" | sed -n 's/.*Executable tests\/net_load.rs (\(.*\))/\1/p' | tail -1)
[ -x "$DRIVER" ] || { echo "no driver binary found"; exit 1; }
SERVER_BIN=${SERVER_BIN:-$DRIVER}

# Each idle connection holds one socket in each process; each game four
# sockets across the two processes, and threads in the driver.
ulimit -n "$(ulimit -Hn)" || true

OUT=$(mktemp -d)
NET_LOAD_SERVE="$OUT/addr" "$SERVER_BIN" load_server --ignored --exact --test-threads 1 \
  >"$OUT/serve.out" 2>"$OUT/serve.err" &
SERVER=$!
finish() {
  kill "$SERVER" 2>/dev/null || true
  if [ -s "$OUT/serve.err" ]; then
    echo "the server's standard error:"
    cat "$OUT/serve.err"
  fi
  rm -rf "$OUT"
}
trap finish EXIT

for _ in $(seq 200); do
  [ -s "$OUT/addr" ] && break
  sleep 0.05
done
ADDR=$(cat "$OUT/addr" 2>/dev/null || true)
[ -n "$ADDR" ] || { echo "the server did not start"; cat "$OUT/serve.err"; exit 1; }
echo "server $SERVER_BIN"
echo "server pid $SERVER on $ADDR, profile $PROFILE, open-file limit $(ulimit -n)"
echo "before: $(uptime)"

if [ -n "$IDLE" ]; then
  echo "$IDLE idle connections for $HOLD s (WebSockets: $WS)"
  NET_LOAD_ADDR="$ADDR" NET_LOAD_SERVER_PID="$SERVER" NET_LOAD_IDLE="$IDLE" NET_LOAD_HOLD="$HOLD" \
    NET_LOAD_IDLE_MAX_MIB="$MAX_MIB" NET_LOAD_IDLE_WS="$WS" \
    "$DRIVER" idle_connections_hold --exact --ignored --nocapture --test-threads 1
else
  echo "$GAMES games of $MIX, movers $MOVER"
  NET_LOAD_ADDR="$ADDR" NET_LOAD_SERVER_PID="$SERVER" NET_LOAD_GAMES="$GAMES" \
    NET_LOAD_MIX="$MIX" NET_LOAD_MOVER="$MOVER" \
    NET_LOAD_SET_STONES="${SET_STONES:-}" NET_LOAD_SET_BLOCKADE="${SET_BLOCKADE:-}" \
    NET_LOAD_SET_STRATEGY_CHESS="${SET_STRATEGY_CHESS:-}" \
    "$DRIVER" concurrent_bot_games_all_finish --exact --ignored --nocapture --test-threads 1
fi

echo "after: $(uptime)"
echo "server threads at the end: $(ls /proc/$SERVER/task | wc -l)"
