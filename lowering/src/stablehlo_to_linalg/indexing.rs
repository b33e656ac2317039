//! `dynamic_slice`, `gather` → `linalg.generic` whose body computes the
//! source position and reads it with `tensor.extract`;
//! `dynamic_update_slice` → `tensor.insert_slice` at the clamped starts
//! (bufferized in place when the operand dies there, as a scan's stacked
//! output does);
//! `scatter` → an `scf.for` over the update elements that reads, combines
//! and writes back one element per iteration (updates apply in order, so
//! duplicate indices accumulate).
//!
//! ```mlir
//! %r = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<5xf32>, tensor<i32>) -> tensor<2xf32>
//! // becomes
//! %r = linalg.generic {indexing_maps = [(d0) -> (d0)], iterator_types = [parallel]} outs(%e) {
//!   %s = tensor.extract %i[]; %k = clamp(index_cast %s, 0, 3) + linalg.index 0
//!   %v = tensor.extract %x[%k]; linalg.yield %v }
//!
//! %r = "stablehlo.scatter"(%x, %idx, %u) ... ({ add })
//! // becomes
//! %r = scf.for %f = 0 to N step 1 iter_args(%acc = %x) {
//!   (position of update element %f in %acc, from %idx)
//!   %old = tensor.extract %acc[..]; %new = arith.addf %old, %upd
//!   %v = arith.select %in_bounds, %new, %old; %acc' = tensor.insert %v into %acc[..]; scf.yield %acc' }
//! ```
//!
//! Start indices are clamped as the seeds define (dynamic_slice,
//! dynamic_update_slice, gather); `ui*` start indices of all four ops are
//! zero-extended, and clamped as unsigned values (`xla.unsigned_operands`,
//! recorded by signedness legalization). A scatter update whose window
//! would leave the operand is skipped, as XLA does.

use super::{Rewrite, emit::Emitter, reduce::scalarize_region};
use crate::builders::{BuildResult, identity_map, index_constant, parallel_generic, scf_for, static_shape};
use xla_dialects::dimension_numbers::{GatherDimensionNumbers, ScatterDimensionNumbers};
use melior::ir::{
    OperationRef, RegionLike, Value, ValueLike,
    attribute::DenseI64ArrayAttribute,
    operation::OperationLike,
};

fn i64_array(op: OperationRef, name: &str) -> BuildResult<Vec<i64>> {
    let array = op
        .attribute(name)
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
        .ok_or_else(|| format!("missing array attribute {name}"))?;
    (0..array.len()).map(|i| array.element(i).map_err(crate::error::LowerError::from)).collect()
}

fn operand<'c, 'a>(op: OperationRef<'c, 'a>, i: usize) -> BuildResult<Value<'c, 'a>> {
    Ok(op.operand(i)?)
}

/// Lowers `stablehlo.dynamic_slice`.
pub fn lower_dynamic_slice<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let source = operand(op, 0)?;
    let shape = static_shape(source.r#type())?;
    let starts: Vec<Value> = op.operands().skip(1).collect();
    let sizes = i64_array(op, "slice_sizes")?;
    let result_type = op.result(0)?.r#type();
    let rank = shape.len();
    rewrite.replace_with_init(op, result_type, |init| {
        parallel_generic(context, location, &[], init, vec![identity_map(context, rank)], result_type, |block, _| {
            let e = Emitter::new(context, location, block);
            let mut position = Vec::new();
            for d in 0..rank {
                let unsigned = crate::signedness::operand_was_unsigned(op, 1 + d);
                let start = e.clamped_start(starts[d], &[], unsigned, shape[d] - sizes[d])?;
                position.push(e.add(start, e.loop_index(d)?)?);
            }
            e.extract(source, &position)
        })
    })
}

