//! `xla-gpu-stage-globals`: kernels never read host globals directly.
//!
//! Bufferized constants are `memref.global`s in host memory, which a GPU
//! cannot read. Host code allocates through the runtime (managed memory,
//! see `xla_runtime::cuda`), so a constant that a `gpu.launch_func` takes as
//! an argument is copied into a fresh allocation right before the launch
//! and freed right after it (the host waits for the launch before the
//! free: a `memref.dealloc` ends a run of `xla-gpu-async-launches`):
//!
//! ```mlir
//! // before
//! %g = memref.get_global @cst : memref<4xf32>
//! gpu.launch_func @k::@k blocks in (...) threads in (...) args(%g : memref<4xf32>)
//! // after
//! %g = memref.get_global @cst : memref<4xf32>
//! %a = memref.alloc() : memref<4xf32>
//! memref.copy %g, %a : memref<4xf32> to memref<4xf32>
//! gpu.launch_func @k::@k blocks in (...) threads in (...) args(%a : memref<4xf32>)
//! memref.dealloc %a : memref<4xf32>
//! ```
//!
//! A kernel argument may also be a view of a global (a `memref.subview`,
//! `memref.cast`, `memref.reinterpret_cast`, `memref.expand_shape`,
//! `memref.collapse_shape` or `memref.transpose` of it, in any chain: a
//! slice or reshape of a constant). Then the whole global is staged and the
//! chain of views is rebuilt on the staged copy, right before the launch.
//! (Seen on an H100: a subview of a constant passed straight to a kernel
//! faulted with `CUDA_ERROR_ILLEGAL_ADDRESS`.)
//!
//! Globals used inside kernel bodies were cloned into the kernel's
//! `gpu.module` by outlining and live in device memory; this pass only
//! handles the host side. Runs after `gpu-kernel-outlining`.

use melior::{
    ir::{
        BlockLike, OperationRef, Value, ValueLike,
        operation::{OperationLike, OperationResult, WalkOrder, WalkResult},
        r#type::MemRefType,
    },
    pass::{ExternalPass, Pass},
};

use crate::indexed_loops::VIEW_OPS;

/// When `value` is a global or a chain of views of one: the global's value
/// and the views, innermost (applied first) first.
fn global_behind<'c, 'a>(mut value: Value<'c, 'a>) -> Option<(Value<'c, 'a>, Vec<OperationRef<'c, 'a>>)> {
    let mut views = Vec::new();
    loop {
        let owner = OperationResult::try_from(value).ok()?.owner();
        match owner.name().as_string_ref().as_str().ok()? {
            "memref.get_global" => {
                views.reverse();
                return Some((value, views));
            }
            name if VIEW_OPS.contains(&name) => {
                views.push(owner);
                value = owner.operand(0).ok()?;
            }
            _ => return None,
        }
    }
}

