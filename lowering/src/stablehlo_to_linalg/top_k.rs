//! `chlo.top_k` → a selection per row: the k best elements of each row
//! (along the last dimension) kept in the index result itself, best first,
//! in O(n) comparisons plus O(k) per element that enters the top k (O(n·k)
//! at worst, for an ascending row), instead of a full sort of the row.
//!
//! `chlo-legalize-to-stablehlo` leaves a `chlo.top_k` for this lowering
//! when [`by_selection`] holds, and decomposes it into a full sort
//! otherwise; this lowering itself is correct for any k.
//!
//! Order, as `jax.lax.top_k`: descending, equal elements in index order;
//! floats in IEEE total order (+NaN above +inf, +0 above -0, -NaN below
//! -inf), compared as integer keys (the bits, with the magnitude bits of
//! negative values flipped); integers signed or unsigned as their original
//! type; `i1` with true above false.
//!
//! Rows are independent: the loop over them is an `scf.forall` (each row
//! writes its slice of both results), which the pipelines turn into an
//! `scf.parallel` after bufferization (the GPU pipeline maps it to a kernel
//! with one thread per row).
//!
//! ```mlir
//! %v, %i = chlo.top_k(%x, k = 5) : tensor<512x1000xf32> -> (tensor<512x5xf32>, tensor<512x5xi32>)
//! // becomes
//! scf.forall (%row) in (512) shared_outs(%values = ..., %indices = ...) {
//!   %vs = tensor.extract_slice %values[%row, 0] [1, 5] [1, 1] : ... to tensor<5xf32>   // and %is
//!   scf.for %j = 0 to 5 { insert j into %is[0..j] }      // the first k, sorted
//!   scf.for %j = 5 to 1000 iter_args(%is, %worst = key(x[row, is[4]])) {
//!     scf.if key(x[row, j]) > %worst { insert j, shifting worse indices right; new %worst } }
//!   scf.for %p = 0 to 5 { %vs[p] = x[row, is[p]] }
//!   scf.forall.in_parallel { tensor.parallel_insert_slice (both rows) } }
//! ```
//!
//! Inserting j with key `key` into positions `0..=len`: from `p = len` down
//! to 1, position p takes the index at p - 1 while `key` is strictly
//! greater than that index's key (so an equal, earlier element stays
//! first), and j fills the gap; the index at `len` is dropped.

use super::{Rewrite, emit::Emitter};
use crate::builders::{
    BuildResult, append, element_type, extract_slice_at, integer_type, parallel_insert_slice_at, scf_forall, static_shape,
    tensor_empty,
};
use crate::element::ElementKind;
use melior::{
    Context,
    ir::{Location, OperationRef, Type, Value, ValueLike, operation::OperationLike, r#type::RankedTensorType},
};

/// Whether `chlo.top_k` of the k best of n is lowered here (by selection)
/// rather than by a full sort: k ≤ max(16, 4⌈log2 n⌉). Selection's worst
/// case (an ascending row: every element enters and shifts k - 1 others)
/// is about n·k key comparisons and moves, against the merge sort's
/// n·⌈log2 n⌉ comparator calls; on random rows it is O(n + k² log(n/k)).
/// Measured on 512 rows of 1000 f32 (release build, one core): k = 5 takes
/// 0.44 ms (random) / 2.1 ms (ascending), k = 40 7.4 / 24 ms, while the
/// sort takes 45-60 ms for any k; so at the bound, selection's worst case
/// is still about half the sort. Rows of up to 16 are sorted by all-pairs
/// ranks, which selection also beats.
pub fn by_selection(n: i64, k: i64) -> bool {
    let log2 = 64 - (n.max(1) as u64 - 1).leading_zeros() as i64;
    k <= 16.max(4 * log2)
}

/// How elements compare: through integer keys, signed or unsigned.
#[derive(Clone, Copy)]
enum Order {
    /// IEEE total order through the bits of a float of this width.
    Float(u32),
    Signed,
    Unsigned,
}

impl Order {
    fn of(original: Type) -> BuildResult<Self> {
        match ElementKind::of(original) {
            Some(ElementKind::Float(bits)) => Ok(Order::Float(bits)),
            Some(ElementKind::SignlessInt(_) | ElementKind::SignedInt(_)) => Ok(Order::Signed),
            Some(ElementKind::UnsignedInt(_) | ElementKind::Pred) => Ok(Order::Unsigned),
            _ => Err(format!("top_k of {original} elements is not supported").into()),
        }
    }

    /// The type of the keys of elements of (signless) type `element`.
    fn key_type<'c>(self, context: &'c Context, element: Type<'c>) -> BuildResult<Type<'c>> {
        match self {
            Order::Float(bits) => integer_type(context, bits),
            _ => Ok(element),
        }
    }

    /// The key of `value`: itself for integers; for floats the bits as a
    /// signed integer, with all bits but the sign flipped when negative
    /// (`bits ^ ((bits >>s (w-1)) >>u 1)`), which orders as the IEEE total
    /// order.
    fn key<'c, 'b>(self, e: &Emitter<'c, 'b>, value: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        let Order::Float(width) = self else { return Ok(value) };
        let ty = integer_type(e.context, width)?;
        let bits = e.op("arith.bitcast", &[value], ty)?;
        let sign = e.binary("arith.shrsi", bits, e.int(i128::from(width) - 1, ty)?)?;
        let magnitude_mask = e.binary("arith.shrui", sign, e.int(1, ty)?)?;
        e.binary("arith.xori", bits, magnitude_mask)
    }

    /// `lhs > rhs` on keys.
    fn greater<'c, 'b>(self, e: &Emitter<'c, 'b>, lhs: Value<'c, 'b>, rhs: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        e.cmpi(if matches!(self, Order::Unsigned) { "ugt" } else { "sgt" }, lhs, rhs)
    }
}

/// What the per-row code needs: the input, how to compare, the index
/// result's types.
#[derive(Clone, Copy)]
struct Selection<'c> {
    context: &'c Context,
    location: Location<'c>,
    x: Value<'c, 'c>,
    order: Order,
    /// Element type of the index result (i32).
    index_element: Type<'c>,
    /// Type of one row of the index result (`tensor<k x i32>`).
    row_indices_type: Type<'c>,
    key_type: Type<'c>,
}

