#!/usr/bin/env python3
"""Whole-process timings against a reference run in the same loop (issue 29): the CPU
time (user + system) and wall time of each command, medians of RUNS runs.

    python3 scripts/speed.py png [RUNS]        our PNG at 40 DPI vs tmxrasterizer, 100 x 100
    python3 scripts/speed.py vmod [RUNS]       the .vmod at 40 and 100 DPI, same board
    python3 scripts/speed.py tiled-json [RUNS] tiled-json vs tiled --export-map json
    python3 scripts/speed.py findings [RUNS]   sandtable info, 1000 x 1000, 0/100/1,000 findings

SANDTABLE names the binary (default target/release/sandtable); BEFORE, if set, names a
second binary (the previous code) run in the same loop. Needs Debian's `tiled` for png
and tiled-json. Files are made in /tmp/sandtable-speed once."""
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = "/tmp/sandtable-speed"
OURS = os.environ.get("SANDTABLE", os.path.join(ROOT, "target/release/sandtable"))
BEFORE = os.environ.get("BEFORE")
QT = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=os.path.join(WORK, "xdg"))


def run(cmd, env=None):
    """CPU seconds (user + system of the process and its children) and wall seconds."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"{' '.join(cmd)} failed: {err}")
    return usage.ru_utime + usage.ru_stime, wall


def board(n, findings=0):
    path = os.path.join(WORK, f"bc{n}-f{findings}.json")
    if not os.path.exists(path):
        subprocess.check_call(
            [sys.executable, os.path.join(ROOT, "scripts/big_board.py"), str(n), path, str(findings)]
        )
    return path


def tmx(n, dpi):
    path = os.path.join(WORK, f"bc{n}-{dpi}.tmx")
    if not os.path.exists(path):
        subprocess.check_call(
            [OURS, "export", board(n), "--format", "tiled-tmx", "--dpi", str(dpi), "--output", path],
            stdout=subprocess.DEVNULL,
        )
    return path


def compare(named, runs):
    """Runs each (name, cmd, env) once per round, RUNS rounds, and prints the medians."""
    times = {name: [] for name, _, _ in named}
    for _ in range(runs):
        for name, cmd, env in named:
            times[name].append(run(cmd, env))
    load = os.getloadavg()
    print(f"{runs} runs, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    first = None
    for name, _, _ in named:
        cpu = statistics.median(t[0] for t in times[name])
        wall = statistics.median(t[1] for t in times[name])
        first = first or cpu
        print(f"  {name:58} CPU {cpu:6.3f} s  wall {wall:6.3f} s  ({cpu / first:.2f}x the first)")


def ours_and_before(name, args):
    out = [(f"{name} (ours)", [OURS] + args, None)]
    if BEFORE:
        out.append((f"{name} (before)", [BEFORE] + args, None))
    return out


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "png"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    os.makedirs(os.path.join(WORK, "xdg"), exist_ok=True)
    out = lambda name: os.path.join(WORK, name)
    if what == "png":
        t = tmx(100, 40)
        named = [("tmxrasterizer, 100 x 100 at 40 DPI", ["tmxrasterizer", t, out("t.png")], QT)]
        named += ours_and_before(
            "sandtable export png, 40 DPI",
            ["export", board(100), "--format", "png", "--dpi", "40", "--output", out("o.png")],
        )
    elif what == "vmod":
        t = tmx(100, 40)
        named = [("tmxrasterizer, 100 x 100 at 40 DPI", ["tmxrasterizer", t, out("t.png")], QT)]
        for dpi in ["40", "100"]:
            named += ours_and_before(
                f"sandtable export vassal, {dpi} DPI",
                ["export", board(100), "--format", "vassal", "--dpi", dpi, "--output", out("o.vmod")],
            )
    elif what == "tiled-json":
        t = tmx(100, 150)
        named = [
            ("tiled --export-map json, 100 x 100", ["tiled", "--export-map", "json", t, out("t.json")], QT)
        ]
        named += ours_and_before(
            "sandtable export tiled-json, 150 DPI",
            ["export", board(100), "--format", "tiled-json", "--dpi", "150", "--output", out("o.json")],
        )
        named += ours_and_before("sandtable info (start-up, load, check)", ["info", board(100)])
        named += ours_and_before("sandtable --version (start-up)", ["--version"])
    elif what == "findings":
        named = []
        for f in [0, 100, 1000]:
            named += ours_and_before(f"sandtable info, 1000 x 1000, {f} findings", ["info", board(1000, f)])
    else:
        sys.exit(__doc__)
    compare(named, runs)


if __name__ == "__main__":
    main()
