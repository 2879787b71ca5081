#!/usr/bin/env python3
"""Writes an N x N Battle Cry scenario with every hex set and 2,000 units (issue 17's
measuring file): python3 scripts/big_board.py 1000 /tmp/big1000.json. An optional third
argument F stands the first F units on rough terrain, so the file loads with F findings
(issue 29): python3 scripts/big_board.py 1000 /tmp/big1000-f1000.json 1000. With
--empty instead, no hex is set and there are no units, as File > New makes the board
(issue 44's flood fill over a million hexes)."""
import json
import sys

n = int(sys.argv[1])
out = sys.argv[2]
empty = len(sys.argv) > 3 and sys.argv[3] == "--empty"
findings = int(sys.argv[3]) if len(sys.argv) > 3 and not empty else 0
w = len(str(n))
terrains = ["woods", "hill", "town", "field", "orchard", "waterway", "clear"]
hexes = {}
for row in range(n):
    for col in range(n):
        i = row * n + col
        t = terrains[(i * 7 + i // 13) % len(terrains)]
        cell = {"terrain": t}
        if t == "hill":
            cell["elevation"] = 1
        hexes[f"{col + 1:0{w}}{row + 1:0{w}}"] = cell
units = []
for k in range(2000):
    i = (k * n * n // 2000 + 5) % (n * n)
    col, row = i % n, i // n
    units.append({"id": f"u{k}", "class": "infantry", "side": "a" if k % 2 else "b",
                  "hex": f"{col + 1:0{w}}{row + 1:0{w}}"})
# Cavalry may not enter rough terrain: each of these units is one finding.
for u in units[:findings]:
    u["class"] = "cavalry"
    hexes[u["hex"]] = {"terrain": "rough-terrain"}
if empty:
    hexes, units = {}, []
doc = {
    "format": "sandtable/scenario", "version": 1, "title": f"Big board {n}",
    "ruleset": "battle-cry-150",
    "board": {"kind": "hex", "orientation": "pointy", "columns": n, "rows": n,
              "stagger": "odd", "labels": "number-number", "hex_width_mm": 30.0},
    "hexes": hexes, "units": units,
}
with open(out, "w") as f:
    json.dump(doc, f)
