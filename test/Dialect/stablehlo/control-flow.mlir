// Round trip of the control-flow ops: while (custom form, as JAX prints it),
// if and case (generic form, as JAX prints them), optimization_barrier.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// A while without loop values: `()` and no type list.
// CHECK-LABEL: func.func @while_no_values
func.func @while_no_values() {
  // CHECK: stablehlo.while()
  // CHECK-NEXT: cond {
  // CHECK-NEXT: %[[P:.*]] = stablehlo.constant dense<false> : tensor<i1>
  // CHECK-NEXT: stablehlo.return %[[P]] : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: stablehlo.return{{ *$}}
  // CHECK-NEXT: }
  stablehlo.while()
  cond {
    %p = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return
  }
  return
}

// CHECK-LABEL: func.func @while_one_value
// CHECK-SAME: (%[[X:.*]]: tensor<i32>)
func.func @while_one_value(%x: tensor<i32>) -> tensor<i32> {
  // CHECK: %[[R:.*]] = stablehlo.while(%[[I:.*]] = %[[X]]) : tensor<i32>
  // CHECK-NEXT: cond {
  // CHECK-NEXT: %[[TEN:.*]] = stablehlo.constant dense<10> : tensor<i32>
  // CHECK-NEXT: %[[LT:.*]] = stablehlo.compare LT, %[[I]], %[[TEN]], SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // CHECK-NEXT: stablehlo.return %[[LT]] : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<i32>
  // CHECK-NEXT: %[[N:.*]] = stablehlo.add %[[I]], %[[ONE]] : tensor<i32>
  // CHECK-NEXT: stablehlo.return %[[N]] : tensor<i32>
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[R]] : tensor<i32>
  %0 = stablehlo.while(%iterArg = %x) : tensor<i32>
  cond {
    %c = stablehlo.constant dense<10> : tensor<i32>
    %1 = stablehlo.compare LT, %iterArg, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %iterArg, %c : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }
  return %0 : tensor<i32>
}

// Several loop values of different types, as in JAX's fori_loop.
// CHECK-LABEL: func.func @while_several_values
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
func.func @while_several_values(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: %[[Z0:.*]] = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: %[[Z1:.*]] = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: %[[R:.*]]:3 = stablehlo.while(%[[I:.*]] = %[[Z1]], %[[J:.*]] = %[[Z0]], %[[A:.*]] = %[[X]]) : tensor<i32>, tensor<i32>, tensor<4xf32>
  // CHECK-NEXT: cond {
  // CHECK-NEXT: stablehlo.constant dense<10> : tensor<i32>
  // CHECK-NEXT: %[[LT:.*]] = stablehlo.compare LT, %[[I]], %{{.*}}, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // CHECK-NEXT: stablehlo.return %[[LT]] : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<i32>
  // CHECK-NEXT: %[[I1:.*]] = stablehlo.add %[[I]], %[[ONE]] : tensor<i32>
  // CHECK-NEXT: %[[J1:.*]] = stablehlo.add %[[J]], %[[ONE]] : tensor<i32>
  // CHECK-NEXT: %[[F:.*]] = stablehlo.convert %[[J]] : (tensor<i32>) -> tensor<f32>
  // CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %[[F]], dims = [] : (tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT: %[[A1:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<4xf32>
  // CHECK-NEXT: stablehlo.return %[[I1]], %[[J1]], %[[A1]] : tensor<i32>, tensor<i32>, tensor<4xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[R]]#2 : tensor<4xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%iterArg = %c_0, %iterArg_1 = %c, %iterArg_2 = %arg0) : tensor<i32>, tensor<i32>, tensor<4xf32>
  cond {
    %c_3 = stablehlo.constant dense<10> : tensor<i32>
    %1 = stablehlo.compare LT, %iterArg, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %iterArg, %c_3 : tensor<i32>
    %2 = stablehlo.add %iterArg_1, %c_3 : tensor<i32>
    %3 = stablehlo.convert %iterArg_1 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.add %iterArg_2, %4 : tensor<4xf32>
    stablehlo.return %1, %2, %5 : tensor<i32>, tensor<i32>, tensor<4xf32>
  }
  return %0#2 : tensor<4xf32>
}

