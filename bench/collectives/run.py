#!/usr/bin/env python3
"""All-reduce bandwidth by message size, in one run: our compiled program
(one stablehlo.all_reduce of N f32 over 4 devices) run in-process
(`xla-run --bench`, 4 device threads) and under MPI (`mpirun -n 4 xla-run
--bench`, one process per device), beside a plain C `MPI_Allreduce` of the
same sizes (allreduce.c) under the same mpirun. See README.md.

    python3 bench/collectives/run.py [--xla-run PATH] [--sizes 1K,4K,...]

Times are rank 0's (device 0's) median per call; GB/s is the message size
(the bytes each device contributes) over that time.
"""
import argparse
import array
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

MODULE = """module attributes {{mhlo.num_partitions = {devices} : i32, mhlo.num_replicas = 1 : i32}} {{
  func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{
    %s = "stablehlo.all_reduce"(%x) <{{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[{group}]]> : tensor<1x{devices}xi64>, use_global_device_ids}}> ({{
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %r = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %r : tensor<f32>
      }}) : (tensor<{n}xf32>) -> tensor<{n}xf32>
    return %s : tensor<{n}xf32>
  }}
}}
"""


def size_of(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    text = text.strip().upper().removesuffix("IB").removesuffix("B")
    return int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text)


def label(size):
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            return "%d %s" % (size // scale, unit)
    return "%d B" % size


def write_npy(path, count):
    """A float32 vector of `count` elements (0, 1, ..., 6, 0, ...)."""
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }" % count
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    pattern = array.array("f", [float(i % 7) for i in range(7)])
    data = (pattern * (count // 7 + 1))[:count]
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        data.tofile(f)


def run(command, what):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("%s failed (exit %d):\n%s%s" % (what, result.returncode, result.stdout[-2000:], result.stderr[-2000:]))
    return result.stdout


def bench_json(stdout):
    for line in stdout.splitlines():
        if line.startswith("{"):
            return json.loads(line)["median_ms"]
    sys.exit("no --bench line in:\n" + stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default_xla_run = next(
        (p for p in (os.path.join(ROOT, "target", k, "xla-run") for k in ("release", "debug")) if os.path.exists(p)), None
    )
    parser.add_argument("--xla-run", default=default_xla_run, help="the xla-run binary (default: target/release, else target/debug)")
    parser.add_argument("--mpirun", default="mpirun --allow-run-as-root --oversubscribe", help="the launcher and its options")
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--sizes", default="1K,4K,16K,64K,256K,1M,4M,16M,64M", help="message sizes (bytes per device)")
    parser.add_argument("--budget-mb", type=float, default=512, help="runs per size: this many MB moved, 5 to 200 runs")
    args = parser.parse_args()
    if not args.xla_run:
        sys.exit("no xla-run: build it (cargo build --release -p xla-tools) or pass --xla-run")
    version = run([args.xla_run, "--version"], "xla-run --version")
    if "mpi: yes" not in version:
        sys.exit("%s was built without MPI (install libopenmpi-dev and rebuild)" % args.xla_run)
    mpirun = args.mpirun.split() + ["-n", str(args.devices)]
    sizes = [size_of(s) for s in args.sizes.split(",")]

    work = tempfile.mkdtemp(prefix="bench-collectives-")
    try:
        baseline = os.path.join(work, "allreduce")
        run(["mpicc", "-O2", os.path.join(HERE, "allreduce.c"), "-o", baseline], "mpicc")
        rows = []
        for size in sizes:
            n = size // 4
            runs = max(5, min(200, int(args.budget_mb * (1 << 20) / size)))
            module = os.path.join(work, "allreduce_%d.mlir" % size)
            with open(module, "w") as f:
                f.write(MODULE.format(devices=args.devices, n=n, group=", ".join(map(str, range(args.devices)))))
            data = os.path.join(work, "x_%d.npy" % size)
            write_npy(data, n)
            command = [args.xla_run, module, "--input", data, "--bench", str(runs)]
            local = bench_json(run(command, "xla-run (in-process) at %s" % label(size)))
            over_mpi = bench_json(run(mpirun + command, "mpirun xla-run at %s" % label(size)))
            c = run(mpirun + [baseline, str(runs), str(size)], "MPI_Allreduce at %s" % label(size)).split()
            rows.append((size, runs, local, over_mpi, float(c[1])))
            os.remove(data)
            print("%s done" % label(size), file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    gbs = lambda size, ms: size / (ms * 1e-3) / 1e9
    print("all_reduce (sum) of f32 over %d devices; median ms per call (device/rank 0), GB/s = bytes per device / time" % args.devices)
    print("xla-run: %s" % version.splitlines()[0])
    print()
    print("| size | runs | in-process xla-run | | mpirun xla-run | | C MPI_Allreduce | |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size, runs, local, over_mpi, c in rows:
        print("| %s | %d | %.3f ms | %.2f GB/s | %.3f ms | %.2f GB/s | %.3f ms | %.2f GB/s |" % (
            label(size), runs, local, gbs(size, local), over_mpi, gbs(size, over_mpi), c, gbs(size, c)))


if __name__ == "__main__":
    main()
