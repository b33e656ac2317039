// A function whose results are the same SSA value, directly or after CSE
// merges two identical computations (on i1, add and maximum are both `or`).
// RUN: xla-opt %s --xla-cpu-pipeline | FileCheck %s --check-prefix=LLVM
// LLVM: llvm.func @same_twice
// LLVM: llvm.func @pred_add_max
// RUN: xla-run %s --entry same_twice --input '2xi32=[1,2]' | FileCheck %s --check-prefix=SAME
// SAME: result[0]: tensor<2xi32> = [2, 4]
// SAME-NEXT: result[1]: tensor<2xi32> = [2, 4]
// RUN: xla-run %s --entry pred_add_max --input '4xi1=[true,true,false,false]' --input '4xi1=[true,false,true,false]' \
// RUN:   | FileCheck %s --check-prefix=PRED
// PRED: result[0]: tensor<4xi1> = [true, true, true, false]
// PRED-NEXT: result[1]: tensor<4xi1> = [true, true, true, false]

func.func @same_twice(%a: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %0 = stablehlo.add %a, %a : tensor<2xi32>
  return %0, %0 : tensor<2xi32>, tensor<2xi32>
}

func.func @pred_add_max(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.add %a, %b : tensor<4xi1>
  %1 = stablehlo.maximum %a, %b : tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}