fn stage(launch: OperationRef) -> crate::builders::BuildResult<()> {
    let block = launch.block().ok_or("internal error: gpu.launch_func outside a block")?;
    let location = launch.location();
    // SAFETY: the context outlives the pass run that calls this.
    let context = crate::context_of(launch.context());
    let operands: Vec<Value> = launch.operands().collect();
    for (index, operand) in operands.into_iter().enumerate() {
        let Some((global, views)) = global_behind(operand) else {
            continue;
        };
        let ty = MemRefType::try_from(global.r#type())?;
        let alloc = melior::dialect::memref::alloc(context, ty, &[], &[], None, location);
        let alloc = block.insert_operation_before(launch, alloc);
        let copied: Value = alloc.result(0)?.into();
        let copy = crate::builders::memref_copy(location, global, copied)?;
        block.insert_operation_before(launch, copy);
        // The views again, on the copy. Their other operands (offsets,
        // sizes) dominate the original views, which dominate the launch.
        let mut staged = copied;
        for view in views {
            let clone = crate::builders::clone_operation(&view);
            // SAFETY: the clone is a fresh, owned op whose operand 0 (the
            // viewed memref) gets a value of the same type that dominates
            // the launch, before which the clone is inserted.
            unsafe { mlir_sys::mlirOperationSetOperand(clone.to_raw(), 0, staged.to_raw()) };
            let clone = block.insert_operation_before(launch, clone);
            staged = clone.result(0)?.into();
        }
        // SAFETY: `launch` is live, `index` is one of its operand positions,
        // and the staged buffer has the operand's type and dominates it.
        unsafe { mlir_sys::mlirOperationSetOperand(launch.to_raw(), index as isize, staged.to_raw()) };
        let dealloc = melior::dialect::memref::dealloc(copied, location);
        block.insert_operation_after(launch, dealloc);
    }
    Ok(())
}

/// The host ops named `name` in `module` (kernel bodies, device code in
/// `gpu.module`s, are skipped), as raw handles to revisit after rewrites.
fn host_ops(module: OperationRef, name: &str) -> Vec<mlir_sys::MlirOperation> {
    let mut found = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| match op.name().as_string_ref().as_str().ok() {
        Some("gpu.module") => WalkResult::Skip,
        Some(op_name) if op_name == name => {
            found.push(op.to_raw());
            WalkResult::Advance
        }
        _ => WalkResult::Advance,
    });
    found
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_stage_globals_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            for raw in host_ops(module, "gpu.launch_func") {
                // SAFETY: collected above from the live module; staging
                // inserts ops around each launch and never erases one.
                let launch = unsafe { OperationRef::from_raw(raw) };
                if let Err(message) = stage(launch) {
                    crate::diagnostics::emit_error(launch.location(), &message);
                    pass.signal_failure();
                    return;
                }
            }
        },
        "XlaGpuStageGlobals",
        "xla-gpu-stage-globals",
        "Copy host constants that kernels take as arguments into runtime-allocated buffers around each launch",
        "builtin.module",
    )
}

/// `xla-gpu-device-temporaries`: a host `memref.alloc` that only kernels
/// touch becomes device memory.
///
/// Host code allocates through the runtime, in managed memory, because
/// host loops (a `while` condition, the merge passes of a sort) may read or
/// write a buffer between launches. A temporary whose every use is a
/// `gpu.launch_func` argument, a `memref.dealloc`, or a view of it used
/// likewise, is never touched by the host: it becomes a `gpu.alloc` (and
/// its deallocations `gpu.dealloc`s), which the runtime serves from the
/// device's memory pool (`cuMemAllocAsync`). Managed memory first touched
/// by a kernel is mapped page by page through faults; pool memory is
/// device memory, reused from call to call.
///
/// ```mlir
/// // before
/// %t = memref.alloc() : memref<1024xf32>
/// gpu.launch_func @k::@k ... args(%t : memref<1024xf32>)
/// memref.dealloc %t : memref<1024xf32>
/// // after
/// %0 = gpu.wait async
/// %t, %1 = gpu.alloc async [%0] () : memref<1024xf32>
/// gpu.wait [%1]
/// gpu.launch_func @k::@k ... args(%t : memref<1024xf32>)
/// %2 = gpu.wait async
/// %3 = gpu.dealloc async [%2] %t : memref<1024xf32>
/// gpu.wait [%3]
/// ```
///
/// (`gpu-to-llvm` lowers only the asynchronous forms; the runtime's stream
/// is the default one, in launch order, so the waits cost a stream
/// synchronization each.) Runs after `xla-gpu-stage-globals`.
mod device_temporaries {
    use super::{OperationRef, VIEW_OPS, Value};
    use crate::builders::{BuildResult, gpu_alloc_async, gpu_dealloc_async, gpu_wait};
    use melior::ir::{BlockLike, ValueLike, attribute::DenseI32ArrayAttribute, operation::OperationLike};

