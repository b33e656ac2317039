// The seeds' worked examples for the data-movement ops (Concatenate,
// Collapse/Reshape, Broadcast, BroadcastInDim and the broadcasting
// semantics, Pad, Slice, Transpose, Rev, Iota, ConvertElementType,
// Tuple/GetTupleElement), as self-checking functions. "003" is
// 003_f7c8a5850febc294.txt (operation semantics, r1.3), "001" the newest
// (Japanese) version, "002" the preview with "Broadcasting semantics".
// Where a seed shows a figure instead of values, the values are our own and
// the comment says so.

// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}42 passed, 0 failed

// 003/001 "Concatenate", 1-dimensional example:
// Concat({{2, 3}, {4, 5}, {6, 7}}, 0) -> {2, 3, 4, 5, 6, 7}.
func.func @concatenate_1d_seed() {
  %a = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %b = stablehlo.constant dense<[4, 5]> : tensor<2xi32>
  %c = stablehlo.constant dense<[6, 7]> : tensor<2xi32>
  %r = stablehlo.concatenate %a, %b, %c, dim = 0 : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<6xi32>
  check.expect_eq_const %r, dense<[2, 3, 4, 5, 6, 7]> : tensor<6xi32>
  func.return
}

// 003/001 "Concatenate", 2-dimensional example: a = {{1,2},{3,4},{5,6}},
// b = {{7,8}}, Concat({a, b}, 0).
func.func @concatenate_2d_seed() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %b = stablehlo.constant dense<[[7, 8]]> : tensor<1x2xi32>
  %r = stablehlo.concatenate %a, %b, dim = 0 : (tensor<3x2xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4], [5, 6], [7, 8]]> : tensor<4x2xi32>
  func.return
}

// Concatenation along the minor dimension, with an empty operand (our own).
func.func @concatenate_dim1_with_empty() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %e = stablehlo.constant dense<> : tensor<2x0xi32>
  %b = stablehlo.constant dense<[[5], [6]]> : tensor<2x1xi32>
  %r = stablehlo.concatenate %a, %e, %b, dim = 1 : (tensor<2x2xi32>, tensor<2x0xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, 2, 5], [3, 4, 6]]> : tensor<2x3xi32>
  func.return
}

// 003 "Collapse" (and 001 "Reshape"): v = f32[4x2x3]; Collapse(v, {0,1,2})
// is f32[24], Collapse(v, {0,1}) is f32[4x6], Collapse(v, {1,2}) is f32[8x3].
func.func @collapse_seed() {
  %v = stablehlo.constant dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]],
                                 [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]],
                                 [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]],
                                 [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>
  %v012 = stablehlo.reshape %v : (tensor<4x2x3xf32>) -> tensor<24xf32>
  check.expect_eq_const %v012, dense<[10.0, 11.0, 12.0, 15.0, 16.0, 17.0, 20.0, 21.0, 22.0, 25.0, 26.0, 27.0,
                                      30.0, 31.0, 32.0, 35.0, 36.0, 37.0, 40.0, 41.0, 42.0, 45.0, 46.0, 47.0]> : tensor<24xf32>
  %v12 = stablehlo.reshape %v : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
  check.expect_eq_const %v12, dense<[[10.0, 11.0, 12.0, 15.0, 16.0, 17.0],
                                     [20.0, 21.0, 22.0, 25.0, 26.0, 27.0],
                                     [30.0, 31.0, 32.0, 35.0, 36.0, 37.0],
                                     [40.0, 41.0, 42.0, 45.0, 46.0, 47.0]]> : tensor<4x6xf32>
  %v01 = stablehlo.reshape %v : (tensor<4x2x3xf32>) -> tensor<8x3xf32>
  check.expect_eq_const %v01, dense<[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0], [20.0, 21.0, 22.0], [25.0, 26.0, 27.0],
                                     [30.0, 31.0, 32.0], [35.0, 36.0, 37.0], [40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]> : tensor<8x3xf32>
  func.return
}

