//! `chlo.scan` (XLA's Scan) as a `stablehlo.while` over the scan dimension.
//!
//! ```text
//! %outs..., %carries... = chlo.scan(%xs...) inits(%inits...) dimension = d { body }
//! // becomes (N = the length of dimension d, every output accumulator starts at zero)
//! %t, %c..., %acc... = stablehlo.while(%t = 0, %c = %inits..., %acc = zeros...)
//!   cond { %t < N }
//!   do {
//!     %i = %t, or N - 1 - %t when is_reverse
//!     %x_j = reshape(dynamic_slice(%xs_j, 0, .., %i, .., 0, sizes = 1 along d))   (the body's arguments)
//!     body(%x..., %c...) -> (%o..., %c'...)
//!     %acc_j' = dynamic_update_slice(%acc_j, reshape(%o_j), 0, .., %i, .., 0)
//!     stablehlo.return %t + 1, %c'..., %acc'...
//!   }
//! ```
//!
//! The body's block moves into the loop (it is not copied): its arguments
//! are replaced by the slices and the loop's carries, and its
//! `stablehlo.return` by the updates. A scan of length 0 runs nothing: the
//! outputs are empty and the carries are the inits. `is_associative` is
//! only a hint; the sequential loop is right either way.

use super::{V, erase, operand};
use crate::builders::{BuildResult, element_type, hlo_op, static_shape, with_empty_regions};
use crate::element::ElementKind;
use xla_dialects::stablehlo::{ComparisonDirection, ComparisonType};
use crate::stablehlo_to_linalg::Rewrite;
use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, BlockRef, Location, OperationRef, RegionLike, Type, Value, ValueLike,
        attribute::{
            BoolAttribute, DenseElementsAttribute, DenseI32ArrayAttribute, DenseI64ArrayAttribute, FloatAttribute,
            IntegerAttribute,
        },
        operation::OperationLike,
        r#type::{IntegerType, RankedTensorType},
    },
};

/// Inserts StableHLO ops before `anchor` in its block (or appends them to
/// `block` when there is no anchor).
struct At<'c, 'a> {
    context: &'c Context,
    location: Location<'c>,
    block: BlockRef<'c, 'a>,
    anchor: Option<OperationRef<'c, 'a>>,
}

