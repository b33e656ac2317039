//! Construction of upstream operations (tensor, linalg, arith, math,
//! complex) for the lowering patterns.
//!
//! This is the one module that names operations by string; patterns call the
//! typed helpers below. Every helper builds a detached operation: the caller
//! inserts it (through a rewriter, or into a block being filled).

use melior::{
    Context,
    ir::{
        AffineExpr, AffineMap, Attribute, Block, BlockLike, Identifier, Location, Operation, Region, RegionLike, Type, TypeLike,
        Value, ValueLike,
        attribute::{
            ArrayAttribute, DenseElementsAttribute, DenseI32ArrayAttribute, DenseI64ArrayAttribute, FloatAttribute,
            IntegerAttribute, StringAttribute, TypeAttribute,
        },
        r#type::{IntegerType, RankedTensorType},
    },
    ir::operation::OperationBuilder,
};
use mlir_sys::MlirAffineExpr;

/// The result of a builder or pattern; the error is reported at the
/// matched op.
pub type BuildResult<T> = Result<T, LowerError>;

pub use crate::error::LowerError;

pub(crate) fn build(builder: OperationBuilder) -> BuildResult<Operation> {
    builder.build().map_err(|error| format!("internal error building an operation: {error}").into())
}

/// The static shape of a ranked tensor type, or an error naming the type.
pub fn static_shape(ty: Type) -> BuildResult<Vec<i64>> {
    let tensor = RankedTensorType::try_from(ty)
        .map_err(|_| format!("expected a ranked tensor type, got {ty}"))?;
    use melior::ir::{ShapedTypeLike, r#type::DimSize};
    (0..tensor.rank())
        .map(|i| match tensor.dim_size(i) {
            Ok(DimSize::Static(size)) => Ok(size as i64),
            _ => Err(format!("dynamic shapes are not supported yet (type {ty})").into()),
        })
        .collect()
}

/// `value` with its handle lifetime reset to one the caller chooses
/// (usually the context's): the one place where a value's lifetime is
/// reset.
///
/// melior ties a `Value<'c, 'b>` to the borrow `'b` of the operation or
/// block handle it was read from (an `OperationRef` returned by an insert,
/// a matched op's operand list). The IR value itself lives as long as its
/// defining op or block stays in the IR, which in a rewrite or a builder is
/// longer than that handle.
///
/// # Safety
///
/// The value's defining op (or block, for a block argument) must stay in
/// the IR, not erased, for as long as the returned value is used; `'c2`
/// must be the lifetime of the same context (the emitters name the context
/// by a shorter lifetime inside nested regions).
pub unsafe fn detach<'c, 'b, 'c2, 'to>(value: impl Into<Value<'c, 'b>>) -> Value<'c2, 'to> {
    // SAFETY: the caller guarantees the value outlives its uses.
    unsafe { Value::from_raw(value.into().to_raw()) }
}

/// Sets (or replaces) attribute `name` of `op`, inherent or discardable.
pub fn set_attribute<'c: 'a, 'a>(op: &impl melior::ir::operation::OperationLike<'c, 'a>, name: &str, attribute: Attribute<'c>) {
    use melior::ir::AttributeLike;
    let name = melior::StringRef::new(name);
    // SAFETY: `op` and `attribute` are live, from the same context; MLIR
    // copies the name into the context.
    unsafe { mlir_sys::mlirOperationSetAttributeByName(op.to_raw(), name.to_raw(), attribute.to_raw()) }
}

/// A fresh copy of `op` (nested regions included), owned by the caller.
pub fn clone_operation<'c: 'a, 'a>(op: &impl melior::ir::operation::OperationLike<'c, 'a>) -> Operation<'c> {
    // SAFETY: `op` is live; the clone is a new op with no parent.
    unsafe { Operation::from_raw(mlir_sys::mlirOperationClone(op.to_raw())) }
}

/// The element type of a ranked tensor type.
pub fn element_type(ty: Type) -> BuildResult<Type> {
    use melior::ir::ShapedTypeLike;
    RankedTensorType::try_from(ty)
        .map(|t| t.element())
        .map_err(|_| format!("expected a ranked tensor type, got {ty}").into())
}

/// `tensor.empty() : ty`.
pub fn tensor_empty<'c>(location: Location<'c>, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("tensor.empty", location).add_results(&[ty]))
}

/// An affine expression over loop dimensions (`d0`, `d1`, ...), combined as
/// the affine-map parser combines the same text: through the C++ operators,
/// which simplify (`d0 * 1` is `d0`, a constant term moves to the right), so
/// that a map is the one its printed form would parse to. melior's `+`/`*`
/// on `AffineExpr` build the binary expression as given, unsimplified.
///
/// ```ignore
/// // (d1 floordiv 4) * 3 + d5
/// Affine::dim(context, 1).floor_div(4) * 3 + Affine::dim(context, 5)
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Affine<'c>(AffineExpr<'c>);

impl<'c> Affine<'c> {
    /// `d{position}`.
    pub fn dim(context: &'c Context, position: usize) -> Self {
        Self(AffineExpr::dim(context, position))
    }

    /// The constant `value`.
    pub fn constant(context: &'c Context, value: i64) -> Self {
        Self(AffineExpr::constant(context, value))
    }

    fn binary(self, rhs: Self, f: unsafe extern "C" fn(MlirAffineExpr, MlirAffineExpr) -> MlirAffineExpr) -> Self {
        // SAFETY: two live expressions of one context; the result belongs
        // to it too.
        Self(unsafe { AffineExpr::from_raw(f(self.0.to_raw(), rhs.0.to_raw())) })
    }

    fn literal(self, value: i64) -> Self {
        Self::constant(crate::context_of(self.0.context()), value)
    }

    /// `self floordiv divisor`.
    pub fn floor_div(self, divisor: i64) -> Self {
        self.binary(self.literal(divisor), xla_dialects::ffi::xlaAffineExprFloorDiv)
    }

    /// Whether every dimension the expression uses is below `rank`.
    fn dims_below(expr: AffineExpr, rank: usize) -> bool {
        if expr.is_dim() {
            expr.dim_position() < rank
        } else if expr.is_binary() {
            Self::dims_below(expr.lhs(), rank) && Self::dims_below(expr.rhs(), rank)
        } else {
            true
        }
    }
}

impl<'c> std::ops::Add for Affine<'c> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        self.binary(rhs, xla_dialects::ffi::xlaAffineExprAdd)
    }
}

impl<'c> std::ops::Sub for Affine<'c> {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        self.binary(rhs, xla_dialects::ffi::xlaAffineExprSub)
    }
}

impl<'c> std::ops::Mul<i64> for Affine<'c> {
    type Output = Self;
    fn mul(self, rhs: i64) -> Self {
        self.binary(self.literal(rhs), xla_dialects::ffi::xlaAffineExprMul)
    }
}

/// `d0, ..., d{count-1}`.
pub fn dims(context: &Context, range: std::ops::Range<usize>) -> Vec<Affine<'_>> {
    range.map(|d| Affine::dim(context, d)).collect()
}

/// The affine map `(d0, ..., d{rank-1}) -> (results)` as an attribute; an
/// error when a result uses a dimension past `rank`.
pub fn affine_map<'c>(context: &'c Context, rank: usize, results: &[Affine<'c>]) -> BuildResult<Attribute<'c>> {
    if let Some(bad) = results.iter().find(|r| !Affine::dims_below(r.0, rank)) {
        return Err(format!("internal error: affine expression {} uses a dimension past {rank}", bad.0).into());
    }
    let exprs: Vec<AffineExpr> = results.iter().map(|r| r.0).collect();
    Ok(map_attribute(AffineMap::new(context, rank, 0, &exprs)))
}

fn map_attribute(map: AffineMap) -> Attribute {
    // SAFETY: a live map; the attribute belongs to its context.
    unsafe { Attribute::from_raw(mlir_sys::mlirAffineMapAttrGet(map.to_raw())) }
}

/// The identity map on `rank` dimensions.
pub fn identity_map(context: &Context, rank: usize) -> Attribute<'_> {
    map_attribute(AffineMap::multi_dim_identity(context, rank))
}

/// An all-parallel `linalg.generic` producing one tensor of type
/// `result_type` (with a `tensor.empty` init built by the caller).
///
/// `maps` holds one indexing map per input, then one for the output.
/// `body` receives the block (to append scalar ops to) and the scalar
/// arguments (one per input, then the output's) and returns the yielded
/// value.
pub fn parallel_generic<'c>(
    context: &'c Context,
    location: Location<'c>,
    inputs: &[Value<'c, '_>],
    init: Value<'c, '_>,
    maps: Vec<Attribute<'c>>,
    result_type: Type<'c>,
    body: impl for<'b> FnOnce(&'b Block<'c>, &[Value<'c, 'b>]) -> BuildResult<Value<'c, 'b>>,
) -> BuildResult<Operation<'c>> {
    let rank = static_shape(result_type)?.len();
    generic(context, location, inputs, init, maps, &vec![Iterator::Parallel; rank], result_type, body)
}

/// Kind of one loop of a `linalg.generic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Iterator {
    Parallel,
    Reduction,
}

/// A `linalg.generic` with one output and the given loop kinds (one per
/// dimension of the iteration space); see [`parallel_generic`].
#[allow(clippy::too_many_arguments)]
pub fn generic<'c>(
    context: &'c Context,
    location: Location<'c>,
    inputs: &[Value<'c, '_>],
    init: Value<'c, '_>,
    maps: Vec<Attribute<'c>>,
    iterators: &[Iterator],
    result_type: Type<'c>,
    body: impl for<'b> FnOnce(&'b Block<'c>, &[Value<'c, 'b>]) -> BuildResult<Value<'c, 'b>>,
) -> BuildResult<Operation<'c>> {
    generic_multi(context, location, inputs, &[init], maps, iterators, &[result_type], |block, args| {
        body(block, args).map(|value| vec![value])
    })
}

