//! Element-wise ops, `compare` and `select` → all-parallel `linalg.generic`
//! with an arith/math/complex body.
//!
//! ```mlir
//! %r = stablehlo.add %a, %b : tensor<4xf32>
//! // becomes
//! %e = tensor.empty() : tensor<4xf32>
//! %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
//!        ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
//!      ^bb0(%x: f32, %y: f32, %out: f32):
//!        %s = arith.addf %x, %y : f32
//!        linalg.yield %s : f32
//!      } -> tensor<4xf32>
//! ```
//!
//! Semantics follow the seeds: integer division by zero yields -1 (all ones)
//! and `INT_MIN / -1` yields `INT_MIN`; float max/min propagate NaN and order
//! -0 < +0 (emitted as `llvm.intr.maximum`/`minimum` rather than
//! `arith.maximumf`, which `arith-expand` — needed for bf16 — would rewrite
//! into a compare/select that ignores the sign of zero); on i1,
//! add is OR and multiply is AND; `compare` with FLOAT follows IEEE (NaN is
//! unordered, NE is true for NaN) and TOTALORDER orders
//! -NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN.

use super::Rewrite;
use crate::builders::{
    BuildResult, append, compare_scalar, element_type, identity_map, int_constant,
    parallel_generic, scalar, select, static_shape, affine_map, integer_type,
};
use crate::element::ElementKind;
use crate::narrow_float::{Emit, NarrowFloat, emit_decode, emit_encode};
use crate::signedness::original_element;
use melior::ir::TypeLike as _;
use melior::{
    Context,
    ir::{
        Block, Location, OperationRef, Type, Value, ValueLike,
        operation::OperationLike,
    },
};
use xla_dialects::stablehlo::{ComparisonDirection, ComparisonType};

/// Names of the ops lowered by [`lower_pointwise`].
pub const POINTWISE_OPS: &[&str] = &[
    "stablehlo.abs",
    "stablehlo.negate",
    "stablehlo.exponential",
    "stablehlo.log",
    "stablehlo.tanh",
    "stablehlo.sqrt",
    "stablehlo.rsqrt",
    "stablehlo.add",
    "stablehlo.subtract",
    "stablehlo.multiply",
    "stablehlo.divide",
    "stablehlo.maximum",
    "stablehlo.minimum",
    "stablehlo.and",
    "stablehlo.or",
    "stablehlo.xor",
    "stablehlo.not",
    "stablehlo.floor",
    "stablehlo.ceil",
    "stablehlo.sine",
    "stablehlo.cosine",
    "stablehlo.tan",
    "stablehlo.logistic",
    "stablehlo.exponential_minus_one",
    "stablehlo.log_plus_one",
    "stablehlo.cbrt",
    "stablehlo.round_nearest_even",
    "stablehlo.round_nearest_afz",
    "stablehlo.sign",
    "stablehlo.popcnt",
    "stablehlo.count_leading_zeros",
    "stablehlo.is_finite",
    "stablehlo.power",
    "stablehlo.remainder",
    "stablehlo.atan2",
    "stablehlo.shift_left",
    "stablehlo.shift_right_arithmetic",
    "stablehlo.shift_right_logical",
    "stablehlo.clamp",
    "stablehlo.real",
    "stablehlo.imag",
    "stablehlo.complex",
    "stablehlo.compare",
    "stablehlo.select",
    "stablehlo.convert",
];

/// What the scalar body of one op needs to know.
#[derive(Clone)]
struct Scalar<'c> {
    context: &'c Context,
    location: Location<'c>,
    op_name: String,
    /// Kind of the (first non-predicate) operand's element type.
    kind: ElementKind,
    /// Element type of that operand.
    element: Type<'c>,
    /// Element type of the result.
    result_element: Type<'c>,
    /// Kind of the result's element type before signedness legalization.
    result_kind: ElementKind,
    compare: Option<(ComparisonDirection, ComparisonType)>,
    /// The op carries [`super::CONTRACT_ATTRIBUTE`]: float multiply, add and
    /// subtract get `fastmath<contract>`.
    contract: bool,
}

impl<'c> Scalar<'c> {
    /// The scalar view of `op` on (signless) `element` → `result_element`;
    /// kinds come from the original types (see [`crate::signedness`]), with
    /// `si*` treated as signless.
    fn new(
        context: &'c Context,
        op: OperationRef<'c, '_>,
        op_name: String,
        element: Type<'c>,
        result_element: Type<'c>,
    ) -> BuildResult<Self> {
        let kind_of = |ty: Type| -> BuildResult<ElementKind> {
            match ElementKind::of(ty).ok_or_else(|| format!("unsupported element type {ty}"))? {
                ElementKind::SignedInt(bits) => Ok(ElementKind::SignlessInt(bits)),
                kind => Ok(kind),
            }
        };
        let kind = kind_of(original_element(op, false, element))?;
        let result_kind = kind_of(original_element(op, true, result_element))?;
        let compare = if op_name == "stablehlo.compare" { Some(compare_attributes(op, kind)?) } else { None };
        let contract = op.attribute(super::CONTRACT_ATTRIBUTE).is_ok();
        Ok(Self { context, location: op.location(), op_name, kind, element, result_element, result_kind, compare, contract })
    }
}

