#!/usr/bin/env python3
"""Reads the designer's frame log (SANDTABLE_FRAME_LOG) and, if given, the step times a
tour wrote (TOUR_TIMES): issue 44's input-to-frame latencies and frame CPU times.

    python3 scripts/frame_log.py FRAME_LOG [TOUR_TIMES]

For every frame that changed the document (an edit, undo, redo): the time from the
input to the end of the first frame that draws the new revision. With TOUR_TIMES the
input's time is when the tour sent it (the step before the frame); without, the start
of the frame that took it (which misses the time the input waited for a busy frame).
Steps are grouped by the tour's `mark NAME` lines. Then the CPU time of every frame
that took wheel or pointer-drag input without changing the document (zoom and pan),
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


def main():
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
    end = lambda f: f["start_ms"] + max(f["total_ms"], f["ui_ms"])

    def step_before(t):
        best = None
        for s in steps:
            if s[0] <= t:
                best = s
        return best

    groups = {}
    print("edits: the frame that made it, then the first frame drawing it")
    for i, f in enumerate(frames):
        if f["revision_after"] == f["revision_before"]:
            continue
        rev = f["revision_after"]
        shown = next((g for g in frames[i + 1:] if (g["shown"] or -1) >= rev), None)
        if shown is None:
            print(f"  frame {f['frame']}: revision {rev} never drawn")
            continue
        s = step_before(f["start_ms"])
        since = s[0] if s else f["start_ms"]
        group = s[1] if s else "-"
        latency = end(shown) - since
        groups.setdefault(group, []).append(latency)
        top = sorted(f["phases"].items(), key=lambda kv: -kv[1])[:4]
        print(f"  [{group}] {s[2] if s else f['input']}: {latency:.0f} ms to frame {shown['frame']} "
              f"(edit frame {f['total_ms']:.0f} ms: "
              + ", ".join(f"{k} {v:.0f}" for k, v in top)
              + f"; drawing frame {shown['total_ms']:.0f} ms, {shown['frame'] - f['frame']} frames later)")
    print()
    print("input to drawn frame, by mark:")
    for g, xs in groups.items():
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
    print("zoom and pan frames (whole CPU of the frame; the app's own pass):")
    for g, fs in nav.items():
        print(f"  {g}: total {stats([f['total_ms'] for f in fs if f['total_ms'] >= 0])}; "
              f"pass {stats([f['ui_ms'] for f in fs])}")
    print()
    totals = {}
    for f in frames:
        for k, v in f["phases"].items():
            totals[k] = totals.get(k, 0.0) + v
    for i, f in enumerate(frames):
        for what, at in f.get("events", []):
            if what != "open":
                continue
            was = frames[i - 1].get("doc") if i > 0 else None
            drawn = next((g for g in frames[i:] if g.get("doc") != was and g["shown"] is not None), None)
            if drawn:
                print(f"open: {end(drawn) - at:.0f} ms from the file's opening to the end of "
                      f"the first frame drawing it (frame {drawn['frame']}, {drawn['total_ms']:.0f} ms)")
    print()
    print(f"phases over all {len(frames)} frames (ms, inclusive):")
    for k, v in sorted(totals.items(), key=lambda kv: -kv[1]):
        print(f"  {k}: {v:.0f}")


if __name__ == "__main__":
    main()