/// Lowers `stablehlo.dynamic_update_slice` to `tensor.insert_slice` of the
/// update at the clamped start indices. Bufferization then writes only the
/// update's window: in place when the operand is not used afterwards (the
/// loop-carried result of a `lax.scan`), after one copy of the operand
/// otherwise. (An element-wise `linalg.generic` over the whole operand made
/// every scan step cost the whole stacked output: quadratic in the steps.)
pub fn lower_dynamic_update_slice<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    use crate::builders::{insert_slice_at, scalar, tensor_extract};
    let context = rewrite.context;
    let location = op.location();
    let source = operand(op, 0)?;
    let update = operand(op, 1)?;
    let shape = static_shape(source.r#type())?;
    let update_shape = static_shape(update.r#type())?;
    let starts: Vec<Value> = op.operands().skip(2).collect();
    if shape.is_empty() {
        // Rank 0: the update replaces the whole operand.
        rewrite.rewriter.replace_op_with_values(op, &[update]);
        return Ok(());
    }
    if update_shape.contains(&0) {
        rewrite.rewriter.replace_op_with_values(op, &[source]);
        return Ok(());
    }
    let index = melior::ir::Type::index(context);
    let mut offsets = Vec::with_capacity(shape.len());
    for d in 0..shape.len() {
        // Clamped as the seeds define: start in [0, operand - update].
        let start = rewrite.insert_value(tensor_extract(location, starts[d], &[])?)?;
        let high = rewrite.index(location, shape[d] - update_shape[d])?;
        if crate::signedness::operand_was_unsigned(op, 2 + d) {
            // Zero-extended; an unsigned min also clamps a ui64 above 2^63.
            let start = rewrite.insert_value(scalar(location, "arith.index_castui", &[start], index)?)?;
            offsets.push(rewrite.insert_value(scalar(location, "arith.minui", &[start, high], index)?)?);
            continue;
        }
        let start = rewrite.insert_value(scalar(location, "arith.index_cast", &[start], index)?)?;
        let low = rewrite.index(location, 0)?;
        let start = rewrite.insert_value(scalar(location, "arith.maxsi", &[start, low], index)?)?;
        offsets.push(rewrite.insert_value(scalar(location, "arith.minsi", &[start, high], index)?)?);
    }
    let result = rewrite.insert_value(insert_slice_at(location, update, source, &offsets, &update_shape)?)?;
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}

/// Lowers `stablehlo.gather` (batching dims included).
pub fn lower_gather<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let source = operand(op, 0)?;
    let indices = operand(op, 1)?;
    let shape = static_shape(source.r#type())?;
    let indices_rank = static_shape(indices.r#type())?.len();
    let result_type = op.result(0)?.r#type();
    let result_rank = static_shape(result_type)?.len();
    let GatherDimensionNumbers {
        offset_dims,
        collapsed_slice_dims: collapsed,
        operand_batching_dims: operand_batching,
        start_indices_batching_dims: indices_batching,
        start_index_map,
        index_vector_dim,
    } = GatherDimensionNumbers::from_attribute(op.attribute("dimension_numbers")?)
        .ok_or("dimension_numbers is not a #stablehlo.gather")?;
    let index_vector_dim = index_vector_dim as usize;
    let slice_sizes = i64_array(op, "slice_sizes")?;
    // Result dims that are not offset dims are the batch dims: the dims of
    // start_indices without index_vector_dim, in order.
    let batch_result_dims: Vec<usize> = (0..result_rank).filter(|d| !offset_dims.contains(&(*d as i64))).collect();
    let indices_batch_dims: Vec<usize> = (0..indices_rank).filter(|&d| d != index_vector_dim).collect();
    let kept_operand_dims: Vec<usize> = (0..shape.len())
        .filter(|d| !collapsed.contains(&(*d as i64)) && !operand_batching.contains(&(*d as i64)))
        .collect();
    rewrite.replace_with_init(op, result_type, |init| {
        parallel_generic(context, location, &[], init, vec![identity_map(context, result_rank)], result_type, |block, _| {
            let e = Emitter::new(context, location, block);
            let batch: Vec<Value> = batch_result_dims.iter().map(|&d| e.loop_index(d)).collect::<BuildResult<_>>()?;
            // Position in start_indices of index-vector component k.
            let indices_position = |k: usize| -> BuildResult<Vec<Value>> {
                let mut position = Vec::new();
                let mut next = batch.iter();
                for d in 0..indices_rank {
                    position.push(if d == index_vector_dim {
                        e.index(k as i64)?
                    } else {
                        *next.next().ok_or("internal error: gather batch dims")?
                    });
                }
                Ok(position)
            };
            let mut position: Vec<Value> = (0..shape.len()).map(|_| e.index(0)).collect::<BuildResult<_>>()?;
            for (k, &operand_dim) in start_index_map.iter().enumerate() {
                let d = operand_dim as usize;
                let unsigned = crate::signedness::operand_was_unsigned(op, 1);
                position[d] = e.clamped_start(indices, &indices_position(k)?, unsigned, shape[d] - slice_sizes[d])?;
            }
            for (&operand_dim, &indices_dim) in operand_batching.iter().zip(&indices_batching) {
                let which = indices_batch_dims
                    .iter()
                    .position(|&d| d == indices_dim as usize)
                    .ok_or("internal error: gather batching dim")?;
                position[operand_dim as usize] = e.add(position[operand_dim as usize], batch[which])?;
            }
            for (&operand_dim, &result_dim) in kept_operand_dims.iter().zip(&offset_dims) {
                position[operand_dim] = e.add(position[operand_dim], e.loop_index(result_dim as usize)?)?;
            }
            e.extract(source, &position)
        })
    })
}

/// Lowers `stablehlo.scatter` (variadic, batching dims, any update
/// computation).
pub fn lower_scatter<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operands: Vec<Value> = op.operands().collect();
    let n = (operands.len() - 1) / 2;
    let inputs = &operands[..n];
    let indices = operands[n];
    let unsigned_indices = crate::signedness::operand_was_unsigned(op, n);
    let updates = &operands[n + 1..];
    let shape = static_shape(inputs[0].r#type())?;
    let indices_rank = static_shape(indices.r#type())?.len();
    let update_shape = static_shape(updates[0].r#type())?;
    let ScatterDimensionNumbers {
        update_window_dims: window_dims,
        inserted_window_dims: inserted,
        input_batching_dims: input_batching,
        scatter_indices_batching_dims: indices_batching,
        scatter_dims_to_operand_dims: to_operand,
        index_vector_dim,
    } = ScatterDimensionNumbers::from_attribute(op.attribute("scatter_dimension_numbers")?)
        .ok_or("scatter_dimension_numbers is not a #stablehlo.scatter")?;
    let index_vector_dim = index_vector_dim as usize;
    let scatter_update_dims: Vec<usize> =
        (0..update_shape.len()).filter(|d| !window_dims.contains(&(*d as i64))).collect();
    let indices_batch_dims: Vec<usize> = (0..indices_rank).filter(|&d| d != index_vector_dim).collect();
    let window_operand_dims: Vec<usize> = (0..shape.len())
        .filter(|d| !inserted.contains(&(*d as i64)) && !input_batching.contains(&(*d as i64)))
        .collect();
    // The extent of the update window along each operand dim (1 where the
    // dim is inserted or batching).
    let mut window_size = vec![1i64; shape.len()];
    for (&operand_dim, &update_dim) in window_operand_dims.iter().zip(&window_dims) {
        window_size[operand_dim] = update_shape[update_dim as usize];
    }
    let computation = op.region(0)?.first_block().ok_or("scatter has an empty body")?;
    let count: i64 = update_shape.iter().product();

    let zero = rewrite.rewriter.insert(index_constant(context, location, 0)?);
    let upper = rewrite.rewriter.insert(index_constant(context, location, count)?);
    let one = rewrite.rewriter.insert(index_constant(context, location, 1)?);
    let bounds = [zero, upper, one].map(|c| -> Value { c.result(0).expect("arith.constant has one result").into() });
    let built = scf_for(location, bounds, inputs, |block, linear, accumulators| {
        let e = Emitter::new(context, location, block);
        let u = e.delinearize(linear, &update_shape)?;
        let scatter: Vec<Value> = scatter_update_dims.iter().map(|&d| u[d]).collect();
        let indices_position = |k: usize| -> BuildResult<Vec<Value>> {
            let mut position = Vec::new();
            let mut next = scatter.iter();
            for d in 0..indices_rank {
                position.push(if d == index_vector_dim {
                    e.index(k as i64)?
                } else {
                    *next.next().ok_or("internal error: scatter dims")?
                });
            }
            Ok(position)
        };
        let mut start: Vec<Option<Value>> = vec![None; shape.len()];
        for (k, &operand_dim) in to_operand.iter().enumerate() {
            start[operand_dim as usize] = Some(e.extract_index_as(indices, &indices_position(k)?, unsigned_indices)?);
        }
        let mut position: Vec<Value> = Vec::new();
        let mut valid: Option<Value> = None;
        for d in 0..shape.len() {
            let mut p = match start[d] {
                Some(s) => {
                    let ok = e.in_range(s, shape[d] - window_size[d])?;
                    valid = Some(match valid {
                        None => ok,
                        Some(v) => e.binary("arith.andi", v, ok)?,
                    });
                    s
                }
                None => e.index(0)?,
            };
            if let Some(i) = input_batching.iter().position(|&b| b as usize == d) {
                let which = indices_batch_dims
                    .iter()
                    .position(|&x| x == indices_batching[i] as usize)
                    .ok_or("internal error: scatter batching dim")?;
                p = e.add(p, scatter[which])?;
            }
            if let Some(w) = window_operand_dims.iter().position(|&x| x == d) {
                p = e.add(p, u[window_dims[w] as usize])?;
            }
            // Clamped so that a skipped update reads and rewrites an
            // element in bounds with its old value.
            position.push(e.clamp(p, 0, shape[d] - 1)?);
        }
        let olds: Vec<Value> = accumulators.iter().map(|&acc| e.extract(acc, &position)).collect::<BuildResult<_>>()?;
        let news: Vec<Value> = updates.iter().map(|&upd| e.extract(upd, &u)).collect::<BuildResult<_>>()?;
        let mut args = olds.clone();
        args.extend(news);
        let combined = scalarize_region(context, computation, block, &args)?;
        let mut yielded = Vec::new();
        for ((&acc, &old), &new) in accumulators.iter().zip(&olds).zip(&combined) {
            let value = match valid {
                Some(valid) => crate::builders::append(block, crate::builders::select(location, valid, new, old)?)?,
                None => new,
            };
            yielded.push(e.insert(value, acc, &position)?);
        }
        Ok(yielded)
    })?;
    let built = rewrite.rewriter.insert(built);
    let results: Vec<Value> = built.results().map(Into::into).collect();
    rewrite.rewriter.replace_op_with_values(op, &results);
    Ok(())
}
