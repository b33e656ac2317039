//===- StablehloWindowOps.td - reduce_window, select_and_scatter, sort ---===//
//
// Ops with a computation applied over windows or along a dimension. Included
// from StablehloOps.td; verifiers in lib/StableHLO/StablehloWindow.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_STABLEHLO_WINDOW_OPS
#define XLA_STABLEHLO_WINDOW_OPS

def StableHLO_ReduceWindowOp : StableHLO_Op<"reduce_window", [HLO_InferType, RecursiveMemoryEffects,
    SameVariadicOperandSize]> {
  let summary = "Reduces every window of the inputs (XLA: ReduceWindow).";
  let description = [{
    Pads the inputs with the init values (`padding`, low/high per dimension,
    after dilating them by `base_dilations`), then reduces each window of
    `window_dimensions` (elements `window_dilations` apart, windows
    `window_strides` apart) with `body`, as `reduce` does.

    ```mlir
    %r = "stablehlo.reduce_window"(%x, %zero) <{padding = dense<[[0, 0], [3, 0]]> : tensor<2x2xi64>,
           window_dimensions = array<i64: 1, 4>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$inputs, Variadic<HLO_TensorOrQuant>:$init_values,
                       DenseI64ArrayAttr:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_TensorOrQuant>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def StableHLO_SelectAndScatterOp : StableHLO_Op<"select_and_scatter", [HLO_InferType, RecursiveMemoryEffects]> {
  let summary = "Scatters source values to the selected element of each window (XLA: SelectAndScatter).";
  let description = [{
    For each window of `operand` (as in `reduce_window`, no dilation), picks
    one element with `select` (the element `e` kept over a later `x` when
    `select(e, x)` holds) and combines the matching `source` value into the
    result at that position with `scatter`; the result starts as
    `init_value` everywhere. This is the gradient of max pooling.

    ```mlir
    %r = "stablehlo.select_and_scatter"(%x, %src, %zero) <{window_dimensions = array<i64: 2>,
           window_strides = array<i64: 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrQuant:$operand, HLO_TensorOrQuant:$source, HLO_TensorOrQuant:$init_value,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs HLO_TensorOrQuant:$result);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let hasVerifier = 1;
}

def StableHLO_SortOp : StableHLO_Op<"sort", [HLO_InferType, RecursiveMemoryEffects]> {
  let summary = "Sorts tensors along a dimension with a comparator (XLA: Sort).";
  let description = [{
    Sorts all `inputs` together along `dimension`, ordering positions by
    `comparator`, which takes a pair of rank-0 elements per input
    (`lhs_0, rhs_0, lhs_1, rhs_1, ...`) and returns whether lhs goes first.
    With `is_stable`, equal elements keep their order.

    ```mlir
    %r = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %p = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$inputs,
                       DefaultValuedAttr<I64Attr, "-1">:$dimension,
                       DefaultValuedAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_TensorOrQuant>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
}

#endif // XLA_STABLEHLO_WINDOW_OPS
