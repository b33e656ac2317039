#!/usr/bin/env python3
"""Compile time as a function of program size (issue 19: it must grow linearly).

Generates StableHLO programs of growing size, times `xla-opt --xla-cpu-pipeline`
(parse + whole CPU pipeline to the LLVM dialect + print) and `xla-run` (the same,
plus LLVM translation, -O3 and JIT, and one execution on inline inputs) end to
end, and prints one table per program family and tool:

    N, seconds, seconds per 1000 ops, per-op cost / per-op cost at the smallest N,
    CPU seconds (user + system, all threads of the tool), CPU per-op cost ratio

Wall time is what a user waits; on a machine shared with other builds it is
several times the CPU time and varies from run to run, so the CPU columns
are the ones to compare across sizes there.

Families (--cases):
  add      @main(%a, %b: tensor<16xf32>) with N successive stablehlo.add
  mixed    a chain of N ops cycling through add, multiply, exp, reduce (a sum
           over the vector) + broadcast_in_dim + subtract, so fusion is broken
           at every reduction as in real models
  nested   N stablehlo.if nested in each other's true branch (N = depth;
           sizes from --depths)

Python 3 standard library only:

    python3 bench/compile_time.py [BIN_DIR] [--sizes 1000,2000,5000]
        [--cases add,mixed,nested] [--depths 100,1000] [--tools opt,run]
        [--timeout 600] [--stack-unlimited] [--keep DIR] [--tool-args ARGS]

BIN_DIR holds xla-opt and xla-run (default target/release). --stack-unlimited
runs the tools with `ulimit -s unlimited` (deeply nested programs recurse in
MLIR's parser, verifier and passes). A run that exceeds --timeout is reported
as such; a run that fails prints its exit status and the end of its stderr.
--tool-args passes extra options to both tools, e.g.
`--tool-args='--split-functions-max-ops 100000000'` to measure without
xla-split-large-functions.
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VEC = "tensor<16xf32>"
INPUT = "16xf32=[" + ",".join(str(0.01 * i) for i in range(16)) + "]"


def add_chain(n):
    """`n` element-wise adds, each using the previous result."""
    lines = [f"func.func @main(%a: {VEC}, %b: {VEC}) -> {VEC} {{"]
    prev = "%a"
    for i in range(n):
        lines.append(f"  %v{i} = stablehlo.add {prev}, %b : {VEC}")
        prev = f"%v{i}"
    lines.append(f"  return {prev} : {VEC}")
    lines.append("}")
    return "\n".join(lines) + "\n", ["--input", INPUT, "--input", INPUT]


def mixed_chain(n):
    """`n` ops: add, multiply, exp, and every 8th step a sum reduction whose
    result is broadcast back and subtracted (3 ops); constants not counted."""
    lines = [
        f"func.func @main(%a: {VEC}, %b: {VEC}) -> {VEC} {{",
        "  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>",
        f"  %scale = stablehlo.constant dense<5.000000e-01> : {VEC}",
    ]
    prev = "%a"
    count = 0
    step = 0
    while count < n:
        kind = step % 8
        name = f"%v{step}"
        if kind in (0, 3, 6):
            lines.append(f"  {name} = stablehlo.add {prev}, %b : {VEC}")
            count += 1
        elif kind in (1, 4):
            lines.append(f"  {name} = stablehlo.multiply {prev}, %scale : {VEC}")
            count += 1
        elif kind in (2, 5):
            # exp of a small negative number stays finite.
            lines.append(f"  {name}n = stablehlo.negate {prev} : {VEC}")
            lines.append(f"  {name} = stablehlo.exponential {name}n : {VEC}")
            count += 2
        else:
            lines.append(
                f"  {name}r = stablehlo.reduce({prev} init: %zero) applies stablehlo.add across dimensions = [0]"
                f" : ({VEC}, tensor<f32>) -> tensor<f32>")
            lines.append(f"  {name}b = stablehlo.broadcast_in_dim {name}r, dims = [] : (tensor<f32>) -> {VEC}")
            lines.append(f"  {name} = stablehlo.subtract {prev}, {name}b : {VEC}")
            count += 3
        prev = name
        step += 1
    lines.append(f"  return {prev} : {VEC}")
    lines.append("}")
    return "\n".join(lines) + "\n", ["--input", INPUT, "--input", INPUT]


def nested_ifs(depth):
    """`depth` stablehlo.if, each in the true branch of the previous; each
    level adds %y before branching, the false branches subtract."""
    lines = [f"func.func @main(%p: tensor<i1>, %x: {VEC}, %y: {VEC}) -> {VEC} {{"]

    acc = "%x"
    for k in range(depth):
        pad = "  " * (k + 1)
        lines.append(f"{pad}%s{k} = stablehlo.add {acc}, %y : {VEC}")
        lines.append(f'{pad}%r{k} = "stablehlo.if"(%p) ({{')
        acc = f"%s{k}"
    pad = "  " * (depth + 1)
    lines.append(f"{pad}%leaf = stablehlo.add {acc}, %y : {VEC}")
    inner = "%leaf"
    for k in reversed(range(depth)):
        pad = "  " * (k + 2)
        lines.append(f"{pad}stablehlo.return {inner} : {VEC}")
        lines.append(f"{pad[:-2]}}}, {{")
        lines.append(f"{pad}%f{k} = stablehlo.subtract %s{k}, %y : {VEC}")
        lines.append(f"{pad}stablehlo.return %f{k} : {VEC}")
        lines.append(f"{pad[:-2]}}}) : (tensor<i1>) -> {VEC}")
        inner = f"%r{k}"
    lines.append(f"  return {inner} : {VEC}")
    lines.append("}")
    return "\n".join(lines) + "\n", ["--input", "i1=true", "--input", INPUT, "--input", INPUT]


CASES = {"add": add_chain, "mixed": mixed_chain, "nested": nested_ifs}


def unlimited_stack():
    resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command, timeout, stack_unlimited):
    """(wall seconds, CPU seconds), or a string saying why there is no time."""
    cpu_start = children_cpu()
    start = time.perf_counter()
    try:
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout,
                              preexec_fn=unlimited_stack if stack_unlimited else None)
    except subprocess.TimeoutExpired:
        return f"timeout (> {timeout} s)"
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        tail = done.stderr.decode(errors="replace").strip().splitlines()[-3:]
        return f"failed (exit {done.returncode}): " + " | ".join(tail)
    return elapsed, children_cpu() - cpu_start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bin_dir", nargs="?", default=os.path.join(ROOT, "target/release"))
    parser.add_argument("--sizes", default="1000,2000,5000,10000,20000,50000",
                        help="op counts of the add and mixed chains (comma-separated)")
    parser.add_argument("--depths", default="100,1000", help="nesting depths of the nested case")
    parser.add_argument("--cases", default="add,mixed,nested", help="any of add, mixed, nested")
    parser.add_argument("--tools", default="opt,run", help="opt (xla-opt --xla-cpu-pipeline), run (xla-run)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per run before giving up")
    parser.add_argument("--stack-unlimited", action="store_true", help="run the tools with an unlimited stack")
    parser.add_argument("--keep", help="write the generated programs into this directory")
    parser.add_argument("--tool-args", default="", help="extra options for both tools (split on spaces)")
    args = parser.parse_args()

    extra = args.tool_args.split()
    tools = {
        "opt": lambda path, _inputs: [os.path.join(args.bin_dir, "xla-opt"), path, "--xla-cpu-pipeline", "-o", os.devnull,
                                      *extra],
        "run": lambda path, inputs: [os.path.join(args.bin_dir, "xla-run"), path, *inputs, *extra],
    }
    for tool in args.tools.split(","):
        if tool not in tools:
            sys.exit(f"unknown tool {tool!r} (opt, run)")
        binary = tools[tool]("", [])[0]
        if not os.access(binary, os.X_OK):
            sys.exit(f"{binary} not found: build with `cargo build --release -p xla-tools` or pass the binaries' dir")

    workdir = args.keep or tempfile.mkdtemp(prefix="compile_time.")
    os.makedirs(workdir, exist_ok=True)
    failures = 0
    for case in args.cases.split(","):
        if case not in CASES:
            sys.exit(f"unknown case {case!r} ({', '.join(CASES)})")
        sizes = [int(s) for s in (args.depths if case == "nested" else args.sizes).split(",") if s]
        for tool in args.tools.split(","):
            label = "xla-opt --xla-cpu-pipeline" if tool == "opt" else "xla-run (compile + run)"
            print(f"\n{case}: {label}")
            print(f"{'N':>8} {'seconds':>9} {'s/1k ops':>9} {'ratio':>6} {'cpu s':>9} {'cpu ratio':>9}")
            base = None
            cpu_base = None
            for n in sizes:
                text, inputs = CASES[case](n)
                path = os.path.join(workdir, f"{case}_{n}.mlir")
                with open(path, "w") as f:
                    f.write(text)
                result = timed(tools[tool](path, inputs), args.timeout, args.stack_unlimited)
                if isinstance(result, str):
                    failures += 1
                    print(f"{n:>8} {result}", flush=True)
                    continue
                wall, cpu = result
                per_k = wall / n * 1000
                cpu_per_k = cpu / n * 1000
                if base is None:
                    base, cpu_base = per_k, cpu_per_k
                print(f"{n:>8} {wall:>9.2f} {per_k:>9.3f} {per_k / base:>6.2f} {cpu:>9.2f} {cpu_per_k / cpu_base:>9.2f}",
                      flush=True)
    if not args.keep:
        for name in os.listdir(workdir):
            os.remove(os.path.join(workdir, name))
        os.rmdir(workdir)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
