// stablehlo.rng_bit_generator (XLA RngBitGenerator), THREE_FRY and PHILOX:
// bit for bit against jax.lax.rng_bit_generator under jax.jit on the CPU
// (XLA's RngBitGeneratorExpander), new state included; three-word PHILOX
// states (which JAX cannot pass) against a Python transcription of XLA's
// prng.cc that matches JAX on two-word states.
//
// stablehlo.rng (XLA RngUniform/RngNormal) draws from a fixed seed, so its
// tests check properties: bounds, sample mean and deviation, and that two
// ops of one function draw different numbers.

// RUN: xla-run --check --split-input-file %s | FileCheck %s
// CHECK: 42 passed, 0 failed

// THREE_FRY, 5 x ui32: an odd length, so the split is along the (only, largest) dimension and the last counter's second word is dropped.
func.func @threefry_u32_odd() {
  %state = stablehlo.constant dense<[1311768467294899695, 1147797409030816545]> : tensor<2xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>)
  check.expect_eq_const %new, dense<[1311768467294899695, 1147797409030816548]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[1499612517, 2396828263, 4220884610, 1496908859, 1406891314]> : tensor<5xui32>
  return
}

// -----

// THREE_FRY, [3, 4] ui32: split along the first even dimension (1).
func.func @threefry_u32_2d() {
  %state = stablehlo.constant dense<[42, 7]> : tensor<2xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>)
  check.expect_eq_const %new, dense<[42, 13]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[2642642533, 3437982737, 356970675, 1736384518], [4222757798, 1010817143, 563344011, 4074627445], [653491321, 3185375099, 2676170827, 896844053]]> : tensor<3x4xui32>
  return
}

// -----

// THREE_FRY, [3, 1, 5] ui32: no even dimension, split along the largest (2).
func.func @threefry_u32_3d() {
  %state = stablehlo.constant dense<[1, 18446744073709551613]> : tensor<2xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x1x5xui32>)
  check.expect_eq_const %new, dense<[1, 6]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[[3276612752, 1432270967, 2522165384, 3844624407, 277883032]], [[3023415290, 2531993477, 247883890, 763684785, 43444564]], [[3979645651, 3745730563, 1672743891, 4240503393, 2109414752]]]> : tensor<3x1x5xui32>
  return
}

// -----

// THREE_FRY, a rank-0 ui32: the first word of counter state[1].
func.func @threefry_u32_scalar() {
  %state = stablehlo.constant dense<[5, 9]> : tensor<2xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
  check.expect_eq_const %new, dense<[5, 10]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<3804237681> : tensor<ui32>
  return
}

// -----

// THREE_FRY, [2, 3] ui64: one counter per element, lo | hi << 32; the counter wraps around 2^64.
func.func @threefry_u64() {
  %state = stablehlo.constant dense<[99, 18446744073709551614]> : tensor<2xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui64>)
  check.expect_eq_const %new, dense<[99, 4]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[6804599988301548706, 12233920919458898421, 15803651826071253696], [13529639838196213464, 11576775352210840893, 4502383045679144554]]> : tensor<2x3xui64>
  return
}

// -----

// THREE_FRY, [4, 2] ui8: 32-bit words truncated.
func.func @threefry_u8() {
  %state = stablehlo.constant dense<[1311768467294899695, 1147797409030816545]> : tensor<2xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x2xui8>)
  check.expect_eq_const %new, dense<[1311768467294899695, 1147797409030816549]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[101, 130], [103, 59], [50, 100], [168, 248]]> : tensor<4x2xui8>
  return
}

// -----

// THREE_FRY, 7 x ui16.
func.func @threefry_u16() {
  %state = stablehlo.constant dense<[1311768467294899695, 1147797409030816545]> : tensor<2xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui16>)
  check.expect_eq_const %new, dense<[1311768467294899695, 1147797409030816549]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[17765, 45671, 38530, 1083, 30002, 24488, 34404]> : tensor<7xui16>
  return
}

// -----

// PHILOX with a two-word state (counter (state[1], state[0]) as XLA reads it), 6 x ui32: four words per counter.
func.func @philox_u32() {
  %state = stablehlo.constant dense<[1311768467294899695, 1147797409030816545]> : tensor<2xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<6xui32>)
  check.expect_eq_const %new, dense<[1311768467294899695, 1147797409030816547]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[701489181, 2326822665, 1787516815, 1633347395, 2267099603, 3152247410]> : tensor<6xui32>
  return
}

// -----

// PHILOX with a three-word state, [2, 5] ui32.
func.func @philox_u32_3() {
  %state = stablehlo.constant dense<[1311768467294899695, 1147797409030816545, 3]> : tensor<3xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x5xui32>)
  check.expect_eq_const %new, dense<[1311768467294899695, 1147797409030816548, 3]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[[3350545877, 2633544721, 2422576539, 1895447376, 3797333820], [2837884601, 2692496301, 4158183953, 1032673166, 2017160369]]> : tensor<2x5xui32>
  return
}

