//! `xla-mark-noalias`: marks the pointer parameters of entry points
//! `llvm.noalias`, which LLVM sees as `noalias` on the buffer pointers.
//!
//! Runs on the LLVM dialect. An entry point is a public `llvm.func` with a
//! body that no other function of the module calls (its C-interface wrapper
//! `_mlir_ciface_<name>` aside, which passes its caller's buffers through).
//! An entry point's body `<name>.planned` (`xla-plan-buffers`), called only
//! by `<name>`, is marked too: it gets the entry's buffers and the arena.
//! Its pointer parameters are the `allocated`/`aligned` pointers of its
//! memref arguments (or, for a C-interface wrapper, pointers to distinct
//! descriptors).
//!
//! A thread-pool task's body (`xla-cpu-parallel-tasks`) lists in
//! `xla.noalias_arguments` the positions of the pointers it may mark: those
//! of captured buffers that overlap no other buffer of the loop that either
//! of them writes (the analysis is the outlining pass's, which still sees the
//! buffers' origins). They are marked here, and only when every listed
//! position is a pointer parameter.
//!
//! This states the calling convention of compiled entry points (see the
//! runtime): each result is a caller-allocated out-parameter that overlaps no
//! other buffer (`xla-distinct-results` makes results distinct), and
//! arguments are only read; compiled code accesses memory only through the
//! `aligned` pointer. Under that convention `noalias` holds even when two
//! arguments share a buffer, since neither is written. Without it LLVM must
//! assume that a store to an output may change an input, so it reloads
//! inputs inside inner loops and keeps accumulators in memory.
//!
//! ```mlir
//! // before
//! llvm.func @main(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, ...)
//! // after
//! llvm.func @main(%arg0: !llvm.ptr {llvm.noalias}, %arg1: !llvm.ptr {llvm.noalias}, %arg2: i64, ...)
//! ```

use melior::{
    ir::{
        Attribute, AttributeLike, BlockLike, Identifier, OperationRef, RegionLike, ValueLike,
        attribute::{ArrayAttribute, FlatSymbolRefAttribute, StringAttribute},
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};

/// The entries of argument `index`'s attribute dictionary, plus `llvm.noalias`.
fn with_noalias<'c>(op: &OperationRef<'c, '_>, index: usize) -> Attribute<'c> {
    // SAFETY: the context outlives the op and this pass.
    let context = crate::context_of(op.context());
    let noalias = Identifier::new(context, "llvm.noalias");
    // SAFETY: the raw handles come from live attributes of `op`'s context,
    // and the new dictionary is built in that context from them.
    unsafe {
        let mut entries = Vec::new();
        if let Some(dictionary) = op
            .attribute("arg_attrs")
            .ok()
            .and_then(|a| ArrayAttribute::try_from(a).ok())
            .and_then(|array| array.element(index).ok())
        {
            let raw = dictionary.to_raw();
            if mlir_sys::mlirAttributeIsADictionary(raw) {
                for i in 0..mlir_sys::mlirDictionaryAttrGetNumElements(raw) {
                    let entry = mlir_sys::mlirDictionaryAttrGetElement(raw, i);
                    if !mlir_sys::mlirIdentifierEqual(entry.name, noalias.to_raw()) {
                        entries.push(entry);
                    }
                }
            }
        }
        entries.push(mlir_sys::MlirNamedAttribute { name: noalias.to_raw(), attribute: Attribute::unit(context).to_raw() });
        Attribute::from_raw(mlir_sys::mlirDictionaryAttrGet(context.to_raw(), entries.len() as isize, entries.as_ptr()))
    }
}

fn symbol(op: &OperationRef) -> Option<String> {
    op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned())
}

/// Whether `op` is a public, externally visible function (an entry point
/// when nothing calls it).
fn is_public(op: &OperationRef) -> bool {
    let is_external = op.attribute("linkage").map_or(true, xla_dialects::is_external_linkage);
    let is_private = op
        .attribute("sym_visibility")
        .ok()
        .and_then(|a| StringAttribute::try_from(a).ok())
        .is_some_and(|v| v.value() != "public");
    is_external && !is_private
}

/// The argument positions a task body asks to mark (`xla.noalias_arguments`).
fn listed_arguments(op: &OperationRef) -> Option<Vec<usize>> {
    let attribute = op.attribute(NOALIAS_ARGUMENTS).ok()?;
    // SAFETY: a live attribute, read only after checking it is a dense i64 array.
    unsafe {
        let raw = attribute.to_raw();
        if !mlir_sys::mlirAttributeIsADenseI64Array(raw) {
            return None;
        }
        let count = mlir_sys::mlirDenseArrayGetNumElements(raw);
        Some((0..count).map(|i| mlir_sys::mlirDenseI64ArrayGetElement(raw, i) as usize).collect())
    }
}

/// The attribute of a task body (set by `xla-cpu-parallel-tasks`) listing the
/// positions of its pointer parameters that may be `noalias`.
pub const NOALIAS_ARGUMENTS: &str = "xla.noalias_arguments";

