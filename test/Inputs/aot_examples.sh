#!/usr/bin/env bash
# Compiles every JAX example ahead of time (xla-translate --emit=aot), builds
# the generic C driver (aot_driver.c) against each header, runs it on the
# example's inputs and compares with JAX's outputs. Prints one line per
# failure and a final "N passed, N failed". Usage: aot_examples.sh EXAMPLES_DIR WORK_DIR
set -u
examples=$1
work=$2
driver=$(dirname "${BASH_SOURCE[0]}")/aot_driver.c
mkdir -p "$work"
passed=0
failed=0
for source in "$examples"/*.mlir; do
  name=$(basename "$source" .mlir)
  symbol=aot_$name
  upper=$(echo "$symbol" | tr a-z A-Z)
  if ! xla-translate --emit=aot "$source" -o "$work/$symbol" 2>"$work/$name.err"; then
    echo "FAIL $name: xla-translate: $(head -c 300 "$work/$name.err")"
    failed=$((failed + 1))
    continue
  fi
  if ! cc -std=c11 -Wall -Wextra -Werror -include "$work/$symbol.h" -DAOT_NAME="$symbol" -DAOT_UPPER="$upper" \
      "$driver" "$work/$symbol.o" -lm -o "$work/$symbol.exe" 2>"$work/$name.err"; then
    echo "FAIL $name: cc: $(head -c 300 "$work/$name.err")"
    failed=$((failed + 1))
    continue
  fi
  inputs=$(ls "$examples/$name".in*.npy 2>/dev/null | sort -V)
  expected=$(ls "$examples/$name".expected*.npy | sort -V)
  # shellcheck disable=SC2086
  if ! "$work/$symbol.exe" $inputs --expect $expected >"$work/$name.out" 2>&1; then
    echo "FAIL $name: $(tr '\n' ' ' < "$work/$name.out" | head -c 300)"
    failed=$((failed + 1))
    continue
  fi
  passed=$((passed + 1))
done
echo "$passed passed, $failed failed"
