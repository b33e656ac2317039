// Data-dependent indexing (XLA DynamicSlice, DynamicUpdateSlice, Gather,
// Scatter), executed with xla-run on inline inputs. Expected values come from
// the semantics: DynamicSlice and DynamicUpdateSlice clamp each start index
// into [0, dim - size]; Gather clamps each slice start the same way; Scatter
// skips updates that land outside the operand. Gather/scatter references were
// computed with a direct numpy transcription of the formal semantics.

// DynamicSlice, the seed's 2-D example: b = [[0,1,2],[3,4,5],[6,7,8],[9,10,11]],
// s = {2, 1}, sizes {2, 2} -> [[7, 8], [10, 11]].
// RUN: xla-run %s --entry dslice --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input 'i32=2' --input 'i32=1' \
// RUN:   | FileCheck %s --check-prefix=DSLICE
// DSLICE: result[0]: tensor<2x2xf32> = {{\[\[}}7, 8], [10, 11]]
// Starts beyond the end are clamped to dim - size: {3, 2} and {100, 7} -> {2, 1}.
// RUN: xla-run %s --entry dslice --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input 'i32=3' --input 'i32=2' \
// RUN:   | FileCheck %s --check-prefix=DSLICE
// RUN: xla-run %s --entry dslice --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input 'i32=100' --input 'i32=2147483647' \
// RUN:   | FileCheck %s --check-prefix=DSLICE
// Negative starts are clamped to 0.
// RUN: xla-run %s --entry dslice --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input 'i32=-1' --input 'i32=-2147483648' \
// RUN:   | FileCheck %s --check-prefix=DSLICE-NEG
// DSLICE-NEG: result[0]: tensor<2x2xf32> = {{\[\[}}0, 1], [3, 4]]
// Each dimension is clamped on its own: {-5, 1} -> {0, 1}, {1, 9} -> {1, 1}.
// RUN: xla-run %s --entry dslice --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input 'i32=-5' --input 'i32=1' \
// RUN:   | FileCheck %s --check-prefix=DSLICE-MIX
// DSLICE-MIX: result[0]: tensor<2x2xf32> = {{\[\[}}1, 2], [4, 5]]
// RUN: xla-run %s --entry dslice --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input 'i32=1' --input 'i32=9' \
// RUN:   | FileCheck %s --check-prefix=DSLICE-MIX2
// DSLICE-MIX2: result[0]: tensor<2x2xf32> = {{\[\[}}4, 5], [7, 8]]
func.func @dslice(%b: tensor<4x3xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x2xf32> {
  %r = stablehlo.dynamic_slice %b, %i, %j, sizes = [2, 2] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// The seed's 1-D example with 64-bit start indices: a = [0,1,2,3,4], s = {2},
// size 2 -> [2, 3]; a start of 2^40 clamps to 3, one of -2^40 to 0.
// RUN: xla-run %s --entry dslice_i64 --input '5xf32=[0,1,2,3,4]' --input 'i64=2' | FileCheck %s --check-prefix=DSLICE1
// DSLICE1: result[0]: tensor<2xf32> = [2, 3]
// RUN: xla-run %s --entry dslice_i64 --input '5xf32=[0,1,2,3,4]' --input 'i64=1099511627776' | FileCheck %s --check-prefix=DSLICE1-HI
// DSLICE1-HI: result[0]: tensor<2xf32> = [3, 4]
// RUN: xla-run %s --entry dslice_i64 --input '5xf32=[0,1,2,3,4]' --input 'i64=-1099511627776' | FileCheck %s --check-prefix=DSLICE1-LO
// DSLICE1-LO: result[0]: tensor<2xf32> = [0, 1]
func.func @dslice_i64(%a: tensor<5xf32>, %s: tensor<i64>) -> tensor<2xf32> {
  %r = stablehlo.dynamic_slice %a, %s, sizes = [2] : (tensor<5xf32>, tensor<i64>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// DynamicUpdateSlice, the seed's 2-D example: u = [[12,13],[14,15],[16,17]]
// written at {1, 1} of b.
// RUN: xla-run %s --entry dupdate --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input '3x2xf32=[12,13,14,15,16,17]' \
// RUN:   --input 'i32=1' --input 'i32=1' | FileCheck %s --check-prefix=DUPDATE
// DUPDATE: result[0]: tensor<4x3xf32> = {{\[\[}}0, 1, 2], [3, 12, 13], [6, 14, 15], [9, 16, 17]]
// Starts beyond the end clamp to {4-3, 3-2} = {1, 1}: the same result.
// RUN: xla-run %s --entry dupdate --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input '3x2xf32=[12,13,14,15,16,17]' \
// RUN:   --input 'i32=5' --input 'i32=2' | FileCheck %s --check-prefix=DUPDATE
// RUN: xla-run %s --entry dupdate --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input '3x2xf32=[12,13,14,15,16,17]' \
// RUN:   --input 'i32=2147483647' --input 'i32=1000' | FileCheck %s --check-prefix=DUPDATE
// Negative starts clamp to {0, 0}.
// RUN: xla-run %s --entry dupdate --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input '3x2xf32=[12,13,14,15,16,17]' \
// RUN:   --input 'i32=-3' --input 'i32=-1' | FileCheck %s --check-prefix=DUPDATE-NEG
// DUPDATE-NEG: result[0]: tensor<4x3xf32> = {{\[\[}}12, 13, 2], [14, 15, 5], [16, 17, 8], [9, 10, 11]]
// Mixed: {-3, 5} -> {0, 1}.
// RUN: xla-run %s --entry dupdate --input '4x3xf32=[0,1,2,3,4,5,6,7,8,9,10,11]' --input '3x2xf32=[12,13,14,15,16,17]' \
// RUN:   --input 'i32=-3' --input 'i32=5' | FileCheck %s --check-prefix=DUPDATE-MIX
// DUPDATE-MIX: result[0]: tensor<4x3xf32> = {{\[\[}}0, 12, 13], [3, 14, 15], [6, 16, 17], [9, 10, 11]]
func.func @dupdate(%b: tensor<4x3xf32>, %u: tensor<3x2xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x3xf32> {
  %r = stablehlo.dynamic_update_slice %b, %u, %i, %j : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// The seed's 1-D DynamicUpdateSlice example: a = [0,1,2,3,4], u = [5,6],
// s = {2} -> [0, 1, 5, 6, 4]; s = {4} clamps to 3 -> [0, 1, 2, 5, 6].
// RUN: xla-run %s --entry dupdate1 --input '5xi32=[0,1,2,3,4]' --input '2xi32=[5,6]' --input 'i32=2' \
// RUN:   | FileCheck %s --check-prefix=DUPDATE1
// DUPDATE1: result[0]: tensor<5xi32> = [0, 1, 5, 6, 4]
// RUN: xla-run %s --entry dupdate1 --input '5xi32=[0,1,2,3,4]' --input '2xi32=[5,6]' --input 'i32=4' \
// RUN:   | FileCheck %s --check-prefix=DUPDATE1-HI
// DUPDATE1-HI: result[0]: tensor<5xi32> = [0, 1, 2, 5, 6]
func.func @dupdate1(%a: tensor<5xi32>, %u: tensor<2xi32>, %s: tensor<i32>) -> tensor<5xi32> {
  %r = stablehlo.dynamic_update_slice %a, %u, %s : (tensor<5xi32>, tensor<2xi32>, tensor<i32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}

// Unsigned start indices are clamped as unsigned values: a ui32 of 2^32 - 1
// (or a ui64 of 2^64 - 1) is past the end and clamps to the last start, not
// to 0 as its signless bit pattern (-1) would.
// RUN: xla-run %s --entry dslice_u32 --input '5xf32=[0,1,2,3,4]' --input 'ui32=4294967295' | FileCheck %s --check-prefix=DSLICE-U32
// DSLICE-U32: result[0]: tensor<2xf32> = [3, 4]
// RUN: xla-run %s --entry dslice_u32 --input '5xf32=[0,1,2,3,4]' --input 'ui32=1' | FileCheck %s --check-prefix=DSLICE-U32-IN
// DSLICE-U32-IN: result[0]: tensor<2xf32> = [1, 2]
func.func @dslice_u32(%a: tensor<5xf32>, %s: tensor<ui32>) -> tensor<2xf32> {
  %r = stablehlo.dynamic_slice %a, %s, sizes = [2] : (tensor<5xf32>, tensor<ui32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// RUN: xla-run %s --entry dupdate_u64 --input '5xi32=[0,1,2,3,4]' --input '2xi32=[5,6]' --input 'ui64=18446744073709551615' \
// RUN:   | FileCheck %s --check-prefix=DUPDATE-U64
// DUPDATE-U64: result[0]: tensor<5xi32> = [0, 1, 2, 5, 6]
// RUN: xla-run %s --entry dupdate_u64 --input '5xi32=[0,1,2,3,4]' --input '2xi32=[5,6]' --input 'ui64=1' \
// RUN:   | FileCheck %s --check-prefix=DUPDATE-U64-IN
// DUPDATE-U64-IN: result[0]: tensor<5xi32> = [0, 5, 6, 3, 4]
func.func @dupdate_u64(%a: tensor<5xi32>, %u: tensor<2xi32>, %s: tensor<ui64>) -> tensor<5xi32> {
  %r = stablehlo.dynamic_update_slice %a, %u, %s : (tensor<5xi32>, tensor<2xi32>, tensor<ui64>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}

// Gather with ui32 indices: 2^32 - 1 clamps to the last row (5), not to 0.
// RUN: xla-run %s --entry gather_u32 --input '6x2xf32=[0,1,10,11,20,21,30,31,40,41,50,51]' --input '2x1xui32=[4294967295,2]' \
// RUN:   | FileCheck %s --check-prefix=GATHER-U32
// GATHER-U32: result[0]: tensor<2x2xf32> = {{\[\[}}50, 51], [20, 21]]
func.func @gather_u32(%x: tensor<6x2xf32>, %i: tensor<2x1xui32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>}> : (tensor<6x2xf32>, tensor<2x1xui32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// Scatter with ui8 indices into 256 elements: 200 is in bounds (the signless
// bit pattern, -56, would be skipped as out of bounds); x[i] = i, so
// x[200] = 200 + 0.5 and the rest is unchanged (elements 199..201 shown).
// RUN: xla-run %s --entry scatter_u8 --input '1x1xui8=[200]' --input '1xf32=[0.5]' | FileCheck %s --check-prefix=SCATTER-U8
// SCATTER-U8: result[0]: tensor<3xf32> = [199, 200.5, 201]
func.func @scatter_u8(%i: tensor<1x1xui8>, %u: tensor<1xf32>) -> tensor<3xf32> {
  %x = stablehlo.iota dim = 0 : tensor<256xf32>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<256xf32>, tensor<1x1xui8>, tensor<1xf32>) -> tensor<256xf32>
  %w = stablehlo.slice %r [199:202] : (tensor<256xf32>) -> tensor<3xf32>
  return %w : tensor<3xf32>
}

// Gather, the seed's example: 5 slices of shape [8, 6] from a [16, 11] array
// (here x[i, j] = 100 i + j) at the (X, Y) rows of a [5, 2] index array; the
// output element [G, O0, O1] is x[X + O0, Y + O1].
// RUN: xla-run %s --entry gather_seed --input '5x2xi32=[0,0,8,5,3,2,7,1,4,4]' | FileCheck %s --check-prefix=GSEED
// Out-of-bounds starts are clamped so the slice fits: (-4, -1) -> (0, 0) and
// (9, 6) -> (16-8, 11-6) = (8, 5), giving the same result.
// RUN: xla-run %s --entry gather_seed --input '5x2xi32=[-4,-1,9,6,3,2,7,1,4,4]' | FileCheck %s --check-prefix=GSEED
// GSEED: result[0]: tensor<5x8x6xi32> = {{\[\[\[}}0, 1, 2, 3, 4, 5], [100, 101, 102, 103, 104, 105], [200, 201, 202, 203, 204, 205], [300, 301, 302, 303, 304, 305], [400, 401, 402, 403, 404, 405], [500, 501, 502, 503, 504, 505], [600, 601, 602, 603, 604, 605], [700, 701, 702, 703, 704, 705]], {{\[\[}}805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310], [1405, 1406, 1407, 1408, 1409, 1410], [1505, 1506, 1507, 1508, 1509, 1510]], {{\[\[}}302, 303, 304, 305, 306, 307], [402, 403, 404, 405, 406, 407], [502, 503, 504, 505, 506, 507], [602, 603, 604, 605, 606, 607], [702, 703, 704, 705, 706, 707], [802, 803, 804, 805, 806, 807], [902, 903, 904, 905, 906, 907], [1002, 1003, 1004, 1005, 1006, 1007]], {{\[\[}}701, 702, 703, 704, 705, 706], [801, 802, 803, 804, 805, 806], [901, 902, 903, 904, 905, 906], [1001, 1002, 1003, 1004, 1005, 1006], [1101, 1102, 1103, 1104, 1105, 1106], [1201, 1202, 1203, 1204, 1205, 1206], [1301, 1302, 1303, 1304, 1305, 1306], [1401, 1402, 1403, 1404, 1405, 1406]], {{\[\[}}404, 405, 406, 407, 408, 409], [504, 505, 506, 507, 508, 509], [604, 605, 606, 607, 608, 609], [704, 705, 706, 707, 708, 709], [804, 805, 806, 807, 808, 809], [904, 905, 906, 907, 908, 909], [1004, 1005, 1006, 1007, 1008, 1009], [1104, 1105, 1106, 1107, 1108, 1109]]]
func.func @gather_seed(%idx: tensor<5x2xi32>) -> tensor<5x8x6xi32> {
  %r0 = stablehlo.iota dim = 0 : tensor<16x11xi32>
  %c0 = stablehlo.iota dim = 1 : tensor<16x11xi32>
  %h = stablehlo.constant dense<100> : tensor<16x11xi32>
  %r1 = stablehlo.multiply %r0, %h : tensor<16x11xi32>
  %x = stablehlo.add %r1, %c0 : tensor<16x11xi32>
  %g = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2],
         collapsed_slice_dims = [], start_index_map = [0, 1], index_vector_dim = 1>,
         indices_are_sorted = false, slice_sizes = array<i64: 8, 6>}> : (tensor<16x11xi32>, tensor<5x2xi32>) -> tensor<5x8x6xi32>
  return %g : tensor<5x8x6xi32>
}

// x[idx] (rows): index_vector_dim equals the rank of the indices, so each
// index is an implicit 1-element vector. Out-of-range rows clamp: 7 and
// INT_MAX -> 3, -2 -> 0.
// RUN: xla-run %s --entry gather_rows --input '4x3xf32=[-3,-1.5,0,1.5,3,4.5,6,7.5,9,10.5,12,13.5]' --input '4xi32=[2,0,2,3]' \
// RUN:   | FileCheck %s --check-prefix=GROWS
// GROWS: result[0]: tensor<4x3xf32> = {{\[\[}}6, 7.5, 9], [-3, -1.5, 0], [6, 7.5, 9], [10.5, 12, 13.5]]
// RUN: xla-run %s --entry gather_rows --input '4x3xf32=[-3,-1.5,0,1.5,3,4.5,6,7.5,9,10.5,12,13.5]' --input '4xi32=[7,-2,2,2147483647]' \
// RUN:   | FileCheck %s --check-prefix=GROWS-CLAMP
// GROWS-CLAMP: result[0]: tensor<4x3xf32> = {{\[\[}}10.5, 12, 13.5], [-3, -1.5, 0], [6, 7.5, 9], [10.5, 12, 13.5]]
func.func @gather_rows(%x: tensor<4x3xf32>, %idx: tensor<4xi32>) -> tensor<4x3xf32> {
  %g = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [1],
         collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
         indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
  return %g : tensor<4x3xf32>
}

// x[:, idx] (columns): the offset dimension comes first in the result.
// RUN: xla-run %s --entry gather_cols --input '3x5xi32=[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14]' --input '3x1xi32=[4,0,4]' \
// RUN:   | FileCheck %s --check-prefix=GCOLS
// GCOLS: result[0]: tensor<3x3xi32> = {{\[\[}}4, 0, 4], [9, 5, 9], [14, 10, 14]]
func.func @gather_cols(%x: tensor<3x5xi32>, %idx: tensor<3x1xi32>) -> tensor<3x3xi32> {
  %g = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [0],
         collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>,
         indices_are_sorted = false, slice_sizes = array<i64: 3, 1>}> : (tensor<3x5xi32>, tensor<3x1xi32>) -> tensor<3x3xi32>
  return %g : tensor<3x3xi32>
}

// Point gather with index_vector_dim = 0: column k of the indices is the
// (row, col) pair k. (5, -1) clamps to (2, 0).
// RUN: xla-run %s --entry gather_points --input '3x5xi32=[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14]' --input '2x4xi32=[2,0,1,5,4,0,3,-1]' \
// RUN:   | FileCheck %s --check-prefix=GPOINTS
// GPOINTS: result[0]: tensor<4xi32> = [14, 0, 8, 10]
func.func @gather_points(%x: tensor<3x5xi32>, %idx: tensor<2x4xi32>) -> tensor<4xi32> {
  %g = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<
         collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 0>,
         indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<3x5xi32>, tensor<2x4xi32>) -> tensor<4xi32>
  return %g : tensor<4xi32>
}

// Gather with batching dimensions (StableHLO's gather example): operand dim 0
// pairs with index dim 1, start_index_map = [2, 1] (the first index element
// goes to operand dim 2), 64-bit indices; the start (0, 9) clamps to (0, 2).
// RUN: xla-run %s --entry gather_batching --input '2x3x4x2xi32=[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48]' \
// RUN:   --input '2x2x3x2xi64=[0,0,1,0,2,1,0,1,1,1,0,9,0,0,2,1,2,2,1,2,0,1,1,0]' | FileCheck %s --check-prefix=GBATCH
// GBATCH: result[0]: tensor<2x2x3x2x2xi32> = {{\[\[\[\[\[}}1, 2], [3, 4]], {{\[\[}}3, 4], [5, 6]], {{\[\[}}13, 14], [15, 16]]], {{\[\[\[}}33, 34], [35, 36]], {{\[\[}}35, 36], [37, 38]], {{\[\[}}41, 42], [43, 44]]]], {{\[\[\[\[}}1, 2], [3, 4]], {{\[\[}}13, 14], [15, 16]], {{\[\[}}21, 22], [23, 24]]], {{\[\[\[}}43, 44], [45, 46]], {{\[\[}}33, 34], [35, 36]], {{\[\[}}27, 28], [29, 30]]]]]
func.func @gather_batching(%x: tensor<2x3x4x2xi32>, %idx: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  %g = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4],
         collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1],
         start_index_map = [2, 1], index_vector_dim = 3>,
         indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %g : tensor<2x2x3x2x2xi32>
}

// Scatter-add of rows with duplicate indices: row 1 receives three updates.
// x[i, :] = i, updates = [[1,2,3],[4,5,6],[7,8,9],[10,11,12]].
// RUN: xla-run %s --entry scatter_add --input '5x3xf32=[0,0,0,1,1,1,2,2,2,3,3,3,4,4,4]' --input '4xi32=[1,3,1,1]' \
// RUN:   --input '4x3xf32=[1,2,3,4,5,6,7,8,9,10,11,12]' | FileCheck %s --check-prefix=SADD
// SADD: result[0]: tensor<5x3xf32> = {{\[\[}}0, 0, 0], [19, 22, 25], [2, 2, 2], [7, 8, 9], [4, 4, 4]]
// Updates whose row is out of bounds (-1, 5, 100) are skipped; no clamping.
// RUN: xla-run %s --entry scatter_add --input '5x3xf32=[0,0,0,1,1,1,2,2,2,3,3,3,4,4,4]' --input '4xi32=[-1,5,2,100]' \
// RUN:   --input '4x3xf32=[1,2,3,4,5,6,7,8,9,10,11,12]' | FileCheck %s --check-prefix=SADD-OOB
// SADD-OOB: result[0]: tensor<5x3xf32> = {{\[\[}}0, 0, 0], [1, 1, 1], [9, 10, 11], [3, 3, 3], [4, 4, 4]]
// RUN: xla-run %s --entry scatter_add --input '5x3xf32=[0,0,0,1,1,1,2,2,2,3,3,3,4,4,4]' --input '4xi32=[-2147483648,2147483647,-5,6]' \
// RUN:   --input '4x3xf32=[1,2,3,4,5,6,7,8,9,10,11,12]' | FileCheck %s --check-prefix=SADD-NONE
// SADD-NONE: result[0]: tensor<5x3xf32> = {{\[\[}}0, 0, 0], [1, 1, 1], [2, 2, 2], [3, 3, 3], [4, 4, 4]]
func.func @scatter_add(%x: tensor<5x3xf32>, %idx: tensor<4xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  %r = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
         update_window_dims = [1], inserted_window_dims = [0],
         scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %s = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<4xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// Scatter-set (the computation returns the update) at unique indices.
// RUN: xla-run %s --entry scatter_set --input '8xf32=[0,1,2,3,4,5,6,7]' --input '3x1xi32=[4,0,7]' --input '3xf32=[-1.5,10,20]' \
// RUN:   | FileCheck %s --check-prefix=SSET
// SSET: result[0]: tensor<8xf32> = [10, 1, 2, 3, -1.5, 5, 6, 20]
func.func @scatter_set(%x: tensor<8xf32>, %idx: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<8xf32> {
  %r = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
         inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>,
         indices_are_sorted = false, unique_indices = true}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    stablehlo.return %new : tensor<f32>
  }) : (tensor<8xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// Scatter with a multiply computation and duplicates: x[1] = 2 * 2 * 5 * -1,
// x[3] = 4 * -3.
// RUN: xla-run %s --entry scatter_mul --input '5xi32=[1,2,3,4,5]' --input '4x1xi32=[1,1,3,1]' --input '4xi32=[2,5,-3,-1]' \
// RUN:   | FileCheck %s --check-prefix=SMUL
// SMUL: result[0]: tensor<5xi32> = [1, -20, 3, -12, 5]
func.func @scatter_mul(%x: tensor<5xi32>, %idx: tensor<4x1xi32>, %u: tensor<4xi32>) -> tensor<5xi32> {
  %r = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
         inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<i32>, %new: tensor<i32>):
    %m = stablehlo.multiply %old, %new : tensor<i32>
    stablehlo.return %m : tensor<i32>
  }) : (tensor<5xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}

// Scatter-add of 2x2 windows into a 4x4 operand at (0,0), (1,1), (2,0):
// overlapping windows accumulate.
// RUN: xla-run %s --entry scatter_patch --input '3x2xi32=[0,0,1,1,2,0]' --input '3x2x2xi32=[1,2,3,4,10,20,30,40,100,200,300,400]' \
// RUN:   | FileCheck %s --check-prefix=SPATCH
// SPATCH: result[0]: tensor<4x4xi32> = {{\[\[}}1, 2, 0, 0], [3, 14, 20, 0], [100, 230, 40, 0], [300, 400, 0, 0]]
func.func @scatter_patch(%idx: tensor<3x2xi32>, %u: tensor<3x2x2xi32>) -> tensor<4x4xi32> {
  %x = stablehlo.constant dense<0> : tensor<4x4xi32>
  %r = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
         update_window_dims = [1, 2], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<i32>, %new: tensor<i32>):
    %s = stablehlo.add %old, %new : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4x4xi32>, tensor<3x2xi32>, tensor<3x2x2xi32>) -> tensor<4x4xi32>
  return %r : tensor<4x4xi32>
}

// Scatter with batching dimensions (StableHLO's scatter example, the seed's
// "Scatter - example 1"): adds 1 at each gathered position of the matching
// gather example; the update window at start (0, 9) is out of bounds and skipped.
// RUN: xla-run %s --entry scatter_batching --input '2x3x4x2xi32=[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48]' \
// RUN:   --input '2x2x3x2xi64=[0,0,1,0,2,1,0,1,1,1,0,9,0,0,2,1,2,2,1,2,0,1,1,0]' | FileCheck %s --check-prefix=SBATCH
// SBATCH: result[0]: tensor<2x3x4x2xi32> = {{\[\[\[\[}}3, 4], [6, 7], [6, 7], [7, 8]], {{\[\[}}9, 10], [11, 12], [15, 16], [17, 18]], {{\[\[}}17, 18], [19, 20], [22, 23], [24, 25]]], {{\[\[\[}}25, 26], [28, 29], [30, 31], [31, 32]], {{\[\[}}35, 36], [38, 39], [38, 39], [39, 40]], {{\[\[}}41, 42], [44, 45], [46, 47], [47, 48]]]]
func.func @scatter_batching(%x: tensor<2x3x4x2xi32>, %idx: tensor<2x2x3x2xi64>) -> tensor<2x3x4x2xi32> {
  %u = stablehlo.constant dense<1> : tensor<2x2x3x2x2xi32>
  %r = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
         update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0],
         scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>,
         indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%old: tensor<i32>, %new: tensor<i32>):
    %s = stablehlo.add %old, %new : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi32>) -> tensor<2x3x4x2xi32>
  return %r : tensor<2x3x4x2xi32>
}

