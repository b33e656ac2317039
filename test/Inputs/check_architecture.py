#!/usr/bin/env python3
"""Checks that ARCHITECTURE.md is true to the tree, as far as a script can:

- no merge-conflict markers anywhere in it;
- every file or directory its code map names exists. A name is a
  backticked token that looks like a path (ends in a source suffix or in
  `/`). It may be written from the repository root, relative to the
  directory of the top-level bullet it is under (`lowering/src/` for
  `- `lowering/src/` ...`), or, for a bare file name, anywhere below that
  directory (or, failing that, anywhere in the repository).

    check_architecture.py REPO_ROOT
Prints each problem and `architecture: N path(s) checked, N problem(s)`;
exits 1 when there is a problem.
"""
import glob
import os
import re
import sys

root = sys.argv[1]
text = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
problems = []
for number, line in enumerate(text.split("\n"), 1):
    if re.match(r"^(<{7}|={7}|>{7})( |$)", line):
        problems.append(f"ARCHITECTURE.md:{number}: merge-conflict marker: {line.strip()}")

code_map = text.split("## Code map", 1)[1].split("\n## ", 1)[0]
SUFFIXES = (".rs", ".cpp", ".h", ".td", ".py", ".sh", ".c", ".txt", ".toml", ".cfg.py", "/")
checked = 0
base = ""
offset = text.split("\n").index("## Code map") + 1
for index, line in enumerate(code_map.split("\n")):
    number = offset + index
    top = re.match(r"^- `([^`]+)`", line)
    if top:
        first = top.group(1)
        base = first if first.endswith("/") else os.path.dirname(first) + "/"
        if base == "/":
            base = ""
    for token in re.findall(r"`([^`\s]+)`", line):
        if not token.endswith(SUFFIXES) or token.startswith(("-", "#", "%", "@", "!", ".")) or "*" in token:
            continue
        checked += 1
        candidates = [os.path.join(root, token), os.path.join(root, base, token)]
        found = any(os.path.exists(c) for c in candidates)
        if not found and "/" not in token.rstrip("/"):
            name = token.rstrip("/")
            found = bool(glob.glob(os.path.join(root, base, "**", name), recursive=True))
            if not found:  # a file named in passing, e.g. the .td of an op family
                found = any(
                    name in files or name in dirs
                    for top, dirs, files in os.walk(root)
                    if not top.startswith((os.path.join(root, "target"), os.path.join(root, ".")))
                )
        if not found:
            problems.append(f"ARCHITECTURE.md:{number}: `{token}` does not exist (looked from the root and under `{base}`)")
for problem in problems:
    print(problem)
print(f"architecture: {checked} path(s) checked, {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
