// chlo-legalize-to-stablehlo: the StableHLO each CHLO op becomes. No CHLO op
// is left behind (--implicit-check-not).
// RUN: xla-opt %s --chlo-legalize-to-stablehlo | FileCheck %s --implicit-check-not=chlo.

// square is x * x, on every element type.
// CHECK-LABEL: func.func @square_f32
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[R:.*]] = stablehlo.multiply %[[X]], %[[X]] : tensor<4xf32>
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
func.func @square_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.square %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @square_i32_complex
// CHECK-SAME: (%[[X:.*]]: tensor<2x2xi32>, %[[C:.*]]: tensor<3xcomplex<f32>>)
// CHECK-NEXT: %[[R:.*]] = stablehlo.multiply %[[X]], %[[X]] : tensor<2x2xi32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.multiply %[[C]], %[[C]] : tensor<3xcomplex<f32>>
// CHECK-NEXT: return %[[R]], %[[S]]
func.func @square_i32_complex(%x: tensor<2x2xi32>, %c: tensor<3xcomplex<f32>>) -> (tensor<2x2xi32>, tensor<3xcomplex<f32>>) {
  %0 = chlo.square %x : tensor<2x2xi32> -> tensor<2x2xi32>
  %1 = chlo.square %c : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  return %0, %1 : tensor<2x2xi32>, tensor<3xcomplex<f32>>
}

