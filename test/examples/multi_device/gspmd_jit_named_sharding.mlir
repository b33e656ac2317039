module @jit__lambda attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"}, %arg1: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate}"}) -> (tensor<8x4xf32> {jax.result_info = "result", mhlo.sharding = "{devices=[2,2]<=[4]}"}) {
    %0 = stablehlo.tanh %arg0 : tensor<8x8xf32>
    %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %3 = stablehlo.add %1, %2 : tensor<8x4xf32>
    return %3 : tensor<8x4xf32>
  }
}
