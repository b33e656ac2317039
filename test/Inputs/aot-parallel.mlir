// A program with large parallel loops (a contraction's row blocks, an
// element-wise op) for test/Translate/aot-parallel.test.
func.func @main(%a: tensor<192x256xf32>, %b: tensor<256x320xf32>) -> tensor<192x320xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<192x256xf32>, tensor<256x320xf32>) -> tensor<192x320xf32>
  %1 = stablehlo.tanh %0 : tensor<192x320xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<192x320xf32>
  return %2 : tensor<192x320xf32>
}
