//! `chlo-legalize-to-stablehlo`: every CHLO op JAX emits, rewritten into
//! StableHLO ops on the same tensors, so the rest of the pipeline only sees
//! StableHLO.
//!
//! ```mlir
//! %r = chlo.square %x : tensor<4xf32> -> tensor<4xf32>
//! // becomes
//! %r = stablehlo.multiply %x, %x : tensor<4xf32>
//!
//! %v, %i = chlo.top_k(%x, k = 40) : tensor<50xf32> -> (tensor<40xf32>, tensor<40xi32>)
//! // becomes an iota, a stable descending "stablehlo.sort" of (%x, iota) with a
//! // TOTALORDER comparator, and two stablehlo.slice [0:40]
//! ```
//!
//! The one exception to "StableHLO only": a `chlo.top_k` whose k is small
//! for its rows ([`by_selection`](crate::stablehlo_to_linalg::top_k::by_selection))
//! is left as it is, for `stablehlo-legalize-to-linalg`, which selects the
//! k best of each row without sorting it.
//!
//! Exact rewrites: square, is_inf/is_pos_inf/is_neg_inf, conj, tan, the
//! broadcasting binaries (`broadcast_in_dim` then the op), next_after (bit
//! arithmetic), mulhi (a double-width product, see [`mulhi`]), constant,
//! constant_like and broadcast_select (see [`constants`]), top_k, ragged_dot (a masked dot_general, see [`ragged_dot`]),
//! scaled_dot (dequantize, then dot_general, see [`scaled_dot`]), scan (a
//! stablehlo.while over the scan dimension, see [`scan`]). Formulas (see [`special`] for the approximations and
//! their measured accuracy): cosh, sinh, asin, acos, atan, asinh, acosh,
//! atanh (real and complex, see [`complex`]), erf, erfc, erf_inv, lgamma,
//! digamma, zeta, polygamma, bessel_i1e (see [`bessel`]).
//! broadcast_compare is the broadcasting binaries' rewrite ending in
//! `stablehlo.compare` with the op's direction and compare type.
//!
//! The other exception: `chlo.minimum_broadcast_shapes` works on `index`
//! shape tensors, which StableHLO ops do not take; it becomes scalar
//! `arith` on the shapes' elements (see [`broadcast_shapes`]).

mod bessel;
mod broadcast_shapes;
mod complex;
mod constants;
mod erf_f64;
mod mulhi;
mod ragged_dot;
mod scaled_dot;
mod scan;
mod special;

use crate::builders::{BuildResult, hlo_op};
use xla_dialects::stablehlo::{ComparisonDirection, ComparisonType};
use crate::stablehlo_to_linalg::Rewrite;
use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, Location, OperationRef, Region, RegionLike, Type, TypeLike, Value, ValueLike,
        attribute::{BoolAttribute, IntegerAttribute},
        operation::{OperationLike, WalkOrder, WalkResult},
        r#type::{IntegerType, RankedTensorType},
    },
    PatternRewriter, create_op_rewrite_pattern,
    pass::{ExternalPass, Pass},
};
use std::{cell::Cell, rc::Rc};

/// Builds StableHLO ops on tensors of one shape, inserted before the op
/// being rewritten.
pub struct Hlo<'c, 'a, 'r> {
    rewrite: &'a Rewrite<'c, 'r>,
    location: Location<'c>,
    shape: Vec<u64>,
}

/// A value produced by an inserted op (it lives as long as the IR).
type V<'c> = Value<'c, 'c>;

fn erase<'c>(value: Value<'c, '_>) -> V<'c> {
    // SAFETY: the value is the result of an op in the IR, which outlives
    // the rewrite; the lifetime only tracked the borrow of its op handle.
    unsafe { crate::builders::detach(value) }
}

impl<'c, 'a, 'r> Hlo<'c, 'a, 'r> {
    fn new(rewrite: &'a Rewrite<'c, 'r>, location: Location<'c>, like: Type<'c>) -> BuildResult<Self> {
        let shape = crate::builders::static_shape(like)?.into_iter().map(|d| d as u64).collect();
        Ok(Self { rewrite, location, shape })
    }

