// Verifier and parser errors of the ops in StablehloMiscOps.td except the
// dynamic-shape ones (invalid-dynamic-ops.mlir): one case per rule, named
// after the spec constraint id; broadcast, dot and custom_call have no spec
// constraints and their cases are named after the rule.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

func.func @fft_c1(%x: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{operand rank 1 is less than size(fft_length) = 2}}
  %0 = stablehlo.fft %x, type = FFT, length = [2, 4] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_c2_fft_real_operand(%x: tensor<8xf32>) {
  // expected-error @+1 {{'stablehlo.fft' op fft_type FFT needs a complex operand, got element type 'f32'}}
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_c2_rfft_precision(%x: tensor<8xf64>) {
  // expected-error @+1 {{'stablehlo.fft' op result type 'tensor<5xcomplex<f32>>' does not match the inferred type 'tensor<5xcomplex<f64>>' (fft_c2/c5: FFT/IFFT keep the type; RFFT: complex, last dimension n / 2 + 1 of fft_length's n; IRFFT: real, last dimensions fft_length)}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf64>) -> tensor<5xcomplex<f32>>
  return
}

// -----

func.func @fft_c2_irfft_complex_result(%x: tensor<5xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op result type 'tensor<8xcomplex<f32>>' does not match the inferred type 'tensor<8xf32>' (fft_c2/c5: FFT/IFFT keep the type; RFFT: complex, last dimension n / 2 + 1 of fft_length's n; IRFFT: real, last dimensions fft_length)}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<5xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_c3(%x: tensor<2x2x2x2xcomplex<f32>>) {
  // expected-error @+1 {{fft_length must have 1 to 3 entries, got 4}}
  %0 = stablehlo.fft %x, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return
}

// -----

func.func @fft_c4(%x: tensor<8xf32>) {
  // expected-error @+1 {{the minor dimensions [8] of the real operand must equal fft_length [4]}}
  %0 = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<8xf32>) -> tensor<3xcomplex<f32>>
  return
}

// -----

func.func @fft_c5_rfft(%x: tensor<8xf32>) {
  // expected-error @+1 {{'stablehlo.fft' op result type 'tensor<8xcomplex<f32>>' does not match the inferred type 'tensor<5xcomplex<f32>>' (fft_c2/c5: FFT/IFFT keep the type; RFFT: complex, last dimension n / 2 + 1 of fft_length's n; IRFFT: real, last dimensions fft_length)}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_c5_irfft(%x: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op the minor dimensions [8] of the complex operand must be [5] for fft_length [8]}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  return
}

// -----

// FFT/IFFT transform axes of fft_length's time-domain lengths: a longer
// length read past the operand (issue 19: garbage values, a segfault for
// 2^31, a hang for 2^31 - 1).
func.func @fft_length_fft_longer(%x: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op the minor dimensions [8] of the FFT operand must equal fft_length [16]}}
  %0 = stablehlo.fft %x, type = FFT, length = [16] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_length_ifft_huge(%x: tensor<4x8xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op the minor dimensions [4, 8] of the IFFT operand must equal fft_length [4, 2147483648]}}
  %0 = stablehlo.fft %x, type = IFFT, length = [4, 2147483648] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  return
}

// -----

func.func @fft_length_fft_int32_max(%x: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op the minor dimensions [8] of the FFT operand must equal fft_length [2147483647]}}
  %0 = stablehlo.fft %x, type = FFT, length = [2147483647] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_length_negative(%x: tensor<8xf32>) {
  // expected-error @+1 {{'stablehlo.fft' op fft_length must be non-negative, got [-8]}}
  %0 = stablehlo.fft %x, type = RFFT, length = [-8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  return
}

// -----

func.func @fft_c5_batch(%x: tensor<3x8xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op result type 'tensor<2x8xcomplex<f32>>' does not match the inferred type 'tensor<3x8xcomplex<f32>>' (fft_c2/c5: FFT/IFFT keep the type; RFFT: complex, last dimension n / 2 + 1 of fft_length's n; IRFFT: real, last dimensions fft_length)}}
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<2x8xcomplex<f32>>
  return
}

// -----

func.func @reduce_precision_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_precision' op result type 'tensor<4xf16>' does not match the inferred type 'tensor<4xf32>' (reduce_precision_c1: the operand's type)}}
  %0 = stablehlo.reduce_precision %x, format = e5m10 : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @reduce_precision_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{exponent_bits must be at least 1, got 0}}
  %0 = stablehlo.reduce_precision %x, format = e0m10 : tensor<4xf32>
  return
}

