// RUN: xla-opt %s --contraction-lanes 16 --xla-contraction-kernels --mlir-print-debuginfo | FileCheck %s

// The kernel's ops carry the location of the contraction they replace (so
// that a diagnostic or a profile of the kernel points at the source op);
// the factor's fused ops, cloned into the kernel, keep their own. Nothing
// points into text the pass made up (the kernels were once parsed from
// text, and their ops located in it: loc("-":LINE:COL)).
// CHECK-NOT: loc("-"
// CHECK-LABEL: func.func @located(
// CHECK: %c0 = arith.constant 0 : index loc([[KERNEL:#loc[0-9]*]])
// CHECK: scf.parallel
// CHECK: arith.constant dense<{{.*}}> : vector<16xi1> loc([[KERNEL]])
// CHECK: vector.maskedload {{.*}} loc([[KERNEL]])
// CHECK: scf.for {{.*}} iter_args(
// CHECK: vector.load {{.*}} loc([[KERNEL]])
// CHECK: memref.load {{.*}} loc([[KERNEL]])
// CHECK: arith.maximumf {{.*}} loc([[RELU:#loc[0-9]*]])
// CHECK: vector.broadcast {{.*}} loc([[KERNEL]])
// CHECK: vector.fma {{.*}} loc([[KERNEL]])
// CHECK: scf.yield {{.*}} loc([[KERNEL]])
// CHECK: } loc([[KERNEL]])
// CHECK: vector.maskedstore {{.*}} loc([[KERNEL]])
// CHECK: scf.reduce loc([[KERNEL]])
// CHECK: } loc([[KERNEL]])
// CHECK-NOT: linalg.generic
// CHECK-DAG: [[KERNEL]] = loc("the_contraction")
// CHECK-DAG: [[RELU]] = loc("the_relu")
// CHECK-NOT: loc("-"
#lhs = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @located(%a: memref<3x3xf32>, %b: memref<3x20xf32>, %c: memref<3x20xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<3x3xf32>, memref<3x20xf32>) outs(%c : memref<3x20xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %relu = arith.maximumf %x, %zero : f32 loc("the_relu")
    %p = arith.mulf %relu, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } loc("the_contraction")
  return
}
