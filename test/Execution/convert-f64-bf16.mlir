// stablehlo.convert f64 -> bf16 rounds once (to nearest even), not through
// f32: 1 + 2^-8 + 2^-40 lies above the tie between 1 and 1 + 2^-7, so it
// rounds up to 1.0078125; rounding to f32 first lands exactly on the tie,
// which rounds to 1.0. Likewise below a tie (1 + 2^-8 - 2^-40 -> 1.0) and
// an exact tie (1 + 3 * 2^-8 -> 1 + 2^-6, the even neighbour).
// RUN: xla-run --check %s | FileCheck %s
// CHECK: 1 passed, 0 failed
func.func @convert_f64_bf16() {
  %x = stablehlo.constant dense<[1.0039062500009095, 1.0039062499990905, 1.01171875, -1.0039062500009095]> : tensor<4xf64>
  %r = stablehlo.convert %x : (tensor<4xf64>) -> tensor<4xbf16>
  check.expect_eq_const %r, dense<[1.0078125, 1.0, 1.015625, -1.0078125]> : tensor<4xbf16>
  return
}
