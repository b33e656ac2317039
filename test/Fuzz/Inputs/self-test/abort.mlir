// xla-fuzz-self-test: abort
// With --self-test, xla-fuzz aborts while parsing this (test/Fuzz/self-test.test).
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
