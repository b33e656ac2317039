// RUN: xla-opt %s --split-input-file --verify-diagnostics

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @unknown_mesh(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding refers to @other, which is not an sdy.mesh of the enclosing module}}
  %0 = sdy.sharding_constraint %a <@other, [{"x"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @symbol_is_not_a_mesh(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{sharding refers to @symbol_is_not_a_mesh, which is not an sdy.mesh of the enclosing module}}
  %0 = sdy.sharding_constraint %a <@symbol_is_not_a_mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
// expected-error @+1 {{'func.func' op argument 0: sharding refers to @nope, which is not an sdy.mesh of the enclosing module}}
func.func @argument_unknown_mesh(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@nope, [{"x"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @unknown_axis(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op axis "z" is not an axis of the mesh ("x", "y")}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"x"}, {"z"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @axis_twice_in_one_dimension(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op axis "x" is used more than once in the sharding}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"x", "x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @axis_in_two_dimensions(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{axis "y" is used more than once in the sharding}}
  %0 = sdy.reshard %a <@mesh, [{"y"}, {"y"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @sharded_and_replicated(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{axis "x" is used more than once in the sharding}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"x"}, {}], replicated={"x"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=8]>
func.func @overlapping_sub_axes(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{axis "x" is used more than once in the sharding}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"x":(1)4}, {"x":(2)2}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=8]>
func.func @sub_axis_too_large(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{sub-axis "x":(4)4 does not divide axis "x" of size 8}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"x":(4)4}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @rank_mismatch(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding has 1 dimension shardings but 'tensor<8x8xf32>' has rank 2}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
// expected-error @+1 {{'func.func' op result 0: sharding has 3 dimension shardings but 'tensor<8x8xf32>' has rank 2}}
func.func @result_rank_mismatch(%a: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
  return %a : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
// expected-error @+1 {{'func.func' op argument 0: 'sdy.sharding' must be an #sdy.sharding, got #sdy.sharding_per_value<[<@mesh, [{}]>]>}}
func.func @argument_per_value(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @per_value_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.add' op has 1 results but 'sdy.sharding' gives 2 shardings}}
  %0 = stablehlo.add %a, %a {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @per_value_rank(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.add' op result 0: sharding has 2 dimension shardings but 'tensor<8xf32>' has rank 1}}
  %0 = stablehlo.add %a, %a {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @op_sharding_not_per_value(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.add' op attribute 'sdy.sharding' must be an #sdy.sharding_per_value, got #sdy.sharding<mesh<["x"=2]>, [{"x"}]>}}
  %0 = stablehlo.add %a, %a {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{"x"}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @inline_mesh_unknown_axis(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{axis "y" is not an axis of the mesh ("x")}}
  %0 = sdy.sharding_constraint %a <mesh<["x"=2]>, [{"y"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// expected-error @+1 {{'sdy.mesh' op mesh axis "x" is declared twice}}
sdy.mesh @mesh = <["x"=2, "x"=2]>

// -----

// expected-error @+1 {{'sdy.mesh' op mesh axis "x" has size 0; sizes must be positive}}
sdy.mesh @mesh = <["x"=0]>

// -----

// expected-error @+1 {{'sdy.mesh' op device_ids has 3 entries but the mesh has 4 devices}}
sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[0, 1, 2]>

// -----

// expected-error @+1 {{'sdy.mesh' op device_ids must be a permutation of 0..3 (found 1)}}
sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[0, 1, 1, 2]>

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @in_shardings_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 operands but 2 in_shardings}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%b: tensor<4xf32>) {
    sdy.return %b : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @out_shardings_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 results but 0 out_shardings}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[] manual_axes={"x"} (%b: tensor<4xf32>) {
    sdy.return %b : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["i"=4]>
func.func @not_divisible(%a: tensor<6x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op operand 0: dimension 0 of size 6 is not divisible by the 4 devices of axes {"i"}}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"i"}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"i"} (%b: tensor<2x8xf32>) {
    sdy.return %b : tensor<2x8xf32>
  } : (tensor<6x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=3]>
func.func @result_not_divisible(%a: tensor<6x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op result 0: dimension 0 of size 8 is not divisible by the 6 devices of axes {"x", "y"}}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {}]>] manual_axes={"x", "y"} (%b: tensor<1x8xf32>) {
    sdy.return %b : tensor<1x8xf32>
  } : (tensor<6x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @wrong_local_argument(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body argument 0 has type 'tensor<8x4xf32>' but the local type of operand 0 ('tensor<8x8xf32>' under in_shardings) is 'tensor<4x4xf32>'}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"x", "y"} (%b: tensor<8x4xf32>) {
    %d = stablehlo.concatenate %b, %b, dim = 1 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x8xf32>
    sdy.return %d : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @wrong_local_result(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%b: tensor<4x8xf32>) {
    %c = stablehlo.concatenate %b, %b, dim = 0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    // expected-error @+1 {{'sdy.return' op operand 0 has type 'tensor<8x8xf32>' but the local type of result 0 ('tensor<8x8xf32>' under out_shardings) is 'tensor<4x8xf32>'}}
    sdy.return %c : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @manual_axis_not_in_mesh(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op manual axis "z" is not an axis of the mesh of operand 0 ("x", "y")}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x", "z"} (%b: tensor<4xf32>) {
    sdy.return %b : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @manual_axis_twice(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op manual axis "x" is listed twice}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x", "x"} (%b: tensor<4xf32>) {
    sdy.return %b : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @manual_after_free(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op operand 0: in dimension 0, manual axis "x" follows the free axis "y" (manual axes must come first)}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"y", "x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%b: tensor<4xf32>) {
    sdy.return %b : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @unknown_axis_in_in_shardings(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op operand 0: axis "w" is not an axis of the mesh ("x", "y")}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"w"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%b: tensor<8xf32>) {
    sdy.return %b : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @return_outside(%a: tensor<8xf32>) {
  // expected-error @+1 {{'sdy.return' op expects parent op 'sdy.manual_computation'}}
  sdy.return %a : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>
func.func @bad_priority(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected a priority `p<N>` after a dimension sharding}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"x"}q1]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>
func.func @bad_keyword(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected `replicated` or `unreduced`, got `copied`}}
  %0 = sdy.sharding_constraint %a <@mesh, [{}], copied={"x"}> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @bad_factor(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{`ab` is not a sequence of factor names (i..z, z_1, z_2, ...)}}
  %0 = stablehlo.abs %a {sdy.sharding_rule = #sdy.op_sharding_rule<([ab])->([ab]) {a=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @factor_without_size(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{factor j has no size}}
  %0 = stablehlo.abs %a {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([j]) {i=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_attribute_kind(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.abs' op attribute 'sdy.sharding_rule' must be an #sdy.op_sharding_rule, got "rule"}}
  %0 = stablehlo.abs %a {sdy.sharding_rule = "rule"} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_operand_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.add' op 'sdy.sharding_rule' maps 1 operands but the op has 2}}
  %0 = stablehlo.add %a, %a {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_rank(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.abs' op 'sdy.sharding_rule' maps 2 dimensions of result 0, of type 'tensor<8xf32>'}}
  %0 = stablehlo.abs %a {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=1}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @a = <["x"=2]>
sdy.mesh @b = <["x"=2]>
func.func @two_meshes(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op result 0 is sharded over @b but operand 0 over @a (one mesh per manual computation)}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@a, [{"x"}]>] out_shardings=[<@b, [{"x"}]>] manual_axes={"x"} (%b: tensor<4xf32>) {
    sdy.return %b : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