/// Lowers one element-wise op, `compare` or `select`.
pub fn lower_pointwise<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let op_name = op.name().as_string_ref().as_str()?.to_owned();
    let result_type = op.result(0)?.r#type();
    let rank = static_shape(result_type)?.len();
    let operands: Vec<Value> = op.operands().collect();
    for operand in &operands {
        static_shape(operand.r#type())?;
    }
    // For select and clamp the interesting element type is operand 1's.
    let typed_operand = if matches!(op_name.as_str(), "stablehlo.select" | "stablehlo.clamp") { operands[1] } else { operands[0] };
    let element = element_type(typed_operand.r#type())?;
    let result_element = element_type(result_type)?;
    let scalar_info = Scalar::new(context, op, op_name, element, result_element)?;

    let mut maps = Vec::new();
    for operand in &operands {
        let operand_rank = static_shape(operand.r#type())?.len();
        // select's scalar predicate is read at every point of the iteration space.
        maps.push(if operand_rank == 0 && rank > 0 { affine_map(context, rank, &[])? } else { identity_map(context, rank) });
    }
    maps.push(identity_map(context, rank));

    rewrite.replace_with_init(op, result_type, |init| {
        parallel_generic(context, location, &operands, init, maps, result_type, |block, args| {
            emit_scalar(&scalar_info, block, &args[..args.len() - 1])
        })
    })
}

/// Emits the scalar form of a pointwise StableHLO op whose operands are
/// rank-0 tensors (as in the bodies of `reduce`), on the scalar `operands`.
pub fn emit_scalar_op<'c, 'b>(
    context: &'c Context,
    op: OperationRef<'c, '_>,
    block: &'b Block<'c>,
    operands: &[Value<'c, 'b>],
) -> BuildResult<Value<'c, 'b>> {
    let op_name = op.name().as_string_ref().as_str()?.to_owned();
    if !POINTWISE_OPS.contains(&op_name.as_str()) {
        return Err(format!("'{op_name}' is not supported in a computation body yet").into());
    }
    let typed_operand = op
        .operand(if matches!(op_name.as_str(), "stablehlo.select" | "stablehlo.clamp") { 1 } else { 0 })
        ?;
    let element = element_type(typed_operand.r#type())?;
    let result_element = element_type(op.result(0)?.r#type())?;
    let scalar_info = Scalar::new(context, op, op_name, element, result_element)?;
    emit_scalar(&scalar_info, block, operands)
}

/// Emits `stablehlo.convert`'s scalar conversion of `value` from `from` to
/// `to` (signedness taken from `op`'s original operand and result types), for
/// ops that compute in their result type (`dot_general` and `convolution`
/// with a preferred element type).
pub fn emit_scalar_convert<'c, 'b>(
    context: &'c Context,
    op: OperationRef<'c, '_>,
    block: &'b Block<'c>,
    value: Value<'c, 'b>,
    from: Type<'c>,
    to: Type<'c>,
) -> BuildResult<Value<'c, 'b>> {
    if from == to {
        return Ok(value);
    }
    let scalar_info = Scalar::new(context, op, "stablehlo.convert".to_owned(), from, to)?;
    emit_convert(&scalar_info, block, value)
}

/// `value` converted element by element to `to` (a tensor type of its
/// shape) as `stablehlo.convert` does, in a `linalg.generic` inserted before
/// the matched op; signedness as in [`emit_scalar_convert`].
pub fn convert_value<'c>(
    rewrite: &super::Rewrite<'c, '_>,
    op: OperationRef<'c, '_>,
    value: Value<'c, '_>,
    to: Type<'c>,
) -> BuildResult<Value<'c, 'c>> {
    let context = rewrite.context;
    let location = op.location();
    let (from_element, to_element) = (crate::builders::element_type(value.r#type())?, crate::builders::element_type(to)?);
    let map = crate::builders::identity_map(context, crate::builders::static_shape(to)?.len());
    let init = rewrite.insert_value(crate::builders::tensor_empty(location, to)?)?;
    let generic = crate::builders::parallel_generic(context, location, &[value], init, vec![map, map], to, |block, args| {
        emit_scalar_convert(context, op, block, args[0], from_element, to_element)
    })?;
    rewrite.insert_value(generic)
}

fn compare_attributes(op: OperationRef, kind: ElementKind) -> BuildResult<(ComparisonDirection, ComparisonType)> {
    let direction = op
        .attribute("comparison_direction")
        .ok()
        .and_then(ComparisonDirection::from_attribute)
        .ok_or("compare has no valid comparison_direction")?;
    let compare_type = op.attribute("compare_type").ok().and_then(ComparisonType::from_attribute);
    let compare_type = match compare_type {
        Some(ComparisonType::NOTYPE) | None => match kind {
            ElementKind::Float(_) | ElementKind::Complex => ComparisonType::FLOAT,
            ElementKind::Pred | ElementKind::UnsignedInt(_) => ComparisonType::UNSIGNED,
            ElementKind::SignlessInt(_) | ElementKind::SignedInt(_) => ComparisonType::SIGNED,
        },
        Some(other) => other,
    };
    Ok((direction, compare_type))
}

fn one<'c, 'b>(block: &'b Block<'c>, s: &Scalar<'c>, name: &str, args: &[Value<'c, 'b>]) -> BuildResult<Value<'c, 'b>> {
    append(block, scalar(s.location, name, args, s.element)?)
}

/// `llvm.intr.maximum`/`minimum` (`name`) of two floats; f16 and bf16
/// through f32 (exact: the result is one of the operands). The pipeline's
/// `arith-emulate-unsupported-floats` does not see `llvm.intr` ops, and
/// LLVM computes a 16-bit maximum in f32 anyway, rounding back with a
/// compiler-rt call (`__truncsfbf2`) where the CPU has no bf16 conversion
/// (AVX2): the JIT cannot resolve it. Extended and truncated with `arith`
/// ops, the conversions become integer code like every other bf16 one.
fn max_min<'c, 'b>(block: &'b Block<'c>, s: &Scalar<'c>, name: &str, args: &[Value<'c, 'b>]) -> BuildResult<Value<'c, 'b>> {
    if !(s.element.is_bf16() || s.element.is_f16()) {
        return one(block, s, name, args);
    }
    let f32 = Type::float32(s.context);
    let wide = args.iter().map(|&a| append(block, scalar(s.location, "arith.extf", &[a], f32)?)).collect::<BuildResult<Vec<_>>>()?;
    let result = append(block, scalar(s.location, name, &wide, f32)?)?;
    append(block, scalar(s.location, "arith.truncf", &[result], s.element)?)
}

fn unsupported<T>(s: &Scalar) -> BuildResult<T> {
    Err(format!("{} on element type {} is not supported yet", s.op_name, s.element).into())
}

fn emit_scalar<'c, 'b>(s: &Scalar<'c>, block: &'b Block<'c>, args: &[Value<'c, 'b>]) -> BuildResult<Value<'c, 'b>> {
    use ElementKind::*;
    let kind = s.kind;
    let name = s.op_name.strip_prefix("stablehlo.").unwrap_or(&s.op_name);
    match (name, kind) {
        // Unsigned integers: the ops whose results depend on signedness.
        ("divide", UnsignedInt(_)) => unsigned_divide(s, block, args[0], args[1], false),
        ("remainder", UnsignedInt(_)) => unsigned_divide(s, block, args[0], args[1], true),
        ("maximum", UnsignedInt(_)) => one(block, s, "arith.maxui", args),
        ("minimum", UnsignedInt(_)) => one(block, s, "arith.minui", args),
        ("clamp", UnsignedInt(_)) => {
            let low = one(block, s, "arith.maxui", &[args[1], args[0]])?;
            one(block, s, "arith.minui", &[low, args[2]])
        }
        ("abs", UnsignedInt(_)) => Ok(args[0]),
        ("power", UnsignedInt(bits)) => integer_power(s, block, args[0], args[1], bits, false),
        ("sign", UnsignedInt(_)) => {
            let zero = append(block, int_constant(s.context, s.location, 0, s.element)?)?;
            let nonzero = append(block, compare_scalar(s.context, s.location, "arith.cmpi", "ne", args[0], zero)?)?;
            append(block, scalar(s.location, "arith.extui", &[nonzero], s.element)?)
        }
        ("compare" | "convert" | "select", UnsignedInt(_)) => match name {
            "compare" => emit_compare(s, block, args[0], args[1]),
            "convert" => emit_convert(s, block, args[0]),
            _ => append(block, select(s.location, args[0], args[1], args[2])?),
        },
        // Everything else is the same on the bits as for signless integers.
        (_, UnsignedInt(bits)) => emit_scalar(&Scalar { kind: SignlessInt(bits), ..s.clone() }, block, args),
        ("abs", Complex) => append(block, scalar(s.location, "complex.abs", args, s.result_element)?),
        ("real", Complex) => append(block, scalar(s.location, "complex.re", args, s.result_element)?),
        ("imag", Complex) => append(block, scalar(s.location, "complex.im", args, s.result_element)?),
        ("real", Float(_)) => Ok(args[0]),
        ("imag", Float(_)) => append(block, float_constant(s, 0.0)?),
        ("complex", Float(_)) => append(block, scalar(s.location, "complex.create", args, s.result_element)?),
        ("add", Pred) => one(block, s, "arith.ori", args),
        ("add", Float(_)) if s.contract => {
            append(block, crate::builders::scalar_contract(s.context, s.location, "arith.addf", args, s.element)?)
        }
        ("add", Float(_)) => one(block, s, "arith.addf", args),
        ("add", SignlessInt(_)) => one(block, s, "arith.addi", args),
        ("add", Complex) => one(block, s, "complex.add", args),
        ("subtract", Float(_)) if s.contract => {
            append(block, crate::builders::scalar_contract(s.context, s.location, "arith.subf", args, s.element)?)
        }
        ("subtract", Float(_)) => one(block, s, "arith.subf", args),
        ("subtract", SignlessInt(_)) => one(block, s, "arith.subi", args),
        ("subtract", Complex) => one(block, s, "complex.sub", args),
        ("multiply", Pred) => one(block, s, "arith.andi", args),
        ("multiply", Float(_)) if s.contract => {
            append(block, crate::builders::scalar_contract(s.context, s.location, "arith.mulf", args, s.element)?)
        }
        ("multiply", Float(_)) => one(block, s, "arith.mulf", args),
        ("multiply", SignlessInt(_)) => one(block, s, "arith.muli", args),
        ("multiply", Complex) => one(block, s, "complex.mul", args),
        ("divide", Float(_)) => one(block, s, "arith.divf", args),
        ("divide", SignlessInt(bits)) => signed_divide(s, block, args[0], args[1], bits),
        ("divide", Complex) => one(block, s, "complex.div", args),
        ("maximum", Pred) => one(block, s, "arith.ori", args),
        ("maximum", Float(_)) => max_min(block, s, "llvm.intr.maximum", args),
        ("maximum", SignlessInt(_)) => one(block, s, "arith.maxsi", args),
        ("minimum", Pred) => one(block, s, "arith.andi", args),
        ("minimum", Float(_)) => max_min(block, s, "llvm.intr.minimum", args),
        ("minimum", SignlessInt(_)) => one(block, s, "arith.minsi", args),
        ("and", Pred | SignlessInt(_)) => one(block, s, "arith.andi", args),
        ("or", Pred | SignlessInt(_)) => one(block, s, "arith.ori", args),
        ("xor", Pred | SignlessInt(_)) => one(block, s, "arith.xori", args),
        ("not", Pred | SignlessInt(_)) => {
            // All ones: true for i1, -1 for wider integers.
            let ones = if kind == Pred { 1 } else { -1 };
            let ones = append(block, int_constant(s.context, s.location, ones, s.element)?)?;
            one(block, s, "arith.xori", &[args[0], ones])
        }
        ("negate", Float(_)) => one(block, s, "arith.negf", args),
        ("negate", SignlessInt(_)) => {
            let zero = append(block, int_constant(s.context, s.location, 0, s.element)?)?;
            one(block, s, "arith.subi", &[zero, args[0]])
        }
        ("negate", Complex) => one(block, s, "complex.neg", args),
        ("abs", Float(_)) => one(block, s, "math.absf", args),
        ("abs", SignlessInt(_)) => one(block, s, "math.absi", args),
        ("exponential", Float(_)) => one(block, s, "math.exp", args),
        ("exponential", Complex) => one(block, s, "complex.exp", args),
        ("log", Float(_)) => one(block, s, "math.log", args),
        ("log", Complex) => one(block, s, "complex.log", args),
        ("tanh", Float(_)) => one(block, s, "math.tanh", args),
        ("tanh", Complex) => one(block, s, "complex.tanh", args),
        ("sqrt", Float(_)) => one(block, s, "math.sqrt", args),
        ("sqrt", Complex) => one(block, s, "complex.sqrt", args),
        ("rsqrt", Float(_)) => one(block, s, "math.rsqrt", args),
        ("rsqrt", Complex) => one(block, s, "complex.rsqrt", args),
        ("floor", Float(_)) => one(block, s, "math.floor", args),
        ("ceil", Float(_)) => one(block, s, "math.ceil", args),
        ("sine", Float(_)) => one(block, s, "math.sin", args),
        ("sine", Complex) => one(block, s, "complex.sin", args),
        ("cosine", Float(_)) => one(block, s, "math.cos", args),
        ("cosine", Complex) => one(block, s, "complex.cos", args),
        ("tan", Float(_)) => one(block, s, "math.tan", args),
        ("tan", Complex) => one(block, s, "complex.tan", args),
        ("maximum", Complex) => complex_select_extreme(s, block, args[0], args[1], "ogt"),
        ("minimum", Complex) => complex_select_extreme(s, block, args[0], args[1], "olt"),
        ("logistic", Complex) => {
            // 1 / (1 + exp(-x)) in complex arithmetic.
            let negated = one(block, s, "complex.neg", args)?;
            let exp = one(block, s, "complex.exp", &[negated])?;
            let unit = complex_constant(s, block, 1.0, 0.0)?;
            let denominator = one(block, s, "complex.add", &[unit, exp])?;
            one(block, s, "complex.div", &[unit, denominator])
        }
        ("sign", Complex) => {
            // x / |x|, and 0 for 0 (NaN parts propagate through the division).
            let part = complex_part(s.element)?;
            let magnitude = append(block, scalar(s.location, "complex.abs", args, part)?)?;
            let zero_part = append(block, crate::builders::float_constant(s.context, s.location, 0.0, part)?)?;
            let is_zero = append(block, compare_scalar(s.context, s.location, "arith.cmpf", "oeq", magnitude, zero_part)?)?;
            let divisor = append(block, scalar(s.location, "complex.create", &[magnitude, zero_part], s.element)?)?;
            let quotient = one(block, s, "complex.div", &[args[0], divisor])?;
            append(block, select(s.location, is_zero, args[0], quotient)?)
        }
        ("logistic", Float(_)) => {
            // With e = exp(-|x|): 1 / (1 + e) for x >= 0, e / (1 + e) below
            // (exp never overflows, so results down to the subnormals stay
            // accurate; 1 / (1 + exp(-x)) gave 0 for x below about -88.7 in f32).
            let magnitude = one(block, s, "math.absf", args)?;
            let negated = one(block, s, "arith.negf", &[magnitude])?;
            let exp = one(block, s, "math.exp", &[negated])?;
            let unit = append(block, float_constant(s, 1.0)?)?;
            let denominator = one(block, s, "arith.addf", &[unit, exp])?;
            let zero = append(block, float_constant(s, 0.0)?)?;
            let is_negative = append(block, compare_scalar(s.context, s.location, "arith.cmpf", "olt", args[0], zero)?)?;
            let numerator = append(block, select(s.location, is_negative, exp, unit)?)?;
            one(block, s, "arith.divf", &[numerator, denominator])
        }
        ("exponential_minus_one", Float(_)) => one(block, s, "math.expm1", args),
        ("exponential_minus_one", Complex) => one(block, s, "complex.expm1", args),
        ("log_plus_one", Float(_)) => one(block, s, "math.log1p", args),
        ("log_plus_one", Complex) => one(block, s, "complex.log1p", args),
        ("cbrt", Float(_)) => one(block, s, "math.cbrt", args),
        ("cbrt", Complex) => {
            // The principal cube root, exp(log(z) / 3); the parts of the
            // logarithm are divided separately so that log(0) = -inf + 0i
            // gives exp(-inf) = 0 rather than a NaN from (-inf)·0.
            let part = complex_part(s.element)?;
            let log = one(block, s, "complex.log", args)?;
            let three = append(block, crate::builders::float_constant(s.context, s.location, 3.0, part)?)?;
            let re = append(block, scalar(s.location, "complex.re", &[log], part)?)?;
            let im = append(block, scalar(s.location, "complex.im", &[log], part)?)?;
            let re = append(block, scalar(s.location, "arith.divf", &[re, three], part)?)?;
            let im = append(block, scalar(s.location, "arith.divf", &[im, three], part)?)?;
            let third = append(block, scalar(s.location, "complex.create", &[re, im], s.element)?)?;
            one(block, s, "complex.exp", &[third])
        }
        ("round_nearest_even", Float(_)) => one(block, s, "math.roundeven", args),
        ("round_nearest_afz", Float(_)) => one(block, s, "math.round", args),
        ("sign", Float(_)) => {
            // ±1, but ±0 and NaN map to themselves.
            let unit = append(block, float_constant(s, 1.0)?)?;
            let signed_unit = one(block, s, "math.copysign", &[unit, args[0]])?;
            let zero = append(block, float_constant(s, 0.0)?)?;
            let is_zero = append(block, compare_scalar(s.context, s.location, "arith.cmpf", "oeq", args[0], zero)?)?;
            let is_nan = append(block, compare_scalar(s.context, s.location, "arith.cmpf", "uno", args[0], args[0])?)?;
            let keep = append(block, scalar(s.location, "arith.ori", &[is_zero, is_nan], integer_type(s.context, 1)?)?)?;
            append(block, select(s.location, keep, args[0], signed_unit)?)
        }
        ("sign", SignlessInt(_)) => {
            // (x > 0) - (x < 0)
            let zero = append(block, int_constant(s.context, s.location, 0, s.element)?)?;
            let positive = append(block, compare_scalar(s.context, s.location, "arith.cmpi", "sgt", args[0], zero)?)?;
            let negative = append(block, compare_scalar(s.context, s.location, "arith.cmpi", "slt", args[0], zero)?)?;
            let positive = append(block, scalar(s.location, "arith.extui", &[positive], s.element)?)?;
            let negative = append(block, scalar(s.location, "arith.extui", &[negative], s.element)?)?;
            one(block, s, "arith.subi", &[positive, negative])
        }
        ("popcnt", SignlessInt(_)) => one(block, s, "math.ctpop", args),
        ("count_leading_zeros", SignlessInt(_)) => one(block, s, "math.ctlz", args),
        ("is_finite", Float(_)) => append(block, scalar(s.location, "math.isfinite", args, s.result_element)?),
        ("power", Float(_)) => one(block, s, "math.powf", args),
        ("power", SignlessInt(bits)) => integer_power(s, block, args[0], args[1], bits, true),
        ("power", Complex) => one(block, s, "complex.pow", args),
        ("remainder", Float(_)) => one(block, s, "arith.remf", args),
        ("remainder", SignlessInt(bits)) => signed_remainder(s, block, args[0], args[1], bits),
        ("atan2", Float(_)) => one(block, s, "math.atan2", args),
        // -i·log((x + i·y) / sqrt(x² + y²)) (complex-to-standard's expansion).
        ("atan2", Complex) => one(block, s, "complex.atan2", args),
        ("shift_left", SignlessInt(bits)) => shift(s, block, args[0], args[1], bits, "arith.shli"),
        ("shift_right_logical", SignlessInt(bits)) => shift(s, block, args[0], args[1], bits, "arith.shrui"),
        ("shift_right_arithmetic", SignlessInt(bits)) => shift(s, block, args[0], args[1], bits, "arith.shrsi"),
        ("clamp", Pred) => {
            let low = one(block, s, "arith.ori", &[args[1], args[0]])?;
            one(block, s, "arith.andi", &[low, args[2]])
        }
        ("clamp", Float(_)) => {
            let low = max_min(block, s, "llvm.intr.maximum", &[args[1], args[0]])?;
            max_min(block, s, "llvm.intr.minimum", &[low, args[2]])
        }
        ("clamp", SignlessInt(_)) => {
            let low = one(block, s, "arith.maxsi", &[args[1], args[0]])?;
            one(block, s, "arith.minsi", &[low, args[2]])
        }
        ("select", _) => append(block, select(s.location, args[0], args[1], args[2])?),
        ("compare", _) => emit_compare(s, block, args[0], args[1]),
        ("convert", _) => emit_convert(s, block, args[0]),
        _ => unsupported(s),
    }
}

/// What [`safe_signed_divisor`] builds.
struct SafeDivisor<'c, 'b> {
    /// `rhs == 0`.
    by_zero: Value<'c, 'b>,
    /// The constant -1.
    minus_one: Value<'c, 'b>,
    /// `rhs`, or 1 where it is 0 or where `lhs / rhs` overflows
    /// (`INT_MIN / -1`): a divisor for which `arith.divsi`/`remsi` are
    /// defined.
    divisor: Value<'c, 'b>,
}

/// The divisor of the signed division and remainder (which then select
/// XLA's results for the cases C leaves undefined).
fn safe_signed_divisor<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    lhs: Value<'c, 'b>,
    rhs: Value<'c, 'b>,
    bits: u32,
) -> BuildResult<SafeDivisor<'c, 'b>> {
    let (context, location, ty) = (s.context, s.location, s.element);
    let zero = append(block, int_constant(context, location, 0, ty)?)?;
    let one = append(block, int_constant(context, location, 1, ty)?)?;
    let minus_one = append(block, int_constant(context, location, -1, ty)?)?;
    let min = append(block, int_constant(context, location, -(1i128 << (bits - 1)), ty)?)?;
    let by_zero = append(block, compare_scalar(context, location, "arith.cmpi", "eq", rhs, zero)?)?;
    let lhs_is_min = append(block, compare_scalar(context, location, "arith.cmpi", "eq", lhs, min)?)?;
    let rhs_is_minus_one = append(block, compare_scalar(context, location, "arith.cmpi", "eq", rhs, minus_one)?)?;
    let i1 = integer_type(context, 1)?;
    let overflow = append(block, scalar(location, "arith.andi", &[lhs_is_min, rhs_is_minus_one], i1)?)?;
    let unsafe_divisor = append(block, scalar(location, "arith.ori", &[by_zero, overflow], i1)?)?;
    let divisor = append(block, select(location, unsafe_divisor, one, rhs)?)?;
    Ok(SafeDivisor { by_zero, minus_one, divisor })
}

/// Signed division with XLA's results for the cases C leaves undefined:
/// `x / 0 = -1` and `INT_MIN / -1 = INT_MIN`.
fn signed_divide<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    lhs: Value<'c, 'b>,
    rhs: Value<'c, 'b>,
    bits: u32,
) -> BuildResult<Value<'c, 'b>> {
    let (location, ty) = (s.location, s.element);
    let SafeDivisor { by_zero, minus_one, divisor } = safe_signed_divisor(s, block, lhs, rhs, bits)?;
    // With divisor 1 the overflow case yields lhs = INT_MIN, as required.
    let quotient = append(block, scalar(location, "arith.divsi", &[lhs, divisor], ty)?)?;
    append(block, select(location, by_zero, minus_one, quotient)?)
}

fn emit_compare<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    lhs: Value<'c, 'b>,
    rhs: Value<'c, 'b>,
) -> BuildResult<Value<'c, 'b>> {
    let (direction, compare_type) = s.compare.ok_or("internal error: compare without attributes")?;
    use ComparisonDirection::*;
    let (context, location) = (s.context, s.location);
    match (compare_type, s.kind) {
        (ComparisonType::FLOAT | ComparisonType::TOTALORDER, ElementKind::Complex) => {
            // Lexicographic on (real, imaginary), each part compared with the
            // same comparison type.
            let part = complex_part(s.element)?;
            let bits = if part.is_f64() { 64 } else { 32 };
            let on_parts = |direction: ComparisonDirection, lhs: Value<'c, 'b>, rhs: Value<'c, 'b>| {
                let parts = Scalar { kind: ElementKind::Float(bits), element: part, compare: Some((direction, compare_type)), ..s.clone() };
                emit_compare(&parts, block, lhs, rhs)
            };
            let re = |value| append(block, scalar(location, "complex.re", &[value], part)?);
            let im = |value| append(block, scalar(location, "complex.im", &[value], part)?);
            let (lhs_re, lhs_im, rhs_re, rhs_im) = (re(lhs)?, im(lhs)?, re(rhs)?, im(rhs)?);
            let i1 = integer_type(context, 1)?;
            let both = |a, b| append(block, scalar(location, "arith.andi", &[a, b], i1)?);
            let either = |a, b| append(block, scalar(location, "arith.ori", &[a, b], i1)?);
            match direction {
                EQ => both(on_parts(EQ, lhs_re, rhs_re)?, on_parts(EQ, lhs_im, rhs_im)?),
                NE => either(on_parts(NE, lhs_re, rhs_re)?, on_parts(NE, lhs_im, rhs_im)?),
                LT | LE | GT | GE => {
                    let strict = if matches!(direction, LT | LE) { LT } else { GT };
                    let real_decides = on_parts(strict, lhs_re, rhs_re)?;
                    let real_tie = on_parts(EQ, lhs_re, rhs_re)?;
                    let imag_decides = on_parts(direction, lhs_im, rhs_im)?;
                    either(real_decides, both(real_tie, imag_decides)?)
                }
            }
        }
        (ComparisonType::FLOAT, ElementKind::Float(_)) => {
            let predicate = match direction {
                EQ => "oeq",
                NE => "une",
                GE => "oge",
                GT => "ogt",
                LE => "ole",
                LT => "olt",
            };
            append(block, compare_scalar(context, location, "arith.cmpf", predicate, lhs, rhs)?)
        }
        (ComparisonType::TOTALORDER, ElementKind::Float(bits)) => {
            // Map each float to a signed integer with the same total order:
            // negative values get all bits but the sign flipped.
            let int_type = integer_type(context, bits)?;
            let lhs = total_order_key(s, block, lhs, int_type, bits)?;
            let rhs = total_order_key(s, block, rhs, int_type, bits)?;
            append(block, compare_scalar(context, location, "arith.cmpi", signed_predicate(direction), lhs, rhs)?)
        }
        (ComparisonType::SIGNED, ElementKind::SignlessInt(_)) => {
            append(block, compare_scalar(context, location, "arith.cmpi", signed_predicate(direction), lhs, rhs)?)
        }
        (ComparisonType::UNSIGNED, ElementKind::Pred | ElementKind::SignlessInt(_) | ElementKind::UnsignedInt(_)) => {
            let predicate = match direction {
                EQ => "eq",
                NE => "ne",
                GE => "uge",
                GT => "ugt",
                LE => "ule",
                LT => "ult",
            };
            append(block, compare_scalar(context, location, "arith.cmpi", predicate, lhs, rhs)?)
        }
        _ => Err(format!(
            "compare with compare_type {compare_type} on element type {} is not supported yet",
            s.element
        ).into()),
    }
}

fn signed_predicate(direction: ComparisonDirection) -> &'static str {
    use ComparisonDirection::*;
    match direction {
        EQ => "eq",
        NE => "ne",
        GE => "sge",
        GT => "sgt",
        LE => "sle",
        LT => "slt",
    }
}

fn total_order_key<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    value: Value<'c, 'b>,
    int_type: Type<'c>,
    bits: u32,
) -> BuildResult<Value<'c, 'b>> {
    let (context, location) = (s.context, s.location);
    let as_int = append(block, scalar(location, "arith.bitcast", &[value], int_type)?)?;
    let shift = append(block, int_constant(context, location, i128::from(bits - 1), int_type)?)?;
    let sign_mask = append(block, scalar(location, "arith.shrsi", &[as_int, shift], int_type)?)?;
    let magnitude_bits = append(block, int_constant(context, location, (1i128 << (bits - 1)) - 1, int_type)?)?;
    let flip = append(block, scalar(location, "arith.andi", &[sign_mask, magnitude_bits], int_type)?)?;
    append(block, scalar(location, "arith.xori", &[as_int, flip], int_type)?)
}

