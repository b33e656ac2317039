// CHLO ops of the current spec added with issue 15.
// chlo.mulhi: the high half of the exact double-width product, signed for
// signless and si elements, unsigned for ui elements, at the extremes of
// each width. Expected values: Python integers, (a * b) >> N (an
// arithmetic shift, so the signed high half), independent of the
// lowering's halves.
// broadcast_complex / broadcast_zeta / broadcast_polygamma: zeta(2, 1) =
// polygamma(1, 1) = pi^2/6 = 1.6449340668, zeta(2, 2) = polygamma(1, 2) =
// pi^2/6 - 1 (mpmath.zeta, mpmath.polygamma).
// RUN: xla-run --check --split-input-file %s | FileCheck %s
// CHECK: 13 passed, 0 failed

func.func @i8() {
  %a = stablehlo.constant dense<[-128, 127, -128, -1, 100, -100, 7, 0]> : tensor<8xi8>
  %b = stablehlo.constant dense<[-128, 127, 127, 1, 100, 100, 9, 5]> : tensor<8xi8>
  %r = chlo.mulhi %a, %b : tensor<8xi8>, tensor<8xi8> -> tensor<8xi8>
  check.expect_eq_const %r, dense<[64, 63, -64, -1, 39, -40, 0, 0]> : tensor<8xi8>
  return
}

// -----

func.func @ui8() {
  %a = stablehlo.constant dense<[255, 255, 128, 1, 200, 16, 0, 17]> : tensor<8xui8>
  %b = stablehlo.constant dense<[255, 2, 2, 255, 200, 16, 9, 15]> : tensor<8xui8>
  %r = chlo.mulhi %a, %b : tensor<8xui8>, tensor<8xui8> -> tensor<8xui8>
  check.expect_eq_const %r, dense<[254, 1, 1, 0, 156, 1, 0, 0]> : tensor<8xui8>
  return
}

// -----

func.func @si16() {
  %a = stablehlo.constant dense<[-32768, 32767, -32768, -1, 12345, -300]> : tensor<6xsi16>
  %b = stablehlo.constant dense<[-32768, 32767, 32767, 1, 23456, 300]> : tensor<6xsi16>
  %r = chlo.mulhi %a, %b : tensor<6xsi16>, tensor<6xsi16> -> tensor<6xsi16>
  check.expect_eq_const %r, dense<[16384, 16383, -16384, -1, 4418, -2]> : tensor<6xsi16>
  return
}

// -----

func.func @i32() {
  %a = stablehlo.constant dense<[-2147483648, 2147483647, -1, 1, 123456789, -987654321, 0, 65536]> : tensor<8xi32>
  %b = stablehlo.constant dense<[-2147483648, 2147483647, 1, -1, 987654321, 123456789, 5, 65536]> : tensor<8xi32>
  %r = chlo.mulhi %a, %b : tensor<8xi32>, tensor<8xi32> -> tensor<8xi32>
  check.expect_eq_const %r, dense<[1073741824, 1073741823, -1, -1, 28389652, -28389653, 0, 1]> : tensor<8xi32>
  return
}

// -----

func.func @ui32() {
  %a = stablehlo.constant dense<[4294967295, 4294967295, 1, 0, 3000000000, 65536, 2147483648, 12345]> : tensor<8xui32>
  %b = stablehlo.constant dense<[4294967295, 2, 4294967295, 7, 3000000000, 65536, 2, 67890]> : tensor<8xui32>
  %r = chlo.mulhi %a, %b : tensor<8xui32>, tensor<8xui32> -> tensor<8xui32>
  check.expect_eq_const %r, dense<[4294967294, 1, 0, 0, 2095475792, 1, 1, 0]> : tensor<8xui32>
  return
}

// -----

func.func @i64() {
  %a = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807, -1, 1, 123456789012345678, -987654321098765432, -9223372036854775808, 4294967296]> : tensor<8xi64>
  %b = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807, 1, -1, 987654321098765432, 123456789012345678, 9223372036854775807, 4294967296]> : tensor<8xi64>
  %r = chlo.mulhi %a, %b : tensor<8xi64>, tensor<8xi64> -> tensor<8xi64>
  check.expect_eq_const %r, dense<[4611686018427387904, 4611686018427387903, -1, -1, 6609981178781634, -6609981178781635, -4611686018427387904, 1]> : tensor<8xi64>
  return
}

// -----

func.func @ui64() {
  %a = stablehlo.constant dense<[18446744073709551615, 18446744073709551615, 1, 0, 12345678901234567890, 4294967296, 9223372036854775808, 4294967295]> : tensor<8xui64>
  %b = stablehlo.constant dense<[18446744073709551615, 2, 18446744073709551615, 7, 9876543210987654321, 4294967296, 2, 4294967295]> : tensor<8xui64>
  %r = chlo.mulhi %a, %b : tensor<8xui64>, tensor<8xui64> -> tensor<8xui64>
  check.expect_eq_const %r, dense<[18446744073709551614, 1, 0, 0, 6609981178781634653, 1, 1, 0]> : tensor<8xui64>
  return
}

// -----

func.func @broadcast_complex() {
  %re = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %im = stablehlo.constant dense<3.0> : tensor<f32>
  %r = chlo.broadcast_complex %re, %im : (tensor<2xf32>, tensor<f32>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %r, dense<[(1.0, 3.0), (-2.0, 3.0)]> : tensor<2xcomplex<f32>>
  return
}

// -----

func.func @broadcast_zeta() {
  %s = stablehlo.constant dense<2.0> : tensor<f64>
  %q = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %r = chlo.broadcast_zeta %s, %q : (tensor<f64>, tensor<2xf64>) -> tensor<2xf64>
  check.expect_almost_eq_const %r, dense<[1.6449340668482264, 0.6449340668482264]> : tensor<2xf64>, tolerance = 1.0e-9
  return
}

// -----

func.func @broadcast_polygamma() {
  %n = stablehlo.constant dense<1.0> : tensor<f32>
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = chlo.broadcast_polygamma %n, %x : (tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
  check.expect_almost_eq_const %r, dense<[1.6449340668, 0.6449340668]> : tensor<2xf32>, tolerance = 1.0e-5
  return
}

// -----

// constant and constant_like (a splat of the operand's shape).
func.func @constants() {
  %c = chlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  check.expect_eq_const %c, dense<[1.5, -2.0]> : tensor<2xf32>
  %x = stablehlo.constant dense<0> : tensor<2x3xi32>
  %l = "chlo.constant_like"(%x) {value = 7 : i32} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %l, dense<7> : tensor<2x3xi32>
  return
}

// -----

// broadcast_select: pred [[T], [F]] over columns, on_true a row, on_false a scalar.
func.func @broadcast_select() {
  %p = stablehlo.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<-1.0> : tensor<f32>
  %r = chlo.broadcast_select %p, %a, %b : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[1.0, 2.0, 3.0], [-1.0, -1.0, -1.0]]> : tensor<2x3xf32>
  return
}
