// The seeds' worked examples for data-dependent indexing: DynamicSlice,
// DynamicUpdateSlice (003 and 001, with 001's clamping of start indices),
// Gather (001 "Gather", informal description and examples) and Scatter
// (001 "Scatter", example 1), as self-checking functions. The Gather and
// Scatter examples in 001 are figures: the shapes and dimension numbers are
// the seed's, the operand values are our own (operand[i, j] = 100 i + j, so
// that every result element names the operand element it came from), and
// the expected values come from a direct transcription of 001's formal
// semantics (batching dims per StableHLO's spec, the tie-breaker).

// RUN: xla-run --check %s | FileCheck %s
// CHECK-NOT: failed in
// CHECK: {{^}}17 passed, 0 failed

// 003/001 "DynamicSlice", 1-dimensional example: a = {0,1,2,3,4}, s = {2},
// size {2} -> {2.0, 3.0}.
func.func @dynamic_slice_1d_seed() {
  %a = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>
  %s = stablehlo.constant dense<2> : tensor<i32>
  %r = stablehlo.dynamic_slice %a, %s, sizes = [2] : (tensor<5xf32>, tensor<i32>) -> tensor<2xf32>
  check.expect_eq_const %r, dense<[2.0, 3.0]> : tensor<2xf32>
  func.return
}

// 003/001 "DynamicSlice", 2-dimensional example: s = {2, 1}, sizes {2, 2}.
func.func @dynamic_slice_2d_seed() {
  %b = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i = stablehlo.constant dense<2> : tensor<i64>
  %j = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %b, %i, %j, sizes = [2, 2] : (tensor<4x3xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[7.0, 8.0], [10.0, 11.0]]> : tensor<2x2xf32>
  func.return
}

// 001 "DynamicSlice": start_indices[i] = clamp(start_indices[i], 0,
// operand.dimension_size[i] - slice_sizes[i]), so the slice always stays in
// bounds: {3, 2} and {INT_MAX, 7} -> {2, 1}; {-1, INT_MIN} -> {0, 0}.
func.func @dynamic_slice_clamped_seed() {
  %b = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %r0 = stablehlo.dynamic_slice %b, %three, %two, sizes = [2, 2] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  check.expect_eq_const %r0, dense<[[7.0, 8.0], [10.0, 11.0]]> : tensor<2x2xf32>
  %max = stablehlo.constant dense<2147483647> : tensor<i32>
  %seven = stablehlo.constant dense<7> : tensor<i32>
  %r1 = stablehlo.dynamic_slice %b, %max, %seven, sizes = [2, 2] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  check.expect_eq_const %r1, dense<[[7.0, 8.0], [10.0, 11.0]]> : tensor<2x2xf32>
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %min = stablehlo.constant dense<-2147483648> : tensor<i32>
  %r2 = stablehlo.dynamic_slice %b, %m1, %min, sizes = [2, 2] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  check.expect_eq_const %r2, dense<[[0.0, 1.0], [3.0, 4.0]]> : tensor<2x2xf32>
  func.return
}

// 003/001 "DynamicUpdateSlice", 1-dimensional example: a = {0,1,2,3,4},
// u = {5, 6}, s = {2} -> {0, 1, 5, 6, 4}.
func.func @dynamic_update_slice_1d_seed() {
  %a = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>
  %u = stablehlo.constant dense<[5.0, 6.0]> : tensor<2xf32>
  %s = stablehlo.constant dense<2> : tensor<i32>
  %r = stablehlo.dynamic_update_slice %a, %u, %s : (tensor<5xf32>, tensor<2xf32>, tensor<i32>) -> tensor<5xf32>
  check.expect_eq_const %r, dense<[0.0, 1.0, 5.0, 6.0, 4.0]> : tensor<5xf32>
  func.return
}

// 003/001 "DynamicUpdateSlice", 2-dimensional example: u (3x2) written at
// s = {1, 1} of b (4x3).
func.func @dynamic_update_slice_2d_seed() {
  %b = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %u = stablehlo.constant dense<[[12.0, 13.0], [14.0, 15.0], [16.0, 17.0]]> : tensor<3x2xf32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.dynamic_update_slice %b, %u, %one, %one : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  check.expect_eq_const %r, dense<[[0.0, 1.0, 2.0], [3.0, 12.0, 13.0], [6.0, 14.0, 15.0], [9.0, 16.0, 17.0]]> : tensor<4x3xf32>
  func.return
}

