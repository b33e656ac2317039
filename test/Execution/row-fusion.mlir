// xla-fuse-rows: softmax and layernorm over tensors of at least 512 KiB run
// as one scf.forall over blocks of rows (the row reductions and the
// element-wise ops around them fused: one pass over memory per row), the
// blocks on the thread pool with their temporaries on the stack
// (xla-parallel-stack-temporaries). Inputs are computed inside from iota;
// each result is compared with the same computation in f64 (also row
// fused, but with other rounding) converted back, and with exact
// expectations where there are some: every softmax row sums to 1 and
// every layernorm row has mean 0. @column_softmax normalizes over the
// rows (a reduction that every block would need whole: not fused), and
// @shared_max also returns the row maxima (their producer has a user
// outside the loop: computed once outside, read by every block).
// RUN: xla-run --check %s | FileCheck %s
// RUN: xla-run --check --threads 1 %s | FileCheck %s
// RUN: xla-run --check --threads 8 %s | FileCheck %s
// RUN: xla-run --check --fusion=off %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}6 passed, 0 failed

func.func private @inputs_512x512() -> tensor<512x512xf32> {
  %i = stablehlo.iota dim = 0 : tensor<512x512xf32>
  %j = stablehlo.iota dim = 1 : tensor<512x512xf32>
  %a = stablehlo.constant dense<0.37> : tensor<512x512xf32>
  %b = stablehlo.constant dense<1.3> : tensor<512x512xf32>
  %ai = stablehlo.multiply %i, %a : tensor<512x512xf32>
  %bj = stablehlo.multiply %j, %b : tensor<512x512xf32>
  %s = stablehlo.add %ai, %bj : tensor<512x512xf32>
  %x = stablehlo.sine %s : tensor<512x512xf32>
  %four = stablehlo.constant dense<4.0> : tensor<512x512xf32>
  %r = stablehlo.multiply %x, %four : tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}

func.func private @softmax(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<512x512xf32>, tensor<f32>) -> tensor<512xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<512xf32>) -> tensor<512x512xf32>
  %d = stablehlo.subtract %x, %mb : tensor<512x512xf32>
  %e = stablehlo.exponential %d : tensor<512x512xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x512xf32>, tensor<f32>) -> tensor<512xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<512xf32>) -> tensor<512x512xf32>
  %r = stablehlo.divide %e, %sb : tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}

func.func private @softmax64(%x: tensor<512x512xf64>) -> tensor<512x512xf64> {
  %ninf = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<512x512xf64>, tensor<f64>) -> tensor<512xf64>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<512xf64>) -> tensor<512x512xf64>
  %d = stablehlo.subtract %x, %mb : tensor<512x512xf64>
  %e = stablehlo.exponential %d : tensor<512x512xf64>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x512xf64>, tensor<f64>) -> tensor<512xf64>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<512xf64>) -> tensor<512x512xf64>
  %r = stablehlo.divide %e, %sb : tensor<512x512xf64>
  return %r : tensor<512x512xf64>
}

// Softmax over 512 rows of 512 (1 MiB): the f64 reference, and every row
// summing to 1.
func.func @softmax_512x512() {
  %x = func.call @inputs_512x512() : () -> tensor<512x512xf32>
  %r = func.call @softmax(%x) : (tensor<512x512xf32>) -> tensor<512x512xf32>
  %x64 = stablehlo.convert %x : (tensor<512x512xf32>) -> tensor<512x512xf64>
  %r64 = func.call @softmax64(%x64) : (tensor<512x512xf64>) -> tensor<512x512xf64>
  %ref = stablehlo.convert %r64 : (tensor<512x512xf64>) -> tensor<512x512xf32>
  check.expect_almost_eq %r, %ref, tolerance = 1.0e-6 : tensor<512x512xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sums = stablehlo.reduce(%r init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x512xf32>, tensor<f32>) -> tensor<512xf32>
  %ones = stablehlo.constant dense<1.0> : tensor<512xf32>
  check.expect_almost_eq %sums, %ones, tolerance = 1.0e-5 : tensor<512xf32>
  func.return
}

// Layernorm over 256 rows of 1024 (1 MiB), with a scale and an offset per
// column: the f64 reference; each row of the normalized values has mean 0.
func.func @layernorm_256x1024() {
  %i = stablehlo.iota dim = 0 : tensor<256x1024xf32>
  %j = stablehlo.iota dim = 1 : tensor<256x1024xf32>
  %c = stablehlo.constant dense<0.01> : tensor<256x1024xf32>
  %ij = stablehlo.multiply %i, %j : tensor<256x1024xf32>
  %t = stablehlo.multiply %ij, %c : tensor<256x1024xf32>
  %x = stablehlo.cosine %t : tensor<256x1024xf32>
  %g0 = stablehlo.iota dim = 0 : tensor<1024xf32>
  %gc = stablehlo.constant dense<0.001> : tensor<1024xf32>
  %g = stablehlo.multiply %g0, %gc : tensor<1024xf32>
  %x64 = stablehlo.convert %x : (tensor<256x1024xf32>) -> tensor<256x1024xf64>
  %g64 = stablehlo.convert %g : (tensor<1024xf32>) -> tensor<1024xf64>
  %r = func.call @layernorm(%x, %g) : (tensor<256x1024xf32>, tensor<1024xf32>) -> tensor<256x1024xf32>
  %r64 = func.call @layernorm64(%x64, %g64) : (tensor<256x1024xf64>, tensor<1024xf64>) -> tensor<256x1024xf64>
  %ref = stablehlo.convert %r64 : (tensor<256x1024xf64>) -> tensor<256x1024xf32>
  check.expect_almost_eq %r, %ref, tolerance = 1.0e-4 : tensor<256x1024xf32>
  func.return
}

