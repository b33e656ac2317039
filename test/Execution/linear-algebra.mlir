// stablehlo.cholesky and stablehlo.triangular_solve (XLA Cholesky,
// TriangularSolve): all flag combinations, batches, complex elements; and
// the custom_call targets JAX's CPU lowering emits for them
// (lapack_?potrf_ffi, lapack_?trsm_ffi). Expected values come from numpy
// (np.linalg.cholesky; np.linalg.solve on the triangle the flags select,
// transposed/conjugated as op(a) says; a direct Cholesky-Crout loop for
// LAPACK's info).

// RUN: xla-run --check --split-input-file %s | FileCheck %s
// CHECK: 48 passed, 0 failed

// Lower factor of a 3x3 SPD matrix; zeros above the diagonal.
func.func @cholesky_lower_f32() {
  %a = stablehlo.constant dense<[[6.350024239044111, -1.0685106586396749, 0.8579735951733594], [-1.0685106586396749, 3.6273332292301066, -0.6679255666262824], [0.8579735951733594, -0.6679255666262824, 3.8855694676086303]]> : tensor<3x3xf32>
  %r = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  check.expect_almost_eq_const %r, dense<[[2.5199254431518625, 0.0, 0.0], [-0.4240247113435258, 1.8567542307478786, 0.0], [0.34047578570428916, -0.28197346272515517, 1.9209728455333415]]> : tensor<3x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// Upper factor (a = U^T U); zeros below the diagonal.
func.func @cholesky_upper_f32() {
  %a = stablehlo.constant dense<[[8.875983137929584, -1.434260518842654, 0.455656168568331], [-1.434260518842654, 3.625280926813797, 0.2792681674028236], [0.455656168568331, 0.2792681674028236, 3.9353119245995387]]> : tensor<3x3xf32>
  %r = stablehlo.cholesky %a, lower = false : tensor<3x3xf32>
  check.expect_almost_eq_const %r, dense<[[2.9792588235884416, -0.4814152122289005, 0.152942794013279], [0.0, 1.8421510036499178, 0.19156798456934307], [0.0, 0.0, 1.9685583896971384]]> : tensor<3x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// Only the lower triangle is read: the upper one holds 1000s.
func.func @cholesky_lower_reads_lower() {
  %a = stablehlo.constant dense<[[7.544376430626622, 1000.0, 1000.0, 1000.0], [2.3839860786185043, 8.956060545637015, 1000.0, 1000.0], [0.49673341714311986, 3.451642065865229, 7.871170404828696, 1000.0], [-0.2327920544873996, 1.625279604167502, 0.9825177657414698, 5.560562082348196]]> : tensor<4x4xf32>
  %r = stablehlo.cholesky %a, lower = true : tensor<4x4xf32>
  check.expect_almost_eq_const %r, dense<[[2.7467028289617756, 0.0, 0.0, 0.0], [0.8679446693254492, 2.864041304979129, 0.0, 0.0], [0.18084716406356918, 1.1503593639260166, 2.552476844538769, 0.0], [-0.08475327291791246, 0.5931621002291617, 0.12360369855819443, 2.2773361222341255]]> : tensor<4x4xf32>, tolerance = 1.0e-4
  return
}

// -----

// Only the upper triangle is read: the lower one holds 1000s.
func.func @cholesky_upper_reads_upper() {
  %a = stablehlo.constant dense<[[5.988685842970668, 0.5431401900501583, -0.060967321915929885, -1.7646172872378567], [1000.0, 4.886778336050659, 0.38012526131304614, 0.2566161818278246], [1000.0, 1000.0, 7.997792800955688, -1.7977457494377207], [1000.0, 1000.0, 1000.0, 7.847181181039845]]> : tensor<4x4xf32>
  %r = stablehlo.cholesky %a, lower = false : tensor<4x4xf32>
  check.expect_almost_eq_const %r, dense<[[2.4471791603743824, 0.22194541325166642, -0.02491330545108221, -0.7210821813993774], [0.0, 2.199435966239346, 0.17534252467747632, 0.1894381427613616], [0.0, 0.0, 2.8224859835270957, -0.6550703397966036], [0.0, 0.0, 0.0, 2.6195834990879847]]> : tensor<4x4xf32>, tolerance = 1.0e-4
  return
}

// -----

// A [2, 2] batch of 3x3 matrices in f64.
func.func @cholesky_batched_f64() {
  %a = stablehlo.constant dense<[[[[5.989178676450535, 0.5064595072730796, 0.2371017274564857], [0.5064595072730796, 5.848843196676675, 3.1772408780677996], [0.2371017274564857, 3.1772408780677996, 6.865078504299788]], [[3.793918467079455, 0.1201463465164517, -0.5360216761269002], [0.1201463465164517, 3.3106554964279686, 0.337827669306584], [-0.5360216761269002, 0.337827669306584, 4.1371697653186965]]], [[[4.694687310264249, 1.0773844324782516, -2.0235161183531436], [1.0773844324782516, 3.797332192523108, -0.5509005986092513], [-2.0235161183531436, -0.5509005986092513, 10.271435380332294]], [[4.005020360367723, -0.18591128187974662, 1.2562915909374364], [-0.18591128187974662, 7.185880265260447, 3.084333018352681], [1.2562915909374364, 3.084333018352681, 7.575229271789125]]]]> : tensor<2x2x3x3xf64>
  %r = stablehlo.cholesky %a, lower = true : tensor<2x2x3x3xf64>
  check.expect_almost_eq_const %r, dense<[[[[2.4472798524996144, 0.0, 0.0], [0.2069479331331027, 2.4095675441142155, 0.0], [0.09688378189127557, 1.3102728692388248, 2.2669091391678866]], [[1.9477983640714598, 0.0, 0.0], [0.06168315403310599, 1.8184748238390591, 0.0], [-0.2751936165540567, 0.1951099211790993, 2.0058340802230084]]], [[[2.166722711900221, 0.0, 0.0], [0.49724149129049505, 1.8841664183034132, 0.0], [-0.933906358778376, -0.04592142562572853, 3.065476392998992]], [[2.001254696526088, 0.0, 0.0], [-0.09289736194121813, 2.6790390712725354, 0.0], [0.6277519763567284, 1.1730510221401356, 2.4093791788395054]]]]> : tensor<2x2x3x3xf64>, tolerance = 1.0e-12
  return
}

// -----

// 1x1: the square root.
func.func @cholesky_1x1() {
  %a = stablehlo.constant dense<[[4.0]]> : tensor<1x1xf32>
  %r = stablehlo.cholesky %a, lower = true : tensor<1x1xf32>
  check.expect_almost_eq_const %r, dense<[[2.0]]> : tensor<1x1xf32>, tolerance = 1.0e-6
  return
}

// -----

// Not positive definite (second matrix: pivot 1 - 4 < 0): that matrix is all NaN, as XLA; the first is unaffected.
func.func @cholesky_not_positive_definite() {
  %a = stablehlo.constant dense<[[[4.865128126727362, -3.5413552131356876, -0.3617083526082638], [-3.5413552131356876, 12.549802011595983, -2.2553308836480093], [-0.3617083526082638, -2.2553308836480093, 6.319960031709613]], [[1.0, 2.0, 0.0], [2.0, 1.0, 0.0], [0.0, 0.0, 1.0]]]> : tensor<2x3x3xf32>
  %r = stablehlo.cholesky %a, lower = true : tensor<2x3x3xf32>
  check.expect_almost_eq_const %r, dense<[[[2.2057035446150426, 0.0, 0.0], [-1.6055445083639985, 3.1578519349801994, 0.0], [-0.1639877459921261, -0.7975739713332856, 2.3784330579450175]], [[0x7FC00000, 0x7FC00000, 0x7FC00000], [0x7FC00000, 0x7FC00000, 0x7FC00000], [0x7FC00000, 0x7FC00000, 0x7FC00000]]]> : tensor<2x3x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// A NaN pivot fails too.
func.func @cholesky_nan_pivot() {
  %a = stablehlo.constant dense<[[1.0, 0.0], [0.0, 0x7FC00000]]> : tensor<2x2xf32>
  %r = stablehlo.cholesky %a, lower = true : tensor<2x2xf32>
  check.expect_almost_eq_const %r, dense<[[0x7FC00000, 0x7FC00000], [0x7FC00000, 0x7FC00000]]> : tensor<2x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// Hermitian positive definite complex<f32>: a = L L^H.
func.func @cholesky_complex_lower() {
  %a = stablehlo.constant dense<[[(5.758971259557948, 2.843858805429147e-18), (0.6041287797539511, 0.3999806528454196), (-2.0963128853248207, -1.229045832753245)], [(0.6041287797539511, -0.3999806528454197), (7.145795897265087, -7.3517588033856e-17), (-1.5269850156843563, 2.220952425674505)], [(-2.0963128853248207, 1.229045832753245), (-1.5269850156843563, -2.220952425674505), (9.75935595960125, -3.05224051390526e-17)]]> : tensor<3x3xcomplex<f32>>
  %r = stablehlo.cholesky %a, lower = true : tensor<3x3xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[[(2.399785669504247, 0.0), (0.0, 0.0), (0.0, 0.0)], [(0.25174280663104104, -0.1666734900238189), (2.656057492656718, 0.0), (0.0, 0.0)], [(-0.8735417133138733, 0.5121481673849414), (-0.4599733454474522, -0.8299089168053704), (2.7988677711944474, 0.0)]]> : tensor<3x3xcomplex<f32>>, tolerance = 1.0e-4
  return
}

// -----

// complex<f64>, upper: a = U^H U.
func.func @cholesky_complex_upper() {
  %a = stablehlo.constant dense<[[(5.5448951353125135, -1.7598053723833833e-17), (-0.04189427495090811, -0.14267580263801888), (0.47499876110064393, -3.1107881126047645)], [(-0.04189427495090811, 0.14267580263801888), (14.07238178325168, 1.5586115654080166e-16), (-1.0603713521075322, -3.50006100669025)], [(0.47499876110064393, 3.1107881126047645), (-1.0603713521075322, 3.5000610066902507), (9.319404276561084, -2.056763674366081e-17)]]> : tensor<3x3xcomplex<f64>>
  %r = stablehlo.cholesky %a, lower = false : tensor<3x3xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[[(2.3547601014354975, -0.0), (-0.017791313401891228, -0.060590377147566564), (0.20171853634307693, -1.3210637086590609)], [(0.0, -0.0), (3.7507857921529233, -0.0), (-0.3030901591689051, -0.9426789113755375)], [(0.0, -0.0), (0.0, -0.0), (2.559882304283433, -0.0)]]> : tensor<3x3xcomplex<f64>>, tolerance = 1.0e-12
  return
}

// -----

// op(a) x = b, lower, NO_TRANSPOSE (f32).
func.func @solve_left_lower_no_transpose() {
  %a = stablehlo.constant dense<[[4.0, -1.0, 1.0], [0.25, 4.0, 1.0], [-0.25, 1.0, 2.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[1.5, 0.0], [-3.0, 2.5], [-0.5, 2.5]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[0.375, 0.0], [-0.7734375, 0.625], [0.18359375, 0.9375]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, lower, NO_TRANSPOSE, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_left_lower_no_transpose_unit() {
  %a = stablehlo.constant dense<[[3.0, -0.25, 0.75], [0.25, -2.0, 0.25], [0.75, 0.75, -2.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-4.0, -3.0], [-4.0, -1.0], [-1.5, 0.0]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[-4.0, -3.0], [-3.0, -0.25], [3.75, 2.4375]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, lower, TRANSPOSE (f32).
func.func @solve_left_lower_transpose() {
  %a = stablehlo.constant dense<[[3.0, -0.5, 0.0], [0.25, 2.0, 0.25], [-1.0, -0.5, -3.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-2.0, -3.0], [2.5, 1.0], [-0.5, 1.5]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[-0.71875, -1.1979166666666665], [1.2916666666666667, 0.375], [0.16666666666666666, -0.5]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, lower, TRANSPOSE, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_left_lower_transpose_unit() {
  %a = stablehlo.constant dense<[[-2.0, 0.0, 0.5], [0.5, -2.0, -0.25], [-0.5, -0.5, 3.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[2.0, -4.0], [0.0, -3.0], [0.5, 2.5]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[2.125, -1.875], [0.25, -1.75], [0.5, 2.5]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, lower, ADJOINT (f32).
func.func @solve_left_lower_adjoint() {
  %a = stablehlo.constant dense<[[2.0, 0.75, -0.5], [0.25, -3.0, 1.0], [0.5, 0.5, -3.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[2.0, -2.5], [-1.0, -2.5], [-3.0, 1.5]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[0.6875, -1.21875], [0.5, 0.75], [1.0, -0.5]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, lower, ADJOINT, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_left_lower_adjoint_unit() {
  %a = stablehlo.constant dense<[[2.0, -0.75, 0.5], [0.5, -3.0, 0.5], [0.25, -0.75, -4.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-2.0, 0.5], [3.0, 2.5], [-2.5, 1.5]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[-1.9375, -1.6875], [1.125, 3.625], [-2.5, 1.5]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, upper, NO_TRANSPOSE (f32).
func.func @solve_left_upper_no_transpose() {
  %a = stablehlo.constant dense<[[4.0, 0.75, 0.0], [0.0, -4.0, 0.75], [0.0, -1.0, 3.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[1.0, -4.0], [-0.5, -1.0], [-0.5, -2.0]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[0.232421875, -1.0234375], [0.09375, 0.125], [-0.16666666666666666, -0.6666666666666666]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, upper, NO_TRANSPOSE, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_left_upper_no_transpose_unit() {
  %a = stablehlo.constant dense<[[-2.0, 0.75, -0.75], [0.5, 3.0, -0.75], [-0.25, -0.5, 2.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-2.0, 3.0], [-1.5, -3.0], [3.5, -4.0]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[-0.21875, 4.5], [1.125, -6.0], [3.5, -4.0]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, upper, TRANSPOSE (f32).
func.func @solve_left_upper_transpose() {
  %a = stablehlo.constant dense<[[4.0, -1.0, 0.75], [0.0, -2.0, 1.0], [-0.25, -1.0, 3.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-0.5, -4.0], [-2.5, 3.0], [2.0, 3.5]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[-0.125, -1.0], [1.3125, -1.0], [0.26041666666666663, 1.75]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, upper, TRANSPOSE, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_left_upper_transpose_unit() {
  %a = stablehlo.constant dense<[[-4.0, -0.75, -0.5], [-0.5, 3.0, -1.0], [0.75, -1.0, 3.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-0.5, 4.0], [3.0, -3.5], [3.5, -3.0]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[-0.5, 4.0], [2.625, -0.5], [5.875, -1.5]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, upper, ADJOINT (f32).
func.func @solve_left_upper_adjoint() {
  %a = stablehlo.constant dense<[[2.0, -0.25, 0.75], [0.0, 4.0, -1.0], [0.5, -1.0, 3.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[1.0, 3.0], [-4.0, 1.5], [-4.0, 1.0]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[0.5, 1.5], [-0.96875, 0.46875], [-1.78125, 0.11458333333333333]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// op(a) x = b, upper, ADJOINT, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_left_upper_adjoint_unit() {
  %a = stablehlo.constant dense<[[-3.0, 1.0, 0.75], [-1.0, 4.0, -0.75], [-0.25, 0.0, 2.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[1.5, -1.0], [-4.0, -3.0], [-1.5, 0.5]]> : tensor<3x2xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %x, dense<[[1.5, -1.0], [-5.5, -2.0], [-6.75, -0.25]]> : tensor<3x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, lower, NO_TRANSPOSE (f32).
func.func @solve_right_lower_no_transpose() {
  %a = stablehlo.constant dense<[[-3.0, -1.0, -1.0], [0.25, 4.0, 0.75], [0.25, 1.0, -2.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[3.0, 1.5, 4.0], [-2.0, 1.0, -4.0]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[-1.09375, 0.875, -2.0], [0.8125, -0.25, 2.0]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, lower, NO_TRANSPOSE, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_right_lower_no_transpose_unit() {
  %a = stablehlo.constant dense<[[2.0, -1.0, -0.25], [-0.5, 2.0, 0.0], [-0.5, -1.0, 2.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-3.5, -0.5, 1.5], [4.0, 4.0, -3.0]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[-2.25, 1.0, 1.5], [3.0, 1.0, -3.0]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, lower, TRANSPOSE (f32).
func.func @solve_right_lower_transpose() {
  %a = stablehlo.constant dense<[[-2.0, 0.0, -0.5], [-0.75, 3.0, 1.0], [0.5, 0.0, 2.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-1.0, -0.5, -3.0], [3.0, -4.0, 0.0]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[0.5, -0.041666666666666664, -1.625], [-1.5, -1.7083333333333333, 0.375]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, lower, TRANSPOSE, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_right_lower_transpose_unit() {
  %a = stablehlo.constant dense<[[3.0, 0.75, 0.25], [-0.75, 4.0, 0.25], [1.0, 0.0, -4.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[3.5, 0.0, 1.0], [-1.0, 0.5, -1.0]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[3.5, 2.625, -2.5], [-1.0, -0.25, 0.0]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, lower, ADJOINT (f32).
func.func @solve_right_lower_adjoint() {
  %a = stablehlo.constant dense<[[3.0, -1.0, -1.0], [0.75, -2.0, -0.5], [-1.0, -1.0, -4.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-1.0, 2.5, 1.5], [0.0, -3.0, 1.0]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[-0.3333333333333333, -1.375, 0.052083333333333315], [0.0, 1.5, -0.625]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, lower, ADJOINT, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_right_lower_adjoint_unit() {
  %a = stablehlo.constant dense<[[-4.0, 1.0, 0.25], [0.5, 4.0, -0.25], [0.75, -1.0, -2.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[2.5, 1.0, -4.0], [-2.5, -2.5, -3.5]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[2.5, -0.25, -6.125], [-2.5, -1.25, -2.875]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, upper, NO_TRANSPOSE (f32).
func.func @solve_right_upper_no_transpose() {
  %a = stablehlo.constant dense<[[4.0, -0.75, -0.25], [-0.25, -2.0, -0.25], [0.25, 0.25, -3.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[0.5, 2.0, -4.0], [-1.0, -1.0, -1.5]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[0.125, -1.046875, 1.41015625], [-0.25, 0.59375, 0.47135416666666663]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, upper, NO_TRANSPOSE, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_right_upper_no_transpose_unit() {
  %a = stablehlo.constant dense<[[4.0, 0.75, -0.25], [0.25, 4.0, 0.5], [0.0, -0.25, -4.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[2.0, 1.5, -1.5], [-0.5, -4.0, -2.5]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[2.0, 0.0, -1.0], [-0.5, -3.625, -0.8125]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, upper, TRANSPOSE (f32).
func.func @solve_right_upper_transpose() {
  %a = stablehlo.constant dense<[[-4.0, 1.0, 1.0], [0.5, -4.0, 1.0], [-0.5, 0.75, 2.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-2.5, 3.0, -0.5], [3.0, 1.5, -3.5]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[0.359375, -0.8125, -0.25], [-1.390625, -0.8125, -1.75]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, upper, TRANSPOSE, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_right_upper_transpose_unit() {
  %a = stablehlo.constant dense<[[-2.0, 0.5, 0.0], [-0.75, -2.0, 0.5], [-1.0, -0.75, 3.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[-2.5, 1.5, 0.5], [-1.0, -3.5, -1.5]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[-3.125, 1.25, 0.5], [0.375, -2.75, -1.5]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, upper, ADJOINT (f32).
func.func @solve_right_upper_adjoint() {
  %a = stablehlo.constant dense<[[2.0, 0.75, -1.0], [-0.5, -2.0, -1.0], [0.25, -0.5, 4.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[4.0, 1.5, -2.5], [1.5, -1.5, -1.5]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[1.8515625, -0.4375, -0.625], [0.2109375, 0.9375, -0.375]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// x op(a) = b, upper, ADJOINT, unit diagonal (the diagonal of a is not read) (f32).
func.func @solve_right_upper_adjoint_unit() {
  %a = stablehlo.constant dense<[[-3.0, -0.75, -0.5], [1.0, -2.0, 0.25], [-1.0, 0.5, 2.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[0.0, -2.0, -2.0], [-2.0, -2.0, 1.5]]> : tensor<2x3xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}>
         : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %x, dense<[[-2.125, -1.5, -2.0], [-3.03125, -2.375, 1.5]]> : tensor<2x3xf32>, tolerance = 1.0e-4
  return
}

// -----

// Batched complex<f32>, left, lower, ADJOINT (conjugates a).
func.func @solve_complex_adjoint_batched() {
  %a = stablehlo.constant dense<[[[(-2.0, 0.0), (0.75, 0.5), (0.75, -0.75)], [(-0.5, 1.0), (-3.0, 0.0), (-0.25, 0.75)], [(0.75, 1.0), (0.5, -0.25), (2.0, 0.0)]], [[(3.0, 0.0), (0.25, 0.75), (0.25, 1.0)], [(0.5, -0.5), (4.0, 0.0), (0.25, 0.5)], [(-0.75, 0.25), (-1.0, -1.0), (3.0, 0.0)]]]> : tensor<2x3x3xcomplex<f32>>
  %b = stablehlo.constant dense<[[[(4.0, -3.0), (3.0, -4.0)], [(1.0, -1.0), (-1.0, 0.0)], [(-1.0, -4.0), (-1.0, 0.0)]], [[(0.0, 1.0), (4.0, 3.0)], [(1.0, 1.0), (-1.0, 3.0)], [(3.0, 0.0), (3.0, -3.0)]]]> : tensor<2x3x2xcomplex<f32>>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}>
         : (tensor<2x3x3xcomplex<f32>>, tensor<2x3x2xcomplex<f32>>) -> tensor<2x3x2xcomplex<f32>>
  check.expect_almost_eq_const %x, dense<[[[(-3.1458333333333335, 1.1354166666666667), (-1.7708333333333333, 2.1354166666666665)], [(-0.25, -0.041666666666666664), (0.25, -0.041666666666666664)], [(-0.5, -2.0), (-0.5, 0.0)]], [[(0.16666666666666666, 0.3333333333333333), (1.75, 0.8333333333333333)], [(0.5, 0.0), (-0.25, 0.25)], [(1.0, 0.0), (1.0, -1.0)]]]> : tensor<2x3x2xcomplex<f32>>, tolerance = 1.0e-4
  return
}

// -----

// Batched complex<f32>, left, lower, TRANSPOSE (no conjugate).
func.func @solve_complex_transpose_batched() {
  %a = stablehlo.constant dense<[[[(-4.0, 0.0), (0.25, 0.25), (0.0, 0.25)], [(0.25, 0.25), (-2.0, 0.0), (-0.75, 0.0)], [(-0.5, 1.0), (0.75, -0.5), (-4.0, 0.0)]], [[(2.0, 0.0), (-0.5, 0.0), (1.0, -0.25)], [(1.0, 1.0), (-4.0, 0.0), (0.5, -1.0)], [(0.0, 0.0), (0.75, 0.25), (4.0, 0.0)]]]> : tensor<2x3x3xcomplex<f32>>
  %b = stablehlo.constant dense<[[[(-2.0, -3.0), (4.0, 2.0)], [(1.0, 1.0), (-3.0, 0.0)], [(2.0, 1.0), (4.0, 1.0)]], [[(1.0, -3.0), (2.0, -2.0)], [(2.0, 2.0), (1.0, -4.0)], [(3.0, -3.0), (2.0, 2.0)]]]> : tensor<2x3x2xcomplex<f32>>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}>
         : (tensor<2x3x3xcomplex<f32>>, tensor<2x3x2xcomplex<f32>>) -> tensor<2x3x2xcomplex<f32>>
  check.expect_almost_eq_const %x, dense<[[[(0.607421875, 0.580078125), (-0.755859375, -0.642578125)], [(-0.75, -0.46875), (1.0625, 0.15625)], [(-0.5, -0.25), (-1.0, -0.25)]], [[(0.359375, -1.046875), (1.65625, -1.46875)], [(-0.3125, -0.59375), (-0.1875, 1.125)], [(0.75, -0.75), (0.5, 0.5)]]]> : tensor<2x3x2xcomplex<f32>>, tolerance = 1.0e-4
  return
}

// -----

// complex<f64>, right side, upper, ADJOINT.
func.func @solve_complex_right_upper_adjoint() {
  %a = stablehlo.constant dense<[[(-4.0, 0.0), (0.0, -0.75), (0.75, -1.0), (1.0, -0.5)], [(0.75, -0.25), (3.0, 0.0), (-0.5, -1.0), (0.75, -0.75)], [(0.75, -0.75), (1.0, -0.75), (-2.0, 0.0), (1.0, -1.0)], [(-0.25, -0.5), (1.0, 1.0), (-0.5, -0.25), (3.0, 0.0)]]> : tensor<4x4xcomplex<f64>>
  %b = stablehlo.constant dense<[[(-1.0, 0.0), (-1.0, -2.0), (-2.0, 3.0), (0.0, -2.0)], [(0.0, 0.0), (-4.0, -2.0), (-1.0, 1.0), (-2.0, 1.0)]]> : tensor<2x4xcomplex<f64>>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}>
         : (tensor<4x4xcomplex<f64>>, tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
  check.expect_almost_eq_const %x, dense<[[(1.2760416666666665, -0.34375), (-0.8888888888888888, -1.25), (1.3333333333333333, -1.8333333333333333), (0.0, -0.6666666666666666)], [(0.08854166666666666, -0.36979166666666663), (-1.3055555555555554, -0.6944444444444444), (0.0, -0.6666666666666666), (-0.6666666666666666, 0.3333333333333333)]]> : tensor<2x4xcomplex<f64>>, tolerance = 1.0e-12
  return
}

// -----

// A [2, 1] batch, f64, left, upper, NO_TRANSPOSE.
func.func @solve_batched_f64() {
  %a = stablehlo.constant dense<[[[[-2.0, -0.5, 0.5, -0.5, 0.0], [0.75, 2.0, -1.0, 0.0, -1.0], [0.25, -1.0, -4.0, 0.75, 0.0], [0.25, -0.75, 0.5, 4.0, 1.0], [-1.0, -0.75, 1.0, 1.0, 2.0]]], [[[3.0, 1.0, 0.0, 0.5, 0.5], [0.25, 4.0, -0.75, -0.5, -0.75], [0.0, -1.0, -2.0, -0.5, -0.5], [0.75, 1.0, -0.5, 3.0, 0.75], [0.25, 0.0, 0.75, -1.0, 3.0]]]]> : tensor<2x1x5x5xf64>
  %b = stablehlo.constant dense<[[[[4.0, 4.0, 1.0], [2.0, 1.0, 4.0], [-3.0, 0.0, 3.0], [3.0, -1.0, -3.0], [-2.0, 4.0, -2.0]]], [[[-1.0, -3.0, 3.0], [0.0, -2.0, -4.0], [1.0, 0.0, 3.0], [4.0, 2.0, -3.0], [1.0, 3.0, 4.0]]]]> : tensor<2x1x5x3xf64>
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}>
         : (tensor<2x1x5x5xf64>, tensor<2x1x5x3xf64>) -> tensor<2x1x5x3xf64>
  check.expect_almost_eq_const %x, dense<[[[[-2.2578125, -2.205078125, -0.85546875], [0.96875, 1.4296875, 1.078125], [0.9375, -0.140625, -0.84375], [1.0, -0.75, -0.5], [-1.0, 2.0, -1.0]]], [[[-0.6141493055555556, -1.1271701388888888, 1.3993055555555554], [0.05078124999999999, -0.3268229166666667, -1.1979166666666665], [-0.8958333333333334, -0.35416666666666663, -1.5], [1.25, 0.41666666666666663, -1.3333333333333333], [0.3333333333333333, 1.0, 1.3333333333333333]]]]> : tensor<2x1x5x3xf64>, tolerance = 1.0e-12
  return
}

// -----

// lapack_spotrf_ffi with uplo = 'L': the lower factor; the upper triangle keeps the input's values (7), as LAPACK factors in place; info = 0.
func.func @potrf_lower() {
  %a = stablehlo.constant dense<[[10.761391832821799, 7.0, 7.0, 7.0], [-4.896888142047015, 8.878137396003538, 7.0, 7.0], [2.981613659645273, -3.166905874250806, 6.3821717144762875, 7.0], [0.5, 2.572373302232425, -1.6803484444040069, 5.96897009167812]]> : tensor<4x4xf32>
  %r:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  check.expect_almost_eq_const %r#0, dense<[[3.28045604037332, 7.0, 7.0, 7.0], [-1.4927461553454449, 2.578729592591075, 7.0, 7.0], [0.9089021840103554, -0.7019524802774914, 2.250184714597842, 7.0], [0.1524178327178862, 1.0857650387510527, -0.46961739480236003, 2.132208404230851]]> : tensor<4x4xf32>, tolerance = 1.0e-4
  check.expect_eq_const %r#1, dense<0> : tensor<i32>
  return
}

// -----

// lapack_dpotrf_ffi with uplo = 'U' (85): the upper factor, the lower triangle kept.
func.func @potrf_upper() {
  %a = stablehlo.constant dense<[[4.141289934938102, -0.43658956557011847, 0.1067467816293475], [-3.0, 6.339366671415511, 1.6657351847060893], [-3.0, -3.0, 5.155029415311072]]> : tensor<3x3xf64>
  %r:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%a) {mhlo.backend_config = {uplo = 85 : ui8}} : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<i32>)
  check.expect_almost_eq_const %r#0, dense<[[2.0350159544677044, -0.21453864507136822, 0.05245500969906109], [-3.0, 2.508652993378409, 0.6684817772089421], [-3.0, -3.0, 2.169195703667172]]> : tensor<3x3xf64>, tolerance = 1.0e-12
  check.expect_eq_const %r#1, dense<0> : tensor<i32>
  return
}

// -----

// info per matrix of a batch: 0, 3 (the third pivot is not positive), 1.
func.func @potrf_info() {
  %a = stablehlo.constant dense<[[[5.527289165979143, -0.7631003196403207, -0.5794128725324552], [-0.7631003196403207, 4.2060784902495705, 1.0746056202586658], [-0.5794128725324552, 1.0746056202586658, 4.418644209838613]], [[2.0, 1.0, 0.0], [1.0, 2.0, 3.0], [0.0, 3.0, 1.0]], [[-1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]]> : tensor<3x3x3xf32>
  %r:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<3x3x3xf32>) -> (tensor<3x3x3xf32>, tensor<3xi32>)
  check.expect_eq_const %r#1, dense<[0, 3, 1]> : tensor<3xi32>
  return
}

// -----

// lapack_cpotrf_ffi on a batch of Hermitian matrices.
func.func @potrf_complex_batched() {
  %a = stablehlo.constant dense<[[[(9.788073814547054, -8.452541757436456e-17), (0.0, 0.0), (0.0, 0.0)], [(-0.19918691105408728, 0.4397244271651971), (4.993807330533123, -1.3133795677940385e-17), (0.0, 0.0)], [(-2.2699588061860454, 0.97732885418138), (-1.2876509069185829, 0.08043954246099955), (8.775964401936553, 6.41335508902505e-17)]], [[(10.800631022374834, 4.6846076974697206e-17), (0.0, 0.0), (0.0, 0.0)], [(5.342338951483564, 0.929660568246984), (10.753923114178342, -1.1189960668294637e-16), (0.0, 0.0)], [(-0.47837716310738504, -0.07195049704890075), (-0.9605505961824132, 2.532545318804545), (8.40127604323394, 1.016178815513166e-17)]]]> : tensor<2x3x3xcomplex<f32>>
  %r:2 = stablehlo.custom_call @lapack_cpotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<2x3x3xcomplex<f32>>) -> (tensor<2x3x3xcomplex<f32>>, tensor<2xi32>)
  check.expect_almost_eq_const %r#0, dense<[[[(3.1285897485204184, 0.0), (0.0, 0.0), (0.0, 0.0)], [(-0.06366667638295731, 0.1405503637455671), (2.229349564357833, 0.0), (0.0, 0.0)], [(-0.7255533606665945, 0.3123863889931817), (-0.618005592554853, -0.0007395175657498623), (2.787475561761656, 0.0)]], [[(3.2864313506256044, 0.0), (0.0, 0.0), (0.0, 0.0)], [(1.625574485365896, 0.2828784383614202), (2.833974328715055, 0.0), (0.0, 0.0)], [(-0.14556128276232552, -0.02189319945332321), (-0.2532615654003409, 0.8916658740627843), (2.7423346244641706, 0.0)]]]> : tensor<2x3x3xcomplex<f32>>, tolerance = 1.0e-4
  check.expect_eq_const %r#1, dense<[0, 0]> : tensor<2xi32>
  return
}

// -----

// lapack_strsm_ffi as JAX's solve_triangular emits it: side L, uplo L, trans N, diag N.
func.func @trsm_left_lower() {
  %a = stablehlo.constant dense<[[3.0, -1.0, 0.75, -0.75], [-1.0, -2.0, -0.25, 0.0], [0.25, 0.25, -3.0, -0.25], [-0.5, -0.75, -0.25, 2.0]]> : tensor<4x4xf32>
  %b = stablehlo.constant dense<[[-0.5, 2.0], [-3.5, -2.5], [1.0, -4.0], [4.0, -3.5]]> : tensor<4x2xf32>
  %x = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  check.expect_almost_eq_const %x, dense<[[-0.16666666666666666, 0.6666666666666666], [1.8333333333333333, 0.9166666666666667], [-0.19444444444444448, 1.465277777777778], [2.6215277777777777, -1.056423611111111]]> : tensor<4x2xf32>, tolerance = 1.0e-4
  return
}

// -----

// lapack_dtrsm_ffi with side R, uplo U, trans T, diag U.
func.func @trsm_right_upper_transpose_unit() {
  %a = stablehlo.constant dense<[[2.0, -0.25, 0.75], [-0.25, 4.0, 0.5], [-1.0, -1.0, -4.0]]> : tensor<3x3xf64>
  %b = stablehlo.constant dense<[[0.0, 1.5, 3.5], [-1.0, -3.5, -2.0]]> : tensor<2x3xf64>
  %x = stablehlo.custom_call @lapack_dtrsm_ffi(%a, %b) {mhlo.backend_config = {diag = 85 : ui8, side = 82 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}} : (tensor<3x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  check.expect_almost_eq_const %x, dense<[[-2.6875, -0.25, 3.5], [-0.125, -2.5, -2.0]]> : tensor<2x3xf64>, tolerance = 1.0e-12
  return
}

// -----

// lapack_ztrsm_ffi with trans C (the adjoint), batched.
func.func @trsm_left_upper_conjugate() {
  %a = stablehlo.constant dense<[[[(3.0, 0.0), (-0.5, 0.0), (0.25, -0.5)], [(0.25, -0.75), (-4.0, 0.0), (-1.0, -0.25)], [(1.0, -0.75), (-0.5, -1.0), (2.0, 0.0)]], [[(-2.0, 0.0), (0.25, 0.75), (0.5, 0.25)], [(0.5, 0.5), (3.0, 0.0), (0.5, 0.5)], [(-0.75, 0.5), (-0.75, -0.5), (-2.0, 0.0)]]]> : tensor<2x3x3xcomplex<f64>>
  %b = stablehlo.constant dense<[[[(-2.0, 0.0)], [(-1.0, 4.0)], [(2.0, -4.0)]], [[(-2.0, 2.0)], [(-3.0, 0.0)], [(3.0, 2.0)]]]> : tensor<2x3x1xcomplex<f64>>
  %x = stablehlo.custom_call @lapack_ztrsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 67 : ui8, uplo = 85 : ui8}} : (tensor<2x3x3xcomplex<f64>>, tensor<2x3x1xcomplex<f64>>) -> tensor<2x3x1xcomplex<f64>>
  check.expect_almost_eq_const %x, dense<[[[(-0.6666666666666666, 0.0)], [(0.3333333333333333, -1.0)], [(1.125, -2.375)]], [[(1.0, -1.0)], [(-0.8333333333333333, 0.3333333333333333)], [(-1.5, -1.0833333333333335)]]]> : tensor<2x3x1xcomplex<f64>>, tolerance = 1.0e-12
  return
}