// 001 "DynamicUpdateSlice": start_indices[i] = clamp(start_indices[i], 0,
// operand.dimension_size[i] - update.dimension_size[i]): {5, 2} -> {1, 1}
// (the seed's result again) and {-3, -1} -> {0, 0}.
func.func @dynamic_update_slice_clamped_seed() {
  %b = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %u = stablehlo.constant dense<[[12.0, 13.0], [14.0, 15.0], [16.0, 17.0]]> : tensor<3x2xf32>
  %five = stablehlo.constant dense<5> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %r0 = stablehlo.dynamic_update_slice %b, %u, %five, %two : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  check.expect_eq_const %r0, dense<[[0.0, 1.0, 2.0], [3.0, 12.0, 13.0], [6.0, 14.0, 15.0], [9.0, 16.0, 17.0]]> : tensor<4x3xf32>
  %m3 = stablehlo.constant dense<-3> : tensor<i32>
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %r1 = stablehlo.dynamic_update_slice %b, %u, %m3, %m1 : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  check.expect_eq_const %r1, dense<[[12.0, 13.0, 2.0], [14.0, 15.0, 5.0], [16.0, 17.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  func.return
}

// 001 "Gather", informal description: 5 slices of shape [8, 6] gathered
// from a [16, 11] array, the positions given as an S64[5, 2] array; output
// index [G, O0, O1] is input index [X + O0, Y + O1] with (X, Y) =
// indices[G]. Starts that would leave the slice outside the operand clamp
// (001's formal semantics of the start index): (15, 10) -> (8, 5) and
// (4, -1) -> (4, 0).
func.func @gather_batched_dynamic_slice_seed() {
  %op = stablehlo.constant dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
                                    [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110],
                                    [200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210],
                                    [300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310],
                                    [400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410],
                                    [500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510],
                                    [600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 610],
                                    [700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710],
                                    [800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810],
                                    [900, 901, 902, 903, 904, 905, 906, 907, 908, 909, 910],
                                    [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010],
                                    [1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110],
                                    [1200, 1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208, 1209, 1210],
                                    [1300, 1301, 1302, 1303, 1304, 1305, 1306, 1307, 1308, 1309, 1310],
                                    [1400, 1401, 1402, 1403, 1404, 1405, 1406, 1407, 1408, 1409, 1410],
                                    [1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1508, 1509, 1510]]> : tensor<16x11xi32>
  %idx = stablehlo.constant dense<[[0, 0], [3, 2], [8, 5], [15, 10], [4, -1]]> : tensor<5x2xi64>
  %g = "stablehlo.gather"(%op, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2],
         collapsed_slice_dims = [], start_index_map = [0, 1], index_vector_dim = 1>,
         indices_are_sorted = false, slice_sizes = array<i64: 8, 6>}> : (tensor<16x11xi32>, tensor<5x2xi64>) -> tensor<5x8x6xi32>
  check.expect_eq_const %g, dense<[[[0, 1, 2, 3, 4, 5], [100, 101, 102, 103, 104, 105], [200, 201, 202, 203, 204, 205], [300, 301, 302, 303, 304, 305], [400, 401, 402, 403, 404, 405], [500, 501, 502, 503, 504, 505], [600, 601, 602, 603, 604, 605], [700, 701, 702, 703, 704, 705]],
                                    [[302, 303, 304, 305, 306, 307], [402, 403, 404, 405, 406, 407], [502, 503, 504, 505, 506, 507], [602, 603, 604, 605, 606, 607], [702, 703, 704, 705, 706, 707], [802, 803, 804, 805, 806, 807], [902, 903, 904, 905, 906, 907], [1002, 1003, 1004, 1005, 1006, 1007]],
                                    [[805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310], [1405, 1406, 1407, 1408, 1409, 1410], [1505, 1506, 1507, 1508, 1509, 1510]],
                                    [[805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310], [1405, 1406, 1407, 1408, 1409, 1410], [1505, 1506, 1507, 1508, 1509, 1510]],
                                    [[400, 401, 402, 403, 404, 405], [500, 501, 502, 503, 504, 505], [600, 601, 602, 603, 604, 605], [700, 701, 702, 703, 704, 705], [800, 801, 802, 803, 804, 805], [900, 901, 902, 903, 904, 905], [1000, 1001, 1002, 1003, 1004, 1005], [1100, 1101, 1102, 1103, 1104, 1105]]]> : tensor<5x8x6xi32>
  func.return
}

