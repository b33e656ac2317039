#!/usr/bin/env python3
"""Memory column: our peak temporary bytes beside XLA's, in one run.

For every benchmark program of bench.py and every JAX example of
test/examples (their recorded inputs), prints

  xla_temp   XLA's temporary bytes on CPU:
             jax.jit(f).lower(*a).compile().memory_analysis().temp_size_in_bytes
             (examples: the same text compiled by the CPU client)
  ours       the most heap bytes our JIT-compiled code had live during one run,
             measured (xla-run --report=memory: counted malloc/free of
             compiled code; results are caller-allocated, so these are
             temporaries only), with buffer assignment (xla-plan-buffers)
  unplanned  the same with --no-buffer-plan (every temporary its own malloc)
  arena      the planned arena of the entry function (0: nothing planned)
  moved      bytes the loop nests of @main move after fusion, each reading
             every distinct operand its body reads once and writing its
             results once (xla-run --report=fusion, "loop nests of @main
             after fusion"), as a multiple of the minimum: the arguments
             read once and the results written once

and, per program where ours > xla_temp, the plan's "not planned" lines (the
reason). Not a timed benchmark. Needs jax/numpy (/work/venv-jax) and an
xla-run binary (--xla-run, else target/release, then target/debug).

    JAX_PLATFORMS=cpu /work/venv-jax/bin/python bench/memory.py [--only REGEX] [--json FILE]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import bench  # noqa: E402  (bench.py: the programs and xla-run lookup)


def xla_temp_of_text(text):
    """XLA's temporary bytes for a StableHLO module (the CPU client)."""
    from jax._src import xla_bridge
    from jax._src.lib import xla_client
    backend = xla_bridge.get_backend("cpu")
    devices = xla_client.DeviceList(tuple(backend.devices()[:1]))
    executable = backend.compile_and_load(text, devices, xla_client.CompileOptions())
    return executable.get_compiled_memory_stats().temp_size_in_bytes


