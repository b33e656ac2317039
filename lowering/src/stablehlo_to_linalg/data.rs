//! `iota`, `concatenate`, `slice`, `pad` and `reverse`.
//!
//! ```mlir
//! %i = stablehlo.iota dim = 0 : tensor<4xf32>
//! // becomes linalg.generic outs(%e) { %k = linalg.index 0; %n = arith.index_cast %k : index to i64;
//! //                                   %f = arith.sitofp %n : i64 to f32; linalg.yield %f }
//! %c = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
//! // becomes tensor.insert_slice %a into %e[0] [2] [1], then %b into the result at [2] [3] [1]
//! %s = stablehlo.slice %x [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
//! // becomes tensor.extract_slice %x[1, 0] [2, 2] [1, 2]
//! %p = stablehlo.pad %x, %v, low = [-1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
//! // becomes a fill with %v, then the operand elements that land inside the
//! // result (here x[1..3]) inserted with stride interior + 1:
//! //   %s = tensor.extract_slice %x[1] [2] [1]; tensor.insert_slice %s into %fill[1] [2] [2]
//! %r = stablehlo.reverse %x, dims = [0] : tensor<3xf32>
//! // becomes linalg.generic {indexing_maps = [(d0) -> (2 - d0), (d0) -> (d0)]}
//! ```

use super::Rewrite;
use crate::builders::{
    Affine, dims, BuildResult, affine_map, append, element_type, extract_slice, identity_map, insert_slice, integer_type,
    linalg_index, parallel_generic, scalar, static_shape, tensor_empty,
};
use crate::element::ElementKind;
use melior::ir::{
    OperationRef, Type, Value, ValueLike,
    r#type::RankedTensorType,
    attribute::{DenseI64ArrayAttribute, IntegerAttribute},
    operation::OperationLike,
};

fn integer_attribute(op: OperationRef, name: &str) -> BuildResult<i64> {
    op.attribute(name)
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| format!("missing integer attribute {name}")).map_err(crate::error::LowerError::from)
}

fn array_attribute(op: OperationRef, name: &str) -> BuildResult<Vec<i64>> {
    let array = op
        .attribute(name)
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
        .ok_or_else(|| format!("missing array attribute {name}"))?;
    (0..array.len()).map(|i| array.element(i).map_err(crate::error::LowerError::from)).collect()
}

/// Lowers `stablehlo.iota`.
pub fn lower_iota<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let result_type = op.result(0)?.r#type();
    let rank = static_shape(result_type)?.len();
    let dim = integer_attribute(op, "iota_dimension")? as usize;
    let element = element_type(result_type)?;
    let kind = ElementKind::of(element);
    if !matches!(kind, Some(ElementKind::Pred | ElementKind::SignlessInt(_) | ElementKind::Float(_) | ElementKind::Complex)) {
        return Err(format!("iota of element type {element} is not supported yet").into());
    }
    rewrite.replace_with_init(op, result_type, |init| {
        parallel_generic(context, location, &[], init, vec![identity_map(context, rank)], result_type, |block, _| {
            let index = append(block, linalg_index(location, dim)?)?;
            match kind {
                Some(ElementKind::Float(_)) => {
                    let i64_type: Type = integer_type(context, 64)?;
                    let wide = append(block, scalar(location, "arith.index_cast", &[index], i64_type)?)?;
                    append(block, scalar(location, "arith.sitofp", &[wide], element)?)
                }
                // The index as the real part, imaginary part 0.
                Some(ElementKind::Complex) => {
                    // `element` is a complex type (checked above).
                    let part = crate::builders::complex_part(element);
                    let i64_type: Type = integer_type(context, 64)?;
                    let wide = append(block, scalar(location, "arith.index_cast", &[index], i64_type)?)?;
                    let real = append(block, scalar(location, "arith.sitofp", &[wide], part)?)?;
                    let zero = append(block, crate::builders::float_constant(context, location, 0.0, part)?)?;
                    append(block, scalar(location, "complex.create", &[real, zero], element)?)
                }
                _ => append(block, scalar(location, "arith.index_cast", &[index], element)?),
            }
        })
    })
}

