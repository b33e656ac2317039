module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x8x8x64xf32>, %arg1: tensor<3x3x64x8xf32>) -> (tensor<1x8x8x8xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xbf16>
    %1 = stablehlo.convert %arg1 : (tensor<3x3x64x8xf32>) -> tensor<3x3x64x8xbf16>
    %2 = stablehlo.convolution(%0, %1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x64xbf16>, tensor<3x3x64x8xbf16>) -> tensor<1x8x8x8xbf16>
    return %2 : tensor<1x8x8x8xbf16>
  }
}