impl<'c> At<'c, '_> {
    fn op(&self, name: &str, operands: &[V<'c>], result: Type<'c>, attributes: &[(&str, Attribute<'c>)]) -> BuildResult<V<'c>> {
        let op = hlo_op(self.context, self.location, name, operands, &[result], attributes)?;
        let inserted = match self.anchor {
            Some(anchor) => self.block.insert_operation_before(anchor, op),
            None => self.block.append_operation(op),
        };
        Ok(erase(inserted.result(0)?.into()))
    }

    fn no_result(&self, name: &str, operands: &[V<'c>]) -> BuildResult<()> {
        let op = hlo_op(self.context, self.location, name, operands, &[], &[])?;
        match self.anchor {
            Some(anchor) => self.block.insert_operation_before(anchor, op),
            None => self.block.append_operation(op),
        };
        Ok(())
    }

    fn i64_scalar(&self) -> Type<'c> {
        RankedTensorType::new(&[], IntegerType::new(self.context, 64).into(), None).into()
    }

    /// `stablehlo.constant dense<value> : tensor<i64>`.
    fn index(&self, value: i64) -> BuildResult<V<'c>> {
        let ty = self.i64_scalar();
        let element = IntegerAttribute::new(IntegerType::new(self.context, 64).into(), value).into();
        let dense = DenseElementsAttribute::new(ty, &[element])?;
        self.op("stablehlo.constant", &[], ty, &[("value", dense.into())])
    }

    /// A `stablehlo.constant` of zeros of `ty`.
    fn zeros(&self, ty: Type<'c>) -> BuildResult<V<'c>> {
        let element = element_type(ty)?;
        let zero: Attribute = match ElementKind::of(element) {
            Some(ElementKind::Float(_)) => FloatAttribute::new(self.context, element, 0.0).into(),
            Some(ElementKind::Pred | ElementKind::SignlessInt(_) | ElementKind::SignedInt(_) | ElementKind::UnsignedInt(_)) => {
                IntegerAttribute::new(element, 0).into()
            }
            _ => {
                // Complex (no typed scalar constructor): a zero splat.
                return self.op("stablehlo.constant", &[], ty, &[("value", crate::builders::zeros_attribute(ty)?)]);
            }
        };
        let dense = DenseElementsAttribute::new(ty, &[zero])?;
        self.op("stablehlo.constant", &[], ty, &[("value", dense.into())])
    }

    fn reshape(&self, x: V<'c>, shape: &[i64]) -> BuildResult<V<'c>> {
        let dims: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
        let ty = RankedTensorType::new(&dims, element_type(x.r#type())?, None).into();
        self.op("stablehlo.reshape", &[x], ty, &[])
    }
}

/// The start indices of the slice at `index` along `dimension` of a rank
/// `rank` tensor (zeros elsewhere).
fn starts<'c>(zero: V<'c>, index: V<'c>, rank: usize, dimension: usize) -> Vec<V<'c>> {
    (0..rank).map(|d| if d == dimension { index } else { zero }).collect()
}

fn with_size(shape: &[i64], dimension: usize, size: i64) -> Vec<i64> {
    let mut shape = shape.to_vec();
    shape[dimension] = size;
    shape
}

pub fn lower_scan<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let segments = op
        .attribute("operandSegmentSizes")
        .ok()
        .and_then(|a| DenseI32ArrayAttribute::try_from(a).ok())
        .ok_or("chlo.scan has no operandSegmentSizes")?;
    let (m, k) = (
        segments.element(0)? as usize,
        segments.element(1)? as usize,
    );
    let dimension = op
        .attribute("dimension")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .ok_or("chlo.scan has no dimension")?
        .value() as usize;
    let reverse = op.attribute("is_reverse").ok().and_then(|a| BoolAttribute::try_from(a).ok()).is_some_and(|b| b.value());
    let inputs: Vec<V> = (0..m).map(|i| operand(op, i)).collect::<BuildResult<_>>()?;
    let inits: Vec<V> = (m..m + k).map(|i| operand(op, i)).collect::<BuildResult<_>>()?;
    let result_types: Vec<Type> = op.results().map(|r| r.r#type()).collect();
    let n = result_types.len() - k;
    let output_types = &result_types[..n];
    for ty in inputs.iter().map(|v| v.r#type()).chain(result_types.iter().copied()) {
        static_shape(ty)?;
    }
    let length = match inputs.first() {
        Some(x) => static_shape(x.r#type())?[dimension],
        None => static_shape(output_types[0])?[dimension],
    };
    let block = op.block().ok_or("chlo.scan outside a block")?;
    let outside = At { context, location, block, anchor: Some(op) };

    // Nothing to run: empty outputs, the inits as carries.
    if length == 0 {
        let mut values = output_types.iter().map(|&ty| outside.zeros(ty)).collect::<BuildResult<Vec<_>>>()?;
        values.extend(inits.iter().copied());
        rewrite.rewriter.replace_op_with_values(op, &values);
        return Ok(());
    }

    // The loop state: step counter, carries, output accumulators.
    let counter_type = outside.i64_scalar();
    let mut state = vec![outside.index(0)?];
    state.extend(inits.iter().copied());
    for &ty in output_types {
        state.push(outside.zeros(ty)?);
    }
    let state_types: Vec<Type> = state.iter().map(|v| v.r#type()).collect();
    let lowered = rewrite.rewriter.insert(with_empty_regions(context, location, "stablehlo.while", &state, &state_types, &[], 2)?);

    // cond: counter < N.
    let cond_block = Block::new(&state_types.iter().map(|&t| (t, location)).collect::<Vec<_>>());
    let cond_region = lowered.region(0)?;
    let cond_block = cond_region.append_block(cond_block);
    let cond = At { context, location, block: cond_block, anchor: None };
    let counter: V = erase(cond_block.argument(0)?.into());
    let limit = cond.index(length)?;
    let i1: Type = RankedTensorType::new(&[], IntegerType::new(context, 1).into(), None).into();
    let less = cond.op(
        "stablehlo.compare",
        &[counter, limit],
        i1,
        &[
            ("comparison_direction", ComparisonDirection::LT.attribute(context)),
            ("compare_type", ComparisonType::SIGNED.attribute(context)),
        ],
    )?;
    cond.no_result("stablehlo.return", &[less])?;

    // do: the scan's body, moved, with the state appended to its arguments.
    let body_region = lowered.region(1)?;
    // SAFETY: both regions are live; the new one is empty and the scan's
    // body moves out of the op, which is replaced below.
    unsafe { mlir_sys::mlirRegionTakeBody(body_region.to_raw(), op.region(0)?.to_raw()) };
    let body = body_region.first_block().ok_or("chlo.scan without a body block")?;
    let old_return = body.terminator().ok_or("chlo.scan body without a terminator")?;
    let first = body.first_operation().ok_or("chlo.scan body without operations")?;
    let state_arguments: Vec<V> = state_types.iter().map(|&t| erase(body.add_argument(t, location).into())).collect();
    let prelude = At { context, location, block: body, anchor: Some(first) };
    let step = state_arguments[0];
    let index = if reverse {
        let last = prelude.index(length - 1)?;
        prelude.op("stablehlo.subtract", &[last, step], counter_type, &[])?
    } else {
        step
    };
    let zero = prelude.index(0)?;
    for (i, x) in inputs.iter().enumerate() {
        let shape = static_shape(x.r#type())?;
        let sizes = with_size(&shape, dimension, 1);
        let dims: Vec<u64> = sizes.iter().map(|&d| d as u64).collect();
        let slice_type = RankedTensorType::new(&dims, element_type(x.r#type())?, None).into();
        let mut operands = vec![*x];
        operands.extend(starts(zero, index, shape.len(), dimension));
        let slice = prelude.op(
            "stablehlo.dynamic_slice",
            &operands,
            slice_type,
            &[("slice_sizes", DenseI64ArrayAttribute::new(context, &sizes).into())],
        )?;
        let argument: Value = body.argument(i)?.into();
        let element = prelude.op("stablehlo.reshape", &[slice], argument.r#type(), &[])?;
        // SAFETY: both values are live and of the same type.
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(argument.to_raw(), element.to_raw()) };
    }
    for j in 0..k {
        let argument: Value = body.argument(m + j)?.into();
        // SAFETY: as above (a carry argument has its init's type, as has the state's).
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(argument.to_raw(), state_arguments[1 + j].to_raw()) };
    }
    for i in (0..m + k).rev() {
        // SAFETY: the argument has no uses left and no handle to it is kept.
        unsafe { body.erase_argument(i) };
    }

    // The new return: counter + 1, the body's carries, the updated outputs.
    let epilogue = At { context, location, block: body, anchor: Some(old_return) };
    let returned: Vec<V> = old_return.operands().map(erase).collect();
    let one = epilogue.index(1)?;
    let mut next = vec![epilogue.op("stablehlo.add", &[step, one], counter_type, &[])?];
    next.extend(returned[n..].iter().copied());
    for (j, &ty) in output_types.iter().enumerate() {
        let shape = static_shape(ty)?;
        let update = epilogue.reshape(returned[j], &with_size(&shape, dimension, 1))?;
        let mut operands = vec![state_arguments[1 + k + j], update];
        operands.extend(starts(zero, index, shape.len(), dimension));
        next.push(epilogue.op("stablehlo.dynamic_update_slice", &operands, ty, &[])?);
    }
    epilogue.no_result("stablehlo.return", &next)?;
    // SAFETY: the old terminator has no results and no handle to it remains.
    unsafe { mlir_sys::mlirOperationDestroy(old_return.to_raw()) };

    let results: Vec<V> = (0..state.len()).map(|i| Ok(erase(lowered.result(i)?.into()))).collect::<BuildResult<_>>()?;
    let mut values: Vec<V> = results[1 + k..].to_vec();
    values.extend(results[1..1 + k].iter().copied());
    rewrite.rewriter.replace_op_with_values(op, &values);
    Ok(())
}
