module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=4]> {stablehlo.mesh = {axes = [{name = "i", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x6xf32>) -> (tensor<8x6xf32> {jax.result_info = "result"}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}, {}]>] out_shardings=[<@mesh, [{"i"}, {}]>] manual_axes={"i"} (%arg1: tensor<2x6xf32>) {
      %c = stablehlo.constant dense<0> : tensor<i32>
      %1:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg1, %iterArg_1 = %arg1) : tensor<i32>, tensor<2x6xf32>, tensor<2x6xf32>
      cond {
        %c_2 = stablehlo.constant dense<3> : tensor<i32>
        %2 = stablehlo.compare LT, %iterArg, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %2 : tensor<i1>
      } do {
        %2:2 = func.call @closed_call(%iterArg_0, %iterArg_1) : (tensor<2x6xf32>, tensor<2x6xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>)
        %c_2 = stablehlo.constant dense<1> : tensor<i32>
        %3 = stablehlo.add %iterArg, %c_2 : tensor<i32>
        stablehlo.return %3, %2#0, %2#1 : tensor<i32>, tensor<2x6xf32>, tensor<2x6xf32>
      }
      sdy.return %1#1 : tensor<2x6xf32>
    } : (tensor<8x6xf32>) -> tensor<8x6xf32>
    return %0 : tensor<8x6xf32>
  }
  func.func private @closed_call(%arg0: tensor<2x6xf32>, %arg1: tensor<2x6xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>) {
    %0 = "stablehlo.collective_permute"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<2x6xf32>) -> tensor<2x6xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<2x6xf32>
    return %1, %0 : tensor<2x6xf32>, tensor<2x6xf32>
  }
}
