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
use crate::builders::{BuildResult, element_type, static_shape};
use crate::stablehlo_to_linalg::Rewrite;
use melior::ir::{
    Block, BlockLike, OperationRef, Region, RegionLike, Type, Value, ValueLike,
    operation::OperationLike,
    r#type::RankedTensorType,
};

/// The six lists of `#chlo.ragged_dot<...>`, read from its printed form.
#[derive(Default, Debug)]
struct RaggedDims {
    lhs_batch: Vec<i64>,
    rhs_batch: Vec<i64>,
    lhs_contract: Vec<i64>,
    rhs_contract: Vec<i64>,
    lhs_ragged: Vec<i64>,
    rhs_group: Vec<i64>,
}

fn parse_dims(text: &str) -> BuildResult<RaggedDims> {
    let body = text
        .trim()
        .strip_prefix("#chlo.ragged_dot<")
        .and_then(|t| t.strip_suffix('>'))
        .ok_or_else(|| format!("unexpected ragged_dot_dimension_numbers {text}"))?;
    let mut dims = RaggedDims::default();
    for field in body.split(']').map(str::trim).filter(|f| !f.is_empty()) {
        let field = field.trim_start_matches(',').trim();
        let (name, list) = field.split_once('=').ok_or_else(|| format!("unexpected field {field}"))?;
        let list = list.trim().trim_start_matches('[');
        let values = list
            .split(',')
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(|v| v.parse::<i64>().map_err(|e| crate::error::LowerError::from(format!("{v}: {e}"))))
            .collect::<BuildResult<Vec<_>>>()?;
        let slot = match name.trim() {
            "lhs_batching_dimensions" => &mut dims.lhs_batch,
            "rhs_batching_dimensions" => &mut dims.rhs_batch,
            "lhs_contracting_dimensions" => &mut dims.lhs_contract,
            "rhs_contracting_dimensions" => &mut dims.rhs_contract,
            "lhs_ragged_dimensions" => &mut dims.lhs_ragged,
            "rhs_group_dimensions" => &mut dims.rhs_group,
            other => return Err(format!("unknown ragged_dot field {other}").into()),
        };
        *slot = values;
    }
    Ok(dims)
}

