module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<4x8xi8>, %arg3: tensor<8x3xi8>, %arg4: tensor<3x5xui8>, %arg5: tensor<1x6x6x2xf32>, %arg6: tensor<3x3x2x4xf32>) -> (tensor<8x4xf32> {jax.result_info = "result[0]"}, tensor<4x3xi32> {jax.result_info = "result[1]"}, tensor<3x3xi32> {jax.result_info = "result[2]"}, tensor<1x6x6x4xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<8x16xf32>) -> tensor<8x16xbf16>
    %1 = stablehlo.convert %arg1 : (tensor<16x4xf32>) -> tensor<16x4xbf16>
    %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xbf16>, tensor<16x4xbf16>) -> tensor<8x4xf32>
    %3 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xi8>, tensor<8x3xi8>) -> tensor<4x3xi32>
    %4 = stablehlo.transpose %arg4, dims = [1, 0] : (tensor<3x5xui8>) -> tensor<5x3xui8>
    %5 = stablehlo.dot_general %arg4, %4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xui8>, tensor<5x3xui8>) -> tensor<3x3xi32>
    %6 = stablehlo.convert %arg5 : (tensor<1x6x6x2xf32>) -> tensor<1x6x6x2xbf16>
    %7 = stablehlo.convert %arg6 : (tensor<3x3x2x4xf32>) -> tensor<3x3x2x4xbf16>
    %8 = stablehlo.convolution(%6, %7) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x6x6x2xbf16>, tensor<3x3x2x4xbf16>) -> tensor<1x6x6x4xf32>
    return %2, %3, %5, %8 : tensor<8x4xf32>, tensor<4x3xi32>, tensor<3x3xi32>, tensor<1x6x6x4xf32>
  }
}
