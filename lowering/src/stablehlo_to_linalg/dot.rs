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

use super::Rewrite;
use crate::builders::{BuildResult, Iterator, affine_map, append, generic, parallel_generic, identity_map, scalar, static_shape, zero_constant, element_type};
use crate::element::ElementKind;
use melior::ir::{OperationRef, Value, ValueLike, operation::OperationLike};
use xla_dialects::stablehlo::DotDimensionNumbers;

/// Lowers `stablehlo.dot_general`.
pub fn lower_dot_general<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let lhs: Value = op.operand(0).map_err(|e| e.to_string())?;
    let rhs: Value = op.operand(1).map_err(|e| e.to_string())?;
    let result_type = op.result(0).map_err(|e| e.to_string())?.r#type();
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
        _ => return Err(format!("dot_general on element type {element} is not supported yet")),
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
    let side_map = |rank: usize, batching: &[i64], contracting_dims: &[i64], free_base: usize| -> Vec<String> {
        let mut next_free = free_base;
        (0..rank as i64)
            .map(|dim| {
                if let Some(i) = batching.iter().position(|&d| d == dim) {
                    format!("d{i}")
                } else if let Some(j) = contracting_dims.iter().position(|&d| d == dim) {
                    format!("d{}", contracting_base + j)
                } else {
                    next_free += 1;
                    format!("d{}", next_free - 1)
                }
            })
            .collect()
    };
    let lhs_map = side_map(lhs_rank, &dims.lhs_batching, &dims.lhs_contracting, batch);
    let rhs_map = side_map(rhs_rank, &dims.rhs_batching, &dims.rhs_contracting, rhs_free_base);
    let result_map: Vec<String> = (0..batch + lhs_free)
        .chain(rhs_free_base..rhs_free_base + rhs_free)
        .map(|i| format!("d{i}"))
        .collect();
    let maps = vec![
        affine_map(context, loops, &lhs_map)?,
        affine_map(context, loops, &rhs_map)?,
        affine_map(context, loops, &result_map)?,
    ];
    let mut iterators = vec![Iterator::Parallel; batch + lhs_free];
    iterators.extend(std::iter::repeat_n(Iterator::Reduction, contracting));
    iterators.extend(std::iter::repeat_n(Iterator::Parallel, rhs_free));
    rewrite.replace_with_init(op, result_type, |empty| {
        // The accumulator starts at zero.
        let zeros = parallel_generic(context, location, &[], empty, vec![identity_map(context, result_rank)?], result_type, |block, _| {
            append(block, zero_constant(context, location, element)?)
        })?;
        let zeros = rewrite.rewriter.insert(zeros);
        let init: Value = zeros.result(0).map_err(|e| e.to_string())?.into();
        generic(context, location, &[lhs, rhs], init, maps, &iterators, result_type, |block, args| {
            let x = super::pointwise::emit_scalar_convert(context, op, block, args[0], lhs_element, element)?;
            let y = super::pointwise::emit_scalar_convert(context, op, block, args[1], rhs_element, element)?;
            let product = append(block, scalar(location, multiply, &[x, y], element)?)?;
            append(block, scalar(location, add, &[args[2], product], element)?)
        })
    })
}