fn list(values: &[i64]) -> String {
    format!("[{}]", values.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
}

fn array(values: &[i64]) -> String {
    if values.is_empty() {
        "array<i64>".into()
    } else {
        format!("array<i64: {}>", values.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
    }
}

pub fn lower_ragged_dot<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let attribute = op.attribute("ragged_dot_dimension_numbers").map_err(|_| "missing ragged_dot_dimension_numbers")?;
    let dims = parse_dims(&attribute.to_string())?;
    let (lhs, rhs, group_sizes) = (operand(op, 0)?, operand(op, 1)?, operand(op, 2)?);
    let result_type = op.result(0)?.r#type();
    let lhs_shape = static_shape(lhs.r#type())?;
    static_shape(rhs.r#type())?;
    static_shape(result_type)?;
    let groups = static_shape(group_sizes.r#type())?[0];
    let ragged = dims.lhs_ragged[0];
    if dims.lhs_contract.contains(&ragged) || dims.lhs_batch.contains(&ragged) {
        return Err("only a ragged non-contracting lhs dimension is supported yet (the mode jax.lax.ragged_dot emits)".into());
    }
    let group_dim = dims.rhs_group[0];
    let result_element = element_type(result_type)?;
    let size_element = element_type(group_sizes.r#type())?;

    // ends = cumulative sums of group_sizes, by a [groups, groups] lower
    // triangle reduced along its columns.
    let square = Hlo::new(rewrite, location, RankedTensorType::new(&[groups as u64, groups as u64], size_element, None).into())?;
    let sizes_2d = square.op(
        "stablehlo.broadcast_in_dim",
        &[group_sizes],
        square.tensor(size_element),
        &[("broadcast_dimensions", array(&[1]))],
    )?;
    let row = square.op("stablehlo.iota", &[], square.tensor(size_element), &[("iota_dimension", "0 : i64".into())])?;
    let column = square.op("stablehlo.iota", &[], square.tensor(size_element), &[("iota_dimension", "1 : i64".into())])?;
    let lower = square.compare("LE", column, row)?;
    let triangle = square.select(lower, sizes_2d, square.constant(0.0, size_element)?)?;
    let scalar = Hlo::new(rewrite, location, RankedTensorType::new(&[], size_element, None).into())?;
    let zero = scalar.constant(0.0, size_element)?;
    let scalar_type: Type = RankedTensorType::new(&[], size_element, None).into();
    let block = Block::new(&[(scalar_type, location), (scalar_type, location)]);
    let a: Value = block.argument(0)?.into();
    let b: Value = block.argument(1)?.into();
    let sum = block.append_operation(crate::builders::hlo_op(context, location, "stablehlo.add", &[a, b], &[scalar_type], &[], &[])?);
    let sum: Value = sum.result(0)?.into();
    block.append_operation(crate::builders::hlo_op(context, location, "stablehlo.return", &[sum], &[], &[], &[])?);
    let region = Region::new();
    region.append_block(block);
    let vector_type = group_sizes.r#type();
    let reduce = crate::builders::hlo_op_with_region(
        context,
        location,
        "stablehlo.reduce",
        &[triangle, zero],
        &[vector_type],
        &[("dimensions", array(&[1]))],
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
        wide.op("stablehlo.broadcast_in_dim", &[starts], wide.tensor(size_element), &[("broadcast_dimensions", array(&[0]))])?;
    let ends_b = wide.op("stablehlo.broadcast_in_dim", &[ends], wide.tensor(size_element), &[("broadcast_dimensions", array(&[0]))])?;
    let rows = wide.op("stablehlo.iota", &[], wide.tensor(size_element), &[("iota_dimension", format!("{} : i64", ragged + 1))])?;
    let mask = wide.binary("and", wide.compare("LE", starts_b, rows)?, wide.compare("LT", rows, ends_b)?)?;

    // Operands in the result's element type (JAX's preferred_element_type).
    let lhs = Hlo::new(rewrite, location, lhs.r#type())?.convert(lhs, result_element)?;
    let rhs = Hlo::new(rewrite, location, rhs.r#type())?.convert(rhs, result_element)?;
    let lhs_dims: Vec<i64> = (1..=lhs_shape.len() as i64).collect();
    let lhs_b =
        wide.op("stablehlo.broadcast_in_dim", &[lhs], wide.tensor(result_element), &[("broadcast_dimensions", array(&lhs_dims))])?;
    let masked = wide.select(mask, lhs_b, wide.constant(0.0, result_element)?)?;

    let shifted = |v: &[i64]| v.iter().map(|d| d + 1).collect::<Vec<_>>();
    let mut lhs_contract = shifted(&dims.lhs_contract);
    lhs_contract.push(0);
    let mut rhs_contract = dims.rhs_contract.clone();
    rhs_contract.push(group_dim);
    let mut fields = Vec::new();
    if !dims.lhs_batch.is_empty() {
        fields.push(format!("lhs_batching_dimensions = {}", list(&shifted(&dims.lhs_batch))));
        fields.push(format!("rhs_batching_dimensions = {}", list(&dims.rhs_batch)));
    }
    fields.push(format!("lhs_contracting_dimensions = {}", list(&lhs_contract)));
    fields.push(format!("rhs_contracting_dimensions = {}", list(&rhs_contract)));
    let dot = wide.op(
        "stablehlo.dot_general",
        &[masked, rhs],
        result_type,
        &[("dot_dimension_numbers", format!("#stablehlo.dot<{}>", fields.join(", ")))],
    )?;
    replace(rewrite, op, &[dot])
}

#[cfg(test)]
mod tests {
    use super::parse_dims;

    #[test]
    fn parses_printed_dimension_numbers() {
        let dims = parse_dims(
            "#chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>",
        )
        .unwrap();
        assert_eq!(dims.lhs_batch, vec![0]);
        assert_eq!(dims.rhs_batch, vec![1]);
        assert_eq!(dims.lhs_contract, vec![2]);
        assert_eq!(dims.rhs_contract, vec![2]);
        assert_eq!(dims.lhs_ragged, vec![1]);
        assert_eq!(dims.rhs_group, vec![0]);
        let empty = parse_dims("#chlo.ragged_dot<>").unwrap();
        assert!(empty.lhs_ragged.is_empty());
    }
}
