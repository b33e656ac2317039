//! `batch_norm_inference`, `batch_norm_training`, `batch_norm_grad` →
//! `linalg.generic`s: per-feature sums are reductions over every dimension
//! but `feature_index` (output map `(d..) -> (d_feature)`), the rest are
//! element-wise with the feature vectors broadcast through the same map.
//!
//! ```mlir
//! %y = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var)
//!        <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, ...) -> tensor<2x3xf32>
//! // becomes
//! %y = linalg.generic {indexing_maps = [(d0, d1) -> (d0, d1), (d0, d1) -> (d1) (x4), (d0, d1) -> (d0, d1)],
//!                      iterator_types = [parallel, parallel]} ins(%x, %scale, %offset, %mean, %var) outs(%e) {
//!   %s = %scale / sqrt(%var + eps); linalg.yield %x * %s + (%offset - %mean * %s) }
//! ```
//!
//! With `N` the number of elements per feature, as XLA's
//! `BatchNormExpander` defines them:
//! - inference: `x·s + (offset - mean·s)`, `s = scale / sqrt(var + ε)`;
//! - training: `mean = Σx / N`, `var = Σ(x - mean)² / N` (two passes,
//!   where XLA uses `E[x²] - E[x]²`: the same value, without its
//!   cancellation), `y = (x - mean) / sqrt(var + ε) · scale + offset`;
//! - grad (with the given `mean` and `var`): `grad_offset = Σ dy`,
//!   `grad_scale = Σ dy·(x - mean) / sqrt(var + ε)`, `grad_operand =
//!   scale / sqrt(var + ε) · (dy - Σdy / N - (x - mean)·Σdy·(x - mean) / (N·(var + ε)))`.
//!
//! Arithmetic is in the element type (f16/bf16 through f32 per operation,
//! as everywhere in the CPU pipeline).

use super::{Rewrite, emit::Emitter};
use crate::builders::{
    Affine, BuildResult, Iterator, affine_map, element_type, generic_multi, identity_map, parallel_generic, static_shape,
    tensor_empty,
};
use melior::ir::{
    Attribute, Location, OperationRef, Type, Value, ValueLike,
    attribute::{FloatAttribute, IntegerAttribute},
    operation::OperationLike,
};

type V<'c> = Value<'c, 'c>;

/// What every batch norm op shares: the operand's shape, the feature
/// dimension and epsilon.
struct Norm<'c> {
    location: Location<'c>,
    rank: usize,
    feature: usize,
    /// Elements per feature, as a float.
    count: f64,
    epsilon: f64,
    element: Type<'c>,
}

impl<'c> Norm<'c> {
    fn of(op: OperationRef<'c, '_>) -> BuildResult<Self> {
        let operand = op.operand(0)?;
        let shape = static_shape(operand.r#type())?;
        let feature = op
            .attribute("feature_index")
            .ok()
            .and_then(|a| IntegerAttribute::try_from(a).ok())
            .map(|a| a.value())
            .ok_or("missing feature_index")?;
        if feature < 0 || feature as usize >= shape.len() {
            return Err(format!("feature_index {feature} is out of range for rank {}", shape.len()).into());
        }
        let epsilon = op
            .attribute("epsilon")
            .ok()
            .and_then(|a: Attribute| FloatAttribute::try_from(a).ok())
            .map(|a| a.value())
            .ok_or("missing epsilon")?;
        let features = shape[feature as usize];
        let count: i64 = shape.iter().product::<i64>() / features.max(1);
        Ok(Self {
            location: op.location(),
            rank: shape.len(),
            feature: feature as usize,
            count: count as f64,
            epsilon,
            element: element_type(operand.r#type())?,
        })
    }

    /// The map of a feature vector: `(d..) -> (d_feature)`.
    fn feature_map<'a>(&self, context: &'a melior::Context) -> BuildResult<Attribute<'a>> {
        affine_map(context, self.rank, &[Affine::dim(context, self.feature)])
    }

