// Reductions on the GPU: one thread per output element, which accumulates
// its reduction sequentially in a register (the output is loaded once and
// stored once); the output is first initialised by its own kernel. A
// reduction to a scalar has no parallel dimension: it stays a host loop.
// RUN: xla-opt %s --xla-gpu-kernels | FileCheck %s
// RUN: xla-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX

// Row sums: the initial values stored 4 per thread (xla-gpu-vector-access),
// then 8 threads, each over a row of 128.
// CHECK-LABEL: func.func @rows
// CHECK: gpu.launch
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<8xf32>, vector<4xf32>
// CHECK: gpu.terminator
// CHECK: gpu.launch {{.*}} threads(%[[TX:[a-z0-9_]+]], {{.*}}) in (%{{[a-z0-9_]+}} = %c32
// CHECK: %[[N:.*]] = arith.constant 8 : i32
// CHECK: arith.cmpi ult, %{{.*}}, %[[N]] : i32
// CHECK: scf.if
// CHECK: %[[INIT:.*]] = memref.load %[[OUT:.*]][%[[TX]]] : memref<8xf32>
// CHECK: %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[TX]], %[[K]]] : memref<8x128xf32>
// CHECK: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[X]] fastmath<reassoc,contract> : f32
// CHECK: scf.yield %[[NEXT]] : f32
// CHECK: memref.store %[[SUM]], %[[OUT]][%[[TX]]] : memref<8xf32>

// Column maxima: 128 threads; neighbouring threads read neighbouring
// elements of each row (coalesced).
// CHECK-LABEL: func.func @columns
// CHECK: gpu.launch
// CHECK: gpu.launch {{.*}} threads(%[[TX:[a-z0-9_]+]], {{.*}}) in (%{{[a-z0-9_]+}} = %c128,
// CHECK-NOT: scf.if
// CHECK: scf.for %[[K:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[K]], %[[TX]]] : memref<8x128xf32>
// CHECK: llvm.intr.maximum(%[[ACC]], %[[X]])

// The scalar sum of 1024 elements: 32 threads each sum every 32nd element
// from -0.0 (neighbouring threads, neighbouring elements) into a partial
// buffer; one thread then adds the partial sums to the initial value.
// CHECK-LABEL: func.func @all
// CHECK: %[[PARTIAL:.*]] = memref.alloc() : memref<32xf32>
// CHECK: gpu.launch {{.*}} threads(%[[TX:[a-z0-9_]+]], {{.*}}) in (%{{[a-z0-9_]+}} = %c32,
// CHECK: %[[ZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[SUM:.*]] = scf.for %[[N:.*]] = %[[TX]] to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// CHECK: %[[COL:.*]] = arith.remui %[[N]], %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.divui %[[N]], %{{.*}} : index
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[ROW]], %[[COL]]] : memref<8x128xf32>
// CHECK: arith.addf %[[ACC]], %[[X]] fastmath<reassoc,contract> : f32
// CHECK: memref.store %[[SUM]], %[[PARTIAL]][%[[TX]]] : memref<32xf32>
// CHECK: gpu.launch
// CHECK: %[[INIT:.*]] = memref.load %[[OUT:.*]][] : memref<f32>
// CHECK: %[[TOTAL:.*]] = scf.for %[[S:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK: %[[P:.*]] = memref.load %[[PARTIAL]][%[[S]]] : memref<32xf32>
// CHECK: arith.addf %[[ACC]], %[[P]] fastmath<reassoc,contract> : f32
// CHECK: memref.store %[[TOTAL]], %[[OUT]][] : memref<f32>
// CHECK: memref.dealloc %[[PARTIAL]] : memref<32xf32>
// CHECK: return

// PTX: .visible .entry rows_kernel(
// PTX: .visible .entry rows_kernel(
// PTX: ld.global.b32 [[INIT:%r[0-9]+]]
// PTX: $L__BB0_2:
// PTX: ld.global.b32
// PTX: add.f32
// PTX: @%p{{[0-9]+}} bra $L__BB0_2;
// PTX: st.global.b32
// PTX: .visible .entry columns_kernel(
// PTX: .visible .entry columns_kernel(
// PTX: max.NaN.f32
// PTX: .visible .entry all_kernel(
// PTX: .visible .entry all_kernel(

func.func @rows(%x: tensor<8x128xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @columns(%x: tensor<8x128xf32>) -> tensor<128xf32> {
  %zero = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.maximum across dimensions = [0] : (tensor<8x128xf32>, tensor<f32>) -> tensor<128xf32>
  return %0 : tensor<128xf32>
}
func.func @all(%x: tensor<8x128xf32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