// A while in the body of another; the inner loop reads the outer loop value.
// CHECK-LABEL: func.func @while_nested
// CHECK-SAME: (%[[X:.*]]: tensor<i32>, %[[V:.*]]: tensor<3xf32>)
func.func @while_nested(%x: tensor<i32>, %v: tensor<3xf32>) -> (tensor<i32>, tensor<3xf32>) {
  // CHECK: %[[R:.*]]:2 = stablehlo.while(%[[I:.*]] = %[[X]], %[[A:.*]] = %[[V]]) : tensor<i32>, tensor<3xf32>
  // CHECK-NEXT: cond {
  // CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<3> : tensor<i32>
  // CHECK-NEXT: %[[P:.*]] = stablehlo.compare LT, %[[I]], %[[C]], SIGNED
  // CHECK-NEXT: stablehlo.return %[[P]] : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: %[[INNER:.*]]:2 = stablehlo.while(%[[K:.*]] = %[[I]], %[[B:.*]] = %[[A]]) : tensor<i32>, tensor<3xf32>
  // CHECK-NEXT: cond {
  // CHECK-NEXT: %[[Q:.*]] = stablehlo.compare GT, %[[K]], %[[I]], SIGNED
  // CHECK-NEXT: stablehlo.return %[[Q]] : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: %[[B2:.*]] = stablehlo.add %[[B]], %[[A]] : tensor<3xf32>
  // CHECK-NEXT: stablehlo.return %[[K]], %[[B2]] : tensor<i32>, tensor<3xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<i32>
  // CHECK-NEXT: %[[I2:.*]] = stablehlo.add %[[I]], %[[ONE]] : tensor<i32>
  // CHECK-NEXT: stablehlo.return %[[I2]], %[[INNER]]#1 : tensor<i32>, tensor<3xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1 : tensor<i32>, tensor<3xf32>
  %0:2 = stablehlo.while(%i = %x, %a = %v) : tensor<i32>, tensor<3xf32>
  cond {
    %c = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %1:2 = stablehlo.while(%k = %i, %b = %a) : tensor<i32>, tensor<3xf32>
    cond {
      %q = stablehlo.compare GT, %k, %i, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %b2 = stablehlo.add %b, %a : tensor<3xf32>
      stablehlo.return %k, %b2 : tensor<i32>, tensor<3xf32>
    }
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2, %1#1 : tensor<i32>, tensor<3xf32>
  }
  return %0#0, %0#1 : tensor<i32>, tensor<3xf32>
}

// Discardable attributes go after the types, with `attributes`.
// CHECK-LABEL: func.func @while_attributes
func.func @while_attributes(%x: tensor<i32>) -> tensor<i32> {
  // CHECK: stablehlo.while(%[[I:.*]] = %{{.*}}) : tensor<i32> attributes {mhlo.frontend_attributes = {a = "b"}}
  // CHECK-NEXT: cond {
  %0 = stablehlo.while(%i = %x) : tensor<i32> attributes {mhlo.frontend_attributes = {a = "b"}}
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %i : tensor<i32>
  }
  return %0 : tensor<i32>
}

