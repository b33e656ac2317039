// chlo.scan round trip: StableHLO's syntax (inits, dimension, the optional
// attributes after `attributes`), through the custom and generic printers.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// A cumulative sum: one input, one carry, the carry is also the output.
// CHECK-LABEL: func.func @cumsum
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32>, %[[I:.*]]: tensor<i32>)
func.func @cumsum(%x: tensor<4xi32>, %init: tensor<i32>) -> (tensor<4xi32>, tensor<i32>) {
  // CHECK-NEXT: %[[R:.*]]:2 = chlo.scan(%[[X]]) inits(%[[I]]) dimension = 0 {
  // CHECK-NEXT: ^bb0(%[[E:.*]]: tensor<i32>, %[[C:.*]]: tensor<i32>):
  // CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[E]], %[[C]] : tensor<i32>
  // CHECK-NEXT: stablehlo.return %[[S]], %[[S]] : tensor<i32>, tensor<i32>
  // CHECK-NEXT: } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%e: tensor<i32>, %c: tensor<i32>):
    %1 = stablehlo.add %e, %c : tensor<i32>
    stablehlo.return %1, %1 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4xi32>, tensor<i32>
}

// Reverse, associative, along dimension 1, two inputs and two carries of
// other types, one output of yet another shape.
// CHECK-LABEL: func.func @forms
func.func @forms(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>, %c: tensor<2xf32>, %d: tensor<i64>) -> tensor<2x3x5xbf16> {
  // CHECK: chlo.scan(%{{.*}}, %{{.*}}) inits(%{{.*}}, %{{.*}}) dimension = 1 attributes {is_associative = false, is_reverse = true} {
  // CHECK: } : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2xf32>, tensor<i64>) -> (tensor<2x3x5xbf16>, tensor<2xf32>, tensor<i64>)
  %0:3 = chlo.scan (%a, %b) inits (%c, %d) dimension = 1 attributes {is_reverse = true, is_associative = false} {
  ^bb0(%e: tensor<2xf32>, %f: tensor<2xi32>, %g: tensor<2xf32>, %h: tensor<i64>):
    %1 = stablehlo.add %e, %g : tensor<2xf32>
    %2 = stablehlo.convert %1 : (tensor<2xf32>) -> tensor<2xbf16>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xbf16>) -> tensor<2x5xbf16>
    stablehlo.return %3, %1, %h : tensor<2x5xbf16>, tensor<2xf32>, tensor<i64>
  } : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2xf32>, tensor<i64>) -> (tensor<2x3x5xbf16>, tensor<2xf32>, tensor<i64>)
  return %0#0 : tensor<2x3x5xbf16>
}

// is_reverse = false is the default and is not printed; no inits; an
// output only (no input) whose length the result type gives.
// CHECK-LABEL: func.func @defaults
func.func @defaults(%x: tensor<0x2xf32>, %k: tensor<f32>) -> (tensor<0x2xf32>, tensor<3xf32>, tensor<f32>) {
  // CHECK: chlo.scan(%{{.*}}) inits() dimension = 0 {
  // CHECK-NOT: attributes
  // CHECK: } : (tensor<0x2xf32>) -> tensor<0x2xf32>
  %0 = chlo.scan(%x) inits() dimension = 0 attributes {is_reverse = false} {
  ^bb0(%e: tensor<2xf32>):
    stablehlo.return %e : tensor<2xf32>
  } : (tensor<0x2xf32>) -> tensor<0x2xf32>
  // CHECK: chlo.scan() inits(%{{.*}}) dimension = 0 {
  // CHECK: } : (tensor<f32>) -> (tensor<3xf32>, tensor<f32>)
  %1:2 = chlo.scan() inits(%k) dimension = 0 {
  ^bb0(%c: tensor<f32>):
    %2 = stablehlo.add %c, %c : tensor<f32>
    stablehlo.return %2, %2 : tensor<f32>, tensor<f32>
  } : (tensor<f32>) -> (tensor<3xf32>, tensor<f32>)
  return %0, %1#0, %1#1 : tensor<0x2xf32>, tensor<3xf32>, tensor<f32>
}