// -----

func.func @reduce_precision_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{mantissa_bits must be non-negative, got -1}}
  %0 = "stablehlo.reduce_precision"(%x) <{exponent_bits = 5 : i32, mantissa_bits = -1 : i32}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_precision_format_syntax(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected a format such as e5m10, got 'f5m10'}}
  %0 = stablehlo.reduce_precision %x, format = f5m10 : tensor<4xf32>
  return
}

// -----

func.func @rng_c1(%a: tensor<f32>, %b: tensor<f64>, %s: tensor<1xi64>) {
  // expected-error @+1 {{must have the same element type}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f64>, tensor<1xi64>) -> tensor<4xf32>
  return
}

// -----

func.func @rng_c2(%a: tensor<i32>, %b: tensor<i32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{rng_distribution NORMAL requires a floating-point element type, got 'i32'}}
  %0 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<4xi32>
  return
}

// -----

func.func @rng_c3_rank(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{shape has 2 entries but the result has rank 1}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4xf32>
  return
}

// -----

func.func @rng_c3_values(%a: tensor<f32>, %b: tensor<f32>) {
  %s = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  // expected-error @+1 {{result shape [3, 3] must equal shape [3, 4]}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  return
}

// -----

func.func @rng_bit_generator_c1(%s: tensor<2xui64>) {
  // expected-error @+1 {{output_state type 'tensor<3xui64>' must equal the initial_state type 'tensor<2xui64>'}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

func.func @rng_bit_generator_c2_three_fry(%s: tensor<3xui64>) {
  // expected-error @+1 {{initial_state of THREE_FRY must have 2 elements, got 3}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

func.func @rng_bit_generator_c2_philox(%s: tensor<4xui64>) {
  // expected-error @+1 {{initial_state of PHILOX must have 2 or 3 elements, got 4}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  return
}

// -----

func.func @rng_bit_generator_c2_rank(%s: tensor<2x2xui64>) {
  // expected-error @+1 {{initial_state must be 1-dimensional, got 'tensor<2x2xui64>'}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2x2xui64>) -> (tensor<2x2xui64>, tensor<4xui32>)
  return
}

// -----

func.func @map_c1(%a: tensor<4xf32>, %b: tensor<5xf32>) {
  // expected-error @+1 {{'stablehlo.map' op requires all operands to have the same shape, got (tensor<4xf32>, tensor<5xf32>)}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @map_c2() {
  // expected-error @+1 {{'stablehlo.map' op needs at least one input}}
  %0 = "stablehlo.map"() <{dimensions = array<i64>}> ({
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : () -> tensor<f32>
  return
}

// -----

func.func @map_c3(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) {
  // expected-error @+1 {{dimensions must be [0, ..., 1] (all dimensions in order), got [1, 0]}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 1, 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @map_c4_arguments(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{computation arguments (tensor<f32>, tensor<f32>) must be (tensor<f32>, tensor<i32>)}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @map_c4_result(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.map' op result type 'tensor<4xf64>' does not match the inferred type 'tensor<4xf32>' (map_c7: the operands' shape, with the element type the computation returns)}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @broadcast_negative_size(%x: tensor<3xi32>) {
  // expected-error @+1 {{broadcast_sizes must be non-negative, got [-1]}}
  %0 = stablehlo.broadcast %x, sizes = [-1] : (tensor<3xi32>) -> tensor<1x3xi32>
  return
}

// -----

func.func @broadcast_result_shape(%x: tensor<3xi32>) {
  // expected-error @+1 {{'stablehlo.broadcast' op result type 'tensor<3x2xi32>' does not match the inferred type 'tensor<2x3xi32>' (broadcast_sizes, then the operand shape)}}
  %0 = stablehlo.broadcast %x, sizes = [2] : (tensor<3xi32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @dot_element_types(%a: tensor<3xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{lhs and rhs must have the same element type}}
  %0 = stablehlo.dot %a, %b : (tensor<3xf32>, tensor<3xf64>) -> tensor<f32>
  return
}

// -----

func.func @dot_rank(%a: tensor<2x3x4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{lhs and rhs must have rank 1 or 2, got 3 and 1}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dot_contracting(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{contracting dimensions differ}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @dot_result_shape(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'stablehlo.dot' op result type 'tensor<2x1xf32>' does not match the inferred type 'tensor<2xf32>' (dot: lhs rows, then rhs columns)}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @dot_precision_count(%a: tensor<3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{precision_config must have at most 2 entries, got 3}}
  %0 = stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT, HIGH] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return
}

// -----

func.func @cholesky_c1(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{'stablehlo.cholesky' op result type 'tensor<3x3xf64>' does not match the inferred type 'tensor<3x3xf32>' (cholesky_c1: the result has a's type)}}
  %0 = stablehlo.cholesky %a, lower = true : (tensor<3x3xf32>) -> tensor<3x3xf64>
  return
}

// -----

func.func @cholesky_c2(%a: tensor<3xf32>) {
  // expected-error @+1 {{a must have rank at least 2, got 'tensor<3xf32>'}}
  %0 = stablehlo.cholesky %a : tensor<3xf32>
  return
}

// -----

func.func @cholesky_c3(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{the two minor dimensions of a must be equal (square matrices)}}
  %0 = stablehlo.cholesky %a : tensor<3x4xf32>
  return
}

// -----

func.func @triangular_solve_c1(%a: tensor<3x3xf32>, %b: tensor<3x2xf64>) {
  // expected-error @+1 {{a and b must have the same element type, got 'f32' and 'f64'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf64>) -> tensor<3x2xf64>
  return
}

// -----

func.func @triangular_solve_c2(%a: tensor<3x3xf32>, %b: tensor<1x3x2xf32>) {
  // expected-error @+1 {{a and b must have the same rank, at least 2}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<1x3x2xf32>) -> tensor<1x3x2xf32>
  return
}

// -----

func.func @triangular_solve_c3_batch(%a: tensor<2x3x3xf32>, %b: tensor<4x3x2xf32>) {
  // expected-error @+1 {{must have the same batch dimensions}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<4x3x2xf32>) -> tensor<4x3x2xf32>
  return
}

// -----

func.func @triangular_solve_c3_square(%a: tensor<3x4xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+1 {{the two minor dimensions of a must be equal}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<3x4xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @triangular_solve_c3_side(%a: tensor<3x3xf32>, %b: tensor<2x3xf32>) {
  // expected-error @+1 {{a is 3x3 but b's rows number 2 (left_side = true)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @triangular_solve_c4(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+1 {{'stablehlo.triangular_solve' op result type 'tensor<2x3xf32>' does not match the inferred type 'tensor<3x2xf32>' (triangular_solve_c4: the result has b's type)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_training_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) {
  // expected-error @+1 {{feature_index 2 is out of range for an operand of rank 2}}
  %y, %m, %v = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-05 : f32, feature_index = 2 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c2(%x: tensor<2x3xf32>, %s: tensor<3xf16>, %o: tensor<3xf16>) {
  // expected-error @+1 {{scale must have the operand's element type 'f32', got 'tensor<3xf16>'}}
  %y, %m, %v = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf16>, tensor<3xf16>) -> (tensor<2x3xf32>, tensor<3xf16>, tensor<3xf16>)
  return
}

// -----

func.func @batch_norm_training_c3(%x: tensor<2x3xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>) {
  // expected-error @+1 {{scale must have 3 elements (the size of the feature dimension), got 'tensor<4xf32>'}}
  %y, %m, %v = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @batch_norm_inference_c7(%x: tensor<2x3xf32>, %s: tensor<3xf32>) {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op result type 'tensor<3x2xf32>' does not match the inferred type 'tensor<2x3xf32>' (the operand's type)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @batch_norm_grad_c3(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %g: tensor<2x4xf32>) {
  // expected-error @+1 {{grad_output must have the operand type 'tensor<2x3xf32>', got 'tensor<2x4xf32>'}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %g) <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @custom_call_layouts_together(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{operand_layouts and result_layouts must be given together}}
  %0:2 = stablehlo.custom_call @target(%a) {operand_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_layout_count(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{operand_layouts has 2 layouts for 1 values}}
  %0:2 = stablehlo.custom_call @target(%a) {operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_layout_permutation(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{operand_layouts[0] = [0, 0] must be a permutation of [0, 2) for 'tensor<4x4xf32>'}}
  %0:2 = stablehlo.custom_call @target(%a) {operand_layouts = [dense<[0, 0]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_alias_operand_index(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{output_operand_aliases: operand_index 3 is out of range for 1 operands}}
  %0:2 = stablehlo.custom_call @target(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 3, operand_tuple_indices = []>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_alias_operand_tuple_indices(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{output_operand_aliases: operand_tuple_indices [0] do not lead into operand 0 of type 'tensor<4x4xf32>'}}
  %0:2 = stablehlo.custom_call @target(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = [0]>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_alias_output_tuple_indices(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{output_operand_aliases: output_tuple_indices [2] do not name a result of (tensor<4x4xf32>, tensor<i32>)}}
  %0:2 = stablehlo.custom_call @target(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [2], operand_index = 0, operand_tuple_indices = []>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_alias_types(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{output_operand_aliases: the aliased result has type 'tensor<i32>' but the operand has type 'tensor<4x4xf32>'}}
  %0:2 = stablehlo.custom_call @target(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = []>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_alias_tuple_operand(%a: tuple<tensor<4x4xf32>, !stablehlo.token>) {
  // expected-error @+1 {{the aliased result has type 'tensor<4x4xf32>' but the operand has type '!stablehlo.token'}}
  %0:2 = stablehlo.custom_call @target(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<4x4xf32>, !stablehlo.token>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_backend_config_dictionary(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{backend_config must be a string for api_version API_VERSION_ORIGINAL}}
  %0:2 = stablehlo.custom_call @target(%a) {backend_config = {uplo = 76 : ui8}} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_backend_config_typed_ffi(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{backend_config must be a dictionary for api_version API_VERSION_TYPED_FFI}}
  %0:2 = stablehlo.custom_call @target(%a) {api_version = 4 : i32, backend_config = "x"} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_api_version(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{attribute 'api_version' failed to satisfy constraint}}
  %0:2 = stablehlo.custom_call @target(%a) {api_version = 7 : i32} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

func.func @custom_call_called_computations(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{called computation @nope does not exist}}
  %0:2 = stablehlo.custom_call @target(%a) {called_computations = [@nope]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return
}

// -----

// expected-error @+1 {{#stablehlo.output_operand_alias needs operand_index}}
#bad_alias = #stablehlo.output_operand_alias<output_tuple_indices = [0], operand_tuple_indices = []>

// -----

func.func @composite_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{name "gelu" must be namespaced, such as "my_dialect.my_op"}}
  %0 = stablehlo.composite "gelu" %x {decomposition = @f} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

func.func @composite_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{decomposition @f is not a function in scope}}
  %0 = stablehlo.composite "my.gelu" %x {decomposition = @f} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @composite_c3(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{decomposition @f takes (tensor<2xf32>) but the operands are (tensor<4xf32>)}}
  %0 = stablehlo.composite "my.gelu" %x {decomposition = @f} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @f(%x: tensor<2xf32>) -> tensor<4xf32>

// -----

func.func @composite_c4(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{decomposition @f returns (tensor<4xf32>, tensor<4xf32>) but the results are (tensor<4xf32>)}}
  %0 = stablehlo.composite "my.gelu" %x {decomposition = @f} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)

// -----

func.func @tuple_c2(%a: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.tuple' op result type 'tuple<tensor<i32>>' does not match the inferred type 'tuple<tensor<f32>>' (tuple_c1: the tuple of the operand types)}}
  %0 = "stablehlo.tuple"(%a) : (tensor<f32>) -> tuple<tensor<i32>>
  return
}

// -----

func.func @tuple_element_count(%a: tensor<f32>) {
  // expected-error @+1 {{tuple type has 2 elements for 1 operands}}
  %0 = stablehlo.tuple %a : tuple<tensor<f32>, tensor<f32>>
  return
}

// -----

func.func @get_tuple_element_c1(%t: tuple<tensor<f32>, tensor<i32>>) {
  // expected-error @+1 {{index 2 is out of range for 'tuple<tensor<f32>, tensor<i32>>'}}
  %0 = stablehlo.get_tuple_element %t[2] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  return
}

// -----

func.func @get_tuple_element_c2(%t: tuple<tensor<f32>, tensor<i32>>) {
  // expected-error @+1 {{'stablehlo.get_tuple_element' op result type 'tensor<f32>' does not match the inferred type 'tensor<i32>' (get_tuple_element_c2: element `index` of the tuple)}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  return
}