// 001 "Gather": the same with a [4, 5, 2] index array: output [G0, G1, O0, O1]
// is input [X + O0, Y + O1] with (X, Y) = indices[G0, G1].
func.func @gather_two_batch_dims_seed() {
  %op = stablehlo.constant dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
                                    [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110],
                                    [200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210],
                                    [300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310],
                                    [400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410],
                                    [500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510],
                                    [600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 610],
                                    [700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710],
                                    [800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810],
                                    [900, 901, 902, 903, 904, 905, 906, 907, 908, 909, 910],
                                    [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010],
                                    [1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110],
                                    [1200, 1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208, 1209, 1210],
                                    [1300, 1301, 1302, 1303, 1304, 1305, 1306, 1307, 1308, 1309, 1310],
                                    [1400, 1401, 1402, 1403, 1404, 1405, 1406, 1407, 1408, 1409, 1410],
                                    [1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1508, 1509, 1510]]> : tensor<16x11xi32>
  %idx = stablehlo.constant dense<[[[0, 0], [1, 2], [2, 4], [3, 6], [2, 8]],
                                    [[3, 5], [4, 7], [5, 9], [6, 0], [5, 2]],
                                    [[6, 10], [7, 1], [8, 3], [9, 5], [8, 7]],
                                    [[9, 4], [10, 6], [11, 8], [12, 10], [11, 1]]]> : tensor<4x5x2xi32>
  %g = "stablehlo.gather"(%op, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3],
         collapsed_slice_dims = [], start_index_map = [0, 1], index_vector_dim = 2>,
         indices_are_sorted = false, slice_sizes = array<i64: 8, 6>}> : (tensor<16x11xi32>, tensor<4x5x2xi32>) -> tensor<4x5x8x6xi32>
  check.expect_eq_const %g, dense<[[[[0, 1, 2, 3, 4, 5], [100, 101, 102, 103, 104, 105], [200, 201, 202, 203, 204, 205], [300, 301, 302, 303, 304, 305], [400, 401, 402, 403, 404, 405], [500, 501, 502, 503, 504, 505], [600, 601, 602, 603, 604, 605], [700, 701, 702, 703, 704, 705]], [[102, 103, 104, 105, 106, 107], [202, 203, 204, 205, 206, 207], [302, 303, 304, 305, 306, 307], [402, 403, 404, 405, 406, 407], [502, 503, 504, 505, 506, 507], [602, 603, 604, 605, 606, 607], [702, 703, 704, 705, 706, 707], [802, 803, 804, 805, 806, 807]], [[204, 205, 206, 207, 208, 209], [304, 305, 306, 307, 308, 309], [404, 405, 406, 407, 408, 409], [504, 505, 506, 507, 508, 509], [604, 605, 606, 607, 608, 609], [704, 705, 706, 707, 708, 709], [804, 805, 806, 807, 808, 809], [904, 905, 906, 907, 908, 909]], [[305, 306, 307, 308, 309, 310], [405, 406, 407, 408, 409, 410], [505, 506, 507, 508, 509, 510], [605, 606, 607, 608, 609, 610], [705, 706, 707, 708, 709, 710], [805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010]], [[205, 206, 207, 208, 209, 210], [305, 306, 307, 308, 309, 310], [405, 406, 407, 408, 409, 410], [505, 506, 507, 508, 509, 510], [605, 606, 607, 608, 609, 610], [705, 706, 707, 708, 709, 710], [805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910]]],
                                    [[[305, 306, 307, 308, 309, 310], [405, 406, 407, 408, 409, 410], [505, 506, 507, 508, 509, 510], [605, 606, 607, 608, 609, 610], [705, 706, 707, 708, 709, 710], [805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010]], [[405, 406, 407, 408, 409, 410], [505, 506, 507, 508, 509, 510], [605, 606, 607, 608, 609, 610], [705, 706, 707, 708, 709, 710], [805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110]], [[505, 506, 507, 508, 509, 510], [605, 606, 607, 608, 609, 610], [705, 706, 707, 708, 709, 710], [805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210]], [[600, 601, 602, 603, 604, 605], [700, 701, 702, 703, 704, 705], [800, 801, 802, 803, 804, 805], [900, 901, 902, 903, 904, 905], [1000, 1001, 1002, 1003, 1004, 1005], [1100, 1101, 1102, 1103, 1104, 1105], [1200, 1201, 1202, 1203, 1204, 1205], [1300, 1301, 1302, 1303, 1304, 1305]], [[502, 503, 504, 505, 506, 507], [602, 603, 604, 605, 606, 607], [702, 703, 704, 705, 706, 707], [802, 803, 804, 805, 806, 807], [902, 903, 904, 905, 906, 907], [1002, 1003, 1004, 1005, 1006, 1007], [1102, 1103, 1104, 1105, 1106, 1107], [1202, 1203, 1204, 1205, 1206, 1207]]],
                                    [[[605, 606, 607, 608, 609, 610], [705, 706, 707, 708, 709, 710], [805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310]], [[701, 702, 703, 704, 705, 706], [801, 802, 803, 804, 805, 806], [901, 902, 903, 904, 905, 906], [1001, 1002, 1003, 1004, 1005, 1006], [1101, 1102, 1103, 1104, 1105, 1106], [1201, 1202, 1203, 1204, 1205, 1206], [1301, 1302, 1303, 1304, 1305, 1306], [1401, 1402, 1403, 1404, 1405, 1406]], [[803, 804, 805, 806, 807, 808], [903, 904, 905, 906, 907, 908], [1003, 1004, 1005, 1006, 1007, 1008], [1103, 1104, 1105, 1106, 1107, 1108], [1203, 1204, 1205, 1206, 1207, 1208], [1303, 1304, 1305, 1306, 1307, 1308], [1403, 1404, 1405, 1406, 1407, 1408], [1503, 1504, 1505, 1506, 1507, 1508]], [[805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310], [1405, 1406, 1407, 1408, 1409, 1410], [1505, 1506, 1507, 1508, 1509, 1510]], [[805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310], [1405, 1406, 1407, 1408, 1409, 1410], [1505, 1506, 1507, 1508, 1509, 1510]]],
                                    [[[804, 805, 806, 807, 808, 809], [904, 905, 906, 907, 908, 909], [1004, 1005, 1006, 1007, 1008, 1009], [1104, 1105, 1106, 1107, 1108, 1109], [1204, 1205, 1206, 1207, 1208, 1209], [1304, 1305, 1306, 1307, 1308, 1309], [1404, 1405, 1406, 1407, 1408, 1409], [1504, 1505, 1506, 1507, 1508, 1509]], [[805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310], [1405, 1406, 1407, 1408, 1409, 1410], [1505, 1506, 1507, 1508, 1509, 1510]], [[805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310], [1405, 1406, 1407, 1408, 1409, 1410], [1505, 1506, 1507, 1508, 1509, 1510]], [[805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310], [1405, 1406, 1407, 1408, 1409, 1410], [1505, 1506, 1507, 1508, 1509, 1510]], [[801, 802, 803, 804, 805, 806], [901, 902, 903, 904, 905, 906], [1001, 1002, 1003, 1004, 1005, 1006], [1101, 1102, 1103, 1104, 1105, 1106], [1201, 1202, 1203, 1204, 1205, 1206], [1301, 1302, 1303, 1304, 1305, 1306], [1401, 1402, 1403, 1404, 1405, 1406], [1501, 1502, 1503, 1504, 1505, 1506]]]]> : tensor<4x5x8x6xi32>
  func.return
}

