//===- StablehloControlFlowOps.td - while, if, case, barriers ------------===//
//
// Control flow of the seeds' While and Conditional, and OptimizationBarrier.
// Included from StablehloOps.td; verifiers in lib/StableHLO/StablehloControlFlow.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_STABLEHLO_CONTROL_FLOW_OPS
#define XLA_STABLEHLO_CONTROL_FLOW_OPS

def StableHLO_WhileOp : StableHLO_Op<"while", [HLO_InferType, RecursiveMemoryEffects]> {
  let summary = "Loops while a condition holds (XLA: While).";
  let description = [{
    Starts with `operand` as the loop state; while `cond` (which takes the
    state and returns a `tensor<i1>`) is true, `body` maps the state to the
    next state. The results are the final state.

    ```mlir
    %r:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<4xf32>
     cond {
      %p = stablehlo.compare LT, %i, %ten, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %n = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %n, %acc : tensor<i32>, tensor<4xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$operand);
  let results = (outs Variadic<HLO_TensorOrQuant>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_IfOp : StableHLO_Op<"if", [HLO_InferType, RecursiveMemoryEffects]> {
  let summary = "Two-way conditional (XLA: Conditional with a predicate).";
  let description = [{
    Runs `true_branch` if `pred` holds, `false_branch` otherwise, and returns
    what the branch returns. Branches take no arguments and may use values
    from the enclosing scope.

    ```mlir
    %r = "stablehlo.if"(%p) ({
      stablehlo.return %a : tensor<f32>
    }, {
      stablehlo.return %b : tensor<f32>
    }) : (tensor<i1>) -> tensor<f32>
    ```
  }];
  let arguments = (ins HLO_PredTensor:$pred);
  let results = (outs Variadic<HLO_TensorOrQuant>);
  let regions = (region SizedRegion<1>:$true_branch, SizedRegion<1>:$false_branch);
  let hasVerifier = 1;
}

def StableHLO_CaseOp : StableHLO_Op<"case", [HLO_InferType, RecursiveMemoryEffects]> {
  let summary = "N-way conditional (XLA: Conditional with a branch index).";
  let description = [{
    Runs branch `index`; an index outside `[0, N)` runs the last branch.

    ```mlir
    %r = "stablehlo.case"(%i) ({
      stablehlo.return %a : tensor<f32>
    }, {
      stablehlo.return %b : tensor<f32>
    }) : (tensor<i32>) -> tensor<f32>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I32]>:$index);
  let results = (outs Variadic<HLO_TensorOrQuant>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasVerifier = 1;
}

def StableHLO_OptimizationBarrierOp : StableHLO_Op<"optimization_barrier", [HLO_InferType, Pure]> {
  let summary = "Returns its operands, blocking reordering across it (XLA: OptimizationBarrier).";
  let description = [{
    ```mlir
    %r:2 = stablehlo.optimization_barrier %a, %b : tensor<f32>, tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrQuant>:$operand);
  let results = (outs Variadic<HLO_TensorOrQuant>:$result);
  let hasCustomAssemblyFormat = 1;
}

#endif // XLA_STABLEHLO_CONTROL_FLOW_OPS
