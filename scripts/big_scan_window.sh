#!/usr/bin/env bash
# A big board image in a real window (issue 45, item 2): the designer (release build)
# under Xvfb on the Battle Cry crossroads scenario with IMAGE as its background, its
# frame log on. Its resident memory, CPU and each thread's CPU are sampled every 0.5 s
# and the screen taken at fixed times while the image loads; after WAIT seconds, 16
# wheel notches in at the canvas's centre, a 40-step pan with the middle button, 16
# notches out. Then a summary: when the first picture, the first overview rows, the
# whole overview and the last tile were shown (the frame log's events), the peak
# memory, and the CPU of the frames of the zoom and the pan (the designer's own, and
# Mesa's software rasteriser's threads, `llvmpipe-N`).
#
#   scripts/big_scan_window.sh IMAGE [OUT_DIR] [WAIT]
#
# IMAGE comes from `scripts/big_scan.py`. SANDTABLE names the designer (default
# target/release/sandtable). The machine's load average goes with every number: write
# it down (the summary prints it, before, at WAIT and after).
set -euo pipefail
image=$(realpath "${1:?usage: scripts/big_scan_window.sh IMAGE [OUT_DIR] [WAIT]}")
out=$(realpath -m "${2:-target/big-scan}")
wait=${3:-40}
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath "${SANDTABLE:-$here/target/release/sandtable}")
for tool in xvfb-run xdotool import bc python3; do
    command -v $tool >/dev/null || { echo "missing $tool" >&2; exit 1; }
done
wm=$(command -v openbox || command -v matchbox-window-manager || true)
[[ -n $wm ]] || { echo "no window manager: apt-get install openbox" >&2; exit 1; }
mkdir -p "$out"
rm -f "$out"/*.png "$out"/*.txt "$out"/*.jsonl
ln -sf "$image" "$out/$(basename "$image")"
# The crossroads board (13 x 9 hexes of 50 mm) with the image over it, 675 mm a side
# at 32,767 px.
python3 - "$here/assets/scenarios/battle-cry-crossroads.json" "$(basename "$image")" \
    "$out/scenario.json" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
s["board"]["background"] = {"image": sys.argv[2], "at": [0, 0], "scale": 0.0206}
json.dump(s, open(sys.argv[3], "w"), indent=1)
EOF
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export BS_OUT=$out BS_WAIT=$wait BS_BIN=$bin BS_WM=$wm HOME=$home
uptime > "$out/load-before.txt"
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
"$BS_WM" >/dev/null 2>&1 &
sleep 1
t0=$(date +%s.%N)
echo $t0 > $BS_OUT/t0.txt
SANDTABLE_FRAME_LOG=$BS_OUT/frames.jsonl LIBGL_ALWAYS_SOFTWARE=1 "$BS_BIN" $BS_OUT/scenario.json \
    > $BS_OUT/log.txt 2>&1 &
app=$!
( while kill -0 $app 2>/dev/null; do
    t=$(echo "$(date +%s.%N) - $t0" | bc)
    echo "$t $(grep VmRSS /proc/$app/status | awk "{print \$2}") $(grep VmHWM /proc/$app/status | awk "{print \$2}")" >> $BS_OUT/rss.txt
    for tk in /proc/$app/task/*; do
      echo "$t $(basename $tk) $(tr " " _ < $tk/comm) $(awk "{print \$14+\$15}" $tk/stat)"
    done >> $BS_OUT/threads.txt 2>/dev/null
    sleep 0.5
  done ) &
for t in 1 2 3 4 5 6 8 10 13 16 20 25 30 40 50; do
  (( t > BS_WAIT )) && break
  while (( $(echo "$(date +%s.%N) - $t0 < $t" | bc) )); do sleep 0.1; done
  import -window root $BS_OUT/load-$t.png
done
while (( $(echo "$(date +%s.%N) - $t0 < $BS_WAIT" | bc) )); do sleep 0.2; done
uptime > $BS_OUT/load-mid.txt
win=$(xdotool search --onlyvisible --name Sandtable | head -1)
xdotool mousemove --window $win 613 420; sleep 0.3
step() { echo "$1 $(date +%s%3N)" >> $BS_OUT/steps.txt; }
step zoom
for i in $(seq 16); do xdotool click 4; sleep 0.05; done
tz=$(date +%s.%N)
for d in 0.5 1 2 4; do
  while (( $(echo "$(date +%s.%N) - $tz < $d" | bc) )); do xdotool mousemove_relative 1 0; sleep 0.1; done
  import -window root $BS_OUT/zoom-$d.png
done
step pan
xdotool mousedown 2
for i in $(seq 40); do xdotool mousemove_relative -- -15 -8; sleep 0.05; done
xdotool mouseup 2
sleep 1; import -window root $BS_OUT/pan.png
step zoom-out
for i in $(seq 16); do xdotool click 5; sleep 0.1; done
for i in $(seq 10); do xdotool mousemove_relative 1 0; sleep 0.1; done
import -window root $BS_OUT/out.png
step end
kill $app
'
uptime > "$out/load-after.txt"
python3 - "$out" <<'EOF'
import json, statistics, sys
d = sys.argv[1] + "/"
t0 = float(open(d + "t0.txt").read())
frames = [json.loads(l) for l in open(d + "frames.jsonl") if l.strip()]
for name in ("before", "mid", "after"):
    print(f"load {name}: {open(d + f'load-{name}.txt').read().split('load average:')[1].strip()}")
print("shown (s after start):")
for f in frames:
    for what, ms in f["events"]:
        print(f"  {what}: {ms / 1e3 - t0:.2f}")
rss = [l.split() for l in open(d + "rss.txt")]
print(f"peak resident: {max(int(r[2]) for r in rss if len(r) > 2) / 1024:.0f} MB")
soft = {}
for line in open(d + "threads.txt"):
    p = line.split()
    if len(p) == 4 and p[2].startswith("llvmpipe"):
        soft[float(p[0])] = soft.get(float(p[0]), 0) + int(p[3])
times = sorted(soft)


def soft_at(t):
    before = [x for x in times if x <= t]
    return soft[before[-1]] * 10 if before else 0


steps = [l.split() for l in open(d + "steps.txt")]
steps = [(n, int(ms) / 1e3 - t0) for n, ms in steps]
every = []
for (name, a), (_, b) in zip(steps, steps[1:]):
    cpu = sorted(f["total_ms"] for f in frames if a <= f["start_ms"] / 1e3 - t0 < b)
    every += cpu
    if not cpu:
        continue
    p95 = cpu[round(0.95 * (len(cpu) - 1))]
    soft_ms = soft_at(b) - soft_at(a)
    print(f"{name}: {len(cpu)} frames in {b - a:.1f} s, designer CPU a frame median "
          f"{statistics.median(cpu):.1f} ms, p95 {p95:.1f} ms, max {cpu[-1]:.1f} ms; "
          f"software rasteriser {soft_ms / len(cpu):.0f} ms CPU a frame")
every.sort()
if every:
    print(f"all: {len(every)} frames, median {statistics.median(every):.1f} ms, p95 "
          f"{every[round(0.95 * (len(every) - 1))]:.1f} ms, max {every[-1]:.1f} ms")
EOF