// The generic form of while reads back into the custom form.
// CHECK-LABEL: func.func @while_generic
func.func @while_generic(%x: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: %[[R:.*]] = stablehlo.while(%[[A:.*]] = %{{.*}}) : tensor<2xf32>
  // CHECK-NEXT: cond {
  // CHECK-NEXT: %[[T:.*]] = stablehlo.constant dense<false> : tensor<i1>
  // CHECK-NEXT: stablehlo.return %[[T]] : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: %[[N:.*]] = stablehlo.negate %[[A]] : tensor<2xf32>
  // CHECK-NEXT: stablehlo.return %[[N]] : tensor<2xf32>
  // CHECK-NEXT: }
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<2xf32>):
    %t = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
    "stablehlo.return"(%t) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<2xf32>):
    %n = "stablehlo.negate"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    "stablehlo.return"(%n) : (tensor<2xf32>) -> ()
  }) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @if
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<3xi32>)
func.func @if(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<3xi32>) -> (tensor<f32>, tensor<3xi32>) {
  // CHECK: %[[R:.*]]:2 = "stablehlo.if"(%[[P]]) ({
  // CHECK-NEXT: stablehlo.return %[[A]], %[[B]] : tensor<f32>, tensor<3xi32>
  // CHECK-NEXT: }, {
  // CHECK-NEXT: %[[N:.*]] = stablehlo.negate %[[A]] : tensor<f32>
  // CHECK-NEXT: %[[M:.*]] = stablehlo.negate %[[B]] : tensor<3xi32>
  // CHECK-NEXT: stablehlo.return %[[N]], %[[M]] : tensor<f32>, tensor<3xi32>
  // CHECK-NEXT: }) : (tensor<i1>) -> (tensor<f32>, tensor<3xi32>)
  %0:2 = "stablehlo.if"(%p) ({
    stablehlo.return %a, %b : tensor<f32>, tensor<3xi32>
  }, {
    %n = stablehlo.negate %a : tensor<f32>
    %m = stablehlo.negate %b : tensor<3xi32>
    stablehlo.return %n, %m : tensor<f32>, tensor<3xi32>
  }) : (tensor<i1>) -> (tensor<f32>, tensor<3xi32>)
  return %0#0, %0#1 : tensor<f32>, tensor<3xi32>
}

// An if without results.
// CHECK-LABEL: func.func @if_no_results
func.func @if_no_results(%p: tensor<i1>) {
  // CHECK: "stablehlo.if"(%{{.*}}) ({
  // CHECK-NEXT: stablehlo.return{{ *$}}
  // CHECK-NEXT: }, {
  // CHECK-NEXT: stablehlo.return{{ *$}}
  // CHECK-NEXT: }) : (tensor<i1>) -> ()
  "stablehlo.if"(%p) ({
    stablehlo.return
  }, {
    stablehlo.return
  }) : (tensor<i1>) -> ()
  return
}

