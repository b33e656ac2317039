//! `xla-elide-result-copies`: a result computed in a temporary buffer and
//! copied into its out-parameter at the end is computed in the
//! out-parameter instead.
//!
//! `buffer-results-to-out-params{hoist-static-allocs}` writes a result
//! straight into its out-parameter only when the returned value is itself
//! an allocation. A result carried by a loop (the stacked output of a
//! `lax.scan`, a `fori_loop`'s state) is a loop result when that pass runs;
//! canonicalization later folds it back to the buffer the loop updates in
//! place, and what is left is a temporary plus a `memref.copy` of it into
//! the out-parameter. This pass removes both: when, in a function's entry
//! block,
//!
//! - `memref.copy %t, %out` copies a `memref.alloc` of the entry block
//!   (static shape) into a block argument `%out` of the same type,
//! - the copy is `%out`'s only use, and
//! - nothing after the copy in the block uses `%t`,
//!
//! every use of `%t` becomes a use of `%out`, and the allocation and the
//! copy are erased. The copy may also read `%t` through a chain of
//! `memref.collapse_shape` / `memref.expand_shape` views, each used once (a
//! result returned as `reshape(x)`, `x.T.reshape(...)`): `%t`'s uses then
//! become uses of `%out` viewed with `%t`'s shape (collapsed to one
//! dimension, expanded to `%t`'s; both identity layouts, same element
//! count), and the views go too. Out-parameters are caller-allocated, write-only for
//! compiled code and distinct from its inputs (the calling convention), so
//! writing the result there early is the same as copying it there last.
//! Runs before buffer deallocation, so the temporary has no dealloc yet.
//!
//! ```mlir
//! // before
//! %ys = memref.alloc() : memref<16x256xf32>
//! linalg.fill ... outs(%ys) ; scf.while ... { ... memref.subview %ys ... }
//! memref.copy %ys, %out : memref<16x256xf32> to memref<16x256xf32>
//! // after
//! linalg.fill ... outs(%out) ; scf.while ... { ... memref.subview %out ... }
//! ```

use melior::ir::{Location, Operation, ShapedTypeLike, Type, TypeLike, Value, r#type::MemRefType};
use melior::{
    ir::{BlockLike, OperationRef, RegionLike, ValueLike, operation::OperationLike},
    pass::{ExternalPass, Pass},
};
use mlir_sys::{MlirOperation, MlirValue};

/// Whether `op` or an op nested in it has `value` as an operand.
fn uses(op: MlirOperation, value: MlirValue) -> bool {
    // SAFETY: `op` is a live operation of the function being processed.
    let op = unsafe { OperationRef::from_raw(op) };
    let mut found = false;
    op.walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
        // SAFETY: `nested` is live during the walk.
        let count = unsafe { mlir_sys::mlirOperationGetNumOperands(nested.to_raw()) };
        for i in 0..count {
            // SAFETY: `i` is below the operand count.
            if unsafe { mlir_sys::mlirOperationGetOperand(nested.to_raw(), i) }.ptr == value.ptr {
                found = true;
                return melior::ir::operation::WalkResult::Interrupt;
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
    found
}

/// The ops that view `target` (a memref with the identity layout) as
/// `wanted` (a static shape with the identity layout, the same element
/// type and count): `memref.collapse_shape` to one dimension, then
/// `memref.expand_shape` to the wanted shape (either left out when the
/// rank is already 1). None when the types do not allow it.
fn reshaped_view<'c>(target: Type<'c>, wanted: Type<'c>, value: Value<'c, '_>, location: Location<'c>) -> Option<Vec<Operation<'c>>> {
    let memref = |ty: Type<'c>| -> Option<(Vec<i64>, Type<'c>)> {
        let ty = MemRefType::try_from(ty).ok()?;
        // SAFETY: a live memref type; its layout is only inspected.
        let identity = unsafe { mlir_sys::mlirAffineMapIsIdentity(mlir_sys::mlirMemRefTypeGetAffineMap(ty.to_raw())) };
        if !identity || ty.rank() == 0 {
            return None;
        }
        // SAFETY: as above; dimension queries below the rank.
        let shape: Vec<i64> = unsafe {
            if !mlir_sys::mlirShapedTypeHasStaticShape(ty.to_raw()) {
                return None;
            }
            (0..ty.rank()).map(|d| mlir_sys::mlirShapedTypeGetDimSize(ty.to_raw(), d as isize)).collect()
        };
        Some((shape, ty.element()))
    };
    let (from, element) = memref(target)?;
    let (to, wanted_element) = memref(wanted)?;
    let count: i64 = from.iter().product();
    if element != wanted_element || count != to.iter().product::<i64>() || from.iter().chain(&to).any(|&d| d < 0) {
        return None;
    }
    let flat: Type = MemRefType::new(element, &[count], None, None).into();
    let mut ops = Vec::new();
    let mut current = value;
    if from.len() != 1 {
        let op = crate::builders::collapse_shape(location, current, vec![(0..from.len()).collect()], flat).ok()?;
        // SAFETY: the result lives as long as the op, which the caller
        // inserts into the function before any use.
        current = unsafe { crate::builders::detach(op.result(0).ok()?) };
        ops.push(op);
    }
    if to.len() != 1 {
        ops.push(crate::builders::expand_shape(location, current, vec![(0..to.len()).collect()], &to, wanted).ok()?);
    }
    Some(ops)
}

