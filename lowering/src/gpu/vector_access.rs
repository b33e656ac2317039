//! `xla-gpu-vector-access`: each thread of an element-wise kernel handles
//! 4 consecutive elements with one vector load per input and one vector
//! store per output.
//!
//! One thread per element issues a 4-byte load per input: on an H200 that
//! keeps too few bytes in flight to reach the memory bandwidth (a 16M-element
//! axpy at 68% of the device-to-device copy rate). Here an `scf.parallel`
//! whose innermost dimension is only the last index of its loads and stores
//! takes steps of 4 along it; each load `A[.., j]` becomes one
//! `vector.load` of 4 elements (16 bytes for f32), the body's scalar ops are
//! repeated for the 4 lanes, and each store `C[.., j]` one `vector.store`.
//! Loads that do not depend on `j` (broadcast operands) stay scalar and are
//! shared by the lanes.
//!
//! ```mlir
//! // before
//! scf.parallel (%i) = (%c0) to (%cN) step (%c1) {
//!   %a = memref.load %A[%i]  %b = memref.load %B[%i]
//!   %s = arith.addf %a, %b   memref.store %s, %C[%i]
//! }
//! // after
//! scf.parallel (%i) = (%c0) to (%cN) step (%c4) {
//!   %va = vector.load %A[%i] {alignment = 16}  %vb = vector.load %B[%i] {alignment = 16}
//!   %a0 = vector.extract %va[0] ... %s0 = arith.addf %a0, %b0  ... %s3 = arith.addf %a3, %b3
//!   %vs = vector.from_elements %s0, %s1, %s2, %s3
//!   vector.store %vs, %C[%i] {alignment = 16}
//! }
//! ```
//!
//! Conditions: an outermost `scf.parallel` (outside kernels) without
//! results whose innermost dimension runs from 0 by 1 to a constant
//! multiple of 4; a body of `memref.load`/`memref.store` and `arith`,
//! `math` and `complex` ops without regions; every load and store on a
//! static memref with the identity layout whose innermost size is a
//! multiple of 4, of 16- or 32-bit elements; the innermost induction
//! variable used only as the last index of loads and stores, and every
//! store indexed by it. Each thread then touches 4 whole elements of its
//! own, the same ones as the 4 threads before, so the values are those of
//! the per-element kernel. The address of each vector is a multiple of its
//! size (the row length is a multiple of 4 and buffers start aligned).
//!
//! The host-loop emulation runs these kernels like any other
//! (`runtime/tests/integration/gpu_emulation.rs`).

use super::{constant_of, identity_memref, internal, name};
use crate::builders::{BuildResult, clone_operation, index_constant, vector_extract, vector_from_elements, vector_load_aligned, vector_store_aligned, vector_type};
use melior::{
    ir::{
        BlockLike, OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
        operation::OperationLike,
    },
    pass::{ExternalPass, Pass},
};
use std::collections::HashMap;

/// Elements per thread.
pub const LANES: i64 = 4;

static ENABLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Turns the pass on (the default) or off (`--no-gpu-vector-access`: one
/// element per thread) for the passes run from now on.
pub fn set_enabled(enabled: bool) {
    ENABLED.store(enabled, std::sync::atomic::Ordering::Relaxed);
}

/// How an op of the body is rewritten.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A load of `A[.., j]`: one vector load, a value per lane.
    VectorLoad,
    /// A store to `C[.., j]`: one vector store of the lanes' values.
    VectorStore,
    /// A load that does not depend on `j`: kept, shared by the lanes.
    Shared,
    /// A scalar op: repeated per lane when it uses a lane's value.
    Compute,
}

/// The bytes of an element type the pass handles (16- and 32-bit).
fn element_bytes(element: Type) -> Option<i64> {
    let raw = element.to_raw();
    // SAFETY: a live type; the accessors apply to the kinds tested.
    unsafe {
        if mlir_sys::mlirTypeIsAF32(raw) || mlir_sys::mlirTypeIsAF16(raw) || mlir_sys::mlirTypeIsABF16(raw) {
            return Some(if mlir_sys::mlirTypeIsAF32(raw) { 4 } else { 2 });
        }
        if mlir_sys::mlirTypeIsAInteger(raw) {
            return match mlir_sys::mlirIntegerTypeGetWidth(raw) {
                32 => Some(4),
                16 => Some(2),
                _ => None,
            };
        }
    }
    None
}

