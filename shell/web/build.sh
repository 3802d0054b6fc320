#!/usr/bin/env bash
# Builds boardsuite for the web page: the static folder target/web/ with
# index.html, boardsuite.wasm, macroquad's JS loader (miniquad's gl.js,
# from the crate's sources in the cargo registry), the page's plugin and the font
# licence. The fonts, rules texts and setups are inside the .wasm.
#
#   bash shell/web/build.sh            # then serve target/web/, e.g.
#   python3 -m http.server -d target/web 8000
#
# Needs the wasm32-unknown-unknown target (rustup target add
# wasm32-unknown-unknown); nothing else is downloaded. CARGO_TARGET_DIR
# is honoured; the folder is always target/web/ in the repository.
set -euo pipefail
cd "$(dirname "$0")/../.."

TARGET=wasm32-unknown-unknown
OUT=target/web
CARGO_OUT=${CARGO_TARGET_DIR:-target}

if ! rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
    echo "build.sh: the $TARGET target is missing: rustup target add $TARGET" >&2
    exit 1
fi

# getrandom has no entropy of its own on this target: the page's plugin
# gives the browser's (shell/web/src/main.rs).
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS='--cfg getrandom_backend="custom"'
cargo build --profile web --target "$TARGET" -p web ${CARGO_BUILD_JOBS:+-j "$CARGO_BUILD_JOBS"}

# macroquad's loader: gl.js of the miniquad version macroquad links (in
# Cargo.lock), from the crate's sources in the cargo registry. (The
# macroquad crate's mq_js_bundle.js is the same file with the audio and
# network plugins, which the page does not use; one of them throws in
# strict mode.)
version=$(awk '/^name = "miniquad"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
loader=""
for registry in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
    if [[ -f "$registry/miniquad-$version/js/gl.js" ]]; then
        loader="$registry/miniquad-$version/js/gl.js"
        break
    fi
done
[[ -n "$loader" ]] || { echo "build.sh: no js/gl.js of miniquad $version in the cargo registry (cargo fetch)" >&2; exit 1; }

rm -rf "$OUT"
mkdir -p "$OUT"
cp "$CARGO_OUT/$TARGET/web/boardsuite-web.wasm" "$OUT/boardsuite.wasm"
cp "$loader" "$OUT/gl.js"
cp shell/web/index.html shell/web/boardsuite.js "$OUT/"
cp assets/fonts/LICENSE-DejaVu.txt LICENSE "$OUT/"

wasm_bytes=$(stat -c %s "$OUT/boardsuite.wasm")
gzip_bytes=$(gzip -9 -c "$OUT/boardsuite.wasm" | wc -c)
echo "build.sh: $OUT/ ready: boardsuite.wasm $wasm_bytes bytes, $gzip_bytes gzipped (miniquad $version loader)"