/// `convert` with XLA's semantics: signless integers are signed (i1 is
/// unsigned), floats round to nearest even, float → integer truncates toward
/// zero and saturates with NaN → 0, and anything →
/// i1 is a test for non-zero (NaN is non-zero).
fn emit_convert<'c, 'b>(s: &Scalar<'c>, block: &'b Block<'c>, value: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
    use ElementKind::*;
    let (context, location, to) = (s.context, s.location, s.result_element);
    let target = s.result_kind;
    let cast = |name: &str| -> BuildResult<Value<'c, 'b>> { append(block, scalar(location, name, &[value], to)?) };
    // Integer widths, and whether the source is zero-extended.
    let int_bits = |kind: ElementKind| match kind {
        SignlessInt(bits) | UnsignedInt(bits) => Some(bits),
        Pred => Some(1),
        _ => None,
    };
    // Narrow floats (f8*, f6*, f4*) go through f32, as bit manipulation.
    let (narrow_from, narrow_to) = (NarrowFloat::of(s.element), NarrowFloat::of(to));
    if s.element != to && (narrow_from.is_some() || narrow_to.is_some()) {
        let emit = Emit { context, location, block };
        let f32 = melior::ir::Type::float32(context);
        let wide = match narrow_from {
            Some(format) => emit_decode(&emit, format, value)?,
            None => emit_convert(&Scalar { result_element: f32, result_kind: Float(32), ..s.clone() }, block, value)?,
        };
        return match narrow_to {
            Some(format) => emit_encode(&emit, format, wide, to),
            None => emit_convert(&Scalar { element: f32, kind: Float(32), ..s.clone() }, block, wide),
        };
    }
    match (s.kind, target) {
        _ if s.element == to => Ok(value),
        (Float(from), UnsignedInt(to_bits)) => saturating_float_to_uint(s, block, value, from, to_bits),
        (UnsignedInt(_), Float(_)) => cast("arith.uitofp"),
        (UnsignedInt(_) | SignlessInt(_), UnsignedInt(_) | SignlessInt(_)) => {
            let (from, to_bits) = (int_bits(s.kind).unwrap_or(0), int_bits(target).unwrap_or(0));
            if from < to_bits {
                cast(if matches!(s.kind, UnsignedInt(_)) { "arith.extui" } else { "arith.extsi" })
            } else {
                cast("arith.trunci")
            }
        }
        (Pred, UnsignedInt(_)) => cast("arith.extui"),
        (Float(_) | SignlessInt(_) | UnsignedInt(_), Pred) => {
            // (unsigned sources compare their bits with zero like signless ones)
            let zero_attribute: melior::ir::Attribute = if matches!(s.kind, Float(_)) {
                melior::ir::attribute::FloatAttribute::new(context, s.element, 0.0).into()
            } else {
                melior::ir::attribute::IntegerAttribute::new(s.element, 0).into()
            };
            let zero = append(block, crate::builders::constant(context, location, zero_attribute, s.element)?)?;
            let (name, predicate) = if matches!(s.kind, Float(_)) { ("arith.cmpf", "une") } else { ("arith.cmpi", "ne") };
            append(block, compare_scalar(context, location, name, predicate, value, zero)?)
        }
        (Float(from), Float(to_bits)) if from < to_bits => cast("arith.extf"),
        // f64 -> bf16 rounded once, without LLVM's `fptrunc double to
        // bfloat` (a call of `__truncdfbf2`, which neither the JIT nor
        // Debian's libgcc provides): through f32 rounded to odd (the f32
        // next to the value towards zero, its last bit set when inexact),
        // then f32 -> bf16 to nearest even, which rounds as f64 -> bf16
        // would (f32 has more than two bits beyond bf16's precision).
        (Float(64), Float(_)) if to.is_bf16() => {
            let (f32, f64) = (melior::ir::Type::float32(context), s.element);
            let i32 = crate::builders::integer_type(context, 32)?;
            let nearest = append(block, scalar(location, "arith.truncf", &[value], f32)?)?;
            let back = append(block, scalar(location, "arith.extf", &[nearest], f64)?)?;
            // Ordered: a NaN stays the NaN the truncation gave.
            let inexact = append(block, compare_scalar(context, location, "arith.cmpf", "one", back, value)?)?;
            let back_magnitude = append(block, scalar(location, "math.absf", &[back], f64)?)?;
            let magnitude = append(block, scalar(location, "math.absf", &[value], f64)?)?;
            let rounded_up = append(block, compare_scalar(context, location, "arith.cmpf", "ogt", back_magnitude, magnitude)?)?;
            let bits = append(block, scalar(location, "arith.bitcast", &[nearest], i32)?)?;
            let one = append(block, crate::builders::int_constant(context, location, 1, i32)?)?;
            // Sign and magnitude: one less in the integer is one ulp less in magnitude.
            let less = append(block, scalar(location, "arith.subi", &[bits, one], i32)?)?;
            let towards_zero = append(block, select(location, rounded_up, less, bits)?)?;
            let odd = append(block, scalar(location, "arith.ori", &[towards_zero, one], i32)?)?;
            let bits = append(block, select(location, inexact, odd, bits)?)?;
            let to_odd = append(block, scalar(location, "arith.bitcast", &[bits], f32)?)?;
            append(block, scalar(location, "arith.truncf", &[to_odd], to)?)
        }
        (Float(from), Float(to_bits)) if from > to_bits => cast("arith.truncf"),
        // Same width, different format (f16 <-> bf16): through f32.
        (Float(_), Float(_)) => {
            let f32 = melior::ir::Type::float32(context);
            let wide = append(block, scalar(location, "arith.extf", &[value], f32)?)?;
            append(block, scalar(location, "arith.truncf", &[wide], to)?)
        }
        (Pred, Float(_)) => cast("arith.uitofp"),
        (SignlessInt(_), Float(_)) => cast("arith.sitofp"),
        (Float(from), SignlessInt(to_bits)) => saturating_float_to_int(s, block, value, from, to_bits),
        (Pred, SignlessInt(_)) => cast("arith.extui"),
        // Between complex types: each part converted.
        (Complex, Complex) => {
            let (from_part, to_part) = (complex_part(s.element)?, complex_part(to)?);
            let cast = if from_part.is_f64() { "arith.truncf" } else { "arith.extf" };
            let re = append(block, scalar(location, "complex.re", &[value], from_part)?)?;
            let im = append(block, scalar(location, "complex.im", &[value], from_part)?)?;
            let re = append(block, scalar(location, cast, &[re], to_part)?)?;
            let im = append(block, scalar(location, cast, &[im], to_part)?)?;
            append(block, scalar(location, "complex.create", &[re, im], to)?)
        }
        // To complex: the value becomes the real part, the imaginary part 0.
        (Pred | SignlessInt(_) | UnsignedInt(_) | Float(_), Complex) => {
            let part = complex_part(to)?;
            let real = emit_convert(&Scalar { result_element: part, result_kind: ElementKind::of(part).unwrap_or(Float(32)), ..s.clone() }, block, value)?;
            let zero = append(block, crate::builders::float_constant(context, location, 0.0, part)?)?;
            append(block, scalar(location, "complex.create", &[real, zero], to)?)
        }
        // From complex: the real part, converted (XLA drops the imaginary part).
        (Complex, _) => {
            let part = complex_part(s.element)?;
            let real = append(block, scalar(location, "complex.re", &[value], part)?)?;
            emit_convert(&Scalar { kind: ElementKind::of(part).unwrap_or(Float(32)), element: part, ..s.clone() }, block, real)
        }
        _ => Err(format!("convert from {} to {to} is not supported yet", s.element).into()),
    }
}

