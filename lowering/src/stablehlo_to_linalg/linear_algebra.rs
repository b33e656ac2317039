//! `cholesky` and `triangular_solve` → nested `scf.for` loops over each
//! matrix of the batch, carrying the result tensor (and a per-matrix
//! status) as iteration arguments; elements are read and written with
//! `tensor.extract`/`tensor.insert`, which bufferization turns into loads
//! and stores in place. Both are the textbook O(n³) algorithms, shared with
//! the LAPACK `custom_call` targets (see `custom_call`).
//!
//! ```mlir
//! %l = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
//! // becomes (Cholesky–Crout, column by column)
//! %r:2 = scf.for %b = 0 to 1 iter_args(%l = %zeros, %info = %zero) {
//!   %c:2 = scf.for %j = 0 to 3 iter_args(%l1 = %l, %status = 0) {
//!     %l2 = scf.for %i = %j to 3 iter_args(%l3 = %l1) {
//!       %s = scf.for %k = 0 to %j iter_args(%acc = %a[%i, %j]) { %acc - %l3[%i, %k] * %l3[%j, %k] }
//!       %v = select(%i == %j, sqrt(%s), %s / %l3[%j, %j]); tensor.insert %v into %l3[%i, %j] }
//!     %status' = select(%status == 0 && isnan(%l2[%j, %j]), %j + 1, %status) }
//!   tensor.insert %c#1 into %info[] }
//! %l = linalg.generic ins(%r#0, %r#1) { select(%info != 0, NaN, %x) }
//! ```
//!
//! Cholesky reads only the `lower` (or upper) triangle of `a`. As XLA does,
//! a matrix whose factorization meets a negative or NaN pivot (not positive
//! definite) gives a result entirely of NaN; a zero pivot gives inf/NaN
//! entries below it. XLA leaves the other triangle of the result
//! unspecified; here it is zero. `lower = false` factors `a = Uᴴ·U` by
//! running the same loops on `aᴴ`.
//!
//! `triangular_solve` solves `op(a)·x = b` (`left_side`) or `x·op(a) = b`
//! with forward or backward substitution, one column (or row) of `b` at a
//! time, reading only the triangle `lower` names and, with
//! `unit_diagonal`, not the diagonal. `op` is the identity, the transpose
//! or the adjoint (`transpose_a`); a right-side solve is the left-side
//! solve of the transposed system.

use super::{Rewrite, emit::Emitter};
use crate::builders::{BuildResult, element_type, integer_type, static_shape};
use crate::element::ElementKind;
use melior::ir::TypeLike as _;
use melior::ir::{
    Location, OperationRef, Type, Value, ValueLike,
    attribute::BoolAttribute,
    operation::OperationLike,
    r#type::RankedTensorType,
};
use xla_dialects::stablehlo::Transpose;

type V<'c, 'b> = Value<'c, 'b>;

fn erase<'c>(value: Value<'c, '_>) -> V<'c, 'c> {
    // SAFETY: an operand of the matched op or a result of an op inserted
    // in the IR: both live for the whole rewrite.
    unsafe { crate::builders::detach(value) }
}

fn tensor_type<'c>(shape: &[i64], element: Type<'c>) -> Type<'c> {
    RankedTensorType::new(&shape.iter().map(|&s| s as u64).collect::<Vec<_>>(), element, None).into()
}

/// Real or complex scalar arithmetic on the elements of a matrix.
#[derive(Clone, Copy)]
struct Field<'c> {
    element: Type<'c>,
    /// The real type (the element type, or the parts of a complex one).
    real: Type<'c>,
    complex: bool,
}

impl<'c> Field<'c> {
    fn of(context: &'c melior::Context, element: Type<'c>) -> BuildResult<Self> {
        match ElementKind::of(element) {
            Some(ElementKind::Float(_)) => Ok(Self { element, real: element, complex: false }),
            Some(ElementKind::Complex) => {
                let part = crate::builders::complex_part(element);
                let real = if part.is_f32() {
                    Type::float32(context)
                } else if part.is_f64() {
                    Type::float64(context)
                } else {
                    return Err(format!("elements of type {element} are not supported").into());
                };
                Ok(Self { element, real, complex: true })
            }
            _ => Err(format!("elements of type {element} are not supported (floats or complex)").into()),
        }
    }

