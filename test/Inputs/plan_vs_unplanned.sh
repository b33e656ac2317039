#!/bin/sh
# Runs JAX examples with buffer assignment and with --no-buffer-plan and
# compares: usage plan_vs_unplanned.sh XLA_RUN EXAMPLES_DIR TMP NAME...
# For each NAME prints
#   NAME: R result(s) identical, match JAX
#   NAME: arena A, plan allocates Q bytes, measured peak P in K allocation(s), U not planned
# (results compared byte for byte, and with JAX's recorded outputs; Q and P
# from xla-run --report=memory: the plan and the counted heap of the run).
set -e
xla_run=$1 examples=$2 tmp=$3
shift 3
for name in "$@"; do
  inputs=""
  i=0
  while [ -f "$examples/$name.in$i.npy" ]; do inputs="$inputs --input $examples/$name.in$i.npy"; i=$((i + 1)); done
  expects=""
  i=0
  while [ -f "$examples/$name.expected$i.npy" ]; do expects="$expects --expect $examples/$name.expected$i.npy"; i=$((i + 1)); done
  rm -rf "$tmp/$name.planned" "$tmp/$name.unplanned"
  "$xla_run" "$examples/$name.mlir" $inputs --output-dir "$tmp/$name.planned" --report=memory 2> "$tmp/$name.report"
  "$xla_run" "$examples/$name.mlir" $inputs --output-dir "$tmp/$name.unplanned" --no-buffer-plan
  count=0
  for out in "$tmp/$name.planned"/out_*.npy; do
    cmp "$out" "$tmp/$name.unplanned/$(basename "$out")"
    count=$((count + 1))
  done
  "$xla_run" "$examples/$name.mlir" $inputs $expects > /dev/null
  echo "$name: $count result(s) identical, match JAX"
  arena=$(sed -n 's/^memory plan of @main: arena \([0-9]*\) bytes.*/\1/p' "$tmp/$name.report")
  asks=$(sed -n 's/^memory plan of @main: .*one allocation of \([0-9]*\) bytes.*/\1/p' "$tmp/$name.report")
  unplanned=$(sed -n 's/^memory plan of @main: .*, \([0-9]*\) not planned$/\1/p' "$tmp/$name.report")
  peak=$(sed -n 's/^memory measured: peak \([0-9]*\) bytes live, \([0-9]*\) allocation.*/\1/p' "$tmp/$name.report")
  allocations=$(sed -n 's/^memory measured: peak \([0-9]*\) bytes live, \([0-9]*\) allocation.*/\2/p' "$tmp/$name.report")
  echo "$name: arena $arena, plan allocates $asks bytes, measured peak $peak in $allocations allocation(s), $unplanned not planned"
done
