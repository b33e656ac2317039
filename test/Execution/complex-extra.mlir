// Complex compare, sort, maximum/minimum (lexicographic on (real, imaginary), as
// StableHLO orders complex numbers), logistic and sign. Expected values
// from numpy (complex128, rounded to complex64).
// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: error:
// CHECK: {{^}}11 passed, 0 failed

func.func @complex_max() {
  %z = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -4.0), (0.0, 0.0), (-2.0, -0.0010000000474974513), (10.0, 10.0)]> : tensor<6xcomplex<f32>>
  %w = stablehlo.constant dense<[(1.0, 3.0), (-0.5, 0.25), (2.0, 9.0), (0.0, -1.0), (-2.0, -0.0010000000474974513), (10.0, -10.0)]> : tensor<6xcomplex<f32>>
  %r = stablehlo.maximum %z, %w : tensor<6xcomplex<f32>>
  check.expect_eq_const %r, dense<[(1.0, 3.0), (-0.5, 0.25), (3.0, -4.0), (0.0, 0.0), (-2.0, -0.0010000000474974513), (10.0, 10.0)]> : tensor<6xcomplex<f32>>
  func.return
}

func.func @complex_min() {
  %z = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -4.0), (0.0, 0.0), (-2.0, -0.0010000000474974513), (10.0, 10.0)]> : tensor<6xcomplex<f32>>
  %w = stablehlo.constant dense<[(1.0, 3.0), (-0.5, 0.25), (2.0, 9.0), (0.0, -1.0), (-2.0, -0.0010000000474974513), (10.0, -10.0)]> : tensor<6xcomplex<f32>>
  %zb, %wb = stablehlo.optimization_barrier %z, %w : tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>
  %r = stablehlo.minimum %zb, %wb : tensor<6xcomplex<f32>>
  check.expect_eq_const %r, dense<[(1.0, 2.0), (-0.5, 0.25), (2.0, 9.0), (0.0, -1.0), (-2.0, -0.0010000000474974513), (10.0, -10.0)]> : tensor<6xcomplex<f32>>
  func.return
}

func.func @complex_logistic() {
  %z = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -4.0), (0.0, 0.0), (-2.0, -0.0010000000474974513), (10.0, 10.0)]> : tensor<6xcomplex<f32>>
  %zb = stablehlo.optimization_barrier %z : tensor<6xcomplex<f32>>
  %r = stablehlo.logistic %zb : tensor<6xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(1.02141535282135, 0.4034387171268463), (0.37572482228279114, 0.059002965688705444), (1.0320721864700317, 0.04019550606608391), (0.5, 0.0), (0.1192028820514679, -0.00010499358177185059), (1.0000381469726562, -2.470040271873586e-05)]> : tensor<6xcomplex<f32>>, tolerance = 1.0e-5
  func.return
}

func.func @complex_sign() {
  %z = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -4.0), (0.0, 0.0), (-2.0, -0.0010000000474974513), (10.0, 10.0)]> : tensor<6xcomplex<f32>>
  %zb = stablehlo.optimization_barrier %z : tensor<6xcomplex<f32>>
  %r = stablehlo.sign %zb : tensor<6xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.4472135901451111, 0.8944271802902222), (-0.8944271802902222, 0.4472135901451111), (0.6000000238418579, -0.800000011920929), (0.0, 0.0), (-0.9999998807907104, -0.0004999999655410647), (0.7071067690849304, 0.7071067690849304)]> : tensor<6xcomplex<f32>>, tolerance = 1.0e-6
  func.return
}

// Complex compare is lexicographic on (real, imaginary) for every
// direction; EQ/NE compare both parts.
func.func @complex_compare() {
  %z = stablehlo.constant dense<[(1.0, 2.0), (1.0, 2.0), (1.0, 3.0), (0.5, 9.0), (2.0, -9.0)]> : tensor<5xcomplex<f32>>
  %w = stablehlo.constant dense<[(1.0, 2.0), (1.0, 3.0), (1.0, 2.0), (1.0, 0.0), (1.0, 9.0)]> : tensor<5xcomplex<f32>>
  %zb, %wb = stablehlo.optimization_barrier %z, %w : tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>
  %eq = stablehlo.compare EQ, %zb, %wb : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
  %ne = stablehlo.compare NE, %zb, %wb : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
  %lt = stablehlo.compare LT, %zb, %wb : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
  %le = stablehlo.compare LE, %zb, %wb : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
  %gt = stablehlo.compare GT, %zb, %wb : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
  %ge = stablehlo.compare GE, %zb, %wb : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
  check.expect_eq_const %eq, dense<[true, false, false, false, false]> : tensor<5xi1>
  check.expect_eq_const %ne, dense<[false, true, true, true, true]> : tensor<5xi1>
  check.expect_eq_const %lt, dense<[false, true, false, true, false]> : tensor<5xi1>
  check.expect_eq_const %le, dense<[true, true, false, true, false]> : tensor<5xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false, true]> : tensor<5xi1>
  check.expect_eq_const %ge, dense<[true, false, true, false, true]> : tensor<5xi1>
  func.return
}

// Sorting complex numbers with an LT comparator orders them like numpy's
// np.sort (lexicographically).
func.func @complex_sort() {
  %z = stablehlo.constant dense<[(2.0, 1.0), (-1.0, 5.0), (2.0, -1.0), (0.0, 0.0), (-1.0, -5.0)]> : tensor<5xcomplex<f32>>
  %zb = stablehlo.optimization_barrier %z : tensor<5xcomplex<f32>>
  %s = "stablehlo.sort"(%zb) ({
  ^bb0(%x: tensor<complex<f32>>, %y: tensor<complex<f32>>):
    %c = stablehlo.compare LT, %x, %y : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<5xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  check.expect_eq_const %s, dense<[(-1.0, -5.0), (-1.0, 5.0), (0.0, 0.0), (2.0, -1.0), (2.0, 1.0)]> : tensor<5xcomplex<f32>>
  func.return
}
