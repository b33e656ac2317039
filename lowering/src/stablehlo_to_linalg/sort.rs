//! `sort` → ranks, then a permutation.
//!
//! The rank of element `i` along the sorted dimension is the number of
//! elements `j` that go before it: `comparator(j, i)`, or neither goes
//! first and `j < i`. That is a `linalg.generic` with one extra reduction
//! loop over `j` (O(n²) comparisons per sorted row, every one independent),
//! and it is stable whatever `is_stable` says. An `scf.for` then writes each
//! element of every input to its rank.
//!
//! ```mlir
//! %r = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({ compare LT }) : (tensor<4xf32>) -> tensor<4xf32>
//! // becomes
//! %rank = linalg.generic {indexing_maps = [(i, j) -> (i), (i, j) -> (j), (i, j) -> (i)],
//!                         iterator_types = [parallel, reduction]} ins(%x, %x) outs(%zeros) {
//!   %before = or(lt(x_j, x_i), and(!lt(x_i, x_j), j < i)); addi %acc, extui(%before) }
//! %r = scf.for %f = 0 to 4 iter_args(%out = %empty) { tensor.insert %x[%f] into %out[%rank[%f]] }
//! ```
//!
//! The comparator must be a strict weak order (as the seeds require); with
//! one that is not, ranks may repeat and the output is unspecified (but
//! every write stays in bounds).

use super::{Rewrite, emit::Emitter, reduce::scalarize_region};
use crate::builders::{
    BuildResult, Iterator, affine_map, append, compare_scalar, generic_multi, identity_map, index_constant,
    integer_type, parallel_generic, scalar, scf_for, static_shape, tensor_empty,
};
use melior::ir::{
    OperationRef, RegionLike, Type, Value, ValueLike,
    attribute::IntegerAttribute,
    operation::OperationLike,
    r#type::RankedTensorType,
};

/// Lowers `stablehlo.sort` (variadic, any comparator, along any dimension).
pub fn lower_sort<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let inputs: Vec<Value> = op.operands().collect();
    let shape = static_shape(inputs[0].r#type())?;
    let rank = shape.len();
    let types: Vec<Type> = inputs.iter().map(|v| v.r#type()).collect();
    if rank == 0 || shape.contains(&0) {
        // Nothing to reorder.
        rewrite.rewriter.replace_op_with_values(op, &inputs);
        return Ok(());
    }
    let dimension = op
        .attribute("dimension")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .unwrap_or(-1);
    let dim = if dimension < 0 { dimension + rank as i64 } else { dimension } as usize;
    let comparator = op.region(0).map_err(|e| e.to_string())?.first_block().ok_or("sort has no comparator")?;
    let n = shape[dim];

    // Ranks: iteration space = shape + one reduction loop `j` (dim `rank`).
    let i64_type = integer_type(context, 64)?;
    let rank_type: Type = RankedTensorType::new(&shape.iter().map(|&s| s as u64).collect::<Vec<_>>(), i64_type, None).into();
    let empty = rewrite.rewriter.insert(tensor_empty(location, rank_type)?);
    let empty: Value = empty.result(0).map_err(|e| e.to_string())?.into();
    let zeros = rewrite.rewriter.insert(parallel_generic(context, location, &[], empty, vec![identity_map(context, rank)?], rank_type, |block, _| {
        append(block, crate::builders::int_constant(context, location, 0, i64_type)?)
    })?);
    let zeros: Value = zeros.result(0).map_err(|e| e.to_string())?.into();
    let own: Vec<String> = (0..rank).map(|d| format!("d{d}")).collect();
    let other: Vec<String> = (0..rank).map(|d| if d == dim { format!("d{rank}") } else { format!("d{d}") }).collect();
    let mut maps = Vec::new();
    let mut ins = Vec::new();
    for &input in &inputs {
        maps.push(affine_map(context, rank + 1, &own)?);
        maps.push(affine_map(context, rank + 1, &other)?);
        ins.push(input);
        ins.push(input);
    }
    maps.push(affine_map(context, rank + 1, &own)?);
    let mut iterators = vec![Iterator::Parallel; rank];
    iterators.push(Iterator::Reduction);
    let ranks = generic_multi(context, location, &ins, &[zeros], maps, &iterators, &[rank_type], |block, args| {
        let e = Emitter::new(context, location, block);
        let k = inputs.len();
        // args: (x0_i, x0_j, x1_i, x1_j, ..., acc); the comparator takes
        // (lhs0, rhs0, lhs1, rhs1, ...).
        let pairs = |lhs: usize, rhs: usize| -> Vec<Value> {
            (0..k).flat_map(|t| [args[2 * t + lhs], args[2 * t + rhs]]).collect()
        };
        let j_first = scalarize_region(context, comparator, block, &pairs(1, 0))?[0];
        let i_first = scalarize_region(context, comparator, block, &pairs(0, 1))?[0];
        let i = e.loop_index(dim)?;
        let j = e.loop_index(rank)?;
        let j_earlier = append(block, compare_scalar(context, location, "arith.cmpi", "slt", j, i)?)?;
        let distinct = append(block, compare_scalar(context, location, "arith.cmpi", "ne", j, i)?)?;
        let true_value = append(block, crate::builders::int_constant(context, location, 1, integer_type(context, 1)?)?)?;
        let not_i_first = e.binary("arith.xori", i_first, true_value)?;
        let tie_before = e.binary("arith.andi", not_i_first, j_earlier)?;
        let before = e.binary("arith.ori", j_first, tie_before)?;
        let before = e.binary("arith.andi", before, distinct)?;
        let increment = append(block, scalar(location, "arith.extui", &[before], i64_type)?)?;
        Ok(vec![e.binary("arith.addi", args[2 * k], increment)?])
    })?;
    let ranks = rewrite.rewriter.insert(ranks);
    let ranks: Value = ranks.result(0).map_err(|e| e.to_string())?.into();

    // Permutation.
    let mut outputs = Vec::new();
    for &ty in &types {
        let empty = rewrite.rewriter.insert(tensor_empty(location, ty)?);
        outputs.push(empty.result(0).map_err(|e| e.to_string())?.into());
    }
    let constant = |value: i64| -> BuildResult<Value<'c, 'c>> {
        let c = rewrite.rewriter.insert(index_constant(context, location, value)?);
        let v: Value = c.result(0).map_err(|e| e.to_string())?.into();
        // SAFETY: defined by an op in the IR, which outlives the rewrite.
        Ok(unsafe { Value::from_raw(v.to_raw()) })
    };
    let bounds = [constant(0)?, constant(shape.iter().product())?, constant(1)?];
    let permute = scf_for(location, bounds, &outputs, |block, linear, state| {
        let e = Emitter::new(context, location, block);
        let at = e.delinearize(linear, &shape)?;
        let target = e.extract_index(ranks, &at)?;
        let mut destination = at.clone();
        destination[dim] = e.clamp(target, 0, n - 1)?;
        let mut next = Vec::new();
        for (&input, &out) in inputs.iter().zip(state) {
            let value = e.extract(input, &at)?;
            next.push(e.insert(value, out, &destination)?);
        }
        Ok(next)
    })?;
    let permute = rewrite.rewriter.insert(permute);
    let results: Vec<Value> = permute.results().map(Into::into).collect();
    rewrite.rewriter.replace_op_with_values(op, &results);
    Ok(())
}
