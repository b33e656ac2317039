//! `sort` → for rows of up to [`MERGE_SORT_THRESHOLD`] elements, ranks then
//! a permutation (below); longer rows are merge-sorted ([`merge_sort`]).
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
    Affine, dims, BuildResult, Iterator, affine_map, append, compare_scalar, generic_multi, identity_map, index_constant,
    integer_type, parallel_generic, scalar, scf_for, static_shape, tensor_empty, extract_slice_at, insert_slice_at, parallel_insert_slice_at, scf_forall,
};
use melior::ir::{
    BlockLike, OperationRef, RegionLike, Type, Value, ValueLike,
    attribute::IntegerAttribute,
    operation::OperationLike,
    r#type::{RankedTensorType, ShapedTypeLike},
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
    let comparator = op.region(0)?.first_block().ok_or("sort has no comparator")?;
    let n = shape[dim];
    if n > MERGE_SORT_THRESHOLD {
        let results = merge_sort(rewrite, location, &inputs, &shape, dim, comparator)?;
        rewrite.rewriter.replace_op_with_values(op, &results);
        return Ok(());
    }

    // Ranks: iteration space = shape + one reduction loop `j` (dim `rank`);
    // i32 ranks (a row has at most MERGE_SORT_THRESHOLD elements).
    let rank_element = integer_type(context, 32)?;
    let rank_type: Type = RankedTensorType::new(&shape.iter().map(|&s| s as u64).collect::<Vec<_>>(), rank_element, None).into();
    let empty = rewrite.rewriter.insert(tensor_empty(location, rank_type)?);
    let empty: Value = empty.result(0)?.into();
    let zeros = rewrite.rewriter.insert(parallel_generic(context, location, &[], empty, vec![identity_map(context, rank)], rank_type, |block, _| {
        append(block, crate::builders::int_constant(context, location, 0, rank_element)?)
    })?);
    let zeros: Value = zeros.result(0)?.into();
    let own: Vec<Affine> = dims(context, 0..rank);
    let other: Vec<Affine> = (0..rank).map(|d| Affine::dim(context, if d == dim { rank } else { d })).collect();
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
        let increment = append(block, scalar(location, "arith.extui", &[before], rank_element)?)?;
        Ok(vec![e.binary("arith.addi", args[2 * k], increment)?])
    })?;
    let ranks = rewrite.rewriter.insert(ranks);
    let ranks: Value = ranks.result(0)?.into();

    // Permutation.
    let mut outputs = Vec::new();
    for &ty in &types {
        let empty = rewrite.rewriter.insert(tensor_empty(location, ty)?);
        outputs.push(empty.result(0)?.into());
    }
    let constant = |value: i64| -> BuildResult<Value<'c, 'c>> {
        rewrite.insert_value(index_constant(context, location, value)?)
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

/// Rows longer than this are merge-sorted; shorter ones use the
/// all-pairs ranks (independent comparisons, no sequential loops).
pub const MERGE_SORT_THRESHOLD: i64 = 16;

/// Largest scratch row (bytes, all operands) of a merge sort whose rows run
/// in parallel: on the CPU the scratch then lives on the worker's stack
/// (`xla-parallel-stack-temporaries` takes up to 128 KiB), on the GPU in
/// each thread's local memory, which the driver reserves for every thread
/// the device can hold at once (16 KiB x 2048 threads x 132
/// multiprocessors: 4.3 GB on an H100 or H200).
pub const MAX_PARALLEL_SCRATCH: u128 = 16 * 1024;

/// Stable bottom-up merge sort of every row along `dim` (O(n log n)
/// comparator calls) in ⌈log2 n⌉ passes of width 1, 2, 4, ...; a right
/// element goes first only if the comparator puts it strictly before the
/// left one.
///
/// When one element of all the operands together takes at most 8 bytes
/// (one f32 or f64 array, keys with an i32 payload), the values themselves
/// are merged, and the rows are the iterations of an `scf.forall` (the
/// thread pool's, when large enough): each merges between its row of the
/// outputs (a slice, written in place) and one scratch row per operand of
/// its own (64 KiB for 16k f32 values; on the thread's stack when small,
/// `xla-parallel-stack-temporaries`); the first pass reads the inputs, and
/// the passes alternate so that the last writes the outputs' row.
/// Otherwise a permutation of positions (i32, 4 bytes each: half the
/// scratch of `index`) is merged between two scratch rows, row after row,
/// and every input is then gathered through it.
///
/// ```mlir
/// scf.forall (%row) in (rows) shared_outs(%o = ...) {  // all dims but `dim`
///   %out = tensor.extract_slice %o[row...] ; %scratch = tensor.empty
///   scf.for %pair ... { scf.for %k = lo to hi iter_args(%i, %j, %dst...) {
///     take left unless comparator(src[j], src[i]); tensor.insert ... } }  // width 1, 2, ...
///   scf.forall.in_parallel { tensor.parallel_insert_slice %last into %o[row...] }
/// }
/// // (permutations: an scf.for over rows; src/dst hold positions, then out[k] = x[perm[k]])
/// ```
/// The position in a sorted tensor of element `k` of the row whose other
/// coordinates are `others` (in order, `dim` left out).
fn row_position<'c>(others: &[Value<'c, 'c>], dim: usize, k: Value<'c, 'c>) -> Vec<Value<'c, 'c>> {
    let mut position = others.to_vec();
    position.insert(dim, k);
    position
}

