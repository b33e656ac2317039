#!/usr/bin/env python3
"""Compile time against XLA's CPU compiler, on the same StableHLO, in one run.

The program families of bench/compile_time.py, written in JAX so that both
compilers get the same module: `jax.jit(f).lower(...)` gives the StableHLO
text that xla-run compiles, and `lowered.compile()` is XLA's compile of it.

  add      N successive element-wise adds on a 16-float vector
  mixed    a chain of N ops: add, multiply, exp of the negation, and every
           8th step a sum reduction broadcast back and subtracted
  nested   N `lax.cond` nested in each other's true branch, an add at every
           level and a subtract in every false branch

Printed per family and size: XLA's compile time (wall and process CPU
seconds, `lowered.compile()` only: not tracing or lowering), ours (xla-run:
parse, the whole pipeline, LLVM, JIT, one run on the given inputs; wall and
CPU seconds of the process), and ours/XLA. Both results are checked against
each other (xla-run --expect on XLA's output).

Needs jax (CPU); the binary comes from BIN_DIR (default target/release).

    python3 bench/compile_time_vs_xla.py [BIN_DIR] [--sizes 1000,5000,20000]
        [--depths 100,1000] [--cases add,mixed,nested] [--timeout 600]
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402


def add_chain(n):
    def f(a, b):
        for _ in range(n):
            a = a + b
        return a
    return f, n


def mixed_chain(n):
    def f(a, b):
        scale = jnp.full((16,), 0.5, jnp.float32)
        count = step = 0
        while count < n:
            kind = step % 8
            if kind in (0, 3, 6):
                a, count = a + b, count + 1
            elif kind in (1, 4):
                a, count = a * scale, count + 1
            elif kind in (2, 5):
                a, count = jnp.exp(-a), count + 2
            else:
                a, count = a - jnp.sum(a), count + 3
            step += 1
        return a
    return f, n


def nested_conds(depth):
    def f(p, x, y):
        def level(k, acc):
            s = acc + y
            if k == depth:
                return s + y
            return jax.lax.cond(p, lambda v: level(k + 1, v), lambda v: v - y, s)
        return level(1, x)
    return f, depth


CASES = {"add": add_chain, "mixed": mixed_chain, "nested": nested_conds}


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def inline(array):
    if array.dtype == np.bool_:
        return "i1=" + ("true" if array else "false")
    return f"{array.size}xf32=[" + ",".join(repr(float(v)) for v in array.ravel()) + "]"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bin_dir", nargs="?", default=os.path.join(ROOT, "target/release"))
    parser.add_argument("--sizes", default="1000,5000,20000", help="op counts of the add and mixed chains")
    parser.add_argument("--depths", default="100,1000", help="nesting depths of the nested case")
    parser.add_argument("--cases", default="add,mixed,nested")
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args()
    xla_run = os.path.join(args.bin_dir, "xla-run")
    if not os.access(xla_run, os.X_OK):
        sys.exit(f"{xla_run} not found: build with `cargo build --release -p xla-tools`")
    sys.setrecursionlimit(100000)  # tracing nested conds recurses per level

    workdir = tempfile.mkdtemp(prefix="compile_vs_xla.")
    rs = np.random.RandomState(0)
    failures = 0
    for case in args.cases.split(","):
        sizes = [int(s) for s in (args.depths if case == "nested" else args.sizes).split(",") if s]
        print(f"\n{case}")
        print(f"{'N':>7} {'xla wall':>9} {'xla cpu':>8} {'ours wall':>9} {'ours cpu':>8} {'wall ratio':>10} {'cpu ratio':>9}")
        for n in sizes:
            f, _ = CASES[case](n)
            vec = lambda: (rs.rand(16).astype(np.float32) * 0.1)
            inputs = [np.bool_(True), vec(), vec()] if case == "nested" else [vec(), vec()]
            lowered = jax.jit(f).lower(*inputs)
            cpu0, wall0 = time.process_time(), time.perf_counter()
            compiled = lowered.compile()
            xla_wall, xla_cpu = time.perf_counter() - wall0, time.process_time() - cpu0
            expected = np.asarray(compiled(*inputs))
            path = os.path.join(workdir, f"{case}_{n}.mlir")
            with open(path, "w") as out:
                out.write(lowered.as_text())
            npy = os.path.join(workdir, f"{case}_{n}.npy")
            np.save(npy, expected)
            command = [xla_run, path, *[arg for x in inputs for arg in ("--input", inline(x))],
                       "--expect", npy, "--rtol", "1e-4", "--atol", "1e-5"]
            cpu_start, start = children_cpu(), time.perf_counter()
            try:
                done = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
            except subprocess.TimeoutExpired:
                failures += 1
                print(f"{n:>7} {xla_wall:>9.2f} {xla_cpu:>8.2f} timeout (> {args.timeout} s)", flush=True)
                continue
            wall, cpu = time.perf_counter() - start, children_cpu() - cpu_start
            if done.returncode != 0 or "MISMATCH" in done.stdout:
                failures += 1
                tail = (done.stdout + done.stderr).strip().splitlines()[-2:]
                print(f"{n:>7} {xla_wall:>9.2f} {xla_cpu:>8.2f} failed (exit {done.returncode}): {' | '.join(tail)}",
                      flush=True)
                continue
            print(f"{n:>7} {xla_wall:>9.2f} {xla_cpu:>8.2f} {wall:>9.2f} {cpu:>8.2f} {wall / xla_wall:>10.2f} "
                  f"{cpu / xla_cpu:>9.2f}", flush=True)
    for name in os.listdir(workdir):
        os.remove(os.path.join(workdir, name))
    os.rmdir(workdir)
    return 1 if failures else 0


if __name__ == "__main__":
    # Tracing 1,000 nested conds recurses deeper than the main thread's
    # stack allows (Python segfaults): run on a thread with a large one.
    import threading
    threading.stack_size(1 << 30)
    result = []
    worker = threading.Thread(target=lambda: result.append(main()))
    worker.start()
    worker.join()
    sys.exit(result[0] if result else 1)
