// Reductions that xla-gpu-block-reductions makes kernels whose blocks share
// outputs on the GPU (32-bit elements): rows (at least 256 outputs of at
// least 1024 elements along the contiguous dimension) one block of 256
// threads per output, combined by warp shuffles and shared memory; columns
// (at least 4096 outputs, a multiple of 32 along the contiguous dimension,
// at least 256 elements each) one block of 32 warps per 32 outputs,
// combined through shared memory. Float inputs are
// small integers, so every sum is exact in any order; each result is
// compared with the same reduction in f64 or i64, which the pass leaves
// alone (64-bit elements). Shapes: a whole number of 256-wide rounds per
// row and not (1500), two reduced dimensions, three dimensions, a fused
// producer, initial values that are not the identity, a NaN row, integer
// wrap-around, a softmax; columns with and without whole rounds of 32, over
// two leading dimensions with a NaN. On the CPU this is one more reduction
// test; on a device (the sweep of test/GPU/execute.test) it is the check of
// those kernels, which the host-loop emulation cannot run (barriers, shared
// memory, shuffles); execute.test also runs it with
// --no-gpu-block-reductions.

// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}10 passed, 0 failed

// Values (3i + 7j) mod 13 - 6, as f32 and f64.
func.func private @ints_512x2048() -> tensor<512x2048xi32> {
  %i = stablehlo.iota dim = 0 : tensor<512x2048xi32>
  %j = stablehlo.iota dim = 1 : tensor<512x2048xi32>
  %three = stablehlo.constant dense<3> : tensor<512x2048xi32>
  %seven = stablehlo.constant dense<7> : tensor<512x2048xi32>
  %a = stablehlo.multiply %i, %three : tensor<512x2048xi32>
  %b = stablehlo.multiply %j, %seven : tensor<512x2048xi32>
  %s = stablehlo.add %a, %b : tensor<512x2048xi32>
  %thirteen = stablehlo.constant dense<13> : tensor<512x2048xi32>
  %six = stablehlo.constant dense<6> : tensor<512x2048xi32>
  %r = stablehlo.remainder %s, %thirteen : tensor<512x2048xi32>
  %v = stablehlo.subtract %r, %six : tensor<512x2048xi32>
  return %v : tensor<512x2048xi32>
}

// Row sums of 512x2048 f32 into 0.5 (8 rounds of 256 per row).
func.func @sum_rows() {
  %v = func.call @ints_512x2048() : () -> tensor<512x2048xi32>
  %xf = stablehlo.convert %v : (tensor<512x2048xi32>) -> tensor<512x2048xf32>
  %x = stablehlo.optimization_barrier %xf : tensor<512x2048xf32>
  %half = stablehlo.constant dense<0.5> : tensor<f32>
  %s = stablehlo.reduce(%x init: %half) applies stablehlo.add across dimensions = [1] : (tensor<512x2048xf32>, tensor<f32>) -> tensor<512xf32>
  %x64 = stablehlo.convert %v : (tensor<512x2048xi32>) -> tensor<512x2048xf64>
  %half64 = stablehlo.constant dense<0.5> : tensor<f64>
  %s64 = stablehlo.reduce(%x64 init: %half64) applies stablehlo.add across dimensions = [1] : (tensor<512x2048xf64>, tensor<f64>) -> tensor<512xf64>
  %ref = stablehlo.convert %s64 : (tensor<512xf64>) -> tensor<512xf32>
  check.expect_eq %s, %ref : tensor<512xf32>
  func.return
}

// Sums of squares over the last of three dimensions (512 outputs): the
// square is computed in the reduction's loop.
func.func @sum_squares_3d() {
  %v = func.call @ints_512x2048() : () -> tensor<512x2048xi32>
  %w = stablehlo.reshape %v : (tensor<512x2048xi32>) -> tensor<64x8x2048xi32>
  %xf = stablehlo.convert %w : (tensor<64x8x2048xi32>) -> tensor<64x8x2048xf32>
  %x = stablehlo.optimization_barrier %xf : tensor<64x8x2048xf32>
  %xx = stablehlo.multiply %x, %x : tensor<64x8x2048xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%xx init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<64x8x2048xf32>, tensor<f32>) -> tensor<64x8xf32>
  %x64 = stablehlo.convert %w : (tensor<64x8x2048xi32>) -> tensor<64x8x2048xf64>
  %xx64 = stablehlo.multiply %x64, %x64 : tensor<64x8x2048xf64>
  %zero64 = stablehlo.constant dense<0.0> : tensor<f64>
  %s64 = stablehlo.reduce(%xx64 init: %zero64) applies stablehlo.add across dimensions = [2] : (tensor<64x8x2048xf64>, tensor<f64>) -> tensor<64x8xf64>
  %ref = stablehlo.convert %s64 : (tensor<64x8xf64>) -> tensor<64x8xf32>
  check.expect_eq %s, %ref : tensor<64x8xf32>
  func.return
}

