#!/usr/bin/env python3
"""The layers' include direction, read from the build's own declaration.

models/CMakeLists.txt declares one static library per layer (pelscope_layer(NAME
SOURCES ... LINKS ...)). Static libraries do not stop a header of a layer that is
not linked from being included, so this check does: every #include "..." in
models/, ui/ and app/ must land in the same layer or in one its LINKS reach.
ui/ may use any model layer; models/ never includes ui/ or app/; app/cli never
includes ui/. Prints each offending line; exits 1 when there is one.
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..')
root = os.path.abspath(root)
cmake = open(os.path.join(root, 'models', 'CMakeLists.txt'), encoding='utf-8').read()

layers = {}  # name -> (set of dirs, set of linked layer names)
for m in re.finditer(r'pelscope_layer\((\w+)(.*?)\)\s*$', cmake, re.S | re.M):
    name, body = m.group(1), m.group(2)
    words = body.split()
    section, dirs, links = None, set(), set()
    for w in words:
        if w in ('SOURCES', 'LINKS'):
            section = w
        elif section == 'SOURCES':
            dirs.add(w.split('/')[0])
        elif section == 'LINKS' and w.startswith('pelscope_'):
            links.add(w)
    layers[name] = (dirs, links)
if not layers:
    sys.exit('check_layers: no pelscope_layer() found in models/CMakeLists.txt')

dir_layer = {}
for name, (dirs, _) in layers.items():
    for d in dirs:
        if d in dir_layer and dir_layer[d] != name:
            sys.exit(f'check_layers: models/{d} belongs to {dir_layer[d]} and {name}')
        dir_layer[d] = name


def reach(name, seen=None):
    seen = set() if seen is None else seen
    if name in seen:
        return seen
    seen.add(name)
    for link in layers[name][1]:
        reach(link, seen)
    return seen


include = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
problems = []
checked = 0
for top in ('models', 'ui', 'app'):
    for dirpath, _, files in os.walk(os.path.join(root, top)):
        for f in files:
            if not f.endswith(('.h', '.cpp')):
                continue
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, root)
            parts = rel.split(os.sep)
            here = dir_layer.get(parts[1]) if top == 'models' and len(parts) > 2 else None
            if top == 'models' and here is None:
                problems.append(f'{rel}: in no layer of models/CMakeLists.txt')
                continue
            allowed = reach(here) if here else None
            for n, line in enumerate(open(path, encoding='utf-8'), 1):
                m = include.match(line)
                if not m:
                    continue
                checked += 1
                target = m.group(1)
                # Resolved like the compiler: next to the file, else from models/ (every layer's include dir).
                beside = os.path.normpath(os.path.join(dirpath, target))
                candidates = [beside, os.path.normpath(os.path.join(root, 'models', target))]
                found = next((c for c in candidates if os.path.exists(c)), None)
                if found is None:
                    continue  # generated (moc, ui_*) or a system header in quotes
                trel = os.path.relpath(found, root).split(os.sep)
                if top == 'models':
                    if trel[0] != 'models':
                        problems.append(f'{rel}:{n}: models/ includes {trel[0]}/ ({target})')
                        continue
                    there = dir_layer.get(trel[1]) if len(trel) > 2 else None
                    if there and there not in allowed:
                        problems.append(f'{rel}:{n}: {here} includes {target} of {there}, which it does not link '
                                        f'(it links {", ".join(sorted(allowed - {here})) or "nothing"})')
                elif top == 'app' and parts[1] == 'cli' and trel[0] == 'ui':
                    problems.append(f'{rel}:{n}: the console tool includes the window\'s {target}')

for p in problems:
    print(p)
print(f'check_layers: {len(layers)} layers, {checked} includes checked, {len(problems)} against the direction')
sys.exit(1 if problems else 0)
