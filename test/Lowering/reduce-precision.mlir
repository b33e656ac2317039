// stablehlo.reduce_precision → an element-wise linalg.generic on the bits:
// round the mantissa to nearest even, then overflow to ±inf and flush to ±0
// by the reduced exponent range, and keep NaN inputs.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @e5m10
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[ABS:.*]] = arith.andi %[[BITS]], %c2147483647_i32 : i32
// CHECK: %[[NAN:.*]] = arith.cmpi ugt, %[[ABS]], %c2139095040_i32 : i32
// Rounding bias: the last kept mantissa bit (bit 13) plus 0xFFF.
// CHECK: %[[LAST:.*]] = arith.andi %[[BITS]], %c8192_i32 : i32
// CHECK: %[[LASTBIT:.*]] = arith.shrui %[[LAST]], %c13_i32 : i32
// CHECK: %[[BIAS:.*]] = arith.addi %[[LASTBIT]], %c4095_i32 : i32
// CHECK: %[[SUM:.*]] = arith.addi %[[BITS]], %[[BIAS]] : i32
// CHECK: %[[ROUNDED:.*]] = arith.andi %[[SUM]], %c-8192_i32 : i32
// Exponent range of e5: above 127 + 15 overflows, at or below 127 - 15 flushes.
// CHECK: %[[EXP:.*]] = arith.andi %[[ROUNDED]], %{{.*}} : i32
// CHECK: %[[OVER:.*]] = arith.cmpi ugt, %[[EXP]], %c1191182336_i32 : i32
// CHECK: %[[UNDER:.*]] = arith.cmpi ule, %[[EXP]], %c939524096_i32 : i32
// CHECK: %[[ZERO:.*]] = arith.andi %[[ROUNDED]], %c-2147483648_i32 : i32
// CHECK: %[[INF:.*]] = arith.ori %[[ZERO]], %{{.*}} : i32
// CHECK: %[[R1:.*]] = arith.select %[[OVER]], %[[INF]], %[[ROUNDED]] : i32
// CHECK: %[[R2:.*]] = arith.select %[[UNDER]], %[[ZERO]], %[[R1]] : i32
// CHECK: %[[F:.*]] = arith.bitcast %[[R2]] : i32 to f32
// CHECK: %[[R:.*]] = arith.select %[[NAN]], %[[X]], %[[F]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @e5m10(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = stablehlo.reduce_precision %x, format = e5m10 : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// bf16's format keeps f32's exponent: only the rounding step.
// CHECK-LABEL: func.func @e8m7
// CHECK: arith.andi %{{.*}}, %c-65536_i32 : i32
// CHECK-NOT: arith.cmpi ule
// CHECK: linalg.yield
func.func @e8m7(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = stablehlo.reduce_precision %x, format = e8m7 : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// f64 works on i64 bits.
// CHECK-LABEL: func.func @f64_to_e8m23
// CHECK: arith.bitcast %{{.*}} : f64 to i64
// CHECK: arith.bitcast %{{.*}} : i64 to f64
func.func @f64_to_e8m23(%x: tensor<2xf64>) -> tensor<2xf64> {
  %r = stablehlo.reduce_precision %x, format = e8m23 : tensor<2xf64>
  return %r : tensor<2xf64>
}
