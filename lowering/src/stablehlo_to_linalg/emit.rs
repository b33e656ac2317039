//! [`Emitter`]: appends scalar index arithmetic and tensor element access to
//! a block (the body of a linalg.generic or scf.for), for the lowerings that
//! compute positions at run time (gather, scatter, sort, windows), and the
//! typed scalar arithmetic and nested `scf.for` loops of the lowerings that
//! compute element by element (fft, random numbers, linear algebra).

use crate::builders::{
    BuildResult, append, compare_scalar, float_constant, index_constant, int_constant, linalg_index, scalar, scf_for,
    tensor_extract, tensor_insert,
};
use melior::{
    Context,
    ir::{Block, BlockLike, Location, RegionLike, Type, Value, ValueLike, operation::OperationLike},
};

/// One branch of [`Emitter::if_else`]: fills its block, returns the values
/// to yield.
type Branch<'x, 'f> = Box<dyn for<'i> FnOnce(&'i Block<'x>) -> BuildResult<Vec<Value<'x, 'i>>> + 'f>;

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

    /// `arith.constant value : ty` for an integer type `ty`; `value` is
    /// taken modulo 2^width (so `0xFFFF_FFFF` is `-1 : i32`).
    pub fn int(&self, value: i128, ty: Type<'c>) -> BuildResult<Value<'c, 'b>> {
        let bits = crate::element::ElementKind::of(ty)
            .and_then(|kind| match kind {
                crate::element::ElementKind::SignlessInt(bits) => Some(bits),
                crate::element::ElementKind::Pred => Some(1),
                _ => None,
            })
            .ok_or_else(|| format!("internal error: integer constant of type {ty}"))?;
        // Two's complement wrap to the type's width, as a signed value.
        let wrapped = if bits >= 128 { value } else { (value << (128 - bits)) >> (128 - bits) };
        append(self.block, int_constant(self.context, self.location, wrapped, ty)?)
    }

    /// `arith.constant value : ty` for a float type `ty`.
    pub fn float(&self, value: f64, ty: Type<'c>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, float_constant(self.context, self.location, value, ty)?)
    }

    /// A one-result op without attributes whose result type is `ty`
    /// (conversions, `complex.re`, `math.sqrt`, ...).
    pub fn op(&self, name: &str, operands: &[Value<'c, 'b>], ty: Type<'c>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, scalar(self.location, name, operands, ty)?)
    }

    /// A unary op whose result has the operand's type (`math.sqrt`, ...).
    pub fn unary(&self, name: &str, value: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        self.op(name, &[value], value.r#type())
    }

    /// `arith.cmpi predicate` (an i1).
    pub fn cmpi(&self, predicate: &str, lhs: Value<'c, 'b>, rhs: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, compare_scalar(self.context, self.location, "arith.cmpi", predicate, lhs, rhs)?)
    }

    /// `arith.cmpf predicate` (an i1).
    pub fn cmpf(&self, predicate: &str, lhs: Value<'c, 'b>, rhs: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, compare_scalar(self.context, self.location, "arith.cmpf", predicate, lhs, rhs)?)
    }

    /// `arith.select condition, on_true, on_false`.
    pub fn select(&self, condition: Value<'c, 'b>, on_true: Value<'c, 'b>, on_false: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        append(self.block, crate::builders::select(self.location, condition, on_true, on_false)?)
    }

    /// Appends `scf.for %i = lower to upper step 1 iter_args(iter_args)` and
    /// returns its results; `body` gets the loop's block, the induction
    /// variable and the iteration arguments and returns the values to yield.
    ///
    /// The body's values are typed with a context lifetime `'x` that may be
    /// shorter than `'c` (as short as the enclosing blocks), so that it can
    /// use the values of enclosing loops.
    pub fn for_loop<'x>(
        &self,
        lower: Value<'x, 'b>,
        upper: Value<'x, 'b>,
        iter_args: &[Value<'x, 'b>],
        body: impl for<'i> FnOnce(&'i Block<'x>, Value<'x, 'i>, &[Value<'x, 'i>]) -> BuildResult<Vec<Value<'x, 'i>>>,
    ) -> BuildResult<Vec<Value<'c, 'b>>>
    where
        'c: 'x,
        'x: 'b,
    {
        let one: Value<'x, 'b> = self.index(1)?;
        let location: Location<'x> = self.location;
        let built = scf_for(location, [lower, upper, one], iter_args, body)?;
        let block: &'b Block<'x> = self.block;
        let built = block.append_operation(built);
        (0..built.result_count())
            .map(|i| {
                let result: Value = built.result(i)?.into();
                // SAFETY: the loop is now an op of `self.block`, so its
                // results live as long as the block.
                Ok(unsafe { crate::builders::detach(result) })
            })
            .collect()
    }

    /// Appends `scf.if %condition -> (types)` and returns its results; `then`
    /// and `otherwise` get their branch's block and return the values to
    /// yield (lifetimes as in [`Emitter::for_loop`]).
    pub fn if_else<'x>(
        &self,
        condition: Value<'x, 'b>,
        types: &[Type<'x>],
        then: impl for<'i> FnOnce(&'i Block<'x>) -> BuildResult<Vec<Value<'x, 'i>>>,
        otherwise: impl for<'i> FnOnce(&'i Block<'x>) -> BuildResult<Vec<Value<'x, 'i>>>,
    ) -> BuildResult<Vec<Value<'c, 'b>>>
    where
        'c: 'x,
        'x: 'b,
    {
        let location: Location<'x> = self.location;
        let context: &'x Context = self.context;
        let built = crate::builders::with_empty_regions(context, location, "scf.if", &[condition], types, &[], 2)?;
        let branches: [Branch<'x, '_>; 2] = [Box::new(then), Box::new(otherwise)];
        for (index, branch) in branches.into_iter().enumerate() {
            let block = Block::new(&[]);
            {
                let yielded = branch(&block)?;
                block.append_operation(crate::builders::terminator(location, "scf.yield", &yielded)?);
            }
            built.region(index)?.append_block(block);
        }
        let block: &'b Block<'x> = self.block;
        let built = block.append_operation(built);
        (0..built.result_count())
            .map(|i| {
                let result: Value = built.result(i)?.into();
                // SAFETY: the scf.if is now an op of `self.block`, so its
                // results live as long as the block.
                Ok(unsafe { crate::builders::detach(result) })
            })
            .collect()
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

    /// The element `tensor[indices]` of an integer index tensor as an index:
    /// zero-extended when `unsigned` (a `ui8` of 200 is 200, not -56).
    pub fn extract_index_as(&self, tensor: Value<'c, '_>, indices: &[Value<'c, 'b>], unsigned: bool) -> BuildResult<Value<'c, 'b>> {
        if !unsigned {
            return self.extract_index(tensor, indices);
        }
        let value = self.extract(tensor, indices)?;
        append(self.block, scalar(self.location, "arith.index_castui", &[value], Type::index(self.context))?)
    }

    /// A start index `tensor[indices]` (signed, or `unsigned` as recorded by
    /// signedness legalization) clamped to `[0, high]`, as an index.
    pub fn clamped_start(&self, tensor: Value<'c, '_>, indices: &[Value<'c, 'b>], unsigned: bool, high: i64) -> BuildResult<Value<'c, 'b>> {
        let value = self.extract(tensor, indices)?;
        if unsigned {
            // Zero-extended, and never below 0: only the upper bound (an
            // unsigned min, so a ui64 above 2^63 clamps to `high` too).
            let value = append(self.block, scalar(self.location, "arith.index_castui", &[value], Type::index(self.context))?)?;
            let high = self.index(high)?;
            return self.binary("arith.minui", value, high);
        }
        let value = self.to_index(value)?;
        self.clamp(value, 0, high)
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
