//! `dot_general` → a `linalg.generic` over (batch, lhs free, contracting,
//! rhs free) loops, the contracting ones being reductions, accumulating
//! `lhs * rhs` into a zero-filled result.
//!
//! ```mlir
//! %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
//! // becomes (d0: lhs free, d1: contracting, d2: rhs free — innermost, so
//! // the inner loop is contiguous in %b and the result and vectorizes)
//! %z = linalg.generic {maps = [(d0, d1) -> (d0, d1)], parallel x2} outs(%e) { yield 0.0 }
//! %r = linalg.generic {indexing_maps = [(d0, d1, d2) -> (d0, d1), (d0, d1, d2) -> (d1, d2), (d0, d1, d2) -> (d0, d2)],
//!                      iterator_types = [parallel, reduction, parallel]} ins(%a, %b) outs(%z) {
//!   ^bb0(%x: f32, %y: f32, %acc: f32): %m = arith.mulf %x, %y; %s = arith.addf %acc, %m; linalg.yield %s }
//! ```
//!
//! A bf16 or f16 result without an `algorithm` is accumulated in f32 and
//! converted once at the end (XLA's choice on CPUs and GPUs; the spec
//! leaves the accumulation precision to the implementation).
//!
//! With an `algorithm` ([`apply_algorithm`]), a float operand is first
//! rounded to a narrower precision type given with one component (the
//! `linalg.generic` of `reduce_precision`), and the products are summed in
//! the accumulation type when it is wider than the result's (the result
//! converted at the end):
//!
//! ```mlir
//! %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32,
//!        rhs_precision_type = tf32, accumulation_type = f32, ...> : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
//! // computes as
//! %ta = stablehlo.reduce_precision %a, format = e8m10 : tensor<4x8xf32>
//! %tb = stablehlo.reduce_precision %b, format = e8m10 : tensor<8x16xf32>
//! %r = stablehlo.dot_general %ta, %tb, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
//! ```

