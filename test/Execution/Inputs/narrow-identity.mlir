// Identity functions on narrow types, for narrow-types-io.test.
func.func @f8(%x: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  return %x : tensor<4xf8E4M3FN>
}
func.func @i4(%x: tensor<3xi4>, %y: tensor<2xui2>) -> (tensor<3xi4>, tensor<2xui2>) {
  return %x, %y : tensor<3xi4>, tensor<2xui2>
}
func.func @i4x2(%x: tensor<2xi4>) -> tensor<2xi4> {
  return %x : tensor<2xi4>
}
