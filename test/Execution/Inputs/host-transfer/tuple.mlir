// One of each host transfer, ordered by tokens: an infeed of two tensors,
// an outfeed of two, a recv from the host on channel 5, a send to the host
// on channel 6 (see ../../host-transfer.test).
func.func @main(%arg: tensor<2xf32>) -> tensor<2x3xf32> {
  %t0 = stablehlo.create_token : !stablehlo.token
  %a, %b, %t1 = "stablehlo.infeed"(%t0) <{infeed_config = "pair"}>
      : (!stablehlo.token) -> (tensor<2x3xf32>, tensor<3xi32>, !stablehlo.token)
  %bf = stablehlo.convert %b : (tensor<3xi32>) -> tensor<3xf32>
  %bb = stablehlo.broadcast_in_dim %bf, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %sum = stablehlo.add %a, %bb : tensor<2x3xf32>
  %neg = stablehlo.negate %b : tensor<3xi32>
  %t2 = "stablehlo.outfeed"(%sum, %neg, %t1) <{outfeed_config = "sum and negated"}>
      : (tensor<2x3xf32>, tensor<3xi32>, !stablehlo.token) -> !stablehlo.token
  %r, %t3 = "stablehlo.recv"(%t2) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true}>
      : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %m = stablehlo.multiply %r, %arg : tensor<2xf32>
  %t4 = "stablehlo.send"(%m, %t3) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 2>, is_host_transfer = true}>
      : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %sum : tensor<2x3xf32>
}