use super::Rewrite;
use crate::builders::{Affine, BuildResult, Iterator, affine_map, append, generic, parallel_generic, identity_map, scalar, static_shape, zero_constant, element_type};
use crate::element::ElementKind;
use melior::ir::TypeLike as _;
use melior::ir::{Attribute, OperationRef, Type, Value, ValueLike, operation::OperationLike, r#type::RankedTensorType};
use xla_dialects::stablehlo::DotDimensionNumbers;

/// (exponent, mantissa) bits of the float types an algorithm may name.
fn float_bits(ty: Type) -> Option<(i64, i64)> {
    if ty.is_f16() {
        Some((5, 10))
    } else if ty.is_bf16() {
        Some((8, 7))
    } else if ty.is_tf32() {
        Some((8, 10))
    } else if ty.is_f32() {
        Some((8, 23))
    } else if ty.is_f64() {
        Some((11, 52))
    } else {
        None
    }
}

/// The operands and the accumulation type of a dot_general with an
/// `algorithm` (see the module documentation): each float operand rounded
/// to a narrower precision type given with one component, and the result
/// shape in the accumulation type when that is wider than the result's
/// element type. Integer operands (which the spec allows with float
/// precision types) are left as they are.
fn apply_algorithm<'c>(
    rewrite: &Rewrite<'c, '_>,
    op: OperationRef<'c, '_>,
    attribute: Attribute<'c>,
    result_type: Type<'c>,
) -> BuildResult<(Vec<Value<'c, 'c>>, Type<'c>)> {
    let algorithm = xla_dialects::dot_algorithm(attribute).ok_or("algorithm is not a #stablehlo.dot_algorithm")?;
    let mut operands = Vec::new();
    for (index, precision, components) in [
        (0, algorithm.lhs_precision_type, algorithm.lhs_component_count),
        (1, algorithm.rhs_precision_type, algorithm.rhs_component_count),
    ] {
        let operand: Value = op.operand(index)?;
        // SAFETY: the operand lives in the IR, which outlives the rewrite;
        // the lifetime only tracked the borrow of the op handle.
        let operand: Value<'c, 'c> = unsafe { crate::builders::detach(operand) };
        let element = element_type(operand.r#type())?;
        let Some((exponent, mantissa)) = float_bits(element) else {
            operands.push(operand);
            continue;
        };
        let (target_exponent, target_mantissa) = float_bits(precision)
            .ok_or_else(|| format!("an algorithm with precision type {precision} is not supported"))?;
        if components != 1 || (target_exponent >= exponent && target_mantissa >= mantissa) {
            operands.push(operand);
            continue;
        }
        operands.push(super::reduce_precision::round_value(
            rewrite,
            op.location(),
            operand,
            target_exponent.min(exponent),
            target_mantissa.min(mantissa),
        )?);
    }
    let accumulation = algorithm.accumulation_type;
    let wider = match (float_bits(element_type(result_type)?), float_bits(accumulation)) {
        (Some((e, m)), Some((ae, am))) => ae >= e && am > m,
        _ => false,
    };
    let compute_type = if wider {
        let shape: Vec<u64> = static_shape(result_type)?.iter().map(|&d| d as u64).collect();
        RankedTensorType::new(&shape, accumulation, None).into()
    } else {
        result_type
    };
    Ok((operands, compute_type))
}

/// Lowers `stablehlo.dot_general`.
pub fn lower_dot_general<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let lhs: Value = op.operand(0)?;
    let rhs: Value = op.operand(1)?;
    let final_type = op.result(0)?.r#type();
    // An algorithm: rounded operands, maybe a wider accumulation (the
    // result converted back at the end).
    let (lhs, rhs, result_type) = match op.attribute("algorithm") {
        Ok(attribute) => {
            let (operands, compute_type) = apply_algorithm(rewrite, op, attribute, final_type)?;
            (operands[0], operands[1], compute_type)
        }
        // Without one, half-precision results (bf16, f16) are accumulated
        // in f32 and rounded once at the end, as XLA does on CPUs and GPUs:
        // rounding after every multiply-add loses the sum's low bits after
        // a few hundred terms.
        Err(_) => {
            let element = element_type(final_type)?;
            if element.is_bf16() || element.is_f16() {
                let shape: Vec<u64> = static_shape(final_type)?.iter().map(|&d| d as u64).collect();
                (lhs, rhs, RankedTensorType::new(&shape, Type::float32(context), None).into())
            } else {
                (lhs, rhs, final_type)
            }
        }
    };
    let lhs_rank = static_shape(lhs.r#type())?.len();
    let rhs_rank = static_shape(rhs.r#type())?.len();
    let result_rank = static_shape(result_type)?.len();
    let element = element_type(result_type)?;
    let kind = ElementKind::of(element).ok_or_else(|| format!("unsupported element type {element}"))?;
    let (multiply, add) = match kind {
        ElementKind::Float(_) => ("arith.mulf", "arith.addf"),
        ElementKind::SignlessInt(_) => ("arith.muli", "arith.addi"),
        ElementKind::Pred => ("arith.andi", "arith.ori"),
        ElementKind::Complex => ("complex.mul", "complex.add"),
        _ => return Err(format!("dot_general on element type {element} is not supported yet").into()),
    };
    // A result element type other than the operands' (JAX's
    // preferred_element_type: bf16 x bf16 -> f32, i8 x i8 -> i32) converts
    // each operand element, then multiplies and accumulates in the result type.
    let (lhs_element, rhs_element) = (element_type(lhs.r#type())?, element_type(rhs.r#type())?);
    let dims = op
        .attribute("dot_dimension_numbers")
        .ok()
        .and_then(DotDimensionNumbers::from_attribute)
        .ok_or("dot_general has no valid dot_dimension_numbers")?;

    // Loop order: batch, lhs free, contracting, rhs free. With the rhs free
    // dimensions innermost, the inner loop walks rows of rhs and of the
    // result contiguously (a[i, k] is loop-invariant), which LLVM
    // vectorizes; each result element still sums over k in order.
    let batch = dims.lhs_batching.len();
    let contracting = dims.lhs_contracting.len();
    let lhs_free = lhs_rank - batch - contracting;
    let rhs_free = rhs_rank - batch - contracting;
    let contracting_base = batch + lhs_free;
    let rhs_free_base = contracting_base + contracting;
    let loops = result_rank + contracting;
    let d = |i: usize| Affine::dim(context, i);
    let side_map = |rank: usize, batching: &[i64], contracting_dims: &[i64], free_base: usize| -> Vec<Affine> {
        let mut next_free = free_base;
        (0..rank as i64)
            .map(|dim| {
                if let Some(i) = batching.iter().position(|&d| d == dim) {
                    d(i)
                } else if let Some(j) = contracting_dims.iter().position(|&d| d == dim) {
                    d(contracting_base + j)
                } else {
                    next_free += 1;
                    d(next_free - 1)
                }
            })
            .collect()
    };
    let lhs_map = side_map(lhs_rank, &dims.lhs_batching, &dims.lhs_contracting, batch);
    let rhs_map = side_map(rhs_rank, &dims.rhs_batching, &dims.rhs_contracting, rhs_free_base);
    let result_map: Vec<Affine> = (0..batch + lhs_free).chain(rhs_free_base..rhs_free_base + rhs_free).map(d).collect();
    let maps = vec![
        affine_map(context, loops, &lhs_map)?,
        affine_map(context, loops, &rhs_map)?,
        affine_map(context, loops, &result_map)?,
    ];
    let mut iterators = vec![Iterator::Parallel; batch + lhs_free];
    iterators.extend(std::iter::repeat_n(Iterator::Reduction, contracting));
    iterators.extend(std::iter::repeat_n(Iterator::Parallel, rhs_free));
    let contraction = |empty: Value<'c, '_>| {
        // The accumulator starts at zero.
        let zeros = parallel_generic(context, location, &[], empty, vec![identity_map(context, result_rank)], result_type, |block, _| {
            append(block, zero_constant(context, location, element)?)
        })?;
        let zeros = rewrite.rewriter.insert(zeros);
        let init: Value = zeros.result(0)?.into();
        generic(context, location, &[lhs, rhs], init, maps, &iterators, result_type, |block, args| {
            let x = super::pointwise::emit_scalar_convert(context, op, block, args[0], lhs_element, element)?;
            let y = super::pointwise::emit_scalar_convert(context, op, block, args[1], rhs_element, element)?;
            let product = append(block, scalar(location, multiply, &[x, y], element)?)?;
            append(block, scalar(location, add, &[args[2], product], element)?)
        })
    };
    if result_type == final_type {
        return rewrite.replace_with_init(op, result_type, contraction);
    }
    // Accumulated in a wider type: converted to the result type at the end.
    let empty = rewrite.insert_value(crate::builders::tensor_empty(location, result_type)?)?;
    let wide = rewrite.insert_value(contraction(empty)?)?;
    let value = super::pointwise::convert_value(rewrite, op, wide, final_type)?;
    rewrite.rewriter.replace_op_with_values(op, &[value]);
    Ok(())
}
