// The fusion planner's decisions, one case per fusion kind: the plan that
// `xla-opt --xla-plan-fusion` prints (stderr).
// RUN: xla-opt %s --split-input-file --xla-plan-fusion -o %t.mlir 2>&1 | FileCheck %s
// The pass keeps the program and tags each op's location with its group.
// RUN: xla-opt %s --split-input-file --xla-plan-fusion --mlir-print-debuginfo 2>/dev/null | FileCheck %s --check-prefix=TAGS

// Loop fusion: an element-wise chain is one group. Bytes moved, unfused:
// each op reads its operands and writes its result (192 + 192 + 128);
// fused: the arguments read by the group's ops (%a, %b by the add, %b by
// the multiply: 192) and the result written once (64).
// CHECK: fusion plan of @loop: 3 ops in 1 groups (1 fused)
// CHECK-NEXT: group g0 [loop]: add@{{[0-9]+}} multiply@{{[0-9]+}} negate@{{[0-9]+}}
// CHECK-NEXT: est. bytes: unfused 512, planned 256, realized 256
// TAGS-LABEL: func.func @loop
// TAGS: stablehlo.add {{.*}} loc(#[[A:loc[0-9]+]])
// TAGS: stablehlo.multiply {{.*}} loc(#[[M:loc[0-9]+]])
// TAGS: stablehlo.negate {{.*}} loc(#[[N:loc[0-9]+]])
// TAGS-DAG: #[[A]] = loc("xla.fusion.f0.g0"(
// TAGS-DAG: #[[M]] = loc("xla.fusion.f0.g0"(
// TAGS-DAG: #[[N]] = loc("xla.fusion.f0.g0"(
func.func @loop(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %0 = stablehlo.add %a, %b : tensor<16xf32>
  %1 = stablehlo.multiply %0, %b : tensor<16xf32>
  %2 = stablehlo.negate %1 : tensor<16xf32>
  return %2 : tensor<16xf32>
}

// -----

// Input fusion: the subtraction and exponential run in the loop of the sum
// (one pass over the row); the reduced max is read by a wider loop:
// refused.
// CHECK: fusion plan of @input:
// CHECK: group g{{[0-9]+}} [loop, input]: broadcast_in_dim@{{[0-9]+}} subtract@{{[0-9]+}} exponential@{{[0-9]+}} reduce@{{[0-9]+}}
// CHECK: refused: reduce@{{[0-9]+}} -> broadcast_in_dim@{{[0-9]+}}: incompatible iteration spaces
func.func @input(%x: tensor<4x16xf32>) -> tensor<4xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %d = stablehlo.subtract %x, %mb : tensor<4x16xf32>
  %e = stablehlo.exponential %d : tensor<4x16xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// Output fusion: bias and ReLU after a dot_general are planned into its