/// A `linalg.generic` with several outputs: `maps` has one map per input
/// then per output; `body` gets the scalars of the inputs then of the
/// outputs and yields one value per output.
#[allow(clippy::too_many_arguments)]
pub fn generic_multi<'c>(
    context: &'c Context,
    location: Location<'c>,
    inputs: &[Value<'c, '_>],
    inits: &[Value<'c, '_>],
    maps: Vec<Attribute<'c>>,
    iterators: &[Iterator],
    result_types: &[Type<'c>],
    body: impl for<'b> FnOnce(&'b Block<'c>, &[Value<'c, 'b>]) -> BuildResult<Vec<Value<'c, 'b>>>,
) -> BuildResult<Operation<'c>> {
    let mut argument_types: Vec<(Type, Location)> = Vec::new();
    for value in inputs.iter().chain(inits) {
        argument_types.push((element_type(value.r#type())?, location));
    }
    let block = Block::new(&argument_types);
    {
        let arguments: Vec<Value> = (0..argument_types.len())
            .map(|i| block.argument(i).map(Into::into))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("internal error: {e}"))?;
        let yielded = body(&block, &arguments)?;
        let terminator = build(OperationBuilder::new("linalg.yield", location).add_operands(&yielded))?;
        block.append_operation(terminator);
    }
    let region = Region::new();
    region.append_block(block);

    let iterators = iterator_types(context, iterators);
    let maps: Attribute = ArrayAttribute::new(context, &maps).into();
    let segments = segment_sizes(context, &[inputs.len() as i32, inits.len() as i32]);
    let mut operands: Vec<Value> = inputs.to_vec();
    operands.extend_from_slice(inits);
    build(
        OperationBuilder::new("linalg.generic", location)
            .add_operands(&operands)
            .add_attributes(&[
                (Identifier::new(context, "indexing_maps"), maps),
                (Identifier::new(context, "iterator_types"), iterators),
                (Identifier::new(context, "operandSegmentSizes"), segments),
            ])
            .add_regions([region])
            .add_results(result_types),
    )
}

/// The constant zero (additive identity) of scalar type `ty`:
/// `arith.constant` or, for complex types, `complex.constant`.
pub fn zero_constant<'c>(context: &'c Context, location: Location<'c>, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    use crate::element::ElementKind;
    use melior::ir::attribute::{ArrayAttribute, FloatAttribute, IntegerAttribute};
    match ElementKind::of(ty) {
        Some(ElementKind::Float(_)) => constant(context, location, FloatAttribute::new(context, ty, 0.0).into(), ty),
        Some(ElementKind::Pred | ElementKind::SignlessInt(_)) => constant(context, location, IntegerAttribute::new(ty, 0).into(), ty),
        Some(ElementKind::Complex) => {
            let part = complex_part(ty);
            let zero: Attribute = FloatAttribute::new(context, part, 0.0).into();
            let value: Attribute = ArrayAttribute::new(context, &[zero, zero]).into();
            build(
                OperationBuilder::new("complex.constant", location)
                    .add_attributes(&[(Identifier::new(context, "value"), value)])
                    .add_results(&[ty]),
            )
        }
        _ => Err(format!("no zero constant for element type {ty} yet").into()),
    }
}

/// The element type of the complex type `ty` (`f32` of `complex<f32>`).
pub fn complex_part(ty: Type<'_>) -> Type<'_> {
    // SAFETY: a live type; the callers pass complex types only (checked by
    // `ElementKind::of`), whose element type belongs to the same context.
    unsafe { Type::from_raw(mlir_sys::mlirComplexTypeGetElementType(ty.to_raw())) }
}

/// The complex type of `part` (`complex<f64>` of `f64`).
pub fn complex_type(part: Type<'_>) -> Type<'_> {
    // SAFETY: `part` is a live float type; the complex type belongs to its
    // context.
    unsafe { Type::from_raw(mlir_sys::mlirComplexTypeGet(part.to_raw())) }
}

/// A splat of zeros of the statically shaped type `ty`, for any element
/// type: `dense<0.0>`, `dense<0>`, `dense<false>`, `dense<(0.0, 0.0)>`.
pub fn zeros_attribute(ty: Type<'_>) -> BuildResult<Attribute<'_>> {
    use crate::element::ElementKind;
    use melior::ir::attribute::{DenseElementsAttribute, FloatAttribute, IntegerAttribute};
    let element = element_type(ty)?;
    let zero: Attribute = match ElementKind::of(element) {
        Some(ElementKind::Float(_)) => FloatAttribute::new(crate::context_of(ty.context()), element, 0.0).into(),
        Some(ElementKind::Pred | ElementKind::SignlessInt(_) | ElementKind::SignedInt(_) | ElementKind::UnsignedInt(_)) => {
            IntegerAttribute::new(element, 0).into()
        }
        Some(ElementKind::Complex) => {
            // No typed constructor for a complex element: one element's
            // worth of zero bytes is a splat.
            let bytes = crate::type_sizes::element_bytes(element).ok_or_else(|| format!("no zero for element type {element}"))?;
            let buffer = vec![0u8; bytes as usize];
            // SAFETY: a live shaped type and a buffer of one element's
            // bytes, which MLIR copies; the attribute belongs to the type's
            // context.
            return Ok(unsafe {
                Attribute::from_raw(mlir_sys::mlirDenseElementsAttrRawBufferGet(ty.to_raw(), buffer.len(), buffer.as_ptr().cast()))
            });
        }
        None => return Err(format!("no zero for element type {element}").into()),
    };
    Ok(DenseElementsAttribute::new(ty, &[zero]).map_err(|e| format!("internal error: {e}"))?.into())
}

/// A splat of `value` of the statically shaped tensor or vector type `ty`
/// with a float or integer element type (integers take `value` truncated).
pub fn splat_attribute(ty: Type<'_>, value: f64) -> BuildResult<Attribute<'_>> {
    use crate::element::ElementKind;
    use melior::ir::attribute::{DenseElementsAttribute, FloatAttribute, IntegerAttribute};
    // SAFETY: a live type; its element type is read only if it is a vector.
    let element = if unsafe { mlir_sys::mlirTypeIsAVector(ty.to_raw()) } {
        unsafe { Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(ty.to_raw())) }
    } else {
        element_type(ty)?
    };
    let scalar: Attribute = match ElementKind::of(element) {
        Some(ElementKind::Float(_)) => FloatAttribute::new(crate::context_of(ty.context()), element, value).into(),
        Some(ElementKind::Pred | ElementKind::SignlessInt(_) | ElementKind::SignedInt(_) | ElementKind::UnsignedInt(_)) => {
            IntegerAttribute::new(element, value as i64).into()
        }
        _ => return Err(format!("no splat of {value} for element type {element}").into()),
    };
    Ok(DenseElementsAttribute::new(ty, &[scalar]).map_err(|e| format!("internal error: {e}"))?.into())
}

/// Appends `op` to `block` and returns its single result.
pub fn append<'c, 'b>(block: &'b Block<'c>, op: Operation<'c>) -> BuildResult<Value<'c, 'b>> {
    let op = block.append_operation(op);
    op.result(0).map(Into::into).map_err(|e| format!("internal error: {e}").into())
}

/// A scalar operation without attributes: `name(operands) : result`.
pub fn scalar<'c>(
    location: Location<'c>,
    name: &str,
    operands: &[Value<'c, '_>],
    result: Type<'c>,
) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new(&name, location).add_operands(operands).add_results(&[result]))
}

/// An `arith` float operation (`arith.mulf`, `arith.addf`, ...) with
/// `fastmath<contract>`: LLVM may fuse a multiplication and the addition
/// of its product into one FMA where the target has one (one rounding
/// instead of two), and keeps them apart where it has none.
pub fn scalar_contract<'c>(
    context: &'c Context,
    location: Location<'c>,
    name: &str,
    operands: &[Value<'c, '_>],
    result: Type<'c>,
) -> BuildResult<Operation<'c>> {
    let flags = xla_dialects::fastmath_attribute(context, xla_dialects::fastmath::CONTRACT);
    build(
        OperationBuilder::new(name, location)
            .add_operands(operands)
            .add_results(&[result])
            .add_attributes(&[(Identifier::new(context, "fastmath"), flags)]),
    )
}

/// `arith.cmpf <predicate>` or `arith.cmpi <predicate>`.
pub fn compare_scalar<'c>(
    context: &'c Context,
    location: Location<'c>,
    name: &str,
    predicate: &str,
    lhs: Value<'c, '_>,
    rhs: Value<'c, '_>,
) -> BuildResult<Operation<'c>> {
    compare(context, location, name, predicate, lhs, rhs, IntegerType::new(context, 1).into())
}

/// [`compare_scalar`] with the result type given: `vector<N x i1>` for
/// vector operands.
pub fn compare<'c>(
    context: &'c Context,
    location: Location<'c>,
    name: &str,
    predicate: &str,
    lhs: Value<'c, '_>,
    rhs: Value<'c, '_>,
    result: Type<'c>,
) -> BuildResult<Operation<'c>> {
    // The predicates are stored as i64 enum values (arith's CmpFPredicate
    // and CmpIPredicate, in declaration order).
    const FLOAT: &[&str] = &[
        "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
    ];
    const INTEGER: &[&str] = &["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
    let table = if name == "arith.cmpf" { FLOAT } else { INTEGER };
    let value = table
        .iter()
        .position(|p| *p == predicate)
        .ok_or_else(|| format!("internal error: unknown predicate {predicate} for {name}"))?;
    let predicate = IntegerAttribute::new(IntegerType::new(context, 64).into(), value as i64).into();
    build(
        OperationBuilder::new(name, location)
            .add_operands(&[lhs, rhs])
            .add_attributes(&[(Identifier::new(context, "predicate"), predicate)])
            .add_results(&[result]),
    )
}

/// `arith.constant <value> : ty`, with `value` in MLIR attribute syntax
/// (e.g. `-1 : i32`) or an existing attribute.
pub fn constant<'c>(
    context: &'c Context,
    location: Location<'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
) -> BuildResult<Operation<'c>> {
    build(
        OperationBuilder::new("arith.constant", location)
            .add_attributes(&[(Identifier::new(context, "value"), value)])
            .add_results(&[ty]),
    )
}

/// `arith.constant` of an integer value of type `ty`.
pub fn int_constant<'c>(
    context: &'c Context,
    location: Location<'c>,
    value: i128,
    ty: Type<'c>,
) -> BuildResult<Operation<'c>> {
    // Values above i64::MAX are 64-bit unsigned ones: the same bits as
    // their i64 wrap-around (the width of `ty` decides the value).
    let attribute = match i64::try_from(value) {
        Ok(value) => IntegerAttribute::new(ty, value).into(),
        Err(_) if (0..=u64::MAX as i128).contains(&value) => IntegerAttribute::new(ty, value as u64 as i64).into(),
        Err(_) => integer_attribute(ty, value)?,
    };
    constant(context, location, attribute, ty)
}

