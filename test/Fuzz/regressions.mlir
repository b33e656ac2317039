// Inputs on which xla-fuzz found the tools crashing, minimized by hand: each
// is now rejected with a diagnostic (or accepted) instead.
// RUN: xla-opt %s --split-input-file --verify-diagnostics

// collective_permute's verifier copied all pairs of a splat
// source_target_pairs into a vector: 2^64 - 2 values here, and LLVM aborted
// ("SmallVector unable to grow"). The pairs are now read one at a time.
func.func @huge_splat_source_target_pairs(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{source 0 appears twice in source_target_pairs}}
  %r = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<0> : tensor<9223372036854775807x2xi64>}> : (tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

func.func @huge_splat_distinct_pair(%x: tensor<3xf32>) -> tensor<3xf32> {
  %r = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[1, 2]]> : tensor<1x2xi64>}> : (tensor<3xf32>) -> tensor<3xf32>
  // expected-error @+1 {{source 1 appears twice in source_target_pairs}}
  %s = "stablehlo.collective_permute"(%r) <{source_target_pairs = dense<1> : tensor<4611686018427387904x2xi64>}> : (tensor<3xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----

// Verifiers asked an empty block for its terminator (Block::getTerminator
// reads past the end of an empty block in a release build of MLIR): found as
// a scatter whose update_computation had lost its body; the crash depended
// on the heap layout (SIGSEGV in ScatterOp::verify). Ops with regions check
// their blocks before MLIR checks that a block ends with a terminator.
func.func @scatter_empty_update_computation(%x: tensor<8xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{update_computation must return 1 value(s) with stablehlo.return}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
  }) : (tensor<8xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @while_empty_cond(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{cond region must end with stablehlo.return}}
  %r = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i32>):
  }, {
  ^bb0(%a: tensor<i32>):
    "stablehlo.return"(%a) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}

// -----

func.func @all_reduce_empty_computation(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation must have type ('tensor<f32>', 'tensor<f32>') -> 'tensor<f32>'}}
  %r = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0]]> : tensor<1x1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @reduce_window_empty_body(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{body must return (tensor<f32>) with stablehlo.return}}
  %r = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
