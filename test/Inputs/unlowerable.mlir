// A convolution whose result element type differs from its operands' (a
// preferred element type): verified, but not lowered yet.
func.func @main(%x: tensor<1x4x1xf32>, %k: tensor<2x1x1xf32>) -> tensor<1x3x1xf64> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x3x1xf64>
  return %0 : tensor<1x3x1xf64>
}
