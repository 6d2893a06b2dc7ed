#!/usr/bin/env python3
"""The layers' include direction, read from the build's own declaration.

models/CMakeLists.txt declares one static library per layer (pelscope_layer(NAME
SOURCES ... LINKS ...)). Static libraries do not stop a header of a layer that is
not linked from being included, so this check does: every #include "..." in
models/, ui/ and app/ must land in the same layer or in one its LINKS reach.
ui/ may use any model layer; models/ never includes ui/ or app/; app/cli never
includes ui/. Inside ui/ an order holds too: the composers (the window, a
connection's tab, the alert service, the incident export) over pages/, over
dialogs/, widgets/ and the write controller, over charts/, over the helpers at
ui/'s root; nothing includes a rank above its own. A project header included
with <...> is checked like one in quotes. No exceptions. Prints each offending
line; exits 1 when there is one.
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


include = re.compile(r'^\s*#\s*include\s+[<"]([^">]+)[">]')

COMPOSERS = ('main_window', 'connection_view', 'desktop_alerts', 'incident_export')


def ui_rank(rel_parts):
    """(rank, name) of a file under ui/; higher ranks may include lower ones."""
    if len(rel_parts) == 2:
        name = rel_parts[1]
        if name.startswith(COMPOSERS):
            return 4, 'the composers'
        if name.startswith('write_controller'):
            return 2, 'the write controller'
        return 0, "ui/'s helpers"
    return {'pages': (3, 'pages/'), 'dialogs': (2, 'dialogs/'), 'widgets': (2, 'widgets/'),
            'charts': (1, 'charts/')}.get(rel_parts[1], (0, rel_parts[1] + '/'))
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
                # Resolved like the compiler: next to the file, else from models/ (every layer's
                # include dir), else from ui/ (the window's).
                beside = os.path.normpath(os.path.join(dirpath, target))
                candidates = [beside, os.path.normpath(os.path.join(root, 'models', target))]
                if top in ('ui', 'app'):
                    candidates.append(os.path.normpath(os.path.join(root, 'ui', target)))
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
                elif top == 'ui' and trel[0] == 'ui':
                    (mine, my_name), (theirs, their_name) = ui_rank(parts), ui_rank(trel)
                    if theirs > mine:
                        problems.append(f'{rel}:{n}: {my_name} include {target} of {their_name}, which sits above them')

for p in problems:
    print(p)
print(f'check_layers: {len(layers)} layers, {checked} includes checked, {len(problems)} against the direction')
sys.exit(1 if problems else 0)
