#!/usr/bin/env python3
"""Checks .github/workflows/release.yml and ci.yml without running them: they parse, yamllint
accepts them, they have the jobs they need, every action is pinned to a version, every download
has a SHA-256 slot, every repository script and ./dev command they run exists, and
packaging/fetch-pinned.sh (which verifies the downloads) accepts a matching digest, warns on an
empty one and rejects a wrong one.

Usage: check_workflow.py SOURCE_DIR
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

failures = []


def check(ok, message):
    print(("ok: " if ok else "FAIL: ") + message)
    if not ok:
        failures.append(message)


def load(source_dir, name):
    path = os.path.join(source_dir, ".github", "workflows", name)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    workflow = yaml.safe_load(text)
    check(isinstance(workflow, dict), f"{name} parses as a YAML mapping")

    if shutil.which("yamllint"):
        config = ("{extends: default, rules: {line-length: {max: 160}, "
                  "truthy: {check-keys: false}, document-start: disable}}")
        lint = subprocess.run(["yamllint", "-f", "parsable", "-d", config, path],
                              capture_output=True, text=True)
        check(lint.returncode == 0, f"{name}: yamllint: " + (lint.stdout.strip() or "clean"))
    else:
        print("note: yamllint not installed; parsed with PyYAML only")
    return workflow


def check_steps(source_dir, name, workflow):
    """Every job has steps; every step is one of uses/run; actions pinned; scripts exist."""
    dev_commands = set()
    scripts = set()
    for job_name, job in (workflow.get("jobs") or {}).items():
        check("runs-on" in job, f"{name} {job_name}: has runs-on")
        steps = job.get("steps") or []
        check(len(steps) > 0, f"{name} {job_name}: has steps")
        for i, step in enumerate(steps):
            label = f"{name} {job_name} step {i + 1} ({step.get('name', step.get('uses', '?'))})"
            check(("uses" in step) != ("run" in step), f"{label}: exactly one of uses/run")
            if "uses" in step:
                check(re.search(r"@(v\d+(\.\d+)*|[0-9a-f]{40})$", step["uses"]) is not None,
                      f"{label}: {step['uses']} is pinned to a version")
            if "run" in step:
                scripts.update(re.findall(r"(?:^|[\s\"'])((?:\./)?packaging/[\w./-]+\.(?:sh|py))", step["run"]))
                dev_commands.update(re.findall(r"(?:^|\s)\./dev\s+(\w+)", step["run"]))
    for script in sorted(scripts):
        check(os.path.isfile(os.path.join(source_dir, script.removeprefix("./"))), f"{name}: {script} exists")
    with open(os.path.join(source_dir, "dev"), encoding="utf-8") as f:
        dev = f.read()
    for command in sorted(dev_commands):
        check(re.search(rf"^\s+{command}\)", dev, re.MULTILINE) is not None, f"{name}: ./dev {command} is a command of ./dev")


def check_ci(source_dir):
    workflow = load(source_dir, "ci.yml")
    triggers = workflow.get("on", workflow.get(True)) or {}
    check("push" in triggers and "pull_request" in triggers, "ci.yml runs on every push and pull request")
    check(str((workflow.get("env") or {}).get("CI")) == "true", "ci.yml sets CI=true (-Werror builds)")
    jobs = workflow.get("jobs") or {}
    for name in ("linux", "sanitize", "tidy", "windows"):
        check(name in jobs, f"ci.yml: job {name} exists")

    def runs(job):
        return "\n".join(s.get("run", "") for s in (jobs.get(job) or {}).get("steps", []))
    check(jobs.get("linux", {}).get("container") == "debian:12" and "./dev test" in runs("linux"),
          "ci.yml linux: ./dev test on Debian 12")
    check("./dev test --sanitize" in runs("sanitize") and "./dev fuzz" in runs("sanitize"),
          "ci.yml sanitize: ./dev test --sanitize and ./dev fuzz")
    check("./dev tidy" in runs("tidy"), "ci.yml tidy: ./dev tidy")
    check("cmake --build" in runs("windows"), "ci.yml windows: compiles")
    check_steps(source_dir, "ci.yml", workflow)


def main(source_dir):
    workflow = load(source_dir, "release.yml")

    # PyYAML reads the key `on` as the boolean True (YAML 1.1).
    triggers = workflow.get("on", workflow.get(True)) or {}
    check("tags" in (triggers.get("push") or {}), "runs on pushed tags")
    check("workflow_dispatch" in triggers, "can be run by hand")

    env = workflow.get("env") or {}
    for key, url in env.items():
        if key.endswith("_URL"):
            digest = env.get(key[:-4] + "_SHA256")
            check(digest is not None, f"{key} has a {key[:-4]}_SHA256 slot")
            check(digest in ("", None) or re.fullmatch(r"[0-9a-f]{64}", str(digest)) is not None,
                  f"{key[:-4]}_SHA256 is empty or 64 hex digits")
            check(url.startswith("https://") and "/continuous/" not in url and "/latest/" not in url,
                  f"{key} is an https URL of a fixed release")

    jobs = workflow.get("jobs") or {}
    for name in ("linux", "deb-install", "windows-build", "msi", "windows-smoke", "release"):
        check(name in jobs, f"job {name} exists")

    check_steps(source_dir, "release.yml", workflow)

    linux = jobs.get("linux", {})
    linux_runs = "\n".join(s.get("run", "") for s in linux.get("steps", []))
    check(linux.get("container") == "debian:12", "linux job builds on Debian 12")
    check("./dev test" in linux_runs and "./dev package" in linux_runs,
          "linux job runs ./dev test and ./dev package (the same scripts as the package tests)")
    check("--appimage-extract-and-run --self-test" in linux_runs, "linux job smoke-tests the AppImage with --self-test")
    check(bool(env.get("PELSCOPE_MAX_GLIBC")), "the glibc floor is capped (PELSCOPE_MAX_GLIBC)")
    windows_runs = "\n".join(s.get("run", "") for s in jobs.get("windows-build", {}).get("steps", []))
    check("windeployqt" in windows_runs and "vcpkg" in windows_runs, "windows job uses vcpkg and windeployqt")
    uses = [s.get("uses", "") for s in jobs.get("windows-build", {}).get("steps", [])]
    check(any(u.startswith("jurplel/install-qt-action@") for u in uses), "windows job installs Qt with install-qt-action")
    msi_runs = "\n".join(s.get("run", "") for s in jobs.get("msi", {}).get("steps", []))
    check("packaging/windows/build-msi.sh" in msi_runs and "packaging/windows/check-msi.sh" in msi_runs,
          "msi job uses build-msi.sh and check-msi.sh")
    smoke_runs = "\n".join(s.get("run", "") for s in jobs.get("windows-smoke", {}).get("steps", []))
    check("/qn" in smoke_runs and "--self-test" in smoke_runs, "the MSI is installed silently and self-tested")
    release = jobs.get("release", {})
    check("refs/tags/" in str(release.get("if", "")), "release job runs for tags only")
    check((release.get("permissions") or {}).get("contents") == "write", "release job may write releases")
    check(set(release.get("needs", [])) >= {"linux", "deb-install", "msi", "windows-smoke"},
          "release waits for every build and smoke test")
    check("SHA256SUMS" in "\n".join(s.get("run", "") for s in release.get("steps", [])), "release attaches SHA256SUMS")

    check_ci(source_dir)
    check_windows_dependencies(source_dir, {
        "release.yml windows-build": jobs.get("windows-build", {}),
        "ci.yml windows": (load(source_dir, "ci.yml").get("jobs") or {}).get("windows", {}),
    })
    check_fetch_pinned(source_dir)
    return 1 if failures else 0


# How a Windows job provides each package the build requires: words its steps must hold.
# A package the CMake files require and this table does not know fails the check, so a
# new dependency cannot be added without saying how Windows gets it (QuaZip was missing
# from both Windows jobs, and this check did not notice).
WINDOWS_PROVIDERS = {
    "Qt6": ["jurplel/install-qt-action"],
    "PkgConfig": ["pkgconfiglite"],
    "hiredis": ["hiredis:x64-windows", "PKG_CONFIG_PATH"],
    "spdlog": ["spdlog:x64-windows"],
    "QCustomPlotQt6": ["QCUSTOMPLOT_URL", "build-qcp"],
    "Qt6Keychain": ["QTKEYCHAIN_URL", "build-qtk"],
    "QuaZip-Qt6": ["QUAZIP_URL", "build-quazip", "zlib:x64-windows", "-DQUAZIP_QT_MAJOR_VERSION=6"],
}


def required_packages(source_dir):
    names = set()
    for top in ("CMakeLists.txt", "models", "ui", "app"):
        path = os.path.join(source_dir, top)
        files = [path] if top.endswith(".txt") else [os.path.join(d, f) for d, _, fs in os.walk(path) for f in fs if f == "CMakeLists.txt"]
        for f in files:
            with open(f, encoding="utf-8") as cm:
                text = cm.read()
            names.update(re.findall(r"find_package\(\s*([\w-]+)[^)]*\bREQUIRED\b", text))
            names.update(m.lower() for m in re.findall(r"pkg_check_modules\(\s*\w+\s+REQUIRED\s+(?:IMPORTED_TARGET\s+)?([\w-]+)", text))
    return names


def check_windows_dependencies(source_dir, jobs):
    packages = required_packages(source_dir)
    check({"Qt6", "QuaZip-Qt6", "hiredis"} <= packages, f"the build's required packages are found ({', '.join(sorted(packages))})")
    for label, job in jobs.items():
        text = yaml.safe_dump(job)
        for package in sorted(packages):
            words = WINDOWS_PROVIDERS.get(package)
            if words is None:
                check(False, f"{label}: the build requires {package}, and this check does not know how Windows gets it")
                continue
            missing = [w for w in words if w not in text]
            check(not missing, f"{label}: provides {package}" + (f" (missing: {', '.join(missing)})" if missing else ""))


def check_fetch_pinned(source_dir):
    script = os.path.join(source_dir, "packaging", "fetch-pinned.sh")
    with tempfile.TemporaryDirectory() as tmp:
        payload = os.path.join(tmp, "tool.AppImage")
        with open(payload, "wb") as f:
            f.write(b"stand-in tool\n")
        digest = hashlib.sha256(b"stand-in tool\n").hexdigest()
        url = "file://" + payload

        def fetch(want, name):
            out = os.path.join(tmp, name)
            r = subprocess.run(["bash", script, url, want, out], capture_output=True, text=True)
            return r, os.path.exists(out)

        r, exists = fetch(digest, "good")
        check(r.returncode == 0 and exists and digest in r.stdout, "fetch-pinned.sh accepts the pinned digest")
        r, exists = fetch("", "unpinned")
        check(r.returncode == 0 and exists and "::warning" in r.stdout, "fetch-pinned.sh warns when unpinned")
        r, exists = fetch("0" * 64, "bad")
        check(r.returncode != 0 and not exists and "::error" in r.stderr, "fetch-pinned.sh rejects a wrong digest")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