    /// A reduction over all dimensions but the feature one, into
    /// zero-initialized `outputs` feature vectors; `body` gets the input
    /// scalars and the accumulators and returns the new accumulators.
    fn reduce(
        &self,
        rewrite: &Rewrite<'c, '_>,
        inputs: &[V<'c>],
        outputs: usize,
        feature_type: Type<'c>,
        body: impl for<'b> FnOnce(&Emitter<'c, 'b>, &[Value<'c, 'b>]) -> BuildResult<Vec<Value<'c, 'b>>>,
    ) -> BuildResult<Vec<V<'c>>> {
        let context = rewrite.context;
        let location = self.location;
        let element = self.element;
        let mut inits = Vec::new();
        for _ in 0..outputs {
            inits.push(rewrite.filled(location, feature_type, |e| e.float(0.0, element))?);
        }
        let mut maps = Vec::new();
        for &input in inputs {
            let input_rank = static_shape(input.r#type())?.len();
            maps.push(if input_rank == 1 { self.feature_map(context)? } else { identity_map(context, self.rank) });
        }
        for _ in 0..outputs {
            maps.push(self.feature_map(context)?);
        }
        let iterators: Vec<Iterator> =
            (0..self.rank).map(|d| if d == self.feature { Iterator::Parallel } else { Iterator::Reduction }).collect();
        let types = vec![feature_type; outputs];
        rewrite.insert_values(generic_multi(context, location, inputs, &inits, maps, &iterators, &types, |block, args| {
            body(&Emitter::new(context, location, block), args)
        })?)
    }

    /// An element-wise generic over `result_type` (the operand's shape, or
    /// a feature vector when it has rank 1); feature vectors among `inputs`
    /// are broadcast.
    fn map(
        &self,
        rewrite: &Rewrite<'c, '_>,
        inputs: &[V<'c>],
        result_type: Type<'c>,
        body: impl for<'b> FnOnce(&Emitter<'c, 'b>, &[Value<'c, 'b>]) -> BuildResult<Value<'c, 'b>>,
    ) -> BuildResult<V<'c>> {
        let context = rewrite.context;
        let location = self.location;
        let result_rank = static_shape(result_type)?.len();
        let mut maps = Vec::new();
        for &input in inputs {
            let input_rank = static_shape(input.r#type())?.len();
            maps.push(if input_rank == result_rank {
                identity_map(context, result_rank)
            } else {
                self.feature_map(context)?
            });
        }
        maps.push(identity_map(context, result_rank));
        let init = rewrite.insert_value(tensor_empty(location, result_type)?)?;
        rewrite.insert_value(parallel_generic(context, location, inputs, init, maps, result_type, |block, args| {
            body(&Emitter::new(context, location, block), args)
        })?)
    }

    /// `1 / sqrt(var + ε)`.
    fn inverse_deviation<'b>(&self, e: &Emitter<'c, 'b>, variance: Value<'c, 'b>) -> BuildResult<Value<'c, 'b>> {
        let shifted = e.binary("arith.addf", variance, e.float(self.epsilon, self.element)?)?;
        e.unary("math.rsqrt", shifted)
    }
}

fn operands<'c>(op: OperationRef<'c, '_>) -> Vec<V<'c>> {
    // SAFETY: operands of the matched op, live for the whole rewrite.
    op.operands().map(|v| unsafe { crate::builders::detach(v) }).collect()
}

/// Lowers `stablehlo.batch_norm_inference`.
pub fn lower_batch_norm_inference<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let norm = Norm::of(op)?;
    let inputs = operands(op);
    let result_type = op.result(0)?.r#type();
    let result = norm.map(rewrite, &inputs, result_type, |e, args| {
        let (x, scale, offset, mean, variance) = (args[0], args[1], args[2], args[3], args[4]);
        let s = e.binary("arith.mulf", scale, norm.inverse_deviation(e, variance)?)?;
        let shift = e.binary("arith.subf", offset, e.binary("arith.mulf", mean, s)?)?;
        e.binary("arith.addf", e.binary("arith.mulf", x, s)?, shift)
    })?;
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}

