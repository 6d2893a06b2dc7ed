#!/usr/bin/env python3
"""Fails on a chained QString::arg() in the sources: tmpl.arg(a).arg(b).

The second call substitutes into what the first one put in, so a name that
holds "%1" or "%2F" becomes another name (issue "truth at every write"): use
one multi-argument arg(a, b) or pelscope::fillText (models/text/fill_text.h).
What it reads: every tracked .cpp/.h under app/, models/, ui/ and tests/, as
text, with comments and string literals blanked out first.
Usage: check_arg_chains.py SOURCE_DIR [FILE ...]  (files: check only those)
"""
import pathlib
import re
import subprocess
import sys


def blanked(src):
    """The source with comments and the insides of string and character
    literals replaced by spaces (newlines kept, so line numbers hold)."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith('//', i):
            j = src.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(''.join(ch if ch == '\n' else ' ' for ch in src[i:j]))
            i = j
        elif c == '"' or (c == "'" and not (i > 0 and src[i - 1].isalnum())):  # 86'400 is a number
            j = i + 1
            while j < n and src[j] != c and src[j] != '\n':
                j += 2 if src[j] == '\\' else 1
            out.append(c + ' ' * (min(j, n) - i - 1) + (c if j < n else ''))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def chained_args(src):
    """Line numbers where an .arg(...) call is followed by another .arg(."""
    text = blanked(src)
    found = []
    for m in re.finditer(r'\.arg\(', text):
        i, depth = m.end(), 1
        while i < len(text) and depth > 0:
            if text[i] == '(':
                depth += 1
            elif text[i] == ')':
                depth -= 1
            i += 1
        j = i
        while j < len(text) and text[j] in ' \t\r\n':
            j += 1
        if text.startswith('.arg(', j):
            found.append(text.count('\n', 0, m.start()) + 1)
    return found


def self_check():
    """The matcher finds a chain across lines and strings, and nothing else."""
    assert chained_args('x = tmpl.arg(a)\n    .arg(b);') == [1]
    assert chained_args('t.arg(QStringLiteral(")")).arg(n);') == [1]
    assert chained_args("x = 86'400; t.arg(a).arg(b);") == [1]
    assert chained_args('t.arg(a, b); u.arg(v.arg(w)); // .arg(x).arg(y)\n') == []
    assert chained_args('s = "x.arg(1).arg(2)"; /* .arg(1)\n.arg(2) */') == []


def main():
    self_check()
    root = pathlib.Path(sys.argv[1])
    if len(sys.argv) > 2:
        files = sys.argv[2:]
    else:
        files = subprocess.check_output(
            ['git', '-C', str(root), 'ls-files', 'app/*.cpp', 'app/*.h', 'models/*.cpp', 'models/*.h',
             'ui/*.cpp', 'ui/*.h', 'tests/*.cpp', 'tests/*.h'], text=True).split()
    problems = []
    for name in files:
        text = (root / name).read_text(encoding='utf-8', errors='replace')
        problems += [f'{name}:{line}: chained QString::arg(): a name holding %N is substituted into; '
                     f'use one arg(a, b, ...) or pelscope::fillText' for line in chained_args(text)]
    for p in problems:
        print(p)
    print(f'{len(files)} files read, {len(problems)} chained arg() calls')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