/// Lowers `stablehlo.concatenate`.
pub fn lower_concatenate<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let location = op.location();
    let result_type = op.result(0)?.r#type();
    static_shape(result_type)?;
    let dim = integer_attribute(op, "dimension")? as usize;
    let inputs: Vec<Value> = op.operands().collect();
    let shapes = inputs.iter().map(|v| static_shape(v.r#type())).collect::<BuildResult<Vec<_>>>()?;
    let empty = rewrite.rewriter.insert(tensor_empty(location, result_type)?);
    let mut current: Value = empty.result(0)?.into();
    let mut offset = 0i64;
    for (input, shape) in inputs.iter().zip(&shapes) {
        let mut offsets = vec![0i64; shape.len()];
        offsets[dim] = offset;
        let strides = vec![1; shape.len()];
        let inserted = rewrite.rewriter.insert(insert_slice(location, *input, current, &offsets, shape, &strides)?);
        current = inserted.result(0)?.into();
        offset += shape[dim];
    }
    rewrite.rewriter.replace_op_with_values(op, &[current]);
    Ok(())
}

/// Lowers `stablehlo.slice`.
pub fn lower_slice<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let location = op.location();
    let operand: Value = op.operand(0)?;
    static_shape(operand.r#type())?;
    let result_type = op.result(0)?.r#type();
    let sizes = static_shape(result_type)?;
    if sizes.contains(&0) {
        // An empty result: nothing to read (and an extract_slice at an
        // offset of an empty dimension would not verify).
        let empty = rewrite.insert_value(crate::builders::tensor_empty(location, result_type)?)?;
        rewrite.rewriter.replace_op_with_values(op, &[empty]);
        return Ok(());
    }
    let starts = array_attribute(op, "start_indices")?;
    let strides = array_attribute(op, "strides")?;
    let slice = rewrite.rewriter.insert(extract_slice(location, operand, &starts, &sizes, &strides, result_type)?);
    let result: Value = slice.result(0)?.into();
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}

/// Lowers `stablehlo.pad` (negative edges and interior padding included).
pub fn lower_pad<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operand: Value = op.operand(0)?;
    let padding: Value = op.operand(1)?;
    let result_type = op.result(0)?.r#type();
    let low = array_attribute(op, "edge_padding_low")?;
    let interior = array_attribute(op, "interior_padding")?;
    let padded = pad_tensor(rewrite, context, location, operand, padding, &low, &interior, result_type)?;
    rewrite.rewriter.replace_op_with_values(op, &[padded]);
    Ok(())
}