/// The integer attribute of `value` and integer type `ty` (of any width
/// and signedness), built from the 64-bit words of `value` (the C API's
/// `mlirIntegerAttrGet` takes 64 bits, which misses the values of types
/// wider than 64 bits). An error when `ty` is not an integer type or its
/// width cannot hold `value` (as a signed or an unsigned number).
pub fn integer_attribute(ty: Type<'_>, value: i128) -> BuildResult<Attribute<'_>> {
    let width = IntegerType::try_from(ty).map_err(|_| format!("internal error: {ty} is not an integer type"))?.width();
    let fits = width >= 128 || {
        let width = width.max(1);
        let low = -(1i128 << (width - 1));
        // The unsigned maximum; 2^127 - 1 for i127 (1 << 127 would overflow).
        let high = if width >= 127 { i128::MAX } else { (1i128 << width) - 1 };
        (low..=high).contains(&value)
    };
    if !fits {
        return Err(format!("integer constant {value} is out of range for {ty}").into());
    }
    let words = [value as u64, (value >> 64) as u64];
    // SAFETY: a live integer type and two words, copied into the
    // attribute, which belongs to the type's context.
    let raw = unsafe { xla_dialects::ffi::xlaIntegerAttrGetFromWords(ty.to_raw(), words.as_ptr(), words.len() as isize) };
    // SAFETY: as above (null only for a non-integer type, ruled out).
    unsafe { Attribute::from_option_raw(raw) }.ok_or_else(|| format!("internal error: no integer attribute of {ty}").into())
}

/// `arith.constant` of a float `value` of float type `ty` (±inf and NaN
/// included, see [`float_literal`]).
pub fn float_constant<'c>(
    context: &'c Context,
    location: Location<'c>,
    value: f64,
    ty: Type<'c>,
) -> BuildResult<Operation<'c>> {
    let attribute = FloatAttribute::new(context, ty, value).into();
    constant(context, location, attribute, ty)
}

/// `arith.select cond, a, b`.
pub fn select<'c>(
    location: Location<'c>,
    condition: Value<'c, '_>,
    on_true: Value<'c, '_>,
    on_false: Value<'c, '_>,
) -> BuildResult<Operation<'c>> {
    scalar(location, "arith.select", &[condition, on_true, on_false], on_true.r#type())
}

/// The signless integer type of `bits` width.
pub fn integer_type(context: &Context, bits: u32) -> BuildResult<Type<'_>> {
    Ok(IntegerType::new(context, bits).into())
}


/// `bufferization.alloc_tensor() copy(%value)`: a fresh tensor holding a
/// copy of a statically shaped `value`.
pub fn alloc_tensor_copy<'c>(location: Location<'c>, value: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    static_shape(value.r#type())?;
    let context = location.context();
    // SAFETY: the location's context outlives the built operation.
    let context = unsafe { context.to_ref() };
    let segments = segment_sizes(context, &[0, 1, 0]);
    build(
        OperationBuilder::new("bufferization.alloc_tensor", location)
            .add_operands(&[value])
            .add_attributes(&[(Identifier::new(context, "operandSegmentSizes"), segments)])
            .add_results(&[value.r#type()]),
    )
}

fn reassociation_attribute<'c>(context: &'c Context, groups: &[Vec<usize>]) -> BuildResult<Attribute<'c>> {
    let i64_type: Type = IntegerType::new(context, 64).into();
    let groups: Vec<Attribute> = groups
        .iter()
        .map(|g| {
            let members: Vec<Attribute> = g.iter().map(|&i| IntegerAttribute::new(i64_type, i as i64).into()).collect();
            ArrayAttribute::new(context, &members).into()
        })
        .collect();
    Ok(ArrayAttribute::new(context, &groups).into())
}

/// An `operandSegmentSizes` attribute (`array<i32: ...>`).
fn segment_sizes<'c>(context: &'c Context, sizes: &[i32]) -> Attribute<'c> {
    DenseI32ArrayAttribute::new(context, sizes).into()
}

/// The `iterator_types` of a `linalg.generic`.
fn iterator_types<'c>(context: &'c Context, iterators: &[Iterator]) -> Attribute<'c> {
    let kinds: Vec<Attribute> = iterators
        .iter()
        .map(|kind| xla_dialects::linalg_iterator_type(context, matches!(kind, Iterator::Reduction)))
        .collect();
    ArrayAttribute::new(context, &kinds).into()
}

/// `tensor.collapse_shape %source [groups] : ... into result`, or
/// `memref.collapse_shape` (a view) when `source` is a memref.
pub fn collapse_shape<'c>(
    location: Location<'c>,
    source: Value<'c, '_>,
    groups: Vec<Vec<usize>>,
    result: Type<'c>,
) -> BuildResult<Operation<'c>> {
    reshape("collapse_shape", location, source, groups, None, result)
}

/// `tensor.expand_shape %source [groups] output_shape [shape] : ... into
/// result`, or `memref.expand_shape` (a view) when `source` is a memref
/// (static shapes only).
pub fn expand_shape<'c>(
    location: Location<'c>,
    source: Value<'c, '_>,
    groups: Vec<Vec<usize>>,
    shape: &[i64],
    result: Type<'c>,
) -> BuildResult<Operation<'c>> {
    reshape("expand_shape", location, source, groups, Some(shape), result)
}

/// A `collapse_shape` (no `shape`) or `expand_shape` op (`kind`) of the
/// tensor or memref dialect, after `source`'s type.
fn reshape<'c>(
    kind: &str,
    location: Location<'c>,
    source: Value<'c, '_>,
    groups: Vec<Vec<usize>>,
    shape: Option<&[i64]>,
    result: Type<'c>,
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    // SAFETY: a live type, only inspected.
    let dialect = if unsafe { mlir_sys::mlirTypeIsAMemRef(source.r#type().to_raw()) } { "memref" } else { "tensor" };
    let name = format!("{dialect}.{kind}");
    let mut attributes = vec![(Identifier::new(context, "reassociation"), reassociation_attribute(context, &groups)?)];
    if let Some(shape) = shape {
        attributes.push((Identifier::new(context, "static_output_shape"), i64_array(context, shape)?));
    }
    build(OperationBuilder::new(&name, location).add_operands(&[source]).add_attributes(&attributes).add_results(&[result]))
}

fn i64_array<'c>(context: &'c Context, values: &[i64]) -> BuildResult<Attribute<'c>> {
    Ok(DenseI64ArrayAttribute::new(context, values).into())
}

/// `tensor.extract_slice %source[offsets] [sizes] [strides]` (static).
pub fn extract_slice<'c>(
    location: Location<'c>,
    source: Value<'c, '_>,
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
    result: Type<'c>,
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("tensor.extract_slice", location)
            .add_operands(&[source])
            .add_attributes(&[
                (Identifier::new(context, "operandSegmentSizes"), segment_sizes(context, &[1, 0, 0, 0])),
                (Identifier::new(context, "static_offsets"), i64_array(context, offsets)?),
                (Identifier::new(context, "static_sizes"), i64_array(context, sizes)?),
                (Identifier::new(context, "static_strides"), i64_array(context, strides)?),
            ])
            .add_results(&[result]),
    )
}

/// The `tensor.extract_slice` of an `insert_slice`'s destination at the
/// same offsets, sizes and strides (static attributes and run-time
/// operands alike), typed as the inserted source: the slice that the
/// insertion overwrites.
pub fn extract_inserted_slice<'c>(insert: melior::ir::OperationRef<'c, '_>) -> BuildResult<Operation<'c>> {
    use melior::ir::operation::OperationLike;
    let location = insert.location();
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let segments = insert.attribute("operandSegmentSizes").map_err(|e| format!("internal error: {e}"))?;
    let segments = DenseI32ArrayAttribute::try_from(segments).map_err(|e| format!("internal error: {e}"))?;
    let counts: Vec<i32> = (0..segments.len()).map(|i| segments.element(i)).collect::<Result<_, _>>().map_err(|e| format!("internal error: {e}"))?;
    if counts.len() != 5 || counts[0] != 1 || counts[1] != 1 {
        return Err("internal error: not a tensor.insert_slice".into());
    }
    let operand = |i: usize| insert.operand(i).map_err(|e| format!("internal error: {e}"));
    let source = operand(0)?;
    let mut operands = vec![operand(1)?];
    for i in 2..insert.operand_count() {
        operands.push(operand(i)?);
    }
    let attribute = |name: &str| insert.attribute(name).map_err(|e| format!("internal error: {e}"));
    build(
        OperationBuilder::new("tensor.extract_slice", location)
            .add_operands(&operands)
            .add_attributes(&[
                (Identifier::new(context, "operandSegmentSizes"), segment_sizes(context, &[1, counts[2], counts[3], counts[4]])),
                (Identifier::new(context, "static_offsets"), attribute("static_offsets")?),
                (Identifier::new(context, "static_sizes"), attribute("static_sizes")?),
                (Identifier::new(context, "static_strides"), attribute("static_strides")?),
            ])
            .add_results(&[source.r#type()]),
    )
}

/// `tensor.insert_slice %source into %dest[offsets] [sizes] [strides]` (static).
pub fn insert_slice<'c>(
    location: Location<'c>,
    source: Value<'c, '_>,
    dest: Value<'c, '_>,
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("tensor.insert_slice", location)
            .add_operands(&[source, dest])
            .add_attributes(&[
                (Identifier::new(context, "operandSegmentSizes"), segment_sizes(context, &[1, 1, 0, 0, 0])),
                (Identifier::new(context, "static_offsets"), i64_array(context, offsets)?),
                (Identifier::new(context, "static_sizes"), i64_array(context, sizes)?),
                (Identifier::new(context, "static_strides"), i64_array(context, strides)?),
            ])
            .add_results(&[dest.r#type()]),
    )
}

/// `linalg.index <dim> : index` (inside a linalg op's body).
pub fn linalg_index<'c>(location: Location<'c>, dim: usize) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("linalg.index", location)
            .add_attributes(&[(Identifier::new(context, "dim"), IntegerAttribute::new(IntegerType::new(context, 64).into(), dim as i64).into())])
            .add_results(&[Type::index(context)]),
    )
}

