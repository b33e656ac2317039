// chlo.scan and chlo.scaled_dot on the GPU path (after their decomposition
// into StableHLO): the scan is a host scf.while whose steps slice, add and
// update rows in kernels; scaled_dot's scaled operands are computed once,
// in kernels of their own (the bf16 products rounded to bf16: the fusion
// planner does not recompute a producer inside a contraction, once per
// output column), then the dot kernel's FMAs in f32.
// RUN: xla-opt %s --xla-gpu-kernels | FileCheck %s
// RUN: xla-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: func.func @cumsum_rows
// CHECK: scf.while
// CHECK: scf.condition
// CHECK: } do {
// CHECK: gpu.launch
// CHECK: arith.addf
// CHECK: gpu.terminator
// CHECK: scf.yield

// CHECK-LABEL: func.func @scaled_dot
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32)
// CHECK: arith.mulf {{.*}} : f32
// CHECK: arith.addf {{.*}} fastmath<reassoc,contract> : f32
// CHECK-NOT: chlo.

// PTX: // gpu.binary @cumsum_rows_kernel
// PTX: .visible .entry cumsum_rows_kernel(
// PTX: add.rn.f32
// PTX: // gpu.binary @scaled_dot_kernel
// PTX: .visible .entry scaled_dot_kernel(
// PTX: ld.global.v4.b16
// PTX: mul.rn.f32
// PTX: st.global.v4.b16
// PTX: fma.rn.f32
// PTX: st.global.b32

func.func @cumsum_rows(%x: tensor<64x128xf32>) -> (tensor<64x128xf32>, tensor<128xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<128xf32>
  %0:2 = chlo.scan(%x) inits(%zero) dimension = 0 {
  ^bb0(%e: tensor<128xf32>, %c: tensor<128xf32>):
    %s = stablehlo.add %c, %e : tensor<128xf32>
    stablehlo.return %s, %s : tensor<128xf32>, tensor<128xf32>
  } : (tensor<64x128xf32>, tensor<128xf32>) -> (tensor<64x128xf32>, tensor<128xf32>)
  return %0#0, %0#1 : tensor<64x128xf32>, tensor<128xf32>
}
func.func @scaled_dot(%l: tensor<64x256xbf16>, %ls: tensor<64x8xbf16>, %r: tensor<256x32xbf16>, %rs: tensor<8x32xbf16>) -> tensor<64x32xf32> {
  %0 = "chlo.scaled_dot"(%l, %ls, %r, %rs) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<64x256xbf16>, tensor<64x8xbf16>, tensor<256x32xbf16>, tensor<8x32xbf16>) -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}
