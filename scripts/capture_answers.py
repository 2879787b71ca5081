#!/usr/bin/env python3
"""Captures every `--json` answer of the command line over the example scenarios (a
spread of units, hexes and points), one file per question with its exit code, stdout
and stderr, so a structural change can be diffed byte for byte:

    python3 scripts/capture_answers.py ./target/debug/sandtable /tmp/capture/before
    python3 scripts/capture_answers.py ./target/debug/sandtable /tmp/capture/after
    diff -r /tmp/capture/before /tmp/capture/after
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.abspath(sys.argv[1])
OUT = os.path.abspath(sys.argv[2])
os.makedirs(OUT, exist_ok=True)
WORK = tempfile.mkdtemp(prefix="capture-")

SCENARIOS = [
    "assets/scenarios/battle-cry-crossroads.json",
    "assets/scenarios/morne-plaine-bridge.json",
    "assets/scenarios/sticks-and-stones-river.ron",
    "assets/scenarios/mini-nap-village.ron",
    "assets/scenarios/pbs-agricultural.json",
    "tests/fixtures/battle-cry-150-broken.json",
    "tests/fixtures/morne-plaine-broken.json",
    "tests/fixtures/sticks-and-stones-broken.ron",
    "tests/fixtures/mini-nap-shapes.ron",
]
FORD = "assets/rulesets/examples/ford-and-ridge.ron"


def ford_scenario():
    """A Ford and Ridge scenario touching each of its terrains, written to WORK."""
    doc = {
        "format": "sandtable/scenario", "version": 1, "title": "Ford and Ridge capture",
        "ruleset": "ford-and-ridge",
        "board": {"kind": "hex", "orientation": "pointy", "columns": 11, "rows": 8,
                  "stagger": "odd", "labels": "letter-number", "hex_width_mm": 40.0},
        "sides": [{"id": "north", "name": "North"}, {"id": "south", "name": "South"}],
        "hexes": {
            "C3": {"terrain": "woods"}, "D4": {"terrain": "hill", "elevation": 1},
            "E4": {"terrain": "hill", "elevation": 1}, "F5": {"terrain": "town"},
            "G4": {"terrain": "marsh"}, "E6": {"terrain": "river"},
            "F6": {"terrain": "ford"}, "D6": {"terrain": "river"},
        },
        "units": [
            {"id": "n1", "class": "infantry", "side": "north", "hex": "D3"},
            {"id": "n2", "class": "cavalry", "side": "north", "hex": "F3"},
            {"id": "n3", "class": "artillery", "side": "north", "hex": "D4"},
            {"id": "s1", "class": "infantry", "side": "south", "hex": "E7"},
            {"id": "s2", "class": "cavalry", "side": "south", "hex": "G7"},
            {"id": "s3", "class": "infantry", "side": "south", "hex": "F5"},
        ],
    }
    path = os.path.join(WORK, "ford-and-ridge-capture.json")
    with open(path, "w") as f:
        json.dump(doc, f, indent=2)
    return path


def as_json(path):
    """The scenario as a JSON document (RON converted by the binary itself)."""
    if path.endswith(".json"):
        with open(path) as f:
            return json.load(f)
    out = os.path.join(WORK, os.path.basename(path) + ".json")
    subprocess.run([BIN, "convert", path, out], check=True, capture_output=True)
    with open(out) as f:
        return json.load(f)


def questions(path, extra):
    doc = as_json(path)
    units = doc.get("units", [])
    ids = [u["id"] for u in units]
    sides = sorted({u.get("side", "") for u in units} - {""} | {s["id"] for s in doc.get("sides", [])})
    hex_board = doc["board"]["kind"] == "hex"
    qs = [["validate", path, "--json"], ["info", path, "--json"]]
    for a in ids:
        for b in ids:
            if a != b:
                qs.append(["los", path, a, b, "--json"])
                qs.append(["battle", path, a, b, "--json"])
    if hex_board:
        labels = sorted(doc.get("hexes", {}).keys())[:8]
        corners = {"letter-number": ["A1", "B2", "E5"], "number-number": ["0101", "0202", "0505"]}
        labels += corners.get(doc["board"].get("labels", "letter-number"), [])
        for a in ids[:4]:
            for lab in labels:
                qs.append(["los", path, a, lab, "--json"])
        for a, b in zip(labels, labels[1:]):
            qs.append(["los", path, a, b, "--json"])
        classes = sorted({u["class"] for u in units})
        for a in ids:
            qs.append(["arcs", path, a, "--json"])
            qs.append(["arcs", path, a, "--range", "3", "--json"])
            for c in classes:
                qs.append(["arcs", path, a, "--target-class", c, "--json"])
            qs.append(["moves", path, a, "--json"])
            qs.append(["moves", path, a, "--allowance", "2", "--json"])
            qs.append(["charges", path, a, "--json"])
            qs.append(["charges", path, a, "--allowance", "3", "--json"])
        for s in sides + ["nobody"]:
            qs.append(["zoc", path, "--side", s, "--json"])
        qs.append(["path", path, ids[0] if ids else "x", "--through", "1,1", "--json"])
    else:
        w, h = doc["board"]["width"], doc["board"]["height"]
        pts = [(w * 0.1, h * 0.1), (w * 0.5, h * 0.5), (w * 0.9, h * 0.3), (w * 0.3, h * 0.8)]
        for a in ids:
            for x, y in pts:
                qs.append(["los", path, a, f"{x:g},{y:g}", "--json"])
        qs.append(["los", path, f"{pts[0][0]:g},{pts[0][1]:g}", f"{pts[1][0]:g},{pts[1][1]:g}", "--json"])
        for u in units:
            x, y = u.get("at", [0, 0])
            for through in ([(x + 10, y)], [(x, y - 15)], [(x + 5, y - 5), (x + 5, y - 20)],
                            [(x - 30, y)], [(w * 0.5, h * 0.5)]):
                args = [f"{px:g},{py:g}" for px, py in through]
                qs.append(["path", path, u["id"], "--through", *args, "--json"])
                qs.append(["path", path, u["id"], "--through", *args, "--charge", "--json"])
            qs.append(["arcs", path, u["id"], "--json"])
            qs.append(["moves", path, u["id"], "--json"])
            qs.append(["charges", path, u["id"], "--json"])
        for s in sides:
            qs.append(["zoc", path, "--side", s, "--json"])
    qs.append(["los", path, "nobody", "nothing", "--json"])
    qs.append(["battle", path, "nobody", ids[0] if ids else "x", "--json"])
    qs.append(["moves", path, "nobody", "--json"])
    return [extra + q for q in qs]


def name_of(q):
    text = " ".join(os.path.relpath(a, ROOT) if os.path.isabs(a) and a.startswith(ROOT)
                    else os.path.basename(a) if os.path.isabs(a) else a for a in q)
    return re.sub(r"[^A-Za-z0-9.,=-]+", "_", text)[:200]


def ask(q):
    r = subprocess.run([BIN, *q], capture_output=True, cwd=ROOT)
    stderr = r.stderr.decode().replace(WORK, "$WORK")
    body = f"$ sandtable {' '.join(q)}\nexit {r.returncode}\n--- stdout\n"
    body += r.stdout.decode().replace(WORK, "$WORK") + "--- stderr\n" + stderr
    with open(os.path.join(OUT, name_of(q)), "w") as f:
        f.write(body.replace(WORK, "$WORK"))


def main():
    qs = [["rulesets", "--json"]]
    for name in sorted(os.listdir(os.path.join(ROOT, "assets/rulesets"))):
        if name.endswith(".ron"):
            qs.append(["rulesets", "check", f"assets/rulesets/{name}", "--json"])
            qs.append(["rulesets", "show", name[:-4], "--json"])
    qs.append(["rulesets", "check", FORD, "--json"])
    qs.append(["rulesets", "check", "tests/fixtures/tiled/tiles.ron", "--json"])
    for path in SCENARIOS:
        qs += questions(path, [])
    qs += questions(ford_scenario(), ["--ruleset-file", FORD])
    with ThreadPoolExecutor(max_workers=int(os.environ.get("JOBS", "2"))) as pool:
        list(pool.map(ask, qs))
    print(f"{len(qs)} answers in {OUT}")


main()