/// Float → signed integer as XLA defines it: truncate toward zero, clamp
/// values out of range to the integer's min/max, NaN → 0. The value is
/// widened to f64 first, where ±2^(bits-1) are exact, so the range checks are
/// exact for every source format.
fn saturating_float_to_int<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    value: Value<'c, 'b>,
    from_bits: u32,
    to_bits: u32,
) -> BuildResult<Value<'c, 'b>> {
    let (context, location, to) = (s.context, s.location, s.result_element);
    let f64 = melior::ir::Type::float64(context);
    let float_constant =
        |v: f64| -> BuildResult<Value<'c, 'b>> { append(block, crate::builders::float_constant(context, location, v, f64)?) };
    let wide = if from_bits < 64 { append(block, scalar(location, "arith.extf", &[value], f64)?)? } else { value };
    let limit = 2f64.powi(to_bits as i32 - 1);
    let upper = float_constant(limit)?;
    let lower = float_constant(-limit)?;
    let zero = float_constant(0.0)?;
    let i1 = integer_type(context, 1)?;
    let too_big = append(block, compare_scalar(context, location, "arith.cmpf", "oge", wide, upper)?)?;
    let too_small = append(block, compare_scalar(context, location, "arith.cmpf", "olt", wide, lower)?)?;
    let is_nan = append(block, compare_scalar(context, location, "arith.cmpf", "uno", wide, wide)?)?;
    let outside = append(block, scalar(location, "arith.ori", &[too_big, too_small], i1)?)?;
    let unsafe_value = append(block, scalar(location, "arith.ori", &[outside, is_nan], i1)?)?;
    // NaN and out-of-range inputs convert 0.0 (never poison); the selects
    // below then put the saturated values in place.
    let safe = append(block, select(location, unsafe_value, zero, wide)?)?;
    let converted = append(block, scalar(location, "arith.fptosi", &[safe], to)?)?;
    let max = append(block, int_constant(context, location, (1i128 << (to_bits - 1)) - 1, to)?)?;
    let min = append(block, int_constant(context, location, -(1i128 << (to_bits - 1)), to)?)?;
    let clamped_high = append(block, select(location, too_big, max, converted)?)?;
    append(block, select(location, too_small, min, clamped_high)?)
}