/// Whether `ty` is a static memref with the identity layout in the default
/// memory space, whose innermost size is a multiple of [`LANES`], of an
/// element type [`element_bytes`] knows.
fn vectorizable_memref(ty: Type) -> bool {
    identity_memref(ty).is_some_and(|(shape, element)| {
        shape.last().is_some_and(|&size| size % LANES == 0) && element_bytes(element).is_some()
    })
}

/// The roles of the body's ops (without the terminator), if the loop
/// qualifies.
fn plan<'c, 'a>(parallel: OperationRef<'c, 'a>) -> Option<Vec<(OperationRef<'c, 'a>, Role)>> {
    if parallel.result_count() != 0 {
        return None;
    }
    let body = parallel.region(0).ok()?.first_block()?;
    let rank = body.argument_count();
    if rank == 0 || parallel.operand_count() != 3 * rank {
        return None;
    }
    let last = rank - 1;
    let (lower, upper, step) = (parallel.operand(last).ok()?, parallel.operand(rank + last).ok()?, parallel.operand(2 * rank + last).ok()?);
    let trip = constant_of(upper)?;
    if constant_of(lower)? != 0 || constant_of(step)? != 1 || trip < LANES || trip % LANES != 0 {
        return None;
    }
    let inner: Value = body.argument(last).ok()?.into();
    let terminator = body.terminator()?;
    if name(&terminator) != "scf.reduce" || terminator.operand_count() != 0 {
        return None;
    }
    let mut roles = Vec::new();
    // Values that differ between the lanes (raw pointers).
    let mut per_lane = std::collections::HashSet::new();
    let mut op = body.first_operation();
    let mut stores = 0;
    while let Some(o) = op {
        op = o.next_in_block();
        if o == terminator {
            break;
        }
        if o.region_count() != 0 {
            return None;
        }
        let operands: Vec<Value> = (0..o.operand_count()).map(|i| o.operand(i)).collect::<Result<_, _>>().ok()?;
        let lane_dependent = |v: &Value| per_lane.contains(&v.to_raw().ptr);
        let op_name = name(&o);
        let role = match op_name.as_str() {
            "memref.load" | "memref.store" => {
                let store = op_name == "memref.store";
                let memref_position = usize::from(store);
                let indices = &operands[memref_position + 1..];
                let (last, outer) = indices.split_last().map(|(l, o)| (Some(*l), o)).unwrap_or((None, &[]));
                if (store && operands[0] == inner) || outer.contains(&inner) || outer.iter().any(lane_dependent) {
                    return None;
                }
                if last == Some(inner) {
                    if !vectorizable_memref(operands[memref_position].r#type()) {
                        return None;
                    }
                    if store {
                        stores += 1;
                        Role::VectorStore
                    } else {
                        Role::VectorLoad
                    }
                } else if store {
                    // Every lane would write the same element (or the
                    // lanes' elements would not be contiguous).
                    return None;
                } else if last.as_ref().is_some_and(lane_dependent) {
                    // A gather: one load per lane.
                    Role::Compute
                } else {
                    Role::Shared
                }
            }
            _ if ["arith.", "math.", "complex."].iter().any(|prefix| op_name.starts_with(prefix)) => {
                if operands.contains(&inner) {
                    return None;
                }
                Role::Compute
            }
            _ => return None,
        };
        let varies = role == Role::VectorLoad || (role == Role::Compute && operands.iter().any(lane_dependent));
        if varies {
            for r in 0..o.result_count() {
                per_lane.insert(o.result(r).ok()?.to_raw().ptr);
            }
        }
        roles.push((o, role));
    }
    (stores > 0).then_some(roles)
}

/// The value `v` has in a lane, if it differs between lanes.
fn lane_value<'c, 'a>(lane: &HashMap<*const std::ffi::c_void, Value<'c, 'a>>, v: Value<'c, 'a>) -> Option<Value<'c, 'a>> {
    lane.get(&v.to_raw().ptr).copied()
}

