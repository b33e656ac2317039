//! `reduce_window` → padding (with the init values; base dilation as
//! interior padding) then a `linalg.generic` over (output dims, window dims)
//! with strided, dilated input maps; `select_and_scatter` → an `scf.for`
//! over the source elements with an inner loop choosing each window's
//! element.
//!
//! A reduce_window of one input whose init is the identity of its body (0
//! for add, 1 for multiply, -inf for max, +inf for min: `init_is_identity`),
//! where padding elements cannot change a result, does not pad: as for
//! convolutions (`convolution::segments`), the output is split into cells
//! whose windows reach the input with the same taps, and each cell reduces
//! only those taps of the unpadded input into its slice of the result,
//! filled with the init (`implicit_padding`; avg_pool with SAME padding).
//!
//! ```mlir
//! %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({ add })
//!        : (tensor<6xf32>, tensor<f32>) -> tensor<3xf32>
//! // becomes (the tensor.empty %w only gives the window loop its extent)
//! %r = linalg.generic {indexing_maps = [(d0, d1) -> (d0 * 2 + d1), (d0, d1) -> (d1), (d0, d1) -> (d0)],
//!                      iterator_types = [parallel, reduction]} ins(%x, %w) outs(%filled_with_c) { addf }
//! ```
//!
//! A reduce_window that is a prefix scan (a window spanning a whole
//! dimension, padded by its length - 1 on one side: JAX's cumsum) becomes a
//! sequential loop per row instead (O(n) rather than O(n²)).
//!
//! In `select_and_scatter`, window positions in the padding are never
//! selected (as in XLA's CPU back end); the first candidate is kept over a
//! later one `x` while `select(kept, x)` holds.

use super::convolution::{MAX_CELLS, Segment, cell_count, next_cell, segments, unshared_fill};
use super::{Rewrite, data::pad_tensor, emit::Emitter, reduce::scalarize_region};
use crate::builders::{
    Affine, dims, BuildResult, Iterator, affine_map, append, extract_slice, generic_multi, identity_map, index_constant, insert_slice,
    parallel_generic, scf_for, static_shape, tensor_empty,
};
use melior::ir::{
    AttributeLike, BlockLike, OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
    attribute::DenseI64ArrayAttribute,
    operation::OperationLike,
    r#type::RankedTensorType,
};

/// An optional `array<i64: ...>` attribute, or `default` per dimension.
fn window_attribute(op: OperationRef, name: &str, rank: usize, default: i64) -> BuildResult<Vec<i64>> {
    let Ok(attribute) = op.attribute(name) else { return Ok(vec![default; rank]) };
    let array = DenseI64ArrayAttribute::try_from(attribute).map_err(|_| format!("{name} is not an i64 array"))?;
    (0..array.len()).map(|i| array.element(i).map_err(crate::error::LowerError::from)).collect()
}

/// `padding` (dense<[[lo, hi], ...]>) as (low, high) lists.
fn padding_attribute(op: OperationRef, rank: usize) -> BuildResult<(Vec<i64>, Vec<i64>)> {
    let Ok(attribute) = op.attribute("padding") else { return Ok((vec![0; rank], vec![0; rank])) };
    let mut values = Vec::with_capacity(2 * rank);
    for i in 0..2 * rank {
        // SAFETY: the verifier checked that `padding` is an i64 elements
        // attribute of shape [rank, 2].
        let value = unsafe { mlir_sys::mlirDenseElementsAttrGetInt64Value(attribute.to_raw(), i as isize) };
        values.push(value);
    }
    Ok(((0..rank).map(|d| values[2 * d]).collect(), (0..rank).map(|d| values[2 * d + 1]).collect()))
}

fn tensor_type<'c>(shape: &[i64], element: Type<'c>) -> Type<'c> {
    RankedTensorType::new(&shape.iter().map(|&s| s as u64).collect::<Vec<_>>(), element, None).into()
}

fn fill<'c>(rewrite: &Rewrite<'c, '_>, location: melior::ir::Location<'c>, value: Value<'c, '_>, ty: Type<'c>) -> BuildResult<Value<'c, 'c>> {
    let context = rewrite.context;
    let rank = static_shape(ty)?.len();
    let empty = rewrite.rewriter.insert(tensor_empty(location, ty)?);
    let init: Value = empty.result(0)?.into();
    let maps = vec![affine_map(context, rank, &[])?, identity_map(context, rank)];
    rewrite.insert_value(parallel_generic(context, location, &[value], init, maps, ty, |_, args| Ok(args[0]))?)
}

