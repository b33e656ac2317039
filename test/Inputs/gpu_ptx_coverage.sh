#!/usr/bin/env bash
# Compiles every JAX example and every argument-less check function of the
# execution tests (instrumented as by xla-run --check) through the GPU
# pipeline to PTX, and assembles every PTX module with ptxas. Prints one line
# per failure and three summaries. Usage:
#   gpu_ptx_coverage.sh EXAMPLES_DIR EXECUTION_DIR WORK_DIR PTXAS [ARCH]
set -u
examples=$1
execution=$2
work=$3
ptxas=$4
arch=${5:-sm_90}
rm -rf "$work"
mkdir -p "$work/examples" "$work/checks"

compiled=0
failed=0
for source in "$examples"/*.mlir; do
  name=$(basename "$source" .mlir)
  if xla-translate --emit=ptx --gpu-arch="$arch" "$source" -o "$work/examples/$name.ptx" >/dev/null 2>"$work/$name.err"; then
    compiled=$((compiled + 1))
  else
    echo "FAIL example $name: $(head -c 300 "$work/$name.err")"
    failed=$((failed + 1))
  fi
done
echo "examples: $compiled compiled, $failed failed"

compiled=0
failed=0
for source in $(grep -l 'check\.expect' "$execution"/*.mlir); do
  name=$(basename "$source" .mlir)
  xla-translate --emit=ptx --gpu-arch="$arch" --checks --split-input-file "$source" -o "$work/checks/$name.ptx" \
    >"$work/$name.out" 2>"$work/$name.err"
  summary=$(tail -n 1 "$work/$name.out")
  if [[ $summary =~ ^([0-9]+)\ compiled,\ ([0-9]+)\ failed$ ]]; then
    compiled=$((compiled + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
    [[ ${BASH_REMATCH[2]} == 0 ]] || echo "FAIL checks of $name: $(head -c 300 "$work/$name.err")"
  else
    echo "FAIL checks of $name: $(head -c 300 "$work/$name.err")"
    failed=$((failed + 1))
  fi
done
echo "check functions: $compiled compiled, $failed failed"

modules=0
rejected=0
for ptx in "$work"/examples/*.ptx "$work"/checks/*.ptx; do
  modules=$((modules + 1))
  if ! "$ptxas" -arch="$arch" "$ptx" -o "$work/module.cubin" 2>"$work/ptxas.err"; then
    echo "FAIL ptxas $(basename "$ptx"): $(head -c 300 "$work/ptxas.err")"
    rejected=$((rejected + 1))
  fi
done
echo "ptxas: $modules modules, $rejected rejected"
