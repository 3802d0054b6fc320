#!/usr/bin/env bash
# Strategy Chess: two builds of the computer player compared in games, A
# against B, on the sparring set (and, with AGENTS, against peternlewis).
#
#   bash scripts/strategy-chess-ab.sh A B [SPEC]
#
# A and B are git revisions (a commit, a branch, HEAD~1), or `.` for the
# working tree as it is. SPEC is the study spec both play
# (default `10:depth=4,samples=16,nodes=2m,extra=0`, level 10 near what
# 1.5 s gives it on a loaded two-core machine); `SPEC_A` and `SPEC_B`
# override it for one side, to compare settings of one build.
#
# The sparring set is the 120 node-capped games of docs/strategy-chess-ai.md
# ("Strength"): the defender's seeds 1, 101 and 201 (20 games each), the
# aggressor's 1, 101 and 201 (12 each) and the rusher's 1 and 101 (12
# each). Node-capped games depend only on the build, the spec and the
# seed, so a committed build's games are kept (target/ab/cache) and not
# played again; the working tree's always are. `SETS` replaces the set:
# words STYLE:GAMES:SEED, e.g. SETS="defender:20:1 rusher:12:1".
#
# With AGENTS (the outside bots' folder, see strategy-chess-vs-outside.sh),
# ROUNDS runs of five games against peternlewis follow (default 12), A and
# B alternating run by run from seeds 310, 320, ...: peternlewis seeds its
# choices from the clock, so these games do not replay and are never kept.
#
# WORKERS games at a time (default 2). Prints, for each build, W-D-L and
# score by opponent, Flags lost, and B's score less A's with its standard
# error. Run files go to target/ab/RUN (RUN defaults to A-B).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,28p' "$0"; exit 2; }
REV_A=$1
REV_B=$2
SPEC=${3:-10:depth=4,samples=16,nodes=2m,extra=0}
SPEC_A=${SPEC_A:-$SPEC}
SPEC_B=${SPEC_B:-$SPEC}
WORKERS=${WORKERS:-2}
ROUNDS=${ROUNDS:-12}
SETS=${SETS:-"defender:20:1 defender:20:101 defender:20:201 aggressor:12:1 aggressor:12:101 aggressor:12:201 rusher:12:1 rusher:12:101"}
root=$PWD
out=$root/target/ab/${RUN:-$(echo "$REV_A-$REV_B" | tr '/~^' '___')}
mkdir -p "$out"

# The study examples of a revision, built in a worktree of their own
# (the working tree builds in place); prints the folder holding them.
build() {
  local rev=$1
  if [ "$rev" = . ]; then
    cargo build --release -p headless --example strategy_chess_games --example strategy_chess_ucc >&2
    echo "$root/target/release/examples"
    return
  fi
  local hash tree
  hash=$(git rev-parse --verify "$rev^{commit}")
  tree=$root/target/ab/trees/$hash
  if [ ! -x "$tree/target/release/examples/strategy_chess_ucc" ]; then
    rm -rf "$tree"
    git worktree prune
    git worktree add --detach "$tree" "$hash" >/dev/null
    (cd "$tree" && cargo build --release -p headless --example strategy_chess_games --example strategy_chess_ucc >&2)
  fi
  echo "$tree/target/release/examples"
}

# Where a side's game of one set is kept: a committed build's in the
# cache (by commit and spec), the working tree's in this run's folder.
kept() {
  local rev=$1 spec=$2 set=$3
  if [ "$rev" = . ]; then
    echo "$out/tree_${spec//[:,=]/_}_$set.txt"
  else
    local hash
    hash=$(git rev-parse --verify "$rev^{commit}")
    mkdir -p "$root/target/ab/cache/$hash"
    echo "$root/target/ab/cache/$hash/${spec//[:,=]/_}_$set.txt"
  fi
}

