#!/usr/bin/env python3
"""jax.jit on xla_mlir (our PJRT plugin) against jax.jit on cpu (XLA), in one process.

The same jitted function, the same inputs, the same dispatch path (jax's
C++ fast path, PJRT), two backends. For each program of bench/bench.py's
list (`--only` picks some):

- compile: the first call's time on each platform (trace + lower + compile +
  run; jax's caches are per function, so neither side is cached);
- time: the median of `--runs` calls after that, each waited for with
  `block_until_ready`;
- ratio: xla_mlir / cpu (lower is better);
- the values of both must agree (the program's tolerance): a program that
  differs, or fails on either side, is listed as FAILED with the reason,
  and left out of the geomean.

Dispatch overhead: the median time of one call of a trivial program (an add
of two f32 scalars), per platform, over `--dispatch-runs` calls; and the
ratios with it subtracted from both sides.

Needs jax (0.10.2) and the plugin library (`cargo build -p xla-mlir-pjrt`,
found like the package finds it: XLA_MLIR_PJRT_LIBRARY, else target/).

    python3 bench/pjrt/bench.py [--runs 20] [--only matmul_256,softmax_1024] [--json out.json]
"""
import argparse
import importlib.util
import json
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Both platforms; before jax is imported.
os.environ["JAX_PLATFORMS"] = "cpu,xla_mlir"

DEFAULT = ["axpy_16M", "gelu_tanh_256x1024", "chain20_512x512", "softmax_1024", "layernorm_512x1024",
           "matmul_256", "matmul_512", "mlp_64x784", "conv3x3_32x32x16", "cnn_forward_8x32x32",
           "cnn_grad_8x32x32", "attention_256x256", "reduce_sum_4M", "sort_16k", "tanh_1M_f32", "exp_1M_f64"]


def load_programs():
    """bench/bench.py's programs (it also imports jax, with x64 on)."""
    spec = importlib.util.spec_from_file_location("bench_programs", os.path.join(ROOT, "bench", "bench.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.import_jax(single_thread=False)
    return module


def timed_calls(jax, f, args, runs):
    """First call's time and the median of `runs` more, in ms; the last output."""
    start = time.perf_counter()
    out = jax.block_until_ready(f(*args))
    first = (time.perf_counter() - start) * 1e3
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        out = jax.block_until_ready(f(*args))
        times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    return first, times[len(times) // 2], out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--dispatch-runs", type=int, default=2000)
    parser.add_argument("--only", help="comma-separated program names (default: a representative subset; 'all' for every one)")
    parser.add_argument("--json", help="also write the results to this file")
    options = parser.parse_args()

    programs = load_programs()
    jax, np = programs.jax, programs.np
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import xla_mlir_pjrt
    xla_mlir_pjrt.initialize()
    cpu, ours = jax.devices("cpu")[0], jax.devices("xla_mlir")[0]

    wanted = DEFAULT if not options.only else None if options.only == "all" else options.only.split(",")
    benches = [b for b in programs.benchmarks() if wanted is None or b.name in wanted]

    rows = []
    for bench in benches:
        row = {"name": bench.name}
        try:
            outs = {}
            for label, device in (("cpu", cpu), ("xla_mlir", ours)):
                args = jax.device_put(bench.args, device)
                first, median, out = timed_calls(jax, jax.jit(bench.f), args, options.runs)
                row[f"{label}_first_ms"], row[f"{label}_ms"] = first, median
                outs[label] = [np.asarray(leaf) for leaf in jax.tree_util.tree_leaves(out)]
            for a, b in zip(outs["xla_mlir"], outs["cpu"]):
                np.testing.assert_allclose(a, b, rtol=bench.rtol, atol=bench.atol)
            row["ratio"] = row["xla_mlir_ms"] / row["cpu_ms"]
        except Exception as error:  # noqa: BLE001 - reported in the table
            row["failed"] = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)

    dispatch = {}
    for label, device in (("cpu", cpu), ("xla_mlir", ours)):
        x, y = jax.device_put((np.float32(1.5), np.float32(2.0)), device)
        add = jax.jit(lambda a, b: a + b)
        dispatch[label] = timed_calls(jax, add, (x, y), options.dispatch_runs)[1]

    print(f"{'program':<24} {'cpu ms':>10} {'xla_mlir ms':>12} {'ratio':>7} {'ratio-dispatch':>15} "
          f"{'cpu 1st ms':>11} {'ours 1st ms':>12}")
    ratios, adjusted = [], []
    for row in rows:
        if "failed" in row:
            print(f"{row['name']:<24} FAILED: {row['failed']}")
            continue
        net = (max(row["xla_mlir_ms"] - dispatch["xla_mlir"], 1e-6)) / max(row["cpu_ms"] - dispatch["cpu"], 1e-6)
        ratios.append(row["ratio"])
        adjusted.append(net)
        row["ratio_without_dispatch"] = net
        print(f"{row['name']:<24} {row['cpu_ms']:>10.3f} {row['xla_mlir_ms']:>12.3f} {row['ratio']:>7.2f} {net:>15.2f} "
              f"{row['cpu_first_ms']:>11.1f} {row['xla_mlir_first_ms']:>12.1f}")
    geomean = lambda values: math.exp(sum(map(math.log, values)) / len(values)) if values else float("nan")
    print(f"geomean ratio (xla_mlir / cpu): {geomean(ratios):.2f}; without dispatch: {geomean(adjusted):.2f} "
          f"({len(ratios)} programs, {len(rows) - len(ratios)} failed)")
    print(f"dispatch overhead per call (add of two f32 scalars): cpu {dispatch['cpu'] * 1e3:.1f} us, "
          f"xla_mlir {dispatch['xla_mlir'] * 1e3:.1f} us")
    if options.json:
        with open(options.json, "w") as fh:
            json.dump({"rows": rows, "dispatch_ms": dispatch, "geomean": geomean(ratios),
                       "geomean_without_dispatch": geomean(adjusted)}, fh, indent=1)


if __name__ == "__main__":
    main()