// 003 "Reshape", out-of-order collapse: Reshape(v, {1,2,0}, new_sizes) is a
// transpose with permutation {1,2,0} followed by an in-order reshape; the
// seed gives v021_24, v021_83 and v021_262.
func.func @reshape_out_of_order_seed() {
  %v = stablehlo.constant dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]],
                                 [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]],
                                 [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]],
                                 [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>
  %t = stablehlo.transpose %v, dims = [1, 2, 0] : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  %r24 = stablehlo.reshape %t : (tensor<2x3x4xf32>) -> tensor<24xf32>
  check.expect_eq_const %r24, dense<[10.0, 20.0, 30.0, 40.0, 11.0, 21.0, 31.0, 41.0, 12.0, 22.0, 32.0, 42.0,
                                     15.0, 25.0, 35.0, 45.0, 16.0, 26.0, 36.0, 46.0, 17.0, 27.0, 37.0, 47.0]> : tensor<24xf32>
  %r83 = stablehlo.reshape %t : (tensor<2x3x4xf32>) -> tensor<8x3xf32>
  check.expect_eq_const %r83, dense<[[10.0, 20.0, 30.0], [40.0, 11.0, 21.0], [31.0, 41.0, 12.0], [22.0, 32.0, 42.0],
                                     [15.0, 25.0, 35.0], [45.0, 16.0, 26.0], [36.0, 46.0, 17.0], [27.0, 37.0, 47.0]]> : tensor<8x3xf32>
  %r262 = stablehlo.reshape %t : (tensor<2x3x4xf32>) -> tensor<2x6x2xf32>
  check.expect_eq_const %r262, dense<[[[10.0, 20.0], [30.0, 40.0], [11.0, 21.0], [31.0, 41.0], [12.0, 22.0], [32.0, 42.0]],
                                      [[15.0, 25.0], [35.0, 45.0], [16.0, 26.0], [36.0, 46.0], [17.0, 27.0], [37.0, 47.0]]]> : tensor<2x6x2xf32>
  func.return
}

// 003/001 "Reshape", special case: Reshape(f32[1x1] {{5}}, {}) == 5 and
// Reshape(5, {1,1}) == f32[1x1] {{5}}.
func.func @reshape_scalar_seed() {
  %m = stablehlo.constant dense<[[5.0]]> : tensor<1x1xf32>
  %s = stablehlo.reshape %m : (tensor<1x1xf32>) -> tensor<f32>
  check.expect_eq_const %s, dense<5.0> : tensor<f32>
  %back = stablehlo.reshape %s : (tensor<f32>) -> tensor<1x1xf32>
  check.expect_eq_const %back, dense<[[5.0]]> : tensor<1x1xf32>
  func.return
}

// 003/001 "Broadcast": a scalar f32 2.0 with broadcast_sizes {2, 3} gives
// f32[2, 3] with every value 2.0.
func.func @broadcast_scalar_seed() {
  %x = stablehlo.constant dense<2.0> : tensor<f32>
  %r = stablehlo.broadcast %x, sizes = [2, 3] : (tensor<f32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<2.0> : tensor<2x3xf32>
  func.return
}

// 003 "Broadcast": the new dimensions are inserted on the left,
// output[i0, j0] = operand[j0] (values our own).
func.func @broadcast_left() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
  func.return
}

// 002 "Broadcasting semantics", first example:
// |1 2 3| + |7 8 9| = |8 10 12|
// |4 5 6|             |11 13 15|   (the vector matched to dimension 1).
func.func @broadcasting_matrix_plus_vector_seed() {
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %v = stablehlo.constant dense<[7, 8, 9]> : tensor<3xi32>
  %b = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %b, dense<[[7, 8, 9], [7, 8, 9]]> : tensor<2x3xi32>
  %r = stablehlo.add %m, %b : tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[8, 10, 12], [11, 13, 15]]> : tensor<2x3xi32>
  func.return
}

// 002 "Broadcasting semantics": |1 2 3| + 7 = |8 9 10|, |4 5 6| + 7 = |11 12 13|.
func.func @broadcasting_scalar_seed() {
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %s = stablehlo.constant dense<7> : tensor<i32>
  %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
  %r = stablehlo.add %m, %b : tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[8, 9, 10], [11, 12, 13]]> : tensor<2x3xi32>
  func.return
}

// 002 "Broadcasting semantics": a 3-vector onto a 3x3 matrix, broadcasting
// dimension 1 (each row is the vector) or 0 (each column is the vector).
func.func @broadcasting_3x3_both_ways_seed() {
  %v = stablehlo.constant dense<[7, 8, 9]> : tensor<3xi32>
  %d1 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xi32>) -> tensor<3x3xi32>
  check.expect_eq_const %d1, dense<[[7, 8, 9], [7, 8, 9], [7, 8, 9]]> : tensor<3x3xi32>
  %d0 = stablehlo.broadcast_in_dim %v, dims = [0] : (tensor<3xi32>) -> tensor<3x3xi32>
  check.expect_eq_const %d0, dense<[[7, 7, 7], [8, 8, 8], [9, 9, 9]]> : tensor<3x3xi32>
  func.return
}