/// The two runs that pair `pair` of a pass of `width` merges, clipped to
/// `n`: `[lo, mid)` and `[mid, hi)`, and the last index of each (a run that
/// is used up is read there again, harmlessly, until the other ends):
/// `[lo, mid, hi, last_left, last_right]`.
fn pair_runs<'c, 'b>(e: &Emitter<'c, 'b>, pair: Value<'c, 'b>, width: i64, n: i64) -> BuildResult<[Value<'c, 'b>; 5]> {
    let lo = e.binary("arith.muli", pair, e.index(2 * width)?)?;
    let n_index = e.index(n)?;
    let mid = e.binary("arith.minsi", e.add(lo, e.index(width)?)?, n_index)?;
    let hi = e.binary("arith.minsi", e.add(lo, e.index(2 * width)?)?, n_index)?;
    let last_left = e.binary("arith.subi", mid, e.index(1)?)?;
    let last_right = e.binary("arith.subi", hi, e.index(1)?)?;
    Ok([lo, mid, hi, last_left, last_right])
}

/// One step of a merge at positions `i` (left run, up to `mid`) and `j`
/// (right run, up to `hi`), given whether the comparator puts the right
/// element strictly first: whether the left element is taken (the left run
/// is not used up, and the right one is or does not go first: stable), and
/// the next `i` and `j`.
fn merge_step<'c, 'b>(
    e: &Emitter<'c, 'b>,
    b_first: Value<'c, 'b>,
    [i, j]: [Value<'c, 'b>; 2],
    [mid, hi]: [Value<'c, '_>; 2],
) -> BuildResult<(Value<'c, 'b>, Value<'c, 'b>, Value<'c, 'b>)> {
    let (context, location, block) = (e.context, e.location, e.block);
    let left_ok = append(block, compare_scalar(context, location, "arith.cmpi", "slt", i, mid)?)?;
    let right_ok = append(block, compare_scalar(context, location, "arith.cmpi", "slt", j, hi)?)?;
    let true_value = append(block, crate::builders::int_constant(context, location, 1, integer_type(context, 1)?)?)?;
    let not_b_first = e.binary("arith.xori", b_first, true_value)?;
    let no_right = e.binary("arith.xori", right_ok, true_value)?;
    let prefer_left = e.binary("arith.ori", no_right, not_b_first)?;
    let take_left = e.binary("arith.andi", left_ok, prefer_left)?;
    let (one, zero) = (e.index(1)?, e.index(0)?);
    let step_left = append(block, crate::builders::select(location, take_left, one, zero)?)?;
    let step_right = e.binary("arith.subi", one, step_left)?;
    Ok((take_left, e.add(i, step_left)?, e.add(j, step_right)?))
}

