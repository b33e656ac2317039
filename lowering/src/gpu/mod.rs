//! GPU-specific passes of the GPU pipeline (see `passes::add_gpu_pipeline`).
//!
//! - [`interchange`]: `xla-gpu-parallel-dims-first`, linalg loops reordered
//!   so that one thread computes one output element.
//! - [`block_tiles`]: `xla-gpu-block-tiles`, matrix products as block-tiled
//!   kernels through shared memory (bf16/f16 on the tensor cores).
//! - [`split_reductions`]: `xla-gpu-split-reductions`, reductions with few
//!   outputs as partial results in parallel plus a combining loop.
//! - [`register_tiles`]: `xla-gpu-register-tiles`, each thread of a
//!   contraction computes a tile of outputs, sharing loads.
//! - [`vector_access`]: `xla-gpu-vector-access`, element-wise loops 4
//!   elements per thread with vector loads and stores.
//! - [`map_loops`]: `xla-gpu-map-parallel-loops`, each outermost
//!   `scf.parallel` as a `gpu.launch` over a 1-D grid.
//! - [`accumulators`]: `xla-gpu-promote-accumulators`, reduction
//!   accumulators of kernels in registers.
//! - [`emulate`]: `xla-gpu-launch-to-loops`, kernels run as host loops, to
//!   test the mapping without a GPU.

pub mod accumulators;
pub mod block_tiles;
pub mod emulate;
pub mod interchange;
pub mod map_loops;
pub mod register_tiles;
pub mod select_minmax;
pub mod block_reductions;
pub mod split_reductions;
pub mod vector_access;

use melior::ir::{
    OperationRef, Value,
    attribute::IntegerAttribute,
    operation::{OperationLike, OperationResult},
};

/// The op's name (`arith.addf`, ...).
fn name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

/// An error that means a bug of ours, not of the input.
fn internal<E: std::fmt::Display>(error: E) -> crate::error::LowerError {
    format!("internal error: {error}").into()
}

/// The value of an `arith.constant` integer or index, if `value` is one.
/// Inserts operations before `anchor` in `block` (the GPU passes' scalar
/// emitter; each pass adds its own helpers in an `impl` of its own).
struct Emit<'c, 'a> {
    context: &'c melior::Context,
    location: melior::ir::Location<'c>,
    block: melior::ir::BlockRef<'c, 'a>,
    anchor: OperationRef<'c, 'a>,
}

impl<'c, 'a> Emit<'c, 'a> {
    fn insert(&self, op: crate::builders::BuildResult<melior::ir::Operation<'c>>) -> crate::builders::BuildResult<OperationRef<'c, 'a>> {
        use melior::ir::BlockLike;
        Ok(self.block.insert_operation_before(self.anchor, op?))
    }

    fn value(&self, op: crate::builders::BuildResult<melior::ir::Operation<'c>>) -> crate::builders::BuildResult<Value<'c, 'a>> {
        Ok(self.insert(op)?.result(0).map_err(internal)?.into())
    }

    fn binary(&self, op: &str, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> crate::builders::BuildResult<Value<'c, 'a>> {
        use melior::ir::ValueLike;
        self.value(crate::builders::scalar(self.location, op, &[lhs, rhs], lhs.r#type()))
    }
}

fn constant_of(value: Value) -> Option<i64> {
    let op = OperationResult::try_from(value).ok()?.owner();
    if name(&op) != "arith.constant" {
        return None;
    }
    IntegerAttribute::try_from(op.attribute("value").ok()?).ok().map(|a| a.value())
}

/// The shape and element type of a static memref with the identity layout
/// in the default memory space.
pub(super) fn identity_memref(ty: melior::ir::Type) -> Option<(Vec<i64>, melior::ir::Type)> {
    use melior::ir::{Type, TypeLike};
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type; memref accessors only on a memref.
    unsafe {
        if !mlir_sys::mlirTypeIsAMemRef(raw) || !mlir_sys::mlirShapedTypeHasStaticShape(raw) {
            return None;
        }
        let layout = mlir_sys::mlirMemRefTypeGetLayout(raw);
        if !layout.ptr.is_null()
            && !(mlir_sys::mlirAttributeIsAAffineMap(layout) && mlir_sys::mlirAffineMapIsIdentity(mlir_sys::mlirAffineMapAttrGetValue(layout)))
        {
            return None;
        }
        if !mlir_sys::mlirMemRefTypeGetMemorySpace(raw).ptr.is_null() {
            return None;
        }
        let shape = (0..mlir_sys::mlirShapedTypeGetRank(raw)).map(|d| mlir_sys::mlirShapedTypeGetDimSize(raw, d as isize)).collect();
        Some((shape, Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw))))
    }
}

/// The outermost ops named `op_name` in host code (not inside a kernel or
/// inside another such op), as raw handles collected before a pass rewrites
/// them.
pub(super) fn outermost_host_ops(module: OperationRef, op_name: &str) -> Vec<mlir_sys::MlirOperation> {
    use melior::ir::operation::{WalkOrder, WalkResult};
    let mut found = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| match name(&op).as_str() {
        "gpu.launch" | "gpu.module" => WalkResult::Skip,
        n if n == op_name => {
            found.push(op.to_raw());
            WalkResult::Skip
        }
        _ => WalkResult::Advance,
    });
    found
}
