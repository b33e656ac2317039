#!/usr/bin/env python3
"""Checks the code invariants that ARCHITECTURE.md states (issue 16):

1. Operations are created from a name string (`OperationBuilder::new`)
   only in the wrapper modules: `lowering/src/builders.rs` and, for the
   builder crate's ops named by its users, `builder/src/builder.rs`.
2. No attribute is parsed from text (`Attribute::parse`), not even in
   the wrappers, and no attribute text is formatted for a parser
   (`format!("#stablehlo<...")`, `"array<i64: ..."`, `"dense<...>"`, ...):
   attributes are built through melior's typed constructors and the C API
   of `dialects/lib/CAPI/Attributes.cpp`.
3. No attribute or type is read by printing it: no `.to_string()` compared
   (`==`, `!=`), matched (`.as_str()`) or searched (`contains`,
   `starts_with`, `ends_with`, `strip_prefix`, `find`), and no attribute
   printed to a string (`attribute.to_string()`, `attr...`, `|a|
   a.to_string()`, `format!("{attr}")`, `format!("{}", attribute)`) for
   later reading.
4. One `op_name` helper: `fn op_name` is defined only in
   `lowering/src/lib.rs` (`xla_lowering::op_name`).
5. No `Module::parse` of IR text, not even in the wrappers: helper IR is
   built with the typed builders. (Source files are parsed by the C++
   `SourceSession`.)
6. No `Type::parse`: types are built (`Type::float32`, `IntegerType`,
   `RankedTensorType`, `builders::complex_type`, `ElementType::mlir_type`),
   and an element type is recognized by comparing built types
   (`ElementType::of_mlir_type`), not by its printed name.
7. A typed value's lifetime is reset (`Value::from_raw(v.to_raw())`) only in
   `lowering/src/builders.rs` (`builders::detach`, whose contract says
   when that is sound).

Sites still to move are listed in KNOWN (path and rule), each with the
reason; test code (files under a `tests/` folder, and what follows a
`#[cfg(test)]` module in a source file) is exempt. Prints one line per
problem, `path:line: rule: text`, then a summary; exits 1 on a problem.

Usage: check_invariants.py REPO_ROOT
"""
import os
import re
import sys

WRAPPERS = {"lowering/src/builders.rs", "builder/src/builder.rs"}
OP_NAME_HOME = "lowering/src/lib.rs"
# Sites still to move, by (path, rule); each with its reason.
KNOWN = set()
CRATES = ["dialects", "lowering", "runtime", "tools", "builder", "pjrt"]
# (rule, pattern, whether the wrappers may, where it is allowed besides).
RULES = [
    ("op built from a name string outside the wrappers", re.compile(r"OperationBuilder::new\("), True, None),
    ("attribute parsed from text", re.compile(r"\bAttribute::parse\("), False, None),
    (
        "attribute text formatted",
        re.compile(r'format!\(\s*"[^"]*(#(stablehlo|chlo|sdy)(<|\.\w+<)|array<[if]\d|dense<|\} : [iuf]\d+")'),
        False,
        None,
    ),
    ("module parsed from text", re.compile(r"\bModule::parse\("), False, None),
    ("type parsed from text", re.compile(r"\bType::parse\("), False, None),
    ("type read by its printed name", re.compile(r"from_mlir_name\([^)]*\.to_string\(\)"), False, None),
    ("value lifetime reset outside builders::detach", re.compile(r"\bValue::from_raw\(.*\.to_raw\(\)"), False, "lowering/src/builders.rs"),
    (
        "attribute or type read by printing it",
        re.compile(r"\.to_string\(\)\s*(==|!=)|\.to_string\(\)\.(as_str|contains|starts_with|ends_with|strip_prefix|find)\("),
        False,
        None,
    ),
    (
        "attribute printed to be read",
        re.compile(
            r"\b(attribute|attr\w*)\.to_string\(\)|\|a\| a\.to_string\(\)"
            r"|format!\(\s*\"[^\"]*\{(attribute|attr\w*)\}|format!\(\s*\"[^\"]*\{\}[^\"]*\",\s*(attribute|attr\w*)\s*[,)]"
        ),
        False,
        None,
    ),
    (f"op_name defined outside {OP_NAME_HOME}", re.compile(r"\bfn op_name\b"), False, OP_NAME_HOME),
]


def source_lines(path):
    """The lines of `path` before its `#[cfg(test)]` module, numbered."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = []
    for i, line in enumerate(lines):
        if line.strip() == "#[cfg(test)]":
            following = next((l.strip() for l in lines[i + 1 :] if l.strip()), "")
            if following.startswith("mod "):
                break
        out.append((i + 1, line))
    return out


def main():
    root = sys.argv[1]
    problems, files = 0, 0
    for crate in CRATES:
        for directory, subdirectories, names in os.walk(os.path.join(root, crate)):
            subdirectories[:] = sorted(d for d in subdirectories if d not in ("tests", "target"))
            for name in sorted(names):
                if not name.endswith(".rs"):
                    continue
                path = os.path.join(directory, name)
                relative = os.path.relpath(path, root).replace(os.sep, "/")
                files += 1
                for number, line in source_lines(path):
                    code = line.split("//")[0]
                    for rule, pattern, wrappers_may, home in RULES:
                        if (relative, rule) in KNOWN or relative == home:
                            continue
                        if pattern.search(code) and not (wrappers_may and relative in WRAPPERS):
                            print(f"{relative}:{number}: {rule}: {line.strip()}")
                            problems += 1
    print(f"invariants: {files} file(s) checked, {problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