/// Inserts the padding of `operand` to `result_type` (edge padding `low`,
/// possibly negative, and `interior` padding, with the rank-0 tensor
/// `padding`): a fill, then one strided insert_slice of the surviving
/// operand elements. Shared by `pad` and the window ops.
#[allow(clippy::too_many_arguments)]
pub fn pad_tensor<'c>(
    rewrite: &Rewrite<'c, '_>,
    context: &'c melior::Context,
    location: melior::ir::Location<'c>,
    operand: Value<'c, '_>,
    padding: Value<'c, '_>,
    low: &[i64],
    interior: &[i64],
    result_type: Type<'c>,
) -> BuildResult<Value<'c, 'c>> {
    let input_shape = static_shape(operand.r#type())?;
    let output_shape = static_shape(result_type)?;
    let rank = output_shape.len();
    // For each dimension: the operand elements i0 .. i0 + count that land in
    // the result, at positions low + i * (interior + 1).
    let mut first = Vec::with_capacity(rank);
    let mut counts = Vec::with_capacity(rank);
    let mut offsets = Vec::with_capacity(rank);
    let mut strides = Vec::with_capacity(rank);
    for d in 0..rank {
        let step = interior[d] + 1;
        let i0 = if low[d] >= 0 { 0 } else { (-low[d] + step - 1) / step };
        let room = output_shape[d] - 1 - low[d];
        let last = if room < 0 { -1 } else { (input_shape[d] - 1).min(room / step) };
        first.push(i0);
        counts.push((last - i0 + 1).max(0));
        offsets.push(low[d] + i0 * step);
        strides.push(step);
    }
    let empty_inside = counts.contains(&0);
    let whole_operand = first.iter().all(|&i| i == 0) && counts == input_shape;
    let fill_maps = vec![affine_map(context, rank, &[])?, identity_map(context, rank)];
    let empty = rewrite.rewriter.insert(tensor_empty(location, result_type)?);
    let init: Value = empty.result(0)?.into();
    let filled = rewrite.rewriter.insert(parallel_generic(context, location, &[padding], init, fill_maps, result_type, |_, args| Ok(args[0]))?);
    let destination: Value = filled.result(0)?.into();
    let result: Value = if empty_inside {
        destination
    } else {
        let source: Value = if whole_operand {
            operand
        } else {
            let slice_type: Type =
                RankedTensorType::new(&counts.iter().map(|&c| c as u64).collect::<Vec<_>>(), element_type(result_type)?, None).into();
            let ones = vec![1; rank];
            let slice = rewrite.rewriter.insert(extract_slice(location, operand, &first, &counts, &ones, slice_type)?);
            slice.result(0)?.into()
        };
        let inserted = rewrite.rewriter.insert(insert_slice(location, source, destination, &offsets, &counts, &strides)?);
        inserted.result(0)?.into()
    };
    // SAFETY: the value is defined by an op now in the IR, which outlives
    // the rewrite.
    Ok(unsafe { crate::builders::detach(result) })
}

/// Lowers `stablehlo.reverse`.
pub fn lower_reverse<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operand: Value = op.operand(0)?;
    let result_type = op.result(0)?.r#type();
    let shape = static_shape(result_type)?;
    let dimensions = array_attribute(op, "dimensions")?;
    let input: Vec<Affine> = (0..shape.len())
        .map(|d| {
            let dim = Affine::dim(context, d);
            if dimensions.contains(&(d as i64)) { Affine::constant(context, shape[d] - 1) - dim } else { dim }
        })
        .collect();
    let maps = vec![affine_map(context, shape.len(), &input)?, identity_map(context, shape.len())];
    rewrite.replace_with_init(op, result_type, |init| {
        parallel_generic(context, location, &[operand], init, maps, result_type, |_, args| Ok(args[0]))
    })
}