// 001 "Gather", the tf.gather_nd example: indices of shape [G0, G1, 1],
// slice_sizes [1, 11], collapsed_slice_dims {0}; output [G0, G1, O0] is
// input [indices[G0, G1, 0], O0]: whole rows.
func.func @gather_nd_rows_seed() {
  %op = stablehlo.constant dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
                                    [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110],
                                    [200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210],
                                    [300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310],
                                    [400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410],
                                    [500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510],
                                    [600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 610],
                                    [700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710],
                                    [800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810],
                                    [900, 901, 902, 903, 904, 905, 906, 907, 908, 909, 910],
                                    [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010],
                                    [1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110],
                                    [1200, 1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208, 1209, 1210],
                                    [1300, 1301, 1302, 1303, 1304, 1305, 1306, 1307, 1308, 1309, 1310],
                                    [1400, 1401, 1402, 1403, 1404, 1405, 1406, 1407, 1408, 1409, 1410],
                                    [1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1508, 1509, 1510]]> : tensor<16x11xi32>
  %idx = stablehlo.constant dense<[[[5], [0], [15]], [[7], [7], [2]]]> : tensor<2x3x1xi32>
  %g = "stablehlo.gather"(%op, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [2],
         collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>,
         indices_are_sorted = false, slice_sizes = array<i64: 1, 11>}> : (tensor<16x11xi32>, tensor<2x3x1xi32>) -> tensor<2x3x11xi32>
  check.expect_eq_const %g, dense<[[[500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1508, 1509, 1510]],
                                    [[700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710], [700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710], [200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210]]]> : tensor<2x3x11xi32>
  func.return
}

