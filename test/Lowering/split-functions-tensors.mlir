// RUN: xla-opt --split-functions-max-ops 12 --xla-split-large-functions-on-tensors %s | FileCheck %s
// RUN: xla-opt --split-functions-max-depth 2 --xla-split-large-functions-on-tensors %s | FileCheck %s --check-prefix=DEPTH
// RUN: xla-opt --xla-split-large-functions-on-tensors %s | FileCheck %s --check-prefix=DEFAULT

// xla-split-large-functions-on-tensors: the CPU pipeline's first cut, on
// linalg on tensors right after inlining. Pieces return tensors; an
// operand-free pure op that several pieces use (tensor.empty) is cloned into
// each instead of being passed around; pieces and calls carry no_inline (for
// MLIR's inliner) and noinline (for LLVM's). Only function bodies are cut,
// by operation count (linalg ops are not counted as loops here).

#map = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @chain(
// CHECK: %[[P:.*]] = call @chain_split0(%arg0, %arg1) {no_inline} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[Q:.*]] = call @chain_split1(%[[P]], %arg1) {no_inline}
// CHECK-NEXT: return %[[Q]]
// CHECK: func.func private @chain_split0({{.*}}) -> tensor<4xf32> attributes {no_inline, passthrough = ["noinline"]}
// CHECK-NEXT: tensor.empty() : tensor<4xf32>
// CHECK-COUNT-3: linalg.generic
// CHECK: func.func private @chain_split1({{.*}}) -> tensor<4xf32> attributes {no_inline, passthrough = ["noinline"]}
// CHECK-NEXT: tensor.empty() : tensor<4xf32>
// CHECK-NEXT: linalg.generic
// DEFAULT-NOT: _split0(
func.func @chain(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%0, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%1, %0 : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%2, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %3 : tensor<4xf32>
}


// Three ifs nested in each other's then-branches: on tensors, regions stay
// whole whatever the depth limit (the run on buffers cuts them).
// DEPTH-LABEL: func.func @nest(
// DEPTH: scf.if %arg0
// DEPTH-NEXT: scf.if %arg0
// DEPTH-NEXT: scf.if %arg0
// DEPTH-NOT: call
// DEPTH: return
func.func @nest(%p: i1, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r0 = scf.if %p -> tensor<4xf32> {
    %r1 = scf.if %p -> tensor<4xf32> {
      %r2 = scf.if %p -> tensor<4xf32> {
        %n = arith.negf %x : tensor<4xf32>
        scf.yield %n : tensor<4xf32>
      } else {
        scf.yield %x : tensor<4xf32>
      }
      scf.yield %r2 : tensor<4xf32>
    } else {
      scf.yield %x : tensor<4xf32>
    }
    scf.yield %r1 : tensor<4xf32>
  } else {
    scf.yield %x : tensor<4xf32>
  }
  return %r0 : tensor<4xf32>
}
