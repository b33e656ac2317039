#!/usr/bin/env python3
"""GPU throughput of xla-run --device=gpu, against our CPU JIT, in one run.

For each program below (StableHLO written here, inputs random), it runs
`xla-run --device=gpu --bench N` and `xla-run --device=cpu --bench N`,
checks that the GPU's results equal the CPU's (float tolerance), and prints
the median time of each and the GPU's throughput: GB/s of memory traffic
(inputs read + results written, counted once) for memory-bound programs,
GFLOP/s for contractions.

Only the Python standard library is needed: .npy files are written and read
by hand. Where PyTorch with CUDA is importable, each program's equivalent in
PyTorch (cuBLAS for the matrix products, cuDNN for the convolution, its own
element-wise and reduction kernels) is timed in the same run with CUDA events
on the same shapes, and the device's copy bandwidth (a large device-to-device
copy, bytes read + written) is measured once: the "baseline" columns. TF32 is
off in the baseline (our f32 kernels compute in full f32).

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
    for n, label in ((1 << 24, "16M"), (1 << 26, "64M")):
        v = f"tensor<{n}xf32>"
        yield (f"axpy_{label}", program("axpy", ["tensor<f32>", v, v], [v], f"""
  %b = stablehlo.broadcast_in_dim %a0, dims = [] : (tensor<f32>) -> {v}
  %m = stablehlo.multiply %b, %a1 : {v}
  %s = stablehlo.add %m, %a2 : {v}
  return %s : {v}"""), [[], [n], [n]], ("bytes", 3 * 4 * n))
    for n, label in ((1 << 24, "16M"), (1 << 26, "64M")):
        v = f"tensor<{n}xf32>"
        yield (f"exp_tanh_{label}", program("ew", [v], [v], f"""
  %e = stablehlo.exponential %a0 : {v}
  %t = stablehlo.tanh %e : {v}
  return %t : {v}"""), [[n]], ("bytes", 2 * 4 * n))
    r = "tensor<4096x4096xf32>"
    yield ("row_sum_4096x4096", program("rows", [r], ["tensor<4096xf32>"], f"""
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%a0 init: %z) applies stablehlo.add across dimensions = [1] : ({r}, tensor<f32>) -> tensor<4096xf32>
  return %s : tensor<4096xf32>"""), [[4096, 4096]], ("bytes", 4 * 4096 * 4097))
    yield ("col_sum_4096x4096", program("cols", [r], ["tensor<4096xf32>"], f"""
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%a0 init: %z) applies stablehlo.add across dimensions = [0] : ({r}, tensor<f32>) -> tensor<4096xf32>
  return %s : tensor<4096xf32>"""), [[4096, 4096]], ("bytes", 4 * 4096 * 4097))
    yield ("softmax_4096x4096", program("softmax", [r], [r], f"""
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%a0 init: %ninf) applies stablehlo.maximum across dimensions = [1] : ({r}, tensor<f32>) -> tensor<4096xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4096xf32>) -> {r}
  %d = stablehlo.subtract %a0, %mb : {r}
  %e = stablehlo.exponential %d : {r}
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : ({r}, tensor<f32>) -> tensor<4096xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4096xf32>) -> {r}
  %y = stablehlo.divide %e, %sb : {r}
  return %y : {r}"""), [[4096, 4096]], ("bytes", 2 * 4 * 4096 * 4096))
    for size in (1024, 2048):
        m = f"tensor<{size}x{size}xf32>"
        yield (f"matmul_{size}", program("mm", [m, m], [m], f"""
  %d = stablehlo.dot_general %a0, %a1, contracting_dims = [1] x [0] : ({m}, {m}) -> {m}
  return %d : {m}"""), [[size, size], [size, size]], ("flops", 2 * size**3))
    m16, m = "tensor<2048x2048xbf16>", "tensor<2048x2048xf32>"
    yield ("matmul_bf16_2048", program("mm16", [m16, m16], [m16], f"""
  %d = stablehlo.dot_general %a0, %a1, contracting_dims = [1] x [0] : ({m16}, {m16}) -> {m16}
  return %d : {m16}"""), [[2048, 2048], [2048, 2048]], ("flops", 2 * 2048**3))
    # A small dense layer: three kernels whose time is mostly launches.
    x, w, b, y = "tensor<256x128xf32>", "tensor<128x64xf32>", "tensor<64xf32>", "tensor<256x64xf32>"
    yield ("layer_256x128x64", program("layer", [x, w, b], [y], f"""
  %d = stablehlo.dot_general %a0, %a1, contracting_dims = [1] x [0] : ({x}, {w}) -> {y}
  %bb = stablehlo.broadcast_in_dim %a2, dims = [1] : ({b}) -> {y}
  %s = stablehlo.add %d, %bb : {y}
  %t = stablehlo.tanh %s : {y}
  return %t : {y}"""), [[256, 128], [128, 64], [64]], ("flops", 2 * 256 * 128 * 64))
    x, k, y = "tensor<8x64x64x64xf32>", "tensor<3x3x64x64xf32>", "tensor<8x64x64x64xf32>"
    yield ("conv3x3_8x64x64x64", program("conv", [x, k], [y], f"""
  %c = stablehlo.convolution(%a0, %a1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
       window = {{stride = [1, 1], pad = [[1, 1], [1, 1]]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}}
       : ({x}, {k}) -> {y}
  return %c : {y}"""), [[8, 64, 64, 64], [3, 3, 64, 64]], ("flops", 2 * 8 * 64 * 64 * 64 * 9 * 64))


def write_npy(path, shape, rng, dtype="f32"):
    count = 1
    for d in shape:
        count *= d
    try:  # numpy, where present, draws millions of values much faster
        import numpy
        values = array.array("f", numpy.random.default_rng(rng.getrandbits(32)).uniform(-1, 1, count)
                             .astype(numpy.float32).tobytes())
    except ImportError:
        values = array.array("f", (rng.uniform(-1, 1) for _ in range(count)))
    descr = "<f4"
    if dtype == "bf16":  # the top 16 bits of each f32 (truncation), as numpy.save writes ml_dtypes' bfloat16
        values = array.array("H", (w >> 16 for w in array.array("I", values.tobytes())))
        descr = "<V2"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr,
        "".join(f"{d}, " for d in shape) if len(shape) != 1 else f"{shape[0]},")
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        values.tofile(f)


def torch_or_none():
    """PyTorch with a usable CUDA device, or None."""
    try:
        import torch
    except ImportError:
        return None
    if not torch.cuda.is_available():
        return None
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    return torch


def torch_median_ms(torch, fn, runs):
    """Median time of `fn` over `runs` calls, by CUDA events, after warm-up."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return sorted(times)[len(times) // 2]


def torch_baseline(torch, name, shapes, runs):
    """The PyTorch equivalent of benchmark `name` (random inputs, same shapes)."""
    dev = "cuda"
    if name.startswith("axpy"):
        x, y = (torch.rand(shapes[1], device=dev) for _ in range(2))
        return torch_median_ms(torch, lambda: torch.add(y, x, alpha=0.5), runs)
    if name.startswith("exp_tanh"):
        x = torch.rand(shapes[0], device=dev)
        return torch_median_ms(torch, lambda: torch.tanh(torch.exp(x)), runs)
    if name.startswith("row_sum"):
        x = torch.rand(shapes[0], device=dev)
        return torch_median_ms(torch, lambda: x.sum(dim=1), runs)
    if name.startswith("col_sum"):
        x = torch.rand(shapes[0], device=dev)
        return torch_median_ms(torch, lambda: x.sum(dim=0), runs)
    if name.startswith("softmax"):
        x = torch.rand(shapes[0], device=dev)
        return torch_median_ms(torch, lambda: torch.softmax(x, dim=1), runs)
    if name.startswith("matmul"):
        dtype = torch.bfloat16 if "bf16" in name else torch.float32
        a, b = (torch.rand(s, device=dev, dtype=dtype) for s in shapes)
        return torch_median_ms(torch, lambda: a @ b, runs)
    if name.startswith("layer"):
        x, w, b = (torch.rand(s, device=dev) for s in shapes)
        return torch_median_ms(torch, lambda: torch.tanh(x @ w + b), runs)
    if name.startswith("conv"):
        n, h, w, c = shapes[0]
        kh, kw, ci, co = shapes[1]
        x = torch.rand(n, c, h, w, device=dev).to(memory_format=torch.channels_last)
        k = torch.rand(co, ci, kh, kw, device=dev).to(memory_format=torch.channels_last)
        return torch_median_ms(torch, lambda: torch.nn.functional.conv2d(x, k, padding=1), runs)
    return None


def copy_bandwidth_gbs(torch):
    """Device-to-device copy of 1 GiB: bytes read + written per second."""
    x = torch.empty(1 << 28, device="cuda")
    y = torch.empty_like(x)
    ms = torch_median_ms(torch, lambda: y.copy_(x), 10)
    return 2 * x.numel() * 4 / (ms * 1e-3) / 1e9


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
    torch = torch_or_none()
    bandwidth = copy_bandwidth_gbs(torch) if torch else None
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
                write_npy(p, shape, rng, "bf16" if "bf16" in name else "f32")
                inputs += ["--input", p]
            out = os.path.join(tmp, name + "_cpu")
            cpu_run = subprocess.run([xla_run, path, *inputs, "--output-dir", out], capture_output=True, text=True)
            tolerance = "2e-2" if "bf16" in name else "1e-3"
            check = subprocess.run([xla_run, path, "--device=gpu", *inputs, "--expect", os.path.join(out, "out_0.npy"),
                                    "--rtol", tolerance, "--atol", tolerance], capture_output=True, text=True)
            times = {}
            for device in ("gpu", "cpu"):
                runs = str(options.runs if device == "gpu" else max(3, options.runs // 4))
                run = subprocess.run([xla_run, path, f"--device={device}", *inputs, "--bench", runs],
                                     capture_output=True, text=True)
                if run.returncode != 0:
                    times[device] = None
                    rows.append({"name": name, "error": f"{device}: " + " ".join(run.stderr.strip().splitlines()[-1:])})
                    break
                stats = json.loads(run.stdout)
                times[device] = stats["median_ms"]
                if device == "gpu":
                    gpu_stats = stats
            if None in times.values() or len(times) < 2:
                continue
            # The rate from the device time (CUDA events around our kernels,
            # as the baseline's), else from the wall time of a call.
            device_ms = gpu_stats.get("device_median_ms") or times["gpu"]
            rate = work / (device_ms * 1e-3) / 1e9
            base = torch_baseline(torch, name, shapes, options.runs) if torch else None
            rows.append({"name": name, "gpu_ms": times["gpu"], "cpu_ms": times["cpu"],
                         "gpu_device_ms": gpu_stats.get("device_median_ms"),
                         "gpu_first_call_ms": gpu_stats.get("first_call_ms"),
                         "gpu_rate": rate, "unit": "GB/s" if unit == "bytes" else "GFLOP/s",
                         "baseline_ms": base,
                         "baseline_rate": work / (base * 1e-3) / 1e9 if base else None,
                         "matches": cpu_run.returncode == 0 and check.returncode == 0,
                         "mismatch": "" if check.returncode == 0 else " ".join(check.stdout.splitlines()[-2:] + check.stderr.splitlines()[-2:])})
    if options.json:
        print(json.dumps({"xla_run": xla_run, "copy_bandwidth_gbs": bandwidth, "results": rows}, indent=1))
        return
    print(f"ours on the GPU vs ours on the CPU; {xla_run}; medians of the runs (ms).")
    print("gpu call: a whole call (host side, launches, wait); gpu dev: CUDA events from our first launch to the")
    print("end of our last kernel, as the baseline is timed (the rate is from it); first: the warm-up call, host")
    print("inputs to host results; baseline: PyTorch "
          + (f"{torch.__version__} on {torch.cuda.get_device_name()}, CUDA events" if torch else "not available"))
    if bandwidth:
        print(f"device-to-device copy bandwidth (read + write): {bandwidth:.0f} GB/s")
    print(f"{'benchmark':22s} {'gpu call':>9s} {'gpu dev':>9s} {'first':>9s} {'cpu':>9s} {'gpu rate':>16s} {'baseline':>9s} {'base rate':>16s}  same values")
    dash = lambda v: f"{v:9.3f}" if v is not None else f"{'-':>9s}"
    for row in rows:
        if "error" in row:
            print(f"{row['name']:22s} ERROR {row['error']}")
            continue
        base = (f"{row['baseline_ms']:9.3f} {row['baseline_rate']:9.1f} {row['unit']:7s}"
                if row["baseline_ms"] else f"{'-':>9s} {'-':>16s}")
        print(f"{row['name']:22s} {row['gpu_ms']:9.3f} {dash(row['gpu_device_ms'])} {dash(row['gpu_first_call_ms'])} "
              f"{row['cpu_ms']:9.3f} {row['gpu_rate']:9.1f} {row['unit']:7s} {base} "
              f" {'yes' if row['matches'] else 'NO ' + row['mismatch'][:200]}")


if __name__ == "__main__":
    main()
