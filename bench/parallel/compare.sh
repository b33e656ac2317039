#!/usr/bin/env bash
# Compares the runtimes that could run compiled code's parallel loops, on
# the same work: R regions (a while loop / for loop), each a parallel loop
# over N rows of W floats (y = 1.5 x + 0.5). Prints microseconds per region
# on 1 and on T threads for:
#   ours     xla-run (xla-cpu-parallel-tasks + the runtime's rayon pool),
#            every parallel loop split (--parallel-min-cost 0)
#   libgomp  GCC's OpenMP (`#pragma omp parallel for`, regions.c)
#   libomp   LLVM's OpenMP, when clang and libomp-22-dev are installed
#   async    MLIR's async runtime (async-parallel-for, mlir-runner -O3)
#
#   bash bench/parallel/compare.sh [XLA_RUN] [THREADS]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$(dirname "$here")")"
xla_run="${1:-$root/target/release/xla-run}"
threads="${2:-$(nproc)}"
llvm=/usr/lib/llvm-22
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cc -O2 -fopenmp "$here/regions.c" -o "$work/gomp"
have_libomp=0
if [ -x "$llvm/bin/clang" ] && [ -e "$llvm/lib/libomp.so" ]; then
  "$llvm/bin/clang" -O2 -fopenmp "$here/regions.c" -o "$work/omp" -Wl,-rpath,"$llvm/lib" && have_libomp=1
fi

ours() { # regions rows width threads
  sed "s/ROWS/$2/g; s/WIDTH/$3/g; s/REGIONS/$1/g" "$here/regions.mlir" > "$work/r.mlir"
  python3 - "$work/x.npy" "$2" "$3" <<'PY'
import struct, sys
path, rows, width = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }" % (rows, width)
header += " " * (63 - (10 + len(header)) % 64) + "\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%df" % (rows * width), *[float(i % 97) for i in range(rows * width)]))
PY
  "$xla_run" "$work/r.mlir" --input "$work/x.npy" --threads "$4" --parallel-min-cost 0 --bench 5 \
    | python3 -c "import json,sys; print('%.3f' % (json.load(sys.stdin)['min_ms'] * 1000 / $1))"
}

async() { # regions rows width threads
  sed "s/ROWS/$2/g; s/WIDTH/$3/g; s/REGIONS/$1/g" "$here/regions-async.mlir" > "$work/a.mlir"
  "$llvm/bin/mlir-opt" "$work/a.mlir" -o "$work/a.llvm.mlir" --pass-pipeline="builtin.module(async-parallel-for{num-workers=$4 min-task-size=1},convert-linalg-to-loops,async-to-async-runtime,func.func(async-runtime-ref-counting,async-runtime-ref-counting-opt),convert-async-to-llvm,convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,convert-to-llvm,reconcile-unrealized-casts)"
  "$llvm/bin/mlir-runner" -O3 "$work/a.llvm.mlir" -e main -entry-point-result=void \
    -shared-libs="$llvm/lib/libmlir_async_runtime.so,$llvm/lib/libmlir_c_runner_utils.so,$llvm/lib/libmlir_runner_utils.so" \
    | python3 -c "import sys; print('%.3f' % float(sys.stdin.read().split()[0]))"
}

printf "%-28s %-8s %12s %12s\n" "work per region" runtime "1 thread" "$threads threads"
for shape in "2000 2 64" "2000 64 1024" "20 2048 2048"; do
  set -- $shape
  label="$1 x ${2}x$3 f32"
  printf "%-28s %-8s %12s %12s\n" "$label" ours "$(ours "$1" "$2" "$3" 1)" "$(ours "$1" "$2" "$3" "$threads")"
  printf "%-28s %-8s %12s %12s\n" "" libgomp "$(OMP_NUM_THREADS=1 "$work/gomp" "$@")" "$(OMP_NUM_THREADS=$threads "$work/gomp" "$@")"
  if [ "$have_libomp" = 1 ]; then
    printf "%-28s %-8s %12s %12s\n" "" libomp "$(OMP_NUM_THREADS=1 "$work/omp" "$@")" "$(OMP_NUM_THREADS=$threads "$work/omp" "$@")"
  fi
  printf "%-28s %-8s %12s %12s\n" "" async "$(async "$1" "$2" "$3" 1)" "$(async "$1" "$2" "$3" "$threads")"
done
echo "(microseconds per parallel region, best of 5 runs of all regions)"
