module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=4]> {stablehlo.mesh = {axes = [{name = "i", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<16x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32x4xf32>, %arg3: tensor<4xf32>, %arg4: tensor<8x16xf32>, %arg5: tensor<8x4xf32>) -> (tensor<16x32xf32> {jax.result_info = "result[0]"}, tensor<32xf32> {jax.result_info = "result[1]"}, tensor<32x4xf32> {jax.result_info = "result[2]"}, tensor<4xf32> {jax.result_info = "result[3]"}, tensor<f32> {jax.result_info = "result[4]"}) {
    %0:5 = sdy.manual_computation(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5) in_shardings=[<@mesh, [{}, {}]>, <@mesh, [{}]>, <@mesh, [{}, {}]>, <@mesh, [{}]>, <@mesh, [{"i"}, {}]>, <@mesh, [{"i"}, {}]>] out_shardings=[<@mesh, [{}, {}]>, <@mesh, [{}]>, <@mesh, [{}, {}]>, <@mesh, [{}]>, <@mesh, []>] manual_axes={"i"} (%arg6: tensor<16x32xf32>, %arg7: tensor<32xf32>, %arg8: tensor<32x4xf32>, %arg9: tensor<4xf32>, %arg10: tensor<2x16xf32>, %arg11: tensor<2x4xf32>) {
      %1 = stablehlo.dot_general %arg10, %arg6, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
      %2 = stablehlo.broadcast_in_dim %arg7, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
      %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<2x32xf32>
      %4 = stablehlo.add %1, %3 : tensor<2x32xf32>
      %5 = stablehlo.tanh %4 : tensor<2x32xf32>
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x32xf32>
      %7 = stablehlo.subtract %6, %5 : tensor<2x32xf32>
      %8 = stablehlo.dot_general %5, %arg8, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32xf32>, tensor<32x4xf32>) -> tensor<2x4xf32>
      %9 = stablehlo.broadcast_in_dim %arg9, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
      %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<2x4xf32>
      %11 = stablehlo.add %8, %10 : tensor<2x4xf32>
      %12 = stablehlo.subtract %11, %arg11 : tensor<2x4xf32>
      %13 = stablehlo.multiply %12, %12 : tensor<2x4xf32>
      %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %14 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
      %15 = stablehlo.multiply %14, %12 : tensor<2x4xf32>
      %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %16 = stablehlo.reduce(%13 init: %cst_1) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<f32>
      %cst_2 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
      %17 = stablehlo.divide %16, %cst_2 : tensor<f32>
      %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %18 = stablehlo.divide %cst_3, %cst_2 : tensor<f32>
      %19 = stablehlo.broadcast_in_dim %18, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
      %20 = stablehlo.multiply %19, %15 : tensor<2x4xf32>
      %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %21 = stablehlo.reduce(%20 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
      %22 = stablehlo.reshape %21 : (tensor<4xf32>) -> tensor<1x4xf32>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %23 = stablehlo.reduce(%22 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<1x4xf32>, tensor<f32>) -> tensor<4xf32>
      %24 = stablehlo.dot_general %20, %5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<2x32xf32>) -> tensor<4x32xf32>
      %25 = stablehlo.transpose %24, dims = [1, 0] : (tensor<4x32xf32>) -> tensor<32x4xf32>
      %26 = stablehlo.dot_general %20, %arg8, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<32x4xf32>) -> tensor<2x32xf32>
      %27 = stablehlo.multiply %26, %7 : tensor<2x32xf32>
      %28 = stablehlo.multiply %27, %5 : tensor<2x32xf32>
      %29 = stablehlo.add %27, %28 : tensor<2x32xf32>
      %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %30 = stablehlo.reduce(%29 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<2x32xf32>, tensor<f32>) -> tensor<32xf32>
      %31 = stablehlo.reshape %30 : (tensor<32xf32>) -> tensor<1x32xf32>
      %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %32 = stablehlo.reduce(%31 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<1x32xf32>, tensor<f32>) -> tensor<32xf32>
      %33 = stablehlo.dot_general %29, %arg10, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x32xf32>, tensor<2x16xf32>) -> tensor<32x16xf32>
      %34 = stablehlo.transpose %33, dims = [1, 0] : (tensor<32x16xf32>) -> tensor<16x32xf32>
      %35 = "stablehlo.all_reduce"(%34) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
        %61 = stablehlo.add %arg12, %arg13 : tensor<f32>
        stablehlo.return %61 : tensor<f32>
      }) : (tensor<16x32xf32>) -> tensor<16x32xf32>
      %cst_8 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
      %36 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
      %37 = stablehlo.divide %35, %36 : tensor<16x32xf32>
      %38 = "stablehlo.all_reduce"(%32) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
        %61 = stablehlo.add %arg12, %arg13 : tensor<f32>
        stablehlo.return %61 : tensor<f32>
      }) : (tensor<32xf32>) -> tensor<32xf32>
      %cst_9 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
      %39 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<32xf32>
      %40 = stablehlo.divide %38, %39 : tensor<32xf32>
      %41 = "stablehlo.all_reduce"(%25) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
        %61 = stablehlo.add %arg12, %arg13 : tensor<f32>
        stablehlo.return %61 : tensor<f32>
      }) : (tensor<32x4xf32>) -> tensor<32x4xf32>
      %cst_10 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
      %42 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<32x4xf32>
      %43 = stablehlo.divide %41, %42 : tensor<32x4xf32>
      %44 = "stablehlo.all_reduce"(%23) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
        %61 = stablehlo.add %arg12, %arg13 : tensor<f32>
        stablehlo.return %61 : tensor<f32>
      }) : (tensor<4xf32>) -> tensor<4xf32>
      %cst_11 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
      %45 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %46 = stablehlo.divide %44, %45 : tensor<4xf32>
      %47 = "stablehlo.all_reduce"(%17) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
        %61 = stablehlo.add %arg12, %arg13 : tensor<f32>
        stablehlo.return %61 : tensor<f32>
      }) : (tensor<f32>) -> tensor<f32>
      %cst_12 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
      %48 = stablehlo.divide %47, %cst_12 : tensor<f32>
      %cst_13 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
      %49 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
      %50 = stablehlo.multiply %49, %37 : tensor<16x32xf32>
      %51 = stablehlo.subtract %arg6, %50 : tensor<16x32xf32>
      %cst_14 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
      %52 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<32xf32>
      %53 = stablehlo.multiply %52, %40 : tensor<32xf32>
      %54 = stablehlo.subtract %arg7, %53 : tensor<32xf32>
      %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
      %55 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<32x4xf32>
      %56 = stablehlo.multiply %55, %43 : tensor<32x4xf32>
      %57 = stablehlo.subtract %arg8, %56 : tensor<32x4xf32>
      %cst_16 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
      %58 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %59 = stablehlo.multiply %58, %46 : tensor<4xf32>
      %60 = stablehlo.subtract %arg9, %59 : tensor<4xf32>
      sdy.return %51, %54, %57, %60, %48 : tensor<16x32xf32>, tensor<32xf32>, tensor<32x4xf32>, tensor<4xf32>, tensor<f32>
    } : (tensor<16x32xf32>, tensor<32xf32>, tensor<32x4xf32>, tensor<4xf32>, tensor<8x16xf32>, tensor<8x4xf32>) -> (tensor<16x32xf32>, tensor<32xf32>, tensor<32x4xf32>, tensor<4xf32>, tensor<f32>)
    return %0#0, %0#1, %0#2, %0#3, %0#4 : tensor<16x32xf32>, tensor<32xf32>, tensor<32x4xf32>, tensor<4xf32>, tensor<f32>
  }
}
