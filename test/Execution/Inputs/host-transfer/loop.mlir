// Infeeds and outfeeds interleaved in a while loop of three iterations
// (see ../../host-transfer.test). Per iteration k: acc += infeed x_k
// (tensor<2xf32>); outfeed acc; acc *= infeed s_k (a scalar); outfeed
// (k, acc). Nothing but the transfers' order ties the infeeds to the
// iterations.
func.func @main() -> tensor<2xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %acc0 = stablehlo.constant dense<0.0> : tensor<2xf32>
  %r:2 = stablehlo.while(%i = %zero, %acc = %acc0) : tensor<i32>, tensor<2xf32>
   cond {
    %p = stablehlo.compare LT, %i, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %t0 = stablehlo.create_token : !stablehlo.token
    %x, %t1 = "stablehlo.infeed"(%t0) <{infeed_config = "x"}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    %acc1 = stablehlo.add %acc, %x : tensor<2xf32>
    %t2 = "stablehlo.outfeed"(%acc1, %t1) <{outfeed_config = "sum"}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    %s, %t3 = "stablehlo.infeed"(%t2) <{infeed_config = "scale"}> : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
    %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %acc2 = stablehlo.multiply %acc1, %sb : tensor<2xf32>
    %t4 = "stablehlo.outfeed"(%i, %acc2, %t3) <{outfeed_config = "scaled"}> : (tensor<i32>, tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %acc2 : tensor<i32>, tensor<2xf32>
  }
  return %r#1 : tensor<2xf32>
}
