#!/usr/bin/env python3
"""Circles between the modules of a folder of the crate (default src/rules): builds the module
graph from `use` lines and inline `crate::FOLDER::` / `super::` paths, then reports, for every
parent module, the strongly connected components among its children (a child stands for its
whole subtree). Exits 1 when it finds a circle. Usage: python3 tools/module_circles.py [src/rules]"""
import os, re, sys, itertools
root = sys.argv[1] if len(sys.argv) > 1 else 'src/rules'
mods = {}
for dirpath, _, files in os.walk(root):
    for f in files:
        if not f.endswith('.rs'): continue
        p = os.path.join(dirpath, f)
        rel = os.path.relpath(p, root)[:-3].split(os.sep)
        if rel[-1] == 'mod': rel = rel[:-1]
        mods[tuple(rel)] = p
def strip(src):
    src = re.sub(r'//[^\n]*', '', src)
    return re.sub(r'/\*.*?\*/', '', src, flags=re.S)
def resolve(cur, path):
    parts = path.split('::')
    if parts[0] == 'crate':
        if parts[1] != os.path.basename(root.rstrip('/')): return None
        base, rest = (), parts[2:]
    elif parts[0] in ('super', 'self'):
        base = list(cur)
        rest = parts
        while rest and rest[0] in ('super', 'self'):
            if rest[0] == 'super': base = base[:-1]
            rest = rest[1:]
        base = tuple(base)
    else:
        base, rest = cur, parts  # a child module named directly (mod foo; use foo::X)
        if not rest or (cur + (rest[0],)) not in mods: return None
    target = base
    for r in rest:
        if target + (r,) in mods: target = target + (r,)
        else: break
    return target
edges = set()
for cur, p in mods.items():
    src = strip(open(p).read())
    # a file's `mod x;` declarations are its own children: not dependencies
    for m in re.finditer(r'\buse\s+([^;]+);', src):
        body = re.sub(r'\s+', '', m.group(1))
        # expand one level of braces: a::{b, c::d} -> a::b, a::c::d
        def expand(s):
            mm = re.match(r'^(.*?)::\{(.*)\}$', s)
            if not mm: return [s]
            head, inner = mm.groups()
            depth, part, parts = 0, '', []
            for ch in inner:
                if ch == ',' and depth == 0: parts.append(part); part = ''; continue
                depth += ch == '{'; depth -= ch == '}'; part += ch
            if part: parts.append(part)
            return [x for q in parts for x in expand(head + '::' + q)]
        for path in expand(body):
            path = re.sub(r'\s+as\s+\w+$', '', path).split(' as ')[0]
            t = resolve(cur, path)
            if t is not None and t != cur: edges.add((cur, t))
    for m in re.finditer(r'\b(crate::rules(?:::\w+)+|(?:super::)+\w+(?:::\w+)*)', src):
        t = resolve(cur, m.group(1))
        if t is not None and t != cur: edges.add((cur, t))
def sccs(nodes, adj):
    index, low, stack, on, out, i = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = i[0]; i[0] += 1; stack.append(v); on.add(v)
        for w in adj.get(v, ()):
            if w not in index: visit(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            out.append(comp)
    for v in nodes:
        if v not in index: visit(v)
    return out
found = 0
parents = sorted({m[:k] for m in mods for k in range(len(m))})
for parent in parents:
    children = sorted({m[:len(parent) + 1] for m in mods if len(m) > len(parent) and m[:len(parent)] == parent})
    if len(children) < 2: continue
    adj = {}
    for a, b in edges:
        ca = next((c for c in children if a[:len(c)] == c), None)
        cb = next((c for c in children if b[:len(c)] == c), None)
        if ca and cb and ca != cb: adj.setdefault(ca, set()).add(cb)
    name = '::'.join(('rules',) + parent)
    print(f'{name}: {len(children)} submodules, {sum(len(v) for v in adj.values())} edges between them')
    for comp in sccs(children, adj):
        if len(comp) > 1:
            found += 1
            print('  CIRCLE:', ' -> '.join('::'.join(c) for c in comp))
print('circles:', found)
sys.exit(1 if found else 0)
