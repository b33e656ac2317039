#!/usr/bin/env python3
"""Benchmarks xla-run against a named baseline, in one run.

Each benchmark is a JAX function and fixed inputs. The script lowers it with
`jax.jit(f).lower(*args).as_text()`, so both sides compile the same
StableHLO, times our JIT with `xla-run --bench N` (median of N runs after a
warm-up, outputs preallocated), and times the baseline on the same inputs:

  --baseline jax     XLA's own CPU compiler through jax.jit (default)
  --baseline numpy   the same computation written with numpy (where given)

It also checks that both produce the same values (float tolerance) and
prints a table with the ratio ours/baseline (lower is better), plus JSON
with --json. Needs jax and numpy (`pip install jax`); the xla-run binary
comes from --xla-run or target/release, then target/debug.

    python3 bench/bench.py [--baseline jax] [--runs 20] [--only matmul]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

jax.config.update("jax_enable_x64", True)  # the f64 math benchmarks

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rand(rs, *shape):
    return rs.uniform(-1, 1, size=shape).astype(np.float32)


def benchmarks():
    rs = np.random.RandomState(0)
    conv = lambda x, k: jax.lax.conv_general_dilated(  # noqa: E731
        x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return [
        ("axpy_16M", lambda a, x, y: a * x + y, (np.float32(2.5), rand(rs, 1 << 24), rand(rs, 1 << 24)),
         lambda a, x, y: a * x + y),
        ("matmul_256", lambda a, b: a @ b, (rand(rs, 256, 256), rand(rs, 256, 256)), lambda a, b: a @ b),
        ("matmul_512", lambda a, b: a @ b, (rand(rs, 512, 512), rand(rs, 512, 512)), lambda a, b: a @ b),
        ("mlp_64x784", lambda x, w1, w2: jax.nn.log_softmax(jnp.maximum(x @ w1, 0) @ w2),
         (rand(rs, 64, 784), rand(rs, 784, 256), rand(rs, 256, 10)), None),
        ("softmax_1024", lambda x: jax.nn.softmax(x, axis=-1), (rand(rs, 1024, 1024),), None),
        ("conv3x3_32x32x16", conv, (rand(rs, 1, 32, 32, 16), rand(rs, 3, 3, 16, 16)), None),
        ("reduce_sum_4M", lambda x: jnp.sum(x, axis=1), (rand(rs, 2048, 2048),), lambda x: x.sum(axis=1)),
        ("cumsum_1024", lambda x: jnp.cumsum(x, axis=1), (rand(rs, 64, 1024),), lambda x: np.cumsum(x, axis=1)),
        ("sort_16k", lambda x: jnp.sort(x), (rand(rs, 16384),), lambda x: np.sort(x)),
        # Transcendental functions (xla-polynomial-math), 1M elements.
        ("gelu_tanh_256x1024", lambda x: jax.nn.gelu(x, approximate=True), (rand(rs, 256, 1024),), None),
        ("gelu_erf_256x1024", lambda x: jax.nn.gelu(x, approximate=False), (rand(rs, 256, 1024),), None),
        *[(f"{name}_1M_{t}", f, (positive(rs, t) if name in ("log", "pow") else wide(rs, t),) * (2 if name == "pow" else 1), None)
          for t in ("f32", "f64")
          for name, f in [("tanh", jnp.tanh), ("sin", jnp.sin), ("log", jnp.log), ("exp", jnp.exp), ("pow", jax.lax.pow)]],
    ]


def wide(rs, t):
    return rs.uniform(-10, 10, size=1 << 20).astype(np.float32 if t == "f32" else np.float64)


def positive(rs, t):
    return rs.uniform(0.01, 10, size=1 << 20).astype(np.float32 if t == "f32" else np.float64)


def find_xla_run(explicit):
    for candidate in [explicit, os.path.join(ROOT, "target/release/xla-run"), os.path.join(ROOT, "target/debug/xla-run")]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit("bench: no xla-run binary (cargo build --release, or --xla-run PATH)")


def time_baseline(f, args, runs):
    f(*args)  # warm-up (and compile, for jax)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        out = f(*args)
        if hasattr(out, "block_until_ready"):
            out.block_until_ready()
        times.append((time.perf_counter() - start) * 1e3)
    return float(np.median(times))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", choices=["jax", "numpy"], default="jax")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--only", help="regex of benchmark names")
    parser.add_argument("--xla-run")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    xla_run = find_xla_run(options.xla_run)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, f, args, numpy_f in benchmarks():
            if options.only and not re.search(options.only, name):
                continue
            if options.baseline == "numpy" and numpy_f is None:
                continue
            jitted = jax.jit(f)
            path = os.path.join(tmp, f"{name}.mlir")
            with open(path, "w") as fh:
                fh.write(jitted.lower(*args).as_text())
            inputs = []
            for i, a in enumerate(args):
                p = os.path.join(tmp, f"{name}.in{i}.npy")
                np.save(p, np.array(a, order="C"))
                inputs += ["--input", p]
            expected = os.path.join(tmp, f"{name}.expected.npy")
            np.save(expected, np.asarray(jitted(*args)))
            check = subprocess.run([xla_run, path, *inputs, "--expect", expected, "--rtol", "1e-3", "--atol", "1e-4"],
                                   capture_output=True, text=True)
            ours = subprocess.run([xla_run, path, *inputs, "--bench", str(options.runs)], capture_output=True, text=True)
            if ours.returncode != 0:
                rows.append({"name": name, "error": ours.stderr.strip().splitlines()[-1:]})
                continue
            ours_ms = json.loads(ours.stdout)["median_ms"]
            if options.baseline == "jax":
                # Inputs already on the (CPU) device, as ours are preloaded.
                base_ms = time_baseline(jitted, [jax.device_put(a) for a in args], options.runs)
            else:
                base_ms = time_baseline(numpy_f, args, options.runs)
            rows.append({"name": name, "ours_ms": ours_ms, f"{options.baseline}_ms": base_ms,
                         "ratio": ours_ms / base_ms, "matches": check.returncode == 0})
    if options.json:
        print(json.dumps({"baseline": options.baseline, "xla_run": xla_run, "results": rows}, indent=1))
        return
    print(f"baseline: {options.baseline}; ours: {xla_run}; median of {options.runs} runs (ms); ratio = ours / baseline")
    print(f"{'benchmark':22s} {'ours':>10s} {options.baseline:>10s} {'ratio':>8s}  same values")
    for row in rows:
        if "error" in row:
            print(f"{row['name']:22s} ERROR {row['error']}")
            continue
        print(f"{row['name']:22s} {row['ours_ms']:10.3f} {row[options.baseline + '_ms']:10.3f} "
              f"{row['ratio']:8.2f}  {'yes' if row['matches'] else 'NO'}")


if __name__ == "__main__":
    main()
