// stablehlo.reduce_precision (XLA ReducePrecision): round to a narrower
// float format and back. Expected values come from
// jax.lax.reduce_precision under jax.jit on the CPU (XLA's own
// implementation); compared exactly.

// RUN: xla-run --check --split-input-file %s | FileCheck %s
// CHECK: 16 passed, 0 failed

// f32 to f16's format: ties to even (1+2^-11 -> 1, 1+3*2^-11 -> 1+2^-9), 65520 overflows to inf, f16 denormals and f32 denormals flush to signed zero, NaN kept.
func.func @e5m10_f32() {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 1.0, -1.0, 1.00048828125, 1.00146484375, 1.0004892349243164, 65504.0, 65519.0, 65520.0, -70000.0, 6.103515625e-05, 5.999999848427251e-05, -2.9999999242136255e-05, 5.960000137861243e-08, 1.1754943508222875e-38, 9.99994610111476e-41, -9.99994610111476e-41, 3.1415927410125732, 10000000000.0, -1.000000013351432e-10, 2049.0, 2051.0]> : tensor<27xf32>
  %r = stablehlo.reduce_precision %x, format = e5m10 : tensor<27xf32>
  check.expect_eq_const %r, dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 1.0, -1.0, 1.0, 1.001953125, 1.0009765625, 65504.0, 65504.0, 0x7F800000, 0xFF800000, 6.103515625e-05, 0.0, -0.0, 0.0, 0.0, 0.0, -0.0, 3.140625, 0x7F800000, -0.0, 2048.0, 2052.0]> : tensor<27xf32>
  return
}

// -----

// f32 to bf16's format: same exponent range, so only rounding (3.4028235e38 rounds up to inf); f32 denormals stay denormals rounded.
func.func @e8m7_f32() {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 1.0, 1.00390625, 1.01171875, 3.0000000054977558e+38, 3.4028234663852886e+38, -3.39617752923046e+38, 1.1754943508222875e-38, 5.877471754111438e-39, -1.1754943508222875e-38, 0.10000000149011612, -123.45600128173828, 1.0000000031710769e-30]> : tensor<18xf32>
  %r = stablehlo.reduce_precision %x, format = e8m7 : tensor<18xf32>
  check.expect_eq_const %r, dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 1.0, 1.0, 1.015625, 3.00405527047391e+38, 0x7F800000, 0xFF800000, 1.1754943508222875e-38, 5.877471754111438e-39, -1.1754943508222875e-38, 0.10009765625, -123.5, 9.98402083170343e-31]> : tensor<18xf32>
  return
}

// -----

// f32 to e4m3 (exponent 4 bits: max 2^7 * 1.875 = 240, min normal 2^-6).
func.func @e4m3_f32() {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 0.0625, 0.25, 0.30000001192092896, 1.0, 1.1239999532699585, 1.125, 1.1260000467300415, 1.375, 1.5, 7.5, 15.0, 15.5, 16.0, 240.0, 255.0, 1000.0, -0.699999988079071, 0.015625, 0.0078125]> : tensor<25xf32>
  %r = stablehlo.reduce_precision %x, format = e4m3 : tensor<25xf32>
  check.expect_eq_const %r, dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 0.0625, 0.25, 0.3125, 1.0, 1.125, 1.125, 1.125, 1.375, 1.5, 7.5, 15.0, 16.0, 16.0, 240.0, 0x7F800000, 0x7F800000, -0.6875, 0.015625, 0.0]> : tensor<25xf32>
  return
}

// -----

// f32 to e2m1: a tiny format (min normal 1, max 3).
func.func @e2m1_f32() {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 0.0625, 0.25, 0.30000001192092896, 1.0, 1.1239999532699585, 1.125, 1.1260000467300415, 1.375, 1.5, 7.5, 15.0, 15.5, 16.0, 240.0, 255.0, 1000.0, -0.699999988079071, 0.015625, 0.0078125]> : tensor<25xf32>
  %r = stablehlo.reduce_precision %x, format = e2m1 : tensor<25xf32>
  check.expect_eq_const %r, dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.5, 1.5, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, -0.0, 0.0, 0.0]> : tensor<25xf32>
  return
}