/// A `linalg.generic` copying memref `source` into memref `target` (same
/// shape, any layouts).
pub fn memref_copy_generic<'c>(
    location: Location<'c>,
    source: Value<'c, '_>,
    target: Value<'c, '_>,
) -> BuildResult<Operation<'c>> {
    use melior::ir::{ShapedTypeLike, r#type::MemRefType};
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let target_type = MemRefType::try_from(target.r#type()).map_err(|_| "memref.copy target is not a memref".to_string())?;
    let source_type = MemRefType::try_from(source.r#type()).map_err(|_| "memref.copy source is not a memref".to_string())?;
    let rank = target_type.rank();
    let element = target_type.element();
    let block = Block::new(&[(source_type.element(), location), (element, location)]);
    let input: Value = block.argument(0)?.into();
    block.append_operation(build(OperationBuilder::new("linalg.yield", location).add_operands(&[input]))?);
    let region = Region::new();
    region.append_block(block);
    let map = identity_map(context, rank);
    build(
        OperationBuilder::new("linalg.generic", location)
            .add_operands(&[source, target])
            .add_attributes(&[
                (Identifier::new(context, "indexing_maps"), ArrayAttribute::new(context, &[map, map]).into()),
                (Identifier::new(context, "iterator_types"), iterator_types(context, &vec![Iterator::Parallel; rank])),
                (Identifier::new(context, "operandSegmentSizes"), segment_sizes(context, &[1, 1])),
            ])
            .add_regions([region]),
    )
}

/// `tensor.extract %tensor[indices]` (element of type `element`).
pub fn tensor_extract<'c>(
    location: Location<'c>,
    tensor: Value<'c, '_>,
    indices: &[Value<'c, '_>],
) -> BuildResult<Operation<'c>> {
    let element = element_type(tensor.r#type())?;
    let mut operands = vec![tensor];
    operands.extend_from_slice(indices);
    build(OperationBuilder::new("tensor.extract", location).add_operands(&operands).add_results(&[element]))
}

/// `tensor.insert %scalar into %dest[indices]`.
pub fn tensor_insert<'c>(
    location: Location<'c>,
    scalar: Value<'c, '_>,
    dest: Value<'c, '_>,
    indices: &[Value<'c, '_>],
) -> BuildResult<Operation<'c>> {
    let mut operands = vec![scalar, dest];
    operands.extend_from_slice(indices);
    build(OperationBuilder::new("tensor.insert", location).add_operands(&operands).add_results(&[dest.r#type()]))
}

/// `arith.constant <value> : index`.
pub fn index_constant<'c>(context: &'c Context, location: Location<'c>, value: i64) -> BuildResult<Operation<'c>> {
    constant(context, location, IntegerAttribute::new(Type::index(context), value).into(), Type::index(context))
}

/// An operation with `regions` empty regions, to be filled by the caller
/// (scf.while, scf.if, scf.index_switch, ...).
pub fn with_empty_regions<'c>(
    context: &'c Context,
    location: Location<'c>,
    name: &str,
    operands: &[Value<'c, '_>],
    results: &[Type<'c>],
    attributes: &[(&str, Attribute<'c>)],
    regions: usize,
) -> BuildResult<Operation<'c>> {
    let attributes: Vec<_> = attributes.iter().map(|&(key, attribute)| (Identifier::new(context, key), attribute)).collect();
    let mut builder =
        OperationBuilder::new(name, location).add_operands(operands).add_results(results).add_attributes(&attributes);
    for _ in 0..regions {
        builder = builder.add_regions([Region::new()]);
    }
    build(builder)
}

/// `llvm.inline_asm has_side_effects ""`: no instruction, but an effect
/// that no pass may remove. A loop holding it is kept even when it computes
/// nothing that is used, so a loop that never ends still never ends (MLIR
/// erases side-effect-free ops whose results are unused, terminating or not).
pub fn side_effect_marker(location: Location<'_>) -> BuildResult<Operation<'_>> {
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("llvm.inline_asm", location).add_attributes(&[
            (Identifier::new(context, "asm_string"), StringAttribute::new(context, "").into()),
            (Identifier::new(context, "constraints"), StringAttribute::new(context, "").into()),
            (Identifier::new(context, "has_side_effects"), Attribute::unit(context)),
        ]),
    )
}

/// A terminator without results: `scf.yield`, `scf.condition`, ...
pub fn terminator<'c>(location: Location<'c>, name: &str, operands: &[Value<'c, '_>]) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new(&name, location).add_operands(operands))
}

/// `scf.for %iv = %lb to %ub step %step iter_args(...)`: `body` gets the
/// block, the induction variable and the iteration arguments and returns the
/// values to yield.
pub fn scf_for<'c>(
    location: Location<'c>,
    bounds: [Value<'c, '_>; 3],
    iter_args: &[Value<'c, '_>],
    body: impl for<'b> FnOnce(&'b Block<'c>, Value<'c, 'b>, &[Value<'c, 'b>]) -> BuildResult<Vec<Value<'c, 'b>>>,
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let mut argument_types = vec![(Type::index(context), location)];
    argument_types.extend(iter_args.iter().map(|v| (v.r#type(), location)));
    let block = Block::new(&argument_types);
    {
        let arguments: Vec<Value> = (0..argument_types.len())
            .map(|i| block.argument(i).map(Into::into))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("internal error: {e}"))?;
        let yielded = body(&block, arguments[0], &arguments[1..])?;
        block.append_operation(terminator(location, "scf.yield", &yielded)?);
    }
    let region = Region::new();
    region.append_block(block);
    let mut operands = bounds.to_vec();
    operands.extend_from_slice(iter_args);
    let types: Vec<Type> = iter_args.iter().map(|v| v.r#type()).collect();
    build(OperationBuilder::new("scf.for", location).add_operands(&operands).add_results(&types).add_regions([region]))
}

/// `tensor.extract_slice %source[%offsets...] [sizes] [1, ...]` with run-time
/// offsets and static sizes.
pub fn extract_slice_at<'c>(
    location: Location<'c>,
    source: Value<'c, '_>,
    offsets: &[Value<'c, '_>],
    sizes: &[i64],
    result: Type<'c>,
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let mut operands = vec![source];
    operands.extend_from_slice(offsets);
    build(
        OperationBuilder::new("tensor.extract_slice", location)
            .add_operands(&operands)
            .add_attributes(&[
                (
                    Identifier::new(context, "operandSegmentSizes"),
                    segment_sizes(context, &[1, offsets.len() as i32, 0, 0]),
                ),
                (Identifier::new(context, "static_offsets"), i64_array(context, &vec![i64::MIN; offsets.len()])?),
                (Identifier::new(context, "static_sizes"), i64_array(context, sizes)?),
                (Identifier::new(context, "static_strides"), i64_array(context, &vec![1; sizes.len()])?),
            ])
            .add_results(&[result]),
    )
}

/// `tensor.insert_slice %source into %dest[%offsets...] [sizes] [1, ...]`
/// with run-time offsets.
pub fn insert_slice_at<'c>(
    location: Location<'c>,
    source: Value<'c, '_>,
    dest: Value<'c, '_>,
    offsets: &[Value<'c, '_>],
    sizes: &[i64],
) -> BuildResult<Operation<'c>> {
    slice_insertion("tensor.insert_slice", location, source, dest, offsets, sizes)
}

/// `tensor.parallel_insert_slice %source into %dest[%offsets...] [sizes]
/// [1, ...]` with run-time offsets: an op of an `scf.forall.in_parallel`
/// (see [`scf_forall`]).
pub fn parallel_insert_slice_at<'c>(
    location: Location<'c>,
    source: Value<'c, '_>,
    dest: Value<'c, '_>,
    offsets: &[Value<'c, '_>],
    sizes: &[i64],
) -> BuildResult<Operation<'c>> {
    slice_insertion("tensor.parallel_insert_slice", location, source, dest, offsets, sizes)
}