// 002 "Broadcast composition": |1 2 3 4| + [5 6] (a 1x2 matrix) with
// broadcast dimensions (0) gives [[6,7],[7,8],[8,9],[9,10]]: the vector is
// matched to dimension 0, then the degenerate dimension 0 of the 1x2 matrix
// is stretched.
func.func @broadcast_composition_seed() {
  %v = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %m = stablehlo.constant dense<[[5, 6]]> : tensor<1x2xi32>
  %bv = stablehlo.broadcast_in_dim %v, dims = [0] : (tensor<4xi32>) -> tensor<4x2xi32>
  check.expect_eq_const %bv, dense<[[1, 1], [2, 2], [3, 3], [4, 4]]> : tensor<4x2xi32>
  %bm = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<4x2xi32>
  %r = stablehlo.add %bv, %bm : tensor<4x2xi32>
  check.expect_eq_const %r, dense<[[6, 7], [7, 8], [8, 9], [9, 10]]> : tensor<4x2xi32>
  func.return
}

// 002 "Broadcast composition", the more complicated example: a 1x2 matrix
// added to a 4x3x1 array with broadcast dimensions (1, 2) gives 4x3x2 (the
// seed gives only shapes; values our own: x[i,j,0] = 3i + j, m = [[10, 20]]).
func.func @broadcast_composition_rank3_seed() {
  %x = stablehlo.constant dense<[[[0], [1], [2]], [[3], [4], [5]], [[6], [7], [8]], [[9], [10], [11]]]> : tensor<4x3x1xi32>
  %m = stablehlo.constant dense<[[10, 20]]> : tensor<1x2xi32>
  %bm = stablehlo.broadcast_in_dim %m, dims = [1, 2] : (tensor<1x2xi32>) -> tensor<4x3x2xi32>
  %bx = stablehlo.broadcast_in_dim %x, dims = [0, 1, 2] : (tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %r = stablehlo.add %bx, %bm : tensor<4x3x2xi32>
  check.expect_eq_const %r, dense<[[[10, 20], [11, 21], [12, 22]], [[13, 23], [14, 24], [15, 25]],
                                   [[16, 26], [17, 27], [18, 28]], [[19, 29], [20, 30], [21, 31]]]> : tensor<4x3x2xi32>
  func.return
}

// 002 "Broadcasting similar-rank arrays": the outer operation (2,1) and
// (1,3) -> (2,3) (values our own).
func.func @broadcast_outer_seed() {
  %a = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %b = stablehlo.constant dense<[[10, 20, 30]]> : tensor<1x3xi32>
  %ba = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<2x1xi32>) -> tensor<2x3xi32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<2x3xi32>
  %r = stablehlo.multiply %ba, %bb : tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[10, 20, 30], [20, 40, 60]]> : tensor<2x3xi32>
  func.return
}

// 003/001 "Pad": edge padding low/high and interior padding. The seeds show
// the examples as a figure; these are StableHLO's pad example (the spec is
// the tie-breaker): low = [0, 1], high = [2, 1], interior = [1, 2].
func.func @pad_edge_and_interior() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.pad %x, %z, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x9xi32>
  check.expect_eq_const %r, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0],
                                   [0, 0, 0, 0, 0, 0, 0, 0, 0],
                                   [0, 4, 0, 0, 5, 0, 0, 6, 0],
                                   [0, 0, 0, 0, 0, 0, 0, 0, 0],
                                   [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xi32>
  func.return
}

// 003/001 "Pad": negative edge padding removes elements, and interior
// padding happens first, so elements are removed from the interior-padded
// operand: [1,p,2,p,3,p,4,p,5] with low -2, high -1 -> [2,p,3,p,4,p].
func.func @pad_negative_after_interior() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %p = stablehlo.constant dense<-1.5> : tensor<f32>
  %r = stablehlo.pad %x, %p, low = [-2], high = [-1], interior = [1] : (tensor<5xf32>, tensor<f32>) -> tensor<6xf32>
  check.expect_eq_const %r, dense<[2.0, -1.5, 3.0, -1.5, 4.0, -1.5]> : tensor<6xf32>
  func.return
}

// 003 "Pad": all-zero padding is a no-op.
func.func @pad_noop() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %z = stablehlo.constant dense<9> : tensor<i32>
  %r = stablehlo.pad %x, %z, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq %r, %x : tensor<2x2xi32>
  func.return
}

// 003/001 "Slice", 1-dimensional example: Slice({0,1,2,3,4}, {2}, {4}) = {2, 3}.
func.func @slice_1d_seed() {
  %a = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>
  %r = stablehlo.slice %a [2:4] : (tensor<5xf32>) -> tensor<2xf32>
  check.expect_eq_const %r, dense<[2.0, 3.0]> : tensor<2xf32>
  func.return
}

// 003/001 "Slice", 2-dimensional example: Slice(b, {2, 1}, {4, 3}).
func.func @slice_2d_seed() {
  %b = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %r = stablehlo.slice %b [2:4, 1:3] : (tensor<4x3xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[7.0, 8.0], [10.0, 11.0]]> : tensor<2x2xf32>
  func.return
}

