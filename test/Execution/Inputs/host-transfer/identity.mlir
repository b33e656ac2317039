// Identity functions: xla-run reads a file that a host transfer wrote as
// the input and compares it with --expect (../../host-transfer.test).
func.func @f32_2x3(%x: tensor<2x3xf32>) -> tensor<2x3xf32> { return %x : tensor<2x3xf32> }
func.func @f32_2(%x: tensor<2xf32>) -> tensor<2xf32> { return %x : tensor<2xf32> }
func.func @i32_3(%x: tensor<3xi32>) -> tensor<3xi32> { return %x : tensor<3xi32> }
func.func @i32(%x: tensor<i32>) -> tensor<i32> { return %x : tensor<i32> }
func.func @ui32_4(%x: tensor<4xui32>) -> tensor<4xui32> { return %x : tensor<4xui32> }
func.func @pred_4(%x: tensor<4xi1>) -> tensor<4xi1> { return %x : tensor<4xi1> }
func.func @i8_3(%x: tensor<3xi8>) -> tensor<3xi8> { return %x : tensor<3xi8> }
