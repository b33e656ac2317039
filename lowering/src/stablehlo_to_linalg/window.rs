//! `reduce_window` → padding (with the init values; base dilation as
//! interior padding) then a `linalg.generic` over (output dims, window dims)
//! with strided, dilated input maps; `select_and_scatter` → an `scf.for`
//! over the source elements with an inner loop choosing each window's
//! element.
//!
//! ```mlir
//! %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({ add })
//!        : (tensor<6xf32>, tensor<f32>) -> tensor<3xf32>
//! // becomes (the tensor.empty %w only gives the window loop its extent)
//! %r = linalg.generic {indexing_maps = [(d0, d1) -> (d0 * 2 + d1), (d0, d1) -> (d1), (d0, d1) -> (d0)],
//!                      iterator_types = [parallel, reduction]} ins(%x, %w) outs(%filled_with_c) { addf }
//! ```
//!
//! A reduce_window that is a prefix scan (a window spanning a whole
//! dimension, padded by its length - 1 on one side: JAX's cumsum) becomes a
//! sequential loop per row instead (O(n) rather than O(n²)).
//!
//! In `select_and_scatter`, window positions in the padding are never
//! selected (as in XLA's CPU back end); the first candidate is kept over a
//! later one `x` while `select(kept, x)` holds.

use super::{Rewrite, data::pad_tensor, emit::Emitter, reduce::scalarize_region};
use crate::builders::{
    Affine, dims, BuildResult, Iterator, affine_map, append, generic_multi, identity_map, index_constant, parallel_generic, scf_for,
    static_shape, tensor_empty,
};
use melior::ir::{
    AttributeLike, BlockLike, OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
    attribute::DenseI64ArrayAttribute,
    operation::OperationLike,
    r#type::RankedTensorType,
};

/// An optional `array<i64: ...>` attribute, or `default` per dimension.
fn window_attribute(op: OperationRef, name: &str, rank: usize, default: i64) -> BuildResult<Vec<i64>> {
    let Ok(attribute) = op.attribute(name) else { return Ok(vec![default; rank]) };
    let array = DenseI64ArrayAttribute::try_from(attribute).map_err(|_| format!("{name} is not an i64 array"))?;
    (0..array.len()).map(|i| array.element(i).map_err(crate::error::LowerError::from)).collect()
}

/// `padding` (dense<[[lo, hi], ...]>) as (low, high) lists.
fn padding_attribute(op: OperationRef, rank: usize) -> BuildResult<(Vec<i64>, Vec<i64>)> {
    let Ok(attribute) = op.attribute("padding") else { return Ok((vec![0; rank], vec![0; rank])) };
    let mut values = Vec::with_capacity(2 * rank);
    for i in 0..2 * rank {
        // SAFETY: the verifier checked that `padding` is an i64 elements
        // attribute of shape [rank, 2].
        let value = unsafe { mlir_sys::mlirDenseElementsAttrGetInt64Value(attribute.to_raw(), i as isize) };
        values.push(value);
    }
    Ok(((0..rank).map(|d| values[2 * d]).collect(), (0..rank).map(|d| values[2 * d + 1]).collect()))
}

fn tensor_type<'c>(shape: &[i64], element: Type<'c>) -> Type<'c> {
    RankedTensorType::new(&shape.iter().map(|&s| s as u64).collect::<Vec<_>>(), element, None).into()
}

fn fill<'c>(rewrite: &Rewrite<'c, '_>, location: melior::ir::Location<'c>, value: Value<'c, '_>, ty: Type<'c>) -> BuildResult<Value<'c, 'c>> {
    let context = rewrite.context;
    let rank = static_shape(ty)?.len();
    let empty = rewrite.rewriter.insert(tensor_empty(location, ty)?);
    let init: Value = empty.result(0)?.into();
    let maps = vec![affine_map(context, rank, &[])?, identity_map(context, rank)];
    rewrite.insert_value(parallel_generic(context, location, &[value], init, maps, ty, |_, args| Ok(args[0]))?)
}

