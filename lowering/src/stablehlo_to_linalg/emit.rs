//! [`Emitter`]: appends scalar index arithmetic and tensor element access to
//! a block (the body of a linalg.generic or scf.for), for the lowerings that
//! compute positions at run time (gather, scatter, sort, windows).

use crate::builders::{BuildResult, append, index_constant, linalg_index, scalar, tensor_extract, tensor_insert};
use melior::{
    Context,
    ir::{Block, Location, Type, Value, ValueLike},
};

/// Appends ops to `block`; every method returns the new op's result.
pub struct Emitter<'c, 'b> {
    pub context: &'c Context,
    pub location: Location<'c>,
    pub block: &'b Block<'c>,
}

impl<'c, 'b> Emitter<'c, 'b> {
    pub fn new(context: &'c Context, location: Location<'c>, block: &'b Block<'c>) -> Self {
        Self { context, location, block }
    }

    /// `arith.constant value : index`.
    pub fn index(&self, value: i64) -> BuildResult<Value<'c, 'b>> {
        append(self.block, index_constant(self.context, self.location, value)?)
    }

    /// `linalg.index dim`.
    pub fn loop_index(&self, dim: usize) -> BuildResult<Value<'c, 'b>> {
        append(self.block, linalg_index(self.location, dim)?)
    }

    /// A binary arith op whose result has the type of `lhs`.
    pub fn binary(&self, name: &str, lhs: Value<'c, 'b>, rhs: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, scalar(self.location, name, &[lhs, rhs], lhs.r#type())?)
    }

    pub fn add(&self, lhs: Value<'c, 'b>, rhs: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        self.binary("arith.addi", lhs, rhs)
    }

    /// `min(max(value, low), high)` on index values.
    pub fn clamp(&self, value: Value<'c, 'b>, low: i64, high: i64) -> BuildResult<Value<'c, 'b>> {
        let low = self.index(low)?;
        let high = self.index(high)?;
        let raised = self.binary("arith.maxsi", value, low)?;
        self.binary("arith.minsi", raised, high)
    }

    /// An integer scalar as an index (sign-extending, as StableHLO's signless
    /// integers are signed).
    pub fn to_index(&self, value: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, scalar(self.location, "arith.index_cast", &[value], Type::index(self.context))?)
    }

    /// `tensor.extract tensor[indices]`.
    pub fn extract(&self, tensor: Value<'c, '_>, indices: &[Value<'c, 'b>]) -> BuildResult<Value<'c, 'b>> {
        append(self.block, tensor_extract(self.location, tensor, indices)?)
    }

    /// `tensor.insert value into tensor[indices]`.
    pub fn insert(&self, value: Value<'c, 'b>, tensor: Value<'c, 'b>, indices: &[Value<'c, 'b>]) -> BuildResult<Value<'c, 'b>> {
        append(self.block, tensor_insert(self.location, value, tensor, indices)?)
    }

    /// The element `tensor[indices]` of an integer index tensor, as an index.
    pub fn extract_index(&self, tensor: Value<'c, '_>, indices: &[Value<'c, 'b>]) -> BuildResult<Value<'c, 'b>> {
        let value = self.extract(tensor, indices)?;
        self.to_index(value)
    }

    /// Splits a row-major linear index into coordinates of `shape`.
    pub fn delinearize(&self, linear: Value<'c, 'b>, shape: &[i64]) -> BuildResult<Vec<Value<'c, 'b>>> {
        let mut coordinates = vec![linear; shape.len()];
        let mut rest = linear;
        for d in (0..shape.len()).rev() {
            let size = self.index(shape[d])?;
            coordinates[d] = if d == 0 { rest } else { self.binary("arith.remsi", rest, size)? };
            if d > 0 {
                rest = self.binary("arith.divsi", rest, size)?;
            }
        }
        Ok(coordinates)
    }

    /// `0 <= value && value <= high` as an i1.
    pub fn in_range(&self, value: Value<'c, 'b>, high: i64) -> BuildResult<Value<'c, 'b>> {
        let zero = self.index(0)?;
        let high = self.index(high)?;
        let low_ok = append(self.block, crate::builders::compare_scalar(self.context, self.location, "arith.cmpi", "sge", value, zero)?)?;
        let high_ok = append(self.block, crate::builders::compare_scalar(self.context, self.location, "arith.cmpi", "sle", value, high)?)?;
        self.binary("arith.andi", low_ok, high_ok)
    }
}