// -----

// mantissa_bits = 0: values round to powers of two (ties to even on the
// exponent); NaN is still kept (the seeds: "NaN values are retained"; XLA's
// CPU back end; StableHLO's reference interpreter would give +inf).
func.func @e8m0_f32() {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 1.0, 1.399999976158142, 1.5, 1.600000023841858, 3.0, -3.0, 6.0, 0.75, 9.99994610111476e-41]> : tensor<15xf32>
  %r = stablehlo.reduce_precision %x, format = e8m0 : tensor<15xf32>
  check.expect_eq_const %r, dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 1.0, 1.0, 2.0, 2.0, 2.0, -2.0, 8.0, 0.5, 0.0]> : tensor<15xf32>
  return
}

// -----

// The f32 format itself: the identity.
func.func @e8m23_f32() {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 1.0, 9.99994610111476e-41, 3.4028234663852886e+38, -2.5]> : tensor<10xf32>
  %r = stablehlo.reduce_precision %x, format = e8m23 : tensor<10xf32>
  check.expect_eq_const %r, dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 1.0, 9.99994610111476e-41, 3.4028234663852886e+38, -2.5]> : tensor<10xf32>
  return
}

// -----

// NaNs (signaling, negative, with payloads) come back bit for bit when
// the format keeps a mantissa bit (compared as integers).
func.func @nan_payloads() {
  %x = stablehlo.constant dense<[0x7F800001, 0xFFC00123, 0x7FFFFFFF, 0x7FC00000]> : tensor<4xf32>
  %r = stablehlo.reduce_precision %x, format = e4m1 : tensor<4xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<4xf32>) -> tensor<4xi32>
  check.expect_eq_const %bits, dense<[2139095041, -4194013, 2147483647, 2143289344]> : tensor<4xi32>
  return
}

// -----

// With no mantissa bits too, every NaN (signaling, negative, with
// payloads) comes back bit for bit (the seeds and XLA; the reference
// interpreter's +inf is not followed, see reduce_precision.rs).
func.func @nan_no_mantissa_f32() {
  %x = stablehlo.constant dense<[0x7F800001, 0xFFC00123, 0x7FFFFFFF, 0x7FC00000, 0xFFC00000]> : tensor<5xf32>
  %r = stablehlo.reduce_precision %x, format = e5m0 : tensor<5xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<5xf32>) -> tensor<5xi32>
  check.expect_eq_const %bits, dense<[2139095041, -4194013, 2147483647, 2143289344, -4194304]> : tensor<5xi32>
  return
}

// -----

// The same in f64 and f16; finite values beside them as usual.
func.func @nan_no_mantissa_f64_f16() {
  %x = stablehlo.constant dense<[0x7FF8000000000000, 0xFFF8000000000001, 0x7FF0000000000001, 3.0]> : tensor<4xf64>
  %r = stablehlo.reduce_precision %x, format = e5m0 : tensor<4xf64>
  %bits = stablehlo.bitcast_convert %r : (tensor<4xf64>) -> tensor<4xi64>
  check.expect_eq_const %bits, dense<[9221120237041090560, -2251799813685247, 9218868437227405313, 4611686018427387904]> : tensor<4xi64>
  %h = stablehlo.constant dense<[0x7E00, 0xFE01, 0x7C01, 3.0]> : tensor<4xf16>
  %s = stablehlo.reduce_precision %h, format = e5m0 : tensor<4xf16>
  %hbits = stablehlo.bitcast_convert %s : (tensor<4xf16>) -> tensor<4xi16>
  check.expect_eq_const %hbits, dense<[32256, -511, 31745, 16384]> : tensor<4xi16>
  return
}

// -----

// f32 to e5m2.
func.func @e5m2_f32() {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 1.0, -1.0, 1.00048828125, 1.00146484375, 1.0004892349243164, 65504.0, 0.10000000149011612, 57344.0, 61440.0, 9.999999747378752e-06]> : tensor<16xf32>
  %r = stablehlo.reduce_precision %x, format = e5m2 : tensor<16xf32>
  check.expect_eq_const %r, dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0.0, -0.0, 1.0, -1.0, 1.0, 1.0, 1.0, 0x7F800000, 0.09375, 57344.0, 0x7F800000, 0.0]> : tensor<16xf32>
  return
}