/// Rewrites the loop (see the module documentation).
fn vectorize(parallel: OperationRef, roles: Vec<(OperationRef, Role)>) -> BuildResult<()> {
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(parallel.context());
    let location = parallel.location();
    let body = parallel.region(0).map_err(internal)?.first_block().ok_or("internal error: scf.parallel without body")?;
    let rank = body.argument_count();
    let host = parallel.block().ok_or("internal error: scf.parallel outside a block")?;
    let step = host.insert_operation_before(parallel, index_constant(context, location, LANES)?);
    let step: Value = step.result(0).map_err(internal)?.into();
    // SAFETY: a live op; the new step is an index defined before it.
    unsafe { mlir_sys::mlirOperationSetOperand(parallel.to_raw(), (3 * rank - 1) as isize, step.to_raw()) };

    // lanes[l]: the value each original value has in lane l.
    let mut lanes: Vec<HashMap<*const std::ffi::c_void, Value>> = vec![HashMap::new(); LANES as usize];
    let mut replaced = Vec::new();
    for (op, role) in roles {
        let element_of = |memref: Value| -> BuildResult<(Type, i64)> {
            // SAFETY: a memref type (checked by `plan`).
            let element = unsafe { Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(memref.r#type().to_raw())) };
            Ok((element, element_bytes(element).ok_or("internal error: element type")?))
        };
        match role {
            Role::Shared => {}
            Role::VectorLoad => {
                let memref = op.operand(0).map_err(internal)?;
                let indices: Vec<Value> = (1..op.operand_count()).map(|i| op.operand(i)).collect::<Result<_, _>>().map_err(internal)?;
                let (element, bytes) = element_of(memref)?;
                let vector = body.insert_operation_before(
                    op,
                    vector_load_aligned(location, memref, &indices, vector_type(element, &[LANES]), LANES * bytes)?,
                );
                let vector: Value = vector.result(0).map_err(internal)?.into();
                let result: Value = op.result(0).map_err(internal)?.into();
                for (l, map) in lanes.iter_mut().enumerate() {
                    let lane = body.insert_operation_before(op, vector_extract(location, vector, l as i64, element)?);
                    map.insert(result.to_raw().ptr, lane.result(0).map_err(internal)?.into());
                }
                replaced.push(op);
            }
            Role::VectorStore => {
                let value = op.operand(0).map_err(internal)?;
                let memref = op.operand(1).map_err(internal)?;
                let indices: Vec<Value> = (2..op.operand_count()).map(|i| op.operand(i)).collect::<Result<_, _>>().map_err(internal)?;
                let (element, bytes) = element_of(memref)?;
                let values: Vec<Value> = (0..LANES as usize).map(|l| lane_value(&lanes[l], value).unwrap_or(value)).collect();
                let vector = body.insert_operation_before(op, vector_from_elements(location, &values, vector_type(element, &[LANES]))?);
                let vector: Value = vector.result(0).map_err(internal)?.into();
                body.insert_operation_before(op, vector_store_aligned(location, vector, memref, &indices, LANES * bytes)?);
                replaced.push(op);
            }
            Role::Compute => {
                let operands: Vec<Value> = (0..op.operand_count()).map(|i| op.operand(i)).collect::<Result<_, _>>().map_err(internal)?;
                if !operands.iter().any(|&v| lane_value(&lanes[0], v).is_some()) {
                    // The same in every lane: kept once.
                    continue;
                }
                for l in 0..LANES as usize {
                    let copy = body.insert_operation_before(op, clone_operation(&op));
                    for (i, &operand) in operands.iter().enumerate() {
                        if let Some(v) = lane_value(&lanes[l], operand) {
                            // SAFETY: a live op; `v` is defined before it.
                            unsafe { mlir_sys::mlirOperationSetOperand(copy.to_raw(), i as isize, v.to_raw()) };
                        }
                    }
                    for r in 0..op.result_count() {
                        let original: Value = op.result(r).map_err(internal)?.into();
                        lanes[l].insert(original.to_raw().ptr, copy.result(r).map_err(internal)?.into());
                    }
                }
                replaced.push(op);
            }
        }
    }
    // The originals, last first: each one's users are gone before it.
    for op in replaced.into_iter().rev() {
        // SAFETY: every use of the op's results was in a replaced op
        // erased before (a store has none).
        unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) };
    }
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_vector_access_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            if !ENABLED.load(std::sync::atomic::Ordering::Relaxed) {
                return;
            }
            let candidates = super::outermost_host_ops(module, "scf.parallel");
            for raw in candidates {
                // SAFETY: collected above; outermost loops only, each
                // rewritten in place.
                let parallel = unsafe { OperationRef::from_raw(raw) };
                let Some(roles) = plan(parallel) else { continue };
                let location = parallel.location();
                if let Err(message) = vectorize(parallel, roles) {
                    crate::diagnostics::emit_error(location, &message);
                    pass.signal_failure();
                    return;
                }
            }
        },
        "XlaGpuVectorAccess",
        "xla-gpu-vector-access",
        "Element-wise GPU loops: each thread handles 4 consecutive elements with vector loads and stores",
        "builtin.module",
    )
}