    /// Every use of `value`: its owner and operand position.
    fn uses<'c, 'a>(value: Value<'c, 'a>) -> Vec<(OperationRef<'c, 'a>, usize)> {
        let mut found = Vec::new();
        // SAFETY: `value` is live; its use list is only read.
        unsafe {
            let mut operand = mlir_sys::mlirValueGetFirstUse(value.to_raw());
            while !mlir_sys::mlirOpOperandIsNull(operand) {
                let owner = OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(operand));
                found.push((owner, mlir_sys::mlirOpOperandGetOperandNumber(operand) as usize));
                operand = mlir_sys::mlirOpOperandGetNextUse(operand);
            }
        }
        found
    }

    /// Whether only kernels touch the memory of `value`; collects the
    /// deallocations.
    pub(super) fn kernels_only<'c, 'a>(value: Value<'c, 'a>, deallocs: &mut Vec<OperationRef<'c, 'a>>) -> bool {
        uses(value).into_iter().all(|(user, position)| match crate::op_name(&user).as_str() {
            "gpu.launch_func" => true,
            "memref.dealloc" => {
                deallocs.push(user);
                true
            }
            name if VIEW_OPS.contains(&name) && position == 0 => {
                user.result(0).is_ok_and(|view| kernels_only(view.into(), deallocs))
            }
            // Result 0 is the base buffer; the others are indices.
            "memref.extract_strided_metadata" => user.result(0).is_ok_and(|base| kernels_only(base.into(), deallocs)),
            _ => false,
        })
    }

    /// Replaces `alloc` (a `memref.alloc`) and `deallocs` with their `gpu` forms.
    pub(super) fn rewrite<'c, 'a>(alloc: OperationRef<'c, 'a>, deallocs: &[OperationRef<'c, 'a>]) -> BuildResult<()> {
        let location = alloc.location();
        let block = alloc.block().ok_or("internal error: memref.alloc outside a block")?;
        let old: Value = alloc.result(0)?.into();
        let ty = old.r#type();
        // memref.alloc's operands: dynamic sizes, then symbols.
        let segments: Vec<i32> = match alloc.attribute("operandSegmentSizes") {
            Ok(attribute) => {
                let array = DenseI32ArrayAttribute::try_from(attribute)?;
                (0..array.len()).map(|i| array.element(i)).collect::<Result<_, _>>()?
            }
            Err(_) => vec![alloc.operand_count() as i32, 0],
        };
        let operands: Vec<Value> = alloc.operands().collect();
        let (dynamic_sizes, symbols) = operands.split_at((segments[0].max(0) as usize).min(operands.len()));
        let start = block.insert_operation_before(alloc, gpu_wait(location, None)?);
        let token: Value = start.result(0)?.into();
        let gpu_alloc = block.insert_operation_before(alloc, gpu_alloc_async(location, token, dynamic_sizes, symbols, ty)?);
        let done: Value = gpu_alloc.result(1)?.into();
        block.insert_operation_before(alloc, gpu_wait(location, Some(done))?);
        let new: Value = gpu_alloc.result(0)?.into();
        // SAFETY: both values are live and of the same type; `alloc` has no
        // uses left after the replacement and is destroyed once.
        unsafe {
            mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), new.to_raw());
            mlir_sys::mlirOperationDestroy(alloc.to_raw());
        }
        for &dealloc in deallocs {
            let location = dealloc.location();
            let block = dealloc.block().ok_or("internal error: memref.dealloc outside a block")?;
            let memref = dealloc.operand(0)?;
            let start = block.insert_operation_before(dealloc, gpu_wait(location, None)?);
            let token: Value = start.result(0)?.into();
            let free = block.insert_operation_before(dealloc, gpu_dealloc_async(location, token, memref)?);
            let done: Value = free.result(0)?.into();
            block.insert_operation_before(dealloc, gpu_wait(location, Some(done))?);
            // SAFETY: a dealloc has no results; destroyed once.
            unsafe { mlir_sys::mlirOperationDestroy(dealloc.to_raw()) };
        }
        Ok(())
    }
}

