//! `xla-checked-allocations`: every heap allocation of compiled code checks
//! its result. `finalize-memref-to-llvm` turns each `memref.alloc` (a
//! temporary of the program, or the arena of `xla-plan-buffers`) into a
//! bare `malloc` call, or `aligned_alloc` with `use-aligned-alloc` (the CPU
//! pipeline's), whose result is used unchecked, so a temporary too large
//! for the machine was a NULL pointer dereference. After this pass those
//! calls go to `xla.checked_malloc` / `xla.checked_aligned_alloc`, internal
//! functions of the module that call `malloc` / `aligned_alloc` and, when it
//! fails for a non-zero size, call `xla_allocation_failed(size)`, which
//! does not return. What that function does belongs to whoever runs the code (see
//! ARCHITECTURE.md, "Allocation failure"): the JIT's unwinds to the runtime,
//! which reports an error with the size; the AOT entry point returns a
//! status; a plain object gets a weak default that aborts.
//!
//! Runs on the LLVM dialect, after `finalize-memref-to-llvm`.
//!
//! ```mlir
//! // before
//! %p = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
//! %q = llvm.call @aligned_alloc(%c64, %size) : (i64, i64) -> !llvm.ptr
//! // after
//! %p = llvm.call @xla.checked_malloc(%size) : (i64) -> !llvm.ptr
//! %q = llvm.call @xla.checked_aligned_alloc(%c64, %size) : (i64, i64) -> !llvm.ptr
//! llvm.func internal @xla.checked_malloc(%size: i64) -> !llvm.ptr { ... }
//! llvm.func internal @xla.checked_aligned_alloc(%alignment: i64, %size: i64) -> !llvm.ptr { ... }
//! llvm.func @xla_allocation_failed(i64) attributes {passthrough = ["noreturn", "cold", "nounwind"]}
//! ```

use melior::{
    ir::{
        BlockLike, Module, OperationRef, RegionLike,
        attribute::{FlatSymbolRefAttribute, StringAttribute},
        operation::{OperationLike, OperationMutLike, OperationRefMut, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};

/// The function that compiled code calls when an allocation fails: C
/// signature `void xla_allocation_failed(uint64_t size)`, never returns.
pub const ALLOCATION_FAILED: &str = "xla_allocation_failed";

const CHECKED_MALLOC: &str = "xla.checked_malloc";
const CHECKED_ALIGNED_ALLOC: &str = "xla.checked_aligned_alloc";

/// The allocation functions of the C library that compiled code calls, and
/// the checking function that replaces each.
const CHECKED: &[(&str, &str)] = &[("malloc", CHECKED_MALLOC), ("aligned_alloc", CHECKED_ALIGNED_ALLOC)];

/// The checking function and the declarations it needs. A fixed text (no
/// shapes or types vary), parsed and verified when the pass runs.
const HELPERS: &str = r#"module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
  llvm.func @xla_allocation_failed(i64) attributes {passthrough = ["noreturn", "cold", "nounwind"]}
  llvm.func internal @xla.checked_malloc(%size: i64) -> !llvm.ptr {
    %p = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    %null = llvm.mlir.zero : !llvm.ptr
    %zero = llvm.mlir.constant(0 : i64) : i64
    %is_null = llvm.icmp "eq" %p, %null : !llvm.ptr
    %not_empty = llvm.icmp "ne" %size, %zero : i64
    %failed = llvm.and %is_null, %not_empty : i1
    llvm.cond_br %failed, ^fail, ^ok
  ^ok:
    llvm.return %p : !llvm.ptr
  ^fail:
    llvm.call @xla_allocation_failed(%size) : (i64) -> ()
    llvm.unreachable
  }
  llvm.func internal @xla.checked_aligned_alloc(%alignment: i64, %size: i64) -> !llvm.ptr {
    %p = llvm.call @aligned_alloc(%alignment, %size) : (i64, i64) -> !llvm.ptr
    %null = llvm.mlir.zero : !llvm.ptr
    %zero = llvm.mlir.constant(0 : i64) : i64
    %is_null = llvm.icmp "eq" %p, %null : !llvm.ptr
    %not_empty = llvm.icmp "ne" %size, %zero : i64
    %failed = llvm.and %is_null, %not_empty : i1
    llvm.cond_br %failed, ^fail, ^ok
  ^ok:
    llvm.return %p : !llvm.ptr
  ^fail:
    llvm.call @xla_allocation_failed(%size) : (i64) -> ()
    llvm.unreachable
  }
}"#;

fn op_name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

fn symbol_name(op: &OperationRef) -> Option<String> {
    op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned())
}

/// Redirects the module's `malloc` calls; `Err` only on an internal error.
fn check_allocations(module: OperationRef) -> crate::builders::BuildResult<()> {
    let context = crate::context_of(module.context());
    let body = module.region(0)?.first_block().ok_or("module without a body")?;
    // The malloc calls of every function but the checking one (which is
    // there when the pass runs again).
    let mut calls = Vec::new();
    let mut existing = Vec::new();
    let mut next = body.first_operation();
    while let Some(function) = next {
        next = function.next_in_block();
        let name = symbol_name(&function);
        if let Some(checker) = CHECKED.iter().map(|&(_, checker)| checker).find(|&c| name.as_deref() == Some(c)) {
            existing.push(checker.to_owned());
            continue;
        }
        existing.extend(name);
        function.walk(WalkOrder::PreOrder, |op| {
            if op_name(&op) == "llvm.call" {
                let callee = op.attribute("callee").ok().and_then(|a| FlatSymbolRefAttribute::try_from(a).ok()).map(|c| c.value().to_owned());
                if let Some(&(_, checker)) = CHECKED.iter().find(|&&(allocator, _)| callee.as_deref() == Some(allocator)) {
                    calls.push((op.to_raw(), checker));
                }
            }
            WalkResult::Advance
        });
    }
    if calls.is_empty() {
        return Ok(());
    }
    for (call, checker) in calls {
        // SAFETY: collected from the live module above; nothing was erased.
        let mut call = unsafe { OperationRefMut::from_raw(call) };
        call.set_attribute("callee", FlatSymbolRefAttribute::new(context, checker).into());
    }
    let helpers = Module::parse(context, HELPERS).ok_or("internal error: the allocation helpers do not parse")?;
    let mut next = helpers.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if symbol_name(&op).is_some_and(|name| existing.contains(&name)) {
            continue;
        }
        // SAFETY: `op` is live; it is unlinked from the parsed module and
        // appended to this module's body, in the same context.
        unsafe {
            mlir_sys::mlirOperationRemoveFromParent(op.to_raw());
            mlir_sys::mlirBlockAppendOwnedOperation(body.to_raw(), op.to_raw());
        }
    }
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_checked_allocations_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            if let Err(message) = check_allocations(module) {
                crate::diagnostics::emit_error(module.location(), &message);
                pass.signal_failure();
            }
        },
        "CheckedAllocations",
        "xla-checked-allocations",
        "Check every malloc/aligned_alloc of compiled code: on failure call xla_allocation_failed(size), which does not return",
        "builtin.module",
    )
}
