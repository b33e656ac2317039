//! Data movement without arithmetic: `reshape` and `transpose`.
//!
//! `reshape` becomes a `tensor.collapse_shape` to one dimension followed by a
//! `tensor.expand_shape` to the result shape: both are views after
//! bufferization (row-major order is unchanged), so no data moves.
//!
//! ```mlir
//! %r = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
//! // becomes
//! %f = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
//! %r = tensor.expand_shape %f [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
//! ```
//!
//! `transpose` becomes a copying `linalg.generic` whose input map permutes
//! the loop dimensions:
//!
//! ```mlir
//! %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
//! // becomes linalg.generic {indexing_maps = [(d0, d1) -> (d1, d0), (d0, d1) -> (d0, d1)]}
//! ```

use super::Rewrite;
use crate::builders::{Affine, BuildResult, affine_map, collapse_shape, element_type, expand_shape, identity_map, parallel_generic, static_shape};
use melior::ir::{OperationRef, Type, Value, ValueLike, attribute::DenseI64ArrayAttribute, operation::OperationLike, r#type::RankedTensorType};

/// Lowers `stablehlo.reshape`.
pub fn lower_reshape<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let location = op.location();
    let operand: Value = op.operand(0)?;
    let result_type = op.result(0)?.r#type();
    let source_shape = static_shape(operand.r#type())?;
    let target_shape = static_shape(result_type)?;
    let element = element_type(result_type)?;
    let count: i64 = source_shape.iter().product();
    let flat_type: Type = RankedTensorType::new(&[count as u64], element, None).into();
    // Validate everything before touching the IR.
    let collapse = match source_shape.len() {
        1 => None,
        0 => Some(expand_shape(location, operand, vec![], &[1], flat_type)?),
        rank => Some(collapse_shape(location, operand, vec![(0..rank).collect()], flat_type)?),
    };
    let flat: Value = match collapse {
        Some(collapse) => rewrite.rewriter.insert(collapse).result(0)?.into(),
        None => operand,
    };
    let result: Value = match target_shape.len() {
        1 => flat,
        0 => rewrite.rewriter.insert(collapse_shape(location, flat, vec![], result_type)?).result(0)?.into(),
        rank => rewrite
            .rewriter
            .insert(expand_shape(location, flat, vec![(0..rank).collect()], &target_shape, result_type)?)
            .result(0)
            ?
            .into(),
    };
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}

/// Lowers `stablehlo.transpose`.
pub fn lower_transpose<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operand: Value = op.operand(0)?;
    let result_type = op.result(0)?.r#type();
    let rank = static_shape(result_type)?.len();
    let permutation = op
        .attribute("permutation")
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
        .ok_or("transpose has no permutation")?;
    // Loop i walks result dimension i = operand dimension permutation[i], so
    // operand dimension permutation[i] is indexed by d_i.
    let mut input = vec![None; rank];
    for i in 0..rank {
        let dim = permutation.element(i)? as usize;
        *input.get_mut(dim).ok_or("transpose permutation out of range")? = Some(Affine::dim(context, i));
    }
    let input: Vec<Affine> = input.into_iter().collect::<Option<_>>().ok_or("transpose permutation is not a permutation")?;
    let maps = vec![affine_map(context, rank, &input)?, identity_map(context, rank)];
    rewrite.replace_with_init(op, result_type, |init| {
        parallel_generic(context, location, &[operand], init, maps, result_type, |_, args| Ok(args[0]))
    })
}
