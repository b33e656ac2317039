// lax.ragged_all_to_all as JAX 0.10.2 lowers it (jax.jit of a shard_map over
// a 2-device mesh "x"): `stablehlo.custom_call @ragged_all_to_all` with
// backend_config {channel_id, replica_groups}, inside sdy.manual_computation.
// Made with (XLA_FLAGS=--xla_force_host_platform_device_count=4):
//   mesh = jax.make_mesh((2,), ("x",), devices=jax.devices()[:2])
//   f = lambda *a: lax.ragged_all_to_all(*a, axis_name="x")
//   jax.jit(jax.shard_map(f, mesh=mesh, in_specs=(P("x"),) * 6, out_specs=P("x")))
// The inputs are the seed's 2-replica example as global arrays (device d's
// shard is row d): device 0 gets [1, 3, 0, 0], device 1 [2, 2, 4, 0].

// RUN: xla-run %s --input '6xi32=[1,2,2,3,4,0]' --input '8xi32=[0,0,0,0,0,0,0,0]' \
// RUN:   --input '4xi32=[0,1,0,1]' --input '4xi32=[1,2,1,1]' --input '4xi32=[0,0,1,2]' \
// RUN:   --input '4xi32=[1,1,2,1]' | FileCheck %s
// CHECK: [1, 3, 0, 0, 2, 2, 4, 0]

module @jit_f attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg2: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg3: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg4: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg5: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xi32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
    %0 = sdy.manual_computation(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5) in_shardings=[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>, <@mesh, [{"x"}]>, <@mesh, [{"x"}]>, <@mesh, [{"x"}]>, <@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg6: tensor<3xi32>, %arg7: tensor<4xi32>, %arg8: tensor<2xi32>, %arg9: tensor<2xi32>, %arg10: tensor<2xi32>, %arg11: tensor<2xi32>) {
      %1 = stablehlo.custom_call @ragged_all_to_all(%arg6, %arg7, %arg8, %arg9, %arg10, %arg11) {api_version = 4 : i32, backend_config = {channel_id = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}} : (tensor<3xi32>, tensor<4xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
      sdy.return %1 : tensor<4xi32>
    } : (tensor<6xi32>, tensor<8xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<8xi32>
    return %0 : tensor<8xi32>
  }
}