// Two reduced dimensions (32 x 64 per output, 256 outputs).
func.func @sum_two_dims() {
  %v = func.call @ints_512x2048() : () -> tensor<512x2048xi32>
  %w = stablehlo.reshape %v : (tensor<512x2048xi32>) -> tensor<256x64x64xi32>
  %xf = stablehlo.convert %w : (tensor<256x64x64xi32>) -> tensor<256x64x64xf32>
  %x = stablehlo.optimization_barrier %xf : tensor<256x64x64xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1, 2] : (tensor<256x64x64xf32>, tensor<f32>) -> tensor<256xf32>
  %x64 = stablehlo.convert %w : (tensor<256x64x64xi32>) -> tensor<256x64x64xf64>
  %zero64 = stablehlo.constant dense<0.0> : tensor<f64>
  %s64 = stablehlo.reduce(%x64 init: %zero64) applies stablehlo.add across dimensions = [1, 2] : (tensor<256x64x64xf64>, tensor<f64>) -> tensor<256xf64>
  %ref = stablehlo.convert %s64 : (tensor<256xf64>) -> tensor<256xf32>
  check.expect_eq %s, %ref : tensor<256xf32>
  func.return
}

// Maxima and minima of 300 rows of 1500 (not a whole number of rounds),
// row 7 with a NaN in its last column, row 11 all -inf; maxima into 2.5
// (rows below it keep it), minima into -inf.
func.func @max_min_ragged() {
  %i = stablehlo.iota dim = 0 : tensor<300x1500xi32>
  %j = stablehlo.iota dim = 1 : tensor<300x1500xi32>
  %five = stablehlo.constant dense<5> : tensor<300x1500xi32>
  %eleven = stablehlo.constant dense<11> : tensor<300x1500xi32>
  %a = stablehlo.multiply %i, %five : tensor<300x1500xi32>
  %s = stablehlo.add %a, %j : tensor<300x1500xi32>
  %r = stablehlo.remainder %s, %eleven : tensor<300x1500xi32>
  %f = stablehlo.convert %r : (tensor<300x1500xi32>) -> tensor<300x1500xf32>
  %tenth = stablehlo.constant dense<0.25> : tensor<300x1500xf32>
  %g = stablehlo.multiply %f, %tenth : tensor<300x1500xf32>
  %c7 = stablehlo.constant dense<7> : tensor<300x1500xi32>
  %c1499 = stablehlo.constant dense<1499> : tensor<300x1500xi32>
  %r7 = stablehlo.compare EQ, %i, %c7 : (tensor<300x1500xi32>, tensor<300x1500xi32>) -> tensor<300x1500xi1>
  %last = stablehlo.compare EQ, %j, %c1499 : (tensor<300x1500xi32>, tensor<300x1500xi32>) -> tensor<300x1500xi1>
  %at = stablehlo.and %r7, %last : tensor<300x1500xi1>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<300x1500xf32>
  %g1 = stablehlo.select %at, %nan, %g : tensor<300x1500xi1>, tensor<300x1500xf32>
  %r11 = stablehlo.compare EQ, %i, %eleven : (tensor<300x1500xi32>, tensor<300x1500xi32>) -> tensor<300x1500xi1>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<300x1500xf32>
  %g2 = stablehlo.select %r11, %ninf, %g1 : tensor<300x1500xi1>, tensor<300x1500xf32>
  %x = stablehlo.optimization_barrier %g2 : tensor<300x1500xf32>
  %init = stablehlo.constant dense<2.5> : tensor<f32>
  %m = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<300x1500xf32>, tensor<f32>) -> tensor<300xf32>
  %ninf0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %n = stablehlo.reduce(%x init: %ninf0) applies stablehlo.minimum across dimensions = [1] : (tensor<300x1500xf32>, tensor<f32>) -> tensor<300xf32>
  %x64 = stablehlo.convert %x : (tensor<300x1500xf32>) -> tensor<300x1500xf64>
  %init64 = stablehlo.constant dense<2.5> : tensor<f64>
  %ninf64 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %m64 = stablehlo.reduce(%x64 init: %init64) applies stablehlo.maximum across dimensions = [1] : (tensor<300x1500xf64>, tensor<f64>) -> tensor<300xf64>
  %n64 = stablehlo.reduce(%x64 init: %ninf64) applies stablehlo.minimum across dimensions = [1] : (tensor<300x1500xf64>, tensor<f64>) -> tensor<300xf64>
  %mref = stablehlo.convert %m64 : (tensor<300xf64>) -> tensor<300xf32>
  %nref = stablehlo.convert %n64 : (tensor<300xf64>) -> tensor<300xf32>
  check.expect_eq %m, %mref : tensor<300xf32>
  check.expect_eq %n, %nref : tensor<300xf32>
  func.return
}

