module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xcomplex<f32>>, %arg1: tensor<6xcomplex<f32>>) -> (tensor<6xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<6xf32> {jax.result_info = "result[2]"}, tensor<6xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<6xcomplex<f32>>
    %1 = stablehlo.real %arg0 : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
    %2 = stablehlo.imag %arg0 : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
    %3 = stablehlo.negate %2 : tensor<6xf32>
    %4 = stablehlo.complex %1, %3 : tensor<6xcomplex<f32>>
    %5 = stablehlo.add %0, %4 : tensor<6xcomplex<f32>>
    %6 = stablehlo.divide %5, %arg1 : tensor<6xcomplex<f32>>
    %7 = stablehlo.abs %arg0 : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
    %8 = stablehlo.real %arg0 : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
    %9 = stablehlo.imag %arg0 : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
    return %6, %7, %8, %9 : tensor<6xcomplex<f32>>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
  }
}