bin_a=$(build "$REV_A")
bin_b=$(build "$REV_B")
declare -A files_a files_b
for set in $SETS; do
  IFS=: read -r style games seed <<<"$set"
  for side in a b; do
    if [ $side = a ]; then rev=$REV_A spec=$SPEC_A bin=$bin_a; else rev=$REV_B spec=$SPEC_B bin=$bin_b; fi
    file=$(kept "$rev" "$spec" "${style}_${games}_s$seed")
    if [ "$rev" = . ] || ! grep -q '^result' "$file" 2>/dev/null; then
      echo "$(date +%T) $side: $style, $games games from seed $seed" >&2
      "$bin/strategy_chess_games" "$spec" "sparring:$style" --games "$games" --seed "$seed" \
        --workers "$WORKERS" >"$file.part" 2>/dev/null
      mv "$file.part" "$file"
    fi
    if [ $side = a ]; then files_a[$set]=$file; else files_b[$set]=$file; fi
  done
done

rm -f "$out"/[ab]_peternlewis_r*.txt
if [ -n "${AGENTS:-}" ]; then
  [ -x "$root/target/release/boardsuite" ] || cargo build --release -p boardsuite >&2
  for r in $(seq 1 "$ROUNDS"); do
    for side in a b; do
      if [ $side = a ]; then spec=$SPEC_A bin=$bin_a; else spec=$SPEC_B bin=$bin_b; fi
      echo "$(date +%T) $side: peternlewis, five games from seed $((300 + r * 10))" >&2
      "$root/target/release/boardsuite" arena strategy-chess --games 5 --seed $((300 + r * 10)) \
        --first "$bin/strategy_chess_ucc $spec --seed \$BOARDSUITE_UCC_SEED" \
        --second "exec '$AGENTS/peternlewis/peternlewis'" >"$out/${side}_peternlewis_r$r.txt" 2>/dev/null
    done
  done
fi

# One line per game: opponent, score for our side (1, 0.5, 0), whether
# our Flag was taken.
games_of() {
  local side=$1
  local -n files=files_$side
  for set in $SETS; do
    awk -v o="${set%%:*}" '/^game/ {
      s = ($0 ~ /: \+1 by/) ? 1 : ($0 ~ /: -1 by/) ? 0 : 0.5
      print o, s, ($0 ~ /-1 by flag/) ? 1 : 0 }' "${files[$set]}"
  done
  local runs=("$out/${side}"_peternlewis_r*.txt)
  [ -e "${runs[0]}" ] || return 0
  cat "${runs[@]}" | awk '/^game/ {
    s = ($0 ~ /win for --first/) ? 1 : ($0 ~ /loss for --first/) ? 0 : 0.5
    print "peternlewis", s, ($0 ~ /loss for --first/ && $0 ~ /taking the flag/) ? 1 : 0 }'
}
games_of a >"$out/a.games"
games_of b >"$out/b.games"

echo "A = $REV_A ($SPEC_A), B = $REV_B ($SPEC_B)"
awk '
  FNR == 1 { side = (FILENAME ~ /a\.games$/) ? "A" : "B" }
  {
    for (k = 0; k < 2; k++) {
      o = k ? "all" : $1
      if (k && $1 == "peternlewis") continue
      key = side SUBSEP o
      n[key]++; s[key] += $2; q[key] += $2 * $2; f[key] += $3
      w[key] += ($2 == 1); d[key] += ($2 == 0.5); l[key] += ($2 == 0)
      seen[o] = 1
    }
  }
  END {
    printf "%-12s %5s %-14s %7s %-14s %7s %12s %s\n", "against", "games", "A W-D-L", "A", "B W-D-L", "B", "B-A", "Flags lost A/B"
    split("defender aggressor rusher all peternlewis", order, " ")
    for (i = 1; i <= 5; i++) {
      o = order[i]
      if (!(o in seen)) continue
      a = "A" SUBSEP o; b = "B" SUBSEP o
      if (!n[a] || !n[b]) continue
      pa = s[a] / n[a]; pb = s[b] / n[b]
      va = (q[a] / n[a] - pa * pa) / n[a]; vb = (q[b] / n[b] - pb * pb) / n[b]
      printf "%-12s %5d %-14s %6.1f%% %-14s %6.1f%% %+6.1f ± %4.1f %d/%d\n", o, n[a],
        w[a] "-" d[a] "-" l[a], 100 * pa, w[b] "-" d[b] "-" l[b], 100 * pb,
        100 * (pb - pa), 100 * sqrt(va + vb), f[a], f[b]
    }
  }' "$out/a.games" "$out/b.games"
