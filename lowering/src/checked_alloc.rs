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

use crate::builders::{BuildResult, LlvmIcmp, llvm_and, llvm_call, llvm_cond_br, llvm_icmp, llvm_int_constant};
use crate::op_name;
use melior::{
    Context,
    dialect::llvm,
    ir::{
        Attribute, Block, BlockLike, Identifier, Location, Operation, OperationRef, Region, RegionLike, Type, Value,
        attribute::{ArrayAttribute, FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
        operation::{OperationLike, OperationMutLike, OperationRefMut, WalkOrder, WalkResult},
        r#type::IntegerType,
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

/// The declarations the checking functions need, then the two checking
/// functions, built in `context` (no shapes or types vary):
///
/// ```mlir
/// llvm.func @malloc(i64) -> !llvm.ptr
/// llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
/// llvm.func @xla_allocation_failed(i64) attributes {passthrough = ["noreturn", "cold", "nounwind"]}
/// llvm.func internal @xla.checked_malloc(%size: i64) -> !llvm.ptr { (null check) }
/// llvm.func internal @xla.checked_aligned_alloc(%alignment: i64, %size: i64) -> !llvm.ptr { (null check) }
/// ```
fn helpers(context: &Context) -> BuildResult<Vec<Operation<'_>>> {
    let i64_type: Type = IntegerType::new(context, 64).into();
    let ptr = llvm::r#type::pointer(context, 0);
    let passthrough: Vec<Attribute> =
        ["noreturn", "cold", "nounwind"].iter().map(|a| StringAttribute::new(context, a).into()).collect();
    Ok(vec![
        declaration(context, "malloc", &[i64_type], ptr, &[]),
        declaration(context, "aligned_alloc", &[i64_type, i64_type], ptr, &[]),
        declaration(
            context,
            ALLOCATION_FAILED,
            &[i64_type],
            llvm::r#type::void(context),
            &[(Identifier::new(context, "passthrough"), ArrayAttribute::new(context, &passthrough).into())],
        ),
        checking_function(context, CHECKED_MALLOC, "malloc", 1)?,
        checking_function(context, CHECKED_ALIGNED_ALLOC, "aligned_alloc", 2)?,
    ])
}

/// `llvm.func @name(inputs) -> result`, a declaration.
fn declaration<'c>(
    context: &'c Context,
    name: &str,
    inputs: &[Type<'c>],
    result: Type<'c>,
    attributes: &[(Identifier<'c>, Attribute<'c>)],
) -> Operation<'c> {
    llvm::func(
        context,
        StringAttribute::new(context, name),
        TypeAttribute::new(llvm::r#type::function(result, inputs, false)),
        Region::new(),
        attributes,
        Location::unknown(context),
    )
}

/// The one result of `op`.
fn result<'c, 'a>(op: OperationRef<'c, 'a>) -> BuildResult<Value<'c, 'a>> {
    Ok(op.result(0)?.into())
}

/// The one null check, shared by both checking functions:
/// `llvm.func internal @name(%args..: i64) -> !llvm.ptr` that calls
/// `allocator(%args..)` and, when the result is null for a non-zero size
/// (the last argument), calls `xla_allocation_failed(size)`:
///
/// ```mlir
///   %p = llvm.call @allocator(%args..) : (i64..) -> !llvm.ptr
///   %null = llvm.mlir.zero : !llvm.ptr
///   %zero = llvm.mlir.constant(0 : i64) : i64
///   %is_null = llvm.icmp "eq" %p, %null : !llvm.ptr
///   %not_empty = llvm.icmp "ne" %size, %zero : i64
///   %failed = llvm.and %is_null, %not_empty : i1
///   llvm.cond_br %failed, ^fail, ^ok
/// ^ok:
///   llvm.return %p : !llvm.ptr
/// ^fail:
///   llvm.call @xla_allocation_failed(%size) : (i64) -> ()
///   llvm.unreachable
/// ```
fn checking_function<'c>(context: &'c Context, name: &str, allocator: &str, arguments: usize) -> BuildResult<Operation<'c>> {
    let location = Location::unknown(context);
    let i64_type: Type = IntegerType::new(context, 64).into();
    let ptr = llvm::r#type::pointer(context, 0);
    let entry = Block::new(&vec![(i64_type, location); arguments]);
    let ok = Block::new(&[]);
    let fail = Block::new(&[]);
    let args: Vec<Value> = (0..arguments).map(|i| entry.argument(i).map(Value::from)).collect::<Result<_, _>>()?;
    let size = *args.last().ok_or("internal error: an allocator without a size")?;
    let p = result(entry.append_operation(llvm_call(context, location, allocator, &args, Some(ptr))?))?;
    let null = result(entry.append_operation(llvm::zero(ptr, location)))?;
    let zero = result(entry.append_operation(llvm_int_constant(context, location, 0, 64)?))?;
    let is_null = result(entry.append_operation(llvm_icmp(context, location, LlvmIcmp::Eq, p, null)?))?;
    let not_empty = result(entry.append_operation(llvm_icmp(context, location, LlvmIcmp::Ne, size, zero)?))?;
    let failed = result(entry.append_operation(llvm_and(location, is_null, not_empty)?))?;
    entry.append_operation(llvm_cond_br(context, location, failed, &fail, &ok)?);
    ok.append_operation(llvm::r#return(Some(p), location));
    fail.append_operation(llvm_call(context, location, ALLOCATION_FAILED, &[size], None)?);
    fail.append_operation(llvm::unreachable(location));
    let region = Region::new();
    region.append_block(entry);
    region.append_block(ok);
    region.append_block(fail);
    let function_type = llvm::r#type::function(ptr, &vec![i64_type; arguments], false);
    // SAFETY: a live context; the attribute belongs to it.
    let internal = unsafe {
        Attribute::from_raw(mlir_sys::mlirLLVMLinkageAttrGet(context.to_raw(), mlir_sys::MlirLLVMLinkage_MlirLLVMLinkageInternal))
    };
    Ok(llvm::func(
        context,
        StringAttribute::new(context, name),
        TypeAttribute::new(function_type),
        region,
        &[(Identifier::new(context, "linkage"), internal)],
        location,
    ))
}

fn symbol_name<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> Option<String> {
    op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned())
}

/// Redirects the module's `malloc` calls; `Err` only on an internal error.
fn check_allocations(module: OperationRef) -> BuildResult<()> {
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
    for helper in helpers(context)? {
        if symbol_name(&helper).is_some_and(|name| existing.contains(&name)) {
            continue;
        }
        body.append_operation(helper);
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

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::Module;

    /// The helpers as text, as they were written before they were built
    /// with the typed builders: what the built ones must print as.
    const EXPECTED: &str = r#"module {
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

    #[test]
    fn built_helpers_print_as_the_text() {
        let context = xla_dialects::create_context();
        let expected = Module::parse(&context, EXPECTED).expect("the reference text parses");
        let built = Module::new(Location::unknown(&context));
        for helper in helpers(&context).expect("the helpers build") {
            built.body().append_operation(helper);
        }
        assert!(built.as_operation().verify(), "the built helpers verify");
        assert_eq!(built.as_operation().to_string(), expected.as_operation().to_string());
    }
}