/// Lowers `stablehlo.reduce_window` (variadic, padding, base and window
/// dilation, strides).
pub fn lower_reduce_window<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operands: Vec<Value> = op.operands().collect();
    let n = operands.len() / 2;
    let (inputs, inits) = operands.split_at(n);
    let shape = static_shape(inputs[0].r#type())?;
    let rank = shape.len();
    let window = window_attribute(op, "window_dimensions", rank, 1)?;
    let strides = window_attribute(op, "window_strides", rank, 1)?;
    let base = window_attribute(op, "base_dilations", rank, 1)?;
    let dilations = window_attribute(op, "window_dilations", rank, 1)?;
    let (low, high) = padding_attribute(op, rank)?;
    let result_types: Vec<Type> = op.results().map(|r| r.r#type()).collect();
    let body = op.region(0)?.first_block().ok_or("reduce_window has an empty body")?;

    // A prefix scan (JAX's cumsum/cumprod/cummax): one window as long as the
    // whole dimension, padded by length - 1 on one side, everything else 1.
    let scan_dim = (0..rank).find(|&d| window[d] == shape[d] && shape[d] > 1);
    if let Some(d) = scan_dim {
        let others_trivial = (0..rank).all(|o| o == d || (window[o] == 1 && low[o] == 0 && high[o] == 0));
        let unit = strides.iter().chain(&base).chain(&dilations).all(|&v| v == 1);
        let forward = low[d] == shape[d] - 1 && high[d] == 0;
        let backward = high[d] == shape[d] - 1 && low[d] == 0;
        if others_trivial && unit && (forward || backward) {
            let results = prefix_scan(rewrite, location, inputs, inits, &shape, d, backward, body)?;
            rewrite.rewriter.replace_op_with_values(op, &results);
            return Ok(());
        }
    }

    let needs_padding = low.iter().chain(&high).any(|&p| p != 0) || base.iter().any(|&b| b != 1);
    let padded_shape: Vec<i64> = (0..rank)
        .map(|d| (if shape[d] == 0 { 0 } else { (shape[d] - 1) * base[d] + 1 }) + low[d] + high[d])
        .collect();
    let interior: Vec<i64> = base.iter().map(|b| b - 1).collect();
    let mut padded = Vec::new();
    for (&input, &init) in inputs.iter().zip(inits) {
        padded.push(if needs_padding {
            let ty = tensor_type(&padded_shape, crate::builders::element_type(input.r#type())?);
            pad_tensor(rewrite, context, location, input, init, &low, &interior, ty)?
        } else {
            // SAFETY: an operand of the op, live for the rewrite.
            unsafe { crate::builders::detach(input) }
        });
    }
    let index_type = Type::index(context);
    let window_extent = rewrite.rewriter.insert(tensor_empty(location, tensor_type(&window, index_type))?);
    let window_extent: Value = window_extent.result(0)?.into();
    let mut accumulators = Vec::new();
    for (&init, &ty) in inits.iter().zip(&result_types) {
        accumulators.push(fill(rewrite, location, init, ty)?);
    }
    let input_map: Vec<Affine> =
        (0..rank).map(|d| Affine::dim(context, d) * strides[d] + Affine::dim(context, rank + d) * dilations[d]).collect();
    let window_map = dims(context, rank..2 * rank);
    let output_map = dims(context, 0..rank);
    let mut maps = Vec::new();
    for _ in 0..n {
        maps.push(affine_map(context, 2 * rank, &input_map)?);
    }
    maps.push(affine_map(context, 2 * rank, &window_map)?);
    for _ in 0..n {
        maps.push(affine_map(context, 2 * rank, &output_map)?);
    }
    let mut iterators = vec![Iterator::Parallel; rank];
    iterators.extend(vec![Iterator::Reduction; rank]);
    let mut ins = padded.clone();
    ins.push(window_extent);
    let generic = generic_multi(context, location, &ins, &accumulators, maps, &iterators, &result_types, |block, args| {
        // Body arguments: inputs, the window placeholder, accumulators; the
        // computation takes (accumulators..., elements...).
        let mut reordered = args[n + 1..].to_vec();
        reordered.extend_from_slice(&args[..n]);
        scalarize_region(context, body, block, &reordered)
    })?;
    let generic = rewrite.rewriter.insert(generic);
    let results: Vec<Value> = generic.results().map(Into::into).collect();
    rewrite.rewriter.replace_op_with_values(op, &results);
    Ok(())
}

/// A reduce_window that is a prefix scan along `dim` (see the caller), as a
/// sequential loop per row: acc = body(acc, x[i]), out[i] = acc, from i = 0
/// up (or from the end down, `backward`). O(n) instead of O(n²), and the
/// same order of combination as the windowed form.
#[allow(clippy::too_many_arguments)]
fn prefix_scan<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: melior::ir::Location<'c>,
    inputs: &[Value<'c, '_>],
    inits: &[Value<'c, '_>],
    shape: &[i64],
    dim: usize,
    backward: bool,
    body: melior::ir::BlockRef<'c, '_>,
) -> BuildResult<Vec<Value<'c, 'c>>> {
    let context = rewrite.context;
    let n = shape[dim];
    let other_shape: Vec<i64> = (0..shape.len()).filter(|&d| d != dim).map(|d| shape[d]).collect();
    let rows: i64 = other_shape.iter().product();
    let constant = |value: i64| -> BuildResult<Value<'c, 'c>> {
        rewrite.insert_value(index_constant(context, location, value)?)
    };
    let (zero, one, row_count, length) = (constant(0)?, constant(1)?, constant(rows)?, constant(n)?);
    let mut outputs = Vec::new();
    let mut start = Vec::new();
    for (&input, &init) in inputs.iter().zip(inits) {
        outputs.push(rewrite.insert_value(tensor_empty(location, input.r#type())?)?);
        start.push(rewrite.insert_value(crate::builders::tensor_extract(location, init, &[])?)?);
    }
    let m = inputs.len();
    let scan = scf_for(location, [zero, row_count, one], &outputs, |block, row, state| {
        let e = Emitter::new(context, location, block);
        // SAFETY: values of ops nested in the replacement outlive this construction.
        let erase = |v: Value<'c, '_>| -> Value<'c, 'c> { unsafe { crate::builders::detach(v) } };
        let others: Vec<Value<'c, 'c>> = e.delinearize(row, &other_shape)?.into_iter().map(erase).collect();
        let mut carried = start.clone();
        carried.extend_from_slice(state);
        let inner = scf_for(location, [zero, length, one], &carried, |ib, k, acc| {
            let ie = Emitter::new(context, location, ib);
            let i = if backward { ie.binary("arith.subi", ie.index(n - 1)?, k)? } else { k };
            let mut position = Vec::new();
            let mut next = others.iter();
            for d in 0..shape.len() {
                position.push(if d == dim { i } else { *next.next().expect("one coordinate per other dim") });
            }
            let mut args: Vec<Value> = acc[..m].to_vec();
            for &input in inputs {
                args.push(ie.extract(input, &position)?);
            }
            let combined = scalarize_region(context, body, ib, &args)?;
            let mut yielded = combined.clone();
            for (t, &value) in combined.iter().enumerate() {
                yielded.push(ie.insert(value, acc[m + t], &position)?);
            }
            Ok(yielded)
        })?;
        let inner = block.append_operation(inner);
        (0..m).map(|t| Ok(erase(inner.result(m + t)?.into()))).collect()
    })?;
    rewrite.insert_values(scan)
}

/// Lowers `stablehlo.select_and_scatter`.
pub fn lower_select_and_scatter<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operand: Value = op.operand(0)?;
    let source: Value = op.operand(1)?;
    let init: Value = op.operand(2)?;
    let shape = static_shape(operand.r#type())?;
    let source_shape = static_shape(source.r#type())?;
    let rank = shape.len();
    let window = window_attribute(op, "window_dimensions", rank, 1)?;
    let strides = window_attribute(op, "window_strides", rank, 1)?;
    let (low, _) = padding_attribute(op, rank)?;
    let result_type = op.result(0)?.r#type();
    let select = op.region(0)?.first_block().ok_or("select is empty")?;
    let scatter = op.region(1)?.first_block().ok_or("scatter is empty")?;
    let element = crate::builders::element_type(operand.r#type())?;
    let result = fill(rewrite, location, init, result_type)?;
    let constant = |value: i64| -> BuildResult<Value<'c, 'c>> {
        rewrite.insert_value(index_constant(context, location, value)?)
    };
    let zero = constant(0)?;
    let one = constant(1)?;
    let source_count = constant(source_shape.iter().product())?;
    let window_count = constant(window.iter().product())?;
    // A first candidate value for the inner loop's state (never used unless
    // `found` is set).
    let first = rewrite.rewriter.insert(crate::builders::tensor_extract(location, operand, &vec![zero; rank])?);
    let first: Value = if shape.contains(&0) {
        return Err("select_and_scatter on an empty operand is not supported".into());
    } else {
        first.result(0)?.into()
    };
    let false_value = rewrite.rewriter.insert(crate::builders::int_constant(context, location, 0, crate::builders::integer_type(context, 1)?)?);
    let false_value: Value = false_value.result(0)?.into();
    let _ = element.context();

    let outer = scf_for(location, [zero, source_count, one], &[result], |block, linear, state| {
        let e = Emitter::new(context, location, block);
        let at = e.delinearize(linear, &source_shape)?;
        // Window origin in operand coordinates (may be in the padding).
        let origin: Vec<Value> = (0..rank)
            .map(|d| {
                let scaled = e.binary("arith.muli", at[d], e.index(strides[d])?)?;
                e.binary("arith.subi", scaled, e.index(low[d])?)
            })
            .collect::<BuildResult<_>>()?;
        let zero_index = e.index(0)?;
        let inner = scf_for(location, [zero, window_count, one], &[first, zero_index, false_value], |inner_block, w, carried| {
            let ie = Emitter::new(context, location, inner_block);
            let offset = ie.delinearize(w, &window)?;
            let mut valid = None;
            let mut position = Vec::new();
            for d in 0..rank {
                let p = ie.add(origin[d], offset[d])?;
                let ok = ie.in_range(p, shape[d] - 1)?;
                valid = Some(match valid {
                    None => ok,
                    Some(v) => ie.binary("arith.andi", v, ok)?,
                });
                position.push(ie.clamp(p, 0, shape[d] - 1)?);
            }
            let valid = valid.ok_or("select_and_scatter on a rank-0 operand")?;
            let current = ie.extract(operand, &position)?;
            let keep = scalarize_region(context, select, inner_block, &[carried[0], current])?[0];
            // Take the current element if it is in bounds and either nothing
            // was found yet or the kept one does not win against it.
            let true_value = append(inner_block, crate::builders::int_constant(context, location, 1, crate::builders::integer_type(context, 1)?)?)?;
            let not_keep = ie.binary("arith.xori", keep, true_value)?;
            let not_found = ie.binary("arith.xori", carried[2], true_value)?;
            let better = ie.binary("arith.ori", not_found, not_keep)?;
            let take = ie.binary("arith.andi", valid, better)?;
            let mut flat = position[0];
            for d in 1..rank {
                let scaled = ie.binary("arith.muli", flat, ie.index(shape[d])?)?;
                flat = ie.add(scaled, position[d])?;
            }
            let value = append(inner_block, crate::builders::select(location, take, current, carried[0])?)?;
            let index = append(inner_block, crate::builders::select(location, take, flat, carried[1])?)?;
            let found = ie.binary("arith.ori", carried[2], valid)?;
            Ok(vec![value, index, found])
        })?;
        let inner = block.append_operation(inner);
        // SAFETY: the results of an op now in `block` live as long as it.
        let (chosen, found): (Value, Value) = unsafe {
            (
                crate::builders::detach(inner.result(1)?),
                crate::builders::detach(inner.result(2)?),
            )
        };
        let position = e.delinearize(chosen, &shape)?;
        let old = e.extract(state[0], &position)?;
        let update = e.extract(source, &at)?;
        let combined = scalarize_region(context, scatter, block, &[old, update])?[0];
        let value = append(block, crate::builders::select(location, found, combined, old)?)?;
        Ok(vec![e.insert(value, state[0], &position)?])
    })?;
    let outer = rewrite.rewriter.insert(outer);
    let value: Value = outer.result(0)?.into();
    rewrite.rewriter.replace_op_with_values(op, &[value]);
    Ok(())
}

