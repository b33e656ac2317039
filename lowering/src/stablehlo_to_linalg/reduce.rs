//! `reduce` → `linalg.generic` with reduction loops over `dimensions`, its
//! output initialised with the init value and its body the scalar form of
//! the reducer (each rank-0 StableHLO op becomes the matching arith op).
//!
//! ```mlir
//! %r = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1]
//!        : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
//! // becomes
//! %i = linalg.generic {maps = [() -> (), (d0) -> (d0)]} ins(%c) outs(%e) { yield %in }   // fill with init
//! %r = linalg.generic {indexing_maps = [(d0, d1) -> (d0, d1), (d0, d1) -> (d0)],
//!                      iterator_types = [parallel, reduction]} ins(%x) outs(%i) {
//!   ^bb0(%el: f32, %acc: f32): %s = arith.addf %acc, %el : f32; linalg.yield %s }
//! ```
//!
//! Variadic reductions (argmax: values and indices) become one generic with
//! one output per input.

use super::{Rewrite, pointwise::emit_scalar_op};
use crate::builders::{
    Affine, BuildResult, Iterator, affine_map, append, generic_multi, identity_map, parallel_generic, static_shape, tensor_empty,
};
use melior::ir::{
    Attribute, AttributeLike, BlockLike, BlockRef, OperationRef, RegionLike, Type, Value, ValueLike,
    attribute::DenseI64ArrayAttribute,
    operation::OperationLike,
};
use std::collections::HashMap;

/// Lowers `stablehlo.reduce` (variadic too: one linalg output per input).
pub fn lower_reduce<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operands: Vec<Value> = op.operands().collect();
    let n = operands.len() / 2;
    let (inputs, inits) = operands.split_at(n);
    let result_types: Vec<Type> = op.results().map(|r| r.r#type()).collect();
    let input_rank = static_shape(inputs[0].r#type())?.len();
    let result_rank = static_shape(result_types[0])?.len();
    let dimensions = op
        .attribute("dimensions")
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
        .ok_or("reduce has no dimensions")?;
    let reduced: Vec<i64> = (0..dimensions.len()).map(|i| dimensions.element(i).unwrap_or(-1)).collect();
    let kept: Vec<Affine> =
        (0..input_rank).filter(|&d| !reduced.contains(&(d as i64))).map(|d| Affine::dim(context, d)).collect();
    let iterators: Vec<Iterator> = (0..input_rank as i64)
        .map(|d| if reduced.contains(&d) { Iterator::Reduction } else { Iterator::Parallel })
        .collect();
    let mut maps = Vec::new();
    for _ in 0..n {
        maps.push(identity_map(context, input_rank));
    }
    for _ in 0..n {
        maps.push(affine_map(context, input_rank, &kept)?);
    }
    let body = op.region(0)?;
    let reducer = body.first_block().ok_or("reduce has an empty body")?;

    // Each output starts as its init value broadcast to the result shape.
    let mut created = Vec::new();
    let mut accumulators = Vec::new();
    for (init, &result_type) in inits.iter().zip(&result_types) {
        let empty = rewrite.rewriter.insert(tensor_empty(location, result_type)?);
        let empty_value: Value = empty.result(0)?.into();
        created.push(empty);
        let fill_maps = vec![affine_map(context, result_rank, &[])?, identity_map(context, result_rank)];
        let filled = rewrite.rewriter.insert(parallel_generic(
            context,
            location,
            &[*init],
            empty_value,
            fill_maps,
            result_type,
            |_, args| Ok(args[0]),
        )?);
        accumulators.push(filled.result(0)?.into());
        created.push(filled);
    }
    let reduction = generic_multi(context, location, inputs, &accumulators, maps, &iterators, &result_types, |block, args| {
        scalarize_body(context, reducer, block, args, n)
    });
    let reduction = match reduction {
        Ok(reduction) => reduction,
        Err(message) => {
            for op in created.into_iter().rev() {
                rewrite.rewriter.erase_op(op);
            }
            return Err(message);
        }
    };
    let reduction = rewrite.rewriter.insert(reduction);
    let results: Vec<Value> = reduction.results().map(Into::into).collect();
    rewrite.rewriter.replace_op_with_values(op, &results);
    Ok(())
}

/// Emits the reducer as scalar ops. The reducer takes (accumulators...,
/// elements...); the linalg body gets (elements..., accumulators...).
fn scalarize_body<'c, 'b>(
    context: &'c melior::Context,
    reducer: BlockRef<'c, '_>,
    block: &'b melior::ir::Block<'c>,
    args: &[Value<'c, 'b>],
    n: usize,
) -> BuildResult<Vec<Value<'c, 'b>>> {
    let mut reordered = args[n..2 * n].to_vec();
    reordered.extend_from_slice(&args[..n]);
    scalarize_region(context, reducer, block, &reordered)
}

/// Emits the ops of a StableHLO computation on rank-0 tensors (a reducer,
/// comparator or update computation) as scalar ops appended to `block`,
/// with region argument `i` bound to `args[i]`; returns the scalars its
/// `stablehlo.return` returns.
pub fn scalarize_region<'c, 'b>(
    context: &'c melior::Context,
    region: BlockRef<'c, '_>,
    block: &'b melior::ir::Block<'c>,
    args: &[Value<'c, 'b>],
) -> BuildResult<Vec<Value<'c, 'b>>> {
    let mut values: HashMap<usize, Value> = HashMap::new();
    for (i, arg) in args.iter().enumerate() {
        values.insert(region.argument(i)?.to_raw().ptr as usize, *arg);
    }
    let mut next = region.first_operation();
    while let Some(inner) = next {
        let name = inner.name().as_string_ref().as_str()?.to_owned();
        let lookup = |value: Value| -> BuildResult<Value> {
            values
                .get(&(value.to_raw().ptr as usize))
                .copied()
                .ok_or_else(|| format!("'{name}' in a computation body uses a value defined outside it")).map_err(crate::error::LowerError::from)
        };
        if name == "stablehlo.return" {
            return inner.operands().map(lookup).collect();
        }
        let produced = if name == "stablehlo.constant" {
            scalar_constant(context, inner, block)?
        } else {
            let operands = inner.operands().map(lookup).collect::<BuildResult<Vec<_>>>()?;
            emit_scalar_op(context, inner, block, &operands)?
        };
        values.insert(inner.result(0)?.to_raw().ptr as usize, produced);
        next = inner.next_in_block();
    }
    Err("computation body has no stablehlo.return".into())
}

/// `stablehlo.constant dense<v> : tensor<T>` (rank 0) as `arith.constant v : T`.
fn scalar_constant<'c, 'b>(
    context: &'c melior::Context,
    op: OperationRef<'c, '_>,
    block: &'b melior::ir::Block<'c>,
) -> BuildResult<Value<'c, 'b>> {
    let value = op.attribute("value").map_err(|_| "constant has no value".to_string())?;
    let ty = op.result(0)?.r#type();
    if !static_shape(ty)?.is_empty() {
        return Err("only rank-0 constants are supported in a computation body".into());
    }
    let element = crate::builders::element_type(ty)?;
    // SAFETY: `value` is the dense elements attribute of a rank-0 constant,
    // so it has exactly one (splat) value.
    let scalar = unsafe { Attribute::from_raw(mlir_sys::mlirDenseElementsAttrGetSplatValue(value.to_raw())) };
    append(block, crate::builders::constant(context, op.location(), scalar, element)?)
}
