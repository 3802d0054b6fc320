#!/usr/bin/env bash
# Times `boardsuite solve` against the reference C solver ksolve.c on
# Kalah(6,4) under both capture rules, the two programs alternating in one
# run (absolute times on a shared machine move 3x between hours; only the
# ratio of one run means something). Prints each run's wall time and a
# table of medians with the ratio (ksolve's time over ours).
#
#   scripts/solver-vs-ksolve.sh            # 3 rounds
#   scripts/solver-vs-ksolve.sh 5          # 5 rounds
#
# Environment:
#   KSOLVE_C     the reference solver's source (default ../shared/bench/ksolve.c
#                from the repository root)
#   BOARDSUITE   our binary (default: built with cargo build --release)
#   BOARDSUITE_SOLVE_THREADS, BOARDSUITE_SOLVE_MB  passed on to ours
#   CAPTURES     which rules: "empty standard" (default), or one of them
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

ROUNDS=${1:-3}
KSOLVE_C=${KSOLVE_C:-$ROOT/../shared/bench/ksolve.c}
CAPTURES=${CAPTURES:-empty standard}
THREADS=${THREADS:-1 2}

if [ ! -f "$KSOLVE_C" ]; then
  echo "solver-vs-ksolve: no reference solver at $KSOLVE_C (set KSOLVE_C to ksolve.c)" >&2
  exit 2
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
gcc -O2 -o "$WORK/ksolve" "$KSOLVE_C"

if [ -z "${BOARDSUITE:-}" ]; then
  cargo build --release --quiet --no-default-features --bin boardsuite
  BOARDSUITE="$(cargo metadata --format-version 1 --no-deps | sed 's/.*"target_directory":"\([^"]*\)".*/\1/')/release/boardsuite"
fi
[ -x "$BOARDSUITE" ] || { echo "solver-vs-ksolve: $BOARDSUITE is not a program" >&2; exit 2; }

# Wall seconds of one command, its output checked for the expected value.
wall() {
  local expect=$1
  shift
  local start end out
  start=$(date +%s.%N)
  out=$("$@" 2>/dev/null)
  end=$(date +%s.%N)
  if ! grep -q -- "value[= ]$expect" <<<"$out"; then
    echo "solver-vs-ksolve: $* did not print value $expect:" >&2
    echo "$out" >&2
    exit 1
  fi
  echo "$end - $start" | bc
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for capture in $CAPTURES; do
  case $capture in
    empty) ours=(--set empty_capture=true) rule=2 value=+10 ;;
    standard) ours=() rule=1 value=+8 ;;
    *) echo "solver-vs-ksolve: unknown capture rule $capture (empty, standard)" >&2; exit 2 ;;
  esac
  : >"$WORK/c-$capture"
  for round in $(seq 1 "$ROUNDS"); do
    line=""
    for threads in $THREADS; do
      o=$(BOARDSUITE_SOLVE_THREADS=$threads wall "$value" "$BOARDSUITE" solve stones \
        --set sowing=kalah --set pits=6 --set stones=4 "${ours[@]}")
      echo "$o" >>"$WORK/ours-$capture-$threads"
      line+=$(printf '  ours (%s thread%s) %6.2f s' "$threads" "$([ "$threads" = 1 ] || echo s)" "$o")
    done
    c=$(wall "$value" "$WORK/ksolve" 6 4 "$rule" 0 0 25)
    echo "$c" >>"$WORK/c-$capture"
    printf '%-8s round %d:%s  ksolve %6.2f s\n' "$capture" "$round" "$line" "$c"
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf '| Kalah(6,4) | threads | ours (median) | ksolve (median) | ksolve / ours |\n| --- | --- | --- | --- | --- |\n'
for capture in $CAPTURES; do
  c=$(median <"$WORK/c-$capture")
  for threads in $THREADS; do
    o=$(median <"$WORK/ours-$capture-$threads")
    printf '| %s capture | %s | %.2f s | %.2f s | **%.2f** |\n' "$capture" "$threads" "$o" "$c" "$(echo "$c / $o" | bc -l)"
  done
done
