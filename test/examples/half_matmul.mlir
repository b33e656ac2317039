module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x512xf32>, %arg1: tensor<512x8xf32>) -> (tensor<16x8xbf16> {jax.result_info = "result[0]"}, tensor<16x8xf16> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<16x512xf32>) -> tensor<16x512xbf16>
    %1 = stablehlo.convert %arg1 : (tensor<512x8xf32>) -> tensor<512x8xbf16>
    %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x512xbf16>, tensor<512x8xbf16>) -> tensor<16x8xbf16>
    %3 = stablehlo.convert %arg0 : (tensor<16x512xf32>) -> tensor<16x512xf16>
    %4 = stablehlo.convert %arg1 : (tensor<512x8xf32>) -> tensor<512x8xf16>
    %5 = stablehlo.dot_general %3, %4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x512xf16>, tensor<512x8xf16>) -> tensor<16x8xf16>
    return %2, %5 : tensor<16x8xbf16>, tensor<16x8xf16>
  }
}
