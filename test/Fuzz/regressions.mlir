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
