#!/usr/bin/env python3
"""Fails if an op section of a generated op reference (docs/ops/*.md) has no
```mlir example in its description. Usage: check_examples.py FILE.md..."""
import re
import sys

missing = []
for path in sys.argv[1:]:
    text = open(path).read()
    for section in re.split(r"\n### ", text)[1:]:
        name = section.split()[0].strip("`")
        if "." in name and "```mlir" not in section:
            missing.append(name)
print(f"ops without an example: {missing}")
sys.exit(1 if missing else 0)
