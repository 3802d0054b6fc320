#!/usr/bin/env bash
# Runs each fuzz target of shell/headless/fuzz for a bounded time, with
# inputs up to 1 MiB, and prints a line per target.
#
#   scripts/fuzz.sh            # 60 s a target
#   scripts/fuzz.sh 120        # 120 s a target
#   scripts/fuzz.sh 30 record_text table_commands
#
# Needs cargo-fuzz (installed if missing) and a nightly toolchain; without
# nightly it runs the stable one with RUSTC_BOOTSTRAP=1, which accepts the
# sanitizer flags cargo-fuzz passes. CARGO_BUILD_JOBS limits the build.
# The corpus grows in shell/headless/fuzz/corpus/TARGET (seeded from
# fuzz/seeds/TARGET); a crash leaves its input in fuzz/artifacts/TARGET
# and makes the script exit 1 after the other targets have run.
set -euo pipefail
cd "$(dirname "$0")/../shell/headless"

SECS=${1:-60}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(protocol_line record_text table_commands server_lines)

if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  FUZZ=(cargo +nightly fuzz)
else
  export RUSTC_BOOTSTRAP=1
  FUZZ=(cargo fuzz)
fi

LOGS=$(mktemp -d)
trap 'rm -rf "$LOGS"' EXIT
failed=()
for target in "${TARGETS[@]}"; do
  "${FUZZ[@]}" build "$target"
  corpora=("fuzz/corpus/$target")
  [ -d "fuzz/seeds/$target" ] && corpora+=("fuzz/seeds/$target")
  mkdir -p "fuzz/corpus/$target"
  echo "== $target: $SECS s"
  if ! "${FUZZ[@]}" run "$target" "${corpora[@]}" -- \
      -max_total_time="$SECS" -max_len=1048576 -print_final_stats=1 2>&1 | tee "$LOGS/$target.log"; then
    failed+=("$target")
  fi
done

echo
echo "target | runs | coverage | result"
for target in "${TARGETS[@]}"; do
  log="$LOGS/$target.log"
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  result=nothing
  if printf '%s\n' "${failed[@]}" | grep -qx "$target"; then
    result="CRASH: $(grep -o 'fuzz/artifacts/[^ ]*' "$log" | tail -1)"
  fi
  echo "$target | ${runs:-?} | ${cov:-?} | $result"
done
[ ${#failed[@]} -eq 0 ]