    fn sub<'b>(&self, e: &Emitter<'c, 'b>, lhs: V<'c, 'b>, rhs: V<'c, 'b>) -> BuildResult<V<'c, 'b>> {
        e.binary(if self.complex { "complex.sub" } else { "arith.subf" }, lhs, rhs)
    }

    fn mul<'b>(&self, e: &Emitter<'c, 'b>, lhs: V<'c, 'b>, rhs: V<'c, 'b>) -> BuildResult<V<'c, 'b>> {
        e.binary(if self.complex { "complex.mul" } else { "arith.mulf" }, lhs, rhs)
    }

    fn div<'b>(&self, e: &Emitter<'c, 'b>, lhs: V<'c, 'b>, rhs: V<'c, 'b>) -> BuildResult<V<'c, 'b>> {
        e.binary(if self.complex { "complex.div" } else { "arith.divf" }, lhs, rhs)
    }

    /// The complex conjugate (the value itself for reals) where `conjugate`.
    fn conj<'b>(&self, e: &Emitter<'c, 'b>, value: V<'c, 'b>, conjugate: bool) -> BuildResult<V<'c, 'b>> {
        if self.complex && conjugate { e.unary("complex.conj", value) } else { Ok(value) }
    }

    /// The real part.
    fn re<'b>(&self, e: &Emitter<'c, 'b>, value: V<'c, 'b>) -> BuildResult<V<'c, 'b>> {
        if self.complex { e.op("complex.re", &[value], self.real) } else { Ok(value) }
    }

    /// A real value as an element (imaginary part 0).
    fn lift<'b>(&self, e: &Emitter<'c, 'b>, value: V<'c, 'b>) -> BuildResult<V<'c, 'b>> {
        if self.complex { e.op("complex.create", &[value, e.float(0.0, self.real)?], self.element) } else { Ok(value) }
    }

    /// NaN (NaN + NaN·i for complex).
    fn nan<'b>(&self, e: &Emitter<'c, 'b>) -> BuildResult<V<'c, 'b>> {
        let nan = e.float(f64::NAN, self.real)?;
        if self.complex { e.op("complex.create", &[nan, nan], self.element) } else { Ok(nan) }
    }
}

/// A matrix of a batch, seen through an optional transposition and
/// conjugation: `get(i, j)` reads `m[batch.., i, j]`, or `m[batch.., j, i]`
/// with `swap`, conjugated with `conjugate`; `set` writes the same way.
struct View<'a, 'c, 'b> {
    e: &'a Emitter<'c, 'b>,
    field: Field<'c>,
    batch: &'a [V<'c, 'b>],
    swap: bool,
    conjugate: bool,
}

impl<'c, 'b> View<'_, 'c, 'b> {
    fn position(&self, i: V<'c, 'b>, j: V<'c, 'b>) -> Vec<V<'c, 'b>> {
        let mut position = self.batch.to_vec();
        if self.swap { position.extend([j, i]) } else { position.extend([i, j]) }
        position
    }

    fn get(&self, tensor: V<'c, '_>, i: V<'c, 'b>, j: V<'c, 'b>) -> BuildResult<V<'c, 'b>> {
        let value = self.e.extract(tensor, &self.position(i, j))?;
        self.field.conj(self.e, value, self.conjugate)
    }

    fn set(&self, tensor: V<'c, 'b>, i: V<'c, 'b>, j: V<'c, 'b>, value: V<'c, 'b>) -> BuildResult<V<'c, 'b>> {
        let value = self.field.conj(self.e, value, self.conjugate)?;
        self.e.insert(value, tensor, &self.position(i, j))
    }
}

/// When a Cholesky pivot `d = sqrt(s)` counts as a failure.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PivotCheck {
    /// XLA: `d` is NaN (`s < 0` or NaN).
    Nan,
    /// LAPACK `potrf`: `d <= 0` or NaN.
    NotPositive,
}

/// What the triangle of the factor that Cholesky does not compute holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OtherTriangle {
    Zero,
    /// The input's values (LAPACK overwrites the input in place).
    Input,
}

/// The batch dimensions of a batch of `[n, n]` (or `[p, q]`) matrices.
fn batch_shape(shape: &[i64]) -> BuildResult<Vec<i64>> {
    if shape.len() < 2 {
        return Err(format!("expected a batch of matrices, got shape {shape:?}").into());
    }
    Ok(shape[..shape.len() - 2].to_vec())
}

