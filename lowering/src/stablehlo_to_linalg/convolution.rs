//! `convolution` → `linalg.generic`s over (output dims, kernel spatial
//! dims, kernel input features) whose input map applies strides,
//! `rhs_dilation` and the feature/batch groups, reading the unpadded input:
//! the edge padding is implicit, as in XLA (no padded copy is stored).
//!
//! Along each spatial dimension the output positions fall into segments
//! ([`segments`]): the interior, whose windows lie inside the input, and
//! each border position whose window hangs into the padding (consecutive
//! ones with the same kernel taps merged, such as all windows entirely in
//! the padding). The product of the segments of all spatial dimensions
//! splits the output into cells; within a cell every window reaches the
//! input with the same taps, so the cell is an ordinary convolution
//! without padding: a `linalg.generic` over the cell's slice of the result
//! (zero-filled once), reading a slice of the kernel (its taps) and the
//! input at a constant offset. Each cell is then a contraction that
//! `xla-contraction-kernels` turns into its register-tiled kernel, so the
//! borders are not computed by slower guarded code. A SAME 3x3 convolution
//! has nine cells (four corners, four edges, the interior); one without
//! padding (or only cropping, negative padding) is one cell, written as
//! before: a zero fill right before the contraction (which the kernel then
//! drops).
//!
//! The padded input is still materialized (then read by one cell) when the
//! cells would be more than [`MAX_CELLS`] (large kernels with much
//! padding), and when filling the result for the cells moves more memory
//! than the padded copy (a fill and a copy of the input) would: many more
//! output than input features, such as a 3 -> 16 first layer (measured
//! slower with cells). `lhs_dilation` (transposed convolutions, gradients)
//! keeps its materialized form: the input with zeros between its elements
//! (interior padding through `pad_tensor`), without the edge padding, which
//! stays implicit.
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
    Affine, BuildResult, Iterator, affine_map, append, constant, element_type, extract_slice, generic, identity_map,
    insert_slice, parallel_generic, scalar, static_shape, tensor_empty, zero_constant,
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

    // lhs_dilation: the input with zeros between its elements (interior
    // padding only; the edge padding stays implicit, see `segments`).
    let dilated = lhs_dilation.iter().any(|&d| d != 1);
    let mut input_shape = lhs_shape.clone();
    for i in 0..spatial {
        let d = in_s[i];
        input_shape[d] = if lhs_shape[d] == 0 { 0 } else { (lhs_shape[d] - 1) * lhs_dilation[i] + 1 };
    }
    // A zero of `element` as a 0-d tensor (padding is in the operand's
    // element type, the result's fill in the result's).
    let zero_scalar = |element: Type<'c>| -> BuildResult<Value<'c, 'c>> {
        let scalar_type: Type = RankedTensorType::new(&[], element, None).into();
        rewrite.insert_value(constant(context, location, crate::builders::zeros_attribute(scalar_type)?, scalar_type)?)
    };
    let input: Value = if dilated {
        let interior: Vec<i64> = (0..rank).map(|d| in_s.iter().position(|&s| s == d).map_or(0, |i| lhs_dilation[i] - 1)).collect();
        let zero = zero_scalar(lhs_element)?;
        let dilated_type: Type =
            RankedTensorType::new(&input_shape.iter().map(|&s| s as u64).collect::<Vec<_>>(), lhs_element, None).into();
        pad_tensor(rewrite, context, location, lhs, zero, &vec![0; rank], &interior, dilated_type)?
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
    let mut iterators = vec![Iterator::Parallel; rank - 1];
    iterators.extend(vec![Iterator::Reduction; spatial + 1]);
    iterators.push(Iterator::Parallel);
    let (multiply, add) = match kind {
        ElementKind::Float(_) => ("arith.mulf", "arith.addf"),
        ElementKind::Complex => ("complex.mul", "complex.add"),
        // Predicates: AND and OR, as for dot.
        ElementKind::Pred => ("arith.andi", "arith.ori"),
        _ => ("arith.muli", "arith.addi"),
    };

    // No output elements: nothing to compute (and no window to place).
    if out_shape.contains(&0) {
        let empty = rewrite.insert_value(tensor_empty(location, final_type)?)?;
        rewrite.rewriter.replace_op_with_values(op, &[empty]);
        return Ok(());
    }

    // The output split into cells whose windows reach the input with the
    // same kernel taps (see `segments`); too many cells (a large kernel with
    // much padding): the edge padding is materialized and one cell reads it.
    let plan: Option<Vec<Vec<Segment>>> = (0..spatial)
        .map(|i| segments(out_shape[out_s[i]], input_shape[in_s[i]], rhs_shape[k_s[i]], strides[i], rhs_dilation[i], low[i]))
        .collect();
    let plan = plan.filter(|p| cell_count(p).is_some_and(|n| n <= MAX_CELLS));
    // Several cells accumulate into a zero-filled result (one pass over the
    // output) where a padded copy costs a fill and a copy of the input:
    // cells only where that is not more memory traffic (a convolution with
    // many more output than input features, such as a first layer 3 -> 16,
    // keeps the padded copy: measured slower otherwise).
    let elements = |shape: &[i64]| shape.iter().try_fold(1i64, |n, &d| n.checked_mul(d.max(0)));
    let padded_elements = {
        let mut padded = input_shape.clone();
        for i in 0..spatial {
            padded[in_s[i]] += low[i] + high[i];
        }
        elements(&padded)
    };
    let traffic_ok = match (elements(&out_shape), padded_elements, elements(&input_shape)) {
        (Some(out), Some(padded), Some(input)) => out <= padded.saturating_add(input),
        _ => false,
    };
    let plan = plan.filter(|p| p.iter().all(|segments| segments.len() == 1) || traffic_ok);
    let (input, plan): (Value, Vec<Vec<Segment>>) = match plan {
        Some(plan) => (input, plan),
        None => {
            let mut pad_low = vec![0i64; rank];
            let mut padded_shape = input_shape.clone();
            for i in 0..spatial {
                pad_low[in_s[i]] = low[i];
                padded_shape[in_s[i]] += low[i] + high[i];
            }
            if padded_shape.iter().any(|&s| s < 0) {
                return Err("convolution: the padding removes more than the whole input".into());
            }
            let zero = zero_scalar(lhs_element)?;
            let padded_type: Type =
                RankedTensorType::new(&padded_shape.iter().map(|&s| s as u64).collect::<Vec<_>>(), lhs_element, None).into();
            let padded = pad_tensor(rewrite, context, location, input, zero, &pad_low, &vec![0; rank], padded_type)?;
            let plan = (0..spatial)
                .map(|i| {
                    let taps = rhs_shape[k_s[i]];
                    vec![Segment { start: 0, len: out_shape[out_s[i]], first_tap: 0, taps, input: 0 }]
                })
                .collect();
            (padded, plan)
        }
    };
    let whole = plan.iter().all(|segments| segments.len() == 1);
    let counts: Vec<usize> = plan.iter().map(Vec::len).collect();
    // One cell: its zero fill right before it (the contraction kernel then
    // starts its accumulators at zero). Several: the whole result is zero
    // filled once (`unshared_fill`) and each cell accumulates into its
    // slice (a fill of each slice would not stay in place: fusion gives a
    // fill, which does not read its init, a fresh tensor.empty, copied into
    // the result after).
    let fill_zeros = |init: Value<'c, '_>, ty: Type<'c>| -> BuildResult<Value<'c, 'c>> {
        let rank = static_shape(ty)?.len();
        rewrite.insert_value(parallel_generic(context, location, &[], init, vec![identity_map(context, rank)], ty, |block, _| {
            append(block, zero_constant(context, location, element)?)
        })?)
    };
    let mut current: Value = if whole {
        rewrite.insert_value(tensor_empty(location, result_type)?)?
    } else {
        unshared_fill(rewrite, location, zero_scalar(element)?, result_type)?
    };
    let mut cell = vec![0usize; spatial];
    loop {
        let segment = |i: usize| &plan[i][cell[i]];
        let mut offsets = vec![0i64; rank];
        let mut sizes = out_shape.clone();
        for i in 0..spatial {
            offsets[out_s[i]] = segment(i).start;
            sizes[out_s[i]] = segment(i).len;
        }
        let reaches_input = (0..spatial).all(|i| segment(i).taps > 0);
        // The kernel taps of this cell (a slice of the kernel's spatial dims).
        let kernel: Value = if reaches_input && (0..spatial).any(|i| segment(i).taps != rhs_shape[k_s[i]]) {
            let mut starts = vec![0i64; rank];
            let mut extents = rhs_shape.clone();
            for i in 0..spatial {
                starts[k_s[i]] = segment(i).first_tap;
                extents[k_s[i]] = segment(i).taps;
            }
            let ty: Type = RankedTensorType::new(&extents.iter().map(|&s| s as u64).collect::<Vec<_>>(), rhs_element, None).into();
            rewrite.insert_value(extract_slice(location, rhs, &starts, &extents, &vec![1; rank], ty)?)?
        } else {
            rhs
        };
        let cell_type: Type = RankedTensorType::new(&sizes.iter().map(|&s| s as u64).collect::<Vec<_>>(), element, None).into();
        let zeros: Value = if whole {
            fill_zeros(current, cell_type)?
        } else if reaches_input {
            rewrite.insert_value(extract_slice(location, current, &offsets, &sizes, &vec![1; rank], cell_type)?)?
        } else {
            // Windows entirely in the padding: the zeros are there already.
            if !next_cell(&mut cell, &counts) {
                break;
            }
            continue;
        };
        let value = if reaches_input {
            let mut cell_input_map = input_map.clone();
            for i in 0..spatial {
                let at = d(out_loop(out_s[i])) * strides[i] + d(window_loop(i)) * rhs_dilation[i];
                let offset = segment(i).input;
                cell_input_map[in_s[i]] = if offset == 0 { at } else { at + Affine::constant(context, offset) };
            }
            let maps = vec![
                affine_map(context, loop_rank, &cell_input_map)?,
                affine_map(context, loop_rank, &kernel_map)?,
                affine_map(context, loop_rank, &output_map)?,
            ];
            rewrite.insert_value(generic(context, location, &[input, kernel], zeros, maps, &iterators, cell_type, |block, args| {
                let x = super::pointwise::emit_scalar_convert(context, op, block, args[0], lhs_element, element)?;
                let y = super::pointwise::emit_scalar_convert(context, op, block, args[1], rhs_element, element)?;
                let product = append(block, scalar(location, multiply, &[x, y], element)?)?;
                append(block, scalar(location, add, &[args[2], product], element)?)
            })?)?
        } else {
            zeros
        };
        current = if whole { value } else { rewrite.insert_value(insert_slice(location, value, current, &offsets, &sizes, &vec![1; rank])?)? };
        if !next_cell(&mut cell, &counts) {
            break;
        }
    }
    let mut value = current;
    if result_type != final_type {
        value = super::pointwise::convert_value(rewrite, op, value, final_type)?;
    }
    rewrite.rewriter.replace_op_with_values(op, &[value]);
    Ok(())
}