fn mark(op: OperationRef) {
    mark_where(op, |_| true)
}

/// Marks the pointer parameters of `op` for which `selected(position)`.
fn mark_where(op: OperationRef, selected: impl Fn(usize) -> bool) {
    let Some(entry) = op.region(0).ok().and_then(|r| r.first_block()) else { return };
    // SAFETY: the context outlives the op and this pass.
    let context = crate::context_of(op.context());
    let count = entry.argument_count();
    let dictionaries: Vec<Attribute> = (0..count)
        .map(|i| {
            let is_pointer = entry.argument(i).is_ok_and(|a| is_default_pointer(a.r#type()));
            if is_pointer && selected(i) {
                with_noalias(&op, i)
            } else {
                op.attribute("arg_attrs")
                    .ok()
                    .and_then(|a| ArrayAttribute::try_from(a).ok())
                    .and_then(|array| array.element(i).ok())
                    .unwrap_or_else(|| melior::ir::attribute::DictionaryAttribute::new(context, &[]).into())
            }
        })
        .collect();
    let array = ArrayAttribute::new(context, &dictionaries);
    let name = std::ffi::CString::new("arg_attrs").expect("no NUL");
    // SAFETY: `op` is a live llvm.func; the array has one dictionary per
    // argument, as `arg_attrs` requires.
    unsafe {
        mlir_sys::mlirOperationSetAttributeByName(
            op.to_raw(),
            mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()),
            array.to_raw(),
        )
    };
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_mark_noalias_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            let Ok(body) = module.region(0) else { return };
            let Some(block) = body.first_block() else { return };
            // Functions called from another function (not a C-interface
            // wrapper) may get aliasing buffers: leave them alone, except
            // an entry point's `NAME.planned` body (buffer assignment) that
            // only `NAME` calls: it gets `NAME`'s buffers and the arena that
            // `NAME` just allocated (or, in an AOT object, the caller's
            // scratch buffer, which the header says overlaps nothing).
            let mut called = std::collections::HashSet::new();
            let mut callers: std::collections::HashMap<String, std::collections::HashSet<String>> = Default::default();
            let mut public_bodies = std::collections::HashSet::new();
            let mut next = block.first_operation();
            while let Some(function) = next {
                let wrapper = symbol(&function).is_some_and(|s| s.starts_with("_mlir_ciface_"));
                let has_body = function.region(0).ok().and_then(|r| r.first_block()).is_some();
                if function.name().as_string_ref().as_str().ok() == Some("llvm.func") && has_body && is_public(&function) {
                    public_bodies.extend(symbol(&function));
                }
                if !wrapper {
                    function.walk(WalkOrder::PreOrder, |op| {
                        if crate::op_name(&op) == "llvm.call" {
                            let callee = op.attribute("callee").ok().and_then(|a| FlatSymbolRefAttribute::try_from(a).ok());
                            if let Some(callee) = callee {
                                called.insert(callee.value().to_owned());
                                callers.entry(callee.value().to_owned()).or_default().extend(symbol(&function));
                            }
                        }
                        WalkResult::Advance
                    });
                }
                next = function.next_in_block();
            }
            let mut next = block.first_operation();
            while let Some(op) = next {
                let is_function = op.name().as_string_ref().as_str().ok() == Some("llvm.func");
                let name = symbol(&op).unwrap_or_default();
                let entry = |name: &str| !called.contains(name) && public_bodies.contains(name);
                let planned_body = name.strip_suffix(crate::buffer_plan::PLANNED_SUFFIX).is_some_and(|base| {
                    entry(base) && callers.get(&name).is_some_and(|c| c.len() == 1 && c.contains(base))
                });
                if is_function && (entry(&name) || planned_body) {
                    mark(op);
                } else if let Some(listed) = listed_arguments(&op).filter(|_| is_function) {
                    let entry_block = op.region(0).ok().and_then(|r| r.first_block());
                    let all_pointers = entry_block.is_some_and(|block| {
                        listed.iter().all(|&i| block.argument(i).is_ok_and(|a| is_default_pointer(a.r#type())))
                    });
                    if all_pointers {
                        mark_where(op, |i| listed.contains(&i));
                    }
                }
                next = op.next_in_block();
            }
        },
        "XlaMarkNoalias",
        "xla-mark-noalias",
        "Mark the pointer parameters of entry points (LLVM dialect) llvm.noalias: outputs overlap nothing, inputs are only read",
        "builtin.module",
    )
}

/// Whether `ty` is `!llvm.ptr` in the default address space.
fn is_default_pointer(ty: melior::ir::Type) -> bool {
    use melior::ir::TypeLike;
    // SAFETY: a live type; the address space is read only from a pointer type.
    unsafe { mlir_sys::mlirTypeIsALLVMPointerType(ty.to_raw()) && mlir_sys::mlirLLVMPointerTypeGetAddressSpace(ty.to_raw()) == 0 }
}
