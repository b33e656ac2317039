// chlo.minimum_broadcast_shapes, executed: the expected shapes worked out
// by hand from the op's definition (ChloOps.td: each result a reshape of
// its operand, their broadcast a reshape of the operands' broadcast, each
// of minimal rank); the walks are written out at each case.

// RUN: xla-run --check --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: 12 passed, 0 failed

// The op description's example. Right-aligned: [1,2,3,1,2,1] / [1,1,1,2,3];
// dims 2 and 3 are broadcast in b only -> 6; dim 4 is 1 in both (dropped);
// dim 5 (2, 2) neither; dim 6 (1, 3) a only. a = [6, 2, 1], b = [2, 3].
func.func @description_example() {
  %a = arith.constant dense<[1, 2, 3, 1, 2, 1]> : tensor<6xindex>
  %b = arith.constant dense<[1, 1, 1, 2, 3]> : tensor<5xindex>
  %r:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<6xindex>, tensor<5xindex> -> tensor<3xindex>, tensor<2xindex>
  check.expect_eq_const %r#0, dense<[6, 2, 1]> : tensor<3xindex>
  check.expect_eq_const %r#1, dense<[2, 3]> : tensor<2xindex>
  return
}

// -----

// Equal shapes: no dimension is broadcast, everything merges: [6], [6].
func.func @equal_shapes() {
  %a = arith.constant dense<[2, 3]> : tensor<2xindex>
  %r:2 = chlo.minimum_broadcast_shapes %a, %a : tensor<2xindex>, tensor<2xindex> -> tensor<1xindex>, tensor<1xindex>
  check.expect_eq_const %r#0, dense<[6]> : tensor<1xindex>
  check.expect_eq_const %r#1, dense<[6]> : tensor<1xindex>
  return
}

// -----

// [4, 1, 5] / [5]: the 1 in the middle is 1 in both (dropped), 4 is
// broadcast in b: a = [4, 5], b = [5].
func.func @middle_one() {
  %a = arith.constant dense<[4, 1, 5]> : tensor<3xindex>
  %b = arith.constant dense<[5]> : tensor<1xindex>
  %r:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<3xindex>, tensor<1xindex> -> tensor<2xindex>, tensor<1xindex>
  check.expect_eq_const %r#0, dense<[4, 5]> : tensor<2xindex>
  check.expect_eq_const %r#1, dense<[5]> : tensor<1xindex>
  return
}

// -----

// Sizes that do not broadcast (2 vs 4): the shapes come back unchanged.
func.func @incompatible() {
  %a = arith.constant dense<[2, 3]> : tensor<2xindex>
  %b = arith.constant dense<[4, 3]> : tensor<2xindex>
  %r:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>, tensor<2xindex>
  check.expect_eq_const %r#0, dense<[2, 3]> : tensor<2xindex>
  check.expect_eq_const %r#1, dense<[4, 3]> : tensor<2xindex>
  return
}

// -----

// Three shapes, each dimension broadcast in a different set: nothing merges,
// only b's leading 1 goes. [3, 1], [1, 4], [3, 4] -> [3, 1], [4], [3, 4].
func.func @three_shapes() {
  %a = arith.constant dense<[3, 1]> : tensor<2xindex>
  %b = arith.constant dense<[1, 4]> : tensor<2xindex>
  %c = arith.constant dense<[3, 4]> : tensor<2xindex>
  %r:3 = chlo.minimum_broadcast_shapes %a, %b, %c : tensor<2xindex>, tensor<2xindex>, tensor<2xindex>
      -> tensor<2xindex>, tensor<1xindex>, tensor<2xindex>
  check.expect_eq_const %r#0, dense<[3, 1]> : tensor<2xindex>
  check.expect_eq_const %r#1, dense<[4]> : tensor<1xindex>
  check.expect_eq_const %r#2, dense<[3, 4]> : tensor<2xindex>
  return
}

// -----

// A scalar's shape ([]) with [2, 3, 1, 2]: b's trailing 1 is 1 in both,
// the rest merges: [] and [12]. The second shape is computed at run time
// (tensor.from_elements of sizes from get_dimension_size).
func.func @scalar_and_computed() {
  %x = stablehlo.constant dense<0.0> : tensor<2x3x1x2xf32>
  %a = arith.constant dense<> : tensor<0xindex>
  %d0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3x1x2xf32>) -> tensor<i32>
  %d1 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3x1x2xf32>) -> tensor<i32>
  %d2 = stablehlo.get_dimension_size %x, dim = 2 : (tensor<2x3x1x2xf32>) -> tensor<i32>
  %d3 = stablehlo.get_dimension_size %x, dim = 3 : (tensor<2x3x1x2xf32>) -> tensor<i32>
  %e0 = tensor.extract %d0[] : tensor<i32>
  %e1 = tensor.extract %d1[] : tensor<i32>
  %e2 = tensor.extract %d2[] : tensor<i32>
  %e3 = tensor.extract %d3[] : tensor<i32>
  %i0 = arith.index_cast %e0 : i32 to index
  %i1 = arith.index_cast %e1 : i32 to index
  %i2 = arith.index_cast %e2 : i32 to index
  %i3 = arith.index_cast %e3 : i32 to index
  %b = tensor.from_elements %i0, %i1, %i2, %i3 : tensor<4xindex>
  %r:2 = chlo.minimum_broadcast_shapes %a, %b : tensor<0xindex>, tensor<4xindex> -> tensor<0xindex>, tensor<1xindex>
  check.expect_eq_const %r#1, dense<[12]> : tensor<1xindex>
  return
}