// Variadic scatter over two operands with one index array: the computation
// adds into the first and keeps the maximum in the second.
// RUN: xla-run %s --entry scatter_two --input '4xf32=[0,0,0,0]' --input '4xi32=[5,5,5,5]' --input '3x1xi32=[2,0,2]' \
// RUN:   --input '3xf32=[1.5,2,4]' --input '3xi32=[9,-1,7]' | FileCheck %s --check-prefix=STWO
// STWO: result[0]: tensor<4xf32> = [2, 0, 5.5, 0]
// STWO: result[1]: tensor<4xi32> = [5, 5, 9, 5]
func.func @scatter_two(%a: tensor<4xf32>, %b: tensor<4xi32>, %idx: tensor<3x1xi32>, %ua: tensor<3xf32>, %ub: tensor<3xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %r:2 = "stablehlo.scatter"(%a, %b, %idx, %ua, %ub) <{scatter_dimension_numbers = #stablehlo.scatter<
         inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%oa: tensor<f32>, %ob: tensor<i32>, %na: tensor<f32>, %nb: tensor<i32>):
    %s = stablehlo.add %oa, %na : tensor<f32>
    %m = stablehlo.maximum %ob, %nb : tensor<i32>
    stablehlo.return %s, %m : tensor<f32>, tensor<i32>
  }) : (tensor<4xf32>, tensor<4xi32>, tensor<3x1xi32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
}