/// Lowers `stablehlo.reduce_window` (variadic, padding, base and window
/// dilation, strides).
pub fn lower_reduce_window<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operands: Vec<Value> = op.operands().collect();
    let n = operands.len() / 2;
    let (inputs, inits) = operands.split_at(n);
    let shape = static_shape(inputs[0].r#type())?;
    let rank = shape.len();
    let window = window_attribute(op, "window_dimensions", rank, 1)?;
    let strides = window_attribute(op, "window_strides", rank, 1)?;
    let base = window_attribute(op, "base_dilations", rank, 1)?;
    let dilations = window_attribute(op, "window_dilations", rank, 1)?;
    let (low, high) = padding_attribute(op, rank)?;
    let result_types: Vec<Type> = op.results().map(|r| r.r#type()).collect();
    let body = op.region(0)?.first_block().ok_or("reduce_window has an empty body")?;

    // A prefix scan (JAX's cumsum/cumprod/cummax): one window as long as the
    // whole dimension, padded by length - 1 on one side, everything else 1.
    let scan_dim = (0..rank).find(|&d| window[d] == shape[d] && shape[d] > 1);
    if let Some(d) = scan_dim {
        let others_trivial = (0..rank).all(|o| o == d || (window[o] == 1 && low[o] == 0 && high[o] == 0));
        let unit = strides.iter().chain(&base).chain(&dilations).all(|&v| v == 1);
        let forward = low[d] == shape[d] - 1 && high[d] == 0;
        let backward = high[d] == shape[d] - 1 && low[d] == 0;
        if others_trivial && unit && (forward || backward) {
            let results = prefix_scan(rewrite, location, inputs, inits, &shape, d, backward, body)?;
            rewrite.rewriter.replace_op_with_values(op, &results);
            return Ok(());
        }
    }

    // Edge padding with an init value that the body ignores (0 for add, 1
    // for multiply, -inf for max, +inf for min): the windows read the
    // unpadded input directly, cell by cell, each cell's window restricted
    // to the taps that reach the input (`convolution::segments`), so no
    // padded copy is stored; base dilation is still materialized (its holes
    // filled with the init value). Other inits (whose padding elements
    // change the result) and too many cells pad as below.
    if n == 1 && low.iter().chain(&high).any(|&p| p != 0) && init_is_identity(inits[0], body) {
        if let Some(result) =
            implicit_padding(rewrite, location, inputs[0], inits[0], &shape, &window, &strides, &base, &dilations, &low, result_types[0], body)?
        {
            rewrite.rewriter.replace_op_with_values(op, &[result]);
            return Ok(());
        }
    }

    let needs_padding = low.iter().chain(&high).any(|&p| p != 0) || base.iter().any(|&b| b != 1);
    let padded_shape: Vec<i64> = (0..rank)
        .map(|d| (if shape[d] == 0 { 0 } else { (shape[d] - 1) * base[d] + 1 }) + low[d] + high[d])
        .collect();
    let interior: Vec<i64> = base.iter().map(|b| b - 1).collect();
    let mut padded = Vec::new();
    for (&input, &init) in inputs.iter().zip(inits) {
        padded.push(if needs_padding {
            let ty = tensor_type(&padded_shape, crate::builders::element_type(input.r#type())?);
            pad_tensor(rewrite, context, location, input, init, &low, &interior, ty)?
        } else {
            // SAFETY: an operand of the op, live for the rewrite.
            unsafe { crate::builders::detach(input) }
        });
    }
    let index_type = Type::index(context);
    let window_extent = rewrite.rewriter.insert(tensor_empty(location, tensor_type(&window, index_type))?);
    let window_extent: Value = window_extent.result(0)?.into();
    let mut accumulators = Vec::new();
    for (&init, &ty) in inits.iter().zip(&result_types) {
        accumulators.push(fill(rewrite, location, init, ty)?);
    }
    let input_map: Vec<Affine> =
        (0..rank).map(|d| Affine::dim(context, d) * strides[d] + Affine::dim(context, rank + d) * dilations[d]).collect();
    let window_map = dims(context, rank..2 * rank);
    let output_map = dims(context, 0..rank);
    let mut maps = Vec::new();
    for _ in 0..n {
        maps.push(affine_map(context, 2 * rank, &input_map)?);
    }
    maps.push(affine_map(context, 2 * rank, &window_map)?);
    for _ in 0..n {
        maps.push(affine_map(context, 2 * rank, &output_map)?);
    }
    let mut iterators = vec![Iterator::Parallel; rank];
    iterators.extend(vec![Iterator::Reduction; rank]);
    let mut ins = padded.clone();
    ins.push(window_extent);
    let generic = generic_multi(context, location, &ins, &accumulators, maps, &iterators, &result_types, |block, args| {
        // Body arguments: inputs, the window placeholder, accumulators; the
        // computation takes (accumulators..., elements...).
        let mut reordered = args[n + 1..].to_vec();
        reordered.extend_from_slice(&args[..n]);
        scalarize_region(context, body, block, &reordered)
    })?;
    let generic = rewrite.rewriter.insert(generic);
    let results: Vec<Value> = generic.results().map(Into::into).collect();
    rewrite.rewriter.replace_op_with_values(op, &results);
    Ok(())
}

/// The one combiner of a reduce body: `body` is a single binary op of its
/// two (distinct) arguments whose result is returned; its name.
fn single_combiner(body: melior::ir::BlockRef) -> Option<String> {
    let (Some(first), Ok(a), Ok(b)) = (body.first_operation(), body.argument(0), body.argument(1)) else { return None };
    let last = first.next_in_block()?;
    let raw = |v: Value| v.to_raw().ptr;
    let arguments = [raw(a.into()), raw(b.into())];
    let shape_ok = crate::op_name(&last) == "stablehlo.return"
        && last.next_in_block().is_none()
        && last.operand_count() == 1
        && first.result_count() == 1
        && first.operand_count() == 2
        && last.operand(0).is_ok_and(|v| first.result(0).is_ok_and(|r| raw(r.into()) == raw(v)))
        && first.operands().all(|v| arguments.contains(&raw(v)))
        && first.operand(0).is_ok_and(|x| first.operand(1).is_ok_and(|y| raw(x) != raw(y)));
    shape_ok.then(|| crate::op_name(&first))
}

/// The scalar of a splat constant, possibly through broadcast_in_dim and
/// reshape (or a broadcast already lowered: a `linalg.generic` yielding
/// its one input).
fn splat_scalar<'c>(value: Value<'c, '_>) -> Option<melior::ir::Attribute<'c>> {
    let raw = |v: Value| v.to_raw().ptr;
    let mut value = value;
    loop {
        // SAFETY: the owner is queried only for an op result.
        let owner = unsafe {
            if !mlir_sys::mlirValueIsAOpResult(value.to_raw()) {
                return None;
            }
            OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(value.to_raw()))
        };
        match crate::op_name(&owner).as_str() {
            "stablehlo.broadcast_in_dim" | "stablehlo.reshape" => value = owner.operand(0).ok()?,
            "linalg.generic" => {
                let block = owner.region(0).ok().and_then(|r| r.first_block())?;
                let (Some(yield_op), Ok(argument)) = (block.first_operation(), block.argument(0)) else { return None };
                let forwards = owner.operand_count() == 2
                    && crate::op_name(&yield_op) == "linalg.yield"
                    && yield_op.operand_count() == 1
                    && yield_op.operand(0).is_ok_and(|v| raw(v) == raw(argument.into()));
                if !forwards {
                    return None;
                }
                value = owner.operand(0).ok()?;
            }
            "stablehlo.constant" | "arith.constant" => {
                let attribute = owner.attribute("value").ok()?;
                // SAFETY: the splat query follows the dense-elements and
                // splat checks.
                return unsafe {
                    let raw = attribute.to_raw();
                    if !mlir_sys::mlirAttributeIsADenseElements(raw) || !mlir_sys::mlirDenseElementsAttrIsSplat(raw) {
                        return None;
                    }
                    Some(melior::ir::Attribute::from_raw(mlir_sys::mlirDenseElementsAttrGetSplatValue(raw)))
                };
            }
            _ => return None,
        }
    }
}

/// Whether `init` is the identity of `body`, so that padding elements
/// (which equal `init`) never change a window's result: `body` is one
/// `stablehlo.add` (init ±0), `multiply` (1, not on i1), `maximum` (float
/// -inf) or `minimum` (float +inf) of its two arguments, returned, and
/// `init` a splat constant (possibly through broadcast_in_dim/reshape).
fn init_is_identity(init: Value, body: melior::ir::BlockRef) -> bool {
    use melior::ir::attribute::{FloatAttribute, IntegerAttribute};
    let Some(combiner) = single_combiner(body) else { return false };
    let Some(scalar) = splat_scalar(init) else { return false };
    let float = FloatAttribute::try_from(scalar).ok().map(|f| f.value());
    let int = IntegerAttribute::try_from(scalar).ok().map(|i| i.value());
    let is_bool = scalar.r#type().is_integer() && melior::ir::r#type::IntegerType::try_from(scalar.r#type()).is_ok_and(|t| t.width() == 1);
    match combiner.as_str() {
        "stablehlo.add" => float == Some(0.0) || int == Some(0),
        "stablehlo.multiply" => float == Some(1.0) || (int == Some(1) && !is_bool),
        "stablehlo.maximum" => float == Some(f64::NEG_INFINITY),
        "stablehlo.minimum" => float == Some(f64::INFINITY),
        _ => false,
    }
}

/// `reduce_window` of one input whose padding elements do not change the
/// result (see [`init_is_identity`]) without a padded copy: the result is
/// filled with the init, then each cell of output positions whose windows
/// reach the input with the same taps (`convolution::segments`) is reduced
/// by a `linalg.generic` over its slice of the result, reading the input
/// at an offset. `None` when the cells would be too many.
#[allow(clippy::too_many_arguments)]
fn implicit_padding<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: melior::ir::Location<'c>,
    input: Value<'c, '_>,
    init: Value<'c, '_>,
    shape: &[i64],
    window: &[i64],
    strides: &[i64],
    base: &[i64],
    dilations: &[i64],
    low: &[i64],
    result_type: Type<'c>,
    body: melior::ir::BlockRef<'c, '_>,
) -> BuildResult<Option<Value<'c, 'c>>> {
    let context = rewrite.context;
    let rank = shape.len();
    let out_shape = static_shape(result_type)?;
    if out_shape.contains(&0) {
        return Ok(None);
    }
    let dilated_shape: Vec<i64> = (0..rank).map(|d| if shape[d] == 0 { 0 } else { (shape[d] - 1) * base[d] + 1 }).collect();
    let plan: Option<Vec<Vec<Segment>>> =
        (0..rank).map(|d| segments(out_shape[d], dilated_shape[d], window[d], strides[d], dilations[d], low[d])).collect();
    let Some(plan) = plan.filter(|p| cell_count(p).is_some_and(|n| n <= MAX_CELLS)) else { return Ok(None) };
    let element = crate::builders::element_type(result_type)?;
    let input_element = crate::builders::element_type(input.r#type())?;
    let input: Value = if base.iter().any(|&b| b != 1) {
        let interior: Vec<i64> = base.iter().map(|b| b - 1).collect();
        let ty = tensor_type(&dilated_shape, input_element);
        pad_tensor(rewrite, context, location, input, init, &vec![0; rank], &interior, ty)?
    } else {
        // SAFETY: an operand of the op, live for the rewrite.
        unsafe { crate::builders::detach(input) }
    };
    let whole = plan.iter().all(|s| s.len() == 1);
    let mut current = if whole { fill(rewrite, location, init, result_type)? } else { unshared_fill(rewrite, location, init, result_type)? };
    let counts: Vec<usize> = plan.iter().map(Vec::len).collect();
    let mut cell = vec![0usize; rank];
    let mut iterators = vec![Iterator::Parallel; rank];
    iterators.extend(vec![Iterator::Reduction; rank]);
    let ones = vec![1i64; rank];
    loop {
        let segment: Vec<Segment> = (0..rank).map(|d| plan[d][cell[d]]).collect();
        // Windows entirely in the padding keep the init.
        if segment.iter().all(|s| s.taps > 0) {
            let offsets: Vec<i64> = segment.iter().map(|s| s.start).collect();
            let sizes: Vec<i64> = segment.iter().map(|s| s.len).collect();
            let taps: Vec<i64> = segment.iter().map(|s| s.taps).collect();
            // The window loops' extents: a slice of the input as large as
            // the taps (never read; a tensor.empty there would be allocated).
            let extent = rewrite.insert_value(extract_slice(location, input, &vec![0; rank], &taps, &ones, tensor_type(&taps, input_element))?)?;
            let cell_type = tensor_type(&sizes, element);
            let slice = if whole {
                current
            } else {
                rewrite.insert_value(extract_slice(location, current, &offsets, &sizes, &ones, cell_type)?)?
            };
            let input_map: Vec<Affine> = (0..rank)
                .map(|d| {
                    let at = Affine::dim(context, d) * strides[d] + Affine::dim(context, rank + d) * dilations[d];
                    if segment[d].input == 0 { at } else { at + Affine::constant(context, segment[d].input) }
                })
                .collect();
            let maps = vec![
                affine_map(context, 2 * rank, &input_map)?,
                affine_map(context, 2 * rank, &dims(context, rank..2 * rank))?,
                affine_map(context, 2 * rank, &dims(context, 0..rank))?,
            ];
            let generic = generic_multi(context, location, &[input, extent], &[slice], maps, &iterators, &[cell_type], |block, args| {
                // The computation takes (accumulator, element).
                scalarize_region(context, body, block, &[args[2], args[0]])
            })?;
            let value = rewrite.insert_value(generic)?;
            current = if whole { value } else { rewrite.insert_value(insert_slice(location, value, current, &offsets, &sizes, &ones)?)? };
        }
        if !next_cell(&mut cell, &counts) {
            break;
        }
    }
    Ok(Some(current))
}

/// A reduce_window that is a prefix scan along `dim` (see the caller), as a
/// sequential loop per row: acc = body(acc, x[i]), out[i] = acc, from i = 0
/// up (or from the end down, `backward`). O(n) instead of O(n²), and the
/// same order of combination as the windowed form.
#[allow(clippy::too_many_arguments)]
fn prefix_scan<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: melior::ir::Location<'c>,
    inputs: &[Value<'c, '_>],
    inits: &[Value<'c, '_>],
    shape: &[i64],
    dim: usize,
    backward: bool,
    body: melior::ir::BlockRef<'c, '_>,
) -> BuildResult<Vec<Value<'c, 'c>>> {
    let context = rewrite.context;
    let n = shape[dim];
    let other_shape: Vec<i64> = (0..shape.len()).filter(|&d| d != dim).map(|d| shape[d]).collect();
    let rows: i64 = other_shape.iter().product();
    let constant = |value: i64| -> BuildResult<Value<'c, 'c>> {
        rewrite.insert_value(index_constant(context, location, value)?)
    };
    let (zero, one, row_count, length) = (constant(0)?, constant(1)?, constant(rows)?, constant(n)?);
    let mut outputs = Vec::new();
    let mut start = Vec::new();
    for (&input, &init) in inputs.iter().zip(inits) {
        outputs.push(rewrite.insert_value(tensor_empty(location, input.r#type())?)?);
        start.push(rewrite.insert_value(crate::builders::tensor_extract(location, init, &[])?)?);
    }
    let m = inputs.len();
    let scan = scf_for(location, [zero, row_count, one], &outputs, |block, row, state| {
        let e = Emitter::new(context, location, block);
        // SAFETY: values of ops nested in the replacement outlive this construction.
        let erase = |v: Value<'c, '_>| -> Value<'c, 'c> { unsafe { crate::builders::detach(v) } };
        let others: Vec<Value<'c, 'c>> = e.delinearize(row, &other_shape)?.into_iter().map(erase).collect();
        let mut carried = start.clone();
        carried.extend_from_slice(state);
        let inner = scf_for(location, [zero, length, one], &carried, |ib, k, acc| {
            let ie = Emitter::new(context, location, ib);
            let i = if backward { ie.binary("arith.subi", ie.index(n - 1)?, k)? } else { k };
            let mut position = Vec::new();
            let mut next = others.iter();
            for d in 0..shape.len() {
                position.push(if d == dim { i } else { *next.next().expect("one coordinate per other dim") });
            }
            let mut args: Vec<Value> = acc[..m].to_vec();
            for &input in inputs {
                args.push(ie.extract(input, &position)?);
            }
            let combined = scalarize_region(context, body, ib, &args)?;
            let mut yielded = combined.clone();
            for (t, &value) in combined.iter().enumerate() {
                yielded.push(ie.insert(value, acc[m + t], &position)?);
            }
            Ok(yielded)
        })?;
        let inner = block.append_operation(inner);
        (0..m).map(|t| Ok(erase(inner.result(m + t)?.into()))).collect()
    })?;
    rewrite.insert_values(scan)
}

/// Lowers `stablehlo.select_and_scatter`.
pub fn lower_select_and_scatter<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operand: Value = op.operand(0)?;
    let source: Value = op.operand(1)?;
    let init: Value = op.operand(2)?;
    let shape = static_shape(operand.r#type())?;
    let source_shape = static_shape(source.r#type())?;
    let rank = shape.len();
    let window = window_attribute(op, "window_dimensions", rank, 1)?;
    let strides = window_attribute(op, "window_strides", rank, 1)?;
    let (low, _) = padding_attribute(op, rank)?;
    let result_type = op.result(0)?.r#type();
    let select = op.region(0)?.first_block().ok_or("select is empty")?;
    let scatter = op.region(1)?.first_block().ok_or("scatter is empty")?;
    let element = crate::builders::element_type(operand.r#type())?;
    let result = fill(rewrite, location, init, result_type)?;
    let constant = |value: i64| -> BuildResult<Value<'c, 'c>> {
        rewrite.insert_value(index_constant(context, location, value)?)
    };
    let zero = constant(0)?;
    let one = constant(1)?;
    let source_count = constant(source_shape.iter().product())?;
    let window_count = constant(window.iter().product())?;
    // A first candidate value for the inner loop's state (never used unless
    // `found` is set).
    let first = rewrite.rewriter.insert(crate::builders::tensor_extract(location, operand, &vec![zero; rank])?);
    let first: Value = if shape.contains(&0) {
        return Err("select_and_scatter on an empty operand is not supported".into());
    } else {
        first.result(0)?.into()
    };
    let false_value = rewrite.rewriter.insert(crate::builders::int_constant(context, location, 0, crate::builders::integer_type(context, 1)?)?);
    let false_value: Value = false_value.result(0)?.into();
    let _ = element.context();

    let outer = scf_for(location, [zero, source_count, one], &[result], |block, linear, state| {
        let e = Emitter::new(context, location, block);
        let at = e.delinearize(linear, &source_shape)?;
        // Window origin in operand coordinates (may be in the padding).
        let origin: Vec<Value> = (0..rank)
            .map(|d| {
                let scaled = e.binary("arith.muli", at[d], e.index(strides[d])?)?;
                e.binary("arith.subi", scaled, e.index(low[d])?)
            })
            .collect::<BuildResult<_>>()?;
        let zero_index = e.index(0)?;
        let inner = scf_for(location, [zero, window_count, one], &[first, zero_index, false_value], |inner_block, w, carried| {
            let ie = Emitter::new(context, location, inner_block);
            let offset = ie.delinearize(w, &window)?;
            let mut valid = None;
            let mut position = Vec::new();
            for d in 0..rank {
                let p = ie.add(origin[d], offset[d])?;
                let ok = ie.in_range(p, shape[d] - 1)?;
                valid = Some(match valid {
                    None => ok,
                    Some(v) => ie.binary("arith.andi", v, ok)?,
                });
                position.push(ie.clamp(p, 0, shape[d] - 1)?);
            }
            let valid = valid.ok_or("select_and_scatter on a rank-0 operand")?;
            let current = ie.extract(operand, &position)?;
            let keep = scalarize_region(context, select, inner_block, &[carried[0], current])?[0];
            // Take the current element if it is in bounds and either nothing
            // was found yet or the kept one does not win against it.
            let true_value = append(inner_block, crate::builders::int_constant(context, location, 1, crate::builders::integer_type(context, 1)?)?)?;
            let not_keep = ie.binary("arith.xori", keep, true_value)?;
            let not_found = ie.binary("arith.xori", carried[2], true_value)?;
            let better = ie.binary("arith.ori", not_found, not_keep)?;
            let take = ie.binary("arith.andi", valid, better)?;
            let mut flat = position[0];
            for d in 1..rank {
                let scaled = ie.binary("arith.muli", flat, ie.index(shape[d])?)?;
                flat = ie.add(scaled, position[d])?;
            }
            let value = append(inner_block, crate::builders::select(location, take, current, carried[0])?)?;
            let index = append(inner_block, crate::builders::select(location, take, flat, carried[1])?)?;
            let found = ie.binary("arith.ori", carried[2], valid)?;
            Ok(vec![value, index, found])
        })?;
        let inner = block.append_operation(inner);
        // SAFETY: the results of an op now in `block` live as long as it.
        let (chosen, found): (Value, Value) = unsafe {
            (
                crate::builders::detach(inner.result(1)?),
                crate::builders::detach(inner.result(2)?),
            )
        };
        let position = e.delinearize(chosen, &shape)?;
        let old = e.extract(state[0], &position)?;
        let update = e.extract(source, &at)?;
        let combined = scalarize_region(context, scatter, block, &[old, update])?[0];
        let value = append(block, crate::builders::select(location, found, combined, old)?)?;
        Ok(vec![e.insert(value, state[0], &position)?])
    })?;
    let outer = rewrite.rewriter.insert(outer);
    let value: Value = outer.result(0)?.into();
    rewrite.rewriter.replace_op_with_values(op, &[value]);
    Ok(())
}


/// The number of window taps of output position `o` along one dimension
/// that fall on an input element (not on padding or a base-dilation hole).
fn taps_on_input(o: i64, n: i64, window: i64, stride: i64, base: i64, dilation: i64, low: i64) -> i64 {
    (0..window)
        .filter(|&k| {
            let p = o * stride + k * dilation - low;
            p >= 0 && p % base == 0 && p / base < n
        })
        .count() as i64
}

/// A `reduce_window` that sums (`stablehlo.add`) a splat constant `s`
/// into a constant init `c` (JAX's `avg_pool` with SAME padding and
/// `count_include_pad=False` divides by such a sum of ones) is
/// `c + s·v + c·(T - v)`, where `T` is the number of window taps and `v =
/// Π_d taps_d[o_d]` those on the input (a product over dimensions; the
/// others are padding or base-dilation holes, which hold `c`). It becomes
/// that in StableHLO: one constant vector of tap counts per dimension whose
/// windows are not all full, broadcast and multiplied, times `s - c`, plus
/// `c·(T + 1)`; element-wise ops that
/// fusion computes inside their consumer, so neither the splat array nor
/// the windows are materialized. Left alone unless the sum is exact in
/// any order, as the reduction's is: integers (which wrap alike), or
/// f32/f64 with integral `s` and `c` and (|s| + 2|c|)·(T + 1) below 2^24
/// / 2^53.
pub fn fold_splat_window<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    use melior::ir::attribute::{DenseElementsAttribute, FloatAttribute, IntegerAttribute};
    let context = rewrite.context;
    let location = op.location();
    if op.operand_count() != 2 || op.result_count() != 1 {
        return Ok(());
    }
    let body = op.region(0)?.first_block().ok_or("reduce_window has an empty body")?;
    if single_combiner(body).as_deref() != Some("stablehlo.add") {
        return Ok(());
    }
    let (Some(splat), Some(init)) = (splat_scalar(op.operand(0)?), splat_scalar(op.operand(1)?)) else { return Ok(()) };
    let shape = static_shape(op.operand(0)?.r#type())?;
    let result_type = op.result(0)?.r#type();
    let out_shape = static_shape(result_type)?;
    let element = crate::builders::element_type(result_type)?;
    let rank = shape.len();
    let window = window_attribute(op, "window_dimensions", rank, 1)?;
    let strides = window_attribute(op, "window_strides", rank, 1)?;
    let base = window_attribute(op, "base_dilations", rank, 1)?;
    let dilations = window_attribute(op, "window_dilations", rank, 1)?;
    let (low, _) = padding_attribute(op, rank)?;
    if window.iter().chain(&strides).chain(&base).chain(&dilations).any(|&v| v < 1) {
        return Ok(());
    }
    let Some(taps) = window.iter().try_fold(1i64, |p, &w| p.checked_mul(w)) else { return Ok(()) };
    // The per-dimension tap counts, and the product of the full ones.
    let mut vectors: Vec<(usize, Vec<i64>)> = Vec::new();
    let mut full = 1i64;
    for d in 0..rank {
        let counts: Vec<i64> =
            (0..out_shape[d]).map(|o| taps_on_input(o, shape[d], window[d], strides[d], base[d], dilations[d], low[d])).collect();
        if counts.iter().all(|&c| c == window[d]) {
            full *= window[d];
        } else {
            vectors.push((d, counts));
        }
    }
    // A constant of `result_type`'s element type: float or integer.
    enum Scalar {
        Float(f64, f64),
        Int(i64, i64, u32),
    }
    let scalar = if element.is_f32() || element.is_f64() {
        let (Ok(s), Ok(c)) = (FloatAttribute::try_from(splat), FloatAttribute::try_from(init)) else { return Ok(()) };
        let (s, c) = (s.value(), c.value());
        let limit = if element.is_f32() { (1u64 << 24) as f64 } else { (1u64 << 53) as f64 };
        if s.fract() != 0.0 || c.fract() != 0.0 || !((s.abs() + 2.0 * c.abs()) * (taps as f64 + 1.0) < limit) {
            return Ok(());
        }
        Scalar::Float(s, c)
    } else if let Ok(int) = melior::ir::r#type::IntegerType::try_from(element) {
        let (Ok(s), Ok(c)) = (IntegerAttribute::try_from(splat), IntegerAttribute::try_from(init)) else { return Ok(()) };
        if int.width() < 2 || int.width() > 64 {
            return Ok(());
        }
        Scalar::Int(s.value(), c.value(), int.width())
    } else {
        return Ok(());
    };
    // Integers wrap to the element's width (two's complement).
    let wrap = |value: i128, width: u32| -> i64 {
        let modulus = 1i128 << width;
        let v = value.rem_euclid(modulus);
        (if v >= modulus / 2 { v - modulus } else { v }) as i64
    };
    let attribute = |value: i128| -> melior::ir::Attribute<'c> {
        match scalar {
            Scalar::Float(..) => FloatAttribute::new(context, element, value as f64).into(),
            Scalar::Int(_, _, width) => IntegerAttribute::new(element, wrap(value, width)).into(),
        }
    };
    let constant = |values: &[i128], ty: Type<'c>| -> BuildResult<Value<'c, 'c>> {
        let elements: Vec<melior::ir::Attribute> = values.iter().map(|&v| attribute(v)).collect();
        let value = DenseElementsAttribute::new(ty, &elements).map_err(|e| format!("internal error: {e}"))?.into();
        rewrite.insert_value(crate::builders::hlo_op(context, location, "stablehlo.constant", &[], &[ty], &[("value", value)])?)
    };
    let (s, c): (i128, i128) = match scalar {
        Scalar::Float(s, c) => (s as i128, c as i128),
        Scalar::Int(s, c, _) => (s as i128, c as i128),
    };
    let binary = |name: &str, a: Value<'c, 'c>, b: Value<'c, 'c>| -> BuildResult<Value<'c, 'c>> {
        rewrite.insert_value(crate::builders::hlo_op(context, location, name, &[a, b], &[result_type], &[])?)
    };
    let mut product: Option<Value<'c, 'c>> = None;
    for (d, counts) in &vectors {
        let values: Vec<i128> = counts.iter().map(|&v| v as i128).collect();
        let vector = constant(&values, tensor_type(&[out_shape[*d]], element))?;
        let dims = crate::builders::i64_array_attribute(context, &[*d as i64]);
        let broadcast = rewrite.insert_value(crate::builders::hlo_op(
            context,
            location,
            "stablehlo.broadcast_in_dim",
            &[vector],
            &[result_type],
            &[("broadcast_dimensions", dims)],
        )?)?;
        product = Some(match product {
            Some(p) => binary("stablehlo.multiply", p, broadcast)?,
            None => broadcast,
        });
    }
    // Padding positions and base-dilation holes hold the init, which the
    // sum adds too: c + s·valid + c·(taps - valid).
    let factor = (s - c) * full as i128;
    let offset = c * (1 + taps as i128);
    let result = match product {
        None => constant(&[offset + factor], result_type)?,
        Some(mut p) => {
            if factor != 1 {
                p = binary("stablehlo.multiply", p, constant(&[factor], result_type)?)?;
            }
            if offset != 0 {
                p = binary("stablehlo.add", p, constant(&[offset], result_type)?)?;
            }
            p
        }
    };
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}
