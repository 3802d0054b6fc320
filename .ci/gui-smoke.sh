#!/usr/bin/env bash
# GUI smoke test of the boardsuite launcher under Xvfb.
#
#   .ci/gui-smoke.sh [BINARY] [OUT_DIR]
#
# BINARY defaults to target/release/boardsuite, else target/debug/boardsuite.
# Screenshots go to OUT_DIR (default target/gui-smoke/).
#
# It starts the launcher on a private X display with a temporary config
# directory holding a broken settings file, then:
#   - checks the broken file was kept as settings.toml.bak and the launcher
#     names the problem;
#   - opens each game with real mouse clicks (card, mode, a rule option's
#     arrow, Start) and checks the click changed the settings file; on the
#     Stones and Blockade boards it asks for a hint (F7) and checks its
#     yellow marks on the board, then makes a move with a click and waits for
#     the computer's reply; on the Strategy Chess board it moves, then
#     resigns and checks the enemy army is turned face up;
#   - saves the Stones game (F6), opens it from "Saved games" and steps
#     through it in the replay viewer;
#   - hosts a network game of Stones (the port typed into the lobby),
#     checks the waiting screen and the game code, lets a `boardsuite bot`
#     join with that code, makes a move with a click and sends a chat line;
#   - walks one game with the keyboard only;
#   - resizes the window to 800x600 and 1920x1080 and checks the size is
#     remembered;
#   - measures idle CPU and resident memory;
#   - quits with Escape twice (the launcher asks first) and checks the exit code.
# Every screenshot must have content (not one flat colour), and the process
# must stay alive throughout. Any failure exits non-zero.
#
# Click coordinates are for a 1280x800 window and mirror the layout
# functions in shell/gui/src/layout.rs; the Rust test
# tests/gui_smoke_coordinates.rs reads the POINT_* lines below and checks
# each still hits the widget it names, so a layout change cannot silently
# break this script.
set -euo pipefail
cd "$(dirname "$0")/.."

# --- Click targets in a 1280x800 window (x y) ------------------------------
POINT_CARD_STRATEGY_CHESS="224 420"
POINT_CARD_STONES="640 420"
POINT_CARD_BLOCKADE="1056 420"
POINT_MODE_COMPUTER="870 162"
POINT_MODE_TWO_PLAYERS="870 252"
POINT_MODE_DEMO="870 342"
POINT_MODE_HOST="870 432"
POINT_MODE_BACK="1142 756"
POINT_SETUP_START="1142 756"
POINT_SETUP_LEVEL_MORE="589 249"
POINT_SETUP_FIRST_RULE_MORE="1221 249"
POINT_SETUP_RULES="138 756"
POINT_RULES_BACK="1142 756"
POINT_LAUNCHER_SAVED="138 756"
POINT_SAVED_REPLAY="434 756"
POINT_REPLAY_NEXT="743 756"
# On the play screens, after the setup clicks (Stones 7 piles, Blockade 9x9):
POINT_STONES_PILE="359 479"
POINT_BLOCKADE_SQUARE="385 539"
# Strategy Chess, classic army: 1-Click Setup and Play on the setup screen,
# then Red's a4 and a5 on the board, then Resign; and Blue's back three rows
# (x y w h), where the army turned face up at the end must show (checked by
# the unit tests in gui::games::strategy_chess::flow::smoke_points):
POINT_SC_ONE_CLICK="795 336"
POINT_SC_PLAY="1142 756"
POINT_SC_A4="213 501"
POINT_SC_A5="213 443"
POINT_SC_RESIGN="1182 756"
REGION_SC_BLUE_ROWS="182 130 552 160"
# The board's room on the play screens (x y w h), where the hint (F7) must
# draw its marks in the hint's yellow (checked by the Rust test too):
REGION_BOARD_AREA="28 118 834 604"
# ---------------------------------------------------------------------------

BINARY=${1:-}
if [[ -z "$BINARY" ]]; then
    if [[ -x target/release/boardsuite ]]; then BINARY=target/release/boardsuite; else BINARY=target/debug/boardsuite; fi
fi
OUT=${2:-target/gui-smoke}
[[ -x "$BINARY" ]] || { echo "gui-smoke: no binary at $BINARY (build it first)" >&2; exit 1; }

log() { printf 'gui-smoke: %s\n' "$*"; }
fail() { printf 'gui-smoke: FAIL: %s\n' "$*" >&2; exit 1; }