def ours(xla_run, path, inputs, extra, timeout, out):
    """(measured peak bytes, arena bytes, not-planned lines, moved/minimum)
    or an error text."""
    try:
        run = subprocess.run([xla_run, path, *inputs, "--report=memory,fusion", "--output-dir", out, *extra],
                             capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"timed out after {timeout} s"
    if run.returncode != 0:
        lines = (run.stderr or run.stdout).strip().splitlines()
        return lines[-1] if lines else f"exit {run.returncode}"
    peak = re.search(r"memory measured: peak (\d+) bytes live", run.stderr)
    arena = re.search(r"memory plan of @main(?:\.planned)?: arena (\d+) bytes", run.stderr)
    unplanned = [line.strip() for line in run.stderr.splitlines() if line.strip().startswith("not planned:")]
    moved = re.search(r"loop nests of @main after fusion: \d+, est. bytes moved (\d+) \(minimum (\d+)", run.stderr)
    ratio = int(moved.group(1)) / int(moved.group(2)) if moved and int(moved.group(2)) > 0 else None
    if not peak:
        return "no measurement in the report"
    return int(peak.group(1)), int(arena.group(1)) if arena else 0, unplanned, ratio


def programs(tmp, only):
    """(name, path, inputs, xla_temp) for the benchmarks and the examples."""
    np = bench.np
    for b in bench.benchmarks():
        if only and not re.search(only, b.name):
            continue
        lowered = bench.jax.jit(b.f).lower(*b.args)
        path = os.path.join(tmp, f"{b.name}.mlir")
        with open(path, "w") as fh:
            fh.write(lowered.as_text())
        inputs = []
        for i, a in enumerate(bench.jax.tree_util.tree_leaves(b.args)):
            p = os.path.join(tmp, f"{b.name}.in{i}.npy")
            np.save(p, np.array(a, order="C"))
            inputs += ["--input", p]
        yield b.name, path, inputs, lowered.compile().memory_analysis().temp_size_in_bytes
    for path in sorted(glob.glob(os.path.join(ROOT, "test/examples/*.mlir"))):
        name = "example:" + os.path.splitext(os.path.basename(path))[0]
        if only and not re.search(only, name):
            continue
        stem = os.path.splitext(path)[0]
        inputs = []
        for p in sorted(glob.glob(stem + ".in*.npy"), key=lambda p: int(re.search(r"\.in(\d+)\.npy$", p).group(1))):
            inputs += ["--input", p]
        with open(path) as fh:
            text = fh.read()
        try:
            temp = xla_temp_of_text(text)
        except Exception as error:  # noqa: BLE001 (reported in the table)
            temp = f"XLA cannot compile it: {str(error).splitlines()[0][:80]}"
        yield name, path, inputs, temp


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="regex of program names")
    parser.add_argument("--xla-run")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--json", metavar="FILE")
    options = parser.parse_args()
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    bench.import_jax(False)
    xla_run = bench.find_xla_run(options.xla_run)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, path, inputs, temp in programs(tmp, options.only):
            row = {"name": name, "xla_temp": temp}
            out = os.path.join(tmp, "out")
            planned = ours(xla_run, path, inputs, [], options.timeout, out)
            unplanned = ours(xla_run, path, inputs, ["--no-buffer-plan"], options.timeout, out)
            if isinstance(planned, str):
                row["error"] = planned
            else:
                row["ours"], row["arena"], row["not_planned"], row["moved"] = planned
            if not isinstance(unplanned, str):
                row["unplanned"] = unplanned[0]
            rows.append(row)
            print(format_row(row), flush=True)
    worse = [r for r in rows if "ours" in r and isinstance(r["xla_temp"], int) and r["ours"] > r["xla_temp"]]
    compared = [r for r in rows if "ours" in r and isinstance(r["xla_temp"], int)]
    print(f"\n{len(compared)} programs compared: ours <= XLA's on {len(compared) - len(worse)}, above on {len(worse)}")
    for r in worse:
        print(f"  {r['name']}: ours {r['ours']} > XLA {r['xla_temp']}; not planned: {reasons(r['not_planned'])}")
    moved = [r for r in rows if r.get("moved") is not None]
    far = [r for r in moved if r["moved"] > 1.1]
    print(f"bytes moved after fusion: within 10% of the minimum on {len(moved) - len(far)} of {len(moved)} programs")
    for r in far:
        print(f"  {r['name']}: {r['moved']:.2f}x the minimum")
    for r in rows:
        if "error" in r:
            print(f"  {r['name']}: FAILED: {r['error']}")
    if options.json:
        with open(options.json, "w") as fh:
            json.dump(rows, fh, indent=1)


def reasons(lines):
    """'N x reason' for the plan's not-planned lines (reason: the text after
    the location)."""
    counts = {}
    for line in lines:
        reason = line.rsplit(": ", 1)[-1]
        counts[reason] = counts.get(reason, 0) + 1
    return ", ".join(f"{n} x {reason}" for reason, n in counts.items()) or "none"


def format_row(row):
    def cell(value):
        return f"{value:>12}" if isinstance(value, int) else f"{'-':>12}"
    temp = row["xla_temp"]
    note = "" if isinstance(temp, int) else f"  ({temp})"
    if "error" in row:
        note += f"  FAILED: {row['error']}"
    moved = row.get("moved")
    moved = f"{moved:>9.2f}x" if moved is not None else f"{'-':>10}"
    return f"{row['name']:<32}{cell(temp)}{cell(row.get('ours'))}{cell(row.get('unplanned'))}{cell(row.get('arena'))}{moved}{note}"


if __name__ == "__main__":
    print(f"{'program':<32}{'xla_temp':>12}{'ours':>12}{'unplanned':>12}{'arena':>12}{'moved':>10}")
    main()
