#!/usr/bin/env bash
# A tour of the designer in a real window: starts it under Xvfb with a small window
# manager, runs a list of steps and takes screenshots.
#
# What made it work (issue 26): under Xvfb the designer's frame on screen lags the
# input by a frame or two (software rendering presents the previous one), and eframe
# draws a new frame only on input. So a key or click seemed lost (Ctrl+N "did nothing",
# menus "did not open") when it had arrived: the next pointer motion showed it. Every
# step here is followed by a few one-pixel pointer moves, which draw the frames that
# show it. The window manager gives the window the focus and a fixed place.
#
#   scripts/tour.sh STEPS [OUT_DIR] [-- designer arguments...]
#
# STEPS is a file of one step a line (blank lines and # comments skipped):
#   key ctrl+n            xdotool key names, sent to the designer's window
#   type Union: 5 cards   the rest of the line typed into the focused field (no #)
#   click X Y             a left click at window coordinates
#   rclick X Y            a right click
#   dclick X Y            a double click
#   drag X1 Y1 X2 Y2      a left-button drag (slow: on a busy machine a frame can take
#                         a few hundred ms, and a press and release in one frame are a click)
#   move X Y              the pointer moved there
#   pan X1 Y1 X2 Y2       a middle-button drag (the board's pan) in TOUR_PAN_MOVES moves
#                         (default 20), 50 ms apart
#   wheel up|down [N]     N wheel notches (default 1)
#   sleep S               wait S seconds
#   shot NAME             a screenshot OUT_DIR/NAME.png of the whole screen
#   mark NAME             nothing done: names the steps after it in TOUR_TIMES
#
# For timing (issue 44): TOUR_TIMES=FILE appends each step's send time (Unix ms: when
# its key, click or wheel goes out, after the pointer has moved to a click's place) and
# the step to FILE, to line up with the designer's own SANDTABLE_FRAME_LOG (exported to it
# as it is; scripts/frame_log.py reads both); TOUR_SETTLE=N sets how many one-pixel
# pointer wiggles follow each step (default 5, a quarter second apart each way).
#
# Needs: xvfb-run (xvfb), xdotool, openbox (or matchbox-window-manager), and
# ImageMagick's import. Install on Debian: apt-get install xvfb xdotool openbox imagemagick.
set -euo pipefail
steps=${1:?usage: scripts/tour.sh STEPS [OUT_DIR] [-- designer args]}
out=${2:-target/tour}
shift $(( $# >= 2 ? 2 : 1 ))
[[ ${1:-} == -- ]] && shift
mkdir -p "$out"
# A home of its own: no recovery prompt left by an earlier run, nothing left behind.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${SANDTABLE:-$here/target/debug/sandtable}
[[ -x $bin ]] || { echo "no designer at $bin: cargo build first" >&2; exit 1; }
for tool in xvfb-run xdotool import; do
    command -v $tool >/dev/null || { echo "missing $tool" >&2; exit 1; }
done
wm=$(command -v openbox || command -v matchbox-window-manager || true)
[[ -n $wm ]] || { echo "no window manager: apt-get install openbox" >&2; exit 1; }

# Everything inside one X session.
export TOUR_STEPS=$(realpath "$steps") TOUR_OUT=$(realpath "$out") TOUR_BIN=$bin TOUR_WM=$wm
export TOUR_HOME=$home TOUR_TIMES=${TOUR_TIMES:+$(realpath -m "$TOUR_TIMES")} TOUR_SETTLE=${TOUR_SETTLE:-5}
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
set -euo pipefail
"$TOUR_WM" >/dev/null 2>&1 &
wm=$!
sleep 1
# Xvfb has no GPU: software rendering.
HOME=$TOUR_HOME XDG_DATA_HOME=$TOUR_HOME/data XDG_CONFIG_HOME=$TOUR_HOME/config \
    LIBGL_ALWAYS_SOFTWARE=1 "$TOUR_BIN" "$@" >"$TOUR_OUT/designer.log" 2>&1 &
app=$!
win=$(xdotool search --sync --onlyvisible --name Sandtable | head -1)
xdotool windowactivate --sync "$win" 2>/dev/null || xdotool windowfocus --sync "$win"
xdotool windowmove "$win" 0 0 windowsize "$win" 1280 770
sleep 3
while IFS= read -r line || [[ -n $line ]]; do
    line=${line%%#*}
    read -r op a b c d <<<"$line" || true
    [[ -z ${op:-} ]] && continue
    echo "step: $op ${a:-} ${b:-} ${c:-} ${d:-}"
    # A step is timed when its input goes out: after the pointer has reached the
    # place a click is for, so that neither that move nor the pause after it counts.
    stamp() { [[ -n $TOUR_TIMES ]] && echo "$(date +%s%3N) $op ${a:-} ${b:-} ${c:-} ${d:-}" >>"$TOUR_TIMES" || true; }
    case $op in
        mark) stamp; continue ;;
        key) stamp; xdotool key --clearmodifiers "$a" ;;
        type) text=${line#*type }; stamp; xdotool type --delay 40 "${text%"${text##*[![:space:]]}"}" ;;
        click) xdotool mousemove --sync "$a" "$b" sleep 0.1; stamp; xdotool click 1 ;;
        rclick) xdotool mousemove --sync "$a" "$b" sleep 0.1; stamp; xdotool click 3 ;;
        dclick) xdotool mousemove --sync "$a" "$b" sleep 0.1; stamp; xdotool click --repeat 2 --delay 80 1 ;;
        drag) xdotool mousemove --sync "$a" "$b"; stamp; xdotool mousedown 1 sleep 0.6 \
                  mousemove --sync $(( (a + c) / 2 )) $(( (b + d) / 2 )) sleep 0.6 \
                  mousemove --sync "$c" "$d" sleep 0.6 mouseup 1 ;;
        move) stamp; xdotool mousemove --sync "$a" "$b" ;;
        pan) n=${TOUR_PAN_MOVES:-20}
             xdotool mousemove --sync "$a" "$b"; stamp; xdotool mousedown 2
             for ((k = 1; k <= n; k++)); do
                 xdotool mousemove $(( a + (c - a) * k / n )) $(( b + (d - b) * k / n )) sleep 0.05
             done
             xdotool mouseup 2 ;;
        wheel) n=${b:-1}; btn=$([[ $a == up ]] && echo 4 || echo 5); stamp
               xdotool click --repeat "$n" --delay 100 "$btn" ;;
        sleep) stamp; sleep "$a" ;;
        shot) stamp; import -window root "$TOUR_OUT/$a.png" ;;
        *) echo "unknown step: $op" >&2 ;;
    esac
    # Draw the frames that show the step (see above).
    for ((k = 0; k < TOUR_SETTLE; k++)); do xdotool mousemove_relative 0 1 sleep 0.25 mousemove_relative -- 0 -1 sleep 0.25; done
done <"$TOUR_STEPS"
kill "$app" 2>/dev/null || true
sleep 1
kill -9 "$app" 2>/dev/null || true
kill "$wm" 2>/dev/null || true
' tour "$@"
