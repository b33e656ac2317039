#!/usr/bin/env bash
# The GPU checks of issue 17 in one run, on a machine with an NVIDIA GPU:
#   1. every JAX example and check file with xla-run --device=gpu
#      (test/Inputs/gpu_run_all.sh device, 8 files at once);
#   2. compute-sanitizer memcheck on every JAX example and on the block-tiled
#      and tensor-core kernels of test/Execution/gpu-block-tiles.mlir
#      (kernels' out-of-bounds, misaligned or host-address accesses), if
#      compute-sanitizer is there;
#   3. bench/gpu_bench.py (PyTorch as the baseline where importable); with
#      COMPARE=1 also with the GPU passes of an earlier session off
#      (--no-gpu-block-tiles --no-gpu-vector-access, and bf16 with
#      --no-gpu-tensor-cores), in the same run;
#   4. buffers: five benchmarks with --no-gpu-device-buffers (arguments and
#      results in managed memory), to compare with step 3's;
#   5. block-reductions: xla-gpu-block-reductions' check file under
#      compute-sanitizer (memcheck, racecheck, synccheck), and the reduction
#      benchmarks with --no-gpu-block-reductions (split partial results for
#      rows, a thread per output for columns), to compare with step 3's.
# Results go to $OUT (default ./gpu-check-out). bench/gpu_results.md has the
# numbers of the runs on an H100 and an H200.
#
#   XLA_RUN=target/release/xla-run bash bench/gpu_device_check.sh [all|sweep|sanitize|bench|buffers|block-reductions]
set -u
export PYTHONUNBUFFERED=1
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
OUT=${OUT:-$root/gpu-check-out}
mkdir -p "$OUT"
real=${XLA_RUN:-$root/target/release/xla-run}
[ -x "$real" ] || { echo "gpu_device_check: no xla-run at $real (cargo build --release, or XLA_RUN=PATH)"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
# gpu_run_all.sh calls `xla-run`: a wrapper that bounds every run.
wrap=$(mktemp -d)
printf '#!/bin/sh\nexec timeout 90 %s "$@"\n' "$real" > "$wrap/xla-run" && chmod +x "$wrap/xla-run"
export PATH=$wrap:$PATH
step=${1:-all}
if [ "$step" = all ] || [ "$step" = sweep ]; then
  start=$(date +%s)
  GPU_RUN_JOBS=${JOBS:-8} timeout "${SWEEP_LIMIT:-600}" bash test/Inputs/gpu_run_all.sh device test/examples test/Execution "$OUT/sweep" > "$OUT/sweep.log" 2>&1
  echo "sweep: exit $? in $(( $(date +%s) - start )) s"
  tail -n 40 "$OUT/sweep.log" | cut -c1-300
fi
if [ "$step" = all ] || [ "$step" = sanitize ]; then
  sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
  if [ -z "$sanitizer" ]; then
    echo "sanitize: skipped (no compute-sanitizer)"
  else
    mkdir -p "$OUT/sanitize"
    for source in test/examples/*.mlir; do echo "$source"; done |
      timeout "${SAN_LIMIT:-600}" xargs -P 8 -I{} sh -c 'n=$(basename {} .mlir); ins=$(ls test/examples/$n.in*.npy 2>/dev/null | sort -V | sed "s/^/--input /"); '"$sanitizer"' --tool memcheck --error-exitcode 9 '"$real"' {} --device=gpu $ins > '"$OUT"'/sanitize/$n.log 2>&1; echo "$n $?"' > "$OUT/sanitize.txt"
    echo "sanitize: $(wc -l < "$OUT/sanitize.txt") examples, nonzero exits: $(awk '$2 != 0' "$OUT/sanitize.txt" | tr '\n' ' ')"
    timeout 300 "$sanitizer" --tool memcheck --error-exitcode 9 "$real" --check --device=gpu test/Execution/gpu-block-tiles.mlir > "$OUT/sanitize/gpu-block-tiles.log" 2>&1
    echo "sanitize: gpu-block-tiles.mlir exit $?: $(grep -E 'passed, ' "$OUT/sanitize/gpu-block-tiles.log" | tail -n 1)"
    grep -h "ERROR SUMMARY" "$OUT"/sanitize/*.log | sort | uniq -c
  fi
fi
if [ "$step" = all ] || [ "$step" = bench ]; then
  timeout "${BENCH_LIMIT:-600}" python3 bench/gpu_bench.py --xla-run "$real" --runs 20 | tee "$OUT/bench.txt"
  if [ -n "${COMPARE:-}" ]; then
    printf '#!/bin/sh\nexec %s --no-gpu-block-tiles --no-gpu-vector-access "$@"\n' "$real" > "$wrap/off" && chmod +x "$wrap/off"
    printf '#!/bin/sh\nexec %s --no-gpu-tensor-cores "$@"\n' "$real" > "$wrap/simt" && chmod +x "$wrap/simt"
    echo "== per-thread kernels (--no-gpu-block-tiles --no-gpu-vector-access)"
    timeout "${BENCH_LIMIT:-600}" python3 bench/gpu_bench.py --xla-run "$wrap/off" --runs 20 | tee "$OUT/bench-off.txt"
    echo "== bf16 on the f32 block tiles (--no-gpu-tensor-cores)"
    timeout "${BENCH_LIMIT:-600}" python3 bench/gpu_bench.py --xla-run "$wrap/simt" --runs 20 --only bf16 | tee "$OUT/bench-simt.txt"
  fi
fi
if [ "$step" = all ] || [ "$step" = buffers ]; then
  printf '#!/bin/sh\nexec %s --no-gpu-device-buffers "$@"\n' "$real" > "$wrap/managed" && chmod +x "$wrap/managed"
  echo "== arguments and results in managed memory (--no-gpu-device-buffers)"
  timeout "${BENCH_LIMIT:-600}" python3 bench/gpu_bench.py --xla-run "$wrap/managed" --runs 20 \
    --only 'axpy|exp_tanh_64M|row_sum|matmul_2048$' | tee "$OUT/bench-managed.txt"
fi
if [ "$step" = all ] || [ "$step" = block-reductions ]; then
  echo "== xla-gpu-block-reductions: its check file under compute-sanitizer, and the reductions without it"
  sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
  if [ -n "$sanitizer" ]; then
    for tool in memcheck racecheck synccheck; do
      timeout 300 "$sanitizer" --tool $tool --error-exitcode 9 "$real" --check --device=gpu \
        test/Execution/gpu-block-reductions.mlir > "$OUT/$tool-block-reductions.log" 2>&1
      echo "$tool: exit $?: $(grep -hE 'passed, |SUMMARY' "$OUT/$tool-block-reductions.log" | tr '\n' ' ')"
    done
  fi
  printf '#!/bin/sh\nexec %s --no-gpu-block-reductions "$@"\n' "$real" > "$wrap/split" && chmod +x "$wrap/split"
  timeout "${BENCH_LIMIT:-600}" python3 bench/gpu_bench.py --xla-run "$wrap/split" --runs 20 --only 'row|col|softmax' \
    | tee "$OUT/bench-no-block-reductions.txt"
fi
rm -rf "$wrap"
