module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<8x4xf32>) -> (tensor<8x4xf32> {jax.result_info = "result"}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"y"}, {"x"}]>] manual_axes={"x", "y"} (%arg1: tensor<4x2xf32>) {
      %c = stablehlo.constant dense<2> : tensor<ui32>
      %c_0 = stablehlo.constant dense<2> : tensor<ui32>
      %1 = stablehlo.partition_id : tensor<ui32>
      %2 = stablehlo.divide %1, %c : tensor<ui32>
      %3 = stablehlo.remainder %2, %c_0 : tensor<ui32>
      %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<i32>
      %5 = stablehlo.convert %4 : (tensor<i32>) -> tensor<f32>
      %c_1 = stablehlo.constant dense<1> : tensor<ui32>
      %c_2 = stablehlo.constant dense<2> : tensor<ui32>
      %6 = stablehlo.partition_id : tensor<ui32>
      %7 = stablehlo.divide %6, %c_1 : tensor<ui32>
      %8 = stablehlo.remainder %7, %c_2 : tensor<ui32>
      %9 = stablehlo.convert %8 : (tensor<ui32>) -> tensor<i32>
      %10 = stablehlo.convert %9 : (tensor<i32>) -> tensor<f32>
      %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x2xf32>
      %12 = stablehlo.multiply %arg1, %11 : tensor<4x2xf32>
      %cst_3 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
      %13 = stablehlo.multiply %5, %cst_3 : tensor<f32>
      %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<4x2xf32>
      %15 = stablehlo.add %12, %14 : tensor<4x2xf32>
      %cst_4 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
      %16 = stablehlo.multiply %10, %cst_4 : tensor<f32>
      %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<f32>) -> tensor<4x2xf32>
      %18 = stablehlo.add %15, %17 : tensor<4x2xf32>
      sdy.return %18 : tensor<4x2xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}
