//! `chlo.ragged_dot` with a ragged non-contracting lhs dimension (the mode
//! `jax.lax.ragged_dot` uses), as a masked `dot_general` that also contracts
//! over the groups:
//!
//! ```text
//! ends[g]   = Σ_{j <= g} group_sizes[j]           (broadcast, select, reduce)
//! starts[g] = ends[g] - group_sizes[g]
//! masked[g, ..., i, ...] = lhs[..., i, ...] if starts[g] <= i < ends[g] else 0
//! result = dot_general(masked, rhs, contracting = lhs_c + 1 ∪ {0}  x  rhs_c ∪ {group})
//! ```
//!
//! Each lhs row lands in at most one group (none past Σ group_sizes, whose
//! rows are zero), so the contraction over groups picks `lhs_row @ rhs[g]`.
//! The cost is that of `groups` dense dots, like JAX's own fallback.

use super::{Hlo, V, operand, replace};
use crate::builders::{BuildResult, element_type, i64_array_attribute, i64_attribute, static_shape};
use crate::stablehlo_to_linalg::Rewrite;
use xla_dialects::{dimension_numbers::RaggedDotDimensionNumbers, stablehlo::{ComparisonDirection, DotDimensionNumbers}};
use melior::ir::{
    Block, BlockLike, OperationRef, Region, RegionLike, Type, Value, ValueLike, operation::OperationLike,
    r#type::RankedTensorType,
};