/// Which arguments of the host function `entry` (after the GPU pipeline,
/// before the host lowering) only kernels touch: every use is a
/// `gpu.launch_func` argument, or a view of the argument used likewise (the
/// rule of `xla-gpu-device-temporaries`). The runtime keeps those in device
/// memory (`cuMemAlloc`, explicit copies in and out); the others are managed
/// memory, because host code reads or writes them between launches (a
/// `while` condition, a host copy, a call). `None` when there is no such
/// function or it has no body.
pub fn kernel_only_arguments(module: OperationRef, entry: &str) -> Option<Vec<bool>> {
    let mut found = None;
    module.walk(WalkOrder::PreOrder, |op| match op.name().as_string_ref().as_str().ok() {
        Some("gpu.module") => WalkResult::Skip,
        Some("func.func") => {
            let name = op.attribute("sym_name").ok().and_then(|a| melior::ir::attribute::StringAttribute::try_from(a).ok());
            if name.is_some_and(|n| n.value() == entry) {
                found = Some(op.to_raw());
                return WalkResult::Interrupt;
            }
            WalkResult::Skip
        }
        _ => WalkResult::Advance,
    });
    // SAFETY: found in the live module just above.
    let function = unsafe { OperationRef::from_raw(found?) };
    let body = melior::ir::RegionLike::first_block(&function.region(0).ok()?)?;
    let arguments = (0..body.argument_count())
        .map(|i| {
            body.argument(i).is_ok_and(|argument| {
                melior::ir::r#type::MemRefType::try_from(argument.r#type()).is_ok()
                    && device_temporaries::kernels_only(argument.into(), &mut Vec::new())
            })
        })
        .collect();
    Some(arguments)
}

/// A pass that records [`kernel_only_arguments`] of `entry` into `into`
/// (it changes nothing): the runtime puts it between the GPU pipeline and
/// the host lowering, so that one pass manager compiles the whole program
/// (one `--timing` report, one numbering of `--dump-dir`'s pass files).
pub fn create_record_kernel_only_arguments_pass(entry: String, into: std::sync::Arc<std::sync::Mutex<Option<Vec<bool>>>>) -> Pass {
    external_pass!(
        move |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            let found = kernel_only_arguments(module, &entry);
            *into.lock().unwrap_or_else(|e| e.into_inner()) = found;
        },
        "XlaGpuRecordKernelOnlyArguments",
        "xla-gpu-record-kernel-only-arguments",
        "Record which entry arguments only kernels touch (for the runtime's device-resident buffers); changes nothing",
        "builtin.module",
    )
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_device_temporaries_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            for raw in host_ops(module, "memref.alloc") {
                // SAFETY: collected above from the live module; each
                // rewrite destroys only its own alloc and deallocs, which
                // no other entry of the list refers to.
                let alloc = unsafe { OperationRef::from_raw(raw) };
                let Ok(result) = alloc.result(0) else { continue };
                let mut deallocs = Vec::new();
                if !device_temporaries::kernels_only(result.into(), &mut deallocs) {
                    continue;
                }
                let location = alloc.location();
                if let Err(message) = device_temporaries::rewrite(alloc, &deallocs) {
                    crate::diagnostics::emit_error(location, &message);
                    pass.signal_failure();
                    return;
                }
            }
        },
        "XlaGpuDeviceTemporaries",
        "xla-gpu-device-temporaries",
        "Temporaries that only kernels use become gpu.alloc (device memory from the runtime's pool) instead of managed memory",
        "builtin.module",
    )
}

