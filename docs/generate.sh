#!/usr/bin/env bash
# Regenerates the op reference in docs/ops/ from the ODS definitions
# (mlir-tblgen -gen-dialect-doc). Run from anywhere:
#   bash docs/generate.sh            # writes docs/ops/*.md
#   OUT=/tmp/x bash docs/generate.sh # writes elsewhere (the lit test compares)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tblgen="${MLIR_TBLGEN:-/usr/lib/llvm-22/bin/mlir-tblgen}"
includes=(-I "$root/dialects/include" -I /usr/lib/llvm-22/include)
td="$root/dialects/include/xla/Dialect"
out="${OUT:-$root/docs/ops}"
mkdir -p "$out"
gen() { # dialect td output
  "$tblgen" -gen-dialect-doc -dialect="$1" "${includes[@]}" "$2" > "$3"
}
gen stablehlo "$td/StableHLO/StablehloOps.td" "$out/stablehlo.md"
gen chlo "$td/CHLO/ChloOps.td" "$out/chlo.md"
gen check "$td/Check/CheckOps.td" "$out/check.md"
echo "docs/ops: $(grep -c '^### `' "$out/stablehlo.md") stablehlo, $(grep -c '^### `' "$out/chlo.md") chlo, $(grep -c '^### `' "$out/check.md") check ops"
