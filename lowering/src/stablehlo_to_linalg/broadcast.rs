//! `broadcast_in_dim` → `linalg.generic` whose input map sends result
//! dimension `broadcast_dimensions[i]` to operand dimension `i` (or to 0
//! where the operand dimension has size 1 and is being expanded).
//!
//! ```mlir
//! %r = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
//! // becomes
//! %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, #id2], ...}
//!        ins(%x : tensor<3xf32>) outs(%e : tensor<2x3xf32>) { ^bb0(%in: f32, %out: f32): linalg.yield %in : f32 }
//! ```

use super::Rewrite;
use crate::builders::{Affine, BuildResult, affine_map, identity_map, parallel_generic, static_shape};
use melior::ir::{OperationRef, Value, ValueLike, attribute::DenseI64ArrayAttribute, operation::OperationLike};

/// Lowers `stablehlo.broadcast_in_dim`.
pub fn lower_broadcast_in_dim<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operand: Value = op.operand(0)?;
    let result_type = op.result(0)?.r#type();
    let operand_shape = static_shape(operand.r#type())?;
    let result_shape = static_shape(result_type)?;
    let dims = op
        .attribute("broadcast_dimensions")
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
        .ok_or("broadcast_in_dim has no broadcast_dimensions")?;
    let mut input_results = Vec::new();
    for (i, &size) in operand_shape.iter().enumerate() {
        let dim = dims.element(i)?;
        let expanded = size == 1 && result_shape.get(dim as usize).copied() != Some(1);
        let dim = usize::try_from(dim).map_err(|_| "negative broadcast dimension")?;
        input_results.push(if expanded { Affine::constant(context, 0) } else { Affine::dim(context, dim) });
    }
    let rank = result_shape.len();
    let maps = vec![affine_map(context, rank, &input_results)?, identity_map(context, rank)];
    rewrite.replace_with_init(op, result_type, |init| {
        parallel_generic(context, location, &[operand], init, maps, result_type, |_, args| Ok(args[0]))
    })
}