// -----

// f64 to f32's format: f64 values beyond f32's range overflow, tiny ones flush (no f32 denormals), ties to even.
func.func @e8m23_f64() {
  %x = stablehlo.constant dense<[0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0.0, -0.0, 1.0, 1.0000000596046448, 1.0000001788139343, 1.0000000596055543, 3.4028235e+38, 3.5e+38, 1.0e-38, 1.0e-40, 1.0e-300, -1.0e+300, 0.1]> : tensor<17xf64>
  %r = stablehlo.reduce_precision %x, format = e8m23 : tensor<17xf64>
  check.expect_eq_const %r, dense<[0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0.0, -0.0, 1.0, 1.0, 1.000000238418579, 1.0000001192092896, 3.4028234663852886e+38, 0x7FF0000000000000, 0.0, 0.0, 0.0, 0xFFF0000000000000, 0.10000000149011612]> : tensor<17xf64>
  return
}

// -----

// The f64 format itself: the identity.
func.func @e11m52_f64() {
  %x = stablehlo.constant dense<[0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0.0, -0.0, 0.1, 5.0e-324, 1.7976931348623157e+308]> : tensor<9xf64>
  %r = stablehlo.reduce_precision %x, format = e11m52 : tensor<9xf64>
  check.expect_eq_const %r, dense<[0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0.0, -0.0, 0.1, 5.0e-324, 1.7976931348623157e+308]> : tensor<9xf64>
  return
}

// -----

// f16 to e5m2: only the mantissa is rounded; f16 denormals are kept (the exponent width is the same) and rounded.
func.func @e5m2_f16() {
  %x = stablehlo.constant dense<[0x7C00, 0xFC00, 0x7E00, 0.0, -0.0, 1.0, 1.125, 1.25, 1.375, 65504.0, 57344.0, 6.097555160522461e-05, 2.9981136322021484e-05, 1.1920928955078125e-07, -2.5]> : tensor<15xf16>
  %r = stablehlo.reduce_precision %x, format = e5m2 : tensor<15xf16>
  check.expect_eq_const %r, dense<[0x7C00, 0xFC00, 0x7E00, 0.0, -0.0, 1.0, 1.0, 1.25, 1.5, 0x7C00, 57344.0, 6.103515625e-05, 3.0517578125e-05, 0.0, -2.5]> : tensor<15xf16>
  return
}

// -----

// f16 to e4m3: exponent overflow to inf and flush to zero.
func.func @e4m3_f16() {
  %x = stablehlo.constant dense<[0x7C00, 0x7E00, 0.0, 1.0, 240.0, 250.0, 300.0, -1000.0, 0.015625, 0.01000213623046875, 0.0078125, -0.004001617431640625]> : tensor<12xf16>
  %r = stablehlo.reduce_precision %x, format = e4m3 : tensor<12xf16>
  check.expect_eq_const %r, dense<[0x7C00, 0x7E00, 0.0, 1.0, 240.0, 0x7C00, 0x7C00, 0xFC00, 0.015625, 0.0, 0.0, -0.0]> : tensor<12xf16>
  return
}

// -----

// bf16 to e5m10: the exponent range shrinks (inf above 65504, zero below 2^-14); bf16 has fewer mantissa bits, so no rounding.
func.func @e5m10_bf16() {
  %x = stablehlo.constant dense<[0x7F80, 0x7FC0, 0.0, -0.0, 1.0, 65280.0, 65536.0, -9999220736.0, 6.103515625e-05, 3.0040740966796875e-05, 1.0005576689441423e-20, 3.140625]> : tensor<12xbf16>
  %r = stablehlo.reduce_precision %x, format = e5m10 : tensor<12xbf16>
  check.expect_eq_const %r, dense<[0x7F80, 0x7FC0, 0.0, -0.0, 1.0, 65280.0, 0x7F80, 0xFF80, 6.103515625e-05, 0.0, 0.0, 3.140625]> : tensor<12xbf16>
  return
}