// is_inf is |x| == +inf; is_pos_inf and is_neg_inf compare x itself. The
// comparisons are FLOAT (IEEE), so NaN is never infinite.
// CHECK-LABEL: func.func @is_inf
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[ABS:.*]] = stablehlo.abs %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[INF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
// CHECK-NEXT: %[[R0:.*]] = stablehlo.compare EQ, %[[ABS]], %[[INF]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %[[PINF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
// CHECK-NEXT: %[[R1:.*]] = stablehlo.compare EQ, %[[X]], %[[PINF]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %[[NINF:.*]] = stablehlo.constant dense<0xFF800000> : tensor<4xf32>
// CHECK-NEXT: %[[R2:.*]] = stablehlo.compare EQ, %[[X]], %[[NINF]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]]
func.func @is_inf(%x: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>
  %1 = chlo.is_pos_inf %x : tensor<4xf32> -> tensor<4xi1>
  %2 = chlo.is_neg_inf %x : tensor<4xf32> -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// On f64 the infinity is the f64 bit pattern; rank 0 works.
// CHECK-LABEL: func.func @is_neg_inf_f64
// CHECK-SAME: (%[[X:.*]]: tensor<f64>)
// CHECK-NEXT: %[[NINF:.*]] = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
// CHECK-NEXT: %[[R:.*]] = stablehlo.compare EQ, %[[X]], %[[NINF]], FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
// CHECK-NEXT: return %[[R]] : tensor<i1>
func.func @is_neg_inf_f64(%x: tensor<f64>) -> tensor<i1> {
  %0 = chlo.is_neg_inf %x : tensor<f64> -> tensor<i1>
  return %0 : tensor<i1>
}

// broadcast_add with numpy rules: the lower-rank operand is aligned with the
// minor dimensions of the result.
// CHECK-LABEL: func.func @broadcast_add_numpy
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[BA:.*]] = stablehlo.broadcast_in_dim %[[A]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.add %[[BA]], %[[B]] : tensor<2x3xf32>
// CHECK-NEXT: return %[[R]] : tensor<2x3xf32>
func.func @broadcast_add_numpy(%a: tensor<3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Explicit broadcast_dimensions: the rhs column vector along dimension 0.
// CHECK-LABEL: func.func @broadcast_add_dims
// CHECK-SAME: (%[[B:.*]]: tensor<2x3xf32>, %[[C:.*]]: tensor<2xf32>)
// CHECK-NEXT: %[[BC:.*]] = stablehlo.broadcast_in_dim %[[C]], dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.add %[[B]], %[[BC]] : tensor<2x3xf32>
// CHECK-NEXT: return %[[R]] : tensor<2x3xf32>
func.func @broadcast_add_dims(%b: tensor<2x3xf32>, %c: tensor<2xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_add %b, %c {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Size-1 dimensions of operands of the result's rank are broadcast too.
// CHECK-LABEL: func.func @broadcast_atan2_size_1
// CHECK-SAME: (%[[A:.*]]: tensor<1x3xf32>, %[[B:.*]]: tensor<2x1xf32>)
// CHECK-NEXT: %[[BA:.*]] = stablehlo.broadcast_in_dim %[[A]], dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[BB:.*]] = stablehlo.broadcast_in_dim %[[B]], dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.atan2 %[[BA]], %[[BB]] : tensor<2x3xf32>
// CHECK-NEXT: return %[[R]] : tensor<2x3xf32>
func.func @broadcast_atan2_size_1(%a: tensor<1x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_atan2 %a, %b : (tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Operands that already have the result type are used as they are
// (broadcast_dimensions is then irrelevant).
// CHECK-LABEL: func.func @broadcast_same_shape
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xi32>)
// CHECK-NOT: stablehlo.broadcast_in_dim
// CHECK: %[[R0:.*]] = stablehlo.shift_right_logical %[[A]], %[[A]] : tensor<2x3xi32>
// CHECK-NEXT: %[[R1:.*]] = stablehlo.remainder %[[A]], %[[A]] : tensor<2x3xi32>
// CHECK-NEXT: %[[R2:.*]] = stablehlo.and %[[A]], %[[A]] : tensor<2x3xi32>
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]]
func.func @broadcast_same_shape(%a: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %0 = chlo.broadcast_shift_right_logical %a, %a : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %1 = chlo.broadcast_remainder %a, %a {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %2 = chlo.broadcast_and %a, %a : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0, %1, %2 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>
}

// Each broadcasting binary becomes the StableHLO op of the same name.
// CHECK-LABEL: func.func @broadcast_names
// CHECK: stablehlo.subtract
// CHECK: stablehlo.multiply
// CHECK: stablehlo.divide
// CHECK: stablehlo.maximum
// CHECK: stablehlo.minimum
// CHECK: stablehlo.power
// CHECK: stablehlo.or
// CHECK: stablehlo.xor
// CHECK: stablehlo.shift_left
// CHECK: stablehlo.shift_right_arithmetic
// CHECK: return
func.func @broadcast_names(%a: tensor<3xi32>, %b: tensor<2x3xi32>) {
  %0 = chlo.broadcast_subtract %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %1 = chlo.broadcast_multiply %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %2 = chlo.broadcast_divide %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %3 = chlo.broadcast_maximum %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %4 = chlo.broadcast_minimum %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %5 = chlo.broadcast_power %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %6 = chlo.broadcast_or %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %7 = chlo.broadcast_xor %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %8 = chlo.broadcast_shift_left %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %9 = chlo.broadcast_shift_right_arithmetic %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return
}

// broadcast_next_after: the broadcast, then next_after's bit arithmetic.
// CHECK-LABEL: func.func @broadcast_next_after
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[BA:.*]] = stablehlo.broadcast_in_dim %[[A]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: stablehlo.bitcast_convert %[[BA]] : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK-NEXT: stablehlo.bitcast_convert %[[B]] : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<2x3xi32>) -> tensor<2x3xf32>
func.func @broadcast_next_after(%a: tensor<3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_next_after %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// next_after on the bits: ±1 on the integer view toward y, the smallest
// subnormal with y's sign from zero, y when x == y, NaN when either is NaN.
// CHECK-LABEL: func.func @next_after
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[XI:.*]] = stablehlo.bitcast_convert %[[X]] : (tensor<4xf32>) -> tensor<4xi32>
// CHECK-NEXT: %[[YI:.*]] = stablehlo.bitcast_convert %[[Y]] : (tensor<4xf32>) -> tensor<4xi32>
// CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<4xi32>
// CHECK-NEXT: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-NEXT: %[[C31:.*]] = stablehlo.constant dense<31> : tensor<4xi32>
// CHECK-NEXT: %[[SIGN:.*]] = stablehlo.shift_left %[[ONE]], %[[C31]] : tensor<4xi32>
// CHECK-NEXT: %[[YSIGN:.*]] = stablehlo.and %[[YI]], %[[SIGN]] : tensor<4xi32>
// CHECK-NEXT: %[[FROMZERO:.*]] = stablehlo.or %[[YSIGN]], %[[ONE]] : tensor<4xi32>
// CHECK-NEXT: %[[XNEG:.*]] = stablehlo.compare LT, %[[XI]], %[[ZERO]] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT: %[[YBELOW:.*]] = stablehlo.compare LT, %[[Y]], %[[X]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %[[DOWN:.*]] = stablehlo.xor %[[XNEG]], %[[YBELOW]] : tensor<4xi1>
// CHECK-NEXT: %[[DEC:.*]] = stablehlo.subtract %[[XI]], %[[ONE]] : tensor<4xi32>
// CHECK-NEXT: %[[INC:.*]] = stablehlo.add %[[XI]], %[[ONE]] : tensor<4xi32>
// CHECK-NEXT: %[[STEP:.*]] = stablehlo.select %[[DOWN]], %[[DEC]], %[[INC]] : tensor<4xi1>, tensor<4xi32>
// CHECK-NEXT: %[[FZERO:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[XZERO:.*]] = stablehlo.compare EQ, %[[X]], %[[FZERO]], FLOAT
// CHECK-NEXT: %[[BITS:.*]] = stablehlo.select %[[XZERO]], %[[FROMZERO]], %[[STEP]] : tensor<4xi1>, tensor<4xi32>
// CHECK-NEXT: %[[F:.*]] = stablehlo.bitcast_convert %[[BITS]] : (tensor<4xi32>) -> tensor<4xf32>
// CHECK-NEXT: %[[EQ:.*]] = stablehlo.compare EQ, %[[X]], %[[Y]], FLOAT
// CHECK-NEXT: %[[R1:.*]] = stablehlo.select %[[EQ]], %[[Y]], %[[F]] : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: %[[XNAN:.*]] = stablehlo.compare NE, %[[X]], %[[X]], FLOAT
// CHECK-NEXT: %[[YNAN:.*]] = stablehlo.compare NE, %[[Y]], %[[Y]], FLOAT
// CHECK-NEXT: %[[NAN:.*]] = stablehlo.or %[[XNAN]], %[[YNAN]] : tensor<4xi1>
// CHECK-NEXT: %[[QNAN:.*]] = stablehlo.constant dense<0x7FC00000> : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.select %[[NAN]], %[[QNAN]], %[[R1]] : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
func.func @next_after(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// top_k with a large k (more than max(16, 4⌈log2 n⌉)): a stable sort of
// (x, iota) along the last dimension, descending in the float total order,
// then the first k of both.
// CHECK-LABEL: func.func @top_k
// CHECK-SAME: (%[[X:.*]]: tensor<2x40xf32>)
// CHECK-NEXT: %[[IOTA:.*]] = stablehlo.iota dim = 1 : tensor<2x40xi32>
// CHECK-NEXT: %[[SORT:.*]]:2 = "stablehlo.sort"(%[[X]], %[[IOTA]]) <{dimension = 1 : i64, is_stable = true}> ({
// CHECK-NEXT: ^bb0(%[[L:.*]]: tensor<f32>, %[[R:.*]]: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
// CHECK-NEXT: %[[GT:.*]] = stablehlo.compare GT, %[[L]], %[[R]], TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %[[GT]] : tensor<i1>
// CHECK-NEXT: }) : (tensor<2x40xf32>, tensor<2x40xi32>) -> (tensor<2x40xf32>, tensor<2x40xi32>)
// CHECK-NEXT: %[[V:.*]] = stablehlo.slice %[[SORT]]#0 [0:2, 0:25] : (tensor<2x40xf32>) -> tensor<2x25xf32>
// CHECK-NEXT: %[[I:.*]] = stablehlo.slice %[[SORT]]#1 [0:2, 0:25] : (tensor<2x40xi32>) -> tensor<2x25xi32>
// CHECK-NEXT: return %[[V]], %[[I]] : tensor<2x25xf32>, tensor<2x25xi32>
func.func @top_k(%arg0: tensor<2x40xf32>) -> (tensor<2x25xf32>, tensor<2x25xi32>) {
  %values, %indices = chlo.top_k(%arg0, k = 25) : tensor<2x40xf32> -> (tensor<2x25xf32>, tensor<2x25xi32>)
  return %values, %indices : tensor<2x25xf32>, tensor<2x25xi32>
}

// On integers the comparator has no compare type (signed by default).
// CHECK-LABEL: func.func @top_k_i32
// CHECK: stablehlo.iota dim = 0 : tensor<40xi32>
// CHECK: "stablehlo.sort"(%{{.*}}, %{{.*}}) <{dimension = 0 : i64, is_stable = true}>
// CHECK: stablehlo.compare GT, %{{.*}}, %{{.*}} : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: stablehlo.slice %{{.*}}#0 [0:40] : (tensor<40xi32>) -> tensor<40xi32>
// CHECK: stablehlo.slice %{{.*}}#1 [0:40] : (tensor<40xi32>) -> tensor<40xi32>
func.func @top_k_i32(%x: tensor<40xi32>) -> (tensor<40xi32>, tensor<40xi32>) {
  %v, %i = chlo.top_k(%x, k = 40) : tensor<40xi32> -> (tensor<40xi32>, tensor<40xi32>)
  return %v, %i : tensor<40xi32>, tensor<40xi32>
}

// top_k with a small k is the one CHLO op left, for
// stablehlo-legalize-to-linalg (a selection, no sort): k = 24 of 40 (the
// largest k kept for rows of 40), k = 16 of 16, k = 5 of 1000.
// CHECK-LABEL: func.func @top_k_small
// CHECK-NEXT: chlo.top_k(%{{.*}}, k = 24) : tensor<2x40xf32>
// CHECK-NEXT: chlo.top_k(%{{.*}}, k = 16) : tensor<16xi32>
// CHECK-NEXT: chlo.top_k(%{{.*}}, k = 5) : tensor<512x1000xf32>
// CHECK-NOT: stablehlo.sort
func.func @top_k_small(%x: tensor<2x40xf32>, %y: tensor<16xi32>, %z: tensor<512x1000xf32>)
    -> (tensor<2x24xf32>, tensor<16xi32>, tensor<512x5xi32>) {
  %v, %i = chlo.top_k(%x, k = 24) : tensor<2x40xf32> -> (tensor<2x24xf32>, tensor<2x24xi32>)
  %w, %j = chlo.top_k(%y, k = 16) : tensor<16xi32> -> (tensor<16xi32>, tensor<16xi32>)
  %u, %l = chlo.top_k(%z, k = 5) : tensor<512x1000xf32> -> (tensor<512x5xf32>, tensor<512x5xi32>)
  return %v, %w, %l : tensor<2x24xf32>, tensor<16xi32>, tensor<512x5xi32>
}

// erf: x P(x²) / Q(x²) on x clamped to [-4, 4] (2x/sqrt(pi) below 1e-20),
// in f32, clamped to [-1, 1].
// CHECK-LABEL: func.func @erf
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[LO:.*]] = stablehlo.constant dense<-4.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[HI:.*]] = stablehlo.constant dense<4.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.clamp %[[LO]], %[[X]], %[[HI]] : tensor<4xf32>
// CHECK-NEXT: %[[X2:.*]] = stablehlo.multiply %[[C]], %[[C]] : tensor<4xf32>
// CHECK-NEXT: stablehlo.constant dense<-2.72614237E-10> : tensor<4xf32>
// CHECK: %[[P:.*]] = stablehlo.multiply %{{.*}}, %[[C]] : tensor<4xf32>
// CHECK-NEXT: stablehlo.constant dense<-1.45660715E-5> : tensor<4xf32>
// CHECK: %[[Q0:.*]] = stablehlo.constant dense<-0.0142647391> : tensor<4xf32>
// CHECK-NEXT: %[[Q:.*]] = stablehlo.add %{{.*}}, %[[Q0]] : tensor<4xf32>
// CHECK: %[[TINY:.*]] = stablehlo.compare LT
// CHECK: %[[R:.*]] = stablehlo.divide %[[P]], %[[Q]] : tensor<4xf32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.select %[[TINY]], %{{.*}}, %[[R]] : tensor<4xi1>, tensor<4xf32>
// CHECK: %[[Y:.*]] = stablehlo.clamp %{{.*}}, %[[S]], %{{.*}} : tensor<4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4xf32>
// CHECK-NOT: stablehlo.convert
func.func @erf(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// erf on f16 is computed in f32 and rounded once.
// CHECK-LABEL: func.func @erf_f16
// CHECK-SAME: (%[[X:.*]]: tensor<4xf16>)
// CHECK-NEXT: %[[W:.*]] = stablehlo.convert %[[X]] : (tensor<4xf16>) -> tensor<4xf32>
// CHECK: stablehlo.clamp %{{.*}}, %[[W]], %{{.*}} : tensor<4xf32>
// CHECK: stablehlo.divide %{{.*}}, %{{.*}} : tensor<4xf32>
// CHECK: %[[R:.*]] = stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf32>
// CHECK-NEXT: %[[N:.*]] = stablehlo.convert %[[R]] : (tensor<4xf32>) -> tensor<4xf16>
// CHECK-NEXT: return %[[N]] : tensor<4xf16>
func.func @erf_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = chlo.erf %x : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// erfc (erf_f64.rs), f32 computed in f32: for |x| >= 1/2, e^(-x²) (x²
// in two parts, a Dekker split by 4097 = 2^12 + 1) times Chebyshev fits of
// erfc e^(x²), 2 - that for negative x; 1 - erf(x) (Taylor) below 1/2.
// CHECK-LABEL: func.func @erfc
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: f64
// CHECK: %[[Z:.*]] = stablehlo.abs %[[X]] : tensor<4xf32>
// CHECK: stablehlo.constant dense<4.097000e+03> : tensor<4xf32>
// CHECK: stablehlo.exponential %{{.*}} : tensor<4xf32>
// CHECK: stablehlo.compare LT, %[[X]], %{{.*}}, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK: stablehlo.select %{{.*}} : tensor<4xi1>, tensor<4xf32>
// CHECK: return %{{.*}} : tensor<4xf32>
func.func @erfc(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.erfc %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// erf_inv: w = -log((1 - x)(1 + x)), the central polynomial for w < 5, the
// tail polynomial in sqrt(max(w, 5)) - 3 otherwise, ±inf at |x| = 1.
// CHECK-LABEL: func.func @erf_inv
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[A:.*]] = stablehlo.subtract %[[ONE]], %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.add %[[ONE]], %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[PROD:.*]] = stablehlo.multiply %[[A]], %[[B]] : tensor<4xf32>
// CHECK-NEXT: %[[LOG:.*]] = stablehlo.log %[[PROD]] : tensor<4xf32>
// CHECK-NEXT: %[[W:.*]] = stablehlo.negate %[[LOG]] : tensor<4xf32>
// CHECK: %[[FIVE:.*]] = stablehlo.constant dense<5.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[WT:.*]] = stablehlo.maximum %[[W]], %[[FIVE]] : tensor<4xf32>
// CHECK-NEXT: stablehlo.sqrt %[[WT]] : tensor<4xf32>
// CHECK: stablehlo.compare LT, %[[W]], %{{.*}}, FLOAT
// CHECK: %[[ABS:.*]] = stablehlo.abs %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[EDGE:.*]] = stablehlo.compare EQ, %[[ABS]], %[[ONE]], FLOAT
// CHECK-NEXT: %[[INF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
// CHECK-NEXT: %[[SINF:.*]] = stablehlo.multiply %[[X]], %[[INF]] : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.select %[[EDGE]], %[[SINF]], %{{.*}} : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
func.func @erf_inv(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// lgamma in f64: Lanczos on max(x, 1 - x), the reflection through
// sin(pi (x - round(x))) below 0.5, exact zeros at 1 and 2, +inf at ±inf.
// CHECK-LABEL: func.func @lgamma
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[W:.*]] = stablehlo.convert %[[X]] : (tensor<4xf32>) -> tensor<4xf64>
// CHECK-NEXT: %[[HALF:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<4xf64>
// CHECK-NEXT: %[[REFLECT:.*]] = stablehlo.compare LT, %[[W]], %[[HALF]], FLOAT
// CHECK: stablehlo.constant dense<676.5203681218851> : tensor<4xf64>
// CHECK: %[[ROUND:.*]] = stablehlo.round_nearest_even %[[W]] : tensor<4xf64>
// CHECK-NEXT: %[[FRAC:.*]] = stablehlo.subtract %[[W]], %[[ROUND]] : tensor<4xf64>
// CHECK: stablehlo.sine %{{.*}} : tensor<4xf64>
// CHECK: stablehlo.select %[[REFLECT]], %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xf64>
// CHECK: %[[ONE_OR_TWO:.*]] = stablehlo.or
// CHECK: %[[VALUE:.*]] = stablehlo.select %[[ONE_OR_TWO]], %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xf64>
// CHECK: %[[ABS:.*]] = stablehlo.abs %[[W]] : tensor<4xf64>
// CHECK-NEXT: %[[INF0:.*]] = stablehlo.constant dense<0x7FF0000000000000> : tensor<4xf64>
// CHECK-NEXT: %[[ISINF:.*]] = stablehlo.compare EQ, %[[ABS]], %[[INF0]], FLOAT
// CHECK-NEXT: %[[INF:.*]] = stablehlo.constant dense<0x7FF0000000000000> : tensor<4xf64>
// CHECK-NEXT: %[[SEL:.*]] = stablehlo.select %[[ISINF]], %[[INF]], %[[VALUE]] : tensor<4xi1>, tensor<4xf64>
// CHECK-NEXT: %[[R:.*]] = stablehlo.convert %[[SEL]] : (tensor<4xf64>) -> tensor<4xf32>
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
func.func @lgamma(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// digamma on f64 needs no conversion: the shifted series, the reflection
// pi / tan(pi x) for x <= 0 and NaN at the non-positive integers.
// CHECK-LABEL: func.func @digamma_f64
// CHECK-SAME: (%[[X:.*]]: tensor<4xf64>)
// CHECK-NOT: stablehlo.convert
// CHECK: %[[REFLECT:.*]] = stablehlo.compare LE, %[[X]], %{{.*}}, FLOAT
// CHECK: stablehlo.log %{{.*}} : tensor<4xf64>
// CHECK: stablehlo.tan %{{.*}} : tensor<4xf64>
// CHECK: %[[FLOOR:.*]] = stablehlo.floor %[[X]] : tensor<4xf64>
// CHECK-NEXT: %[[INT:.*]] = stablehlo.compare EQ, %[[X]], %[[FLOOR]], FLOAT
// CHECK-NEXT: %[[POLE:.*]] = stablehlo.and %[[REFLECT]], %[[INT]] : tensor<4xi1>
// CHECK-NEXT: %[[NAN:.*]] = stablehlo.constant dense<0x7FF8000000000000> : tensor<4xf64>
// CHECK-NEXT: %[[R:.*]] = stablehlo.select %[[POLE]], %[[NAN]], %{{.*}} : tensor<4xi1>, tensor<4xf64>
// CHECK-NEXT: return %[[R]] : tensor<4xf64>
func.func @digamma_f64(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.digamma %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// cosh = e^(x - ln 2) + e^(-x - ln 2), which does not overflow before cosh.
// CHECK-LABEL: func.func @cosh
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[LN2:.*]] = stablehlo.constant dense<0.693147182> : tensor<4xf32>
// CHECK-NEXT: %[[A:.*]] = stablehlo.subtract %[[X]], %[[LN2]] : tensor<4xf32>
// CHECK-NEXT: %[[EA:.*]] = stablehlo.exponential %[[A]] : tensor<4xf32>
// CHECK-NEXT: %[[N:.*]] = stablehlo.negate %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.subtract %[[N]], %[[LN2]] : tensor<4xf32>
// CHECK-NEXT: %[[EB:.*]] = stablehlo.exponential %[[B]] : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.add %[[EA]], %[[EB]] : tensor<4xf32>
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
func.func @cosh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.cosh %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// sinh: the difference of the same exponentials for |x| >= 1, and
// (e + e/(e + 1))/2 with e = expm1(x) below.
// CHECK-LABEL: func.func @sinh
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[UP:.*]] = stablehlo.exponential %{{.*}} : tensor<4xf32>
// CHECK: %[[DOWN:.*]] = stablehlo.exponential %{{.*}} : tensor<4xf32>
// CHECK-NEXT: %[[LARGE:.*]] = stablehlo.subtract %[[UP]], %[[DOWN]] : tensor<4xf32>
// CHECK-NEXT: %[[E:.*]] = stablehlo.exponential_minus_one %[[X]] : tensor<4xf32>
// CHECK: %[[SMALL:.*]] = stablehlo.multiply %{{.*}}, %{{.*}} : tensor<4xf32>
// CHECK-NEXT: %[[ABS:.*]] = stablehlo.abs %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[LT:.*]] = stablehlo.compare LT, %[[ABS]], %[[ONE]], FLOAT
// CHECK-NEXT: %[[R:.*]] = stablehlo.select %[[LT]], %[[SMALL]], %[[LARGE]] : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
func.func @sinh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// asin = 2 atan2(x, 1 + sqrt(1 - x²)); acos = 2 atan2(sqrt(1 - x²), 1 + x)
// with pi at -1; atan = atan2(x, 1).
// CHECK-LABEL: func.func @inverse_trig
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[ROOT:.*]] = stablehlo.sqrt %{{.*}} : tensor<4xf32>
// CHECK: %[[DEN:.*]] = stablehlo.add %{{.*}}, %[[ROOT]] : tensor<4xf32>
// CHECK-NEXT: %[[AT:.*]] = stablehlo.atan2 %[[X]], %[[DEN]] : tensor<4xf32>
// CHECK-NEXT: %[[ASIN:.*]] = stablehlo.multiply %{{.*}}, %[[AT]] : tensor<4xf32>
// CHECK: %[[ROOT2:.*]] = stablehlo.sqrt %{{.*}} : tensor<4xf32>
// CHECK: %[[ONEPX:.*]] = stablehlo.add %{{.*}}, %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[AT2:.*]] = stablehlo.atan2 %[[ROOT2]], %[[ONEPX]] : tensor<4xf32>
// CHECK: %[[M1:.*]] = stablehlo.constant dense<-1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[ISM1:.*]] = stablehlo.compare EQ, %[[X]], %[[M1]], FLOAT
// CHECK-NEXT: %[[PI:.*]] = stablehlo.constant dense<3.14159274> : tensor<4xf32>
// CHECK-NEXT: %[[ACOS:.*]] = stablehlo.select %[[ISM1]], %[[PI]], %{{.*}} : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[ATAN:.*]] = stablehlo.atan2 %[[X]], %[[ONE]] : tensor<4xf32>
// CHECK-NEXT: return %[[ASIN]], %[[ACOS]], %[[ATAN]]
func.func @inverse_trig(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = chlo.asin %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.acos %x : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.atan %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// asinh/acosh/atanh on bf16 are computed in f32: log1p for asinh and atanh,
// log(x) + ln 2 past 1e10 for asinh and acosh.
// CHECK-LABEL: func.func @inverse_hyperbolic_bf16
// CHECK-SAME: (%[[X:.*]]: tensor<4xbf16>)
// CHECK-NEXT: stablehlo.convert %[[X]] : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: stablehlo.constant dense<1.000000e+10> : tensor<4xf32>
// CHECK: stablehlo.log_plus_one
// CHECK: %[[ASINH:.*]] = stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK-NEXT: stablehlo.convert %[[X]] : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK-NOT: stablehlo.log_plus_one
// CHECK: %[[ACOSH:.*]] = stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK-NEXT: stablehlo.convert %[[X]] : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: stablehlo.log_plus_one
// CHECK: %[[ATANH:.*]] = stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK-NEXT: return %[[ASINH]], %[[ACOSH]], %[[ATANH]]
func.func @inverse_hyperbolic_bf16(%x: tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>) {
  %0 = chlo.asinh %x : tensor<4xbf16> -> tensor<4xbf16>
  %1 = chlo.acosh %x : tensor<4xbf16> -> tensor<4xbf16>
  %2 = chlo.atanh %x : tensor<4xbf16> -> tensor<4xbf16>
  return %0, %1, %2 : tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>
}

// conj negates the imaginary part of a complex and is the identity on reals;
// tan is stablehlo.tan.
// CHECK-LABEL: func.func @conj_tan
// CHECK-SAME: (%[[C:.*]]: tensor<4xcomplex<f32>>, %[[F:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[RE:.*]] = stablehlo.real %[[C]] : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// CHECK-NEXT: %[[IM:.*]] = stablehlo.imag %[[C]] : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// CHECK-NEXT: %[[NEG:.*]] = stablehlo.negate %[[IM]] : tensor<4xf32>
// CHECK-NEXT: %[[CONJ:.*]] = stablehlo.complex %[[RE]], %[[NEG]] : tensor<4xcomplex<f32>>
// CHECK-NEXT: %[[TAN:.*]] = stablehlo.tan %[[F]] : tensor<4xf32>
// CHECK-NEXT: return %[[CONJ]], %[[F]], %[[TAN]]
func.func @conj_tan(%c: tensor<4xcomplex<f32>>, %f: tensor<4xf32>) -> (tensor<4xcomplex<f32>>, tensor<4xf32>, tensor<4xf32>) {
  %0 = chlo.conj %c : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %1 = chlo.conj %f : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.tan %f : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xcomplex<f32>>, tensor<4xf32>, tensor<4xf32>
}

// StableHLO ops around CHLO ones are left alone.
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT: %[[A:.*]] = stablehlo.add
// CHECK-NEXT: %[[S:.*]] = stablehlo.multiply %[[A]], %[[A]]
// CHECK-NEXT: %[[N:.*]] = stablehlo.negate %[[S]]
// CHECK-NEXT: return %[[N]]
func.func @mixed(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  %1 = chlo.square %0 : tensor<4xf32> -> tensor<4xf32>
  %2 = stablehlo.negate %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// ragged_dot (ragged non-contracting lhs dimension): the group ends are the
// cumulative sums of group_sizes (a lower triangle reduced by add), each
// lhs row is kept in the copy of its group only, and one dot_general
// contracts over k and the groups.
// CHECK-LABEL: func.func @ragged_dot
// CHECK-SAME: (%[[L:.*]]: tensor<6x4xf32>, %[[R:.*]]: tensor<3x4x5xf32>, %[[G:.*]]: tensor<3xi32>)
// CHECK: %[[SIZES:.*]] = stablehlo.broadcast_in_dim %[[G]], dims = [1] : (tensor<3xi32>) -> tensor<3x3xi32>
// CHECK: %[[ROW:.*]] = stablehlo.iota dim = 0 : tensor<3x3xi32>
// CHECK: %[[COL:.*]] = stablehlo.iota dim = 1 : tensor<3x3xi32>
// CHECK: %[[LOWER:.*]] = stablehlo.compare LE, %[[COL]], %[[ROW]]
// CHECK: %[[TRI:.*]] = stablehlo.select %[[LOWER]], %[[SIZES]]
// CHECK: %[[ENDS:.*]] = stablehlo.reduce(%[[TRI]] init: %{{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<3x3xi32>, tensor<i32>) -> tensor<3xi32>
// CHECK: %[[STARTS:.*]] = stablehlo.subtract %[[ENDS]], %[[G]] : tensor<3xi32>
// CHECK: stablehlo.iota dim = 1 : tensor<3x6x4xi32>
// CHECK: %[[MASK:.*]] = stablehlo.and
// CHECK: %[[LB:.*]] = stablehlo.broadcast_in_dim %[[L]], dims = [1, 2] : (tensor<6x4xf32>) -> tensor<3x6x4xf32>
// CHECK: %[[MASKED:.*]] = stablehlo.select %[[MASK]], %[[LB]], %{{.*}} : tensor<3x6x4xi1>, tensor<3x6x4xf32>
// CHECK: %[[OUT:.*]] = stablehlo.dot_general %[[MASKED]], %[[R]], contracting_dims = [2, 0] x [1, 0] : (tensor<3x6x4xf32>, tensor<3x4x5xf32>) -> tensor<6x5xf32>
// CHECK: return %[[OUT]]
func.func @ragged_dot(%arg0: tensor<6x4xf32>, %arg1: tensor<3x4x5xf32>, %arg2: tensor<3xi32>) -> tensor<6x5xf32> {
  %0 = "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// With batch dimensions (shifted past the group dimension) and a result
// type other than the operands' (the operands are converted first).
// CHECK-LABEL: func.func @ragged_dot_batched
// CHECK: stablehlo.convert %{{.*}} : (tensor<2x6x3xbf16>) -> tensor<2x6x3xf32>
// CHECK: stablehlo.convert %{{.*}} : (tensor<3x2x3x4xbf16>) -> tensor<3x2x3x4xf32>
// CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [1] x [1], contracting_dims = [3, 0] x [2, 0] : (tensor<3x2x6x3xf32>, tensor<3x2x3x4xf32>) -> tensor<2x6x4xf32>
func.func @ragged_dot_batched(%l: tensor<2x6x3xbf16>, %r: tensor<3x2x3x4xbf16>, %g: tensor<3xi64>) -> tensor<2x6x4xf32> {
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x6x3xbf16>, tensor<3x2x3x4xbf16>, tensor<3xi64>) -> tensor<2x6x4xf32>
  return %0 : tensor<2x6x4xf32>
}

// zeta and polygamma are computed in f64 (power, Bernoulli terms) and
// rounded once.
// CHECK-LABEL: func.func @zeta_polygamma
// CHECK: stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xf64>
// CHECK: stablehlo.power {{.*}} : tensor<4xf64>
// CHECK: stablehlo.convert %{{.*}} : (tensor<4xf64>) -> tensor<4xf32>
// CHECK: stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xf64>
// CHECK: stablehlo.convert %{{.*}} : (tensor<4xf64>) -> tensor<4xf32>
func.func @zeta_polygamma(%x: tensor<4xf32>, %q: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.polygamma %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