// i32 sums that wrap around (against i64 sums truncated to 32 bits).
func.func @int_sum_wraps() {
  %i = stablehlo.iota dim = 0 : tensor<256x4096xi32>
  %j = stablehlo.iota dim = 1 : tensor<256x4096xi32>
  %big = stablehlo.constant dense<1000003> : tensor<256x4096xi32>
  %a = stablehlo.multiply %j, %big : tensor<256x4096xi32>
  %v = stablehlo.add %a, %i : tensor<256x4096xi32>
  %x = stablehlo.optimization_barrier %v : tensor<256x4096xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x4096xi32>, tensor<i32>) -> tensor<256xi32>
  %x64 = stablehlo.convert %x : (tensor<256x4096xi32>) -> tensor<256x4096xi64>
  %zero64 = stablehlo.constant dense<0> : tensor<i64>
  %s64 = stablehlo.reduce(%x64 init: %zero64) applies stablehlo.add across dimensions = [1] : (tensor<256x4096xi64>, tensor<i64>) -> tensor<256xi64>
  %ref = stablehlo.convert %s64 : (tensor<256xi64>) -> tensor<256xi32>
  check.expect_eq %s, %ref : tensor<256xi32>
  func.return
}

// A softmax over rows of 512x1024: its maximum and its sum are row
// reductions; against the same in f64.
func.func @softmax_rows() {
  %v = func.call @ints_512x2048() : () -> tensor<512x2048xi32>
  %xf = stablehlo.convert %v : (tensor<512x2048xi32>) -> tensor<512x2048xf32>
  %x = stablehlo.optimization_barrier %xf : tensor<512x2048xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<512x2048xf32>, tensor<f32>) -> tensor<512xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<512xf32>) -> tensor<512x2048xf32>
  %d = stablehlo.subtract %x, %mb : tensor<512x2048xf32>
  %e = stablehlo.exponential %d : tensor<512x2048xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x2048xf32>, tensor<f32>) -> tensor<512xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<512xf32>) -> tensor<512x2048xf32>
  %y = stablehlo.divide %e, %sb : tensor<512x2048xf32>
  %x64 = stablehlo.convert %v : (tensor<512x2048xi32>) -> tensor<512x2048xf64>
  %ninf64 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %m64 = stablehlo.reduce(%x64 init: %ninf64) applies stablehlo.maximum across dimensions = [1] : (tensor<512x2048xf64>, tensor<f64>) -> tensor<512xf64>
  %mb64 = stablehlo.broadcast_in_dim %m64, dims = [0] : (tensor<512xf64>) -> tensor<512x2048xf64>
  %d64 = stablehlo.subtract %x64, %mb64 : tensor<512x2048xf64>
  %e64 = stablehlo.exponential %d64 : tensor<512x2048xf64>
  %zero64 = stablehlo.constant dense<0.0> : tensor<f64>
  %s64 = stablehlo.reduce(%e64 init: %zero64) applies stablehlo.add across dimensions = [1] : (tensor<512x2048xf64>, tensor<f64>) -> tensor<512xf64>
  %sb64 = stablehlo.broadcast_in_dim %s64, dims = [0] : (tensor<512xf64>) -> tensor<512x2048xf64>
  %y64 = stablehlo.divide %e64, %sb64 : tensor<512x2048xf64>
  %ref = stablehlo.convert %y64 : (tensor<512x2048xf64>) -> tensor<512x2048xf32>
  check.expect_almost_eq %y, %ref, tolerance = 1.0e-5 : tensor<512x2048xf32>
  func.return
}

// Column sums of 1024x4096 into 0.5 (32 rounds of 32 rows per warp).
func.func @sum_columns() {
  %v = func.call @ints_512x2048() : () -> tensor<512x2048xi32>
  %w = stablehlo.reshape %v : (tensor<512x2048xi32>) -> tensor<256x4096xi32>
  %c = stablehlo.concatenate %w, %w, %w, %w, dim = 0 : (tensor<256x4096xi32>, tensor<256x4096xi32>, tensor<256x4096xi32>, tensor<256x4096xi32>) -> tensor<1024x4096xi32>
  %xf = stablehlo.convert %c : (tensor<1024x4096xi32>) -> tensor<1024x4096xf32>
  %x = stablehlo.optimization_barrier %xf : tensor<1024x4096xf32>
  %half = stablehlo.constant dense<0.5> : tensor<f32>
  %s = stablehlo.reduce(%x init: %half) applies stablehlo.add across dimensions = [0] : (tensor<1024x4096xf32>, tensor<f32>) -> tensor<4096xf32>
  %x64 = stablehlo.convert %c : (tensor<1024x4096xi32>) -> tensor<1024x4096xf64>
  %half64 = stablehlo.constant dense<0.5> : tensor<f64>
  %s64 = stablehlo.reduce(%x64 init: %half64) applies stablehlo.add across dimensions = [0] : (tensor<1024x4096xf64>, tensor<f64>) -> tensor<4096xf64>
  %ref = stablehlo.convert %s64 : (tensor<4096xf64>) -> tensor<4096xf32>
  check.expect_eq %s, %ref : tensor<4096xf32>
  func.return
}