/// Lowers `stablehlo.batch_norm_training`.
pub fn lower_batch_norm_training<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let norm = Norm::of(op)?;
    let inputs = operands(op);
    let (x, scale, offset) = (inputs[0], inputs[1], inputs[2]);
    let feature_type = op.result(1)?.r#type();
    let result_type = op.result(0)?.r#type();
    let element = norm.element;
    let count = norm.count;
    let sum = norm.reduce(rewrite, &[x], 1, feature_type, |e, args| Ok(vec![e.binary("arith.addf", args[1], args[0])?]))?[0];
    let mean = norm.map(rewrite, &[sum], feature_type, |e, args| e.binary("arith.divf", args[0], e.float(count, element)?))?;
    let squares = norm.reduce(rewrite, &[x, mean], 1, feature_type, |e, args| {
        let centered = e.binary("arith.subf", args[0], args[1])?;
        Ok(vec![e.binary("arith.addf", args[2], e.binary("arith.mulf", centered, centered)?)?])
    })?[0];
    let variance = norm.map(rewrite, &[squares], feature_type, |e, args| e.binary("arith.divf", args[0], e.float(count, element)?))?;
    let output = norm.map(rewrite, &[x, scale, offset, mean, variance], result_type, |e, args| {
        let (x, scale, offset, mean, variance) = (args[0], args[1], args[2], args[3], args[4]);
        let normalized = e.binary("arith.mulf", e.binary("arith.subf", x, mean)?, norm.inverse_deviation(e, variance)?)?;
        e.binary("arith.addf", e.binary("arith.mulf", normalized, scale)?, offset)
    })?;
    rewrite.rewriter.replace_op_with_values(op, &[output, mean, variance]);
    Ok(())
}

/// Lowers `stablehlo.batch_norm_grad`.
pub fn lower_batch_norm_grad<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let norm = Norm::of(op)?;
    let inputs = operands(op);
    let (x, scale, mean, variance, grad) = (inputs[0], inputs[1], inputs[2], inputs[3], inputs[4]);
    let result_type = op.result(0)?.r#type();
    let feature_type = op.result(1)?.r#type();
    let element = norm.element;
    let count = norm.count;
    // Σ dy and Σ dy·(x - mean), in one reduction.
    let sums = norm.reduce(rewrite, &[x, mean, grad], 2, feature_type, |e, args| {
        let (x, mean, dy, sum_dy, sum_dy_centered) = (args[0], args[1], args[2], args[3], args[4]);
        let centered = e.binary("arith.subf", x, mean)?;
        Ok(vec![
            e.binary("arith.addf", sum_dy, dy)?,
            e.binary("arith.addf", sum_dy_centered, e.binary("arith.mulf", dy, centered)?)?,
        ])
    })?;
    let (sum_dy, sum_dy_centered) = (sums[0], sums[1]);
    let grad_scale = norm.map(rewrite, &[sum_dy_centered, variance], feature_type, |e, args| {
        e.binary("arith.mulf", args[0], norm.inverse_deviation(e, args[1])?)
    })?;
    let grad_operand = norm.map(rewrite, &[x, scale, mean, variance, grad, sum_dy, sum_dy_centered], result_type, |e, args| {
        let (x, scale, mean, variance, dy, sum_dy, sum_dy_centered) = (args[0], args[1], args[2], args[3], args[4], args[5], args[6]);
        let n = e.float(count, element)?;
        let centered = e.binary("arith.subf", x, mean)?;
        let shifted_variance = e.binary("arith.addf", variance, e.float(norm.epsilon, element)?)?;
        let mean_dy = e.binary("arith.divf", sum_dy, n)?;
        let projection = e.binary(
            "arith.divf",
            e.binary("arith.mulf", centered, sum_dy_centered)?,
            e.binary("arith.mulf", n, shifted_variance)?,
        )?;
        let inner = e.binary("arith.subf", e.binary("arith.subf", dy, mean_dy)?, projection)?;
        let factor = e.binary("arith.mulf", scale, e.unary("math.rsqrt", shifted_variance)?)?;
        e.binary("arith.mulf", factor, inner)
    })?;
    rewrite.rewriter.replace_op_with_values(op, &[grad_operand, grad_scale, sum_dy]);
    Ok(())
}
