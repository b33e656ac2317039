// The same work for xla-run: a while loop of R iterations, each an
// element-wise op on an N x W tensor (one parallel loop over the rows).
func.func @main(%x: tensor<ROWSxWIDTHxf32>) -> tensor<ROWSxWIDTHxf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<REGIONS> : tensor<i32>
  %a = stablehlo.constant dense<1.5> : tensor<ROWSxWIDTHxf32>
  %b = stablehlo.constant dense<0.5> : tensor<ROWSxWIDTHxf32>
  %r:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<ROWSxWIDTHxf32>
   cond {
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %next = stablehlo.add %i, %c1 : tensor<i32>
    %m = stablehlo.multiply %v, %a : tensor<ROWSxWIDTHxf32>
    %s = stablehlo.add %m, %b : tensor<ROWSxWIDTHxf32>
    stablehlo.return %next, %s : tensor<i32>, tensor<ROWSxWIDTHxf32>
  }
  return %r#1 : tensor<ROWSxWIDTHxf32>
}
