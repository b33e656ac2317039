// A replicated all_reduce over every device (empty replica_groups) and the replica id, for devices.test.
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<ui32>) {
  %r = "stablehlo.all_reduce"(%x) <{replica_groups = dense<> : tensor<0x0xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %id = stablehlo.replica_id : tensor<ui32>
  return %r, %id : tensor<4xf32>, tensor<ui32>
}