// A single branch: case always runs it.
// CHECK-LABEL: func.func @case_one_branch
// CHECK-SAME: (%[[I:.*]]: tensor<i32>, %[[X:.*]]: tensor<2xf32>)
func.func @case_one_branch(%i: tensor<i32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: %[[R:.*]] = "stablehlo.case"(%[[I]]) ({
  // CHECK-NEXT: stablehlo.return %[[X]] : tensor<2xf32>
  // CHECK-NEXT: }) : (tensor<i32>) -> tensor<2xf32>
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Three branches, as jax.lax.switch prints them.
// CHECK-LABEL: func.func @case_three_branches
// CHECK-SAME: (%[[ARG0:.*]]: tensor<i32>, %[[ARG1:.*]]: tensor<5xf32>)
func.func @case_three_branches(%arg0: tensor<i32>, %arg1: tensor<5xf32>) -> tensor<5xf32> {
  // CHECK: %[[CL:.*]] = stablehlo.clamp %{{.*}}, %[[ARG0]], %{{.*}} : tensor<i32>
  // CHECK-NEXT: %[[R:.*]] = "stablehlo.case"(%[[CL]]) ({
  // CHECK-NEXT: %[[C2:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<f32>
  // CHECK-NEXT: %[[B2:.*]] = stablehlo.broadcast_in_dim %[[C2]], dims = [] : (tensor<f32>) -> tensor<5xf32>
  // CHECK-NEXT: %[[M:.*]] = stablehlo.multiply %[[ARG1]], %[[B2]] : tensor<5xf32>
  // CHECK-NEXT: stablehlo.return %[[M]] : tensor<5xf32>
  // CHECK-NEXT: }, {
  // CHECK-NEXT: %[[S:.*]] = stablehlo.sine %[[ARG1]] : tensor<5xf32>
  // CHECK-NEXT: stablehlo.return %[[S]] : tensor<5xf32>
  // CHECK-NEXT: }, {
  // CHECK-NEXT: %[[N:.*]] = stablehlo.negate %[[ARG1]] : tensor<5xf32>
  // CHECK-NEXT: stablehlo.return %[[N]] : tensor<5xf32>
  // CHECK-NEXT: }) : (tensor<i32>) -> tensor<5xf32>
  // CHECK-NEXT: return %[[R]] : tensor<5xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.clamp %c, %arg0, %c_0 : tensor<i32>
  %1 = "stablehlo.case"(%0) ({
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %3 = stablehlo.multiply %arg1, %2 : tensor<5xf32>
    stablehlo.return %3 : tensor<5xf32>
  }, {
    %2 = stablehlo.sine %arg1 : tensor<5xf32>
    stablehlo.return %2 : tensor<5xf32>
  }, {
    %2 = stablehlo.negate %arg1 : tensor<5xf32>
    stablehlo.return %2 : tensor<5xf32>
  }) : (tensor<i32>) -> tensor<5xf32>
  return %1 : tensor<5xf32>
}

// A case inside a while body, using the loop value.
// CHECK-LABEL: func.func @case_in_while
func.func @case_in_while(%x: tensor<i32>) -> tensor<i32> {
  // CHECK: stablehlo.while(%[[I:.*]] = %{{.*}}) : tensor<i32>
  // CHECK: } do {
  // CHECK-NEXT: %[[C:.*]] = "stablehlo.case"(%[[I]]) ({
  // CHECK-NEXT: stablehlo.return %[[I]] : tensor<i32>
  // CHECK-NEXT: }, {
  // CHECK-NEXT: stablehlo.negate %[[I]] : tensor<i32>
  // CHECK: }) : (tensor<i32>) -> tensor<i32>
  // CHECK-NEXT: stablehlo.return %[[C]] : tensor<i32>
  %0 = stablehlo.while(%i = %x) : tensor<i32>
  cond {
    %f = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %f : tensor<i1>
  } do {
    %c = "stablehlo.case"(%i) ({
      stablehlo.return %i : tensor<i32>
    }, {
      %n = stablehlo.negate %i : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    stablehlo.return %c : tensor<i32>
  }
  return %0 : tensor<i32>
}

// CHECK-LABEL: func.func @optimization_barrier
// CHECK-SAME: (%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<2x2xi32>)
func.func @optimization_barrier(%a: tensor<f32>, %b: tensor<4xf32>, %c: tensor<2x2xi32>)
    -> (tensor<f32>, tensor<4xf32>, tensor<2x2xi32>, tensor<f32>) {
  // CHECK: %[[R:.*]]:3 = stablehlo.optimization_barrier %[[A]], %[[B]], %[[C]] : tensor<f32>, tensor<4xf32>, tensor<2x2xi32>
  %0:3 = stablehlo.optimization_barrier %a, %b, %c : tensor<f32>, tensor<4xf32>, tensor<2x2xi32>
  // CHECK: %[[S:.*]] = stablehlo.optimization_barrier %[[A]] : tensor<f32>
  %1 = stablehlo.optimization_barrier %a : tensor<f32>
  // CHECK: stablehlo.optimization_barrier ()
  stablehlo.optimization_barrier ()
  // CHECK: stablehlo.optimization_barrier %[[B]] {some.tag = 1 : i32} : tensor<4xf32>
  %2 = stablehlo.optimization_barrier %b {some.tag = 1 : i32} : tensor<4xf32>
  // CHECK: stablehlo.optimization_barrier %[[C]] : tensor<2x2xi32>
  %3 = "stablehlo.optimization_barrier"(%c) : (tensor<2x2xi32>) -> tensor<2x2xi32>
  // CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[S]]
  return %0#0, %0#1, %0#2, %1 : tensor<f32>, tensor<4xf32>, tensor<2x2xi32>, tensor<f32>
}