pub fn lower_ragged_dot<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let attribute = op.attribute("ragged_dot_dimension_numbers").map_err(|_| "missing ragged_dot_dimension_numbers")?;
    let dims = RaggedDotDimensionNumbers::from_attribute(attribute)
        .ok_or("ragged_dot_dimension_numbers is not a #chlo.ragged_dot")?;
    let (lhs, rhs, group_sizes) = (operand(op, 0)?, operand(op, 1)?, operand(op, 2)?);
    let result_type = op.result(0)?.r#type();
    let lhs_shape = static_shape(lhs.r#type())?;
    static_shape(rhs.r#type())?;
    static_shape(result_type)?;
    let groups = static_shape(group_sizes.r#type())?[0];
    let ragged = *dims.lhs_ragged.first().ok_or("ragged_dot without a ragged lhs dimension")?;
    if dims.lhs_contracting.contains(&ragged) || dims.lhs_batching.contains(&ragged) {
        return Err("only a ragged non-contracting lhs dimension is supported yet (the mode jax.lax.ragged_dot emits)".into());
    }
    let group_dim = *dims.rhs_group.first().ok_or("ragged_dot without an rhs group dimension")?;
    let result_element = element_type(result_type)?;
    let size_element = element_type(group_sizes.r#type())?;

    // ends = cumulative sums of group_sizes, by a [groups, groups] lower
    // triangle reduced along its columns.
    let square = Hlo::new(rewrite, location, RankedTensorType::new(&[groups as u64, groups as u64], size_element, None).into())?;
    let sizes_2d = square.op(
        "stablehlo.broadcast_in_dim",
        &[group_sizes],
        square.tensor(size_element),
        &[("broadcast_dimensions", i64_array_attribute(context, &[1]))],
    )?;
    let row = square.op("stablehlo.iota", &[], square.tensor(size_element), &[("iota_dimension", i64_attribute(context, 0))])?;
    let column = square.op("stablehlo.iota", &[], square.tensor(size_element), &[("iota_dimension", i64_attribute(context, 1))])?;
    let lower = square.compare(ComparisonDirection::LE, column, row)?;
    let triangle = square.select(lower, sizes_2d, square.constant(0.0, size_element)?)?;
    let scalar = Hlo::new(rewrite, location, RankedTensorType::new(&[], size_element, None).into())?;
    let zero = scalar.constant(0.0, size_element)?;
    let scalar_type: Type = RankedTensorType::new(&[], size_element, None).into();
    let block = Block::new(&[(scalar_type, location), (scalar_type, location)]);
    let a: Value = block.argument(0)?.into();
    let b: Value = block.argument(1)?.into();
    let sum = block.append_operation(crate::builders::hlo_op(context, location, "stablehlo.add", &[a, b], &[scalar_type], &[])?);
    let sum: Value = sum.result(0)?.into();
    block.append_operation(crate::builders::hlo_op(context, location, "stablehlo.return", &[sum], &[], &[])?);
    let region = Region::new();
    region.append_block(block);
    let vector_type = group_sizes.r#type();
    let reduce = crate::builders::hlo_op_with_region(
        context,
        location,
        "stablehlo.reduce",
        &[triangle, zero],
        &[vector_type],
        &[("dimensions", i64_array_attribute(context, &[1]))],
        region,
    )?;
    let reduce = rewrite.rewriter.insert(reduce);
    let ends: V = super::erase(reduce.result(0)?.into());
    let vector = Hlo::new(rewrite, location, vector_type)?;
    let starts = vector.sub(ends, group_sizes)?;

    // The mask on [groups] ++ lhs shape.
    let mut masked_shape = vec![groups];
    masked_shape.extend(&lhs_shape);
    let masked_shape_u: Vec<u64> = masked_shape.iter().map(|&d| d as u64).collect();
    let wide = Hlo::new(rewrite, location, RankedTensorType::new(&masked_shape_u, size_element, None).into())?;
    let starts_b =
        wide.op("stablehlo.broadcast_in_dim", &[starts], wide.tensor(size_element), &[("broadcast_dimensions", i64_array_attribute(context, &[0]))])?;
    let ends_b =
        wide.op("stablehlo.broadcast_in_dim", &[ends], wide.tensor(size_element), &[("broadcast_dimensions", i64_array_attribute(context, &[0]))])?;
    let rows = wide.op("stablehlo.iota", &[], wide.tensor(size_element), &[("iota_dimension", i64_attribute(context, ragged + 1))])?;
    let mask = wide.binary("and", wide.compare(ComparisonDirection::LE, starts_b, rows)?, wide.compare(ComparisonDirection::LT, rows, ends_b)?)?;

    // Operands in the result's element type (JAX's preferred_element_type).
    let lhs = Hlo::new(rewrite, location, lhs.r#type())?.convert(lhs, result_element)?;
    let rhs = Hlo::new(rewrite, location, rhs.r#type())?.convert(rhs, result_element)?;
    let lhs_dims: Vec<i64> = (1..=lhs_shape.len() as i64).collect();
    let lhs_b = wide.op(
        "stablehlo.broadcast_in_dim",
        &[lhs],
        wide.tensor(result_element),
        &[("broadcast_dimensions", i64_array_attribute(context, &lhs_dims))],
    )?;
    let masked = wide.select(mask, lhs_b, wide.constant(0.0, result_element)?)?;

    let shifted = |v: &[i64]| v.iter().map(|d| d + 1).collect::<Vec<_>>();
    let mut lhs_contract = shifted(&dims.lhs_contracting);
    lhs_contract.push(0);
    let mut rhs_contract = dims.rhs_contracting.clone();
    rhs_contract.push(group_dim);
    // Batching dimensions only with a batch (an empty pair is what the
    // printed form omits anyway).
    let batching = !dims.lhs_batching.is_empty();
    let numbers = DotDimensionNumbers {
        lhs_batching: if batching { shifted(&dims.lhs_batching) } else { Vec::new() },
        rhs_batching: if batching { dims.rhs_batching.clone() } else { Vec::new() },
        lhs_contracting: lhs_contract,
        rhs_contracting: rhs_contract,
    };
    let numbers = numbers.attribute(context).ok_or("internal error: dot dimension numbers")?;
    let dot = wide.op("stablehlo.dot_general", &[masked, rhs], result_type, &[("dot_dimension_numbers", numbers)])?;
    replace(rewrite, op, &[dot])
}