fn slice_insertion<'c>(
    name: &str,
    location: Location<'c>,
    source: Value<'c, '_>,
    dest: Value<'c, '_>,
    offsets: &[Value<'c, '_>],
    sizes: &[i64],
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let mut operands = vec![source, dest];
    operands.extend_from_slice(offsets);
    let builder = OperationBuilder::new(name, location).add_operands(&operands).add_attributes(&[
        (
            Identifier::new(context, "operandSegmentSizes"),
            segment_sizes(context, &[1, 1, offsets.len() as i32, 0, 0]),
        ),
        (Identifier::new(context, "static_offsets"), i64_array(context, &vec![i64::MIN; offsets.len()])?),
        (Identifier::new(context, "static_sizes"), i64_array(context, sizes)?),
        (Identifier::new(context, "static_strides"), i64_array(context, &vec![1; sizes.len()])?),
    ]);
    // parallel_insert_slice has no result: it writes into the forall's output.
    build(if name == "tensor.insert_slice" { builder.add_results(&[dest.r#type()]) } else { builder })
}

/// `scf.forall (%i) in (count) shared_outs(%o = outputs...)`, one
/// independent iteration per `%i`: `body` gets the block, `%i` and the
/// shared outputs, and returns the ops of the `scf.forall.in_parallel`
/// terminator (one [`parallel_insert_slice_at`] per output).
pub fn scf_forall<'c>(
    location: Location<'c>,
    count: i64,
    outputs: &[Value<'c, '_>],
    body: impl for<'b> FnOnce(&'b Block<'c>, Value<'c, 'b>, &[Value<'c, 'b>]) -> BuildResult<Vec<Operation<'c>>>,
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let mut argument_types = vec![(Type::index(context), location)];
    argument_types.extend(outputs.iter().map(|v| (v.r#type(), location)));
    let block = Block::new(&argument_types);
    {
        let arguments: Vec<Value> = (0..argument_types.len())
            .map(|i| block.argument(i).map(Into::into))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("internal error: {e}"))?;
        let insertions = body(&block, arguments[0], &arguments[1..])?;
        let yielding = Block::new(&[]);
        for op in insertions {
            yielding.append_operation(op);
        }
        let region = Region::new();
        region.append_block(yielding);
        block.append_operation(build(OperationBuilder::new("scf.forall.in_parallel", location).add_regions([region]))?);
    }
    let region = Region::new();
    region.append_block(block);
    let types: Vec<Type> = outputs.iter().map(|v| v.r#type()).collect();
    build(
        OperationBuilder::new("scf.forall", location)
            .add_operands(outputs)
            .add_attributes(&[
                (
                    Identifier::new(context, "operandSegmentSizes"),
                    segment_sizes(context, &[0, 0, 0, outputs.len() as i32]),
                ),
                (Identifier::new(context, "staticLowerBound"), i64_array(context, &[0])?),
                (Identifier::new(context, "staticUpperBound"), i64_array(context, &[count])?),
                (Identifier::new(context, "staticStep"), i64_array(context, &[1])?),
            ])
            .add_results(&types)
            .add_regions([region]),
    )
}

/// A StableHLO (or CHLO) op `name` with built attributes (enum attributes
/// through `xla_dialects::stablehlo`'s enums, dimension numbers through
/// `xla_dialects::dimension_numbers`, arrays through [`i64_array_attribute`]
/// and [`dense_i64_attribute`]); for the decompositions that produce
/// StableHLO.
pub fn hlo_op<'c>(
    context: &'c Context,
    location: Location<'c>,
    name: &str,
    operands: &[Value<'c, '_>],
    results: &[Type<'c>],
    attributes: &[(&str, Attribute<'c>)],
) -> BuildResult<Operation<'c>> {
    let all = hlo_attributes(context, attributes);
    build(OperationBuilder::new(&name, location).add_operands(operands).add_results(results).add_attributes(&all))
}

/// [`hlo_op`]'s attributes, named.
fn hlo_attributes<'c>(context: &'c Context, attributes: &[(&str, Attribute<'c>)]) -> Vec<(Identifier<'c>, Attribute<'c>)> {
    attributes.iter().map(|(key, attribute)| (Identifier::new(context, key), *attribute)).collect()
}

/// `value : i64`.
pub fn i64_attribute(context: &Context, value: i64) -> Attribute<'_> {
    IntegerAttribute::new(IntegerType::new(context, 64).into(), value).into()
}

/// `unit` (a flag attribute's presence).
pub fn unit_attribute(context: &Context) -> Attribute<'_> {
    // SAFETY: a live context; the attribute belongs to it.
    unsafe { Attribute::from_raw(mlir_sys::mlirUnitAttrGet(context.to_raw())) }
}

/// `array<i64: 1, 2>` (`array<i64>` when empty).
pub fn i64_array_attribute<'c>(context: &'c Context, values: &[i64]) -> Attribute<'c> {
    DenseI64ArrayAttribute::new(context, values).into()
}

/// `dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>`: the row-major `values` of
/// an i64 tensor of `shape` (padding, replica groups, tables, ...).
pub fn dense_i64_attribute<'c>(context: &'c Context, values: &[i64], shape: &[i64]) -> BuildResult<Attribute<'c>> {
    let element: Type = IntegerType::new(context, 64).into();
    let ty: Type = RankedTensorType::new(&shape.iter().map(|&d| d as u64).collect::<Vec<_>>(), element, None).into();
    let elements: Vec<Attribute> = values.iter().map(|&v| IntegerAttribute::new(element, v).into()).collect();
    Ok(DenseElementsAttribute::new(ty, &elements).map_err(|e| format!("internal error: {e}"))?.into())
}

/// [`hlo_op`] with one region (sort's comparator, ...).
pub fn hlo_op_with_region<'c>(
    context: &'c Context,
    location: Location<'c>,
    name: &str,
    operands: &[Value<'c, '_>],
    results: &[Type<'c>],
    attributes: &[(&str, Attribute<'c>)],
    region: Region<'c>,
) -> BuildResult<Operation<'c>> {
    let all = hlo_attributes(context, attributes);
    build(
        OperationBuilder::new(name, location)
            .add_operands(operands)
            .add_results(results)
            .add_attributes(&all)
            .add_regions([region]),
    )
}

/// `value` as an MLIR float literal of the float type named `ty` (`f32`,
/// `bf16`, ...): decimal when finite (17 significant digits, rounded by the
/// parser), else the type's bit pattern for ±inf or NaN.
pub fn float_literal(value: f64, ty: &str) -> String {
    if value.is_finite() {
        return format!("{value:.17e}");
    }
    let (inf, neg_inf, nan) = match ty {
        "f64" => ("0x7FF0000000000000", "0xFFF0000000000000", "0x7FF8000000000000"),
        "f16" => ("0x7C00", "0xFC00", "0x7E00"),
        "bf16" => ("0x7F80", "0xFF80", "0x7FC0"),
        _ => ("0x7F800000", "0xFF800000", "0x7FC00000"),
    };
    (if value.is_nan() { nan } else if value > 0.0 { inf } else { neg_inf }).to_owned()
}

/// `arith.constant dense<0> : ty`: a statically shaped tensor of zeros.
pub fn zeros_tensor<'c>(context: &'c Context, location: Location<'c>, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    static_shape(ty)?;
    constant(context, location, zeros_attribute(ty)?, ty)
}

/// `func.call @callee(operands) : (...) -> results`, with `attributes`
/// (the callee's `FlatSymbolRefAttr` among them, as `callee`).
pub fn func_call<'c>(
    location: Location<'c>,
    operands: &[Value<'c, '_>],
    results: &[Type<'c>],
    attributes: &[(Identifier<'c>, Attribute<'c>)],
) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("func.call", location).add_operands(operands).add_results(results).add_attributes(attributes))
}

/// `func.func private @name(inputs) -> results`: a declaration (no body) of
/// a function the runtime provides.
pub fn func_declaration<'c>(context: &'c Context, name: &str, inputs: &[Type<'c>], results: &[Type<'c>]) -> Operation<'c> {
    use melior::ir::{attribute::{StringAttribute, TypeAttribute}, r#type::FunctionType};
    let function_type = FunctionType::new(context, inputs, results);
    melior::dialect::func::func(
        context,
        StringAttribute::new(context, name),
        TypeAttribute::new(function_type.into()),
        Region::new(),
        &[(Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into())],
        Location::unknown(context),
    )
}

/// `func.call @callee(operands) : (...) -> results`.
pub fn call<'c>(context: &'c Context, location: Location<'c>, callee: &str, operands: &[Value<'c, '_>], results: &[Type<'c>]) -> Operation<'c> {
    use melior::ir::attribute::FlatSymbolRefAttribute;
    melior::dialect::func::call(context, FlatSymbolRefAttribute::new(context, callee), operands, results, location)
}

/// `memref.copy %source, %target`.
pub fn memref_copy<'c>(location: Location<'c>, source: Value<'c, '_>, target: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("memref.copy", location).add_operands(&[source, target]))
}

/// `tensor.from_elements elements : ty`.
pub fn tensor_from_elements<'c>(location: Location<'c>, elements: &[Value<'c, '_>], ty: Type<'c>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("tensor.from_elements", location).add_operands(elements).add_results(&[ty]))
}

/// `bufferization.to_tensor %buffer restrict writable : ... to ty`: a
/// buffer the caller owns (freshly allocated or filled) as a tensor.
pub fn to_tensor_restrict_writable<'c>(location: Location<'c>, buffer: Value<'c, '_>, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("bufferization.to_tensor", location)
            .add_operands(&[buffer])
            .add_attributes(&[
                (Identifier::new(context, "restrict"), Attribute::unit(context)),
                (Identifier::new(context, "writable"), Attribute::unit(context)),
            ])
            .add_results(&[ty]),
    )
}

/// `bufferization.to_buffer %tensor read_only : ... to memref_type`.
pub fn to_buffer_read_only<'c>(location: Location<'c>, tensor: Value<'c, '_>, memref_type: Type<'c>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("bufferization.to_buffer", location)
            .add_operands(&[tensor])
            .add_attributes(&[(Identifier::new(context, "read_only"), Attribute::unit(context))])
            .add_results(&[memref_type]),
    )
}

/// `memref.extract_aligned_pointer_as_index %memref`.
pub fn extract_aligned_pointer<'c>(location: Location<'c>, memref: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("memref.extract_aligned_pointer_as_index", location)
            .add_operands(&[memref])
            .add_results(&[Type::index(context)]),
    )
}

/// The `!stablehlo.token` type.
pub fn token_type(context: &Context) -> BuildResult<Type<'_>> {
    Ok(xla_dialects::token_type(context))
}

/// A `stablehlo.constant` of `ty` with the integer `values` (one per
/// element, row-major; one value makes a splat).
pub fn hlo_int_constant<'c>(context: &'c Context, location: Location<'c>, values: &[i64], ty: Type<'c>) -> BuildResult<Operation<'c>> {
    let element = element_type(ty)?;
    let elements: Vec<Attribute> = values.iter().map(|&v| IntegerAttribute::new(element, v).into()).collect();
    let value = DenseElementsAttribute::new(ty, &elements).map_err(|e| format!("internal error: {e}"))?.into();
    hlo_op(context, location, "stablehlo.constant", &[], &[ty], &[("value", value)])
}

/// `gpu.launch blocks(...) in (grid) threads(...) in (block)`: the body
/// block has the twelve index arguments (block ids, thread ids, grid sizes,
/// block sizes, each x/y/z) and ends with `gpu.terminator`; the caller
/// inserts the kernel's ops before it.
pub fn gpu_launch<'c>(
    context: &'c Context,
    location: Location<'c>,
    grid: [Value<'c, '_>; 3],
    block: [Value<'c, '_>; 3],
) -> BuildResult<Operation<'c>> {
    gpu_launch_with_workgroup(context, location, grid, block, &[])
}

/// [`gpu_launch`] with workgroup (shared) memory: one body argument per
/// type of `workgroup` (memrefs in address space 3) after the twelve
/// indices.
pub fn gpu_launch_with_workgroup<'c>(
    context: &'c Context,
    location: Location<'c>,
    grid: [Value<'c, '_>; 3],
    block: [Value<'c, '_>; 3],
    workgroup: &[Type<'c>],
) -> BuildResult<Operation<'c>> {
    let index = Type::index(context);
    let mut arguments = vec![(index, location); 12];
    arguments.extend(workgroup.iter().map(|&ty| (ty, location)));
    let body = Block::new(&arguments);
    body.append_operation(terminator(location, "gpu.terminator", &[])?);
    let region = Region::new();
    region.append_block(body);
    let mut operands = grid.to_vec();
    operands.extend_from_slice(&block);
    let mut attributes = vec![(
        Identifier::new(context, "operandSegmentSizes"),
        segment_sizes(context, &[0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0]),
    )];
    if !workgroup.is_empty() {
        attributes.push((
            Identifier::new(context, "workgroup_attributions"),
            IntegerAttribute::new(IntegerType::new(context, 64).into(), workgroup.len() as i64).into(),
        ));
    }
    build(OperationBuilder::new("gpu.launch", location).add_operands(&operands).add_attributes(&attributes).add_regions([region]))
}