// -----

// PHILOX: the 128-bit counter carries from state[1] into state[2].
func.func @philox_carry() {
  %state = stablehlo.constant dense<[7, 18446744073709551614, 10]> : tensor<3xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<3x4xui32>)
  check.expect_eq_const %new, dense<[7, 1, 11]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[[4288061517, 941349073, 2514826083, 3795716700], [1709972143, 3125865351, 765870948, 2492385268], [3095590853, 1250737154, 3829979427, 3461007357]]> : tensor<3x4xui32>
  return
}

// -----

// PHILOX, 5 x ui64: two 64-bit words per counter.
func.func @philox_u64() {
  %state = stablehlo.constant dense<[1311768467294899695, 1147797409030816545, 0]> : tensor<3xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui64>)
  check.expect_eq_const %new, dense<[1311768467294899695, 1147797409030816548, 0]> : tensor<3xui64>
  check.expect_eq_const %bits, dense<[7156138813682788171, 5292438922636529422, 12965751796543540643, 6498281044175385645, 8566365198564490049]> : tensor<5xui64>
  return
}

// -----

// PHILOX, [3, 3] ui16.
func.func @philox_u16() {
  %state = stablehlo.constant dense<[1311768467294899695, 1147797409030816545]> : tensor<2xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x3xui16>)
  check.expect_eq_const %new, dense<[1311768467294899695, 1147797409030816548]> : tensor<2xui64>
  check.expect_eq_const %bits, dense<[[57373, 32521, 22415], [59203, 12755, 31346], [47846, 19701, 16065]]> : tensor<3x3xui16>
  return
}

// -----

// DEFAULT draws as PHILOX (as XLA's CPU back end does); an f32 output holds
// the same bits as ui32, an i32 output too.
func.func @default_and_float_bits() {
  %state = stablehlo.constant dense<[1311768467294899695, 1147797409030816545]> : tensor<2xui64>
  %new, %bits = stablehlo.rng_bit_generator %state, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xf32>)
  %ints = stablehlo.bitcast_convert %bits : (tensor<2x3xf32>) -> tensor<2x3xui32>
  %new_p, %philox = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  check.expect_eq %new, %new_p : tensor<2xui64>
  check.expect_eq %ints, %philox : tensor<2x3xui32>
  %new2, %signed = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xi32>)
  %same = stablehlo.bitcast_convert %signed : (tensor<2x3xi32>) -> tensor<2x3xui32>
  check.expect_eq %same, %philox : tensor<2x3xui32>
  return
}

// -----

// UNIFORM f32 in [2, 5): 4096 draws stay in bounds, mean 3.5, and both ends
// of the interval are approached.
func.func @uniform_f32() {
  %a = stablehlo.constant dense<2.0> : tensor<f32>
  %b = stablehlo.constant dense<5.0> : tensor<f32>
  %shape = stablehlo.constant dense<[64, 64]> : tensor<2xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<64x64xf32>
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %min = stablehlo.reduce(%r init: %inf) applies stablehlo.minimum across dimensions = [0, 1] : (tensor<64x64xf32>, tensor<f32>) -> tensor<f32>
  %max = stablehlo.reduce(%r init: %ninf) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<64x64xf32>, tensor<f32>) -> tensor<f32>
  %sum = stablehlo.reduce(%r init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<64x64xf32>, tensor<f32>) -> tensor<f32>
  %n = stablehlo.constant dense<4096.0> : tensor<f32>
  %mean = stablehlo.divide %sum, %n : tensor<f32>
  %in_low = stablehlo.compare GE, %min, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %in_high = stablehlo.compare LT, %max, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %in_low, dense<true> : tensor<i1>
  check.expect_eq_const %in_high, dense<true> : tensor<i1>
  check.expect_almost_eq_const %min, dense<2.0> : tensor<f32>, tolerance = 1.0e-2
  check.expect_almost_eq_const %max, dense<5.0> : tensor<f32>, tolerance = 1.0e-2
  check.expect_almost_eq_const %mean, dense<3.5> : tensor<f32>, tolerance = 5.0e-2
  return
}

// -----

// NORMAL f32 with mean 1 and standard deviation 2: sample moments of 4096
// draws (Box-Muller).
func.func @normal_f32() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.constant dense<2.0> : tensor<f32>
  %shape = stablehlo.constant dense<[4096]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4096xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<4096.0> : tensor<f32>
  %sum = stablehlo.reduce(%r init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4096xf32>, tensor<f32>) -> tensor<f32>
  %mean = stablehlo.divide %sum, %n : tensor<f32>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [] : (tensor<f32>) -> tensor<4096xf32>
  %c = stablehlo.subtract %r, %mb : tensor<4096xf32>
  %sq = stablehlo.multiply %c, %c : tensor<4096xf32>
  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4096xf32>, tensor<f32>) -> tensor<f32>
  %var = stablehlo.divide %ss, %n : tensor<f32>
  %std = stablehlo.sqrt %var : tensor<f32>
  check.expect_almost_eq_const %mean, dense<1.0> : tensor<f32>, tolerance = 1.0e-1
  check.expect_almost_eq_const %std, dense<2.0> : tensor<f32>, tolerance = 1.0e-1
  return
}

