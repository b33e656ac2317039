#!/usr/bin/env python3
"""Mutation fuzzing of the tools on the JAX-generated programs.

Takes every test/examples/*.mlir, applies random mutations (truncation,
deleting/duplicating/swapping tokens and lines, changing types, numbers and
op names) with a fixed seed, and runs each mutant through a tool. Every run
must end with exit status 0 or 1 within the time limit; status 1 must come
with a diagnostic on stderr. A crash (signal, other status) or a hang is
reported with the mutant saved next to the report, and the script exits 1.

    mutate.py --tool xla-opt --count 300 --seed 1 [--args ...] OUT_DIR
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = sorted(glob.glob(os.path.join(HERE, "..", "examples", "*.mlir")))

TYPES = ["f32", "f16", "bf16", "f64", "i1", "i8", "i32", "i64", "ui32", "ui64", "complex<f32>", "index", "none"]
OPS = ["add", "multiply", "dot_general", "reduce", "while", "gather", "scatter", "convolution", "sort",
       "broadcast_in_dim", "reshape", "transpose", "slice", "pad", "select", "compare", "convert", "iota",
       "dynamic_slice", "reduce_window", "case", "return", "constant", "custom_call", "bogus"]
TOKEN = re.compile(r"%[\w#:]+|\d+|[A-Za-z_][\w.]*|\S")


def mutate(text, rng):
    lines = text.split("\n")
    kind = rng.randrange(10)
    if kind == 0:  # truncate
        return text[: rng.randrange(len(text) + 1)]
    if kind == 1:  # delete a line
        del lines[rng.randrange(len(lines))]
    elif kind == 2:  # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif kind == 3:  # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        tokens = list(TOKEN.finditer(text))
        if not tokens:
            return text
        t = rng.choice(tokens)
        word = t.group(0)
        if kind == 4:  # delete a token
            new = ""
        elif kind == 5:  # change a number
            new = str(rng.choice([0, 1, 2, -1, 3, 7, 64, 2**31, 2**63, 10**30])) if word.isdigit() else word + "0"
        elif kind == 6:  # change an element type
            new = rng.choice(TYPES) if word in TYPES or re.fullmatch(r"[iuf]\d+|bf16", word) else rng.choice(TYPES)
        elif kind == 7:  # change an op name
            new = "stablehlo." + rng.choice(OPS) if word.startswith("stablehlo.") else word
        elif kind == 8:  # swap an SSA value for another
            values = [m.group(0) for m in tokens if m.group(0).startswith("%")]
            new = rng.choice(values) if values else word
        else:  # insert a random punctuation token
            new = word + rng.choice(["(", ")", "{", "}", "<", ">", ",", ":", "[", "]", "x", "->", "="])
        return text[: t.start()] + new + text[t.end():]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--args", default="", help="extra tool arguments (space separated)")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("out_dir")
    options = parser.parse_args()
    os.makedirs(options.out_dir, exist_ok=True)
    rng = random.Random(options.seed)
    sources = [open(path).read() for path in EXAMPLES]
    statuses = {0: 0, 1: 0}
    bad = []
    for n in range(options.count):
        text = rng.choice(sources)
        for _ in range(rng.randrange(1, 4)):
            text = mutate(text, rng)
        path = os.path.join(options.out_dir, f"mutant{n}.mlir")
        with open(path, "w") as f:
            f.write(text)
        try:
            run = subprocess.run([options.tool, path] + options.args.split(), capture_output=True,
                                 text=True, errors="replace", timeout=options.timeout)
        except subprocess.TimeoutExpired:
            bad.append(f"{path}: hang (> {options.timeout} s)")
            continue
        if run.returncode not in (0, 1):
            bad.append(f"{path}: exit status {run.returncode}: {run.stderr.strip()[-300:]}")
            continue
        if run.returncode == 1 and "error" not in run.stderr:
            bad.append(f"{path}: exit status 1 without a diagnostic")
            continue
        statuses[run.returncode] += 1
        os.remove(path)
    print(f"fuzz: {options.count} mutants through {os.path.basename(options.tool)} {options.args}: "
          f"{statuses[0]} accepted, {statuses[1]} rejected with a diagnostic, {len(bad)} crashed or hung")
    for line in bad:
        print("FUZZ FAILURE:", line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
