// Lowering of each StableHLO op and element type to linalg on tensors.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s

// CHECK-DAG: #[[$ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @add_f32
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$ID1]], #[[$ID1]], #[[$ID1]]], iterator_types = ["parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<4xf32>, tensor<4xf32>) outs(%[[E]] : tensor<4xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK: return %[[R]] : tensor<4xf32>
// CHECK-NOT: stablehlo.
func.func @add_f32(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @add_i32
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT: linalg.yield %[[S]] : i32
func.func @add_i32(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = stablehlo.add %a, %b : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// On i1, add is logical or.
// CHECK-LABEL: func.func @add_i1
// CHECK: ^bb0(%[[X:.*]]: i1, %[[Y:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT: %[[S:.*]] = arith.ori %[[X]], %[[Y]] : i1
// CHECK-NEXT: linalg.yield %[[S]] : i1
func.func @add_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = stablehlo.add %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// On i1, multiply is logical and.
// CHECK-LABEL: func.func @multiply_i1
// CHECK: ^bb0(%[[X:.*]]: i1, %[[Y:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT: %[[S:.*]] = arith.andi %[[X]], %[[Y]] : i1
// CHECK-NEXT: linalg.yield %[[S]] : i1
func.func @multiply_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = stablehlo.multiply %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @arith_f32
// CHECK: arith.subf %{{.*}}, %{{.*}} : f32
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
// NaN-propagating max/min (not maxnumf/minnumf).
// CHECK: llvm.intr.maximum(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.intr.minimum(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: arith.negf %{{.*}} : f32
// CHECK: math.absf %{{.*}} : f32
func.func @arith_f32(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.subtract %a, %b : tensor<4xf32>
  %1 = stablehlo.multiply %0, %b : tensor<4xf32>
  %2 = stablehlo.divide %1, %b : tensor<4xf32>
  %3 = stablehlo.maximum %2, %a : tensor<4xf32>
  %4 = stablehlo.minimum %3, %a : tensor<4xf32>
  %5 = stablehlo.negate %4 : tensor<4xf32>
  %6 = stablehlo.abs %5 : tensor<4xf32>
  return %6 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @math_f32
// CHECK: math.exp %{{.*}} : f32
// CHECK: math.log %{{.*}} : f32
// CHECK: math.tanh %{{.*}} : f32
// CHECK: math.sqrt %{{.*}} : f32
// CHECK: math.rsqrt %{{.*}} : f32
func.func @math_f32(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %a : tensor<4xf32>
  %1 = stablehlo.log %0 : tensor<4xf32>
  %2 = stablehlo.tanh %1 : tensor<4xf32>
  %3 = stablehlo.sqrt %2 : tensor<4xf32>
  %4 = stablehlo.rsqrt %3 : tensor<4xf32>
  return %4 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @half_types
// CHECK: ^bb0(%{{.*}}: bf16, %{{.*}}: bf16, %{{.*}}: bf16):
// CHECK-NEXT: arith.addf %{{.*}}, %{{.*}} : bf16
// CHECK: ^bb0(%{{.*}}: f16, %{{.*}}: f16):
// CHECK-NEXT: math.sqrt %{{.*}} : f16
// CHECK: ^bb0(%{{.*}}: f64, %{{.*}}: f64, %{{.*}}: f64):
// CHECK-NEXT: llvm.intr.maximum(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
func.func @half_types(%a: tensor<4xbf16>, %h: tensor<2xf16>, %d: tensor<3xf64>) -> (tensor<4xbf16>, tensor<2xf16>, tensor<3xf64>) {
  %0 = stablehlo.add %a, %a : tensor<4xbf16>
  %1 = stablehlo.sqrt %h : tensor<2xf16>
  %2 = stablehlo.maximum %d, %d : tensor<3xf64>
  return %0, %1, %2 : tensor<4xbf16>, tensor<2xf16>, tensor<3xf64>
}

// -----

// CHECK-LABEL: func.func @arith_i32
// CHECK: arith.subi %{{.*}}, %{{.*}} : i32
// CHECK: arith.muli %{{.*}}, %{{.*}} : i32
// Signed max/min: StableHLO treats signless integers as signed.
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i32
// CHECK: arith.minsi %{{.*}}, %{{.*}} : i32
// CHECK: math.absi %{{.*}} : i32
func.func @arith_i32(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.subtract %a, %b : tensor<4xi32>
  %1 = stablehlo.multiply %0, %b : tensor<4xi32>
  %2 = stablehlo.maximum %1, %a : tensor<4xi32>
  %3 = stablehlo.minimum %2, %a : tensor<4xi32>
  %4 = stablehlo.abs %3 : tensor<4xi32>
  return %4 : tensor<4xi32>
}

// -----

// On i1, maximum is or and minimum is and.
// CHECK-LABEL: func.func @max_min_i1
// CHECK: ^bb0(%{{.*}}: i1, %{{.*}}: i1, %{{.*}}: i1):
// CHECK-NEXT: arith.ori
// CHECK: ^bb0(%{{.*}}: i1, %{{.*}}: i1, %{{.*}}: i1):
// CHECK-NEXT: arith.andi
func.func @max_min_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = stablehlo.maximum %a, %b : tensor<4xi1>
  %1 = stablehlo.minimum %0, %b : tensor<4xi1>
  return %1 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @negate_i32
// CHECK: ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[N:.*]] = arith.subi %[[Z]], %[[X]] : i32
// CHECK-NEXT: linalg.yield %[[N]] : i32
func.func @negate_i32(%a: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = stablehlo.negate %a : tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// x / 0 = -1 and INT_MIN / -1 = INT_MIN, never undefined behaviour.
// CHECK-LABEL: func.func @divide_i32
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG: %[[BYZERO:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]] : i32
// CHECK-DAG: %[[XMIN:.*]] = arith.cmpi eq, %[[X]], %[[MIN]] : i32
// CHECK-DAG: %[[YM1:.*]] = arith.cmpi eq, %[[Y]], %[[M1]] : i32
// CHECK: %[[OVF:.*]] = arith.andi %[[XMIN]], %[[YM1]] : i1
// CHECK: %[[BAD:.*]] = arith.ori %[[BYZERO]], %[[OVF]] : i1
// CHECK: %[[DIVISOR:.*]] = arith.select %[[BAD]], %[[ONE]], %[[Y]] : i32
// CHECK: %[[Q:.*]] = arith.divsi %[[X]], %[[DIVISOR]] : i32
// CHECK: %[[R:.*]] = arith.select %[[BYZERO]], %[[M1]], %[[Q]] : i32
// CHECK: linalg.yield %[[R]] : i32
func.func @divide_i32(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.divide %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// The INT_MIN constant follows the width.
// CHECK-LABEL: func.func @divide_i8_i64
// CHECK: arith.constant -128 : i8
// CHECK: arith.divsi %{{.*}}, %{{.*}} : i8
// CHECK: arith.constant -9223372036854775808 : i64
// CHECK: arith.divsi %{{.*}}, %{{.*}} : i64
func.func @divide_i8_i64(%a: tensor<4xi8>, %b: tensor<2xi64>) -> (tensor<4xi8>, tensor<2xi64>) {
  %0 = stablehlo.divide %a, %a : tensor<4xi8>
  %1 = stablehlo.divide %b, %b : tensor<2xi64>
  return %0, %1 : tensor<4xi8>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @compare_float
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT: %[[C:.*]] = arith.cmpf ogt, %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[C]] : i1
// CHECK-NEXT: } -> tensor<4xi1>
// NE is unordered: true when either side is NaN.
// CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf oge, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf ole, %{{.*}}, %{{.*}} : f32
// Without compare_type, floats compare as FLOAT.
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
func.func @compare_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare  NE, %a, %b,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.compare  EQ, %a, %b,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = stablehlo.compare  LE, %a, %b,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = stablehlo.compare  LT, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// TOTALORDER: bitcast to an integer, flip the magnitude bits of negative
// values, compare signed.
// CHECK-LABEL: func.func @compare_totalorder
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: i1):
// CHECK: %[[XI:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[XS:.*]] = arith.shrsi %[[XI]], %{{.*}} : i32
// CHECK: %[[XM:.*]] = arith.andi %[[XS]], %{{.*}} : i32
// CHECK: %[[XK:.*]] = arith.xori %[[XI]], %[[XM]] : i32
// CHECK: %[[YI:.*]] = arith.bitcast %[[Y]] : f32 to i32
// CHECK: %[[YK:.*]] = arith.xori %[[YI]], %{{.*}} : i32
// CHECK: %[[C:.*]] = arith.cmpi slt, %[[XK]], %[[YK]] : i32
// CHECK: linalg.yield %[[C]] : i1
// CHECK: arith.bitcast %{{.*}} : f64 to i64
// CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : i64
func.func @compare_totalorder(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<2xf64>) -> (tensor<4xi1>, tensor<2xi1>) {
  %0 = stablehlo.compare  LT, %a, %b,  TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare  GE, %c, %c,  TOTALORDER : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>
  return %0, %1 : tensor<4xi1>, tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func @compare_int
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi ule, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i32
func.func @compare_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare  LT, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %1 = stablehlo.compare  GT, %a, %b,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %2 = stablehlo.compare  LE, %a, %b,  UNSIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = stablehlo.compare  NE, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// i1 compares unsigned: true > false.
// CHECK-LABEL: func.func @compare_i1
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i1
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i1
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : i1
func.func @compare_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare  GT, %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = stablehlo.compare  LT, %a, %b,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %2 = stablehlo.compare  EQ, %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-DAG: #[[$SEL:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @select
// CHECK-SAME: (%[[P:.*]]: tensor<2x3xi1>, %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[$SEL]], #[[$SEL]], #[[$SEL]], #[[$SEL]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[P]], %[[A]], %[[B]] : tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK-NEXT: ^bb0(%[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[R:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @select(%p: tensor<2x3xi1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.select %p, %a, %b : tensor<2x3xi1>, tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @complex_ops
// CHECK: complex.add %{{.*}}, %{{.*}} : complex<f32>
// CHECK: complex.mul %{{.*}}, %{{.*}} : complex<f32>
// CHECK: complex.exp %{{.*}} : complex<f32>
// CHECK: complex.neg %{{.*}} : complex<f32>
func.func @complex_ops(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.add %a, %a : tensor<2xcomplex<f32>>
  %1 = stablehlo.multiply %0, %a : tensor<2xcomplex<f32>>
  %2 = stablehlo.exponential %1 : tensor<2xcomplex<f32>>
  %3 = stablehlo.negate %2 : tensor<2xcomplex<f32>>
  return %3 : tensor<2xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @constant
// CHECK-DAG: %[[F:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[I:.*]] = arith.constant dense<7> : tensor<i32>
// CHECK-DAG: %[[P:.*]] = arith.constant dense<[true, false]> : tensor<2xi1>
// CHECK: return %[[F]], %[[I]], %[[P]]
func.func @constant() -> (tensor<2xf32>, tensor<i32>, tensor<2xi1>) {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = stablehlo.constant dense<7> : tensor<i32>
  %2 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  return %0, %1, %2 : tensor<2xf32>, tensor<i32>, tensor<2xi1>
}

// -----

// A scalar broadcast: the input map has no results.
// CHECK-DAG: #[[$SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @broadcast_scalar
// CHECK-SAME: (%[[S:.*]]: tensor<f32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$SCALAR]], #[[$ID]]], iterator_types = ["parallel"]}
// CHECK-SAME: ins(%[[S]] : tensor<f32>) outs(%[[E]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
func.func @broadcast_scalar(%s: tensor<f32>) -> tensor<8xf32> {
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @broadcast_row
// CHECK: linalg.generic {indexing_maps = [#[[$ROW]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
func.func @broadcast_row(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Operand dimensions in another order than the result's (a transpose).
// CHECK-DAG: #[[$T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @broadcast_transpose
// CHECK: linalg.generic {indexing_maps = [#[[$T]], #{{.*}}], iterator_types = ["parallel", "parallel"]}
func.func @broadcast_transpose(%x: tensor<3x2xi32>) -> tensor<2x3xi32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<3x2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// A size-1 operand dimension expanded to size 3 is read at index 0; one that
// stays size 1 keeps its dimension.
// CHECK-DAG: #[[$EXP:.*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG: #[[$KEEP:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @broadcast_expand
// CHECK: linalg.generic {indexing_maps = [#[[$EXP]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%{{.*}} : tensor<4x1xf32>) outs(%{{.*}} : tensor<2x4x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[$KEEP]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%{{.*}} : tensor<1x3xf32>) outs(%{{.*}} : tensor<1x4x3xf32>)
func.func @broadcast_expand(%a: tensor<4x1xf32>, %b: tensor<1x3xf32>) -> (tensor<2x4x3xf32>, tensor<1x4x3xf32>) {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<4x1xf32>) -> tensor<2x4x3xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [0, 2] : (tensor<1x3xf32>) -> tensor<1x4x3xf32>
  return %0, %1 : tensor<2x4x3xf32>, tensor<1x4x3xf32>
}

// -----

// Rank-0 element-wise ops: maps with no dimensions and no iterators.
// CHECK-DAG: #[[$R0:.*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @rank0
// CHECK: linalg.generic {indexing_maps = [#[[$R0]], #[[$R0]], #[[$R0]]], iterator_types = []}
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<f32>, tensor<f32>) outs(%{{.*}} : tensor<f32>)
// CHECK: arith.mulf
func.func @rank0(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.multiply %a, %b : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// convert: sitofp/uitofp, extf/truncf, extsi/extui/trunci, != 0 for i1, and
// a saturating float -> int (range checks in f64, NaN -> 0).
// CHECK-LABEL: func.func @convert
func.func @convert(%f: tensor<4xf32>, %i: tensor<4xi32>, %p: tensor<4xi1>)
    -> (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf16>, tensor<4xf64>, tensor<4xi8>, tensor<4xi64>, tensor<4xi1>, tensor<4xi1>) {
  // CHECK: linalg.generic
  // CHECK: arith.extf %{{.*}} : f32 to f64
  // CHECK-DAG: arith.cmpf oge
  // CHECK-DAG: arith.cmpf olt
  // CHECK-DAG: arith.cmpf uno
  // CHECK: arith.fptosi %{{.*}} : f64 to i32
  // CHECK: arith.constant 2147483647 : i32
  // CHECK: arith.constant -2147483648 : i32
  %0 = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xi32>
  // CHECK: arith.sitofp %{{.*}} : i32 to f32
  %1 = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xf32>
  // CHECK: arith.uitofp %{{.*}} : i1 to f32
  %2 = stablehlo.convert %p : (tensor<4xi1>) -> tensor<4xf32>
  // CHECK: arith.truncf %{{.*}} : f32 to f16
  %3 = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xf16>
  // CHECK: arith.extf %{{.*}} : f32 to f64
  %4 = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xf64>
  // CHECK: arith.trunci %{{.*}} : i32 to i8
  %5 = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xi8>
  // CHECK: arith.extsi %{{.*}} : i32 to i64
  %6 = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xi64>
  // CHECK: arith.cmpf une
  %7 = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xi1>
  // CHECK: arith.cmpi ne
  %8 = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf16>, tensor<4xf64>, tensor<4xi8>, tensor<4xi64>, tensor<4xi1>, tensor<4xi1>
}

// -----

// dot_general: loops (batch, lhs free, contracting, rhs free): the
// contracting loops reduce into a zero-filled accumulator, and the rhs free
// loop is innermost (contiguous, vectorizable).
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-LABEL: func.func @dot_general_batched
func.func @dot_general_batched(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // CHECK: %[[ZERO:.*]] = linalg.generic
  // CHECK: arith.constant 0.000000e+00 : f32
  // CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
  // CHECK-SAME: outs(%[[ZERO]] : tensor<2x3x5xf32>)
  // CHECK: %[[M:.*]] = arith.mulf
  // CHECK: arith.addf %{{.*}}, %[[M]] : f32
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// CHECK-DAG: #[[TL:.*]] = affine_map<(d0, d1, d2) -> (d1, d0)>
// CHECK-DAG: #[[TR:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-LABEL: func.func @dot_general_transposed_i32
func.func @dot_general_transposed_i32(%a: tensor<3x2xi32>, %b: tensor<4x3xi32>) -> tensor<2x4xi32> {
  // CHECK: linalg.generic {indexing_maps = [#[[TL]], #[[TR]], #{{.*}}], iterator_types = ["parallel", "reduction", "parallel"]}
  // CHECK: arith.muli
  // CHECK: arith.addi
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xi32>, tensor<4x3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// reduce: fill with the init value, then a generic with reduction loops on
// `dimensions`; the reducer's rank-0 ops become scalar ops on (acc, elem).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[KEEP:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @reduce_general
func.func @reduce_general(%x: tensor<4x3xi32>) -> tensor<3xi32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  // CHECK: %[[INIT:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<i32>) outs(%{{.*}} : tensor<3xi32>)
  // CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[KEEP]]], iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<4x3xi32>) outs(%[[INIT]] : tensor<3xi32>)
  // CHECK-NEXT: ^bb0(%[[EL:.*]]: i32, %[[ACC:.*]]: i32):
  // CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
  // CHECK-NEXT: %[[P:.*]] = arith.muli %[[ACC]], %[[EL]] : i32
  // CHECK-NEXT: %[[Q:.*]] = arith.muli %[[P]], %[[TWO]] : i32
  // CHECK-NEXT: linalg.yield %[[Q]] : i32
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : (tensor<4x3xi32>, tensor<i32>) -> tensor<3xi32>
    reducer(%a: tensor<i32>, %b: tensor<i32>) {
      %two = stablehlo.constant dense<2> : tensor<i32>
      %p = stablehlo.multiply %a, %b : tensor<i32>
      %q = stablehlo.multiply %p, %two : tensor<i32>
      stablehlo.return %q : tensor<i32>
    }
  return %0 : tensor<3xi32>
}

// -----

// reshape: collapse to one dimension, expand to the result (views, no copy).
// CHECK-LABEL: func.func @reshape
func.func @reshape(%x: tensor<2x3xf32>, %s: tensor<f32>) -> (tensor<3x2xf32>, tensor<1x1xf32>) {
  // CHECK: %[[F:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  // CHECK: tensor.expand_shape %[[F]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: %[[G:.*]] = tensor.expand_shape %{{.*}} [] output_shape [1] : tensor<f32> into tensor<1xf32>
  // CHECK: tensor.expand_shape %[[G]] {{\[}}[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
  %1 = stablehlo.reshape %s : (tensor<f32>) -> tensor<1x1xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<1x1xf32>
}

// -----

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @transpose
func.func @transpose(%x: tensor<2x3x4xi32>) -> tensor<4x2x3xi32> {
  // CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<2x3x4xi32>) outs(%{{.*}} : tensor<4x2x3xi32>)
  %0 = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
  return %0 : tensor<4x2x3xi32>
}

// -----

// CHECK-LABEL: func.func @iota_concatenate_slice
func.func @iota_concatenate_slice(%a: tensor<2x2xi32>, %b: tensor<2x1xi32>, %x: tensor<4x4xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x2xf32>) {
  // CHECK: linalg.generic
  // CHECK: %[[K:.*]] = linalg.index 1 : index
  // CHECK: %[[N:.*]] = arith.index_cast %[[K]] : index to i64
  // CHECK: arith.sitofp %[[N]] : i64 to f32
  %0 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  // CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3xi32>
  // CHECK: %[[I:.*]] = tensor.insert_slice %{{.*}} into %[[E]][0, 0] [2, 2] [1, 1]
  // CHECK: tensor.insert_slice %{{.*}} into %[[I]][0, 2] [2, 1] [1, 1]
  %1 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  // CHECK: tensor.extract_slice %{{.*}}[1, 0] [2, 2] [1, 2] : tensor<4x4xf32> to tensor<2x2xf32>
  %2 = stablehlo.slice %x [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x2xf32>
}

// -----

// pad: fill with the padding value, then insert the operand elements that
// land inside the result, strided by interior + 1 (negative low edges first
// drop elements with an extract_slice).
// CHECK-LABEL: func.func @pad
func.func @pad(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  // CHECK: %[[FILL:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<f32>) outs(%{{.*}} : tensor<6xf32>)
  // CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[1] [2] [1] : tensor<3xf32> to tensor<2xf32>
  // CHECK: tensor.insert_slice %[[S]] into %[[FILL]][1] [2] [2] : tensor<2xf32> into tensor<6xf32>
  %0 = stablehlo.pad %x, %v, low = [-1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// CHECK-DAG: #[[REV:.*]] = affine_map<(d0, d1) -> (d0, -d1 + 2)>
// CHECK-LABEL: func.func @reverse
func.func @reverse(%x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // CHECK: linalg.generic {indexing_maps = [#[[REV]], #{{.*}}]
  %0 = stablehlo.reverse %x, dims = [1] : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @logical
func.func @logical(%p: tensor<4xi1>, %a: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi32>) {
  // CHECK: arith.andi
  // CHECK: arith.ori
  // CHECK: arith.xori
  // CHECK: %[[TRUE:.*]] = arith.constant true
  // CHECK: arith.xori %{{.*}}, %[[TRUE]] : i1
  // CHECK: %[[ONES:.*]] = arith.constant -1 : i32
  // CHECK: arith.xori %{{.*}}, %[[ONES]] : i32
  %0 = stablehlo.and %p, %p : tensor<4xi1>
  %1 = stablehlo.or %0, %p : tensor<4xi1>
  %2 = stablehlo.xor %1, %p : tensor<4xi1>
  %3 = stablehlo.not %2 : tensor<4xi1>
  %4 = stablehlo.not %a : tensor<4xi32>
  return %3, %4 : tensor<4xi1>, tensor<4xi32>
}

// -----

// A variadic reduce is one generic with one output per input.
// CHECK-LABEL: func.func @reduce_variadic
func.func @reduce_variadic(%x: tensor<4x3xf32>, %i: tensor<4x3xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %c = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %d = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<4x3xf32>, tensor<4x3xi32>) outs(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xi32>)
  // CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[I:.*]]: i32, %[[MX:.*]]: f32, %[[MI:.*]]: i32):
  // CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[MX]] : f32
  // CHECK-NEXT: %[[V:.*]] = arith.select %[[GT]], %[[X]], %[[MX]] : f32
  // CHECK-NEXT: %[[K:.*]] = arith.select %[[GT]], %[[I]], %[[MI]] : i32
  // CHECK-NEXT: linalg.yield %[[V]], %[[K]] : f32, i32
  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %d) across dimensions = [1] : (tensor<4x3xf32>, tensor<4x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%j: tensor<i32>, %k: tensor<i32>) {
      %gt = stablehlo.compare  GT, %b, %a,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %m = stablehlo.select %gt, %b, %a : tensor<i1>, tensor<f32>
      %n = stablehlo.select %gt, %k, %j : tensor<i1>, tensor<i32>
      stablehlo.return %m, %n : tensor<f32>, tensor<i32>
    }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Shifts clamp the amount (unsigned compare, so negative amounts are out of
// range) and select the XLA result for out-of-range amounts.
// CHECK-LABEL: func.func @shifts
func.func @shifts(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  // CHECK: %[[W:.*]] = arith.constant 32 : i32
  // CHECK: %[[OOR:.*]] = arith.cmpi uge, %{{.*}}, %[[W]] : i32
  // CHECK: %[[SAFE:.*]] = arith.select %[[OOR]], %{{.*}}, %{{.*}} : i32
  // CHECK: %[[SH:.*]] = arith.shli %{{.*}}, %[[SAFE]] : i32
  // CHECK: arith.select %[[OOR]], %{{.*}}, %[[SH]] : i32
  %0 = stablehlo.shift_left %a, %b : tensor<4xi32>
  // CHECK: arith.constant 31 : i32
  // CHECK: arith.shrsi
  %1 = stablehlo.shift_right_arithmetic %a, %b : tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}

// -----

// clamp with scalar bounds reads them at every point.
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @clamp
func.func @clamp(%lo: tensor<f32>, %x: tensor<5xf32>, %hi: tensor<f32>) -> tensor<5xf32> {
  // CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #{{.*}}, #[[SCALAR]], #{{.*}}]
  // CHECK: llvm.intr.maximum
  // CHECK: llvm.intr.minimum
  %0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// dynamic_update_slice writes the update's window at the clamped starts
// (tensor.insert_slice: in place after bufferization when the operand dies
// here). Signed starts: max with 0, min with dim - size.
// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK-SAME: (%[[X:.*]]: tensor<16x8xf32>, %[[U:.*]]: tensor<1x8xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>)
// CHECK: %[[IV:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK-DAG: %[[C15:.*]] = arith.constant 15 : index
// CHECK-DAG: %[[IX:.*]] = arith.index_cast %[[IV]] : i32 to index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[ILO:.*]] = arith.maxsi %[[IX]], %[[C0]] : index
// CHECK: %[[S0:.*]] = arith.minsi %[[ILO]], %[[C15]] : index
// CHECK: %[[JV:.*]] = tensor.extract %[[J]][] : tensor<i32>
// CHECK: %[[JX:.*]] = arith.index_cast %[[JV]] : i32 to index
// CHECK: %[[JLO:.*]] = arith.maxsi %[[JX]], %{{.*}} : index
// CHECK: %[[S1:.*]] = arith.minsi %[[JLO]], %{{.*}} : index
// CHECK: %[[R:.*]] = tensor.insert_slice %[[U]] into %[[X]][%[[S0]], %[[S1]]] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<16x8xf32>
// CHECK: return %[[R]]
// CHECK-NOT: linalg.generic
func.func @dynamic_update_slice(%x: tensor<16x8xf32>, %u: tensor<1x8xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<16x8xf32> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<16x8xf32>, tensor<1x8xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// Unsigned starts are zero-extended and clamped with an unsigned min only
// (2^32 - 1 is past the end, not -1).
// CHECK-LABEL: func.func @dynamic_update_slice_ui32
// CHECK: %[[IV:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[C15:.*]] = arith.constant 15 : index
// CHECK: %[[IX:.*]] = arith.index_castui %[[IV]] : i32 to index
// CHECK: %[[S0:.*]] = arith.minui %[[IX]], %[[C15]] : index
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%[[S0]]] [1] [1] : tensor<1xf32> into tensor<16xf32>
func.func @dynamic_update_slice_ui32(%x: tensor<16xf32>, %u: tensor<1xf32>, %i: tensor<ui32>) -> tensor<16xf32> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<16xf32>, tensor<1xf32>, tensor<ui32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