/// The complex constant `re + i·im` of the operand element type.
fn complex_constant<'c, 'b>(s: &Scalar<'c>, block: &'b Block<'c>, re: f64, im: f64) -> BuildResult<Value<'c, 'b>> {
    let part = complex_part(s.element)?;
    let re = append(block, crate::builders::float_constant(s.context, s.location, re, part)?)?;
    let im = append(block, crate::builders::float_constant(s.context, s.location, im, part)?)?;
    append(block, scalar(s.location, "complex.create", &[re, im], s.element)?)
}

/// Complex maximum (`ogt`) or minimum (`olt`): StableHLO orders complex
/// numbers lexicographically by (real, imaginary); on a tie the first
/// operand is returned.
fn complex_select_extreme<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    lhs: Value<'c, 'b>,
    rhs: Value<'c, 'b>,
    strict: &str,
) -> BuildResult<Value<'c, 'b>> {
    let (context, location) = (s.context, s.location);
    let part = complex_part(s.element)?;
    let parts = |value| -> BuildResult<(Value<'c, 'b>, Value<'c, 'b>)> {
        Ok((
            append(block, scalar(location, "complex.re", &[value], part)?)?,
            append(block, scalar(location, "complex.im", &[value], part)?)?,
        ))
    };
    let ((lhs_re, lhs_im), (rhs_re, rhs_im)) = (parts(lhs)?, parts(rhs)?);
    let real_wins = append(block, compare_scalar(context, location, "arith.cmpf", strict, lhs_re, rhs_re)?)?;
    let real_tie = append(block, compare_scalar(context, location, "arith.cmpf", "oeq", lhs_re, rhs_re)?)?;
    let not_strict = if strict == "ogt" { "oge" } else { "ole" };
    let imag_wins = append(block, compare_scalar(context, location, "arith.cmpf", not_strict, lhs_im, rhs_im)?)?;
    let i1 = integer_type(context, 1)?;
    let tie_wins = append(block, scalar(location, "arith.andi", &[real_tie, imag_wins], i1)?)?;
    let lhs_wins = append(block, scalar(location, "arith.ori", &[real_wins, tie_wins], i1)?)?;
    append(block, select(location, lhs_wins, lhs, rhs)?)
}