/// `gpu.shuffle xor %value, %offset, %width`: the value of the lane whose
/// id is this lane's xor `offset` (an i32), among `width` (an i32) lanes;
/// results: that value and an i1 (whether that lane was in range).
pub fn gpu_shuffle_xor<'c>(location: Location<'c>, value: Value<'c, '_>, offset: Value<'c, '_>, width: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("gpu.shuffle", location)
            .add_operands(&[value, offset, width])
            .add_results(&[value.r#type(), IntegerType::new(context, 1).into()])
            .add_attributes(&[(Identifier::new(context, "mode"), xla_dialects::gpu_shuffle_xor_mode(context))]),
    )
}

/// `gpu.barrier`: every thread of the block waits here until all have
/// arrived, and their shared-memory writes before it are visible after it.
pub fn gpu_barrier(location: Location<'_>) -> BuildResult<Operation<'_>> {
    build(OperationBuilder::new("gpu.barrier", location))
}

/// A scalar operation with the given attributes (`fastmath` copied from
/// another op, ...): `name(operands) {attributes} : result`.
pub fn scalar_with_attributes<'c>(
    location: Location<'c>,
    name: &str,
    operands: &[Value<'c, '_>],
    result: Type<'c>,
    attributes: &[(Identifier<'c>, Attribute<'c>)],
) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new(name, location).add_operands(operands).add_results(&[result]).add_attributes(attributes))
}

/// `scf.if %condition { scf.yield }` without results or else branch; the
/// caller inserts ops before the `scf.yield`.
pub fn scf_if_then<'c>(location: Location<'c>, condition: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    let then = Block::new(&[]);
    then.append_operation(terminator(location, "scf.yield", &[])?);
    let region = Region::new();
    region.append_block(then);
    build(OperationBuilder::new("scf.if", location).add_operands(&[condition]).add_regions([region, Region::new()]))
}

/// `memref.alloca` with the operands, attributes and result type of
/// `alloc` (a `memref.alloc`).
pub fn alloca_like<'c>(alloc: &melior::ir::OperationRef<'c, '_>) -> BuildResult<Operation<'c>> {
    use melior::ir::operation::OperationLike;
    let operands: Vec<Value> = alloc.operands().collect();
    let results: Vec<Type> = alloc.results().map(|r| r.r#type()).collect();
    let attributes: Vec<(Identifier, Attribute)> = alloc.attributes().collect();
    build(
        OperationBuilder::new("memref.alloca", alloc.location())
            .add_operands(&operands)
            .add_attributes(&attributes)
            .add_results(&results),
    )
}

/// `memref.store %value, %memref[%indices]`.
pub fn memref_store<'c>(location: Location<'c>, value: Value<'c, '_>, memref: Value<'c, '_>, indices: &[Value<'c, '_>]) -> BuildResult<Operation<'c>> {
    let mut operands = vec![value, memref];
    operands.extend_from_slice(indices);
    build(OperationBuilder::new("memref.store", location).add_operands(&operands))
}

/// `scf.parallel (%ivs) = (lower) to (upper) step (step)` without
/// reductions; the body ends with `scf.reduce` and the caller inserts ops
/// before it.
pub fn scf_parallel<'c>(
    location: Location<'c>,
    lower: &[Value<'c, '_>],
    upper: &[Value<'c, '_>],
    step: &[Value<'c, '_>],
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let rank = lower.len();
    let body = Block::new(&vec![(Type::index(context), location); rank]);
    body.append_operation(build(OperationBuilder::new("scf.reduce", location))?);
    let region = Region::new();
    region.append_block(body);
    let mut operands = lower.to_vec();
    operands.extend_from_slice(upper);
    operands.extend_from_slice(step);
    build(
        OperationBuilder::new("scf.parallel", location)
            .add_operands(&operands)
            .add_attributes(&[(
                Identifier::new(context, "operandSegmentSizes"),
                segment_sizes(context, &[rank as i32, rank as i32, rank as i32, 0]),
            )])
            .add_regions([region]),
    )
}

/// `memref.load %memref[%indices]` of element type `element`.
pub fn memref_load<'c>(location: Location<'c>, memref: Value<'c, '_>, indices: &[Value<'c, '_>], element: Type<'c>) -> BuildResult<Operation<'c>> {
    let mut operands = vec![memref];
    operands.extend_from_slice(indices);
    build(OperationBuilder::new("memref.load", location).add_operands(&operands).add_results(&[element]))
}

/// `memref.alloc() : ty` (static shape) and `memref.dealloc`.
pub fn memref_alloc<'c>(location: Location<'c>, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("memref.alloc", location)
            .add_attributes(&[(Identifier::new(context, "operandSegmentSizes"), segment_sizes(context, &[0, 0]))])
            .add_results(&[ty]),
    )
}

/// `memref.alloca() : ty` (static shape): stack memory of the function.
pub fn memref_alloca<'c>(location: Location<'c>, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("memref.alloca", location)
            .add_attributes(&[(Identifier::new(context, "operandSegmentSizes"), segment_sizes(context, &[0, 0]))])
            .add_results(&[ty]),
    )
}

/// `memref.dealloc %memref`.
pub fn memref_dealloc<'c>(location: Location<'c>, memref: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("memref.dealloc", location).add_operands(&[memref]))
}

/// `memref.get_global @name : ty`.
pub fn memref_get_global<'c>(location: Location<'c>, name: &str, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("memref.get_global", location)
            .add_attributes(&[(Identifier::new(context, "name"), melior::ir::attribute::FlatSymbolRefAttribute::new(context, name).into())])
            .add_results(&[ty]),
    )
}

/// `memref.global "private" constant @name : ty = <value>`, `value` a
/// dense elements attribute of the matching tensor type.
pub fn memref_constant_global<'c>(location: Location<'c>, name: &str, ty: Type<'c>, value: Attribute<'c>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let key = |key: &str| Identifier::new(context, key);
    build(OperationBuilder::new("memref.global", location).add_attributes(&[
        (key("sym_name"), StringAttribute::new(context, name).into()),
        (key("sym_visibility"), StringAttribute::new(context, "private").into()),
        (key("type"), TypeAttribute::new(ty).into()),
        (key("initial_value"), value),
        (key("constant"), Attribute::unit(context)),
    ]))
}

/// `memref<Nxi8>`: an arena of `bytes` bytes.
pub fn byte_buffer_type(context: &Context, bytes: u64) -> BuildResult<Type<'_>> {
    let size = i64::try_from(bytes).map_err(|_| format!("an arena of {bytes} bytes is too large to address"))?;
    Ok(melior::ir::r#type::MemRefType::new(integer_type(context, 8)?, &[size], None, None).into())
}

/// `memref.alloc() {alignment = N} : ty` (static shape).
pub fn aligned_alloc<'c>(location: Location<'c>, ty: Type<'c>, alignment: u64) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let ty = melior::ir::r#type::MemRefType::try_from(ty)?;
    let alignment = melior::ir::attribute::IntegerAttribute::new(Type::from(melior::ir::r#type::IntegerType::new(context, 64)), alignment as i64);
    build(
        OperationBuilder::new("memref.alloc", location)
            .add_attributes(&[
                (Identifier::new(context, "operandSegmentSizes"), melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[0, 0]).into()),
                (Identifier::new(context, "alignment"), alignment.into()),
            ])
            .add_results(&[ty.into()]),
    )
}

/// `memref.view %source[%byte_shift][] : memref<Nxi8> to ty` (`ty` static,
/// identity layout).
pub fn memref_view<'c>(location: Location<'c>, source: Value<'c, '_>, byte_shift: Value<'c, '_>, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("memref.view", location).add_operands(&[source, byte_shift]).add_results(&[ty]))
}

/// `llvm.call @callee(operands) : (...) -> result` (no result: a call of a
/// void function).
pub fn llvm_call<'c>(
    context: &'c Context,
    location: Location<'c>,
    callee: &str,
    operands: &[Value<'c, '_>],
    result: Option<Type<'c>>,
) -> BuildResult<Operation<'c>> {
    use melior::ir::attribute::FlatSymbolRefAttribute;
    build(
        OperationBuilder::new("llvm.call", location)
            .add_operands(operands)
            .add_results(result.as_slice())
            .add_attributes(&[
                (Identifier::new(context, "callee"), FlatSymbolRefAttribute::new(context, callee).into()),
                (Identifier::new(context, "operandSegmentSizes"), segment_sizes(context, &[operands.len() as i32, 0])),
                (Identifier::new(context, "op_bundle_sizes"), segment_sizes(context, &[])),
            ]),
    )
}

/// `llvm.mlir.constant(value : iN) : iN`.
pub fn llvm_int_constant<'c>(context: &'c Context, location: Location<'c>, value: i64, bits: u32) -> BuildResult<Operation<'c>> {
    let ty: Type = IntegerType::new(context, bits).into();
    build(
        OperationBuilder::new("llvm.mlir.constant", location)
            .add_attributes(&[(Identifier::new(context, "value"), IntegerAttribute::new(ty, value).into())])
            .add_results(&[ty]),
    )
}

/// A predicate of `llvm.icmp` (`ICmpPredicate`'s case numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlvmIcmp {
    Eq = 0,
    Ne = 1,
}

/// `llvm.icmp "predicate" %lhs, %rhs`.
pub fn llvm_icmp<'c>(
    context: &'c Context,
    location: Location<'c>,
    predicate: LlvmIcmp,
    lhs: Value<'c, '_>,
    rhs: Value<'c, '_>,
) -> BuildResult<Operation<'c>> {
    let predicate = IntegerAttribute::new(IntegerType::new(context, 64).into(), predicate as i64).into();
    build(
        OperationBuilder::new("llvm.icmp", location)
            .add_operands(&[lhs, rhs])
            .add_attributes(&[(Identifier::new(context, "predicate"), predicate)])
            .add_results(&[IntegerType::new(context, 1).into()]),
    )
}

/// `llvm.and %lhs, %rhs`.
/// `llvm.intr.stacksave : !llvm.ptr`: the stack pointer, for
/// [`llvm_stack_restore`].
pub fn llvm_stack_save<'c>(context: &'c Context, location: Location<'c>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("llvm.intr.stacksave", location).add_results(&[llvm_pointer_type(context, 0)]))
}