impl<'c> Selection<'c> {
    /// An emitter for `block`, whose values may live shorter than `'c`
    /// (see [`Emitter::for_loop`]).
    fn emitter<'x, 'b>(&self, block: &'b melior::ir::Block<'x>) -> Emitter<'x, 'b>
    where
        'c: 'x,
    {
        Emitter::new(self.context, self.location, block)
    }

    /// The position `row..., last` in a tensor of the operand's rank.
    fn at<'x, 'b>(row: &[Value<'x, 'b>], last: Value<'x, 'b>) -> Vec<Value<'x, 'b>> {
        let mut position = row.to_vec();
        position.push(last);
        position
    }

    /// The key of `x[row..., j]`.
    fn key_at<'x, 'b>(&self, e: &Emitter<'x, 'b>, row: &[Value<'x, 'b>], j: Value<'x, 'b>) -> BuildResult<Value<'x, 'b>>
    where
        'c: 'x,
    {
        let value = e.extract(self.x, &Self::at(row, j))?;
        self.order.key(e, value)
    }

    /// The key of the element whose index is at `indices[p]` (a row of the
    /// index result).
    fn key_of_entry<'x, 'b>(&self, e: &Emitter<'x, 'b>, indices: Value<'x, 'b>, row: &[Value<'x, 'b>], p: Value<'x, 'b>) -> BuildResult<Value<'x, 'b>>
    where
        'c: 'x,
    {
        let j = e.extract_index(indices, &[p])?;
        self.key_at(e, row, j)
    }

    /// `indices` (a row of the index result) with j (key `key`) inserted
    /// into its sorted positions `0..=len` (see the module documentation).
    fn insert<'x, 'b>(
        &self,
        e: &Emitter<'x, 'b>,
        indices: Value<'x, 'b>,
        row: &[Value<'x, 'b>],
        j: Value<'x, 'b>,
        key: Value<'x, 'b>,
        len: Value<'x, 'b>,
    ) -> BuildResult<Value<'x, 'b>>
    where
        'c: 'x,
    {
        let i1 = integer_type(self.context, 1)?;
        let j_element = e.op("arith.index_cast", &[j], self.index_element)?;
        let (zero, not_done) = (e.index(0)?, e.int(0, i1)?);
        // Shift pass: p = len - q for q in 0..len; `done` once j is placed.
        let shifted = e.for_loop(zero, len, &[indices, not_done], |block, q, state| {
            let e = self.emitter(block);
            let p = e.binary("arith.subi", len, q)?;
            let previous = e.binary("arith.subi", p, e.index(1)?)?;
            let (indices, done) = (state[0], state[1]);
            e.if_else(
                done,
                &[self.row_indices_type, i1],
                |_| Ok(vec![indices, done]),
                |block| {
                    let e = self.emitter(block);
                    let moved = e.extract(indices, &[previous])?;
                    let moved_index = e.to_index(moved)?;
                    let shift = self.order.greater(&e, key, self.key_at(&e, row, moved_index)?)?;
                    let entry = e.select(shift, moved, j_element)?;
                    let updated = e.insert(entry, indices, &[p])?;
                    let placed = e.binary("arith.xori", shift, e.int(1, i1)?)?;
                    Ok(vec![updated, placed])
                },
            )
        })?;
        // Not placed: j goes first.
        let (indices, done) = (shifted[0], shifted[1]);
        let first = [e.index(0)?];
        let current = e.extract(indices, &first)?;
        let entry = e.select(done, current, j_element)?;
        e.insert(entry, indices, &first)
    }
}