// Gather with batching dimensions, the configuration of 001's "Scatter -
// example 1" (operand S32[2,3,4,2], indices S64[2,2,3,2], index_vector_dim
// 3, start_index_map [2, 1], operand dim 0 batched with index dim 1,
// collapsed dim 1); operand[a, b, c, d] = 1000a + 100b + 10c + d. The start
// (0, 9) clamps to (0, 2) in operand dim 1.
func.func @gather_batching_dims() {
  %op = stablehlo.constant dense<[[[[0, 1], [10, 11], [20, 21], [30, 31]], [[100, 101], [110, 111], [120, 121], [130, 131]], [[200, 201], [210, 211], [220, 221], [230, 231]]],
                                    [[[1000, 1001], [1010, 1011], [1020, 1021], [1030, 1031]], [[1100, 1101], [1110, 1111], [1120, 1121], [1130, 1131]], [[1200, 1201], [1210, 1211], [1220, 1221], [1230, 1231]]]]> : tensor<2x3x4x2xi32>
  %idx = stablehlo.constant dense<[[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]],
                                    [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]> : tensor<2x2x3x2xi64>
  %g = "stablehlo.gather"(%op, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4],
         collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1],
         start_index_map = [2, 1], index_vector_dim = 3>,
         indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  check.expect_eq_const %g, dense<[[[[[0, 1], [10, 11]], [[10, 11], [20, 21]], [[120, 121], [130, 131]]], [[[1100, 1101], [1110, 1111]], [[1110, 1111], [1120, 1121]], [[1200, 1201], [1210, 1211]]]],
                                    [[[[0, 1], [10, 11]], [[120, 121], [130, 131]], [[220, 221], [230, 231]]], [[[1210, 1211], [1220, 1221]], [[1100, 1101], [1110, 1111]], [[1010, 1011], [1020, 1021]]]]]> : tensor<2x2x3x2x2xi32>
  func.return
}