// group, which the CPU's contraction kernels realize in their epilogue (the
// realized bytes equal the planned ones; the kernels' own report lines are
// checked in test/Execution/output-fusion.mlir).
// CHECK: fusion plan of @output:
// CHECK: group g{{[0-9]+}} [loop, output]: dot_general@{{[0-9]+}} {{.*}}add@{{[0-9]+}} maximum@{{[0-9]+}}
// CHECK-NEXT: est. bytes: unfused {{[0-9]+}}, planned [[P:[0-9]+]], realized [[P]]
// CHECK: output fusion: dot_general@{{[0-9]+}} -> add@{{[0-9]+}} (in the contraction kernel's epilogue
func.func @output(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<4x16xf32>
  %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %z = stablehlo.add %y, %bb : tensor<4x16xf32>
  %r = stablehlo.maximum %z, %zero : tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// Sibling fusion: two reductions of the same input over the same dimension
// (a row's max and sum) are one loop nest: the second group does not read
// the input again (256 bytes less; 4 more are the initial value); both carry one sibling tag, by which
// xla-fuse-siblings merges them (test/Lowering/fuse-siblings.mlir).
// CHECK: fusion plan of @sibling:
// CHECK: group g{{[0-9]+}} [sibling]: reduce@{{[0-9]+}}
// CHECK-NEXT: est. bytes: unfused 276, planned 276, realized 276
// CHECK: group g{{[0-9]+}} [sibling]: reduce@{{[0-9]+}}
// CHECK-NEXT: est. bytes: unfused 276, planned 20, realized 20
// CHECK: sibling fusion: reduce@{{[0-9]+}} + reduce@{{[0-9]+}} (same loops and a common input: one loop nest reads it once, not 2 times;
// TAGS-LABEL: func.func @sibling
// TAGS: stablehlo.reduce{{.*}} loc(#[[S1:loc[0-9]+]])
// TAGS: stablehlo.reduce{{.*}} loc(#[[S2:loc[0-9]+]])
// TAGS: #[[S1]] = loc("xla.fusion.f0.s[[SET:[0-9]+]]"(
// TAGS: #[[S2]] = loc("xla.fusion.f0.s[[SET]]"(
func.func @sibling(%x: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  return %m, %s : tensor<4xf32>, tensor<4xf32>
}

// -----

// Siblings through a fused producer: E[x] and E[x * x] (a fast variance).
// The square is fused into the second sum (input fusion), whose loop then
// reads x like the first one's.
// CHECK: fusion plan of @sibling_through_producer:
// CHECK: group g{{[0-9]+}} [sibling]: reduce@{{[0-9]+}}
// CHECK: group g{{[0-9]+}} [input, sibling]: multiply@{{[0-9]+}} reduce@{{[0-9]+}}
// CHECK: sibling fusion: reduce@{{[0-9]+}} + reduce@{{[0-9]+}} (same loops and a common input: one loop nest reads it once, not 2 times;
func.func @sibling_through_producer(%x: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %xx = stablehlo.multiply %x, %x : tensor<4x16xf32>
  %s2 = stablehlo.reduce(%xx init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  return %s, %s2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Not siblings: the second reduction reads the first's result (a variance
// after the mean), or reduces other dimensions, or another input.
// CHECK: fusion plan of @not_siblings:
// CHECK-NOT: sibling
// CHECK: total est. bytes
func.func @not_siblings(%x: tensor<4x16xf32>, %y: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<4xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %d = stablehlo.subtract %x, %sb : tensor<4x16xf32>
  %v = stablehlo.reduce(%d init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %c = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x16xf32>, tensor<f32>) -> tensor<16xf32>
  %o = stablehlo.reduce(%y init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  return %s, %v, %c, %o : tensor<4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<4xf32>
}

// -----

// Duplication: a broadcast of a 64-byte vector to 256 bytes, read by two
// loops, is recomputed in each instead of written and read twice.
// CHECK: fusion plan of @duplicate: 2 ops in 2 groups (2 fused)
// CHECK-NEXT: group g{{[0-9]+}} [duplication]: add@{{[0-9]+}}
// CHECK-NEXT: recomputes: broadcast_in_dim@{{[0-9]+}}
// CHECK: group g{{[0-9]+}} [duplication]: multiply@{{[0-9]+}}
// CHECK-NEXT: recomputes: broadcast_in_dim@{{[0-9]+}}
// TAGS-LABEL: func.func @duplicate
// TAGS: stablehlo.broadcast_in_dim {{.*}} loc(#[[D:loc[0-9]+]])
// TAGS: #[[D]] = loc("xla.fusion.f0.dup"(
func.func @duplicate(%x: tensor<4x16xf32>, %v: tensor<16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %b = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %0 = stablehlo.add %x, %b : tensor<4x16xf32>
  %1 = stablehlo.multiply %x, %b : tensor<4x16xf32>
  return %0, %1 : tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

// Input fusion into a variadic reduce (JAX's argmax): the iota of indices
// runs in the reduction's loop instead of being stored (216 bytes).
// CHECK: fusion plan of @argmax:
// CHECK-NEXT: group g{{[0-9]+}} [input]: iota@{{[0-9]+}} reduce@{{[0-9]+}}
// CHECK-NEXT: est. bytes: unfused 704, planned 272, realized 272
func.func @argmax(%x: tensor<6x9xf32>) -> tensor<6xi32> {
  %iota = stablehlo.iota dim = 1 : tensor<6x9xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %zero) across dimensions = [1] : (tensor<6x9xf32>, tensor<6x9xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%i: tensor<i32>, %j: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    %k = stablehlo.select %gt, %i, %j : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  return %r#1 : tensor<6xi32>
}
