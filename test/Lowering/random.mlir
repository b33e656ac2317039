// rng_bit_generator and rng → all-parallel linalg.generics computing each
// element's bits from its position (Threefry-2x32, Philox-4x32 rounds of
// i32 arithmetic), and the new state.
// RUN: xla-opt %s --split-input-file --stablehlo-legalize-to-linalg | FileCheck %s

// THREE_FRY, 32-bit output of 4: counter state[1] + c / 2, output word c % 2,
// and the new state [key, state[1] + 2].
// CHECK-LABEL: func.func @three_fry
// CHECK-SAME: (%[[S:.*]]: tensor<2xi64>)
// CHECK: %[[BITS:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4xi32>)
// CHECK: %[[KEY:.*]] = tensor.extract %[[S]][%c0] : tensor<2xi64>
// CHECK: %[[C:.*]] = linalg.index 0 : index
// CHECK: %[[HALF:.*]] = arith.divui %[[C]], %c2 : index
// CHECK: %[[WORD:.*]] = arith.remui %[[C]], %c2{{.*}} : index
// CHECK: %[[COUNTER0:.*]] = tensor.extract %[[S]][%c1] : tensor<2xi64>
// CHECK: arith.addi %[[COUNTER0]], %{{.*}} : i64
// The parity constant 0x1BD11BDA and the first rotation (13).
// CHECK: arith.constant 466688986 : i32
// CHECK: arith.shli %{{.*}}, %c13_i32 : i32
// CHECK: arith.shrui %{{.*}}, %c19_i32 : i32
// CHECK: linalg.yield %{{.*}} : i32
// CHECK: %[[NEW:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2xi64>)
// CHECK: arith.addi %{{.*}}, %c2_i64 : i64
// CHECK: return %[[NEW]], %[[BITS]] : tensor<2xi64>, tensor<4xi32>
// CHECK-NOT: stablehlo.
func.func @three_fry(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>) {
  %n, %o = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  return %n, %o : tensor<2xui64>, tensor<4xui32>
}

// -----

// PHILOX with a three-word state: 128-bit counter (state[1], state[2]) + v
// with the carry, Philox multipliers, new state advanced by ceil(5 / 4) = 2.
// CHECK-LABEL: func.func @philox
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<5xi32>)
// CHECK: %[[V:.*]] = arith.divui %{{.*}}, %c4_i64 : i64
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %c4_i64{{.*}} : i64
// CHECK: %[[LOW:.*]] = arith.addi %{{.*}}, %[[V]] : i64
// CHECK: arith.cmpi ult, %[[LOW]], %{{.*}} : i64
// CHECK: arith.constant 3528531795 : i64
// CHECK: arith.constant 3449720151 : i64
// CHECK: arith.constant -1640531527 : i32
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3xi64>)
// CHECK: arith.constant 2 : i64
func.func @philox(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui32>) {
  %n, %o = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui32>)
  return %n, %o : tensor<3xui64>, tensor<5xui32>
}

// -----

// rng NORMAL: Threefry with the fixed key 42, then Box-Muller.
// CHECK-LABEL: func.func @normal
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3xf32>)
// CHECK: arith.constant 42 : i32
// CHECK: arith.uitofp %{{.*}} : i32 to f32
// CHECK: math.log
// CHECK: math.sqrt
// CHECK: math.cos
// CHECK: linalg.yield %{{.*}} : f32
func.func @normal(%a: tensor<f32>, %b: tensor<f32>) -> tensor<3xf32> {
  %shape = stablehlo.constant dense<[3]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}