/// A float constant of the operand element type.
fn float_constant<'c>(s: &Scalar<'c>, value: f64) -> BuildResult<melior::ir::Operation<'c>> {
    crate::builders::float_constant(s.context, s.location, value, s.element)
}

/// Signed remainder with XLA's results where C leaves it undefined:
/// `x % 0 = x` and `INT_MIN % -1 = 0`; otherwise the sign of the dividend.
fn signed_remainder<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    lhs: Value<'c, 'b>,
    rhs: Value<'c, 'b>,
    bits: u32,
) -> BuildResult<Value<'c, 'b>> {
    let (location, ty) = (s.location, s.element);
    // x % 1 = 0, which is also the INT_MIN % -1 result.
    let SafeDivisor { by_zero, divisor, .. } = safe_signed_divisor(s, block, lhs, rhs, bits)?;
    let remainder = append(block, scalar(location, "arith.remsi", &[lhs, divisor], ty)?)?;
    append(block, select(location, by_zero, lhs, remainder)?)
}

/// Shifts with XLA's results for amounts outside [0, bits): 0 for the left
/// and logical right shifts, the sign fill for the arithmetic one. The
/// amount is clamped first, so no shift is ever poison.
fn shift<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    value: Value<'c, 'b>,
    amount: Value<'c, 'b>,
    bits: u32,
    name: &str,
) -> BuildResult<Value<'c, 'b>> {
    let (context, location, ty) = (s.context, s.location, s.element);
    let width = append(block, int_constant(context, location, i128::from(bits), ty)?)?;
    // Unsigned comparison: negative amounts are out of range too.
    let out_of_range = append(block, compare_scalar(context, location, "arith.cmpi", "uge", amount, width)?)?;
    if name == "arith.shrsi" {
        let last = append(block, int_constant(context, location, i128::from(bits - 1), ty)?)?;
        let safe = append(block, select(location, out_of_range, last, amount)?)?;
        return append(block, scalar(location, name, &[value, safe], ty)?);
    }
    let zero = append(block, int_constant(context, location, 0, ty)?)?;
    let safe = append(block, select(location, out_of_range, zero, amount)?)?;
    let shifted = append(block, scalar(location, name, &[value, safe], ty)?)?;
    append(block, select(location, out_of_range, zero, shifted)?)
}

