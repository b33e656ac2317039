// Round trip of reduce_window, select_and_scatter and sort (generic form, as
// JAX prints them).
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// cumsum as JAX prints it: every window attribute present.
// CHECK-LABEL: func.func @reduce_window_cumsum
// CHECK-SAME: (%[[X:.*]]: tensor<3x6xf32>)
func.func @reduce_window_cumsum(%arg0: tensor<3x6xf32>) -> tensor<3x6xf32> {
  // CHECK: %[[Z:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  // CHECK-NEXT: %[[R:.*]] = "stablehlo.reduce_window"(%[[X]], %[[Z]]) <{base_dilations = array<i64: 1, 1>, padding = dense<{{\[\[}}0, 0], [5, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 6>, window_strides = array<i64: 1, 1>}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
  // CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<f32>
  // CHECK-NEXT: stablehlo.return %[[S]] : tensor<f32>
  // CHECK-NEXT: }) : (tensor<3x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  // CHECK-NEXT: return %[[R]]
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [5, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 6>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<3x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// Max pooling with strides and a splat padding, as in JAX's CNN examples.
// CHECK-LABEL: func.func @reduce_window_max_pool
func.func @reduce_window_max_pool(%x: tensor<2x4x4x3xf32>, %init: tensor<f32>) -> tensor<2x2x2x3xf32> {
  // CHECK: "stablehlo.reduce_window"(%{{.*}}, %{{.*}}) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
  // CHECK-NEXT: %[[M:.*]] = stablehlo.maximum %[[A]], %[[B]] : tensor<f32>
  // CHECK-NEXT: stablehlo.return %[[M]] : tensor<f32>
  // CHECK-NEXT: }) : (tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x2x2x3xf32>
  %0 = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x2x2x3xf32>
  return %0 : tensor<2x2x2x3xf32>
}

// Only window_dimensions: the other attributes stay absent.
// CHECK-LABEL: func.func @reduce_window_minimal
func.func @reduce_window_minimal(%x: tensor<5xi32>, %init: tensor<i32>) -> tensor<3xi32> {
  // CHECK: "stablehlo.reduce_window"(%{{.*}}, %{{.*}}) <{window_dimensions = array<i64: 3>}> ({
  // CHECK: }) : (tensor<5xi32>, tensor<i32>) -> tensor<3xi32>
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 3>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %m = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %m : tensor<i32>
  }) : (tensor<5xi32>, tensor<i32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// Base dilation (7 -> 13 elements), padding 2 + 1 (16), a window of 3 with
// dilation 2 (span 5) and stride 3: (16 - 5) / 3 + 1 = 4 windows; the other
// dimension has negative padding: 6 - 1 - 1 = 4, window 2, stride 1: 3.
// CHECK-LABEL: func.func @reduce_window_dilations
func.func @reduce_window_dilations(%x: tensor<7x6xf32>, %init: tensor<f32>) -> tensor<4x3xf32> {
  // CHECK: "stablehlo.reduce_window"(%{{.*}}, %{{.*}}) <{base_dilations = array<i64: 2, 1>, padding = dense<{{\[\[}}2, 1], [-1, -1]]> : tensor<2x2xi64>, window_dilations = array<i64: 2, 1>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 3, 1>}> ({
  // CHECK: }) : (tensor<7x6xf32>, tensor<f32>) -> tensor<4x3xf32>
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 3, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [-1, -1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.minimum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<7x6xf32>, tensor<f32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// Two inputs reduced together (argmax over windows); the body takes
// (acc0, acc1, x0, x1).
// CHECK-LABEL: func.func @reduce_window_variadic
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>, %[[I:.*]]: tensor<8xi32>, %[[XI:.*]]: tensor<f32>, %[[II:.*]]: tensor<i32>)
func.func @reduce_window_variadic(%x: tensor<8xf32>, %i: tensor<8xi32>, %xi: tensor<f32>, %ii: tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // CHECK: %[[R:.*]]:2 = "stablehlo.reduce_window"(%[[X]], %[[I]], %[[XI]], %[[II]]) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<i32>, %[[C:.*]]: tensor<f32>, %[[D:.*]]: tensor<i32>):
  // CHECK-NEXT: %[[GT:.*]] = stablehlo.compare GT, %[[C]], %[[A]], FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  // CHECK-NEXT: %[[M:.*]] = stablehlo.select %[[GT]], %[[C]], %[[A]] : tensor<i1>, tensor<f32>
  // CHECK-NEXT: %[[K:.*]] = stablehlo.select %[[GT]], %[[D]], %[[B]] : tensor<i1>, tensor<i32>
  // CHECK-NEXT: stablehlo.return %[[M]], %[[K]] : tensor<f32>, tensor<i32>
  // CHECK-NEXT: }) : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1
  %0:2 = "stablehlo.reduce_window"(%x, %i, %xi, %ii) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %gt = stablehlo.compare GT, %c, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %m = stablehlo.select %gt, %c, %a : tensor<i1>, tensor<f32>
    %k = stablehlo.select %gt, %d, %b : tensor<i1>, tensor<i32>
    stablehlo.return %m, %k : tensor<f32>, tensor<i32>
  }) : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// The gradient of max pooling, as JAX prints it.
// CHECK-LABEL: func.func @select_and_scatter
// CHECK-SAME: (%[[X:.*]]: tensor<2x6x6x4xf32>, %[[S:.*]]: tensor<2x3x3x4xf32>)
func.func @select_and_scatter(%x: tensor<2x6x6x4xf32>, %s: tensor<2x3x3x4xf32>) -> tensor<2x6x6x4xf32> {
  // CHECK: %[[Z:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  // CHECK-NEXT: %[[R:.*]] = "stablehlo.select_and_scatter"(%[[X]], %[[S]], %[[Z]]) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
  // CHECK-NEXT: %[[GE:.*]] = stablehlo.compare GE, %[[A]], %[[B]], FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  // CHECK-NEXT: stablehlo.return %[[GE]] : tensor<i1>
  // CHECK-NEXT: }, {
  // CHECK-NEXT: ^bb0(%[[C:.*]]: tensor<f32>, %[[D:.*]]: tensor<f32>):
  // CHECK-NEXT: %[[SUM:.*]] = stablehlo.add %[[C]], %[[D]] : tensor<f32>
  // CHECK-NEXT: stablehlo.return %[[SUM]] : tensor<f32>
  // CHECK-NEXT: }) : (tensor<2x6x6x4xf32>, tensor<2x3x3x4xf32>, tensor<f32>) -> tensor<2x6x6x4xf32>
  // CHECK-NEXT: return %[[R]]
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%x, %s, %cst) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
    %1 = stablehlo.compare GE, %arg5, %arg6, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }, {
  ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
    %1 = stablehlo.add %arg5, %arg6 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<2x6x6x4xf32>, tensor<2x3x3x4xf32>, tensor<f32>) -> tensor<2x6x6x4xf32>
  return %0 : tensor<2x6x6x4xf32>
}

