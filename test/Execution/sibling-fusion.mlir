// xla-fuse-siblings: reductions of one input over the same dimension (a
// row's sum, maximum and minimum; E[x] and E[x*x] of a fast layernorm) run
// as one loop nest whose accumulators xla-promote-accumulators keeps in
// registers. Each result is compared with the same reductions in f64 (sums
// within rounding; maxima and minima exactly); row 3 holds a NaN, which its
// sum, maximum and minimum propagate. Unfused (--fusion=off) and on 1, 2
// and 8 threads the results are the same. (The references are siblings of
// each other too, and the f64 layernorm's reductions of those of f32: they
// read x through a fused conversion; --fusion=off computes all apart.)
// RUN: xla-run --check %s --report=fusion 2>&1 | FileCheck %s --check-prefixes=CHECK,FUSED
// RUN: xla-run --check --threads 1 %s | FileCheck %s
// RUN: xla-run --check --threads 8 %s | FileCheck %s
// RUN: xla-run --check --fusion=off %s | FileCheck %s
// FUSED: sibling fusion: reduce@{{[0-9]+}} + reduce@{{[0-9]+}} + reduce@{{[0-9]+}} (same loops
// FUSED: siblings fused: reduction@{{[0-9]+}} + reduction@{{[0-9]+}} (one loop nest, 2 results)
// FUSED: siblings fused: reduction@{{[0-9]+}} + reduction@{{[0-9]+}} (one loop nest, 3 results)
// CHECK-NOT: failed in
// CHECK: {{^}}4 passed, 0 failed

func.func private @input() -> tensor<512x1024xf32> {
  %i = stablehlo.iota dim = 0 : tensor<512x1024xf32>
  %j = stablehlo.iota dim = 1 : tensor<512x1024xf32>
  %a = stablehlo.constant dense<0.37> : tensor<512x1024xf32>
  %b = stablehlo.constant dense<1.3> : tensor<512x1024xf32>
  %ai = stablehlo.multiply %i, %a : tensor<512x1024xf32>
  %bj = stablehlo.multiply %j, %b : tensor<512x1024xf32>
  %s = stablehlo.add %ai, %bj : tensor<512x1024xf32>
  %x = stablehlo.sine %s : tensor<512x1024xf32>
  // A NaN at row 3, column 5.
  %three = stablehlo.constant dense<3.0> : tensor<512x1024xf32>
  %five = stablehlo.constant dense<5.0> : tensor<512x1024xf32>
  %r3 = stablehlo.compare EQ, %i, %three : (tensor<512x1024xf32>, tensor<512x1024xf32>) -> tensor<512x1024xi1>
  %c5 = stablehlo.compare EQ, %j, %five : (tensor<512x1024xf32>, tensor<512x1024xf32>) -> tensor<512x1024xi1>
  %at = stablehlo.and %r3, %c5 : tensor<512x1024xi1>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<512x1024xf32>
  %y = stablehlo.select %at, %nan, %x : tensor<512x1024xi1>, tensor<512x1024xf32>
  return %y : tensor<512x1024xf32>
}

func.func private @stats(%x: tensor<512x1024xf32>) -> (tensor<512xf32>, tensor<512xf32>, tensor<512xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %n = stablehlo.reduce(%x init: %inf) applies stablehlo.minimum across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  return %s, %m, %n : tensor<512xf32>, tensor<512xf32>, tensor<512xf32>
}