/// Integer `base ^ exponent` by squaring: one multiply-and-square step per
/// exponent bit, in an `scf.for` of `bits` iterations, wrapping like
/// integer multiplication. A negative (signed) exponent gives the real
/// result truncated toward zero: 1 for base 1, ±1 for base -1 (by the
/// exponent's parity), 0 for any other base, including 0.
fn integer_power<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    base: Value<'c, 'b>,
    exponent: Value<'c, 'b>,
    bits: u32,
    signed: bool,
) -> BuildResult<Value<'c, 'b>> {
    let (context, location, ty) = (s.context, s.location, s.element);
    let constant = |value: i128| append(block, int_constant(context, location, value, ty)?);
    let one_ = constant(1)?;
    let index = |value: i64| append(block, crate::builders::index_constant(context, location, value)?);
    let bounds = [index(0)?, index(i64::from(bits))?, index(1)?];
    let step = crate::builders::scf_for(location, bounds, &[one_, base, exponent], |body, _, carried| {
        let (accumulator, square, rest) = (carried[0], carried[1], carried[2]);
        let one_ = append(body, int_constant(context, location, 1, ty)?)?;
        let low_bit = append(body, scalar(location, "arith.andi", &[rest, one_], ty)?)?;
        let take = append(body, compare_scalar(context, location, "arith.cmpi", "eq", low_bit, one_)?)?;
        let product = append(body, scalar(location, "arith.muli", &[accumulator, square], ty)?)?;
        let accumulator = append(body, select(location, take, product, accumulator)?)?;
        let square = append(body, scalar(location, "arith.muli", &[square, square], ty)?)?;
        let rest = append(body, scalar(location, "arith.shrui", &[rest, one_], ty)?)?;
        Ok(vec![accumulator, square, rest])
    })?;
    let step = melior::ir::BlockLike::append_operation(block, step);
    let power: Value = step.result(0).map_err(|e| format!("internal error: {e}"))?.into();
    if !signed || bits == 1 {
        return Ok(power);
    }
    let zero = constant(0)?;
    let minus_one = constant(-1)?;
    let negative = append(block, compare_scalar(context, location, "arith.cmpi", "slt", exponent, zero)?)?;
    let odd_bit = append(block, scalar(location, "arith.andi", &[exponent, one_], ty)?)?;
    let odd = append(block, compare_scalar(context, location, "arith.cmpi", "eq", odd_bit, one_)?)?;
    let minus_one_power = append(block, select(location, odd, minus_one, one_)?)?;
    let is_one = append(block, compare_scalar(context, location, "arith.cmpi", "eq", base, one_)?)?;
    let is_minus_one = append(block, compare_scalar(context, location, "arith.cmpi", "eq", base, minus_one)?)?;
    let fraction = append(block, select(location, is_minus_one, minus_one_power, zero)?)?;
    let fraction = append(block, select(location, is_one, one_, fraction)?)?;
    append(block, select(location, negative, fraction, power)?)
}