/// Cholesky factors of the matrices `a` (`[..., n, n]`): returns the
/// factors and, per matrix (`tensor<...xi32>`), 0 or the 1-based index of
/// the first pivot that fails `check`.
pub fn cholesky<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: Location<'c>,
    a: V<'c, 'c>,
    lower: bool,
    check: PivotCheck,
    other: OtherTriangle,
) -> BuildResult<(V<'c, 'c>, V<'c, 'c>)> {
    let context = rewrite.context;
    let ty = a.r#type();
    let shape = static_shape(ty)?;
    let batch = batch_shape(&shape)?;
    let n = shape[shape.len() - 1];
    if shape[shape.len() - 2] != n {
        return Err(format!("cholesky needs square matrices, got shape {shape:?}").into());
    }
    let field = Field::of(context, element_type(ty)?)?;
    let i32_type = integer_type(context, 32)?;
    let info_type = tensor_type(&batch, i32_type);
    let info = rewrite.filled(location, info_type, |e| e.int(0, i32_type))?;
    let init = match other {
        OtherTriangle::Zero => rewrite.filled(location, ty, |e| field.lift(e, e.float(0.0, field.real)?))?,
        OtherTriangle::Input => a,
    };
    let zero = rewrite.index(location, 0)?;
    let count = rewrite.index(location, batch.iter().product())?;
    let one = rewrite.index(location, 1)?;
    let outer = crate::builders::scf_for(location, [zero, count, one], &[init, info], |block, linear, state| {
        let e = Emitter::new(context, location, block);
        let at = e.delinearize(linear, &batch)?;
        let (zero, size) = (e.index(0)?, e.index(n)?);
        let status = e.int(0, i32_type)?;
        let columns = e.for_loop(zero, size, &[state[0], status], |block, j, state| {
            let e = Emitter::new(context, location, block);
            let size = e.index(n)?;
            let rows = e.for_loop(j, size, &[state[0]], |block, i, state| {
                let e = Emitter::new(context, location, block);
                let view = View { e: &e, field, batch: &at, swap: !lower, conjugate: !lower };
                let start = view.get(a, i, j)?;
                let zero = e.index(0)?;
                let sum = e.for_loop(zero, j, &[start], |block, k, acc| {
                    let e = Emitter::new(context, location, block);
                    let view = View { e: &e, field, batch: &at, swap: !lower, conjugate: !lower };
                    let lik = view.get(state[0], i, k)?;
                    let ljk = field.conj(&e, view.get(state[0], j, k)?, true)?;
                    Ok(vec![field.sub(&e, acc[0], field.mul(&e, lik, ljk)?)?])
                })?[0];
                let pivot = field.lift(&e, e.unary("math.sqrt", field.re(&e, sum)?)?)?;
                let below = field.div(&e, sum, view.get(state[0], j, j)?)?;
                let value = e.select(e.cmpi("eq", i, j)?, pivot, below)?;
                Ok(vec![view.set(state[0], i, j, value)?])
            })?[0];
            let view = View { e: &e, field, batch: &at, swap: !lower, conjugate: !lower };
            let pivot = field.re(&e, view.get(rows, j, j)?)?;
            let failed = match check {
                PivotCheck::Nan => e.cmpf("uno", pivot, pivot)?,
                PivotCheck::NotPositive => e.cmpf("ule", pivot, e.float(0.0, field.real)?)?,
            };
            let first = e.cmpi("eq", state[1], e.int(0, i32_type)?)?;
            let index = e.op("arith.index_cast", &[e.add(j, e.index(1)?)?], i32_type)?;
            let status = e.select(e.binary("arith.andi", failed, first)?, index, state[1])?;
            Ok(vec![rows, status])
        })?;
        Ok(vec![columns[0], e.insert(columns[1], state[1], &at)?])
    })?;
    let results = rewrite.insert_values(outer)?;
    Ok((results[0], results[1]))
}

/// How to solve: `op(a)·x = b` (`left_side`) or `x·op(a) = b`.
#[derive(Clone, Copy)]
pub struct Solve {
    pub left_side: bool,
    pub lower: bool,
    pub unit_diagonal: bool,
    pub transpose: Transpose,
}

