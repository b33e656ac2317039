//! `xla-gpu-launch-to-loops`: runs each `gpu.launch` on the host as
//! sequential loops over its blocks and threads, for testing the kernel
//! mapping on machines without a GPU (see `xla-gpu-emulation-pipeline`).
//!
//! Block and thread ids become the induction variables of six nested
//! `scf.for` loops (z, y, x of the grid, then of the block); grid and block
//! sizes become the launch's operands. This is exact for kernels whose
//! threads do not communicate (no barriers, shared memory or atomics), which
//! is what `xla-gpu-map-parallel-loops` produces; a launch with more than
//! one block or with memory attributions is rejected.
//!
//! ```mlir
//! // before
//! gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, ...) threads(%tx, %ty, %tz) in (%sx = %c256, ...) {
//!   ...
//!   gpu.terminator
//! }
//! // after
//! scf.for %bz = %c0 to %c1 step %c1 { ... scf.for %tx = %c0 to %c256 step %c1 { ... } }
//! ```

use super::{internal};
use crate::builders::{BuildResult, index_constant, scf_for};
use melior::{
    ir::{
        BlockLike, OperationRef, RegionLike, Value, ValueLike,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};

fn emulate(launch: OperationRef) -> BuildResult<()> {
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(launch.context());
    let location = launch.location();
    let body = launch.region(0).map_err(internal)?.first_block().ok_or("gpu.launch without body")?;
    if body.next_in_region().is_some() || body.argument_count() != 12 || launch.result_count() != 0 || launch.operand_count() != 6 {
        return Err("only synchronous gpu.launch ops with a single-block body, no clusters, shared memory or attributions can run as host loops".into());
    }
    let mut barrier = false;
    launch.walk(WalkOrder::PreOrder, |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or_default().to_owned();
        barrier |= name == "gpu.barrier" || name.starts_with("gpu.shuffle") || name.starts_with("memref.atomic");
        WalkResult::Advance
    });
    if barrier {
        return Err("a kernel whose threads communicate cannot run as host loops".into());
    }
    let sizes: Vec<Value> = launch.operands().collect();
    let block = launch.block().ok_or("gpu.launch outside a block")?;
    let zero: Value = block.insert_operation_before(launch, index_constant(context, location, 0)?).result(0).map_err(internal)?.into();
    let one: Value = block.insert_operation_before(launch, index_constant(context, location, 1)?).result(0).map_err(internal)?.into();
    // Loops from the outermost (grid z) to the innermost (thread x); body
    // argument i (ids: 0-2 blocks, 3-5 threads) is the induction variable of
    // the loop over size operand i.
    let order = [2usize, 1, 0, 5, 4, 3];
    let mut anchor_block = block;
    let mut anchor = launch;
    let mut ids: [Option<Value>; 6] = [None; 6];
    for &dim in &order {
        let lp = anchor_block.insert_operation_before(anchor, scf_for(location, [zero, sizes[dim], one], &[], |_, _, _| Ok(vec![]))?);
        let lp_body = lp.region(0).map_err(internal)?.first_block().ok_or("internal error: scf.for without body")?;
        ids[dim] = Some(Value::from(lp_body.argument(0).map_err(internal)?));
        anchor_block = lp_body;
        anchor = lp_body.terminator().ok_or("internal error: scf.for without terminator")?;
    }
    let terminator = body.terminator().ok_or("gpu.launch without terminator")?;
    while let Some(op) = body.first_operation() {
        if op == terminator {
            break;
        }
        // SAFETY: both ops are live; the loops are where the launch was, so
        // everything the body uses dominates them.
        unsafe { mlir_sys::mlirOperationMoveBefore(op.to_raw(), anchor.to_raw()) };
    }
    for i in 0..12 {
        let argument = body.argument(i).map_err(internal)?;
        let value: Value = if i < 6 { ids[i].ok_or("internal error: missing id")? } else { sizes[i - 6] };
        // SAFETY: both values are live and of type index.
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(argument.to_raw(), value.to_raw()) };
    }
    // SAFETY: the launch has no results and its body's values no uses.
    unsafe { mlir_sys::mlirOperationDestroy(launch.to_raw()) };
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_launch_to_loops_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut launches = Vec::new();
            module.walk(WalkOrder::PreOrder, |op| {
                if op.name().as_string_ref().as_str().ok() == Some("gpu.launch") {
                    launches.push(op.to_raw());
                    return WalkResult::Skip;
                }
                WalkResult::Advance
            });
            for raw in launches {
                // SAFETY: collected above; launches are not nested.
                let launch = unsafe { OperationRef::from_raw(raw) };
                let location = launch.location();
                if let Err(message) = emulate(launch) {
                    crate::diagnostics::emit_error(location, &message);
                    pass.signal_failure();
                    return;
                }
            }
        },
        "XlaGpuLaunchToLoops",
        "xla-gpu-launch-to-loops",
        "Run each gpu.launch on the host as loops over its blocks and threads (testing the kernel mapping without a GPU)",
        "builtin.module",
    )
}