/// Unsigned division (or, with `remainder`, remainder) with XLA's results
/// for a zero divisor: `x / 0` is all ones (the maximum value) and
/// `x % 0 = x`.
fn unsigned_divide<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    lhs: Value<'c, 'b>,
    rhs: Value<'c, 'b>,
    remainder: bool,
) -> BuildResult<Value<'c, 'b>> {
    let (context, location, ty) = (s.context, s.location, s.element);
    let zero = append(block, int_constant(context, location, 0, ty)?)?;
    let one_ = append(block, int_constant(context, location, 1, ty)?)?;
    let by_zero = append(block, compare_scalar(context, location, "arith.cmpi", "eq", rhs, zero)?)?;
    let safe = append(block, select(location, by_zero, one_, rhs)?)?;
    if remainder {
        let value = append(block, scalar(location, "arith.remui", &[lhs, safe], ty)?)?;
        append(block, select(location, by_zero, lhs, value)?)
    } else {
        let value = append(block, scalar(location, "arith.divui", &[lhs, safe], ty)?)?;
        let all_ones = append(block, int_constant(context, location, -1, ty)?)?;
        append(block, select(location, by_zero, all_ones, value)?)
    }
}

/// Float → unsigned integer as XLA defines it: truncate toward zero, clamp
/// to [0, 2^bits - 1], NaN → 0 (checked in f64, where the bounds are exact
/// up to 2^64).
fn saturating_float_to_uint<'c, 'b>(
    s: &Scalar<'c>,
    block: &'b Block<'c>,
    value: Value<'c, 'b>,
    from_bits: u32,
    to_bits: u32,
) -> BuildResult<Value<'c, 'b>> {
    let (context, location, to) = (s.context, s.location, s.result_element);
    let f64 = melior::ir::Type::float64(context);
    let float_constant =
        |v: f64| -> BuildResult<Value<'c, 'b>> { append(block, crate::builders::float_constant(context, location, v, f64)?) };
    let wide = if from_bits < 64 { append(block, scalar(location, "arith.extf", &[value], f64)?)? } else { value };
    let upper = float_constant(2f64.powi(to_bits as i32))?;
    let zero = float_constant(0.0)?;
    let i1 = integer_type(context, 1)?;
    let too_big = append(block, compare_scalar(context, location, "arith.cmpf", "oge", wide, upper)?)?;
    // Below zero, and NaN (unordered), become 0.
    let not_positive = append(block, compare_scalar(context, location, "arith.cmpf", "ule", wide, zero)?)?;
    let unsafe_value = append(block, scalar(location, "arith.ori", &[too_big, not_positive], i1)?)?;
    let safe = append(block, select(location, unsafe_value, zero, wide)?)?;
    let converted = append(block, scalar(location, "arith.fptoui", &[safe], to)?)?;
    let max = append(block, int_constant(context, location, -1, to)?)?;
    append(block, select(location, too_big, max, converted)?)
}

/// `f32` for `complex<f32>`, `f64` for `complex<f64>`; an error for a
/// type that is not complex.
fn complex_part(ty: Type<'_>) -> BuildResult<Type<'_>> {
    // SAFETY: a live type; only an isa check.
    if !unsafe { mlir_sys::mlirTypeIsAComplex(ty.to_raw()) } {
        return Err(format!("{ty} is not complex").into());
    }
    Ok(crate::builders::complex_part(ty))
}
