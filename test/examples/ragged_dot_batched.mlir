module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x6x3xf32>, %arg1: tensor<3x2x3x4xf32>, %arg2: tensor<3xi32>) -> (tensor<2x6x4xf32> {jax.result_info = "result"}) {
    %0 = "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x6x3xf32>, tensor<3x2x3x4xf32>, tensor<3xi32>) -> tensor<2x6x4xf32>
    return %0 : tensor<2x6x4xf32>
  }
}