// Sum, maximum and minimum of each row: one loop nest, three results. The
// references reduce the transpose over its columns (other loops: not
// siblings of these).
func.func @sum_max_min() {
  %x = func.call @input() : () -> tensor<512x1024xf32>
  %s, %m, %n = func.call @stats(%x) : (tensor<512x1024xf32>) -> (tensor<512xf32>, tensor<512xf32>, tensor<512xf32>)
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<512x1024xf32>) -> tensor<1024x512xf32>
  %t64 = stablehlo.convert %t : (tensor<1024x512xf32>) -> tensor<1024x512xf64>
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %s64 = stablehlo.reduce(%t64 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<1024x512xf64>, tensor<f64>) -> tensor<512xf64>
  %sref = stablehlo.convert %s64 : (tensor<512xf64>) -> tensor<512xf32>
  check.expect_almost_eq %s, %sref, tolerance = 1.0e-3 : tensor<512xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %mref = stablehlo.reduce(%t init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<1024x512xf32>, tensor<f32>) -> tensor<512xf32>
  check.expect_eq %m, %mref : tensor<512xf32>
  %nref = stablehlo.reduce(%t init: %inf) applies stablehlo.minimum across dimensions = [0] : (tensor<1024x512xf32>, tensor<f32>) -> tensor<512xf32>
  check.expect_eq %n, %nref : tensor<512xf32>
  func.return
}

// A fast layernorm (flax's default): mean and mean of squares as siblings,
// then the normalization; against the same in f64.
func.func private @layernorm(%x: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<1024.0> : tensor<512xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<512xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %xx = stablehlo.multiply %x, %x : tensor<512x1024xf32>
  %s2 = stablehlo.reduce(%xx init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %mean = stablehlo.divide %s, %n : tensor<512xf32>
  %mean2 = stablehlo.divide %s2, %n : tensor<512xf32>
  %msq = stablehlo.multiply %mean, %mean : tensor<512xf32>
  %var = stablehlo.subtract %mean2, %msq : tensor<512xf32>
  %ve = stablehlo.add %var, %eps : tensor<512xf32>
  %rs = stablehlo.rsqrt %ve : tensor<512xf32>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<512xf32>) -> tensor<512x1024xf32>
  %rb = stablehlo.broadcast_in_dim %rs, dims = [0] : (tensor<512xf32>) -> tensor<512x1024xf32>
  %d = stablehlo.subtract %x, %mb : tensor<512x1024xf32>
  %y = stablehlo.multiply %d, %rb : tensor<512x1024xf32>
  return %y : tensor<512x1024xf32>
}

func.func private @layernorm64(%x: tensor<512x1024xf64>) -> tensor<512x1024xf64> {
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %n = stablehlo.constant dense<1024.0> : tensor<512xf64>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<512xf64>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x1024xf64>, tensor<f64>) -> tensor<512xf64>
  %xx = stablehlo.multiply %x, %x : tensor<512x1024xf64>
  %s2 = stablehlo.reduce(%xx init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x1024xf64>, tensor<f64>) -> tensor<512xf64>
  %mean = stablehlo.divide %s, %n : tensor<512xf64>
  %mean2 = stablehlo.divide %s2, %n : tensor<512xf64>
  %msq = stablehlo.multiply %mean, %mean : tensor<512xf64>
  %var = stablehlo.subtract %mean2, %msq : tensor<512xf64>
  %ve = stablehlo.add %var, %eps : tensor<512xf64>
  %rs = stablehlo.rsqrt %ve : tensor<512xf64>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<512xf64>) -> tensor<512x1024xf64>
  %rb = stablehlo.broadcast_in_dim %rs, dims = [0] : (tensor<512xf64>) -> tensor<512x1024xf64>
  %d = stablehlo.subtract %x, %mb : tensor<512x1024xf64>
  %y = stablehlo.multiply %d, %rb : tensor<512x1024xf64>
  return %y : tensor<512x1024xf64>
}

func.func @fast_layernorm() {
  %x = func.call @input() : () -> tensor<512x1024xf32>
  %r = func.call @layernorm(%x) : (tensor<512x1024xf32>) -> tensor<512x1024xf32>
  %x64 = stablehlo.convert %x : (tensor<512x1024xf32>) -> tensor<512x1024xf64>
  %r64 = func.call @layernorm64(%x64) : (tensor<512x1024xf64>) -> tensor<512x1024xf64>
  %ref = stablehlo.convert %r64 : (tensor<512x1024xf64>) -> tensor<512x1024xf32>
  check.expect_almost_eq %r, %ref, tolerance = 1.0e-4 : tensor<512x1024xf32>
  func.return
}
