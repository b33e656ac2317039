//! `chlo.minimum_broadcast_shapes`: the shapes (1-D `index` tensors) of
//! operands that broadcast together, with adjacent dimensions in which the
//! same operands are broadcast merged into one, all-1 dimensions dropped and
//! leading 1s removed, computed at run time from the shapes' elements.
//!
//! The walk over the dimensions (right-aligned, from the last one) is
//! unrolled at compile time, since the operands' lengths are static; the
//! sizes, the running product of the dimensions being merged and the
//! position of the next output dimension are run-time `index` values:
//!
//! ```mlir
//! %a, %b = chlo.minimum_broadcast_shapes %s, %t : tensor<6xindex>, tensor<5xindex>
//!     -> tensor<3xindex>, tensor<2xindex>
//! // becomes tensor.extract of each size, arith.cmpi/select/muli/addi on
//! // index scalars, and tensor.from_elements of each result
//! ```
//!
//! At offset `v` from the end (1 ..= max rank + 1), an operand "needs no
//! broadcasting" when its size there is not 1; a dimension that is 1 in all
//! operands keeps the previous state. When the set of operands needing no
//! broadcasting changes (or after the last dimension), the dimensions merged
//! so far become one output dimension: the running product for the operands
//! that needed no broadcasting, 1 for the others (written only where the
//! operand had that dimension). Shapes that do not broadcast together (two
//! sizes other than 1 in one dimension) are returned unchanged.
//!
//! Each result holds the last `L` entries of its operand-length shape, `L`
//! its static length (the op's description: a static result length asserts
//! the rank, as a `tensor.cast` to a static type does).

use super::{Rewrite, V, erase};
use crate::builders::{BuildResult, compare_scalar, index_constant, scalar, select, tensor_extract, tensor_from_elements};
use melior::ir::{
    Location, OperationRef, Type, ValueLike,
    operation::OperationLike,
    r#type::{IntegerType, RankedTensorType},
};

/// Scalar builders on `index` and `i1` values, inserted before the op.
struct Scalars<'c, 'a, 'r> {
    rewrite: &'a Rewrite<'c, 'r>,
    location: Location<'c>,
}

