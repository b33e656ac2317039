// xla-fuse-siblings: the reductions xla-plan-fusion tagged as siblings
// (same loops, a common input read the same way, independent) become one
// linalg.generic with the results of both, after element-wise fusion.
// RUN: xla-opt %s --split-input-file --xla-cpu-fusion --report=fusion 2>%t.report | FileCheck %s
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// The pass alone, on generics tagged by hand: what it refuses and why.
// RUN: xla-opt %inputs/fuse-siblings-tagged.mlir --split-input-file --xla-fuse-siblings --report=fusion 2>%t.tagged | FileCheck %s --check-prefix=PASS
// RUN: FileCheck %s --check-prefix=PASSREPORT < %t.tagged

// A row's maximum and sum: one loop nest, two results, each from its own
// fill.
// CHECK-LABEL: func.func @sum_and_max
// CHECK: %[[M0:.+]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4xf32>)
// CHECK: %[[S0:.+]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4xf32>)
// CHECK: %[[R:.+]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x16xf32>) outs(%[[M0]], %[[S0]] : tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %[[ACC1:.+]]: f32, %[[ACC2:.+]]: f32):
// CHECK-NEXT: %[[MAX:.+]] = llvm.intr.maximum(%[[ACC1]], %[[IN]])
// CHECK-NEXT: %[[SUM:.+]] = arith.addf %[[ACC2]], %[[IN]]
// CHECK-NEXT: linalg.yield %[[MAX]], %[[SUM]]
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1
// REPORT: sibling fusion: reduce@[[L1:[0-9]+]] + reduce@[[L2:[0-9]+]] (same loops and a common input: one loop nest reads it once, not 2 times;
// REPORT: siblings fused: reduction@[[L1]] + reduction@[[L2]] (one loop nest, 2 results)
func.func @sum_and_max(%x: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  return %m, %s : tensor<4xf32>, tensor<4xf32>
}

// -----

// E[x], E[x*x] and max |x|: the square and the absolute value are fused
// into their reductions first; the three are one loop nest. The two sums
// start from equal fills (CSE made them one): each result gets its own.
// CHECK-LABEL: func.func @three_siblings
// CHECK: %[[F1:.+]] = linalg.generic
// CHECK: %[[F2:.+]] = linalg.generic
// CHECK: %[[F3:.+]] = linalg.generic
// CHECK: %[[R:.+]]:3 = linalg.generic {{.*}} ins(%arg0 : tensor<4x16xf32>) outs(%[[F1]], %[[F2]], %[[F3]] :
// CHECK: arith.addf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: math.absf
// CHECK: llvm.intr.maximum
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
// REPORT: siblings fused: reduction@{{[0-9]+}} + reduction@{{[0-9]+}} (one loop nest, 2 results)
// REPORT: siblings fused: reduction@{{[0-9]+}} + reduction@{{[0-9]+}} (one loop nest, 3 results)
func.func @three_siblings(%x: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %xx = stablehlo.multiply %x, %x : tensor<4x16xf32>
  %s2 = stablehlo.reduce(%xx init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %a = stablehlo.abs %x : tensor<4x16xf32>
  %m = stablehlo.reduce(%a init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  return %s, %s2, %m : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A row sum and a column sum (written as a row sum of the transpose) read
// x in two orders: not siblings for the planner, two loop nests.
// CHECK-LABEL: func.func @transposed
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<16x16xf32>) outs(%{{.*}} : tensor<16xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<16x16xf32>) outs(%{{.*}} : tensor<16xf32>)
// REPORT: fusion plan of @transposed
// REPORT-NOT: sibling
// REPORT: total est. bytes
func.func @transposed(%x: tensor<16x16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %c = stablehlo.reduce(%t init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %s, %c : tensor<16xf32>, tensor<16xf32>
}

// PASS-LABEL: func.func @moved
// PASS: %[[F1:.+]] = linalg.fill
// PASS: %[[F2:.+]] = linalg.fill
// PASS: %[[R:.+]]:2 = linalg.generic {{.*}} ins(%arg0 : tensor<4x16xf32>) outs(%[[F1]], %[[F2]] :
// PASS: return %[[R]]#0, %[[R]]#1
// PASSREPORT: siblings fused: reduction@1 + reduction@2 (one loop nest, 2 results)
// PASS-LABEL: func.func @other_order
// PASS-COUNT-2: linalg.generic {{.*}}reduction
// PASSREPORT: siblings not fused: reduction@3 + reduction@4: no input read the same way by both
// PASS-LABEL: func.func @dependent
// PASS-COUNT-2: linalg.generic {{.*}}reduction
// PASSREPORT: siblings not fused: reduction@5 + reduction@6: one depends on the other
// PASS-LABEL: func.func @other_loops
// PASS-COUNT-2: linalg.generic {{.*}}reduction
// PASSREPORT: siblings not fused: reduction@7 + reduction@8: different or dynamic loop ranges
// PASS-LABEL: func.func @untagged
// PASS-COUNT-2: linalg.generic {{.*}}reduction
// PASSREPORT-NOT: reduction@9
