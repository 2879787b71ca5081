#!/usr/bin/env python3
"""Reads the designer's frame log (SANDTABLE_FRAME_LOG) and, if given, the step times a
tour wrote (TOUR_TIMES): issue 44's input-to-frame latencies and frame CPU times.

    python3 scripts/frame_log.py FRAME_LOG [TOUR_TIMES] [--loop]

With --loop (a log of SANDTABLE_FRAME_LOOP=1, frames following each other with no
input): the median cost of a frame by mark, its wall time and its CPU by thread.

For every frame that changed the document (an edit, undo, redo): the time from the
input to when the first frame drawing the new revision was on screen. A frame drawing
an edit is the one that made it (tools act before the board is drawn), and it is on
screen when eframe has presented it: when the next frame begins, if it asked for one
at once (an edit always does); else its end is a lower bound (marked '>'). With
TOUR_TIMES the input's time is when the tour sent it (its click or key going out);
without, the start of the frame that took it (which misses the time the input waited
for a busy frame). Steps are grouped by the tour's `mark NAME` lines. Then the CPU time
of every frame that took wheel or pointer-drag input without changing the document
(zoom and pan): eframe's count (the pass, tessellation, painting), the UI thread's
whole CPU (also submitting to GL and presenting) and llvmpipe's rasterising threads';
and the phases that cost most over all frames."""
import json
import statistics
import sys


def pct(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))
    return xs[k]


def stats(xs):
    if not xs:
        return "none"
    return (f"n={len(xs)} median={statistics.median(xs):.1f} ms p95={pct(xs, 95):.1f} ms "
            f"max={max(xs):.1f} ms")


def looped(frames, steps):
    """Median frame costs by mark, frames asked for at once (the first two of a mark
    skipped: they still hold the step's own work)."""
    def mark(t):
        m = "-"
        for s in steps:
            if s[0] <= t:
                m = s[1]
        return m
    by = {}
    for p, f in zip(frames, frames[1:]):
        if not f.get("asked") or p["total_ms"] < 0 or not p.get("cpu"):
            continue
        c = p["cpu"]
        by.setdefault(mark(p["start_ms"]), []).append(
            (f["gap_ms"], p["total_ms"], c["ui"], c["raster"]))
    print("frames following each other, medians by mark:")
    for g, xs in by.items():
        xs = xs[2:] if len(xs) > 4 else xs
        med = lambda k: statistics.median(x[k] for x in xs)
        print(f"  {g}: n={len(xs)} wall {med(0):.0f} ms; eframe {med(1):.1f} ms; "
              f"UI thread {med(2):.1f} ms; llvmpipe {med(3):.1f} ms")