fn merge_sort<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: melior::ir::Location<'c>,
    inputs: &[Value<'c, '_>],
    shape: &[i64],
    dim: usize,
    comparator: melior::ir::BlockRef<'c, '_>,
) -> BuildResult<Vec<Value<'c, 'c>>> {
    use crate::builders::select;
    let context = rewrite.context;
    let n = shape[dim];
    let other: Vec<usize> = (0..shape.len()).filter(|&d| d != dim).collect();
    let other_shape: Vec<i64> = other.iter().map(|&d| shape[d]).collect();
    let rows: i64 = other_shape.iter().product();
    // Permutations of i32 positions when they fit (half the scratch of
    // `index`), else i64.
    let position_type = integer_type(context, if n <= i32::MAX as i64 { 32 } else { 64 })?;
    let perm_type: Type = RankedTensorType::new(&[n as u64], position_type, None).into();
    let constant = |value: i64| -> BuildResult<Value<'c, 'c>> {
        rewrite.insert_value(index_constant(context, location, value)?)
    };
    let empty = |ty: Type<'c>| -> BuildResult<Value<'c, 'c>> {
        rewrite.insert_value(tensor_empty(location, ty)?)
    };
    let (zero, one, row_count, length) = (constant(0)?, constant(1)?, constant(rows)?, constant(n)?);
    let mut carried = Vec::new();
    for &input in inputs {
        carried.push(empty(input.r#type())?);
    }
    let passes = (64 - ((n - 1) as u64).leading_zeros()) as usize; // ⌈log2 n⌉
    // The values are merged directly (no permutation, no gather) when one
    // row of every input takes no more scratch than the two permutations.
    let position_bytes = if n <= i32::MAX as i64 { 4 } else { 8 };
    let value_bytes = inputs.iter().try_fold(0u128, |sum, input| {
        let element = RankedTensorType::try_from(input.r#type()).ok()?.element();
        Some(sum + crate::type_sizes::element_bytes(element)?)
    });
    let direct = value_bytes.is_some_and(|bytes| bytes <= 2 * position_bytes);
    if direct {
        // Rows are independent: with a small scratch row, one iteration of
        // an `scf.forall` each (the thread pool's when the work is large
        // enough; on the GPU a thread per row, its scratch in local
        // memory); else (one row, or rows whose scratch would not fit a
        // thread's stack) an `scf.for` over the rows. The values are merged
        // between the output's row (a slice of it, written in place) and
        // the scratch: pass `p` writes the output's row when `passes - 1 -
        // p` is even, so the last pass does; pass 0 reads the inputs.
        let parallel = rows >= 2 && value_bytes.is_some_and(|bytes| bytes * n as u128 <= MAX_PARALLEL_SCRATCH);
        // The merged row of every operand, its offsets in the outputs and
        // their sizes (`n` along `dim`, 1 elsewhere).
        let merge_row = |block: &melior::ir::Block<'c>, linear: Value<'c, '_>, outputs: &[Value<'c, '_>]| -> BuildResult<(Vec<Value<'c, 'c>>, Vec<Value<'c, 'c>>, Vec<i64>)> {
            let e = Emitter::new(context, location, block);
            // SAFETY (all `erase` calls below): the values are results or
            // arguments of ops nested in the sort's replacement, which
            // outlive this construction; only the borrow-tracking lifetime
            // is dropped.
            let erase = |v: Value<'c, '_>| -> Value<'c, 'c> { unsafe { crate::builders::detach(v) } };
            let others: Vec<Value<'c, 'c>> = e.delinearize(linear, &other_shape)?.into_iter().map(erase).collect();
            let position = |k: Value<'c, '_>| row_position(&others, dim, erase(k));
            let offsets = position(zero);
            let sizes: Vec<i64> = (0..shape.len()).map(|d| if d == dim { n } else { 1 }).collect();
            let (mut out_rows, mut scratch) = (Vec::new(), Vec::new());
            for (&input, &output) in inputs.iter().zip(outputs) {
                let element = RankedTensorType::try_from(input.r#type()).map_err(|_| "sort of a non-tensor")?.element();
                let row_type: Type = RankedTensorType::new(&[n as u64], element, None).into();
                out_rows.push(erase(append(block, extract_slice_at(location, output, &offsets, &sizes, row_type)?)?));
                scratch.push(erase(append(block, tensor_empty(location, row_type)?)?));
            }
            let (mut even, mut odd) = if passes % 2 == 1 { (out_rows, scratch) } else { (scratch, out_rows) };
            // The source of a pass: the inputs (indexed at the row's
            // position), then the previous pass's row.
            let mut src: (Vec<Value<'c, 'c>>, bool) = (inputs.iter().map(|&v| erase(v)).collect(), false);
            for pass in 0..passes {
                let width = 1i64 << pass;
                let dst = if pass % 2 == 0 { even.clone() } else { odd.clone() };
                let (from, from_row) = (src.0.clone(), src.1);
                let at = |row_only: bool, k: Value<'c, '_>| if row_only { vec![erase(k)] } else { position(k) };
                let pairs = e.index((n + 2 * width - 1) / (2 * width))?;
                let merged = scf_for(location, [zero, pairs, one], &dst, |pb, pair, ps| {
                    let [lo, mid, hi, last_left, last_right] = pair_runs(&Emitter::new(context, location, pb), pair, width, n)?;
                    let mut carried = vec![lo, mid];
                    carried.extend(ps.iter().copied());
                    let merge = scf_for(location, [lo, hi, one], &carried, |mb, k, ms| {
                        let me = Emitter::new(context, location, mb);
                        let (i, j) = (ms[0], ms[1]);
                        let left_at = at(from_row, me.binary("arith.minsi", i, last_left)?);
                        let right_at = at(from_row, me.binary("arith.minsi", j, last_right)?);
                        let (mut lefts, mut rights, mut args) = (Vec::new(), Vec::new(), Vec::new());
                        for &tensor in &from {
                            let (a, b) = (me.extract(tensor, &left_at)?, me.extract(tensor, &right_at)?);
                            args.push(b);
                            args.push(a);
                            lefts.push(a);
                            rights.push(b);
                        }
                        let b_first = scalarize_region(context, comparator, mb, &args)?[0];
                        let (take_left, next_i, next_j) = merge_step(&me, b_first, [i, j], [mid, hi])?;
                        let mut next = vec![next_i, next_j];
                        for (slot, (&a, &b)) in lefts.iter().zip(&rights).enumerate() {
                            let chosen = append(mb, select(location, take_left, a, b)?)?;
                            next.push(me.insert(chosen, ms[2 + slot], &[k])?);
                        }
                        Ok(next)
                    })?;
                    let merge = pb.append_operation(merge);
                    // SAFETY: results of an op now in `pb` live as long as it.
                    (0..inputs.len()).map(|r| Ok(unsafe { crate::builders::detach(merge.result(2 + r)?) })).collect()
                })?;
                let merged = block.append_operation(merged);
                // SAFETY: as above.
                let tensors: Vec<Value<'c, 'c>> =
                    (0..inputs.len()).map(|r| Ok(unsafe { crate::builders::detach(merged.result(r)?) })).collect::<BuildResult<_>>()?;
                if pass % 2 == 0 {
                    even = tensors.clone();
                } else {
                    odd = tensors.clone();
                }
                src = (tensors, true);
            }
            Ok((src.0, offsets, sizes))
        };
        if parallel {
            let forall = scf_forall(location, rows, &carried, |block, linear, shared| {
                let (merged, offsets, sizes) = merge_row(block, linear, shared)?;
                merged.iter().zip(shared).map(|(&row, &output)| parallel_insert_slice_at(location, row, output, &offsets, &sizes)).collect()
            })?;
            return rewrite.insert_values(forall);
        }
        let sorted = scf_for(location, [zero, row_count, one], &carried, |block, linear, state| {
            let (merged, offsets, sizes) = merge_row(block, linear, state)?;
            let mut next = Vec::new();
            for (&row, &output) in merged.iter().zip(state) {
                next.push(append(block, insert_slice_at(location, row, output, &offsets, &sizes)?)?);
            }
            Ok(next)
        })?;
        return rewrite.insert_values(sorted);
    }
    let sorted = scf_for(location, [zero, row_count, one], &carried, |block, row, state| {
        let e = Emitter::new(context, location, block);
        // SAFETY (all `erase` calls below): the values are results or
        // arguments of ops nested in the sort's replacement, which outlive
        // this construction; only the borrow-tracking lifetime is dropped.
        let erase = |v: Value<'c, '_>| -> Value<'c, 'c> { unsafe { crate::builders::detach(v) } };
        let others: Vec<Value<'c, 'c>> = e.delinearize(row, &other_shape)?.into_iter().map(erase).collect();
        let position = |k: Value<'c, '_>| row_position(&others, dim, erase(k));
        // Fresh scratch permutations per row; src = iota.
        let scratch = |_: ()| -> BuildResult<Value<'c, 'c>> {
            let op = block.append_operation(tensor_empty(location, perm_type)?);
            Ok(erase(op.result(0)?.into()))
        };
        let (first, second) = (scratch(())?, scratch(())?);
        let init = scf_for(location, [zero, length, one], &[first], |b, k, s| {
            let be = Emitter::new(context, location, b);
            let position = append(b, scalar(location, "arith.index_cast", &[k], position_type)?)?;
            Ok(vec![be.insert(position, s[0], &[k])?])
        })?;
        let init = block.append_operation(init);
        // SAFETY: results of an op now in `block` live as long as it.
        let mut src: Value = unsafe { crate::builders::detach(init.result(0)?) };
        let mut dst = second;
        for pass in 0..passes {
            let width = 1i64 << pass;
            let pairs = e.index((n + 2 * width - 1) / (2 * width))?;
            let merged = scf_for(location, [zero, pairs, one], &[dst], |pb, pair, ps| {
                let [lo, mid, hi, last_left, last_right] = pair_runs(&Emitter::new(context, location, pb), pair, width, n)?;
                let merge = scf_for(location, [lo, hi, one], &[lo, mid, ps[0]], |mb, k, ms| {
                    let me = Emitter::new(context, location, mb);
                    let (i, j, out) = (ms[0], ms[1], ms[2]);
                    let a = me.extract(src, &[me.binary("arith.minsi", i, last_left)?])?;
                    let b = me.extract(src, &[me.binary("arith.minsi", j, last_right)?])?;
                    let (a_at, b_at) = (me.to_index(a)?, me.to_index(b)?);
                    let mut args = Vec::new();
                    for &input in inputs {
                        args.push(me.extract(input, &position(b_at))?);
                        args.push(me.extract(input, &position(a_at))?);
                    }
                    let b_first = scalarize_region(context, comparator, mb, &args)?[0];
                    let (take_left, next_i, next_j) = merge_step(&me, b_first, [i, j], [mid, hi])?;
                    let chosen = append(mb, crate::builders::select(location, take_left, a, b)?)?;
                    Ok(vec![next_i, next_j, me.insert(chosen, out, &[k])?])
                })?;
                let merge = pb.append_operation(merge);
                // SAFETY: results of an op now in `pb` live as long as it.
                Ok(vec![unsafe { crate::builders::detach(merge.result(2)?) }])
            })?;
            let merged = block.append_operation(merged);
            // SAFETY: as above.
            let merged: Value = unsafe { crate::builders::detach(merged.result(0)?) };
            dst = src;
            src = merged;
        }
        // Gather every input through the permutation.
        let outputs: Vec<Value> = state.to_vec();
        let gather = scf_for(location, [zero, length, one], &outputs, |gb, k, gs| {
            let ge = Emitter::new(context, location, gb);
            let from = ge.extract_index(src, &[k])?;
            let mut next = Vec::new();
            for (&input, &out) in inputs.iter().zip(gs) {
                let value = ge.extract(input, &position(from))?;
                next.push(ge.insert(value, out, &position(k))?);
            }
            Ok(next)
        })?;
        let gather = block.append_operation(gather);
        let mut yielded = Vec::new();
        for i in 0..inputs.len() {
            // SAFETY: as above.
            yielded.push(unsafe { crate::builders::detach(gather.result(i)?) });
        }
        Ok(yielded)
    })?;
    rewrite.insert_values(sorted)
}