// i32 column sums that wrap around, 300 rows (not a whole number of rounds
// of 32) into 64x128 outputs; against i64 sums truncated.
func.func @int_sum_columns_ragged() {
  %i = stablehlo.iota dim = 0 : tensor<300x64x128xi32>
  %j = stablehlo.iota dim = 1 : tensor<300x64x128xi32>
  %k = stablehlo.iota dim = 2 : tensor<300x64x128xi32>
  %big = stablehlo.constant dense<19990003> : tensor<300x64x128xi32>
  %a = stablehlo.multiply %i, %big : tensor<300x64x128xi32>
  %b = stablehlo.multiply %j, %k : tensor<300x64x128xi32>
  %v = stablehlo.add %a, %b : tensor<300x64x128xi32>
  %x = stablehlo.optimization_barrier %v : tensor<300x64x128xi32>
  %zero = stablehlo.constant dense<7> : tensor<i32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<300x64x128xi32>, tensor<i32>) -> tensor<64x128xi32>
  %x64 = stablehlo.convert %x : (tensor<300x64x128xi32>) -> tensor<300x64x128xi64>
  %zero64 = stablehlo.constant dense<7> : tensor<i64>
  %s64 = stablehlo.reduce(%x64 init: %zero64) applies stablehlo.add across dimensions = [0] : (tensor<300x64x128xi64>, tensor<i64>) -> tensor<64x128xi64>
  %ref = stablehlo.convert %s64 : (tensor<64x128xi64>) -> tensor<64x128xi32>
  check.expect_eq %s, %ref : tensor<64x128xi32>
  func.return
}

// Maxima over the two leading dimensions (16 x 20 per output) of 4096
// columns, one column holding a NaN; against f64.
func.func @max_columns_two_dims() {
  %i = stablehlo.iota dim = 0 : tensor<16x20x4096xi32>
  %j = stablehlo.iota dim = 1 : tensor<16x20x4096xi32>
  %k = stablehlo.iota dim = 2 : tensor<16x20x4096xi32>
  %a = stablehlo.multiply %i, %j : tensor<16x20x4096xi32>
  %b = stablehlo.add %a, %k : tensor<16x20x4096xi32>
  %m = stablehlo.constant dense<97> : tensor<16x20x4096xi32>
  %r = stablehlo.remainder %b, %m : tensor<16x20x4096xi32>
  %f = stablehlo.convert %r : (tensor<16x20x4096xi32>) -> tensor<16x20x4096xf32>
  %c7 = stablehlo.constant dense<7> : tensor<16x20x4096xi32>
  %c3 = stablehlo.constant dense<3> : tensor<16x20x4096xi32>
  %c1000 = stablehlo.constant dense<1000> : tensor<16x20x4096xi32>
  %at_i = stablehlo.compare EQ, %i, %c7 : (tensor<16x20x4096xi32>, tensor<16x20x4096xi32>) -> tensor<16x20x4096xi1>
  %at_j = stablehlo.compare EQ, %j, %c3 : (tensor<16x20x4096xi32>, tensor<16x20x4096xi32>) -> tensor<16x20x4096xi1>
  %at_k = stablehlo.compare EQ, %k, %c1000 : (tensor<16x20x4096xi32>, tensor<16x20x4096xi32>) -> tensor<16x20x4096xi1>
  %at0 = stablehlo.and %at_i, %at_j : tensor<16x20x4096xi1>
  %at = stablehlo.and %at0, %at_k : tensor<16x20x4096xi1>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<16x20x4096xf32>
  %g = stablehlo.select %at, %nan, %f : tensor<16x20x4096xi1>, tensor<16x20x4096xf32>
  %x = stablehlo.optimization_barrier %g : tensor<16x20x4096xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %mx = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<16x20x4096xf32>, tensor<f32>) -> tensor<4096xf32>
  %x64 = stablehlo.convert %x : (tensor<16x20x4096xf32>) -> tensor<16x20x4096xf64>
  %ninf64 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %mx64 = stablehlo.reduce(%x64 init: %ninf64) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<16x20x4096xf64>, tensor<f64>) -> tensor<4096xf64>
  %ref = stablehlo.convert %mx64 : (tensor<4096xf64>) -> tensor<4096xf32>
  check.expect_eq %mx, %ref : tensor<4096xf32>
  func.return
}