// -----

// UNIFORM on integers in [-3, 4): every value from -3 to 3 comes up, none
// outside.
func.func @uniform_i32() {
  %a = stablehlo.constant dense<-3> : tensor<i32>
  %b = stablehlo.constant dense<4> : tensor<i32>
  %shape = stablehlo.constant dense<[1000]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<1000xi32>
  %big = stablehlo.constant dense<2147483647> : tensor<i32>
  %small = stablehlo.constant dense<-2147483648> : tensor<i32>
  %min = stablehlo.reduce(%r init: %big) applies stablehlo.minimum across dimensions = [0] : (tensor<1000xi32>, tensor<i32>) -> tensor<i32>
  %max = stablehlo.reduce(%r init: %small) applies stablehlo.maximum across dimensions = [0] : (tensor<1000xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %min, dense<-3> : tensor<i32>
  check.expect_eq_const %max, dense<3> : tensor<i32>
  return
}

// -----

// UNIFORM on ui8 in [250, 255): unsigned bounds.
func.func @uniform_ui8() {
  %a = stablehlo.constant dense<250> : tensor<ui8>
  %b = stablehlo.constant dense<255> : tensor<ui8>
  %shape = stablehlo.constant dense<[200]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<ui8>, tensor<ui8>, tensor<1xi64>) -> tensor<200xui8>
  %big = stablehlo.constant dense<255> : tensor<ui8>
  %small = stablehlo.constant dense<0> : tensor<ui8>
  %min = stablehlo.reduce(%r init: %big) applies stablehlo.minimum across dimensions = [0] : (tensor<200xui8>, tensor<ui8>) -> tensor<ui8>
  %max = stablehlo.reduce(%r init: %small) applies stablehlo.maximum across dimensions = [0] : (tensor<200xui8>, tensor<ui8>) -> tensor<ui8>
  check.expect_eq_const %min, dense<250> : tensor<ui8>
  check.expect_eq_const %max, dense<254> : tensor<ui8>
  return
}

// -----

// Two rng ops of one function draw different numbers (no element equal),
// while each is a fixed function of its position.
func.func @two_streams() {
  %a = stablehlo.constant dense<0.0> : tensor<f64>
  %b = stablehlo.constant dense<1.0> : tensor<f64>
  %shape = stablehlo.constant dense<[256]> : tensor<1xi64>
  %r1 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<256xf64>
  %r2 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<256xf64>
  %eq = stablehlo.compare EQ, %r1, %r2, FLOAT : (tensor<256xf64>, tensor<256xf64>) -> tensor<256xi1>
  %ones = stablehlo.convert %eq : (tensor<256xi1>) -> tensor<256xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %same = stablehlo.reduce(%ones init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<256xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %same, dense<0> : tensor<i32>
  %sum = stablehlo.constant dense<0.0> : tensor<f64>
  %total = stablehlo.reduce(%r1 init: %sum) applies stablehlo.add across dimensions = [0] : (tensor<256xf64>, tensor<f64>) -> tensor<f64>
  %n = stablehlo.constant dense<256.0> : tensor<f64>
  %mean = stablehlo.divide %total, %n : tensor<f64>
  check.expect_almost_eq_const %mean, dense<0.5> : tensor<f64>, tolerance = 6.0e-2
  return
}

// -----

// f16 and bf16 draws are computed in f32 and rounded; UNIFORM still stays
// below b.
func.func @uniform_f16_bf16() {
  %a = stablehlo.constant dense<0.0> : tensor<f16>
  %b = stablehlo.constant dense<1.0> : tensor<f16>
  %shape = stablehlo.constant dense<[2048]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f16>, tensor<f16>, tensor<1xi64>) -> tensor<2048xf16>
  %ninf = stablehlo.constant dense<0xFC00> : tensor<f16>
  %max = stablehlo.reduce(%r init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<2048xf16>, tensor<f16>) -> tensor<f16>
  %below = stablehlo.compare LT, %max, %b, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %below, dense<true> : tensor<i1>
  %c = stablehlo.constant dense<0.0> : tensor<bf16>
  %d = stablehlo.constant dense<1.0> : tensor<bf16>
  %s = stablehlo.rng %c, %d, %shape, distribution = NORMAL : (tensor<bf16>, tensor<bf16>, tensor<1xi64>) -> tensor<2048xbf16>
  %w = stablehlo.convert %s : (tensor<2048xbf16>) -> tensor<2048xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %total = stablehlo.reduce(%w init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2048xf32>, tensor<f32>) -> tensor<f32>
  %n = stablehlo.constant dense<2048.0> : tensor<f32>
  %mean = stablehlo.divide %total, %n : tensor<f32>
  check.expect_almost_eq_const %mean, dense<0.0> : tensor<f32>, tolerance = 1.0e-1
  return
}
