//! `convolution` → zero padding of the input (edge padding, and
//! `lhs_dilation` as interior padding) then one `linalg.generic` over
//! (output dims, kernel spatial dims, kernel input features) whose input map
//! applies strides, `rhs_dilation` and the feature/batch groups.
//!
//! ```mlir
//! %r = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f],
//!        window = {stride = [2]} ... : (tensor<1x9x4xf32>, tensor<3x4x8xf32>) -> tensor<1x4x8xf32>
//! // becomes (d0, d1: output b, 0; d2: kernel 0; d3: kernel i; d4: output f,
//! // the output's minor dim, innermost)
//! %r = linalg.generic {indexing_maps = [(d0, d1, d2, d3, d4) -> (d0, d1 * 2 + d2, d3),
//!                                       (d0, d1, d2, d3, d4) -> (d2, d3, d4),
//!                                       (d0, d1, d2, d3, d4) -> (d0, d1, d4)],
//!        iterator_types = [parallel, parallel, reduction, reduction, parallel]}
//!        ins(%x, %k) outs(%zeros) { %p = arith.mulf %a, %b; %s = arith.addf %acc, %p }
//! ```
//!
//! With `feature_group_count = G`, output feature `o` reads input features
//! `(o floordiv (O/G)) * (I/G) + i`; with `batch_group_count = B`, it reads
//! batch `(o floordiv (O/B)) * (N/B) + b`. Accumulation is in the element
//! type.

use super::{Rewrite, data::pad_tensor};
use crate::builders::{
    Affine, BuildResult, Iterator, affine_map, append, constant, element_type, generic, identity_map, parallel_generic,
    scalar, static_shape, tensor_empty, zero_constant,
};
use crate::element::ElementKind;
use xla_dialects::dimension_numbers::ConvDimensionNumbers;
use melior::ir::{
    Attribute, AttributeLike, OperationRef, Type, TypeLike, Value, ValueLike,
    attribute::{DenseI64ArrayAttribute, IntegerAttribute},
    operation::OperationLike,
    r#type::RankedTensorType,
};

fn optional_array(op: OperationRef, name: &str, len: usize, default: i64) -> BuildResult<Vec<i64>> {
    let Ok(attribute) = op.attribute(name) else { return Ok(vec![default; len]) };
    let array = DenseI64ArrayAttribute::try_from(attribute).map_err(|_| format!("{name} is not an i64 array"))?;
    (0..array.len()).map(|i| array.element(i).map_err(crate::error::LowerError::from)).collect()
}

fn integer(op: OperationRef, name: &str) -> BuildResult<i64> {
    op.attribute(name)
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| format!("missing integer attribute {name}")).map_err(crate::error::LowerError::from)
}

/// The dimension numbers, per group (input, kernel, output): (position of
/// b|i, position of f|o, positions of spatial dims 0, 1, ...).
struct ConvDims {
    groups: [(usize, usize, Vec<usize>); 3],
}

impl ConvDims {
    fn of(attribute: Attribute, rank: usize) -> BuildResult<Self> {
        let dims = ConvDimensionNumbers::from_attribute(attribute).ok_or("dimension_numbers is not a #stablehlo.conv")?;
        // The verifier checked every position against the ranks; checked
        // again so that a bad one is an error here, not an index panic.
        let position = |p: i64| usize::try_from(p).ok().filter(|&p| p < rank).ok_or("dimension number out of range");
        let spatial = |list: &[i64]| list.iter().map(|&p| position(p)).collect::<Result<Vec<_>, _>>();
        Ok(Self {
            groups: [
                (position(dims.input_batch_dimension)?, position(dims.input_feature_dimension)?, spatial(&dims.input_spatial_dimensions)?),
                (
                    position(dims.kernel_input_feature_dimension)?,
                    position(dims.kernel_output_feature_dimension)?,
                    spatial(&dims.kernel_spatial_dimensions)?,
                ),
                (position(dims.output_batch_dimension)?, position(dims.output_feature_dimension)?, spatial(&dims.output_spatial_dimensions)?),
            ],
        })
    }
}