impl<'c> Scalars<'c, '_, '_> {
    fn insert(&self, op: melior::ir::Operation<'c>) -> BuildResult<V<'c>> {
        let op = self.rewrite.rewriter.insert(op);
        Ok(erase(op.result(0)?.into()))
    }
    fn index(&self, value: i64) -> BuildResult<V<'c>> {
        self.insert(index_constant(self.rewrite.context, self.location, value)?)
    }
    fn bool(&self, value: bool) -> BuildResult<V<'c>> {
        let i1: Type = IntegerType::new(self.rewrite.context, 1).into();
        self.insert(crate::builders::int_constant(self.rewrite.context, self.location, value as i128, i1)?)
    }
    fn binary(&self, name: &str, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.insert(scalar(self.location, name, &[a, b], a.r#type())?)
    }
    fn cmp(&self, predicate: &str, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.insert(compare_scalar(self.rewrite.context, self.location, "arith.cmpi", predicate, a, b)?)
    }
    fn select(&self, condition: V<'c>, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.insert(select(self.location, condition, a, b)?)
    }
    fn and(&self, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.binary("arith.andi", a, b)
    }
    fn or(&self, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.binary("arith.ori", a, b)
    }
}

/// The static length of a 1-D shape tensor type, or the error the
/// pipelines give for dynamic shapes.
fn length(ty: Type, what: &str) -> BuildResult<usize> {
    let tensor = RankedTensorType::try_from(ty).map_err(|_| format!("{what} is not a ranked tensor"))?;
    let dim = crate::builders::static_shape(tensor.into()).map_err(|_| {
        format!("{what} has a dynamic length ({ty}); dynamic shapes are not supported yet")
    })?;
    // The lowering unrolls over the dimensions: a shape is a rank, and
    // ranks beyond this are refused rather than unrolled (a fuzzed
    // tensor<2147483648xindex> asked for 16 GiB).
    if dim[0] > MAX_RANK {
        return Err(format!("{what} has {} dimensions; at most {MAX_RANK} are supported", dim[0]).into());
    }
    Ok(dim[0] as usize)
}

/// The most dimensions a shape operand or result may have.
const MAX_RANK: i64 = 1024;

pub(super) fn lower_minimum_broadcast_shapes<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let k = op.operand_count();
    let s = Scalars { rewrite, location: op.location() };
    let mut ranks = Vec::with_capacity(k);
    let mut lengths = Vec::with_capacity(k);
    for i in 0..k {
        ranks.push(length(op.operand(i)?.r#type(), &format!("operand {i}"))?);
        lengths.push(length(op.result(i)?.r#type(), &format!("result {i}"))?);
    }
    let max_rank = ranks.iter().copied().max().unwrap_or(0);
    let one = s.index(1)?;
    let no = s.bool(false)?;
    // The operands' sizes.
    let mut sizes: Vec<Vec<V>> = Vec::with_capacity(k);
    for (i, &rank) in ranks.iter().enumerate() {
        let shape = erase(op.operand(i)?);
        let mut row = Vec::with_capacity(rank);
        for j in 0..rank {
            let at = s.index(j as i64)?;
            row.push(s.insert(tensor_extract(s.location, shape, &[at])?)?);
        }
        sizes.push(row);
    }
    // Results, full operand length, initially all 1.
    let mut out: Vec<Vec<V>> = ranks.iter().map(|&r| vec![one; r]).collect();
    let mut previous_no_broadcast: Vec<V> = vec![no; k];
    let mut running_product = one;
    let mut offset = s.index(0)?;
    let mut invalid = no;
    for v in 1..=max_rank + 1 {
        // The size each operand broadcasts to here (1 while all are 1), and
        // whether two sizes other than 1 differ.
        let mut same = one;
        let mut no_broadcast = Vec::with_capacity(k);
        for i in 0..k {
            if v > ranks[i] {
                // Out of bounds: size 1, needs broadcasting.
                no_broadcast.push(no);
                continue;
            }
            let size = sizes[i][ranks[i] - v];
            let not_one = s.cmp("ne", size, one)?;
            no_broadcast.push(not_one);
            let new_same = s.select(not_one, size, same)?;
            let was_set = s.cmp("ne", same, one)?;
            let differs = s.cmp("ne", same, new_same)?;
            invalid = s.or(invalid, s.and(was_set, differs)?)?;
            same = new_same;
        }
        // A dimension of 1 everywhere keeps the previous state.
        let all_one = s.cmp("eq", same, one)?;
        let mut changed = no;
        for i in 0..k {
            no_broadcast[i] = s.select(all_one, previous_no_broadcast[i], no_broadcast[i])?;
            changed = s.or(changed, s.cmp("ne", previous_no_broadcast[i], no_broadcast[i])?)?;
        }
        let stop = if v > max_rank { s.bool(true)? } else { changed };
        // Close the merged dimensions: one output dimension when their
        // product is not 1.
        let product_not_one = s.cmp("ne", running_product, one)?;
        let store = s.and(stop, product_not_one)?;
        let next_offset = s.binary("arith.addi", offset, one)?;
        let new_offset = s.select(store, next_offset, offset)?;
        for i in 0..k {
            // Written where the operand had the previous dimension (offset
            // v - 1 in bounds) or needed no broadcasting there.
            let in_bounds = v <= ranks[i] + 1;
            let condition = if in_bounds { store } else { s.and(store, previous_no_broadcast[i])? };
            let rank = s.index(ranks[i] as i64)?;
            let position = s.binary("arith.subi", rank, new_offset)?;
            let value = s.select(previous_no_broadcast[i], running_product, one)?;
            for q in 0..ranks[i] {
                let at = s.index(q as i64)?;
                let here = s.and(condition, s.cmp("eq", position, at)?)?;
                out[i][q] = s.select(here, value, out[i][q])?;
            }
        }
        offset = new_offset;
        let multiplied = s.binary("arith.muli", running_product, same)?;
        running_product = s.select(stop, same, multiplied)?;
        previous_no_broadcast = no_broadcast;
    }
    let mut results = Vec::with_capacity(k);
    for i in 0..k {
        let (rank, length) = (ranks[i], lengths[i]);
        let elements: Vec<V> = (rank - length..rank)
            .map(|q| s.select(invalid, sizes[i][q], out[i][q]))
            .collect::<BuildResult<_>>()?;
        let ty = op.result(i)?.r#type();
        results.push(s.insert(tensor_from_elements(s.location, &elements, ty)?)?);
    }
    rewrite.rewriter.replace_op_with_values(op, &results);
    Ok(())
}
