// Loop state updated in place (xla-loop-state-in-place): the op that
// computes a state writes into the buffer of the old state only when no
// later op reads the old state. Each case here has a state that must NOT
// be overwritten early (passed on as another state, or read by the other
// state's update), beside one that is updated in place. (Were the pass to
// retarget such a write, one-shot bufferization would copy the old state
// first; these check the values end to end, the decisions are FileCheck'd
// in test/Lowering/loop-state-in-place.mlir.) Expected values from numpy
// (exact here: small integers).

// h' = h @ u + 1 (the product is the last read of h: in place), and the
// old h passed on as a second state (read by the yield, after h' exists:
// h' may not go into h's buffer then). 3 steps.
// RUN: xla-run %s --entry rnn --input '2x8xf32=[-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11]' --input '8x8xf32=[2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,-1,0,0,0,0,0,0,2]' | FileCheck %s --check-prefix=RNN
// RNN: result[0]: tensor<2x8xf32> = {{\[\[}}-54, 43, -4, 5, 6, 7, 8, 9], [-46, 51, 4, 13, 14, 15, 16, 17]]
// RNN: result[1]: tensor<2x8xf32> = {{\[\[}}-24, 9, 2, 3, 4, 5, 6, 7], [-16, 17, 10, 11, 12, 13, 14, 15]]
// The same on 8 threads.
// RUN: xla-run %s --entry rnn --threads 8 --input '2x8xf32=[-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11]' --input '8x8xf32=[2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,-1,0,0,0,0,0,0,2]' | FileCheck %s --check-prefix=RNN
func.func @rnn(%h0: tensor<2x8xf32>, %u: tensor<8x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %h = %h0, %prev = %h0) : tensor<i32>, tensor<2x8xf32>, tensor<2x8xf32>
   cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %p = stablehlo.dot_general %h, %u, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
    %c = stablehlo.constant dense<1.0> : tensor<2x8xf32>
    %hn = stablehlo.add %p, %c : tensor<2x8xf32>
    stablehlo.return %i1, %hn, %h : tensor<i32>, tensor<2x8xf32>, tensor<2x8xf32>
  }
  return %r#1, %r#2 : tensor<2x8xf32>, tensor<2x8xf32>
}

// (a, b) -> (b + 1, 2 a), 5 steps: each new state reads the other old
// state, so at most one of them may be written in place.
// RUN: xla-run %s --entry swap --input '4xi32=[1,2,3,4]' --input '4xi32=[10,20,30,40]' | FileCheck %s --check-prefix=SWAP
// SWAP: result[0]: tensor<4xi32> = [47, 87, 127, 167]
// SWAP: result[1]: tensor<4xi32> = [14, 22, 30, 38]
func.func @swap(%a0: tensor<4xi32>, %b0: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %a = %a0, %b = %b0) : tensor<i32>, tensor<4xi32>, tensor<4xi32>
   cond {
    %n = stablehlo.constant dense<5> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %c1 = stablehlo.constant dense<1> : tensor<4xi32>
    %c2 = stablehlo.constant dense<2> : tensor<4xi32>
    %an = stablehlo.add %b, %c1 : tensor<4xi32>
    %bn = stablehlo.multiply %a, %c2 : tensor<4xi32>
    stablehlo.return %i1, %an, %bn : tensor<i32>, tensor<4xi32>, tensor<4xi32>
  }
  return %r#1, %r#2 : tensor<4xi32>, tensor<4xi32>
}

// A scan: the same step, each new h also stacked into ys (3x2x8) with
// dynamic_update_slice at the step's index; the row is computed in its
// slice of ys (xla-loop-state-in-place's rows), nothing else reads ys.
// RUN: xla-run %s --entry scan --input '2x8xf32=[-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11]' --input '8x8xf32=[2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,0,0,0,0,0,0,0,2,-1,-1,0,0,0,0,0,0,2]' | FileCheck %s --check-prefix=SCAN
// SCAN: result[0]: tensor<2x8xf32> = {{\[\[}}-54, 43, -4, 5, 6, 7, 8, 9], [-46, 51, 4, 13, 14, 15, 16, 17]]
// SCAN: result[1]: tensor<3x2x8xf32> = {{\[\[\[}}-10, -1, 0, 1, 2, 3, 4, 5], [-2, 7, 8, 9, 10, 11, 12, 13]], {{\[\[}}-24, 9, 2, 3, 4, 5, 6, 7], [-16, 17, 10, 11, 12, 13, 14, 15]], {{\[\[}}-54, 43, -4, 5, 6, 7, 8, 9], [-46, 51, 4, 13, 14, 15, 16, 17]]]
func.func @scan(%h0: tensor<2x8xf32>, %u: tensor<8x8xf32>) -> (tensor<2x8xf32>, tensor<3x2x8xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %fill = stablehlo.constant dense<0.0> : tensor<3x2x8xf32>
  %r:3 = stablehlo.while(%i = %zero, %h = %h0, %ys = %fill) : tensor<i32>, tensor<2x8xf32>, tensor<3x2x8xf32>
   cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %p = stablehlo.dot_general %h, %u, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
    %c = stablehlo.constant dense<1.0> : tensor<2x8xf32>
    %hn = stablehlo.add %p, %c : tensor<2x8xf32>
    %row = stablehlo.broadcast_in_dim %hn, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %ys1 = stablehlo.dynamic_update_slice %ys, %row, %i, %z, %z : (tensor<3x2x8xf32>, tensor<1x2x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3x2x8xf32>
    stablehlo.return %i1, %hn, %ys1 : tensor<i32>, tensor<2x8xf32>, tensor<3x2x8xf32>
  }
  return %r#1, %r#2 : tensor<2x8xf32>, tensor<3x2x8xf32>
}