/// `xla-gpu-async-launches`: consecutive kernel launches run back to back.
///
/// A synchronous `gpu.launch_func` becomes a launch followed by a stream
/// synchronization: the host waits for every kernel before launching the
/// next, and each launch pays the round trip. A run of launches in one
/// block, with nothing between them but ops that touch no memory (index
/// arithmetic, constants, views), is chained on one stream instead and
/// waited for once, after the last:
///
/// ```mlir
/// // before
/// gpu.launch_func @a::@a ... args(%x : memref<...>)
/// gpu.launch_func @b::@b ... args(%x : memref<...>)
/// // after
/// %t0 = gpu.wait async
/// %t1 = gpu.launch_func async [%t0] @a::@a ... args(%x : memref<...>)
/// %t2 = gpu.launch_func async [%t1] @b::@b ... args(%x : memref<...>)
/// gpu.wait [%t2]
/// ```
///
/// The stream is the runtime's default one, which runs kernels in launch
/// order, so the second kernel still sees all of the first one's writes;
/// host code reads or writes memory only after the wait. Runs after
/// `xla-gpu-device-temporaries`.
mod async_launches {
    use super::{OperationRef, Value};
    use crate::builders::{BuildResult, gpu_launch_func_async, gpu_wait};
    use melior::ir::{BlockLike, BlockRef, operation::OperationLike};

    /// Ops that may sit between two launches of a run: they touch no memory.
    fn touches_no_memory(name: &str) -> bool {
        name.starts_with("arith.")
            || name.starts_with("index.")
            || name == "affine.apply"
            || name == "memref.get_global"
            || super::VIEW_OPS.contains(&name)
    }

    fn is_sync_launch(op: &OperationRef) -> bool {
        crate::op_name(op) == "gpu.launch_func" && op.result_count() == 0
    }

    /// The runs of two or more synchronous launches in `block`.
    pub(super) fn runs<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<Vec<OperationRef<'c, 'a>>> {
        let mut runs = Vec::new();
        let mut current: Vec<OperationRef> = Vec::new();
        let mut op = block.first_operation();
        while let Some(this) = op {
            if is_sync_launch(&this) {
                current.push(this);
            } else if !touches_no_memory(&crate::op_name(&this)) {
                if current.len() >= 2 {
                    runs.push(std::mem::take(&mut current));
                }
                current.clear();
            }
            op = this.next_in_block();
        }
        if current.len() >= 2 {
            runs.push(current);
        }
        runs
    }

    /// Chains `run` on one stream with one wait after its last launch.
    pub(super) fn chain<'c, 'a>(run: &[OperationRef<'c, 'a>]) -> BuildResult<()> {
        let first = run[0];
        let block = first.block().ok_or("internal error: gpu.launch_func outside a block")?;
        let start = block.insert_operation_before(first, gpu_wait(first.location(), None)?);
        let mut token: Value = start.result(0)?.into();
        for (i, &launch) in run.iter().enumerate() {
            let location = launch.location();
            let chained = block.insert_operation_before(launch, gpu_launch_func_async(launch, token)?);
            token = chained.result(0)?.into();
            // SAFETY: a synchronous launch has no results; destroyed once.
            unsafe { mlir_sys::mlirOperationDestroy(launch.to_raw()) };
            if i + 1 == run.len() {
                block.insert_operation_after(chained, gpu_wait(location, Some(token))?);
            }
        }
        Ok(())
    }
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_async_launches_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut blocks = Vec::new();
            module.walk(WalkOrder::PreOrder, |op| {
                if crate::op_name(&op) == "gpu.module" {
                    return WalkResult::Skip;
                }
                for r in 0..op.region_count() {
                    let Ok(region) = op.region(r) else { continue };
                    let mut block = melior::ir::RegionLike::first_block(&region);
                    while let Some(b) = block {
                        blocks.push(b.to_raw());
                        block = b.next_in_region();
                    }
                }
                WalkResult::Advance
            });
            for raw in blocks {
                // SAFETY: collected above from the live module; chaining
                // replaces launches inside a block, never a block.
                let block = unsafe { melior::ir::BlockRef::from_raw(raw) };
                for run in async_launches::runs(block) {
                    let location = run[0].location();
                    if let Err(message) = async_launches::chain(&run) {
                        crate::diagnostics::emit_error(location, &message);
                        pass.signal_failure();
                        return;
                    }
                }
            }
        },
        "XlaGpuAsyncLaunches",
        "xla-gpu-async-launches",
        "Chain runs of consecutive kernel launches on one stream with one wait after the last",
        "builtin.module",
    )
}
