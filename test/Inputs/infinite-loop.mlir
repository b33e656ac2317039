// A while loop that never ends: constant-true condition, a body that
// returns its argument unchanged (issue 19: the loop was erased and the
// program returned its input).
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %r = stablehlo.while(%x = %a) : tensor<f32>
    cond {
      %t = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %t : tensor<i1>
    } do {
      stablehlo.return %x : tensor<f32>
    }
  return %r : tensor<f32>
}
