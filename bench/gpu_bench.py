#!/usr/bin/env python3
"""GPU throughput of xla-run --device=gpu, against our CPU JIT, in one run.

For each program below (StableHLO written here, inputs random), it runs
`xla-run --device=gpu --bench N` and `xla-run --device=cpu --bench N`,
checks that the GPU's results equal the CPU's (float tolerance), and prints
the median time of each and the GPU's throughput: GB/s of memory traffic
(inputs read + results written, counted once) for memory-bound programs,
GFLOP/s for contractions.

Only the Python standard library is used (the GPU machine may have nothing
else): .npy files are written and read by hand.

    python3 bench/gpu_bench.py [--runs 20] [--only matmul] [--xla-run PATH]
"""
import argparse
import array
import json
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def program(name, params, results, body):
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(params))
    return f"func.func @main({args}) -> ({', '.join(results)}) {{\n{body}\n}}\n"


def benchmarks():
    n = 1 << 24
    v = f"tensor<{n}xf32>"
    yield ("axpy_16M", program("axpy", ["tensor<f32>", v, v], [v], f"""
  %b = stablehlo.broadcast_in_dim %a0, dims = [] : (tensor<f32>) -> {v}
  %m = stablehlo.multiply %b, %a1 : {v}
  %s = stablehlo.add %m, %a2 : {v}
  return %s : {v}"""), [[], [n], [n]], ("bytes", 3 * 4 * n))
    yield ("exp_tanh_16M", program("ew", [v], [v], f"""
  %e = stablehlo.exponential %a0 : {v}
  %t = stablehlo.tanh %e : {v}
  return %t : {v}"""), [[n]], ("bytes", 2 * 4 * n))
    r = "tensor<4096x4096xf32>"
    yield ("row_sum_4096x4096", program("rows", [r], ["tensor<4096xf32>"], f"""
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%a0 init: %z) applies stablehlo.add across dimensions = [1] : ({r}, tensor<f32>) -> tensor<4096xf32>
  return %s : tensor<4096xf32>"""), [[4096, 4096]], ("bytes", 4 * 4096 * 4097))
    for size in (1024, 2048):
        m = f"tensor<{size}x{size}xf32>"
        yield (f"matmul_{size}", program("mm", [m, m], [m], f"""
  %d = stablehlo.dot_general %a0, %a1, contracting_dims = [1] x [0] : ({m}, {m}) -> {m}
  return %d : {m}"""), [[size, size], [size, size]], ("flops", 2 * size**3))
    x, k, y = "tensor<8x64x64x64xf32>", "tensor<3x3x64x64xf32>", "tensor<8x64x64x64xf32>"
    yield ("conv3x3_8x64x64x64", program("conv", [x, k], [y], f"""
  %c = stablehlo.convolution(%a0, %a1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
       window = {{stride = [1, 1], pad = [[1, 1], [1, 1]]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}}
       : ({x}, {k}) -> {y}
  return %c : {y}"""), [[8, 64, 64, 64], [3, 3, 64, 64]], ("flops", 2 * 8 * 64 * 64 * 64 * 9 * 64))


def write_npy(path, shape, rng):
    count = 1
    for d in shape:
        count *= d
    values = array.array("f", (rng.uniform(-1, 1) for _ in range(count)))
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        "".join(f"{d}, " for d in shape) if len(shape) != 1 else f"{shape[0]},")
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        values.tofile(f)


def find_xla_run(explicit):
    for candidate in [explicit, os.path.join(ROOT, "target/release/xla-run"), os.path.join(ROOT, "target/debug/xla-run")]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit("gpu_bench: no xla-run binary (cargo build --release, or --xla-run PATH)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--only", help="regex of benchmark names")
    parser.add_argument("--xla-run")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    xla_run = find_xla_run(options.xla_run)
    probe = subprocess.run([xla_run, os.devnull, "--device=gpu"], capture_output=True, text=True)
    if "GPU:" in probe.stderr:
        sys.exit(f"gpu_bench: {probe.stderr.strip()}")
    rng = random.Random(0)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, text, shapes, (unit, work) in benchmarks():
            if options.only and not re.search(options.only, name):
                continue
            path = os.path.join(tmp, f"{name}.mlir")
            with open(path, "w") as f:
                f.write(text)
            inputs = []
            for i, shape in enumerate(shapes):
                p = os.path.join(tmp, f"{name}.in{i}.npy")
                write_npy(p, shape, rng)
                inputs += ["--input", p]
            out = os.path.join(tmp, name + "_cpu")
            cpu_run = subprocess.run([xla_run, path, *inputs, "--output-dir", out], capture_output=True, text=True)
            check = subprocess.run([xla_run, path, "--device=gpu", *inputs, "--expect", os.path.join(out, "out_0.npy"),
                                    "--rtol", "1e-3", "--atol", "1e-3"], capture_output=True, text=True)
            times = {}
            for device in ("gpu", "cpu"):
                runs = str(options.runs if device == "gpu" else max(3, options.runs // 4))
                run = subprocess.run([xla_run, path, f"--device={device}", *inputs, "--bench", runs],
                                     capture_output=True, text=True)
                if run.returncode != 0:
                    times[device] = None
                    rows.append({"name": name, "error": f"{device}: " + " ".join(run.stderr.strip().splitlines()[-1:])})
                    break
                times[device] = json.loads(run.stdout)["median_ms"]
            if None in times.values() or len(times) < 2:
                continue
            rate = work / (times["gpu"] * 1e-3) / 1e9
            rows.append({"name": name, "gpu_ms": times["gpu"], "cpu_ms": times["cpu"],
                         "gpu_rate": rate, "unit": "GB/s" if unit == "bytes" else "GFLOP/s",
                         "matches": cpu_run.returncode == 0 and check.returncode == 0})
    if options.json:
        print(json.dumps({"xla_run": xla_run, "results": rows}, indent=1))
        return
    print(f"ours on the GPU vs ours on the CPU; {xla_run}; median of the runs (ms), including synchronization")
    print(f"{'benchmark':22s} {'gpu':>10s} {'cpu':>10s} {'gpu rate':>16s}  same values")
    for row in rows:
        if "error" in row:
            print(f"{row['name']:22s} ERROR {row['error']}")
            continue
        print(f"{row['name']:22s} {row['gpu_ms']:10.3f} {row['cpu_ms']:10.3f} {row['gpu_rate']:9.1f} {row['unit']:7s} "
              f" {'yes' if row['matches'] else 'NO'}")


if __name__ == "__main__":
    main()
