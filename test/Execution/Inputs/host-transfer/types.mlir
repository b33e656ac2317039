// Unsigned and boolean tensors keep their element types across host
// transfers (the signedness legalization makes ui32 a signless i32 inside
// compiled code); an outfeed of a value computed from them, and an infeed
// of no tensors (reads nothing). See ../../host-transfer.test.
func.func @main() -> tensor<4xui32> {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = "stablehlo.infeed"(%t0) <{infeed_config = "nothing"}> : (!stablehlo.token) -> !stablehlo.token
  %u, %p, %t2 = "stablehlo.infeed"(%t1) : (!stablehlo.token) -> (tensor<4xui32>, tensor<4xi1>, !stablehlo.token)
  %two = stablehlo.constant dense<2> : tensor<4xui32>
  %q = stablehlo.divide %u, %two : tensor<4xui32>
  %np = stablehlo.not %p : tensor<4xi1>
  %t3 = "stablehlo.outfeed"(%q, %np, %t2) : (tensor<4xui32>, tensor<4xi1>, !stablehlo.token) -> !stablehlo.token
  return %q : tensor<4xui32>
}
