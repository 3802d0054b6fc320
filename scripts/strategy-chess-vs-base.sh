#!/usr/bin/env bash
# Strategy Chess level 10 of this tree against level 10 of the commit
# before the work on the player's strength (BASE), each as a UCC bot,
# refereed by `boardsuite arena` under the usual rules (two-square and
# more-square rules on, no-capture limit 200: the bots read them from
# BOARDSUITE_UCC_SET, the arena from --set).
#
#   bash scripts/strategy-chess-vs-base.sh [GAMES] [SEED] [LEVEL]
#
# LEVEL is this tree's player: 10 (the default) plays `ucc-bot --level 10`
# on the clock; a study spec with a colon
# (`10:depth=4,samples=16,nodes=2m,extra=0`) plays node-capped through the
# study's UCC bot, a game in well under a minute. BASE always plays its
# level 10 on the clock (it answers in tens of milliseconds).
#
# Builds BASE in a worktree under target/ the first time (or takes the
# binary in $OLD). Prints the arena's lines; the last is
# `result W-D-L score P%` for this tree.
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${BASE:-9304003}
GAMES=${1:-40}
SEED=${2:-1}
LEVEL=${3:-10}
base_tree=target/strategy-chess-base
old=${OLD:-$PWD/$base_tree/target/release/boardsuite}
if [ ! -x "$old" ]; then
  rm -rf "$base_tree"
  git worktree prune
  git worktree add --detach "$base_tree" "$BASE" >/dev/null
  (cd "$base_tree" && cargo build --release -p boardsuite >/dev/null)
fi
cargo build --release -p boardsuite >/dev/null
new=$PWD/target/release/boardsuite
ours="$new ucc-bot --level $LEVEL"
if [[ $LEVEL == *:* ]]; then
  cargo build --release -p headless --example strategy_chess_ucc >/dev/null
  ours="$PWD/target/release/examples/strategy_chess_ucc $LEVEL --seed \$BOARDSUITE_UCC_SEED"
fi
rules=(--set two_square_rule=true --set more_square_rule=true --set no_capture_limit=200)
export BOARDSUITE_UCC_SET="two_square_rule=true;more_square_rule=true;no_capture_limit=200"
"$new" arena strategy-chess --first "$ours" --second "$old ucc-bot --level 10" \
  --games "$GAMES" --seed "$SEED" "${rules[@]}"