    fn context(&self) -> &'c Context {
        self.rewrite.context
    }

    /// A tensor of this shape with `element`.
    fn tensor(&self, element: Type<'c>) -> Type<'c> {
        RankedTensorType::new(&self.shape, element, None).into()
    }

    fn f32(&self) -> Type<'c> {
        Type::float32(self.context())
    }

    fn f64(&self) -> Type<'c> {
        Type::float64(self.context())
    }

    /// The op `name` with one result of type `result`.
    fn op(&self, name: &str, operands: &[V<'c>], result: Type<'c>, attributes: &[(&str, Attribute<'c>)]) -> BuildResult<V<'c>> {
        let op = self.rewrite.rewriter.insert(hlo_op(self.context(), self.location, name, operands, &[result], attributes)?);
        Ok(erase(op.result(0)?.into()))
    }

    /// A splat constant `value` of a float or integer `element`.
    fn constant(&self, value: f64, element: Type<'c>) -> BuildResult<V<'c>> {
        let ty = self.tensor(element);
        let attribute = crate::builders::splat_attribute(ty, value)?;
        let op = self.rewrite.rewriter.insert(hlo_op(self.context(), self.location, "stablehlo.constant", &[], &[ty], &[("value", attribute)])?);
        Ok(erase(op.result(0)?.into()))
    }

    /// A `stablehlo.constant` of type `ty` holding `value`.
    fn op_with_value(&self, ty: Type<'c>, value: Attribute<'c>) -> BuildResult<V<'c>> {
        let op = self.rewrite.rewriter.insert(hlo_op(self.context(), self.location, "stablehlo.constant", &[], &[ty], &[("value", value)])?);
        Ok(erase(op.result(0)?.into()))
    }

    /// A constant of the type of `like`.
    fn c(&self, value: f64, like: V<'c>) -> BuildResult<V<'c>> {
        self.constant(value, crate::builders::element_type(like.r#type())?)
    }

    fn unary(&self, name: &str, x: V<'c>) -> BuildResult<V<'c>> {
        self.op(&format!("stablehlo.{name}"), &[x], x.r#type(), &[])
    }

    fn binary(&self, name: &str, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.op(&format!("stablehlo.{name}"), &[a, b], a.r#type(), &[])
    }

    fn add(&self, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.binary("add", a, b)
    }
    fn sub(&self, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.binary("subtract", a, b)
    }
    fn mul(&self, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.binary("multiply", a, b)
    }
    fn div(&self, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.binary("divide", a, b)
    }

    /// `a <direction> b` as i1, comparing floats as IEEE (FLOAT).
    fn compare(&self, direction: ComparisonDirection, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        let element = crate::builders::element_type(a.r#type())?;
        let is_float = melior::ir::r#type::TypeLike::is_float(&element);
        let mut attributes = vec![("comparison_direction", direction.attribute(self.context()))];
        if is_float {
            attributes.push(("compare_type", ComparisonType::FLOAT.attribute(self.context())));
        }
        let i1 = crate::builders::integer_type(self.context(), 1)?;
        self.op("stablehlo.compare", &[a, b], self.tensor(i1), &attributes)
    }

    fn select(&self, pred: V<'c>, a: V<'c>, b: V<'c>) -> BuildResult<V<'c>> {
        self.op("stablehlo.select", &[pred, a, b], a.r#type(), &[])
    }

    fn convert(&self, x: V<'c>, element: Type<'c>) -> BuildResult<V<'c>> {
        if crate::builders::element_type(x.r#type())? == element {
            return Ok(x);
        }
        self.op("stablehlo.convert", &[x], self.tensor(element), &[])
    }

    /// `c[0] * x^(n-1) + ... + c[n-1]` by Horner's rule.
    fn horner(&self, coefficients: &[f64], x: V<'c>) -> BuildResult<V<'c>> {
        let mut p = self.c(coefficients[0], x)?;
        for &c in &coefficients[1..] {
            let scaled = self.mul(p, x)?;
            p = self.add(scaled, self.c(c, x)?)?;
        }
        Ok(p)
    }

    /// As [`Self::horner`], each step `p * x + c` marked
    /// [`crate::stablehlo_to_linalg::CONTRACT_ATTRIBUTE`]: its arith ops get
    /// `fastmath<contract>` (one FMA per coefficient where the target has
    /// FMA). For the polynomials whose error is measured that way
    /// (erf/erfc, docs/vector_math.md).
    fn horner_contract(&self, coefficients: &[f64], x: V<'c>) -> BuildResult<V<'c>> {
        let contract = [(crate::stablehlo_to_linalg::CONTRACT_ATTRIBUTE, Attribute::unit(self.context()))];
        let mut p = self.c(coefficients[0], x)?;
        for &c in &coefficients[1..] {
            let scaled = self.op("stablehlo.multiply", &[p, x], x.r#type(), &contract)?;
            p = self.op("stablehlo.add", &[scaled, self.c(c, x)?], x.r#type(), &contract)?;
        }
        Ok(p)
    }
}

/// What a decomposition gets: the rewrite, the op, its operands.
type Decompose = for<'c, 'r, 'a> fn(&Rewrite<'c, 'r>, OperationRef<'c, 'a>) -> BuildResult<()>;

fn operand<'c>(op: OperationRef<'c, '_>, i: usize) -> BuildResult<V<'c>> {
    Ok(erase(op.operand(i)?))
}

fn replace<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>, values: &[V<'c>]) -> BuildResult<()> {
    rewrite.rewriter.replace_op_with_values(op, values);
    Ok(())
}

/// Element-wise decompositions: `f(hlo, x...)` on the op's operands.
fn elementwise<'c>(
    rewrite: &Rewrite<'c, '_>,
    op: OperationRef<'c, '_>,
    f: impl FnOnce(&Hlo<'c, '_, '_>, &[V<'c>]) -> BuildResult<V<'c>>,
) -> BuildResult<()> {
    let operands: Vec<V> = (0..op.operand_count()).map(|i| operand(op, i)).collect::<BuildResult<_>>()?;
    let hlo = Hlo::new(rewrite, op.location(), operands[0].r#type())?;
    let result = f(&hlo, &operands)?;
    replace(rewrite, op, &[result])
}

fn is_complex(x: V) -> bool {
    crate::builders::element_type(x.r#type())
        .map(|e| matches!(crate::element::ElementKind::of(e), Some(crate::element::ElementKind::Complex)))
        .unwrap_or(false)
}

fn real_only<'c>(name: &str, x: V<'c>) -> BuildResult<()> {
    let name = name.trim_start_matches("chlo.");
    if is_complex(x) {
        return Err(format!("chlo.{name} on complex elements is not supported yet").into());
    }
    Ok(())
}

fn lower_square<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    elementwise(rewrite, op, |h, x| h.mul(x[0], x[0]))
}

fn lower_tan<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    elementwise(rewrite, op, |h, x| h.unary("tan", x[0]))
}

fn lower_conj<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    elementwise(rewrite, op, |h, x| {
        if !is_complex(x[0]) {
            return Ok(x[0]);
        }
        let element = crate::builders::element_type(x[0].r#type())?;
        let part: Type = crate::builders::complex_part(element);
        let re = h.op("stablehlo.real", &[x[0]], h.tensor(part), &[])?;
        let im = h.op("stablehlo.imag", &[x[0]], h.tensor(part), &[])?;
        let negated = h.unary("negate", im)?;
        h.op("stablehlo.complex", &[re, negated], x[0].r#type(), &[])
    })
}

/// is_inf (`|x| == inf`), is_pos_inf, is_neg_inf.
fn lower_is_inf<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let name = op.name().as_string_ref().as_str()?.to_owned();
    elementwise(rewrite, op, |h, x| match name.as_str() {
        "chlo.is_pos_inf" => h.compare(ComparisonDirection::EQ, x[0], h.c(f64::INFINITY, x[0])?),
        "chlo.is_neg_inf" => h.compare(ComparisonDirection::EQ, x[0], h.c(f64::NEG_INFINITY, x[0])?),
        _ => h.compare(ComparisonDirection::EQ, h.unary("abs", x[0])?, h.c(f64::INFINITY, x[0])?),
    })
}

/// `chlo.broadcast_<op>`: both operands broadcast to the result shape, then
/// the StableHLO op.
fn lower_broadcast_binary<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let name = op.name().as_string_ref().as_str()?.to_owned();
    let base = name.trim_start_matches("chlo.broadcast_");
    let result_type = op.result(0)?.r#type();
    let rank = crate::builders::static_shape(result_type)?.len();
    let explicit = op.attribute("broadcast_dimensions").ok().and_then(|a| {
        let array = melior::ir::attribute::DenseI64ArrayAttribute::try_from(a).ok()?;
        (0..array.len()).map(|i| array.element(i).ok()).collect::<Option<Vec<i64>>>()
    });
    let hlo = Hlo::new(rewrite, op.location(), result_type)?;
    let mut broadcast = Vec::new();
    for i in 0..2 {
        let x = operand(op, i)?;
        let shape = crate::builders::static_shape(x.r#type())?;
        if x.r#type() == result_type {
            broadcast.push(x);
            continue;
        }
        let dims: Vec<i64> = match &explicit {
            Some(dims) if shape.len() < rank => dims.clone(),
            _ => (0..shape.len()).map(|d| (rank - shape.len() + d) as i64).collect(),
        };
        let element = crate::builders::element_type(x.r#type())?;
        let dims_attribute = crate::builders::i64_array_attribute(hlo.context(), &dims);
        broadcast.push(hlo.op("stablehlo.broadcast_in_dim", &[x], hlo.tensor(element), &[("broadcast_dimensions", dims_attribute)])?);
    }
    let value = match base {
        "compare" => broadcast_compare(&hlo, op, broadcast[0], broadcast[1], result_type)?,
        "next_after" => special::next_after(&hlo, broadcast[0], broadcast[1])?,
        "polygamma" => special::polygamma(&hlo, broadcast[0], broadcast[1])?,
        "zeta" => special::zeta_in_f64(&hlo, broadcast[0], broadcast[1])?,
        _ => hlo.op(&format!("stablehlo.{base}"), &broadcast, result_type, &[])?,
    };
    replace(rewrite, op, &[value])
}

/// `stablehlo.compare` of the broadcast operands of `chlo.broadcast_compare`,
/// with its direction and (if given) compare type: CHLO's enums have
/// StableHLO's cases, so they read through the same typed accessors. A
/// missing type stays missing (stablehlo.compare's default for the element
/// type is the same as CHLO's).
fn broadcast_compare<'c>(
    hlo: &Hlo<'c, '_, '_>,
    op: OperationRef<'c, '_>,
    lhs: V<'c>,
    rhs: V<'c>,
    result_type: Type<'c>,
) -> BuildResult<V<'c>> {
    let direction = op
        .attribute("comparison_direction")
        .ok()
        .and_then(ComparisonDirection::from_attribute)
        .ok_or("chlo.broadcast_compare has no comparison_direction")?;
    let mut attributes = vec![("comparison_direction", direction.attribute(hlo.context()))];
    if let Some(compare_type) = op.attribute("compare_type").ok().and_then(ComparisonType::from_attribute) {
        attributes.push(("compare_type", compare_type.attribute(hlo.context())));
    }
    hlo.op("stablehlo.compare", &[lhs, rhs], result_type, &attributes)
}

fn lower_next_after<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    elementwise(rewrite, op, |h, x| special::next_after(h, x[0], x[1]))
}

/// Whether `op` is left for `stablehlo-legalize-to-linalg`: a `chlo.top_k`
/// that selection beats a full sort on.
fn kept_for_linalg(op: OperationRef) -> bool {
    if op.name().as_string_ref().as_str() != Ok("chlo.top_k") {
        return false;
    }
    let shape = |value: Option<Value>| value.and_then(|v| crate::builders::static_shape(v.r#type()).ok());
    let input = shape(op.operand(0).ok());
    let result = shape(op.result(0).ok().map(Into::into));
    match (input.as_deref().and_then(<[i64]>::last), result.as_deref().and_then(<[i64]>::last)) {
        (Some(&n), Some(&k)) => crate::stablehlo_to_linalg::top_k::by_selection(n, k),
        _ => false,
    }
}

/// `chlo.top_k` with a large k: a stable descending sort of (values, iota)
/// along the last dimension (floats in total order: NaN above +inf), then
/// the first k. (Small k: left for `stablehlo-legalize-to-linalg`, see
/// [`kept_for_linalg`].)
fn lower_top_k<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let x = operand(op, 0)?;
    let shape = crate::builders::static_shape(x.r#type())?;
    let rank = shape.len();
    let values_type = op.result(0)?.r#type();
    let indices_type = op.result(1)?.r#type();
    let element = crate::builders::element_type(x.r#type())?;
    let hlo = Hlo::new(rewrite, location, x.r#type())?;
    let i32_type = crate::builders::integer_type(context, 32)?;
    let iota = hlo.op("stablehlo.iota", &[], hlo.tensor(i32_type), &[("iota_dimension", crate::builders::i64_attribute(context, rank as i64 - 1))])?;
    // Comparator (lhs_v, rhs_v, lhs_i, rhs_i) -> lhs_v > rhs_v.
    let scalar_value: Type = RankedTensorType::new(&[], element, None).into();
    let scalar_index: Type = RankedTensorType::new(&[], i32_type, None).into();
    let block = Block::new(&[(scalar_value, location), (scalar_value, location), (scalar_index, location), (scalar_index, location)]);
    let lhs: Value = block.argument(0)?.into();
    let rhs: Value = block.argument(1)?.into();
    let i1: Type = RankedTensorType::new(&[], crate::builders::integer_type(context, 1)?, None).into();
    let mut attributes = vec![("comparison_direction", ComparisonDirection::GT.attribute(context))];
    if element.is_float() {
        attributes.push(("compare_type", ComparisonType::TOTALORDER.attribute(context)));
    }
    let greater = block.append_operation(hlo_op(context, location, "stablehlo.compare", &[lhs, rhs], &[i1], &attributes)?);
    let greater: Value = greater.result(0)?.into();
    block.append_operation(hlo_op(context, location, "stablehlo.return", &[greater], &[], &[])?);
    let region = Region::new();
    region.append_block(block);
    let sort = crate::builders::hlo_op_with_region(
        context,
        location,
        "stablehlo.sort",
        &[x, iota],
        &[x.r#type(), hlo.tensor(i32_type)],
        &[
            ("dimension", IntegerAttribute::new(IntegerType::new(context, 64).into(), rank as i64 - 1).into()),
            ("is_stable", BoolAttribute::new(context, true).into()),
        ],
        region,
    )?;
    let sort = rewrite.rewriter.insert(sort);
    let sorted: Vec<V> = (0..2).map(|i| Ok(erase(sort.result(i)?.into()))).collect::<BuildResult<_>>()?;
    let k = crate::builders::static_shape(values_type)?[rank - 1];
    let mut limits = shape.clone();
    limits[rank - 1] = k;
    let array = |v: &[i64]| crate::builders::i64_array_attribute(context, v);
    let slice_attributes = [
        ("start_indices", array(&vec![0; rank])),
        ("limit_indices", array(&limits)),
        ("strides", array(&vec![1; rank])),
    ];
    let values = hlo.op("stablehlo.slice", &[sorted[0]], values_type, &slice_attributes)?;
    let indices = hlo.op("stablehlo.slice", &[sorted[1]], indices_type, &slice_attributes)?;
    replace(rewrite, op, &[values, indices])
}

fn decompositions() -> Vec<(&'static str, Decompose)> {
    let mut table: Vec<(&'static str, Decompose)> = vec![
        ("chlo.square", lower_square),
        ("chlo.tan", lower_tan),
        ("chlo.conj", lower_conj),
        ("chlo.is_inf", lower_is_inf),
        ("chlo.is_pos_inf", lower_is_inf),
        ("chlo.is_neg_inf", lower_is_inf),
        ("chlo.next_after", lower_next_after),
        ("chlo.mulhi", mulhi::lower_mulhi),
        ("chlo.constant", constants::lower_constant),
        ("chlo.constant_like", constants::lower_constant_like),
        ("chlo.broadcast_select", constants::lower_broadcast_select),
        ("chlo.top_k", lower_top_k),
        ("chlo.ragged_dot", ragged_dot::lower_ragged_dot),
        ("chlo.scaled_dot", scaled_dot::lower_scaled_dot),
        ("chlo.scan", scan::lower_scan),
        ("chlo.minimum_broadcast_shapes", broadcast_shapes::lower_minimum_broadcast_shapes),
        ("chlo.cosh", special::lower_hyperbolic),
        ("chlo.sinh", special::lower_hyperbolic),
        ("chlo.asin", special::lower_inverse_trig),
        ("chlo.acos", special::lower_inverse_trig),
        ("chlo.atan", special::lower_inverse_trig),
        ("chlo.asinh", special::lower_inverse_hyperbolic),
        ("chlo.acosh", special::lower_inverse_hyperbolic),
        ("chlo.atanh", special::lower_inverse_hyperbolic),
        ("chlo.bessel_i1e", bessel::lower_bessel_i1e),
        ("chlo.erf", special::lower_erf),
        ("chlo.erfc", special::lower_erfc),
        ("chlo.erf_inv", special::lower_erf_inv),
        ("chlo.lgamma", special::lower_lgamma),
        ("chlo.digamma", special::lower_digamma),
        ("chlo.zeta", special::lower_zeta),
        ("chlo.polygamma", special::lower_polygamma),
    ];
    for name in [
        "chlo.broadcast_add",
        "chlo.broadcast_subtract",
        "chlo.broadcast_multiply",
        "chlo.broadcast_divide",
        "chlo.broadcast_remainder",
        "chlo.broadcast_maximum",
        "chlo.broadcast_minimum",
        "chlo.broadcast_power",
        "chlo.broadcast_atan2",
        "chlo.broadcast_and",
        "chlo.broadcast_or",
        "chlo.broadcast_xor",
        "chlo.broadcast_shift_left",
        "chlo.broadcast_shift_right_arithmetic",
        "chlo.broadcast_shift_right_logical",
        "chlo.broadcast_next_after",
        "chlo.broadcast_polygamma",
        "chlo.broadcast_zeta",
        "chlo.broadcast_complex",
        "chlo.broadcast_compare",
    ] {
        table.push((name, lower_broadcast_binary));
    }
    table
}

/// `chlo-legalize-to-stablehlo` (see the module documentation); fails with
/// an error at each CHLO op it cannot rewrite.
pub fn create_chlo_legalize_pass() -> Pass {
    external_pass!(
        |operation: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            // SAFETY: the operation's context outlives the pass run.
            let context = crate::context_of(operation.context());
            let failed = Rc::new(Cell::new(false));
            let patterns = crate::patterns::PatternSet::new(context);
            for (name, decompose) in decompositions() {
                let failed = failed.clone();
                patterns.add(create_op_rewrite_pattern(
                    name,
                    1,
                    context,
                    move |_pattern, raw_op, raw_rewriter| {
                        // SAFETY: the driver passes a live op and rewriter for
                        // the duration of this call.
                        let (op, rewriter) =
                            unsafe { (OperationRef::from_raw(raw_op), PatternRewriter::from_raw(raw_rewriter)) };
                        if kept_for_linalg(op) {
                            return false;
                        }
                        // SAFETY: the op's context outlives the pattern application.
                        let context = crate::context_of(op.context());
                        let rewrite = Rewrite { context, rewriter: rewriter.as_rewriter_base() };
                        match decompose(&rewrite, op) {
                            Ok(()) => true,
                            Err(message) => {
                                crate::diagnostics::emit_error(op.location(), &format!("cannot decompose '{name}': {message}"));
                                failed.set(true);
                                false
                            }
                        }
                    },
                    &[],
                ));
            }
            patterns.walk_and_apply(operation);
            let mut leftover = false;
            operation.walk(WalkOrder::PreOrder, |op| {
                let name = op.name().as_string_ref().as_str().unwrap_or_default().to_owned();
                if name.starts_with("chlo.") && !failed.get() && !kept_for_linalg(op) {
                    crate::diagnostics::emit_error(op.location(), &format!("'{name}' has no decomposition into StableHLO yet"));
                    leftover = true;
                }
                WalkResult::Advance
            });
            if failed.get() || leftover {
                pass.signal_failure();
            }
        },
        "ChloLegalizeToStablehlo",
        "chlo-legalize-to-stablehlo",
        "Decompose CHLO ops into StableHLO",
        "builtin.module",
    )
}

