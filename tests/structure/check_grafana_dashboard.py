#!/usr/bin/env python3
"""Checks the Grafana dashboard shipped in packaging/grafana.

Usage: check_grafana_dashboard.py DASHBOARD.json EXPOSITION.cpp [promtool]

- The fields Grafana needs to import it: title, uid, schemaVersion, panels
  with unique ids, a known type, a gridPos inside the 24-column grid that
  overlaps no other panel, targets with unique refIds and an expression.
- Every $variable used is defined (or one of Grafana's own).
- Every pelscope_* metric an expression names is one the exporter writes
  (read from its source), and every label it filters or groups on is one the
  exporter writes.
- Every PromQL expression (panels and variables' label_values) passes
  `promtool check rules`, wrapped as recording rules with the variables
  replaced by what Grafana would put there.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

GRAFANA_VARIABLES = {"__rate_interval", "__interval", "__range", "__all"}
PANEL_TYPES = {"row", "stat", "table", "timeseries", "gauge", "bargauge", "text"}


def fail(errors):
    for e in errors:
        print("dashboard: " + e)
    sys.exit(1)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as f:
        dash = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        source = f.read()
    promtool = sys.argv[3] if len(sys.argv) > 3 else "promtool"
    errors = []

    metrics = set(re.findall(r'QStringLiteral\("(pelscope_[a-z_]+)"\)', source))
    for name in list(metrics):
        metrics.update({name + "_bucket", name + "_sum", name + "_count"})
    # instance and job: the labels Prometheus gives every series of a target.
    labels = set(re.findall(r'label\("([a-z_]+)"', source)) | {"le", "instance", "job"}
    # Only the connection's own series carry `connection` (`family.add(conn`);
    # a group's or queue's series filtered on it would match nothing.
    family_names = dict(re.findall(r'Family (\w+)\(\s*QStringLiteral\("(pelscope_[a-z_]+)"\)', source))
    with_connection = {family_names[v] for v in re.findall(r'\b(\w+)\.add\(conn\b', source) if v in family_names}
    if not metrics or "connection" not in labels or not with_connection:
        fail(["no metric, label or connection series found in " + sys.argv[2]])

    for field, kind in (("title", str), ("uid", str), ("schemaVersion", int), ("panels", list), ("templating", dict)):
        if not isinstance(dash.get(field), kind):
            errors.append(f"the top-level field {field!r} is missing or not a {kind.__name__}")
    variables = {v.get("name") for v in dash.get("templating", {}).get("list", [])}

    expressions = []  # (where, expr)
    for v in dash.get("templating", {}).get("list", []):
        if v.get("type") == "query":
            q = v.get("query", {})
            q = q.get("query", "") if isinstance(q, dict) else q
            m = re.fullmatch(r"label_values\((.*),\s*([a-z_]+)\)", q.strip())
            if not m:
                errors.append(f"variable {v.get('name')}: not a label_values(expr, label) query: {q}")
                continue
            expressions.append((f"variable {v.get('name')}", m.group(1)))
            if m.group(2) not in labels:
                errors.append(f"variable {v.get('name')}: label {m.group(2)} is not one the exporter writes")

    ids, boxes = set(), []
    for p in dash.get("panels", []):
        where = f"panel {p.get('id')} ({p.get('title')!r})"
        if not isinstance(p.get("id"), int) or p["id"] in ids:
            errors.append(f"{where}: id missing or not unique")
        ids.add(p.get("id"))
        if p.get("type") not in PANEL_TYPES:
            errors.append(f"{where}: unknown type {p.get('type')!r}")
        if not p.get("title"):
            errors.append(f"{where}: no title")
        g = p.get("gridPos", {})
        if not all(isinstance(g.get(k), int) for k in "xywh") or g["x"] < 0 or g["w"] < 1 or g["x"] + g["w"] > 24 or g["h"] < 1:
            errors.append(f"{where}: gridPos {g} is not inside the 24-column grid")
            continue
        for other, og in boxes:
            if g["x"] < og["x"] + og["w"] and og["x"] < g["x"] + g["w"] and g["y"] < og["y"] + og["h"] and og["y"] < g["y"] + g["h"]:
                errors.append(f"{where} overlaps {other}")
        boxes.append((where, g))
        if p.get("type") == "row":
            continue
        if not p.get("description"):
            errors.append(f"{where}: no description (the (i) an operator hovers)")
        targets = p.get("targets", [])
        if not targets:
            errors.append(f"{where}: no targets")
        refs = [t.get("refId") for t in targets]
        if len(set(refs)) != len(refs) or None in refs:
            errors.append(f"{where}: refIds missing or repeated: {refs}")
        for t in targets:
            if not t.get("expr"):
                errors.append(f"{where}: target {t.get('refId')} has no expr")
            else:
                expressions.append((f"{where} {t.get('refId')}", t["expr"]))

    text = json.dumps(dash)
    for name in set(re.findall(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)", text)):
        if name not in variables and name not in GRAFANA_VARIABLES:
            errors.append(f"${name} is used and not defined")

    for where, expr in expressions:
        for name in set(re.findall(r"\bpelscope_[a-z_]+", expr)):
            if name not in metrics:
                errors.append(f"{where}: {name} is not a metric the exporter writes")
        for name, body in re.findall(r"\b(pelscope_[a-z_]+)\{([^}]*)\}", expr):
            if re.search(r"\bconnection\s*(?:=~|!~|!=|=)", body) and name not in with_connection:
                errors.append(f"{where}: {name} has no connection label (filter on instance, or join pelscope_connection_info)")
        used = set(re.findall(r"([a-z_]+)\s*(?:=~|!~|!=|=)\s*\"", expr))
        for group in re.findall(r"\b(?:by|without)\s*\(([^)]*)\)", expr):
            used.update(x.strip() for x in group.split(",") if x.strip())
        for name in used - labels:
            errors.append(f"{where}: label {name} is not one the exporter writes")

    def concrete(expr):
        expr = expr.replace("$__rate_interval", "1m").replace("$__interval", "15s").replace("$__range", "1h")
        return re.sub(r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?", ".*", expr)

    rules = {"groups": [{"name": "pelscope-dashboard", "rules": [
        {"record": f"pelscope_dashboard:expr_{i}", "expr": concrete(e)} for i, (_, e) in enumerate(expressions)]}]}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "dashboard.rules.json")  # JSON is YAML
        with open(path, "w", encoding="utf-8") as f:
            json.dump(rules, f, indent=1)
        run = subprocess.run([promtool, "check", "rules", path], capture_output=True, text=True)
        if run.returncode != 0:
            out = run.stdout + run.stderr
            for m in re.finditer(r"expr_(\d+)", out):
                out += f"\n  expr_{m.group(1)} is {expressions[int(m.group(1))][0]}"
            errors.append("promtool check rules failed:\n" + out)

    if errors:
        fail(errors)
    print(f"dashboard: {len(ids)} panels, {len(expressions)} expressions checked by promtool, "
          f"{len(metrics)} metric names and {len(labels)} labels known")


if __name__ == "__main__":
    main()
