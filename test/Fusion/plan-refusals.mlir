// The fusion planner's refusals, one case per reason (the plan that
// `xla-opt --xla-plan-fusion` prints on stderr).
// RUN: xla-opt %s --split-input-file --xla-plan-fusion -o %t.mlir 2>&1 | FileCheck %s
// Size cap: a chain of 30 powers (~40 scalar ops each) is split so that no
// group exceeds 1024 estimated ops.
// RUN: python3 -c "n = 30; print('func.func @cap(%%a: tensor<4xf32>, %%b: tensor<4xf32>) -> tensor<4xf32> {'); print('\n'.join(f'  %%v{i} = stablehlo.power ' + ('%%a' if i == 0 else f'%%v{i-1}') + ', %%b : tensor<4xf32>' for i in range(n))); print(f'  return %%v{n-1} : tensor<4xf32>'); print('}')" > %t.cap.mlir
// RUN: xla-opt %t.cap.mlir --xla-plan-fusion -o %t.out.mlir 2>&1 | FileCheck %s --check-prefix=CAP
// CAP: fusion plan of @cap: 30 ops in 2 groups (2 fused)
// CAP: est. bytes: unfused {{[0-9]+}}, planned {{[0-9]+}}, realized {{[0-9]+}}; ~1000 scalar ops per element
// CAP: refused: power@{{[0-9]+}} -> power@{{[0-9]+}}: size cap

// An expensive producer (exp, ~20 scalar ops) with two uses stays
// materialized: recomputing it would cost more than the traffic saved.
// CHECK: fusion plan of @expensive:
// CHECK: refused: exponential@{{[0-9]+}} -> add@{{[0-9]+}}: shared producer not worth duplicating
// CHECK: refused: exponential@{{[0-9]+}} -> multiply@{{[0-9]+}}: shared producer not worth duplicating
func.func @expensive(%x: tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %e = stablehlo.exponential %x : tensor<4x16xf32>
  %0 = stablehlo.add %e, %x : tensor<4x16xf32>
  %1 = stablehlo.multiply %e, %x : tensor<4x16xf32>
  return %0, %1 : tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

// Incompatible iteration spaces: a contraction reads each operand element
// many times, so its element-wise producer is not recomputed inside it.
// CHECK: fusion plan of @contraction_operand:
// CHECK: refused: negate@{{[0-9]+}} -> dot_general@{{[0-9]+}}: incompatible iteration spaces
func.func @contraction_operand(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %n = stablehlo.negate %x : tensor<4x8xf32>
  %y = stablehlo.dot_general %n, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// -----

// Side effects or control flow: a custom call and a while loop keep their
// producers and consumers apart.
// CHECK: fusion plan of @side_effects:
// CHECK: refused: add@{{[0-9]+}} -> custom_call@{{[0-9]+}}: side effects or control flow
// CHECK: refused: custom_call@{{[0-9]+}} -> negate@{{[0-9]+}}: side effects or control flow
func.func @side_effects(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  %1 = stablehlo.custom_call @opaque(%0) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = stablehlo.negate %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// CHECK: fusion plan of @control_flow:
// CHECK: refused: add@{{[0-9]+}} -> while@{{[0-9]+}}: side effects or control flow
// The loop's body is planned on its own.
// CHECK: fusion plan of @control_flow (nested block):
func.func @control_flow(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %v = %0) : tensor<i32>, tensor<4xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %c1 : tensor<i32>
    %w = stablehlo.multiply %v, %v : tensor<4xf32>
    stablehlo.return %j, %w : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// -----

// Not a loop: a slice keeps its own loop.
// CHECK: fusion plan of @not_a_loop:
// CHECK: refused: add@{{[0-9]+}} -> slice@{{[0-9]+}}: not a loop-fusion candidate
func.func @not_a_loop(%x: tensor<16xf32>) -> tensor<8xf32> {
  %0 = stablehlo.add %x, %x : tensor<16xf32>
  %1 = stablehlo.slice %0 [0:8] : (tensor<16xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// The producer of a duplicated broadcast stays materialized (only the
// broadcast is recomputed in each consumer).
// CHECK: fusion plan of @producer_of_duplicate:
// CHECK: refused: reshape@{{[0-9]+}} -> broadcast_in_dim@{{[0-9]+}}: producer of a duplicated op
func.func @producer_of_duplicate(%x: tensor<4x16xf32>, %v: tensor<16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %r = stablehlo.reshape %v : (tensor<16xf32>) -> tensor<1x16xf32>
  %b = stablehlo.broadcast_in_dim %r, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<4x16xf32>
  %0 = stablehlo.add %x, %b : tensor<4x16xf32>
  %1 = stablehlo.multiply %x, %b : tensor<4x16xf32>
  return %0, %1 : tensor<4x16xf32>, tensor<4x16xf32>
}
