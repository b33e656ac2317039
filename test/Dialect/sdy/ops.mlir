// Every form of the sdy dialect parses, verifies and prints back as written
// (pretty and generic forms).
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: sdy.mesh @mesh = <["x"=2, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}]}}
sdy.mesh @mesh = <["x"=2, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}]}}
// CHECK: sdy.mesh @mesh_1d = <["i"=4]>
sdy.mesh @mesh_1d = <["i"=4]>
// CHECK: sdy.mesh @empty = <[]>
sdy.mesh @empty = <[]>
// CHECK: sdy.mesh @maximal = <[], device_ids=[3]>
sdy.mesh @maximal = <[], device_ids=[3]>
// CHECK: sdy.mesh @permuted = <["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>
sdy.mesh @permuted = <["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>
// CHECK: sdy.mesh @big = <["x"=4, "y"=2, "z"=2, "w"=2]>
sdy.mesh @big = <["x"=4, "y"=2, "z"=2, "w"=2]>

// GENERIC: "sdy.mesh"() <{mesh = #sdy.mesh<["x"=2, "y"=2]>, sym_name = "mesh"}>

// CHECK-LABEL: func.func @argument_shardings
// CHECK-SAME{LITERAL}: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>})
// CHECK-SAME{LITERAL}: -> (tensor<8x8xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>})
func.func @argument_shardings(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) -> (tensor<8x8xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  return %arg0 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @sharding_forms
func.func @sharding_forms(%a: tensor<16x8x4x2xf32>, %s: tensor<f32>) -> tensor<16x8x4x2xf32> {
  // CHECK{LITERAL}: sdy.sharding_constraint %arg0 <@big, [{"x"}, {"y", "z"}, {?}, {"w", ?}]> : tensor<16x8x4x2xf32>
  %0 = sdy.sharding_constraint %a <@big, [{"x"}, {"y", "z"}, {?}, {"w", ?}]> : tensor<16x8x4x2xf32>
  // Sub-axes, priorities, replicated and unreduced axes.
  // CHECK{LITERAL}: sdy.sharding_constraint %0 <@big, [{"x":(1)2}, {"x":(2)2, "y"}p0, {}p2, {?}p1], replicated={"z"}, unreduced={"w"}> : tensor<16x8x4x2xf32>
  %1 = sdy.sharding_constraint %0 <@big, [{"x":(1)2}, {"x":(2)2, "y"}p0, {}p2, {?}p1], replicated={"z"}, unreduced={"w"}> : tensor<16x8x4x2xf32>
  // CHECK{LITERAL}: sdy.sharding_constraint %1 <@big, [{}, {}, {}, {}], unreduced={"x", "y"}> : tensor<16x8x4x2xf32>
  %2 = sdy.sharding_constraint %1 <@big, [{}, {}, {}, {}], unreduced={"x", "y"}> : tensor<16x8x4x2xf32>
  // An inline mesh.
  // CHECK{LITERAL}: sdy.reshard %2 <mesh<["p"=2, "q"=4]>, [{"q"}, {"p"}, {}, {}]> : tensor<16x8x4x2xf32>
  %3 = sdy.reshard %2 <mesh<["p"=2, "q"=4]>, [{"q"}, {"p"}, {}, {}]> : tensor<16x8x4x2xf32>
  // Scalars; the maximal and empty meshes.
  // CHECK{LITERAL}: sdy.sharding_constraint %arg1 <@mesh, []> : tensor<f32>
  %4 = sdy.sharding_constraint %s <@mesh, []> : tensor<f32>
  // CHECK{LITERAL}: sdy.sharding_constraint %4 <@maximal, []> : tensor<f32>
  %5 = sdy.sharding_constraint %4 <@maximal, []> : tensor<f32>
  // CHECK{LITERAL}: sdy.sharding_constraint %5 <@empty, []> : tensor<f32>
  %6 = sdy.sharding_constraint %5 <@empty, []> : tensor<f32>
  // (an empty replicated list is not printed)
  // CHECK{LITERAL}: sdy.sharding_constraint %6 <@mesh, []> : tensor<f32>
  %7 = sdy.sharding_constraint %6 <@mesh, [], replicated={}> : tensor<f32>
  return %3 : tensor<16x8x4x2xf32>
}

// GENERIC: "sdy.sharding_constraint"(%{{.*}}) <{sharding = #sdy.sharding<@big, [{"x"}, {"y", "z"}, {?}, {"w", ?}]>}>

// CHECK-LABEL: func.func @per_value
func.func @per_value(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // CHECK{LITERAL}: stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
  %0 = stablehlo.add %a, %a {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
  // CHECK{LITERAL}: {sdy.sharding = #sdy.sharding_per_value<[<mesh<["a"=2]>, [{"a"}, {}]>, <@mesh, [{}, {"y"}], replicated={"x"}>]>}
  %1:2 = stablehlo.custom_call @two(%0) {sdy.sharding = #sdy.sharding_per_value<[<mesh<["a"=2]>, [{"a"}, {}]>, <@mesh, [{}, {"y"}], replicated={"x"}>]>} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>)
  // CHECK{LITERAL}: return {sdy.sharding = #sdy.sharding_per_value<[]>} %1#0
  return {sdy.sharding = #sdy.sharding_per_value<[]>} %1#0 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @sharding_rules
func.func @sharding_rules(%a: tensor<2x4xf32>, %b: tensor<4x8xf32>, %s: tensor<f32>) -> tensor<2x8xf32> {
  // CHECK{LITERAL}: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=2, j=4, k=8} reduction={j}>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=2, j=4, k=8} reduction={j}>} : (tensor<2x4xf32>, tensor<4x8xf32>) -> tensor<2x8xf32>
  // CHECK{LITERAL}: #sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4}>
  %1 = stablehlo.reshape %a {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<8xf32>
  // CHECK{LITERAL}: #sdy.op_sharding_rule<([], [])->([])>
  %2 = stablehlo.add %s, %s {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
  // CHECK{LITERAL}: #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=2, j=4, k=2, l=4}, custom>
  %3:2 = stablehlo.custom_call @foo(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=2, j=4, k=2, l=4}, custom>} : (tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<i32>)
  // CHECK{LITERAL}: #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4} reduction={i} need_replication={i, j} permutation={j} blocked_propagation={i}, custom>
  %4 = stablehlo.custom_call @bar(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=4} reduction={i} need_replication={i, j} permutation={j} blocked_propagation={i}, custom>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x8xf32>
}

// More than 18 factors: `z_1`, `z_2`, and runs like `zz_1`.
// The parts of a sharding also exist as attributes of their own.
// CHECK-LABEL: func.func @parts
// CHECK-SAME{LITERAL}: test.parts = [#sdy.mesh_axis<"x"=2>, #sdy.axis_ref<"x">, #sdy.axis_ref<"x":(1)2>, #sdy.dimension_sharding<{"x", ?}p1>, #sdy.dimension_sharding<{}>, #sdy.manual_axes<{}>, #sdy.mesh<["a"=1]>]
func.func @parts() attributes {test.parts = [#sdy.mesh_axis<"x"=2>, #sdy.axis_ref<"x">, #sdy.axis_ref<"x":(1)2>, #sdy.dimension_sharding<{"x", ?}p1>, #sdy.dimension_sharding<{}>, #sdy.manual_axes<{}>, #sdy.mesh<["a"=1]>]} {
  return
}

// CHECK-LABEL: func.func @many_factors
func.func @many_factors(%a: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32> {
  // CHECK{LITERAL}: #sdy.op_sharding_rule<([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, z_1, z_2])->([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, zz_1z_2]) {i=1, j=1, k=1, l=1, m=1, n=1, o=1, p=1, q=1, r=1, s=1, t=1, u=1, v=1, w=1, x=1, y=1, z=1, z_1=1, z_2=2}>
  %0 = stablehlo.reshape %a {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, z_1, z_2])->([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, zz_1z_2]) {i=1, j=1, k=1, l=1, m=1, n=1, o=1, p=1, q=1, r=1, s=1, t=1, u=1, v=1, w=1, x=1, y=1, z=1, z_1=1, z_2=2}>} : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>
  return %0 : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>
}

// CHECK-LABEL: func.func @manual_computations
func.func @manual_computations(%a: tensor<8x8xf32>, %b: tensor<6x4xf32>, %s: tensor<f32>) -> (tensor<8x4xf32>, tensor<6x4xf32>) {
  // CHECK{LITERAL}: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"y"}, {"x"}]>] manual_axes={"x", "y"} (%arg3: tensor<4x4xf32>) {
  // CHECK-NEXT: %[[S:.*]] = stablehlo.slice %arg3
  // CHECK-NEXT: sdy.return %[[S]] : tensor<4x2xf32>
  // CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x4xf32>
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"y"}, {"x"}]>] manual_axes={"x", "y"} (%arg1: tensor<4x4xf32>) {
    %1 = stablehlo.slice %arg1 [0:4, 0:2] : (tensor<4x4xf32>) -> tensor<4x2xf32>
    sdy.return %1 : tensor<4x2xf32>
  } : (tensor<8x8xf32>) -> tensor<8x4xf32>
  // Partially manual: "y" stays free (after the manual axis in dimension 0).
  // CHECK{LITERAL}: %1:2 = sdy.manual_computation(%arg1, %arg2) in_shardings=[<@mesh, [{"x", "y", ?}, {?}]>, <@mesh, []>] out_shardings=[<@mesh, [{"x", ?}, {?}], replicated={"y"}>, <@mesh, [{?}, {?}]>] manual_axes={"x"} (%arg3: tensor<3x4xf32>, %arg4: tensor<f32>) {
  // CHECK: } : (tensor<6x4xf32>, tensor<f32>) -> (tensor<6x4xf32>, tensor<3x4xf32>)
  %1:2 = sdy.manual_computation(%b, %s) in_shardings=[<@mesh, [{"x", "y", ?}, {?}]>, <@mesh, []>] out_shardings=[<@mesh, [{"x", ?}, {?}], replicated={"y"}>, <@mesh, [{?}, {?}]>] manual_axes={"x"} (%arg1: tensor<3x4xf32>, %arg2: tensor<f32>) {
    sdy.return %arg1, %arg1 : tensor<3x4xf32>, tensor<3x4xf32>
  } : (tensor<6x4xf32>, tensor<f32>) -> (tensor<6x4xf32>, tensor<3x4xf32>)
  // No operands, no results, no manual axes.
  // CHECK: sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
  // CHECK-NEXT: sdy.return
  // CHECK-NEXT: } : () -> ()
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
    sdy.return
  } : () -> ()
  // A sub-axis as manual axis part; a 1-D mesh.
  // CHECK{LITERAL}: sdy.manual_computation(%arg0) in_shardings=[<@mesh_1d, [{"i":(1)2}, {}]>] out_shardings=[<@mesh_1d, [{"i"}, {}]>] manual_axes={"i"} (%arg3: tensor<4x8xf32>) {
  %2 = sdy.manual_computation(%a) in_shardings=[<@mesh_1d, [{"i":(1)2}, {}]>] out_shardings=[<@mesh_1d, [{"i"}, {}]>] manual_axes={"i"} (%arg1: tensor<4x8xf32>) {
    %3 = stablehlo.slice %arg1 [0:2, 0:8] : (tensor<4x8xf32>) -> tensor<2x8xf32>
    sdy.return %3 : tensor<2x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1#0 : tensor<8x4xf32>, tensor<6x4xf32>
}

// GENERIC: "sdy.manual_computation"(%{{.*}}) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, manual_axes = #sdy.manual_axes<{"x", "y"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>}> ({
// GENERIC: "sdy.return"
