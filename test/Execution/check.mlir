// xla-run --check: every argument-less function with check.* ops runs, each
// expectation is compared on the host, failures are reported at the check
// op, and the run ends with `N passed, N failed`.

// RUN: xla-run --check --split-input-file %s 2>&1 | FileCheck %s --check-prefix=PASS
// PASS-NOT: error
// PASS: 8 passed, 0 failed

// RUN: sh %inputs/status.sh xla-run --check %S/Inputs/check-failures.mlir 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL-DAG: check-failures.mlir:6:3: error: check.expect_eq_const failed in @wrong_sum: 1 of 2 element(s) differ (exactly); at [1]: got 4, expected 5
// FAIL-DAG: check-failures.mlir:13:3: error: check.expect_almost_eq_const failed in @too_far: 1 of 1 element(s) differ (within 0.0001); at [0]: got 0.5, expected 0.5002
// FAIL-DAG: check-failures.mlir:21:3: error: check.expect_close failed in @ulps: 1 of 1 element(s) differ (within 1 ulp); at [0]: got 1, expected 1.0000002
// FAIL-DAG: check-failures.mlir:27:3: error: check.expect_eq_const failed in @nan_is_not_a_number: 1 of 1 element(s) differ (exactly); at [0]: got NaN, expected 1
// FAIL-DAG: check-failures.mlir:33:3: error: check.expect_close failed in @ulps_below_min: 1 of 1 element(s) differ (within 1 to 2 ulp); at [0]: got 1, expected 1
// FAIL-DAG: check-failures.mlir:40:3: error: check.expect_close failed in @complex_ulps: 1 of 1 element(s) differ (within 1 ulp); at [0]: got (1, 2), expected (1, 2.000000476837158)
// FAIL: 1 passed, 6 failed
// FAIL-NEXT: exit=1

// Outside --check, expectations cannot be compiled.
// RUN: sh %inputs/status.sh xla-run %s --entry integers 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: error: 'check.expect_eq_const' is an expectation: run the file with `xla-run --check`
// PLAIN: exit=1

func.func @integers() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.add %a, %a : tensor<2xi32>
  check.expect_eq_const %b, dense<[2, 4]> : tensor<2xi32>
  check.expect_eq %b, %b : tensor<2xi32>
  return
}

// -----

// Unsigned values wrap; constants keep their unsigned type.
func.func @unsigned() {
  %u = stablehlo.constant dense<[4294967295, 1]> : tensor<2xui32>
  %v = stablehlo.add %u, %u : tensor<2xui32>
  check.expect_eq_const %v, dense<[4294967294, 2]> : tensor<2xui32>
  return
}

// -----

// NaN equals NaN for expect_eq; tolerances and ulps for floats.
func.func @floats() {
  %x = stablehlo.constant dense<[1.0, 0.1, 0x7FC00000]> : tensor<3xf32>
  %y = stablehlo.multiply %x, %x : tensor<3xf32>
  check.expect_almost_eq_const %y, dense<[1.0, 0.01, 0x7FC00000]> : tensor<3xf32>
  check.expect_almost_eq_const %y, dense<[1.001, 0.01, 0x7FC00000]> : tensor<3xf32>, tolerance = 1.0e-2
  check.expect_close %y, %y, max_ulp_difference = 0 : tensor<3xf32>, tensor<3xf32>
  %z = stablehlo.constant dense<[1.0, 0.0100000007, 0x7FC00000]> : tensor<3xf32>
  check.expect_close %y, %z : tensor<3xf32>, tensor<3xf32>
  check.expect_eq %y, %y : tensor<3xf32>
  return
}

// -----

// Functions with arguments are not run by --check.
func.func @with_argument(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