/// `llvm.intr.stackrestore %saved`: frees the stack allocated since the
/// `llvm.intr.stacksave` that returned `saved`.
pub fn llvm_stack_restore<'c>(location: Location<'c>, saved: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("llvm.intr.stackrestore", location).add_operands(&[saved]))
}

pub fn llvm_and<'c>(location: Location<'c>, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("llvm.and", location).add_operands(&[lhs, rhs]).add_results(&[lhs.r#type()]))
}

/// `llvm.cond_br %condition, ^on_true, ^on_false` (successors without
/// operands).
pub fn llvm_cond_br<'c>(
    context: &'c Context,
    location: Location<'c>,
    condition: Value<'c, '_>,
    on_true: &Block<'c>,
    on_false: &Block<'c>,
) -> BuildResult<Operation<'c>> {
    build(
        OperationBuilder::new("llvm.cond_br", location)
            .add_operands(&[condition])
            .add_successors(&[on_true, on_false])
            .add_attributes(&[(Identifier::new(context, "operandSegmentSizes"), segment_sizes(context, &[1, 0, 0]))]),
    )
}

/// `scf.for %iv = %lb to %ub step %step iter_args(...)` whose body block
/// (the induction variable, then one argument per iteration argument) has
/// no terminator yet: the caller fills it and ends it with `scf.yield`.
pub fn scf_for_unterminated<'c>(
    location: Location<'c>,
    bounds: [Value<'c, '_>; 3],
    iter_args: &[Value<'c, '_>],
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let mut argument_types = vec![(Type::index(context), location)];
    argument_types.extend(iter_args.iter().map(|v| (v.r#type(), location)));
    let region = Region::new();
    region.append_block(Block::new(&argument_types));
    let mut operands = bounds.to_vec();
    operands.extend_from_slice(iter_args);
    let types: Vec<Type> = iter_args.iter().map(|v| v.r#type()).collect();
    build(OperationBuilder::new("scf.for", location).add_operands(&operands).add_results(&types).add_regions([region]))
}

/// `affine.apply map(operands)`: `map` has one result and one dimension
/// per operand (no symbols).
pub fn affine_apply<'c>(location: Location<'c>, map: melior::ir::AffineMap<'c>, operands: &[Value<'c, '_>]) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    // SAFETY: a live affine map; the attribute is uniqued in its context.
    let map = unsafe { Attribute::from_raw(mlir_sys::mlirAffineMapAttrGet(map.to_raw())) };
    build(
        OperationBuilder::new("affine.apply", location)
            .add_operands(operands)
            .add_attributes(&[(Identifier::new(context, "map"), map)])
            .add_results(&[Type::index(context)]),
    )
}

/// `vector.load %memref[%indices] : memref, ty`.
pub fn vector_load<'c>(location: Location<'c>, memref: Value<'c, '_>, indices: &[Value<'c, '_>], ty: Type<'c>) -> BuildResult<Operation<'c>> {
    let mut operands = vec![memref];
    operands.extend_from_slice(indices);
    build(OperationBuilder::new("vector.load", location).add_operands(&operands).add_results(&[ty]))
}

/// `vector.load %memref[%indices] {alignment} : memref, ty`: the address is
/// a multiple of `alignment` bytes (so that a GPU loads the vector with one
/// instruction).
pub fn vector_load_aligned<'c>(
    location: Location<'c>,
    memref: Value<'c, '_>,
    indices: &[Value<'c, '_>],
    ty: Type<'c>,
    alignment: i64,
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let mut operands = vec![memref];
    operands.extend_from_slice(indices);
    build(
        OperationBuilder::new("vector.load", location)
            .add_operands(&operands)
            .add_attributes(&[(Identifier::new(context, "alignment"), IntegerAttribute::new(IntegerType::new(context, 64).into(), alignment).into())])
            .add_results(&[ty]),
    )
}

/// `vector.store %value, %memref[%indices] {alignment}` (see
/// [`vector_load_aligned`]).
pub fn vector_store_aligned<'c>(
    location: Location<'c>,
    value: Value<'c, '_>,
    memref: Value<'c, '_>,
    indices: &[Value<'c, '_>],
    alignment: i64,
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let mut operands = vec![value, memref];
    operands.extend_from_slice(indices);
    build(
        OperationBuilder::new("vector.store", location)
            .add_operands(&operands)
            .add_attributes(&[(Identifier::new(context, "alignment"), IntegerAttribute::new(IntegerType::new(context, 64).into(), alignment).into())]),
    )
}

/// `vector<shape x element>`.
pub fn vector_type<'c>(element: Type<'c>, shape: &[i64]) -> Type<'c> {
    // SAFETY: a live element type; the vector type is uniqued in its context.
    unsafe { Type::from_raw(mlir_sys::mlirVectorTypeGet(shape.len() as isize, shape.as_ptr(), element.to_raw())) }
}

/// `vector.extract %vector[position] : element from vector` (a 1-D vector).
pub fn vector_extract<'c>(location: Location<'c>, vector: Value<'c, '_>, position: i64, element: Type<'c>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("vector.extract", location)
            .add_operands(&[vector])
            .add_attributes(&[(Identifier::new(context, "static_position"), i64_array(context, &[position])?)])
            .add_results(&[element]),
    )
}

/// `vector.reduction <kind>, %vector : ... into result` (`kind` a
/// `#vector.kind<...>`, e.g. `xla_dialects::vector_kind_or`).
pub fn vector_reduction<'c>(location: Location<'c>, kind: Attribute<'c>, vector: Value<'c, '_>, result: Type<'c>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("vector.reduction", location)
            .add_operands(&[vector])
            .add_attributes(&[(Identifier::new(context, "kind"), kind)])
            .add_results(&[result]),
    )
}

/// `vector.bitcast %source : ... to ty` (the same bits, another element
/// type).
pub fn vector_bitcast<'c>(location: Location<'c>, source: Value<'c, '_>, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("vector.bitcast", location).add_operands(&[source]).add_results(&[ty]))
}

/// `!llvm.struct<(fields...)>` (a literal struct).
pub fn llvm_struct_type<'c>(context: &'c Context, fields: &[Type<'c>]) -> Type<'c> {
    let raw: Vec<mlir_sys::MlirType> = fields.iter().map(|t| t.to_raw()).collect();
    // SAFETY: live field types of this context; the struct type is uniqued.
    unsafe { Type::from_raw(mlir_sys::mlirLLVMStructTypeLiteralGet(context.to_raw(), raw.len() as isize, raw.as_ptr(), false)) }
}

/// `llvm.extractvalue %aggregate[position] : ... -> ty`.
pub fn llvm_extract_value<'c>(location: Location<'c>, aggregate: Value<'c, '_>, position: i64, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("llvm.extractvalue", location)
            .add_operands(&[aggregate])
            .add_attributes(&[(Identifier::new(context, "position"), i64_array(context, &[position])?)])
            .add_results(&[ty]),
    )
}

/// `nvvm.mma.sync` of shape m16n8k16 (A row-major, B column-major, f32
/// accumulators): one warp's `D = A B + C` on the tensor cores. `a` is
/// the thread's four A registers and `b` its two B registers (i32 for
/// bf16, `vector<2xf16>` for f16), `c` its four accumulators; the result
/// is `!llvm.struct<(f32, f32, f32, f32)>`, D's four elements.
pub fn nvvm_mma_m16n8k16<'c>(
    location: Location<'c>,
    a: [Value<'c, '_>; 4],
    b: [Value<'c, '_>; 2],
    c: [Value<'c, '_>; 4],
    bf16: bool,
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let mut operands = a.to_vec();
    operands.extend(b);
    operands.extend(c);
    let mut attributes: Vec<(Identifier, Attribute)> = xla_dialects::nvvm_mma_m16n8k16_attributes(context, bf16)
        .into_iter()
        .map(|(name, attribute)| (Identifier::new(context, name), attribute))
        .collect();
    attributes.push((Identifier::new(context, "operandSegmentSizes"), segment_sizes(context, &[4, 2, 4])));
    let f32 = Type::float32(context);
    build(
        OperationBuilder::new("nvvm.mma.sync", location)
            .add_operands(&operands)
            .add_attributes(&attributes)
            .add_results(&[llvm_struct_type(context, &[f32; 4])]),
    )
}

/// `memref.extract_aligned_pointer_as_index %memref`: the address of its
/// first element, as an index.
pub fn memref_aligned_pointer<'c>(location: Location<'c>, memref: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(OperationBuilder::new("memref.extract_aligned_pointer_as_index", location).add_operands(&[memref]).add_results(&[Type::index(context)]))
}

/// `!llvm.ptr<address_space>`.
pub fn llvm_pointer_type(context: &Context, address_space: u32) -> Type<'_> {
    // SAFETY: a live context; the type is uniqued in it.
    unsafe { Type::from_raw(mlir_sys::mlirLLVMPointerTypeGet(context.to_raw(), address_space)) }
}

/// `llvm.inttoptr %value : i64 to ty`.
pub fn llvm_int_to_pointer<'c>(location: Location<'c>, value: Value<'c, '_>, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("llvm.inttoptr", location).add_operands(&[value]).add_results(&[ty]))
}

/// `nvvm.ldmatrix %pointer {num = 4}`: a warp loads four 8x8 matrices of
/// 16-bit elements from shared memory (lane 8q + r gives the address of row
/// r of matrix q), transposed or not; each thread gets one i32 (two
/// elements) of each matrix, in the mma fragment layout. The result is
/// `!llvm.struct<(i32, i32, i32, i32)>`.
pub fn nvvm_ldmatrix_x4<'c>(location: Location<'c>, pointer: Value<'c, '_>, transposed: bool) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let i32_type: Type = IntegerType::new(context, 32).into();
    let mut attributes: Vec<(Identifier, Attribute)> = xla_dialects::nvvm_ldmatrix_attributes(context, transposed)
        .into_iter()
        .map(|(name, attribute)| (Identifier::new(context, name), attribute))
        .collect();
    attributes.push((Identifier::new(context, "num"), IntegerAttribute::new(i32_type, 4).into()));
    build(
        OperationBuilder::new("nvvm.ldmatrix", location)
            .add_operands(&[pointer])
            .add_attributes(&attributes)
            .add_results(&[llvm_struct_type(context, &[i32_type; 4])]),
    )
}

