module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10x4xf32>, %arg1: tensor<3x4x5xf32>, %arg2: tensor<3xi32>) -> (tensor<10x5xf32> {jax.result_info = "result"}) {
    %0 = "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<10x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<10x5xf32>
    return %0 : tensor<10x5xf32>
  }
}