func.func private @layernorm(%x: tensor<256x1024xf32>, %g: tensor<1024xf32>) -> tensor<256x1024xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<1024.0> : tensor<256xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<256xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
  %mean = stablehlo.divide %s, %n : tensor<256xf32>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<256xf32>) -> tensor<256x1024xf32>
  %d = stablehlo.subtract %x, %mb : tensor<256x1024xf32>
  %d2 = stablehlo.multiply %d, %d : tensor<256x1024xf32>
  %v = stablehlo.reduce(%d2 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
  %var = stablehlo.divide %v, %n : tensor<256xf32>
  %ve = stablehlo.add %var, %eps : tensor<256xf32>
  %rs = stablehlo.rsqrt %ve : tensor<256xf32>
  %rb = stablehlo.broadcast_in_dim %rs, dims = [0] : (tensor<256xf32>) -> tensor<256x1024xf32>
  %y = stablehlo.multiply %d, %rb : tensor<256x1024xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<1024xf32>) -> tensor<256x1024xf32>
  %r = stablehlo.add %y, %gb : tensor<256x1024xf32>
  return %r : tensor<256x1024xf32>
}

func.func private @layernorm64(%x: tensor<256x1024xf64>, %g: tensor<1024xf64>) -> tensor<256x1024xf64> {
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %n = stablehlo.constant dense<1024.0> : tensor<256xf64>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<256xf64>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x1024xf64>, tensor<f64>) -> tensor<256xf64>
  %mean = stablehlo.divide %s, %n : tensor<256xf64>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<256xf64>) -> tensor<256x1024xf64>
  %d = stablehlo.subtract %x, %mb : tensor<256x1024xf64>
  %d2 = stablehlo.multiply %d, %d : tensor<256x1024xf64>
  %v = stablehlo.reduce(%d2 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x1024xf64>, tensor<f64>) -> tensor<256xf64>
  %var = stablehlo.divide %v, %n : tensor<256xf64>
  %ve = stablehlo.add %var, %eps : tensor<256xf64>
  %rs = stablehlo.rsqrt %ve : tensor<256xf64>
  %rb = stablehlo.broadcast_in_dim %rs, dims = [0] : (tensor<256xf64>) -> tensor<256x1024xf64>
  %y = stablehlo.multiply %d, %rb : tensor<256x1024xf64>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<1024xf64>) -> tensor<256x1024xf64>
  %r = stablehlo.add %y, %gb : tensor<256x1024xf64>
  return %r : tensor<256x1024xf64>
}

// Softmax over the rows (dimension 0): the sums run down the columns, which
// every block of rows would need whole, so they stay outside the loop.
func.func @column_softmax() {
  %x = func.call @inputs_512x512() : () -> tensor<512x512xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<512x512xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<512x512xf32>, tensor<f32>) -> tensor<512xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<512xf32>) -> tensor<512x512xf32>
  %r = stablehlo.divide %e, %sb : tensor<512x512xf32>
  %zero2 = stablehlo.constant dense<0.0> : tensor<f32>
  %cols = stablehlo.reduce(%r init: %zero2) applies stablehlo.add across dimensions = [0] : (tensor<512x512xf32>, tensor<f32>) -> tensor<512xf32>
  %ones = stablehlo.constant dense<1.0> : tensor<512xf32>
  check.expect_almost_eq %cols, %ones, tolerance = 1.0e-5 : tensor<512xf32>
  func.return
}

// The row maxima are also a result: computed once, outside the loop; the
// softmax still matches the f64 one.
func.func @shared_max() {
  %x = func.call @inputs_512x512() : () -> tensor<512x512xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<512x512xf32>, tensor<f32>) -> tensor<512xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<512xf32>) -> tensor<512x512xf32>
  %d = stablehlo.subtract %x, %mb : tensor<512x512xf32>
  %e = stablehlo.exponential %d : tensor<512x512xf32>
  %x64 = stablehlo.convert %x : (tensor<512x512xf32>) -> tensor<512x512xf64>
  %ninf64 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %m64 = stablehlo.reduce(%x64 init: %ninf64) applies stablehlo.maximum across dimensions = [1] : (tensor<512x512xf64>, tensor<f64>) -> tensor<512xf64>
  %mref = stablehlo.convert %m64 : (tensor<512xf64>) -> tensor<512xf32>
  check.expect_eq %m, %mref : tensor<512xf32>
  %mb64 = stablehlo.broadcast_in_dim %m64, dims = [0] : (tensor<512xf64>) -> tensor<512x512xf64>
  %d64 = stablehlo.subtract %x64, %mb64 : tensor<512x512xf64>
  %e64 = stablehlo.exponential %d64 : tensor<512x512xf64>
  %eref = stablehlo.convert %e64 : (tensor<512x512xf64>) -> tensor<512x512xf32>
  check.expect_almost_eq %e, %eref, tolerance = 1.0e-6 : tensor<512x512xf32>
  func.return
}
