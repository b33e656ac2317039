//! `map` → an all-parallel `linalg.generic` whose body is the computation
//! inlined as scalar ops ([`scalarize_region`]).
//!
//! ```mlir
//! %r = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
//! ^bb0(%x: tensor<f32>, %y: tensor<f32>):
//!   %m = stablehlo.multiply %x, %y : tensor<f32>
//!   stablehlo.return %m : tensor<f32>
//! }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
//! // becomes
//! %r = linalg.generic {indexing_maps = [(d0) -> (d0), (d0) -> (d0), (d0) -> (d0)],
//!                      iterator_types = [parallel]} ins(%a, %b) outs(%e) {
//!   ^bb0(%x: f32, %y: f32, %out: f32): %m = arith.mulf %x, %y : f32; linalg.yield %m : f32 }
//! ```

use super::{Rewrite, reduce::scalarize_region};
use crate::builders::{BuildResult, identity_map, parallel_generic, static_shape};
use melior::ir::{OperationRef, RegionLike, Value, ValueLike, attribute::DenseI64ArrayAttribute, operation::OperationLike};

/// Lowers `stablehlo.map`.
pub fn lower_map<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let inputs: Vec<Value> = op.operands().collect();
    let result_type = op.result(0)?.r#type();
    let rank = static_shape(result_type)?.len();
    for input in &inputs {
        static_shape(input.r#type())?;
    }
    // map_c3: `dimensions` is [0, 1, ..., rank - 1]; the verifier checks it,
    // and the lowering relies on it.
    let dimensions = op
        .attribute("dimensions")
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
        .ok_or("map has no dimensions")?;
    if dimensions.len() != rank || (0..rank).any(|i| dimensions.element(i).ok() != Some(i as i64)) {
        return Err("map with dimensions other than [0, ..., rank - 1] is not supported".into());
    }
    let computation = op.region(0)?;
    let body = computation.first_block().ok_or("map has an empty computation")?;
    let maps: Vec<_> = (0..=inputs.len()).map(|_| identity_map(context, rank)).collect();
    let n = inputs.len();
    rewrite.replace_with_init(op, result_type, |init| {
        parallel_generic(context, location, &inputs, init, maps, result_type, |block, args| {
            let results = scalarize_region(context, body, block, &args[..n])?;
            results.first().copied().ok_or_else(|| "map computation returns nothing".to_string()).map_err(crate::error::LowerError::from)
        })
    })
}
