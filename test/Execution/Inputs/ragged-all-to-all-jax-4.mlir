// lax.ragged_all_to_all over 4 devices as JAX 0.10.2 lowers it; see
// test/Execution/ragged-all-to-all-jax.test.
module @jit_f attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<20x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<24x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg3: tensor<16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg4: tensor<16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg5: tensor<16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<24x2xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}]>, <@mesh, [{"x"}]>, <@mesh, [{"x"}]>, <@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg6: tensor<5x2xf32>, %arg7: tensor<6x2xf32>, %arg8: tensor<4xi32>, %arg9: tensor<4xi32>, %arg10: tensor<4xi32>, %arg11: tensor<4xi32>) {
      %1 = stablehlo.custom_call @ragged_all_to_all(%arg6, %arg7, %arg8, %arg9, %arg10, %arg11) {api_version = 4 : i32, backend_config = {channel_id = 1 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}} : (tensor<5x2xf32>, tensor<6x2xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<6x2xf32>
      sdy.return %1 : tensor<6x2xf32>
    } : (tensor<20x2xf32>, tensor<24x2xf32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>) -> tensor<24x2xf32>
    return %0 : tensor<24x2xf32>
  }
}