/// Elides the copies of one function (its entry block); returns how many.
fn elide_in_function(function: OperationRef) -> usize {
    let Some(block) = function.region(0).ok().and_then(|r| r.first_block()) else {
        return 0; // a declaration
    };
    let mut elided = 0;
    let mut next = block.first_operation().map(|op| op.to_raw());
    while let Some(raw) = next {
        // SAFETY: `raw` is an op of the live block; the following op is read
        // before this one may be erased.
        let op = unsafe { OperationRef::from_raw(raw) };
        next = op.next_in_block().map(|o| o.to_raw());
        if crate::op_name(&op) != "memref.copy" || op.operand_count() != 2 {
            continue;
        }
        let (Ok(source), Ok(target)) = (op.operand(0), op.operand(1)) else { continue };
        let (source, target) = (source.to_raw(), target.to_raw());
        // SAFETY: queries on live values and ops.
        unsafe {
            // The target: an argument of this block, used only here.
            if !mlir_sys::mlirValueIsABlockArgument(target)
                || mlir_sys::mlirBlockArgumentGetOwner(target).ptr != block.to_raw().ptr
                || crate::use_count(target) != 1
            {
                continue;
            }
            // The source: a static allocation of this block, same type, or
            // a reshape of one (memref.collapse_shape / expand_shape views,
            // each used once: a result returned as `reshape(x)`).
            let mut reshapes = Vec::new();
            let mut base = source;
            while mlir_sys::mlirValueIsAOpResult(base) {
                let owner = mlir_sys::mlirOpResultGetOwner(base);
                let name = crate::op_name(&OperationRef::from_raw(owner));
                if (name != "memref.collapse_shape" && name != "memref.expand_shape") || crate::use_count(base) != 1 {
                    break;
                }
                reshapes.push(owner);
                base = mlir_sys::mlirOperationGetOperand(owner, 0);
            }
            if !mlir_sys::mlirValueIsAOpResult(base) {
                continue;
            }
            let alloc = mlir_sys::mlirOpResultGetOwner(base);
            let alloc_ref = OperationRef::from_raw(alloc);
            if crate::op_name(&alloc_ref) != "memref.alloc"
                || alloc_ref.operand_count() != 0
                || mlir_sys::mlirOperationGetBlock(alloc).ptr != block.to_raw().ptr
            {
                continue;
            }
            let (alloc_type, target_type) = (mlir_sys::mlirValueGetType(base), mlir_sys::mlirValueGetType(target));
            let view = if reshapes.is_empty() {
                if !mlir_sys::mlirTypeEqual(alloc_type, target_type) {
                    continue;
                }
                None
            } else {
                // The out-parameter seen with the allocation's shape.
                match reshaped_view(Type::from_raw(target_type), Type::from_raw(alloc_type), Value::from_raw(target), alloc_ref.location()) {
                    Some(ops) => Some(ops),
                    None => continue,
                }
            };
            let source = base;
            // Nothing after the copy reads or writes the temporary.
            let mut later = mlir_sys::mlirOperationGetNextInBlock(raw);
            let mut used_later = false;
            while !later.ptr.is_null() {
                if uses(later, source) {
                    used_later = true;
                    break;
                }
                later = mlir_sys::mlirOperationGetNextInBlock(later);
            }
            if used_later {
                continue;
            }
            mlir_sys::mlirOperationRemoveFromParent(raw);
            mlir_sys::mlirOperationDestroy(raw);
            // The reshapes of the temporary fed only the copy (one use
            // each): dead now, last first.
            for reshape in reshapes {
                mlir_sys::mlirOperationRemoveFromParent(reshape);
                mlir_sys::mlirOperationDestroy(reshape);
            }
            let replacement = match view {
                None => target,
                Some(ops) => {
                    let mut last = target;
                    for op in ops {
                        let op = op.into_raw();
                        mlir_sys::mlirBlockInsertOwnedOperationBefore(block.to_raw(), alloc, op);
                        last = mlir_sys::mlirOperationGetResult(op, 0);
                    }
                    last
                }
            };
            mlir_sys::mlirValueReplaceAllUsesOfWith(source, replacement);
            mlir_sys::mlirOperationRemoveFromParent(alloc);
            mlir_sys::mlirOperationDestroy(alloc);
        }
        elided += 1;
    }
    elided
}

/// Runs over every `func.func` of `module`; returns the copies elided.
pub fn elide_result_copies(module: OperationRef) -> usize {
    let mut functions = Vec::new();
    module.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if crate::op_name(&op) == "func.func" {
            functions.push(op.to_raw());
            return melior::ir::operation::WalkResult::Skip;
        }
        melior::ir::operation::WalkResult::Advance
    });
    functions
        .into_iter()
        // SAFETY: collected from the live module; functions are not erased.
        .map(|raw| elide_in_function(unsafe { OperationRef::from_raw(raw) }))
        .sum()
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_elide_result_copies_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| {
            elide_result_copies(module);
        },
        "XlaElideResultCopies",
        "xla-elide-result-copies",
        "Compute a result in its out-parameter when it was computed in a temporary that is only copied there at the end",
        "builtin.module",
    )
}
