// An entry point with a token parameter and a token result (as JAX emits
// for functions with ordered effects): tokens take no input, give no output.
func.func @main(%t: !stablehlo.token, %x: tensor<3xf32>) -> (!stablehlo.token, tensor<3xf32>) {
  %t1 = stablehlo.after_all %t : !stablehlo.token
  %y = stablehlo.add %x, %x : tensor<3xf32>
  return %t1, %y : !stablehlo.token, tensor<3xf32>
}
