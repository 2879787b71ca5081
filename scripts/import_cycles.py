#!/usr/bin/env python3
"""Prints the import circles between the files of one Rust module tree (src/app by
default): the strongly connected components of the graph whose edges are the paths one
file names into another (`use super::x`, `use crate::app::x::{..}`, `super::x::f()`,
`self::x` in a mod.rs). A circle means none of its files can be read, tested or moved
without the others; the aim is that none is larger than two files.

    python3 scripts/import_cycles.py            # src/app
    python3 scripts/import_cycles.py src/scene  # another tree
    python3 scripts/import_cycles.py --edges    # also every edge, file by file
    python3 scripts/import_cycles.py --max 2    # exit 1 if a circle is larger than 2

Without --max it measures and exits 0; with it, it judges (tests/core/layers.rs runs
it so that a merge cannot bring a circle back unseen).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def module_of(path, base_dir, base_mod):
    """`src/app/module_editor/form.rs` -> ("app", "module_editor", "form")."""
    rel = os.path.relpath(path, base_dir)
    parts = rel[:-3].split(os.sep)
    if parts[-1] == "mod":
        parts = parts[:-1]
    return tuple(base_mod + parts)


CHAR = r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'"


def strip(text):
    """The code without comments, strings and char literals (their text names nothing)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 20]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            out.append('""')
            i = n if end < 0 else end + 1 + len(hashes)
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            out.append('""')
            i += 1
        elif c == "'" and re.match(CHAR, text[i:i + 12]):
            out.append("' '")
            i += len(re.match(CHAR, text[i:]).group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand(tree):
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"]."""
    tree = re.sub(r"\s+", "", tree)
    brace = tree.find("{")
    if brace < 0:
        return [tree]
    head, body = tree[:brace], tree[brace + 1:tree.rfind("}")]
    items, depth, start = [], 0, 0
    for k, ch in enumerate(body):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(body[start:k])
            start = k + 1
    items.append(body[start:])
    return [p for item in items if item for p in expand(head + item)]


def resolve(path, here, root_mod):
    """The absolute module path `path` names, seen from module `here`, or None when it
    leaves the tree (std, egui, another layer)."""
    segs = [s for s in re.sub(r"\s+as\s+\w+$", "", path).split("::") if s]
    segs = [re.sub(r"\bas\b.*", "", s) for s in segs]
    if not segs:
        return None
    cur = list(here)
    if segs[0] == "crate":
        cur, segs = [], segs[1:]
    elif segs[0] in ("super", "self"):
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                cur = cur[:-1]
            segs = segs[1:]
    else:
        return None
    full = cur + segs
    if tuple(full[:len(root_mod)]) != tuple(root_mod):
        return None
    return tuple(full)


def scan(path, mod, root_mod):
    """Every absolute path the file names, with the inline module (`mod tests {}`) it is
    named from, so that `super::*` in a test module means the file itself."""
    code = strip(open(path, encoding="utf-8").read())
    named = []
    # Where each inline module starts and ends, by brace depth.
    stack = [(list(mod), -1)]
    depth = 0
    # A mod.rs names its children bare: `windows::Windows`, `recovery::Recovery`.
    children = set(re.findall(r"\bmod\s+(\w+)\s*;", code))
    tokens = re.finditer(r"\bmod\s+(\w+)\s*\{|\{|\}|\buse\s+([^;]+);"
                         r"|((?:crate|super|self)(?:\s*::\s*\w+)+)|(?<![\w:])(\w+)\s*::", code)
    for m in tokens:
        if m.group(1):
            depth += 1
            stack.append((stack[-1][0] + [m.group(1)], depth))
        elif m.group(0) == "{":
            depth += 1
        elif m.group(0) == "}":
            if stack[-1][1] == depth:
                stack.pop()
            depth -= 1
        elif m.group(2):
            here = stack[-1][0]
            for p in expand(m.group(2)):
                if p.endswith("::*"):
                    p = p[:-3]
                r = resolve(p, here, root_mod)
                if r:
                    named.append(r)
        elif m.group(3):
            r = resolve(m.group(3), stack[-1][0], root_mod)
            if r:
                named.append(r)
        elif m.group(4) in children and len(stack) == 1:
            r = resolve("self::" + m.group(4), stack[-1][0], root_mod)
            if r:
                named.append(r)
    return named


def tarjan(nodes, edges):
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def main():
    argv = sys.argv[1:]
    most = None
    if "--max" in argv:
        k = argv.index("--max")
        most = int(argv[k + 1])
        del argv[k:k + 2]
    args = [a for a in argv if not a.startswith("--")]
    show_edges = "--edges" in argv
    tree = os.path.join(ROOT, args[0] if args else "src/app")
    base_dir = os.path.dirname(tree)
    # src/app -> ("app",): the crate path of the tree's root.
    root_mod = os.path.relpath(tree, os.path.join(ROOT, "src")).split(os.sep)
    files = {}
    for d, _, names in os.walk(tree):
        for name in names:
            if name.endswith(".rs"):
                p = os.path.join(d, name)
                files[module_of(p, base_dir, [])] = os.path.relpath(p, ROOT)
    edges = {f: set() for f in files.values()}
    for mod, path in files.items():
        for target in scan(os.path.join(ROOT, path), list(mod), root_mod):
            # The longest prefix that is a file: `app::canvas::Hover` is canvas.rs.
            for k in range(len(target), 0, -1):
                hit = files.get(target[:k])
                if hit:
                    if hit != path:
                        edges[path].add(hit)
                    break
    comps = tarjan(edges.keys(), edges)
    circles = sorted((c for c in comps if len(c) > 1), key=lambda c: (-len(c), c))
    print(f"{len(files)} files, {sum(len(e) for e in edges.values())} edges, "
          f"{len(circles)} circle(s); largest {len(circles[0]) if circles else 1} file(s)")
    for c in circles:
        print(f"\ncircle of {len(c)}:")
        for f in c:
            print(f"  {f}")
    if show_edges:
        print("\nedges:")
        for f in sorted(edges):
            for t in sorted(edges[f]):
                print(f"  {f} -> {t}")
    if most is not None and circles and len(circles[0]) > most:
        sys.exit(1)


if __name__ == "__main__":
    main()