# --- Tools -----------------------------------------------------------------
need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
{ command -v import >/dev/null && command -v convert >/dev/null && command -v compare >/dev/null; } || need+=(imagemagick)
for lib in libgl1-mesa-dri libgl1 libegl1 libxi6 libxcursor1 libx11-6; do
    dpkg -s "$lib" >/dev/null 2>&1 || need+=("$lib")
done
if ((${#need[@]})); then
    log "installing ${need[*]}"
    SUDO=""; [[ $(id -u) -eq 0 ]] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

# --- Display, config, launcher ---------------------------------------------
WORK=$(mktemp -d)
APP_PID=""
XVFB_PID=""
cleanup() {
    [[ -n "$APP_PID" ]] && kill "$APP_PID" 2>/dev/null || true
    if [[ -n "$XVFB_PID" ]]; then
        kill "$XVFB_PID" 2>/dev/null || true
        wait "$XVFB_PID" 2>/dev/null || true
    fi
    cp "$WORK/app.err" "$OUT/launcher-stderr.txt" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

# Xvfb picks a free display itself and writes its number once it is ready.
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$WORK/display" >"$WORK/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 100); do [[ -s "$WORK/display" ]] && break; sleep 0.1; done
[[ -s "$WORK/display" ]] || { cat "$WORK/xvfb.log" >&2; fail "Xvfb did not start"; }
export DISPLAY=":$(head -1 "$WORK/display")"
xdotool getdisplaygeometry >/dev/null || fail "cannot reach Xvfb on $DISPLAY"

mkdir -p "$OUT" "$WORK/config"
rm -f "$OUT"/*.png
CONFIG="$WORK/config"
# A settings file with one bad value among good ones.
cat >"$CONFIG/settings.toml" <<'EOF'
[window]
width = 1280
height = 800

[preferences]
animation_speed = "warp"
memory_aid = true
EOF

BOARDSUITE_SEED=1 BOARDSUITE_CONFIG_DIR="$CONFIG" "$BINARY" >"$WORK/app.out" 2>"$WORK/app.err" &
APP_PID=$!
WID=""
for _ in $(seq 100); do
    WID=$(xdotool search --name '^boardsuite$' 2>/dev/null | head -1 || true)
    [[ -n "$WID" ]] && break
    kill -0 "$APP_PID" 2>/dev/null || { cat "$WORK/app.err" >&2; fail "the launcher exited at start"; }
    sleep 0.1
done
[[ -n "$WID" ]] || fail "no launcher window appeared"
sleep 1
eval "$(xdotool getwindowgeometry --shell "$WID")"
WIN_X=$X WIN_Y=$Y
log "window $WID at $WIN_X,$WIN_Y size ${WIDTH}x${HEIGHT} on $DISPLAY (pid $APP_PID)"
[[ "$WIDTH" == 1280 && "$HEIGHT" == 800 ]] || fail "the window opened at ${WIDTH}x${HEIGHT}, not the saved 1280x800"

alive() { kill -0 "$APP_PID" 2>/dev/null || { cat "$WORK/app.err" >&2; fail "the launcher died ($1)"; }; }

SHOT=0
LAST=""
# shot NAME: screenshot the screen, check it has content and differs from the
# previous one (each step is meant to change what is on screen).
shot() {
    local name=$1
    sleep 0.6
    alive "$name"
    SHOT=$((SHOT + 1))
    local file
    file=$(printf '%s/%02d-%s.png' "$OUT" "$SHOT" "$name")
    import -window root -crop "${WIDTH}x${HEIGHT}+${WIN_X}+${WIN_Y}" +repage "$file"
    local sd
    sd=$(convert "$file" -format '%[fx:standard_deviation]' info:)
    awk -v sd="$sd" 'BEGIN { exit !(sd > 0.02) }' || fail "$file is blank (standard deviation $sd)"
    if [[ -n "$LAST" && "${2:-}" != "same" ]]; then
        local diff
        diff=$(compare -metric AE "$LAST" "$file" null: 2>&1 || true)
        [[ "${diff%% *}" != "0" ]] || fail "$file did not change after the last step"
    fi
    LAST=$file
    log "screenshot $file (standard deviation $sd)"
}

# Clicks and keys are held for a moment, as a person does: the launcher
# sleeps between inputs, and an instant press-and-release can reach it
# together (see shell/gui/src/pacing.rs).
click() { # click "X Y": a real pointer click at window coordinates
    local x y
    read -r x y <<<"$1"
    xdotool mousemove $((WIN_X + x)) $((WIN_Y + y))
    sleep 0.05
    xdotool mousedown 1
    sleep 0.12
    xdotool mouseup 1
    sleep 0.25
}

wheel_down() { # wheel_down "X Y" N: turn the wheel N notches towards the player
    local x y
    read -r x y <<<"$1"
    xdotool mousemove $((WIN_X + x)) $((WIN_Y + y))
    for _ in $(seq "$2"); do
        xdotool mousedown 5
        sleep 0.08
        xdotool mouseup 5
        sleep 0.08
    done
}

key() { # key NAME...: press and release each key in turn
    for k in "$@"; do
        xdotool keydown --window "$WID" "$k"
        sleep 0.1
        # The key that closes the window leaves no window for its release.
        xdotool keyup --window "$WID" "$k" 2>/dev/null || true
        sleep 0.2
    done
}

ivory_share() { # ivory_share FILE "X Y W H": the share of the region that is the pieces' ivory plates
    local x y w h
    read -r x y w h <<<"$2"
    convert "$1" -crop "${w}x${h}+${x}+${y}" +repage -fuzz 4% -fill white -opaque "rgb(244,236,214)" \
        -fill black +opaque white -format '%[fx:mean]' info:
}

hint_pixels() { # hint_pixels FILE "X Y W H": how many pixels of the region are the hint's yellow
    local x y w h
    read -r x y w h <<<"$2"
    convert "$1" -crop "${w}x${h}+${x}+${y}" +repage -fuzz 3% -fill white -opaque "rgb(255,222,89)" \
        -fill black +opaque white -format '%[fx:round(mean*w*h)]' info:
}

setting() { # setting SECTION KEY: the saved value of KEY in [SECTION]
    awk -v section="[$1]" -v key="$2" '
        /^\[/ { inside = ($0 == section) }
        inside && $1 == key && $2 == "=" { sub(/^[^=]*= /, ""); print; exit }
    ' "$CONFIG/settings.toml"
}

# --- The broken settings file ------------------------------------------------
shot launcher-with-notice
[[ -f "$CONFIG/settings.toml.bak" ]] || fail "the broken settings file was not kept as settings.toml.bak"
grep -q 'animation_speed = "warp"' "$CONFIG/settings.toml.bak" || fail "settings.toml.bak is not the original"
grep -q 'preferences.animation_speed' "$WORK/app.err" || fail "the problem was not named"
key Return # the notice's "Got it" has the focus
shot launcher

# --- Each game, with clicks --------------------------------------------------
play_with_clicks() { # play_with_clicks NAME CARD_POINT FIRST_RULE CHANGED_VALUE [MOVE_POINT]
    local name=$1 card=$2 rule=$3 changed=$4 move=${5:-}
    click "$card"
    shot "$name-modes"
    click "$POINT_MODE_COMPUTER"
    shot "$name-setup"
    click "$POINT_SETUP_LEVEL_MORE"
    click "$POINT_SETUP_FIRST_RULE_MORE"
    shot "$name-setup-changed"
    [[ "$(setting "games.$name" level)" == 4 ]] || fail "$name: the click on the level arrow was not saved"
    [[ "$(setting "games.$name.rules" "$rule")" == "$changed" ]] \
        || fail "$name: the click on the $rule arrow was not saved"
    if [[ "$name" == strategy-chess ]]; then
        click "$POINT_SETUP_FIRST_RULE_MORE" # the army choices cycle: back to classic
        shot "$name-setup-classic"
    fi
    click "$POINT_SETUP_START"
    shot "$name-game"
    if [[ "$name" == strategy-chess ]]; then
        click "$POINT_SC_ONE_CLICK" # a library setup fills the home rows
        shot "$name-setup-filled"
        click "$POINT_SC_PLAY"
        shot "$name-board"
        click "$POINT_SC_A4" # pick up the piece on a4: its destinations light up
        shot "$name-picked"
        click "$POINT_SC_A5"
        sleep 4 # the computer replies (often before a screenshot could catch the move alone)
        shot "$name-moved-and-replied"
        local hidden shown
        hidden=$(ivory_share "$LAST" "$REGION_SC_BLUE_ROWS")
        click "$POINT_SC_RESIGN"
        click "$POINT_SC_RESIGN" # asked twice: the game is over
        shot "$name-resigned"
        # Both armies are turned face up: Blue's ranks show on ivory plates
        # where the "?" tiles were.
        shown=$(ivory_share "$LAST" "$REGION_SC_BLUE_ROWS")
        log "ivory on Blue's back rows: $hidden while hidden, $shown turned over"
        awk -v a="$hidden" -v b="$shown" 'BEGIN { exit !(a < 0.03 && b > 0.12) }' \
            || fail "$name: Blue's army was not turned face up at the end (ivory $hidden, then $shown)"
        key Escape
    elif [[ -n "$move" ]]; then
        local before_hint after_hint
        before_hint=$(hint_pixels "$LAST" "$REGION_BOARD_AREA")
        key F7 # a hint: the computer's move marked on the board, not played
        sleep 3
        shot "$name-hint"
        after_hint=$(hint_pixels "$LAST" "$REGION_BOARD_AREA")
        log "hint-yellow pixels on the board: $before_hint before F7, $after_hint after"
        awk -v a="$before_hint" -v b="$after_hint" 'BEGIN { exit !(a < 50 && b > 400) }' \
            || fail "$name: no hint on the board after F7 ($before_hint, then $after_hint hint-yellow pixels)"
        click "$move" # a move on the board: the screen must change
        shot "$name-moved"
        sleep 4 # the sowing or flips play out, the computer replies
        shot "$name-reply"
        key F6 # save the game
        shot "$name-saved"
        ls "$CONFIG"/games/"$name"-*.toml >/dev/null 2>&1 || fail "$name: F6 saved no record in $CONFIG/games"
        key Escape
    fi
    shot "$name-back-to-setup"
    click "$POINT_SETUP_RULES"
    shot "$name-rules"
    wheel_down "640 400" 3
    shot "$name-rules-scrolled"
    click "$POINT_RULES_BACK"
    key Escape
    shot "$name-modes-again"
    click "$POINT_MODE_BACK"
    shot "$name-launcher-again"
}

play_with_clicks strategy-chess "$POINT_CARD_STRATEGY_CHESS" army '"barrage"'
play_with_clicks stones "$POINT_CARD_STONES" pits 7 "$POINT_STONES_PILE"
play_with_clicks blockade "$POINT_CARD_BLOCKADE" size 9 "$POINT_BLOCKADE_SQUARE"

# --- Saved games: the list, then the replay viewer ---------------------------
click "$POINT_LAUNCHER_SAVED"
shot saved-games
click "$POINT_SAVED_REPLAY" # the newest game (Blockade) is picked
shot replay
click "$POINT_REPLAY_NEXT"
shot replay-next-move
key Escape Escape
shot launcher-after-saved-games

# --- A network game: host here, a bot joins -----------------------------------
# A free port: not among the listening sockets in /proc/net/tcp*.
free_port() {
    local port used="" hex
    for hex in $(awk 'NR > 1 && $4 == "0A" { n = split($2, a, ":"); print a[n] }' /proc/net/tcp /proc/net/tcp6 2>/dev/null); do
        used+="$((16#$hex))"$'\n'
    done
    for _ in $(seq 50); do
        port=$((20000 + RANDOM % 20000))
        grep -qx "$port" <<<"$used" || { echo "$port"; return; }
    done
    echo 27878
}
PORT=$(free_port)
click "$POINT_CARD_STONES"
click "$POINT_MODE_HOST"
shot stones-host-setup
click "$POINT_SETUP_START"
shot stones-host-lobby
key BackSpace BackSpace BackSpace BackSpace BackSpace BackSpace
xdotool type --window "$WID" --delay 100 "$PORT" 2>/dev/null
sleep 0.3
key Return # host
sleep 1
shot stones-hosting
CODE=""
for _ in $(seq 50); do
    CODE=$(sed -n 's/^boardsuite: hosting stones game \([A-Z0-9]*\) at .*/\1/p' "$WORK/app.err" | tail -1)
    [[ -n "$CODE" ]] && break
    sleep 0.1
done
[[ -n "$CODE" ]] || fail "hosting: no game code on standard error"
grep -q "hosting stones game $CODE at .*:$PORT" "$WORK/app.err" || fail "hosting: not on port $PORT"
log "hosting game $CODE on port $PORT"
"$BINARY" bot "127.0.0.1:$PORT" --game stones --level 1 --code "$CODE" --timeout 60 >"$WORK/bot.out" 2>"$WORK/bot.err" &
BOT_PID=$!
sleep 3 # the bot joins; the lobby hands over to the board
shot stones-network-game
click "$POINT_STONES_PILE" # Player One (here) sows; the bot answers
sleep 3
shot stones-network-moved
xdotool type --window "$WID" --delay 80 "good game" 2>/dev/null
key Return
shot stones-network-chat
alive "network game"
kill -0 "$BOT_PID" 2>/dev/null || { cat "$WORK/bot.err" >&2; fail "the bot left the network game"; }
key Escape Escape # leave the game (asked twice: the opponent may claim it); the bot sees the host go
for _ in $(seq 50); do kill -0 "$BOT_PID" 2>/dev/null || break; sleep 0.1; done
kill "$BOT_PID" 2>/dev/null || true
wait "$BOT_PID" 2>/dev/null || true
key Escape Escape
shot launcher-after-network
# Stones remembers "host" as its mode now; choose the computer again, as
# the steps below expect.
click "$POINT_CARD_STONES"
click "$POINT_MODE_COMPUTER"
key Escape Escape
[[ "$(setting games.stones mode)" == '"computer"' ]] || fail "the mode against the computer was not remembered"

# --- One game with the keyboard only -----------------------------------------
# The Stones card was clicked last, so it has the focus; the unfinished games
# left above put Continue in the footer, which the arrows must not wander to.
key Left Right # focus: the first card, then back to the second (Stones)
key Return
shot stones-modes-by-keyboard
key Down Return # two players
shot stones-two-players-setup
key Return # Start has the focus
shot stones-two-players-game
key Return # the cursor's pile is sown
shot stones-two-players-move-by-keyboard
key Escape Escape Escape
shot launcher-after-keyboard

# --- Window sizes ------------------------------------------------------------
for size in "800 600" "1920 1080"; do
    read -r w h <<<"$size"
    xdotool windowsize "$WID" "$w" "$h"
    sleep 1.2
    eval "$(xdotool getwindowgeometry --shell "$WID")"
    shot "launcher-${w}x${h}"
    click "$((w / 2)) $((h / 2))" # the middle card
    shot "stones-modes-${w}x${h}"
    key Return # against the computer
    shot "stones-setup-${w}x${h}"
    key Return # Start
    shot "stones-game-${w}x${h}"
    key Escape Escape Escape
done
sleep 1
[[ "$(setting window width)" == 1920 && "$(setting window height)" == 1080 ]] || fail "the window size was not saved"

# --- Idle cost ---------------------------------------------------------------
sleep 2
ticks() { awk '{ print $14 + $15 }' "/proc/$APP_PID/stat"; }
hz=$(getconf CLK_TCK)
t0=$(ticks)
sleep 5
t1=$(ticks)
idle_pct=$(awk -v d=$((t1 - t0)) -v hz="$hz" 'BEGIN { printf "%.1f", 100 * d / hz / 5 }')
rss_kb=$(awk '/^VmRSS/ { print $2 }' "/proc/$APP_PID/status")
pss_kb=$(awk '/^Pss:/ { print $2 }' "/proc/$APP_PID/smaps_rollup" 2>/dev/null || echo "?")
log "idle: ${idle_pct}% of one core over 5 s; resident ${rss_kb} kB (proportional ${pss_kb} kB)"
# Where the resident memory is: the heap, other anonymous memory (thread
# arenas, driver buffers), and file pages (libraries: Mesa's LLVM is most).
awk '/^[0-9a-f]+-[0-9a-f]+ / { name = $6 } /^Rss:/ {
        if (name == "[heap]") heap += $2; else if (name == "") { anon += $2; if ($2 > big) big = $2; if ($2 > 1024) n++ }
        else file += $2 }
     END { printf "gui-smoke: resident: heap %d kB, anonymous %d kB (%d mappings over 1 MB, the largest %d kB), files %d kB\n", heap, anon, n, big, file }' \
    "/proc/$APP_PID/smaps" 2>/dev/null || true
awk -v p="$idle_pct" 'BEGIN { exit !(p < 5.0) }' || fail "the idle launcher uses ${idle_pct}% of a core (limit 5%)"

# --- Quit ----------------------------------------------------------------------
key Escape # the launcher asks: the Quit button reads "Quit?"
sleep 0.3
kill -0 "$APP_PID" 2>/dev/null || fail "one Escape on the launcher quit without asking"
shot launcher-quit-asked
key Escape
for _ in $(seq 50); do kill -0 "$APP_PID" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$APP_PID" 2>/dev/null; then fail "a second Escape on the launcher did not quit"; fi
status=0
wait "$APP_PID" || status=$?
APP_PID=""
[[ $status -eq 0 ]] || { cat "$WORK/app.err" >&2; fail "the launcher exited with status $status"; }
log "ok: $SHOT screenshots in $OUT"