/// Lowers `stablehlo.bitcast_convert`: `arith.bitcast` per element for equal
/// widths; a narrower result takes bit group `k` of each element
/// (little-endian: group 0 is the low bits) along its extra minor
/// dimension; a wider result assembles its groups with a reduction over
/// the operand's minor dimension.
pub fn lower_bitcast_convert<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    use crate::builders::{Iterator, generic};
    let context = rewrite.context;
    let location = op.location();
    let operand: Value = op.operand(0)?;
    let result_type = op.result(0)?.r#type();
    let from = element_type(operand.r#type())?;
    let to = element_type(result_type)?;
    let bits = |ty: Type| -> BuildResult<u32> {
        match ElementKind::of(ty) {
            Some(ElementKind::Float(b) | ElementKind::SignlessInt(b)) => Ok(b),
            // i1 is one bit (StableHLO leaves i1 bitcasts to the
            // implementation, openxla/stablehlo#1672): 8 x i1 <-> i8, bit k
            // of the integer being element k.
            Some(ElementKind::Pred) => Ok(1),
            _ => Err(format!("bitcast_convert of element type {ty} is not supported yet").into()),
        }
    };
    let (from_bits, to_bits) = (bits(from)?, bits(to)?);
    let result_rank = static_shape(result_type)?.len();
    fn as_int<'c, 'b>(
        context: &'c melior::Context,
        location: melior::ir::Location<'c>,
        block: &'b melior::ir::Block<'c>,
        value: Value<'c, 'b>,
        width: u32,
    ) -> BuildResult<Value<'c, 'b>> {
        let ty = integer_type(context, width)?;
        if value.r#type() == ty { Ok(value) } else { append(block, scalar(location, "arith.bitcast", &[value], ty)?) }
    }
    if from_bits == to_bits {
        let map = identity_map(context, result_rank);
        return rewrite.replace_with_init(op, result_type, |init| {
            parallel_generic(context, location, &[operand], init, vec![map, map], result_type, |block, args| {
                append(block, scalar(location, "arith.bitcast", &[args[0]], to)?)
            })
        });
    }
    let narrow_int = integer_type(context, from_bits.min(to_bits))?;
    let wide_int = integer_type(context, from_bits.max(to_bits))?;
    let narrow_bits = from_bits.min(to_bits) as i128;
    if to_bits < from_bits {
        // result[..., k] = trunc(operand[...] >> (k * to_bits))
        let outer = dims(context, 0..result_rank - 1);
        let maps = vec![affine_map(context, result_rank, &outer)?, identity_map(context, result_rank)];
        return rewrite.replace_with_init(op, result_type, |init| {
            parallel_generic(context, location, &[operand], init, maps, result_type, |block, args| {
                let wide = as_int(context, location, block, args[0], from_bits)?;
                let k = append(block, linalg_index(location, result_rank - 1)?)?;
                let k = append(block, scalar(location, "arith.index_cast", &[k], wide_int)?)?;
                let group = append(block, crate::builders::int_constant(context, location, narrow_bits, wide_int)?)?;
                let amount = append(block, scalar(location, "arith.muli", &[k, group], wide_int)?)?;
                let shifted = append(block, scalar(location, "arith.shrui", &[wide, amount], wide_int)?)?;
                let part = append(block, scalar(location, "arith.trunci", &[shifted], narrow_int)?)?;
                if to == narrow_int { Ok(part) } else { append(block, scalar(location, "arith.bitcast", &[part], to)?) }
            })
        });
    }
    // Wider: result[...] = OR over k of zext(operand[..., k]) << (k * from_bits),
    // accumulated as an integer and bitcast by a second generic if needed.
    let operand_rank = result_rank + 1;
    let outer = dims(context, 0..result_rank);
    let maps = vec![identity_map(context, operand_rank), affine_map(context, operand_rank, &outer)?];
    let mut iterators = vec![Iterator::Parallel; result_rank];
    iterators.push(Iterator::Reduction);
    let shape = static_shape(result_type)?;
    let int_type: Type = RankedTensorType::new(&shape.iter().map(|&s| s as u64).collect::<Vec<_>>(), wide_int, None).into();
    let empty = rewrite.rewriter.insert(tensor_empty(location, int_type)?);
    let empty: Value = empty.result(0)?.into();
    let zeros = rewrite.rewriter.insert(parallel_generic(context, location, &[], empty, vec![identity_map(context, result_rank)], int_type, |block, _| {
        append(block, crate::builders::int_constant(context, location, 0, wide_int)?)
    })?);
    let zeros: Value = zeros.result(0)?.into();
    let assembled = rewrite.rewriter.insert(generic(context, location, &[operand], zeros, maps, &iterators, int_type, |block, args| {
        let part = as_int(context, location, block, args[0], from_bits)?;
        let wide = append(block, scalar(location, "arith.extui", &[part], wide_int)?)?;
        let k = append(block, linalg_index(location, result_rank)?)?;
        let k = append(block, scalar(location, "arith.index_cast", &[k], wide_int)?)?;
        let group = append(block, crate::builders::int_constant(context, location, narrow_bits, wide_int)?)?;
        let amount = append(block, scalar(location, "arith.muli", &[k, group], wide_int)?)?;
        let shifted = append(block, scalar(location, "arith.shli", &[wide, amount], wide_int)?)?;
        append(block, scalar(location, "arith.ori", &[args[1], shifted], wide_int)?)
    })?);
    let assembled: Value = assembled.result(0)?.into();
    if to == wide_int {
        rewrite.rewriter.replace_op_with_values(op, &[assembled]);
        return Ok(());
    }
    let map = identity_map(context, result_rank);
    rewrite.replace_with_init(op, result_type, |init| {
        parallel_generic(context, location, &[assembled], init, vec![map, map], result_type, |block, args| {
            append(block, scalar(location, "arith.bitcast", &[args[0]], to)?)
        })
    })
}