/// Solves the triangular systems of the batches `a` (`[..., m, m]`) and
/// `b` (`[..., m, q]` on the left, `[..., p, m]` on the right).
pub fn triangular_solve<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: Location<'c>,
    a: V<'c, 'c>,
    b: V<'c, 'c>,
    solve: Solve,
) -> BuildResult<V<'c, 'c>> {
    let context = rewrite.context;
    let a_shape = static_shape(a.r#type())?;
    let b_shape = static_shape(b.r#type())?;
    let batch = batch_shape(&b_shape)?;
    if batch_shape(&a_shape)? != batch {
        return Err(format!("a and b have different batch dimensions ({a_shape:?}, {b_shape:?})").into());
    }
    let rank = b_shape.len();
    let m = a_shape[rank - 1];
    let (rows, columns) = (b_shape[rank - 2], b_shape[rank - 1]);
    if a_shape[rank - 2] != m || (solve.left_side && rows != m) || (!solve.left_side && columns != m) {
        return Err(format!("incompatible shapes {a_shape:?} and {b_shape:?}").into());
    }
    let field = Field::of(context, element_type(b.r#type())?)?;
    // T(i, k), the matrix of the left-side system `T·y = c`, is a[i, k]
    // read directly, transposed and/or conjugated.
    let transposed = solve.transpose != Transpose::NO_TRANSPOSE;
    let swap = solve.left_side == transposed;
    let conjugate = solve.transpose == Transpose::ADJOINT;
    // Whether T is lower triangular (forward substitution).
    let op_lower = solve.lower != transposed;
    let forward = if solve.left_side { op_lower } else { !op_lower };
    // The unknown vectors: columns of b (left side) or rows (right side).
    let vectors = if solve.left_side { columns } else { rows };
    let mut loop_shape = batch.clone();
    loop_shape.push(vectors);
    let zero = rewrite.index(location, 0)?;
    let count = rewrite.index(location, loop_shape.iter().product())?;
    let one = rewrite.index(location, 1)?;
    let outer = crate::builders::scf_for(location, [zero, count, one], &[b], |block, linear, state| {
        let e = Emitter::new(context, location, block);
        let mut at = e.delinearize(linear, &loop_shape)?;
        let vector = at.pop().ok_or("internal error: no vector index")?;
        let (zero, size) = (e.index(0)?, e.index(m)?);
        let solved = e.for_loop(zero, size, &[state[0]], |block, step, x| {
            let e = Emitter::new(context, location, block);
            let i = if forward { step } else { e.binary("arith.subi", e.index(m - 1)?, step)? };
            // x[i] of the current vector.
            let (r, c) = if solve.left_side { (i, vector) } else { (vector, i) };
            let mut position = at.clone();
            position.extend([r, c]);
            let start = e.extract(x[0], &position)?;
            let (low, high) = if forward { (e.index(0)?, i) } else { (e.add(i, e.index(1)?)?, e.index(m)?) };
            let sum = e.for_loop(low, high, &[start], |block, k, acc| {
                let e = Emitter::new(context, location, block);
                let t = View { e: &e, field, batch: &at, swap, conjugate };
                let tik = t.get(a, i, k)?;
                let (r, c) = if solve.left_side { (k, vector) } else { (vector, k) };
                let mut position = at.clone();
                position.extend([r, c]);
                let xk = e.extract(x[0], &position)?;
                Ok(vec![field.sub(&e, acc[0], field.mul(&e, tik, xk)?)?])
            })?[0];
            let value = if solve.unit_diagonal {
                sum
            } else {
                let t = View { e: &e, field, batch: &at, swap, conjugate };
                field.div(&e, sum, t.get(a, i, i)?)?
            };
            Ok(vec![e.insert(value, x[0], &position)?])
        })?;
        Ok(solved)
    })?;
    rewrite.insert_value(outer)
}

fn bool_attribute(op: OperationRef, name: &str) -> BuildResult<bool> {
    op.attribute(name)
        .ok()
        .and_then(|a| BoolAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| format!("missing boolean attribute {name}")).map_err(crate::error::LowerError::from)
}

/// Replaces each element of the factors whose matrix failed (`info != 0`)
/// by NaN.
pub fn nan_where_failed<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: Location<'c>,
    factors: V<'c, 'c>,
    info: V<'c, 'c>,
) -> BuildResult<V<'c, 'c>> {
    let context = rewrite.context;
    let ty = factors.r#type();
    let rank = static_shape(ty)?.len();
    let field = Field::of(context, element_type(ty)?)?;
    let batch = crate::builders::dims(context, 0..rank - 2);
    let maps = vec![
        crate::builders::identity_map(context, rank),
        crate::builders::affine_map(context, rank, &batch)?,
        crate::builders::identity_map(context, rank),
    ];
    let init = rewrite.insert_value(crate::builders::tensor_empty(location, ty)?)?;
    rewrite.insert_value(crate::builders::parallel_generic(context, location, &[factors, info], init, maps, ty, |block, args| {
        let e = Emitter::new(context, location, block);
        let failed = e.cmpi("ne", args[1], e.int(0, args[1].r#type())?)?;
        e.select(failed, field.nan(&e)?, args[0])
    })?)
}

/// Lowers `stablehlo.cholesky`.
pub fn lower_cholesky<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let location = op.location();
    let a = erase(op.operand(0)?);
    let lower = op.attribute("lower").ok().and_then(|a| BoolAttribute::try_from(a).ok()).map(|a| a.value()).unwrap_or(false);
    let (factors, info) = cholesky(rewrite, location, a, lower, PivotCheck::Nan, OtherTriangle::Zero)?;
    let result = nan_where_failed(rewrite, location, factors, info)?;
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}

/// Lowers `stablehlo.triangular_solve`.
pub fn lower_triangular_solve<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let location = op.location();
    let a = erase(op.operand(0)?);
    let b = erase(op.operand(1)?);
    let transpose = op
        .attribute("transpose_a")
        .ok()
        .and_then(Transpose::from_attribute)
        .ok_or("missing or malformed transpose_a")?;
    let solve = Solve {
        left_side: bool_attribute(op, "left_side")?,
        lower: bool_attribute(op, "lower")?,
        unit_diagonal: bool_attribute(op, "unit_diagonal")?,
        transpose,
    };
    let result = triangular_solve(rewrite, location, a, b, solve)?;
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}