/// A tensor of type `ty` filled with the 0-d tensor `scalar`, by a
/// `linalg.generic` that reads `scalar`, made unlike any other op by a
/// unique `xla.unshared` attribute: CSE would merge identical fills of
/// different ops into one, and the cells written into slices of it would
/// then be copied out (bufferization cannot write one buffer for two
/// chains of slices). (A private one-element copy of `scalar` did the same
/// and took 64 bytes.)
pub(super) fn unshared_fill<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: melior::ir::Location<'c>,
    scalar: Value<'c, '_>,
    ty: Type<'c>,
) -> BuildResult<Value<'c, 'c>> {
    static NEXT: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);
    let context = rewrite.context;
    let rank = static_shape(ty)?.len();
    let empty = rewrite.insert_value(tensor_empty(location, ty)?)?;
    let maps = vec![affine_map(context, rank, &[])?, identity_map(context, rank)];
    let fill = parallel_generic(context, location, &[scalar], empty, maps, ty, |_, args| Ok(args[0]))?;
    let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let id = melior::ir::attribute::IntegerAttribute::new(melior::ir::r#type::IntegerType::new(context, 64).into(), id);
    crate::builders::set_attribute(&fill, "xla.unshared", id.into());
    rewrite.insert_value(fill)
}

/// At most this many cells per convolution (each one kernel); more (a large
/// kernel with much padding) materialize the padded input instead.
pub(super) const MAX_CELLS: usize = 64;