// 001 "Scatter - example 1": input S32[2,3,4,2], scatter_indices
// S64[2,2,3,2], updates S32[2,2,3,1,2], update_window_dims [3, 4],
// scatter_dims_to_operand_dims [2, 1], index_vector_dim 3, with batching
// (operand dim 0 with index dim 1); the update whose start (0, 9) lands
// outside the operand is skipped. Updates are distinct (1..24) so that a
// misplaced one shows; update_computation is addition, and two updates land
// on operand[0, 0, 0, :].
func.func @scatter_batching_seed() {
  %op = stablehlo.constant dense<[[[[0, 1], [10, 11], [20, 21], [30, 31]], [[100, 101], [110, 111], [120, 121], [130, 131]], [[200, 201], [210, 211], [220, 221], [230, 231]]],
                                    [[[1000, 1001], [1010, 1011], [1020, 1021], [1030, 1031]], [[1100, 1101], [1110, 1111], [1120, 1121], [1130, 1131]], [[1200, 1201], [1210, 1211], [1220, 1221], [1230, 1231]]]]> : tensor<2x3x4x2xi32>
  %idx = stablehlo.constant dense<[[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]],
                                    [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]> : tensor<2x2x3x2xi64>
  %upd = stablehlo.constant dense<[[[[[1, 2]], [[3, 4]], [[5, 6]]], [[[7, 8]], [[9, 10]], [[11, 12]]]],
                                    [[[[13, 14]], [[15, 16]], [[17, 18]]], [[[19, 20]], [[21, 22]], [[23, 24]]]]]> : tensor<2x2x3x1x2xi32>
  %r = "stablehlo.scatter"(%op, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<
         update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0],
         scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>,
         indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>, tensor<2x2x3x1x2xi32>) -> tensor<2x3x4x2xi32>
  check.expect_eq_const %r, dense<[[[[14, 17], [13, 15], [20, 21], [30, 31]], [[100, 101], [110, 111], [140, 143], [130, 131]], [[200, 201], [210, 211], [237, 239], [230, 231]]],
                                    [[[1000, 1001], [1033, 1035], [1020, 1021], [1030, 1031]], [[1128, 1131], [1119, 1121], [1120, 1121], [1130, 1131]], [[1200, 1201], [1229, 1231], [1220, 1221], [1230, 1231]]]]> : tensor<2x3x4x2xi32>
  func.return
}

// 001 "Scatter": the first parameter of update_computation is always the
// current output value, the second the update (matters when it is not
// commutative): old - new on rows of a 3x2 matrix; row 1 is hit twice.
func.func @scatter_parameter_order_seed() {
  %op = stablehlo.constant dense<[[100, 200], [300, 400], [500, 600]]> : tensor<3x2xi32>
  %idx = stablehlo.constant dense<[[1], [2], [1]]> : tensor<3x1xi32>
  %upd = stablehlo.constant dense<[[1, 2], [3, 4], [10, 20]]> : tensor<3x2xi32>
  %r = "stablehlo.scatter"(%op, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<
         update_window_dims = [1], inserted_window_dims = [0],
         scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<i32>, %new: tensor<i32>):
    %s = stablehlo.subtract %old, %new : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<3x2xi32>, tensor<3x1xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[100, 200], [289, 378], [497, 596]]> : tensor<3x2xi32>
  func.return
}

// 001 "Scatter" with N = 2 operands: update_computation takes and returns
// both (T_0, T_1, T_0, T_1 -> (T_0, T_1)); here it keeps, per position, the
// larger key and the payload that came with it (keys distinct per target).
func.func @scatter_variadic_seed() {
  %k = stablehlo.constant dense<[5, 1, 7, 0]> : tensor<4xi32>
  %v = stablehlo.constant dense<[50.0, 10.0, 70.0, 0.0]> : tensor<4xf32>
  %idx = stablehlo.constant dense<[[1], [3], [1], [2]]> : tensor<4x1xi32>
  %uk = stablehlo.constant dense<[4, 9, 3, 6]> : tensor<4xi32>
  %uv = stablehlo.constant dense<[-4.0, -9.0, -3.0, -6.0]> : tensor<4xf32>
  %r:2 = "stablehlo.scatter"(%k, %v, %idx, %uk, %uv) <{scatter_dimension_numbers = #stablehlo.scatter<
         inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%ok: tensor<i32>, %ov: tensor<f32>, %nk: tensor<i32>, %nv: tensor<f32>):
    %gt = stablehlo.compare GT, %nk, %ok, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %kk = stablehlo.select %gt, %nk, %ok : tensor<i1>, tensor<i32>
    %vv = stablehlo.select %gt, %nv, %ov : tensor<i1>, tensor<f32>
    stablehlo.return %kk, %vv : tensor<i32>, tensor<f32>
  }) : (tensor<4xi32>, tensor<4xf32>, tensor<4x1xi32>, tensor<4xi32>, tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>)
  check.expect_eq_const %r#0, dense<[5, 4, 7, 9]> : tensor<4xi32>
  check.expect_eq_const %r#1, dense<[50.0, -4.0, 70.0, -9.0]> : tensor<4xf32>
  func.return
}