/// `vector.from_elements elements : ty`.
pub fn vector_from_elements<'c>(location: Location<'c>, elements: &[Value<'c, '_>], ty: Type<'c>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("vector.from_elements", location).add_operands(elements).add_results(&[ty]))
}

/// `vector.store %value, %memref[%indices]`.
pub fn vector_store<'c>(location: Location<'c>, value: Value<'c, '_>, memref: Value<'c, '_>, indices: &[Value<'c, '_>]) -> BuildResult<Operation<'c>> {
    let mut operands = vec![value, memref];
    operands.extend_from_slice(indices);
    build(OperationBuilder::new("vector.store", location).add_operands(&operands))
}

/// `vector.maskedload %memref[%indices], %mask, %pass_thru : ... into ty`:
/// the lanes where `mask` is false are `pass_thru`'s.
pub fn vector_masked_load<'c>(
    location: Location<'c>,
    memref: Value<'c, '_>,
    indices: &[Value<'c, '_>],
    mask: Value<'c, '_>,
    pass_thru: Value<'c, '_>,
    ty: Type<'c>,
) -> BuildResult<Operation<'c>> {
    let mut operands = vec![memref];
    operands.extend_from_slice(indices);
    operands.extend([mask, pass_thru]);
    build(OperationBuilder::new("vector.maskedload", location).add_operands(&operands).add_results(&[ty]))
}

/// `vector.maskedstore %memref[%indices], %mask, %value`: only the lanes
/// where `mask` is true are written.
pub fn vector_masked_store<'c>(
    location: Location<'c>,
    memref: Value<'c, '_>,
    indices: &[Value<'c, '_>],
    mask: Value<'c, '_>,
    value: Value<'c, '_>,
) -> BuildResult<Operation<'c>> {
    let mut operands = vec![memref];
    operands.extend_from_slice(indices);
    operands.extend([mask, value]);
    build(OperationBuilder::new("vector.maskedstore", location).add_operands(&operands))
}

/// `vector.broadcast %source : scalar to ty`.
pub fn vector_broadcast<'c>(location: Location<'c>, source: Value<'c, '_>, ty: Type<'c>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("vector.broadcast", location).add_operands(&[source]).add_results(&[ty]))
}

/// `vector.fma %lhs, %rhs, %acc`: `lhs * rhs + acc`, fused, lane by lane.
pub fn vector_fma<'c>(location: Location<'c>, lhs: Value<'c, '_>, rhs: Value<'c, '_>, acc: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    build(OperationBuilder::new("vector.fma", location).add_operands(&[lhs, rhs, acc]).add_results(&[acc.r#type()]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The typed attribute helpers build the very attributes (uniqued:
    /// equal) that their text parses to, integers wider than 64 bits
    /// included.
    #[test]
    fn typed_attributes_equal_their_parsed_text() {
        let context = xla_dialects::create_context();
        let c = &context;
        let parse = |text: &str| Attribute::parse(c, text).unwrap_or_else(|| panic!("{text} parses"));
        let int = |width| -> Type { IntegerType::new(c, width).into() };
        let uint = |width| -> Type { IntegerType::unsigned(c, width).into() };
        let cases = [
            (integer_attribute(int(128), -(1i128 << 100)).unwrap(), "-1267650600228229401496703205376 : i128"),
            (integer_attribute(int(128), i128::MAX).unwrap(), "170141183460469231731687303715884105727 : i128"),
            (integer_attribute(uint(128), 1i128 << 64).unwrap(), "18446744073709551616 : ui128"),
            (integer_attribute(int(8), -128).unwrap(), "-128 : i8"),
            (integer_attribute(uint(8), 255).unwrap(), "255 : ui8"),
            (integer_attribute(int(1), 1).unwrap(), "true"),
            (i64_attribute(c, -3), "-3 : i64"),
            (i64_array_attribute(c, &[]), "array<i64>"),
            (i64_array_attribute(c, &[1, 2]), "array<i64: 1, 2>"),
            (dense_i64_attribute(c, &[0, 1, 2, 3], &[2, 2]).unwrap(), "dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>"),
            (dense_i64_attribute(c, &[7, 7], &[2]).unwrap(), "dense<7> : tensor<2xi64>"),
            (dense_i64_attribute(c, &[], &[0, 2]).unwrap(), "dense<> : tensor<0x2xi64>"),
            (unit_attribute(c), "unit"),
        ];
        for (built, text) in cases {
            assert_eq!(built, parse(text), "{text}");
        }
        assert!(integer_attribute(int(8), 256).is_err());
        assert!(integer_attribute(int(8), -129).is_err());
        assert!(integer_attribute(Type::index(c), 1).is_err());
    }

    /// A map built from typed expressions is the very map (uniqued: equal
    /// attributes) its text parses to, simplifications included.
    #[test]
    fn typed_affine_maps_equal_their_parsed_text() {
        let context = xla_dialects::create_context();
        let c = &context;
        let d = |i| Affine::dim(c, i);
        let cases: Vec<(usize, Vec<Affine>, &str)> = vec![
            (3, vec![d(0) * 2 + d(2) * 1, d(1)], "affine_map<(d0, d1, d2) -> (d0 * 2 + d2 * 1, d1)>"),
            (3, vec![d(1).floor_div(4) * 3 + d(2)], "affine_map<(d0, d1, d2) -> ((d1 floordiv 4) * 3 + d2)>"),
            (2, vec![Affine::constant(c, 3) - d(1), d(0)], "affine_map<(d0, d1) -> (3 - d1, d0)>"),
            (2, vec![Affine::constant(c, 0), d(1)], "affine_map<(d0, d1) -> (0, d1)>"),
            (2, vec![], "affine_map<(d0, d1) -> ()>"),
            (4, dims(c, 2..4), "affine_map<(d0, d1, d2, d3) -> (d2, d3)>"),
        ];
        for (rank, results, text) in cases {
            let parsed = Attribute::parse(c, text).unwrap_or_else(|| panic!("{text} parses"));
            assert_eq!(affine_map(c, rank, &results).expect("a valid map"), parsed, "{text}");
        }
        let identity = Attribute::parse(c, "affine_map<(d0, d1, d2) -> (d0, d1, d2)>").expect("parses");
        assert_eq!(identity_map(c, 3), identity);
        // A result past the map's dimensions is an error, not a map.
        assert!(affine_map(c, 2, &[d(2)]).is_err());
        assert!(affine_map(c, 2, &[d(0) + d(5) * 2]).is_err());
    }
}

/// `!gpu.async.token`.
pub fn gpu_async_token_type<'c>(context: &'c Context) -> Type<'c> {
    unsafe extern "C" {
        fn mlirGPUAsyncTokenTypeGet(context: mlir_sys::MlirContext) -> mlir_sys::MlirType;
    }
    // SAFETY: the context is live; the type is uniqued in it.
    unsafe { Type::from_raw(mlirGPUAsyncTokenTypeGet(context.to_raw())) }
}

/// `%token = gpu.wait async` (no dependencies: a token on the default
/// stream), or `gpu.wait [%dependency]` when one is given.
pub fn gpu_wait<'c>(location: Location<'c>, dependency: Option<Value<'c, '_>>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    match dependency {
        Some(token) => build(OperationBuilder::new("gpu.wait", location).add_operands(&[token])),
        None => build(OperationBuilder::new("gpu.wait", location).add_results(&[gpu_async_token_type(context)])),
    }
}

/// `%memref, %token = gpu.alloc async [%dependency] (dynamic sizes)[symbols] : ty`.
pub fn gpu_alloc_async<'c>(
    location: Location<'c>,
    dependency: Value<'c, '_>,
    dynamic_sizes: &[Value<'c, '_>],
    symbols: &[Value<'c, '_>],
    ty: Type<'c>,
) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    let mut operands = vec![dependency];
    operands.extend_from_slice(dynamic_sizes);
    operands.extend_from_slice(symbols);
    let segments = segment_sizes(context, &[1, dynamic_sizes.len() as i32, symbols.len() as i32]);
    build(
        OperationBuilder::new("gpu.alloc", location)
            .add_operands(&operands)
            .add_attributes(&[(Identifier::new(context, "operandSegmentSizes"), segments)])
            .add_results(&[ty, gpu_async_token_type(context)]),
    )
}

/// `%token = gpu.dealloc async [%dependency] %memref`.
pub fn gpu_dealloc_async<'c>(location: Location<'c>, dependency: Value<'c, '_>, memref: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    // SAFETY: the location's context outlives the built operation.
    let context = crate::context_of(location.context());
    build(
        OperationBuilder::new("gpu.dealloc", location)
            .add_operands(&[dependency, memref])
            .add_results(&[gpu_async_token_type(context)]),
    )
}

/// The asynchronous form of a synchronous `gpu.launch_func`: the same
/// kernel, grid, block and arguments (and every other attribute), after
/// `dependency`, with a token result.
pub fn gpu_launch_func_async<'c>(launch: melior::ir::OperationRef<'c, '_>, dependency: Value<'c, '_>) -> BuildResult<Operation<'c>> {
    use melior::ir::operation::OperationLike;
    let location = launch.location();
    // SAFETY: the op's context outlives the built operation.
    let context = crate::context_of(launch.context());
    let mut operands = vec![dependency];
    operands.extend(launch.operands());
    let mut attributes: Vec<(Identifier, Attribute)> = Vec::new();
    for i in 0..launch.attribute_count() {
        // SAFETY: `i` is below the op's attribute count; the named
        // attribute's name and value are live.
        let (name, value) = unsafe {
            let named = mlir_sys::mlirOperationGetAttribute(launch.to_raw(), i as isize);
            (Identifier::from_raw(named.name), Attribute::from_raw(named.attribute))
        };
        if name.as_string_ref().as_str() == Ok("operandSegmentSizes") {
            let sizes = melior::ir::attribute::DenseI32ArrayAttribute::try_from(value)?;
            let mut sizes: Vec<i32> = (0..sizes.len()).map(|i| sizes.element(i)).collect::<Result<_, _>>()?;
            if sizes.first() != Some(&0) {
                return Err("internal error: a synchronous gpu.launch_func with async dependencies".into());
            }
            sizes[0] = 1;
            attributes.push((name, segment_sizes(context, &sizes)));
        } else {
            attributes.push((name, value));
        }
    }
    build(
        OperationBuilder::new("gpu.launch_func", location)
            .add_operands(&operands)
            .add_attributes(&attributes)
            .add_results(&[gpu_async_token_type(context)]),
    )
}