/// A run of output positions along one spatial dimension whose windows all
/// reach the (unpadded) input with the same kernel taps
/// `first_tap .. first_tap + taps` (`taps` 0: the window lies in the
/// padding, the outputs are zero). Position `start + o` with tap
/// `first_tap + k` reads input element `input + o * stride + k * dilation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Segment {
    pub start: i64,
    pub len: i64,
    pub first_tap: i64,
    pub taps: i64,
    pub input: i64,
}

/// The number of cells of a plan (one segment per dimension each), `None`
/// on overflow.
pub(super) fn cell_count(plan: &[Vec<Segment>]) -> Option<usize> {
    plan.iter().try_fold(1usize, |n, s| n.checked_mul(s.len()))
}

/// Steps `cell` (one segment index per dimension, the last fastest) to the
/// next cell of a plan with `counts` segments per dimension; false after
/// the last.
pub(super) fn next_cell(cell: &mut [usize], counts: &[usize]) -> bool {
    for i in (0..cell.len()).rev() {
        cell[i] += 1;
        if cell[i] < counts[i] {
            return true;
        }
        cell[i] = 0;
    }
    false
}

/// The segments of `outputs` positions along a spatial dimension of an
/// `extent`-long input, a `kernel`-long kernel, with `stride`,
/// `dilation` (of the kernel) and `low` padding (negative: cropping): the
/// interior, where every tap reads the input, is one segment; each border
/// position whose window hangs into the padding is its own (consecutive
/// ones with the same taps merged, such as all those entirely in the
/// padding). `None` for more than 2^20 positions or a non-positive stride
/// or dilation (the caller then materializes the padding).
pub(super) fn segments(outputs: i64, extent: i64, kernel: i64, stride: i64, dilation: i64, low: i64) -> Option<Vec<Segment>> {
    if !(0..=1 << 20).contains(&outputs) || stride < 1 || dilation < 1 {
        return None;
    }
    let (extent, kernel, stride, dilation, low) = (extent as i128, kernel as i128, stride as i128, dilation as i128, low as i128);
    let mut result: Vec<Segment> = Vec::new();
    for o in 0..outputs {
        // Window start in input coordinates; taps k with
        // 0 <= base + k * dilation < extent.
        let base = o as i128 * stride - low;
        let first = if base >= 0 { 0 } else { (-base + dilation - 1) / dilation };
        let end = kernel.min((extent - 1 - base).div_euclid(dilation) + 1);
        let (first_tap, taps) = if first < end { (first, end - first) } else { (0, 0) };
        let input = if taps > 0 { base + first_tap * dilation } else { 0 };
        let next = |s: &Segment| s.first_tap as i128 == first_tap && s.taps as i128 == taps
            && (taps == 0 || s.input as i128 + (o as i128 - s.start as i128) * stride == input);
        match result.last_mut() {
            Some(s) if next(s) => s.len += 1,
            _ => result.push(Segment {
                start: o,
                len: 1,
                first_tap: i64::try_from(first_tap).ok()?,
                taps: i64::try_from(taps).ok()?,
                input: i64::try_from(input).ok()?,
            }),
        }
    }
    Some(result)
}
