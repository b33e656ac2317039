#!/usr/bin/env bash
# Runs every JAX example and every self-checking execution test with
# `xla-run --device=gpu`. Prints one line per failure and "N passed, N failed".
#
# Usage: gpu_run_all.sh device|mock EXAMPLES_DIR EXECUTION_DIR WORK_DIR
#
# device: on a real GPU. Examples must match JAX's outputs (integers and
#   booleans exactly; floats within atol 1e-4 + rtol 1e-4, which allows for
#   libdevice's math functions); a check file must end with the same
#   "N passed, N failed" line as on the CPU (some files contain expectations
#   that fail on purpose).
# mock: with $XLA_LIBCUDA pointing at mock_libcuda.so, which runs no kernel.
#   Result values are meaningless; what is checked is the host side: every
#   program compiles for the GPU, its host code is JIT-compiled, loads its
#   kernel modules, launches, exits cleanly, and frees every allocation and
#   module it made.
#
# $GPU_RUN_JOBS (default 1) files run at once.
set -u
mode=$1
examples=$2
execution=$3
work=$4
jobs_at_once=${GPU_RUN_JOBS:-1}
mkdir -p "$work"
results=$work/results
: >"$results"

balanced() { # the mock's final report: allocations == frees, loads == unloads
  grep -Eq "mock-cuda: ([0-9]+) allocations, \1 frees, ([0-9]+) module loads, \2 unloads" "$1"
}

example() {
  source=$1
  name=$(basename "$source" .mlir)
  inputs=$(ls "$examples/$name".in*.npy 2>/dev/null | sort -V | sed 's/^/--input /')
  if [ "$mode" = device ]; then
    expected=$(ls "$examples/$name".expected*.npy | sort -V | sed 's/^/--expect /')
    # shellcheck disable=SC2086
    if ! xla-run "$source" --device=gpu $inputs $expected --atol 1e-4 --rtol 1e-4 >"$work/$name.out" 2>&1; then
      echo "FAIL $name: $(grep -v ': matches' "$work/$name.out" | tr '\n' ' ' | head -c 400)" >>"$results"
      return
    fi
  else
    # shellcheck disable=SC2086
    if ! xla-run "$source" --device=gpu $inputs >/dev/null 2>"$work/$name.err" || ! balanced "$work/$name.err"; then
      echo "FAIL $name: $(grep -v 'mock-cuda: l' "$work/$name.err" | tr '\n' ' ' | head -c 400)" >>"$results"
      return
    fi
  fi
  echo "PASS $name" >>"$results"
}

check_file() {
  source=$1
  grep -q "RUN: xla-run --check" "$source" || return
  # Programs over several devices run on the CPU only (xla-run refuses
  # them on the GPU), so their files are not part of the GPU runs.
  grep -Eq "mhlo\.num_(partitions|replicas) = ([2-9]|[1-9][0-9])" "$source" && return
  name=$(basename "$source" .mlir)
  split=
  grep -q "RUN: xla-run --check --split-input-file" "$source" && split=--split-input-file
  if [ "$mode" = device ]; then
    cpu=$(xla-run --check $split "$source" 2>/dev/null | tail -n 1)
    gpu=$(xla-run --check $split --device=gpu "$source" 2>"$work/$name.err" | tee "$work/$name.out" | tail -n 1)
    if [ "$cpu" != "$gpu" ]; then
      echo "FAIL $name: CPU '$cpu', GPU '$gpu': $(grep error "$work/$name.out" "$work/$name.err" | head -n 5 | tr '\n' ' ' | head -c 600)" >>"$results"
      return
    fi
  else
    xla-run --check $split --device=gpu "$source" >"$work/$name.out" 2>"$work/$name.err"
    status=$?
    if [ $status -gt 1 ] || grep -q "failed to run" "$work/$name.err" || ! balanced "$work/$name.err"; then
      echo "FAIL $name (status $status): $(grep -v 'mock-cuda: l' "$work/$name.err" | grep -v '^mock-cuda' | head -n 5 | tr '\n' ' ' | head -c 600)" >>"$results"
      return
    fi
  fi
  echo "PASS $name" >>"$results"
}

# Runs "$@" in the background once fewer than $jobs_at_once jobs are running.
spawn() {
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n; done
  "$@" &
}

for source in "$examples"/*.mlir; do spawn example "$source"; done
for source in "$execution"/*.mlir; do spawn check_file "$source"; done
wait
grep '^FAIL' "$results"
echo "$(grep -c '^PASS' "$results") passed, $(grep -c '^FAIL' "$results") failed"
