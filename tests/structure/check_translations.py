#!/usr/bin/env python3
"""The Korean translation is complete and matches the sources.

Runs lupdate (Qt's own extractor, as `./dev translations` does) over ui/, app/gui/
and models/ into a copy of resources/translations/pelscope_ko.ts, then fails on:
  - a source string the committed .ts lacks (a new tr() nobody translated),
  - a message left unfinished, or vanished/obsolete (a string the code lost),
  - a translation whose placeholders (%1, %n, %L1), HTML tags or menu
    accelerators (&X) differ from its source: Qt would print the wrong value.
Usage: check_translations.py SOURCE_DIR LUPDATE
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

root, lupdate = os.path.abspath(sys.argv[1]), sys.argv[2]
committed = os.path.join(root, 'resources', 'translations', 'pelscope_ko.ts')
problems = []

with tempfile.TemporaryDirectory() as tmp:
    # lupdate writes locations relative to the .ts: keep the copy at the same depth.
    copy_dir = os.path.join(tmp, 'resources', 'translations')
    os.makedirs(copy_dir)
    copy = os.path.join(copy_dir, 'pelscope_ko.ts')
    shutil.copy(committed, copy)
    for d in ('ui', 'app', 'models'):
        os.symlink(os.path.join(root, d), os.path.join(tmp, d))
    run = subprocess.run([lupdate, '-locations', 'none', 'ui', 'app/gui', 'models', '-ts', copy],
                         cwd=tmp, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f'lupdate failed:\n{run.stdout}{run.stderr}')
    found = re.search(r'Found (\d+) source text\(s\) \((\d+) new and (\d+) already existing\)', run.stdout)
    if not found:
        sys.exit(f'cannot read lupdate\'s summary:\n{run.stdout}')
    if int(found.group(2)):
        problems.append(f'{found.group(2)} source string(s) are not in pelscope_ko.ts: run ./dev translations and translate them')
    tree = ET.parse(copy)

placeholder = re.compile(r'%L?\d+|%L?n')
tag = re.compile(r'<[^>]+>')
accel = re.compile(r'&(?!&|nbsp;|amp;|lt;|gt;|quot;)[A-Za-z0-9]')
total = 0
for ctx in tree.getroot().findall('context'):
    name = ctx.findtext('name')
    for m in ctx.findall('message'):
        total += 1
        source = m.findtext('source') or ''
        t = m.find('translation')
        kind = t.get('type') if t is not None else 'missing'
        forms = [f.text or '' for f in t.findall('numerusform')] if t is not None else []
        texts = forms if forms else [(t.text or '') if t is not None else '']
        where = f'{name}: "{source[:70]}"'
        if kind in ('unfinished', 'vanished', 'obsolete', 'missing') or not all(x.strip() for x in texts):
            problems.append(f'{kind or "empty"}: {where}')
            continue
        for text in texts:
            if sorted(placeholder.findall(source)) != sorted(placeholder.findall(text)):
                problems.append(f'placeholders differ: {where} -> "{text[:70]}"')
            if len(tag.findall(source)) != len(tag.findall(text)):
                problems.append(f'HTML tags differ: {where} -> "{text[:70]}"')
            if len(accel.findall(source)) != len(accel.findall(text)):
                problems.append(f'accelerators differ: {where} -> "{text[:70]}"')

for p in problems:
    print(p)
print(f'check_translations: {total} messages, {len(problems)} problem(s)')
sys.exit(1 if problems else 0)
