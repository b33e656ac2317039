// Upstream MLIR passes are xla-opt flags of their own, as in mlir-opt, and
// run in command-line order with ours; a pass restricted to func.func is
// nested under it.
// RUN: xla-opt --cse --canonicalize %s | FileCheck %s --check-prefix=CSE
// RUN: xla-opt --stablehlo-legalize-to-linalg --one-shot-bufferize=bufferize-function-boundaries=1 --convert-linalg-to-loops %s | FileCheck %s --check-prefix=LOOPS
// The same passes in another order: loops before bufferization leave the
// linalg op on tensors.
// RUN: xla-opt --stablehlo-legalize-to-linalg --convert-linalg-to-loops --one-shot-bufferize=bufferize-function-boundaries=1 %s | FileCheck %s --check-prefix=ORDER
// RUN: not xla-opt --one-shot-bufferize=no-such-option=1 %s 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not xla-opt --no-such-pass %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// CSE-LABEL: func.func @twice
// CSE: %[[SUM:.*]] = stablehlo.add %arg0, %arg0
// CSE-NOT: stablehlo.add
// CSE: stablehlo.multiply %[[SUM]], %[[SUM]]

// LOOPS-LABEL: func.func @twice
// LOOPS: scf.for
// LOOPS: arith.addf
// LOOPS-NOT: linalg.generic

// ORDER-LABEL: func.func @twice
// ORDER: linalg.generic
// ORDER-NOT: scf.for

// BADOPT: xla-opt: error: invalid options of --one-shot-bufferize: {{.*}}no-such-option
// UNKNOWN: unexpected argument '--no-such-pass'
func.func @twice(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  %1 = stablehlo.add %a, %a : tensor<4xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