/// Lowers `stablehlo.convolution` (any dimension numbers, strides, padding,
/// dilations, reversal, feature and batch groups).
pub fn lower_convolution<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let lhs: Value = op.operand(0)?;
    let rhs: Value = op.operand(1)?;
    let final_type = op.result(0)?.r#type();
    let lhs_shape = static_shape(lhs.r#type())?;
    let rhs_shape = static_shape(rhs.r#type())?;
    let out_shape = static_shape(final_type)?;
    // Half-precision results (bf16, f16) are accumulated in f32 and rounded
    // once at the end, as XLA does (and as dot_general does here): rounding
    // after every multiply-add differs from JAX after a few hundred terms.
    let final_element = element_type(final_type)?;
    let result_type: Type = if final_element.is_bf16() || final_element.is_f16() {
        let shape: Vec<u64> = out_shape.iter().map(|&d| d as u64).collect();
        RankedTensorType::new(&shape, Type::float32(context), None).into()
    } else {
        final_type
    };
    let element = element_type(result_type)?;
    // A result element type other than the operands' (preferred element
    // type) converts each operand element in the body.
    let (lhs_element, rhs_element) = (element_type(lhs.r#type())?, element_type(rhs.r#type())?);
    let kind = ElementKind::of(element).ok_or_else(|| format!("unsupported element type {element}"))?;
    if !matches!(kind, ElementKind::Float(_) | ElementKind::SignlessInt(_) | ElementKind::Complex | ElementKind::Pred) {
        return Err(format!("element type {element} is not supported yet").into());
    }
    let rank = lhs_shape.len();
    let spatial = rank - 2;
    let dims = ConvDims::of(op.attribute("dimension_numbers")?, rank)?;
    let [(in_b, in_f, in_s), (k_i, k_o, k_s), (out_b, out_f, out_s)] = &dims.groups;
    let strides = optional_array(op, "window_strides", spatial, 1)?;
    let lhs_dilation = optional_array(op, "lhs_dilation", spatial, 1)?;
    let rhs_dilation = optional_array(op, "rhs_dilation", spatial, 1)?;
    let reversal: Vec<bool> = match op.attribute("window_reversal") {
        // SAFETY: the verifier checked window_reversal is a bool array.
        Ok(a) => (0..spatial).map(|i| unsafe { mlir_sys::mlirDenseBoolArrayGetElement(a.to_raw(), i as isize) }).collect(),
        Err(_) => vec![false; spatial],
    };
    let mut low = vec![0i64; spatial];
    let mut high = vec![0i64; spatial];
    if let Ok(padding) = op.attribute("padding") {
        for i in 0..spatial {
            // SAFETY: the verifier checked the [spatial, 2] i64 shape.
            unsafe {
                low[i] = mlir_sys::mlirDenseElementsAttrGetInt64Value(padding.to_raw(), 2 * i as isize);
                high[i] = mlir_sys::mlirDenseElementsAttrGetInt64Value(padding.to_raw(), 2 * i as isize + 1);
            }
        }
    }
    let feature_groups = integer(op, "feature_group_count")?;
    let batch_groups = integer(op, "batch_group_count")?;

    // Pad (and lhs-dilate) the input with zeros.
    let needs_padding = low.iter().chain(&high).any(|&p| p != 0) || lhs_dilation.iter().any(|&d| d != 1);
    let input: Value = if needs_padding {
        let mut pad_low = vec![0i64; rank];
        let mut interior = vec![0i64; rank];
        let mut padded_shape = lhs_shape.clone();
        for i in 0..spatial {
            let d = in_s[i];
            pad_low[d] = low[i];
            interior[d] = lhs_dilation[i] - 1;
            padded_shape[d] = (if lhs_shape[d] == 0 { 0 } else { (lhs_shape[d] - 1) * lhs_dilation[i] + 1 }) + low[i] + high[i];
        }
        // Padding is in the operand's element type.
        let scalar_type: Type = RankedTensorType::new(&[], lhs_element, None).into();
        let zero_attribute = crate::builders::zeros_attribute(scalar_type)?;
        let zero = rewrite.rewriter.insert(constant(context, location, zero_attribute, scalar_type)?);
        let zero: Value = zero.result(0)?.into();
        let padded_type: Type =
            RankedTensorType::new(&padded_shape.iter().map(|&s| s as u64).collect::<Vec<_>>(), lhs_element, None).into();
        pad_tensor(rewrite, context, location, lhs, zero, &pad_low, &interior, padded_type)?
    } else {
        // SAFETY: an operand of the op, live for the rewrite.
        unsafe { crate::builders::detach(lhs) }
    };

    // Loop dims: the output dims but the minor one, then the kernel spatial
    // dims and the kernel input feature (reductions), then the output's
    // minor dim innermost, so the inner loop walks the output (and, for
    // NHWC/HWIO, the kernel) contiguously and vectorizes.
    let loop_rank = rank + spatial + 1;
    let out_loop = |position: usize| if position + 1 < rank { position } else { rank + spatial };
    let window_loop = |i: usize| rank - 1 + i;
    let feature_loop = rank - 1 + spatial;
    let out_features = out_shape[*out_f];
    let kernel_inputs = rhs_shape[*k_i];
    let d = |i: usize| Affine::dim(context, i);
    let mut input_map = vec![Affine::constant(context, 0); rank];
    input_map[*in_b] = if batch_groups > 1 {
        d(out_loop(*out_f)).floor_div(out_features / batch_groups) * (lhs_shape[*in_b] / batch_groups) + d(out_loop(*out_b))
    } else {
        d(out_loop(*out_b))
    };
    input_map[*in_f] = if feature_groups > 1 {
        d(out_loop(*out_f)).floor_div(out_features / feature_groups) * kernel_inputs + d(feature_loop)
    } else {
        d(feature_loop)
    };
    let mut kernel_map = vec![Affine::constant(context, 0); rank];
    kernel_map[*k_i] = d(feature_loop);
    kernel_map[*k_o] = d(out_loop(*out_f));
    for i in 0..spatial {
        let window = window_loop(i);
        input_map[in_s[i]] = d(out_loop(out_s[i])) * strides[i] + d(window) * rhs_dilation[i];
        kernel_map[k_s[i]] = d(window);
    }
    // Window reversal: reverse the kernel first (a map like `2 - d3` inside
    // the convolution would make its loop bounds non-invertible).
    let rhs: Value = if reversal.iter().any(|&r| r) {
        let reversed_map: Vec<Affine> = (0..rank)
            .map(|k| match k_s.iter().position(|&s| s == k) {
                Some(i) if reversal[i] => Affine::constant(context, rhs_shape[k] - 1) - d(k),
                _ => d(k),
            })
            .collect();
        let maps = vec![affine_map(context, rank, &reversed_map)?, identity_map(context, rank)];
        let empty = rewrite.rewriter.insert(tensor_empty(location, rhs.r#type())?);
        let empty: Value = empty.result(0)?.into();
        rewrite.insert_value(parallel_generic(context, location, &[rhs], empty, maps, rhs.r#type(), |_, args| Ok(args[0]))?)?
    } else {
        // SAFETY: an operand of the op, live for the rewrite.
        unsafe { crate::builders::detach(rhs) }
    };
    let output_map: Vec<Affine> = (0..rank).map(|k| d(out_loop(k))).collect();
    let maps = vec![
        affine_map(context, loop_rank, &input_map)?,
        affine_map(context, loop_rank, &kernel_map)?,
        affine_map(context, loop_rank, &output_map)?,
    ];
    let mut iterators = vec![Iterator::Parallel; rank - 1];
    iterators.extend(vec![Iterator::Reduction; spatial + 1]);
    iterators.push(Iterator::Parallel);

    // The reduction loops need extents: the kernel's spatial sizes and input
    // features come from the kernel operand through its map.
    let empty = rewrite.rewriter.insert(tensor_empty(location, result_type)?);
    let empty: Value = empty.result(0)?.into();
    let zeros = rewrite.rewriter.insert(parallel_generic(context, location, &[], empty, vec![identity_map(context, rank)], result_type, |block, _| {
        append(block, zero_constant(context, location, element)?)
    })?);
    let zeros: Value = zeros.result(0)?.into();
    let (multiply, add) = match kind {
        ElementKind::Float(_) => ("arith.mulf", "arith.addf"),
        ElementKind::Complex => ("complex.mul", "complex.add"),
        // Predicates: AND and OR, as for dot.
        ElementKind::Pred => ("arith.andi", "arith.ori"),
        _ => ("arith.muli", "arith.addi"),
    };
    let conv = generic(context, location, &[input, rhs], zeros, maps, &iterators, result_type, |block, args| {
        let x = super::pointwise::emit_scalar_convert(context, op, block, args[0], lhs_element, element)?;
        let y = super::pointwise::emit_scalar_convert(context, op, block, args[1], rhs_element, element)?;
        let product = append(block, scalar(location, multiply, &[x, y], element)?)?;
        append(block, scalar(location, add, &[args[2], product], element)?)
    })?;
    let conv = rewrite.rewriter.insert(conv);
    let mut value: Value = conv.result(0)?.into();
    if result_type != final_type {
        value = super::pointwise::convert_value(rewrite, op, value, final_type)?;
    }
    rewrite.rewriter.replace_op_with_values(op, &[value]);
    Ok(())
}
