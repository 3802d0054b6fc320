#!/usr/bin/env bash
# Strategy Chess: a level of this tree against outside bots, the entries of
# the UCC 2012 programming competition (and Peter N Lewis's MacTech 1997
# winner), each refereed by `boardsuite arena` under its defaults (the UCC
# manager's rules: no no-capture limit, a draw at 5,000 plies, 2 s a move).
#
#   AGENTS=DIR bash scripts/strategy-chess-vs-outside.sh [GAMES] [SEED] [LEVEL] [BOT ...]
#
# LEVEL is a level 1..10 played by `ucc-bot` on the clock, or a study spec
# with a colon (`10:depth=4,samples=16,nodes=2m,extra=0`) played node-capped.
#
# DIR is the `agents/` folder of the public repository
# github.com/braathwaate/strategoevaluator, built by hand first:
#   - ramen (C): `make` in ramen/. On a 64-bit machine its
#     db.c needs the prototype `extern tPiece *GetPieceByPos(int X, int Y);`
#     near its top, or the pointer is cut to 32 bits and it crashes once it
#     has a database. It keeps a database per opponent in its folder
#     (`*.ramen`, keyed by the first word of our command): delete it for a
#     fresh start. Its ai.c, where AI_HandleMove reverses the opponent's
#     first move, looks for the piece one square back whatever the move's
#     length, so a first move of a Scout over several squares crashes it:
#     the four `GetPieceByPos(Move->x...` calls there need `Move->dist` in
#     place of 1.
#   - peternlewis (C++): `make` in peternlewis/. It writes a log per game to
#     /tmp/peternlewis-output-*.log and mirrors its one setup by the clock.
#   - asmodeus, vixen, celsius, hunter (Python 2): run by $PYTHON2 (default
#     `python2`) from their folders; where a folder holds only a .pyc of
#     basic_python or path, copy the .py from asmodeus/.
#
# BOTs default to all six. Prints each bot's arena lines to
# target/outside/LEVEL_BOT_sSEED.txt and one summary line per bot. With
# LOGS=DIR, everything the manager sent our bot in game k is kept as
# DIR/LEVEL_BOT_gK.log (SEED + k), which the study example
# strategy_chess_sightings reads.
set -euo pipefail
if [ -n "${LOGS:-}" ]; then LOGS=$(realpath -m "$LOGS"); fi
cd "$(dirname "$0")/.."
: "${AGENTS:?set AGENTS to the agents/ folder of braathwaate/strategoevaluator}"
PYTHON2=${PYTHON2:-python2}
GAMES=${1:-4}
SEED=${2:-1}
LEVEL=${3:-10}
shift 3 2>/dev/null || shift $#
BOTS=("$@")
[ ${#BOTS[@]} -gt 0 ] || BOTS=(ramen peternlewis celsius vixen asmodeus hunter)

cargo build --release -p boardsuite >/dev/null
bin=$PWD/target/release/boardsuite
# A LEVEL with changes after a colon (`10:depth=4,samples=16,nodes=2m,extra=0`)
# is played by the study's node-capped UCC bot: a game takes seconds, and
# the bot's stderr (in the .err file) lists its officers' blind strikes.
if [[ $LEVEL == *:* ]]; then
  cargo build --release -p headless --example strategy_chess_ucc >/dev/null
  ours="$PWD/target/release/examples/strategy_chess_ucc $LEVEL --seed \$BOARDSUITE_UCC_SEED"
else
  ours="$bin ucc-bot --level $LEVEL"
fi
mkdir -p target/outside
for bot in "${BOTS[@]}"; do
  case $bot in
    ramen) cmd="cd '$AGENTS/ramen' && exec ./ramen" ;;
    peternlewis) cmd="exec '$AGENTS/peternlewis/peternlewis'" ;;
    asmodeus | vixen | celsius | hunter) cmd="cd '$AGENTS/$bot' && exec $PYTHON2 -u ./$bot.py" ;;
    *) echo "unknown bot $bot (ramen, peternlewis, asmodeus, vixen, celsius, hunter)" >&2; exit 2 ;;
  esac
  out=target/outside/${LEVEL}_${bot}_s$SEED.txt
  first=$ours
  if [ -n "${LOGS:-}" ]; then
    mkdir -p "$LOGS"
    first="tee '$LOGS/${LEVEL}_${bot}_g'\$BOARDSUITE_UCC_SEED.log | $ours"
  fi
  "$bin" arena strategy-chess --first "$first" --second "$cmd" \
    --games "$GAMES" --seed "$SEED" >"$out" 2>"$out.err"
  echo "$bot $(tail -1 "$out")"
  # A bot that cannot start (a missing interpreter) loses every game at
  # ply 0: say so, or its run reads as a clean sweep.
  died=$(grep -c "second program died" "$out" || true)
  if [ "$died" -gt 0 ]; then
    echo "  warning: $bot died in $died of the games (see $out.err)" >&2
  fi
done