// A scatter window that sticks out of the operand is skipped as a whole:
// the window of 3 at start 4 of a 6-element operand (elements 4, 5, 6) is
// dropped, also its in-bounds part, and so is the one at -1; the window at 1
// is applied. (This is XLA's behaviour, and what JAX's mode="drop" documents;
// the seed's per-element wording "if O is a valid index for output" would
// instead also update elements 4 and 5 to 41, 52.)
// RUN: xla-run %s --entry scatter_partial --input '6xi32=[0,10,20,30,40,50]' --input '2x1xi32=[4,1]' \
// RUN:   --input '2x3xi32=[1,2,3,100,200,300]' | FileCheck %s --check-prefix=SPARTIAL
// RUN: xla-run %s --entry scatter_partial --input '6xi32=[0,10,20,30,40,50]' --input '2x1xi32=[-1,1]' \
// RUN:   --input '2x3xi32=[1,2,3,100,200,300]' | FileCheck %s --check-prefix=SPARTIAL
// SPARTIAL: result[0]: tensor<6xi32> = [0, 110, 220, 330, 40, 50]
func.func @scatter_partial(%x: tensor<6xi32>, %idx: tensor<2x1xi32>, %u: tensor<2x3xi32>) -> tensor<6xi32> {
  %r = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
         update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<i32>, %new: tensor<i32>):
    %s = stablehlo.add %old, %new : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<6xi32>, tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<6xi32>
  return %r : tensor<6xi32>
}
