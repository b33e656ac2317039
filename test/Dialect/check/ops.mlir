// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// CHECK-LABEL: func.func @all_forms
func.func @all_forms(%a: tensor<2xf32>, %i: tensor<2xi32>) {
  // CHECK: check.expect_eq %{{.*}}, %{{.*}} : tensor<2xi32>
  check.expect_eq %i, %i : tensor<2xi32>
  // CHECK: check.expect_eq_const %{{.*}}, dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %i, dense<[1, 2]> : tensor<2xi32>
  // CHECK: check.expect_almost_eq %{{.*}}, %{{.*}} : tensor<2xf32>
  check.expect_almost_eq %a, %a : tensor<2xf32>
  // CHECK: check.expect_almost_eq %{{.*}}, %{{.*}}, tolerance = 1.000000e-02 : tensor<2xf32>
  check.expect_almost_eq %a, %a, tolerance = 1.0e-2 : tensor<2xf32>
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>{{$}}
  check.expect_almost_eq_const %a, dense<[0.5, 0.25]> : tensor<2xf32>
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>, tolerance = 1.000000e-03
  check.expect_almost_eq_const %a, dense<[0.5, 0.25]> : tensor<2xf32>, tolerance = 1.0e-3
  // CHECK: check.expect_close %{{.*}}, %{{.*}} : tensor<2xf32>, tensor<2xf32>
  check.expect_close %a, %a : tensor<2xf32>, tensor<2xf32>
  // CHECK: check.expect_close %{{.*}}, %{{.*}}, max_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  check.expect_close %a, %a, max_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  return
}
