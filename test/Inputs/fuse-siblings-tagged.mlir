// Input of test/Lowering/fuse-siblings.mlir: reductions tagged by hand as
// siblings (the tag xla-plan-fusion puts on StableHLO reduce ops), each at
// its own line for the report.
#rows = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
// The second reduction's fill comes between the two: it moves up.
func.func @moved(%x: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r1 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x16xf32>) outs(%f1 : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32> loc("xla.fusion.f0.s0"("a.mlir":1:1))
  %f2 = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r2 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x16xf32>) outs(%f2 : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  } -> tensor<4xf32> loc("xla.fusion.f0.s0"("a.mlir":2:1))
  return %r1, %r2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// x read by rows and by columns: no common read.
#rows = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @other_order(%x: tensor<16x16xf32>, %i: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %r1 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<16x16xf32>) outs(%i : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<16xf32> loc("xla.fusion.f0.s0"("a.mlir":3:1))
  %r2 = linalg.generic {indexing_maps = [#cols, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<16x16xf32>) outs(%i : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<16xf32> loc("xla.fusion.f0.s0"("a.mlir":4:1))
  return %r1, %r2 : tensor<16xf32>, tensor<16xf32>
}

// -----

// The second reduction reads the first's result (x minus the row sum).
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @dependent(%x: tensor<4x16xf32>, %i: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r1 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x16xf32>) outs(%i : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32> loc("xla.fusion.f0.s0"("a.mlir":5:1))
  %r2 = linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %r1 : tensor<4x16xf32>, tensor<4xf32>) outs(%i : tensor<4xf32>) {
  ^bb0(%in: f32, %mean: f32, %acc: f32):
    %d = arith.subf %in, %mean : f32
    %s = arith.addf %acc, %d : f32
    linalg.yield %s : f32
  } -> tensor<4xf32> loc("xla.fusion.f0.s0"("a.mlir":6:1))
  return %r1, %r2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Rows of 16 and rows of 4 (the same iterator kinds, other extents).
#rows = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @other_loops(%x: tensor<4x16xf32>, %i: tensor<4xf32>, %j: tensor<16xf32>) -> (tensor<4xf32>, tensor<16xf32>) {
  %r1 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x16xf32>) outs(%i : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32> loc("xla.fusion.f0.s0"("a.mlir":7:1))
  %r2 = linalg.generic {indexing_maps = [#cols, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x16xf32>) outs(%j : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<16xf32> loc("xla.fusion.f0.s0"("a.mlir":8:1))
  return %r1, %r2 : tensor<4xf32>, tensor<16xf32>
}

// -----

// Mergeable, but not tagged: left alone.
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @untagged(%x: tensor<4x16xf32>, %i: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r1 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x16xf32>) outs(%i : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32> loc("a.mlir":9:1)
  %r2 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x16xf32>) outs(%i : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32> loc("a.mlir":9:2)
  return %r1, %r2 : tensor<4xf32>, tensor<4xf32>
}
