// Deliberately failing expectations for check.mlir.

func.func @wrong_sum() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.add %a, %a : tensor<2xi32>
  check.expect_eq_const %b, dense<[2, 5]> : tensor<2xi32>
  return
}

func.func @too_far() {
  %a = stablehlo.constant dense<0.25> : tensor<1xf32>
  %b = stablehlo.add %a, %a : tensor<1xf32>
  check.expect_almost_eq_const %b, dense<0.5002> : tensor<1xf32>
  check.expect_almost_eq_const %b, dense<0.50005> : tensor<1xf32>
  return
}

func.func @ulps() {
  %a = stablehlo.constant dense<1.0> : tensor<1xf32>
  %b = stablehlo.constant dense<1.00000024> : tensor<1xf32>
  check.expect_close %a, %b, max_ulp_difference = 1 : tensor<1xf32>, tensor<1xf32>
  return
}

func.func @nan_is_not_a_number() {
  %a = stablehlo.constant dense<0x7FC00000> : tensor<1xf32>
  check.expect_eq_const %a, dense<1.0> : tensor<1xf32>
  return
}

func.func @ulps_below_min() {
  %a = stablehlo.constant dense<1.0> : tensor<1xf32>
  check.expect_close %a, %a, max_ulp_difference = 2, min_ulp_difference = 1 : tensor<1xf32>, tensor<1xf32>
  return
}

func.func @complex_ulps() {
  %a = stablehlo.constant dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>
  %b = stablehlo.constant dense<[(1.0, 2.000000476837158)]> : tensor<1xcomplex<f32>>
  check.expect_close %a, %b, max_ulp_difference = 1 : tensor<1xcomplex<f32>>, tensor<1xcomplex<f32>>
  return
}