/// Lowers `chlo.top_k` (after signedness legalization: the element order
/// comes from `xla.operand_element`).
pub fn lower_top_k<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let x: Value = op.operand(0)?;
    // SAFETY: the operand is a value of the IR, which outlives the rewrite.
    let x: Value<'c, 'c> = unsafe { crate::builders::detach(x) };
    let values_type = op.result(0)?.r#type();
    let indices_type = op.result(1)?.r#type();
    let shape = static_shape(x.r#type())?;
    let Some((&n, batch)) = shape.split_last() else {
        return Err("top_k of a scalar".into());
    };
    let k = *static_shape(values_type)?.last().ok_or("top_k result of rank 0")?;
    if k > n {
        return Err(format!("k = {k} is larger than the last dimension ({n})").into());
    }
    let element = element_type(x.r#type())?;
    let order = Order::of(crate::signedness::original_element(op, false, element))?;
    let index_element = element_type(indices_type)?;
    let row_type = |element| -> Type<'c> { RankedTensorType::new(&[k as u64], element, None).into() };
    let selection = Selection {
        context,
        location,
        x,
        order,
        index_element,
        row_indices_type: row_type(index_element),
        key_type: order.key_type(context, element)?,
    };
    let values = rewrite.insert_value(tensor_empty(location, values_type)?)?;
    let indices = rewrite.insert_value(tensor_empty(location, indices_type)?)?;
    let rows: i64 = batch.iter().product();
    if k == 0 || rows == 0 {
        rewrite.rewriter.replace_op_with_values(op, &[values, indices]);
        return Ok(());
    }
    let batch = batch.to_vec();
    let mut sizes = vec![1; batch.len()];
    sizes.push(k);
    let outer = scf_forall(location, rows, &[values, indices], |block, linear, shared| {
        let s = selection;
        let e = s.emitter(block);
        let row = e.delinearize(linear, &batch)?;
        let row = &row;
        let mut offsets = row.clone();
        offsets.push(e.index(0)?);
        let values_row = append(block, extract_slice_at(location, shared[0], &offsets, &sizes, row_type(element))?)?;
        let indices_row = append(block, extract_slice_at(location, shared[1], &offsets, &sizes, s.row_indices_type)?)?;
        let (zero, k_index, n_index) = (e.index(0)?, e.index(k)?, e.index(n)?);
        // The first k, insertion-sorted.
        let first = e.for_loop(zero, k_index, &[indices_row], |block, j, state| {
            let e = s.emitter(block);
            let key = s.key_at(&e, row, j)?;
            Ok(vec![s.insert(&e, state[0], row, j, key, j)?])
        })?[0];
        // The rest: an element enters only if it beats the current worst.
        let last = e.index(k - 1)?;
        let worst = s.key_of_entry(&e, first, row, last)?;
        let selected = e.for_loop(k_index, n_index, &[first, worst], |block, j, state| {
            let e = s.emitter(block);
            let (indices, worst) = (state[0], state[1]);
            let key = s.key_at(&e, row, j)?;
            let better = s.order.greater(&e, key, worst)?;
            e.if_else(
                better,
                &[s.row_indices_type, s.key_type],
                |block| {
                    let e = s.emitter(block);
                    let inserted = s.insert(&e, indices, row, j, key, e.index(k - 1)?)?;
                    let worst = s.key_of_entry(&e, inserted, row, e.index(k - 1)?)?;
                    Ok(vec![inserted, worst])
                },
                |_| Ok(vec![indices, worst]),
            )
        })?[0];
        // The values of the selected indices.
        let values_row = e.for_loop(zero, k_index, &[values_row], |block, p, state| {
            let e = s.emitter(block);
            let j = e.extract_index(selected, &[p])?;
            let value = e.extract(s.x, &Selection::at(row, j))?;
            Ok(vec![e.insert(value, state[0], &[p])?])
        })?[0];
        Ok(vec![
            parallel_insert_slice_at(location, values_row, shared[0], &offsets, &sizes)?,
            parallel_insert_slice_at(location, selected, shared[1], &offsets, &sizes)?,
        ])
    })?;
    let results = rewrite.insert_values(outer)?;
    rewrite.rewriter.replace_op_with_values(op, &results);
    Ok(())
}
