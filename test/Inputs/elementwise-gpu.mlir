// Element-wise ops whose GPU lowering needs libdevice (__nv_*) or LLVM
// intrinsics (ctpop, ctlz, is.fpclass); used by GPU/ptxas.test.
func.func @fl(%x: tensor<6xf32>, %y: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xi1>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %0 = stablehlo.floor %x : tensor<6xf32>
  %1 = stablehlo.ceil %x : tensor<6xf32>
  %2 = stablehlo.round_nearest_even %x : tensor<6xf32>
  %3 = stablehlo.round_nearest_afz %x : tensor<6xf32>
  %4 = stablehlo.sign %x : tensor<6xf32>
  %5 = stablehlo.logistic %x : tensor<6xf32>
  %6 = stablehlo.is_finite %x : (tensor<6xf32>) -> tensor<6xi1>
  %7 = stablehlo.remainder %x, %y : tensor<6xf32>
  %8 = stablehlo.power %y, %y : tensor<6xf32>
  %9 = stablehlo.atan2 %x, %y : tensor<6xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xi1>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}
func.func @ints(%a: tensor<6xi32>, %b: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>) {
  %0 = stablehlo.remainder %a, %b : tensor<6xi32>
  %1 = stablehlo.shift_left %a, %b : tensor<6xi32>
  %2 = stablehlo.shift_right_logical %a, %b : tensor<6xi32>
  %3 = stablehlo.shift_right_arithmetic %a, %b : tensor<6xi32>
  %4 = stablehlo.sign %a : tensor<6xi32>
  %5 = stablehlo.popcnt %a : tensor<6xi32>
  %6 = stablehlo.count_leading_zeros %a : tensor<6xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>
}
func.func @cl(%lo: tensor<f32>, %x: tensor<5xf32>, %hi: tensor<f32>, %l2: tensor<5xi32>, %y: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  %1 = stablehlo.clamp %l2, %y, %l2 : tensor<5xi32>
  return %0, %1 : tensor<5xf32>, tensor<5xi32>
}
