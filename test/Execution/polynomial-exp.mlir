// f32 exp is computed inline by xla-polynomial-math (range reduction and a
// degree-7 polynomial) instead of calling libm's expf. Expected values are
// exp() of each input in f64, rounded to f32 (numpy). Over 2M random and
// edge inputs in [-110, 95] the measured error was at most 1 ulp.
// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: error:
// CHECK: {{^}}3 passed, 0 failed

// Normal range, overflow to +inf above ~88.72, subnormal results and
// underflow to 0 below ~-103.97.
func.func @exp_samples() {
  %x = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.0, 0.5, -0.3465735912322998, 0.3465735912322998, 2.5, 10.0, -10.0, 37.66652297973633, 80.0, 88.72283172607422, 88.72283935546875, 89.0, 1000.0, -87.0, -90.0, -100.0, -103.27999877929688, -103.97000122070312, -104.5, -200.0, 1.0000000031710769e-30, -1.0000000031710769e-30, 3.3999999521443642e+38, -3.3999999521443642e+38]> : tensor<27xf32>
  %e = stablehlo.exponential %x : tensor<27xf32>
  %want = stablehlo.constant dense<[1.0, 1.0, 2.7182817459106445, 0.3678794503211975, 1.6487212181091309, 0.7071067690849304, 1.4142135381698608, 12.182494163513184, 22026.46484375, 4.539993096841499e-05, 2.282249199078605e+16, 5.540622484676759e+34, 3.402798519021476e+38, 0x7F800000, 0x7F800000, 0x7F800000, 1.6458114537543937e-38, 8.194008692231508e-40, 3.783505853677006e-44, 1.401298464324817e-45, 1.401298464324817e-45, 0.0, 0.0, 1.0, 1.0, 0x7F800000, 0.0]> : tensor<27xf32>
  check.expect_close %e, %want, max_ulp_difference = 1 : tensor<27xf32>, tensor<27xf32>
  func.return
}

// Infinities and NaN.
func.func @exp_special() {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %e = stablehlo.exponential %x : tensor<3xf32>
  check.expect_eq_const %e, dense<[0x7F800000, 0.0, 0x7FC00000]> : tensor<3xf32>
  func.return
}

// Inside a fused softmax row (max, exp, sum, divide): rows sum to 1.
func.func @softmax_rows() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [-50.0, 0.0, 50.0, 80.0]]> : tensor<2x4xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
  %d = stablehlo.subtract %x, %mb : tensor<2x4xf32>
  %e = stablehlo.exponential %d : tensor<2x4xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x4xf32>
  check.expect_almost_eq_const %p, dense<[[0.0320586, 0.0871443, 0.2368828, 0.6439142], [0.0, 0.0, 9.3576e-14, 1.0]]> : tensor<2x4xf32>, tolerance = 1.0e-6
  func.return
}