// Padding (5 + 1 = 6, window 3, stride 3: 2 windows) and no window_dimensions
// or strides attributes at all (windows of 1).
// CHECK-LABEL: func.func @select_and_scatter_padding
func.func @select_and_scatter_padding(%x: tensor<5xi32>, %s: tensor<2xi32>, %t: tensor<5xi32>, %init: tensor<i32>) -> (tensor<5xi32>, tensor<5xi32>) {
  // CHECK: "stablehlo.select_and_scatter"(%{{.*}}, %{{.*}}, %{{.*}}) <{padding = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3>, window_strides = array<i64: 3>}> ({
  // CHECK: }) : (tensor<5xi32>, tensor<2xi32>, tensor<i32>) -> tensor<5xi32>
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 3>, window_strides = array<i64: 3>, padding = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %q = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %q : tensor<i32>
  }) : (tensor<5xi32>, tensor<2xi32>, tensor<i32>) -> tensor<5xi32>
  // CHECK: "stablehlo.select_and_scatter"(%{{.*}}, %{{.*}}, %{{.*}}) ({
  // CHECK: }) : (tensor<5xi32>, tensor<5xi32>, tensor<i32>) -> tensor<5xi32>
  %1 = "stablehlo.select_and_scatter"(%x, %t, %init) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %q = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %q : tensor<i32>
  }) : (tensor<5xi32>, tensor<5xi32>, tensor<i32>) -> tensor<5xi32>
  return %0, %1 : tensor<5xi32>, tensor<5xi32>
}

// jnp.sort along the last dimension, as JAX prints it.
// CHECK-LABEL: func.func @sort_single
// CHECK-SAME: (%[[X:.*]]: tensor<3x6xf32>)
func.func @sort_single(%arg0: tensor<3x6xf32>) -> tensor<3x6xf32> {
  // CHECK: %[[R:.*]] = "stablehlo.sort"(%[[X]]) <{dimension = 1 : i64, is_stable = true}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
  // CHECK-NEXT: %[[LT:.*]] = stablehlo.compare LT, %[[A]], %[[B]], TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  // CHECK-NEXT: stablehlo.return %[[LT]] : tensor<i1>
  // CHECK-NEXT: }) : (tensor<3x6xf32>) -> tensor<3x6xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %1 = stablehlo.compare LT, %arg1, %arg2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<3x6xf32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// argsort: keys and an iota sorted together; the comparator takes
// (lhs0, rhs0, lhs1, rhs1).
// CHECK-LABEL: func.func @sort_variadic
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>)
func.func @sort_variadic(%arg0: tensor<8xf32>) -> tensor<8xi32> {
  // CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 0 : tensor<8xi32>
  // CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.sort"(%[[X]], %[[IOTA]]) <{dimension = 0 : i64, is_stable = true}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
  // CHECK-NEXT: %[[LT:.*]] = stablehlo.compare LT, %[[A]], %[[B]], TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  // CHECK-NEXT: stablehlo.return %[[LT]] : tensor<i1>
  // CHECK-NEXT: }) : (tensor<8xf32>, tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  // CHECK-NEXT: return %[[R]]#1
  %0 = stablehlo.iota dim = 0 : tensor<8xi32>
  %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
    %2 = stablehlo.compare LT, %arg1, %arg2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  }) : (tensor<8xf32>, tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  return %1#1 : tensor<8xi32>
}

// A negative dimension counts from the end; without attributes the defaults
// (dimension = -1, is_stable = false) are printed.
// CHECK-LABEL: func.func @sort_negative_dimension
func.func @sort_negative_dimension(%x: tensor<2x3x4xi32>) -> (tensor<2x3x4xi32>, tensor<2x3x4xi32>) {
  // CHECK: "stablehlo.sort"(%{{.*}}) <{dimension = -2 : i64, is_stable = false}> ({
  // CHECK: }) : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  %0 = "stablehlo.sort"(%x) <{dimension = -2 : i64, is_stable = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  // CHECK: "stablehlo.sort"(%{{.*}}) <{dimension = -1 : i64, is_stable = false}> ({
  // CHECK: }) : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  %1 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  return %0, %1 : tensor<2x3x4xi32>, tensor<2x3x4xi32>
}