// 001 "Slice" with strides: every strides[d]-th element (values our own).
func.func @slice_strided() {
  %a = stablehlo.iota dim = 0 : tensor<10xi32>
  %r = stablehlo.slice %a [1:8:3] : (tensor<10xi32>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<[1, 4, 7]> : tensor<3xi32>
  %b = stablehlo.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>
  %s = stablehlo.slice %b [0:3:2, 1:4:2] : (tensor<3x4xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %s, dense<[[1, 3], [9, 11]]> : tensor<2x2xi32>
  func.return
}

// 003/001 "Transpose": input_dimensions[permutation[i]] = output_dimensions[i];
// a 2x3 matrix transposed, and a 2x3x4 array with permutation {2, 0, 1}
// compared against the definition (out[k, i, j] = in[i, j, k]; values our own).
func.func @transpose() {
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %t = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %t, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
  %c = stablehlo.constant dense<[[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]],
                                 [[12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]]]> : tensor<2x3x4xi32>
  %u = stablehlo.transpose %c, dims = [2, 0, 1] : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
  check.expect_eq_const %u, dense<[[[0, 4, 8], [12, 16, 20]], [[1, 5, 9], [13, 17, 21]],
                                   [[2, 6, 10], [14, 18, 22]], [[3, 7, 11], [15, 19, 23]]]> : tensor<4x2x3xi32>
  func.return
}

// 003/001 "Rev": index i of a reversed dimension of size N goes to N-1-i
// (values our own).
func.func @rev() {
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r0 = stablehlo.reverse %m, dims = [0] : tensor<2x3xi32>
  check.expect_eq_const %r0, dense<[[4, 5, 6], [1, 2, 3]]> : tensor<2x3xi32>
  %r1 = stablehlo.reverse %m, dims = [1] : tensor<2x3xi32>
  check.expect_eq_const %r1, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xi32>
  %r01 = stablehlo.reverse %m, dims = [0, 1] : tensor<2x3xi32>
  check.expect_eq_const %r01, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi32>
  func.return
}

// 001 "Iota": Iota(s32[4, 8], 0) and Iota(s32[4, 8], 1).
func.func @iota_seed() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x8xi32>
  check.expect_eq_const %d0, dense<[[0, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1],
                                    [2, 2, 2, 2, 2, 2, 2, 2], [3, 3, 3, 3, 3, 3, 3, 3]]> : tensor<4x8xi32>
  %d1 = stablehlo.iota dim = 1 : tensor<4x8xi32>
  check.expect_eq_const %d1, dense<[[0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7],
                                    [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<4x8xi32>
  func.return
}

// 001 "Iota": for floating-point types the result equals
// ConvertElementType(Iota(...)) of the integer iota.
func.func @iota_float_seed() {
  %f = stablehlo.iota dim = 1 : tensor<2x3xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %c = stablehlo.convert %i : (tensor<2x3xi32>) -> tensor<2x3xf32>
  check.expect_eq %f, %c : tensor<2x3xf32>
  check.expect_eq_const %f, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xf32>
  func.return
}

// 003/001 "ConvertElementType": a = s32[3] {0, 1, 2}; convert(a, f32) ==
// f32[3] {0.0, 1.0, 2.0}.
func.func @convert_seed() {
  %a = stablehlo.constant dense<[0, 1, 2]> : tensor<3xi32>
  %b = stablehlo.convert %a : (tensor<3xi32>) -> tensor<3xf32>
  check.expect_eq_const %b, dense<[0.0, 1.0, 2.0]> : tensor<3xf32>
  func.return
}

// 003 "ConvertElementType": s32 -> f32 rounds to nearest even: 2^24 + 1 and
// 2^24 + 3 are not representable in f32 (ties go to the even mantissa).
func.func @convert_round_to_nearest_even() {
  %a = stablehlo.constant dense<[16777217, 16777219, -16777217]> : tensor<3xi32>
  %b = stablehlo.convert %a : (tensor<3xi32>) -> tensor<3xf32>
  check.expect_eq_const %b, dense<[16777216.0, 16777220.0, -16777216.0]> : tensor<3xf32>
  func.return
}

// 003/001 "Tuple" and "GetTupleElement": v = f32[10] {0..9}, s = s32 5,
// t = tuple(v, s); gettupleelement(t, 1) == 5.
func.func @tuple_seed() {
  %v = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>
  %s = stablehlo.constant dense<5> : tensor<i32>
  %t = stablehlo.tuple %v, %s : tuple<tensor<10xf32>, tensor<i32>>
  %e1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<10xf32>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %e1, dense<5> : tensor<i32>
  %e0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<10xf32>, tensor<i32>>) -> tensor<10xf32>
  check.expect_eq %e0, %v : tensor<10xf32>
  func.return
}