def main():
    loop = "--loop" in sys.argv
    sys.argv = [a for a in sys.argv if a != "--loop"]
    frames = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
    steps = []
    if len(sys.argv) > 2:
        mark = "-"
        for line in open(sys.argv[2]):
            t, op, *rest = line.split()
            if op == "mark":
                mark = rest[0] if rest else "-"
                continue
            steps.append((float(t), mark, " ".join([op] + rest)))
    if loop:
        looped(frames, steps)
        return
    end = lambda f: f["start_ms"] + max(f["total_ms"], f["ui_ms"])

    def step_before(t):
        best = None
        for s in steps:
            if s[0] <= t:
                best = s
        return best

    def on_screen(i):
        """When frame i was on screen, and whether that is exact."""
        f = frames[i]
        if i + 1 < len(frames) and frames[i + 1].get("asked"):
            return f["start_ms"] + frames[i + 1]["gap_ms"], True
        return end(f), False

    def cpu(f, k):
        return (f.get("cpu") or {}).get(k, float("nan"))

    groups, panels = {}, {}
    print("edits: the frame that made it, then the first frame drawing it, on screen")
    for i, f in enumerate(frames):
        if f["revision_after"] == f["revision_before"]:
            continue
        rev = f["revision_after"]
        j = next((j for j in range(i, len(frames)) if (frames[j]["shown"] or -1) >= rev), None)
        if j is None:
            print(f"  frame {f['frame']}: revision {rev} never drawn")
            continue
        shown = frames[j]
        s = step_before(f["start_ms"])
        since = s[0] if s else f["start_ms"]
        group = s[1] if s else "-"
        at, exact = on_screen(j)
        latency = at - since
        groups.setdefault(group, []).append(latency)
        # The findings list and status bar: the first frame whose panels were drawn with
        # the findings of this revision (`panels`; none while they were validated on a
        # thread). Logs from before that field: the frame after the edit's.
        if "panels" in f:
            k = next((k for k in range(i, len(frames))
                      if (frames[k].get("panels") or -1) >= rev), None)
            if k is not None:
                panels.setdefault(group, []).append(on_screen(k)[0] - since)
        elif i + 1 < len(frames):
            panels.setdefault(group, []).append(on_screen(i + 1)[0] - since)
        top = sorted(f["phases"].items(), key=lambda kv: -kv[1])[:4]
        print(f"  [{group}] {s[2] if s else f['input']}: {'' if exact else '>'}{latency:.0f} ms "
              f"(input to frame start {f['start_ms'] - since:.0f}; edit frame CPU {f['total_ms']:.0f} ms: "
              + ", ".join(f"{k} {v:.0f}" for k, v in top)
              + f"; UI thread {cpu(shown, 'ui'):.0f}, llvmpipe {cpu(shown, 'raster'):.0f} ms"
              + (f"; drawn {shown['frame'] - f['frame']} frames later" if j > i else "")
              + ")")
    print()
    print("input to the frame drawing it on screen, by mark:")
    for g, xs in groups.items():
        print(f"  {g}: {stats(xs)}")
    print("input to the panels (findings, status) showing it on screen, by mark:")
    for g, xs in panels.items():
        print(f"  {g}: {stats(xs)}")
    print()
    nav = {}
    for f in frames:
        if f["revision_after"] != f["revision_before"]:
            continue
        s = step_before(f["start_ms"])
        group = s[1] if s else "-"
        words = f["input"].split()
        if "wheel" in words or (s and s[2].startswith("pan") and "move" in words):
            nav.setdefault(group, []).append(f)
    print("zoom and pan frames: eframe's CPU count; the UI thread's whole CPU; llvmpipe's threads' CPU;")
    print("  wall time to the next frame when it was asked for at once:")
    for g, fs in nav.items():
        idx = {f["frame"]: k for k, f in enumerate(frames)}
        walls = [frames[idx[f["frame"]] + 1]["gap_ms"] for f in fs
                 if idx[f["frame"]] + 1 < len(frames) and frames[idx[f["frame"]] + 1].get("asked")]
        print(f"  {g}: eframe {stats([f['total_ms'] for f in fs if f['total_ms'] >= 0])}")
        print(f"  {' ' * len(g)}  UI thread {stats([cpu(f, 'ui') for f in fs if f.get('cpu')])}")
        print(f"  {' ' * len(g)}  llvmpipe {stats([cpu(f, 'raster') for f in fs if f.get('cpu')])}")
        print(f"  {' ' * len(g)}  wall {stats(walls)}")
    print()
    totals = {}
    for f in frames:
        for k, v in f["phases"].items():
            totals[k] = totals.get(k, 0.0) + v
    for i, f in enumerate(frames):
        for what, at in f.get("events", []):
            if what != "open":
                continue
            # Opened at the start, a big file loads in the background while the first
            # frames show the sample board: the document it becomes is another one.
            was = frames[i - 1 if i > 0 else 0].get("doc")
            k = next((k for k in range(i, len(frames))
                      if frames[k].get("doc") != was and frames[k]["shown"] is not None), None)
            if k is not None:
                t, exact = on_screen(k)
                print(f"open: {'' if exact else '>'}{t - at:.0f} ms from the file's opening to the first "
                      f"frame drawing it on screen (frame {frames[k]['frame']}, "
                      f"{frames[k]['total_ms']:.0f} ms)")
    print()
    print(f"phases over all {len(frames)} frames (ms, inclusive):")
    for k, v in sorted(totals.items(), key=lambda kv: -kv[1]):
        print(f"  {k}: {v:.0f}")


if __name__ == "__main__":
    main()
