//! Output fusion (the planner's `output` kind): the element-wise consumer
//! of a contraction (bias, activation) computed in the contraction's
//! epilogue, on the accumulators in registers, instead of in a loop nest
//! that reads the product back from memory.
//!
//! Two steps:
//!
//! 1. `xla-epilogue-in-place` (this module's pass, on tensors, before
//!    bufferization): when the planner put a contraction `G` and its only
//!    user `E` (an all-parallel `linalg.generic` that reads `G`'s result
//!    element-wise, at the index it writes, and never reads its own init,
//!    a `tensor.empty`: not a loop state placed by `xla-loop-state-in-place`)
//!    in one group, `E`'s init becomes `G`'s result, and `G` (with the
//!    zero fill that starts it, when only `G` uses that fill) moves right
//!    before `E`. Bufferization then gives `E` the product's buffer:
//!    `ins(%C, %bias) outs(%C)`. This alone saves the consumer's buffer
//!    (the product's is dead once the consumer has read it).
//!    When the consumer also reads another temporary `D` of its result's
//!    type at the index it writes, used by nothing else (the other product
//!    of `x W + h U`), `E`'s init becomes `D` instead; when its init is
//!    already chosen (a loop's state, by `xla-loop-state-in-place`), it
//!    stays, and `G` still moves right before `E` if it does not read that
//!    state. The kernel of `G` then stores `E`'s values into that buffer,
//!    and `G`'s product never needs one of its own.
//! 2. `xla-contraction-kernels` ([`match_epilogue`] here, the emission in
//!    `contraction_kernels.rs`): when such an `E` follows the kernel's
//!    generic (only allocations, deallocations and constants between), the
//!    kernel applies `E`'s body to each register tile's sums before it
//!    stores them (the other inputs loaded as vectors along the tile's
//!    columns, or as scalars broadcast when they do not vary along them),
//!    and `E` is erased. Each output element then goes to memory once.
//!    The tiles go to `E`'s init: the product's buffer, or another buffer
//!    (`D`, a loop's state) when it has the product's type, the
//!    contraction does not read it, every input of `E` in it is that
//!    buffer read at the index `E` writes, and the product is a temporary
//!    that only the contraction, its zero fill, `E` and deallocations use:
//!    that temporary is then freed (its allocation erased).
//!
//! Not fused (the consumer keeps its own loop nest, in place): a
//! contraction the kernels do not take (not f32, ...), a reduction split in
//! K blocks (the output accumulates block by block, so the sums of a tile
//! are final only after the last block), bodies with integer division
//! (masked lanes would divide garbage) or ops other than `arith`, `math`,
//! `llvm.intr` ones on scalars and `linalg.index` (an iota fused into the
//! consumer, e.g. a causal mask: rebuilt as the tile's row, or the vector
//! of its lanes' columns), inputs read across the columns (a
//! transposed matrix), and consumers the planner did not group with the
//! contraction (`--fusion=off`, `greedy`). The kernels say which they fused
//! in the fusion report (`--report=fusion`).
//!
//! ```mlir
//! // before (tensors)
//! %p = linalg.generic {... "reduction" ...} ins(%x, %w) outs(%zeros)        // x @ w
//! %y = linalg.generic {... "parallel" ...} ins(%p, %b) outs(%empty) {        // max(p + b, 0)
//! // after
//! %y = linalg.generic {... "parallel" ...} ins(%p, %b) outs(%p) { ... }
//! ```

use crate::op_name;
use melior::{
    ir::{AttributeLike, BlockLike, OperationRef, RegionLike, ValueLike, operation::OperationLike, operation::WalkOrder, operation::WalkResult},
    pass::{ExternalPass, Pass},
};
use mlir_sys::{MlirOperation, MlirValue};

/// Whether `op` is a `linalg.generic` with a reduction iterator.
fn is_reduction_generic(op: &OperationRef) -> bool {
    op_name(op) == "linalg.generic" && op.attribute("iterator_types").is_ok_and(xla_dialects::has_reduction_iterator)
}

/// Whether `op` is a `linalg.generic` whose iterators are all parallel.
pub(crate) fn is_parallel_generic(op: &OperationRef) -> bool {
    op_name(op) == "linalg.generic" && op.attribute("iterator_types").is_ok_and(|a| !xla_dialects::has_reduction_iterator(a))
}

/// The `k`-th indexing map attribute of a generic, as its raw pointer
/// (affine map attributes are uniqued: equal maps, equal pointers).
pub(crate) fn map_pointer(op: &OperationRef, k: usize) -> Option<usize> {
    let maps = melior::ir::attribute::ArrayAttribute::try_from(op.attribute("indexing_maps").ok()?).ok()?;
    Some(maps.element(k).ok()?.to_raw().ptr as usize)
}

/// Whether the block argument of `op`'s body for operand `k` has no use.
pub(crate) fn argument_unused(op: &OperationRef, k: usize) -> bool {
    let Some(body) = op.region(0).ok().and_then(|r| r.first_block()) else { return false };
    body.argument(k).is_ok_and(|argument| crate::use_count(argument.to_raw()) == 0)
}

/// The consumer that `xla-epilogue-in-place` may compute in the buffer of
/// contraction `producer`'s result: its only user, an all-parallel generic
/// with one init that its body does not read, reading the result once, as
/// an input with the same indexing map as its init, of the same type,
/// planned into one group with the producer. Returns the consumer, the
/// position of its init, and the value its init becomes: the producer's
/// result, or another input the consumer may overwrite (see
/// [`overwritable_input`]).
fn in_place_consumer<'c, 'a>(producer: &OperationRef<'c, 'a>) -> Option<(OperationRef<'c, 'a>, usize, MlirValue)> {
    if producer.result_count() != 1 {
        return None;
    }
    let result = producer.result(0).ok()?;
    if crate::use_count(result.to_raw()) != 1 {
        return None;
    }
    // SAFETY: a live value with exactly one use, whose owner is live.
    let user = unsafe { OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(mlir_sys::mlirValueGetFirstUse(result.to_raw()))) };
    if !is_parallel_generic(&user) || user.result_count() != 1 || user.block()?.to_raw().ptr != producer.block()?.to_raw().ptr {
        return None;
    }
    let operands = user.operand_count();
    let position = user.operands().position(|o| o.to_raw().ptr == result.to_raw().ptr)?;
    let init = operands - 1;
    if position == init
        || map_pointer(&user, position)? != map_pointer(&user, init)?
        || !argument_unused(&user, init)
        || user.result(0).ok()?.r#type() != result.r#type()
        || user.operand(init).ok()?.r#type() != result.r#type()
    {
        return None;
    }
    if crate::fusion_plan::planned_together(producer.location(), user.location()) != Some(true) {
        return None;
    }
    let current = user.operand(init).ok()?.to_raw();
    if !is_empty_tensor(current) {
        // The init is already chosen (a loop's state, placed by
        // `xla-loop-state-in-place`): it stays; the producer still moves
        // right before the consumer, so that its kernel can store the
        // consumer's values there, when it does not read that state.
        if producer.operands().any(|o| o.to_raw().ptr == current.ptr) {
            return None;
        }
        return Some((user, init, current));
    }
    let into = overwritable_input(&user, position, init).unwrap_or(result.to_raw());
    Some((user, init, into))
}

/// Another input of `consumer` (not the product at `product`) that it may
/// compute its result in: of the result's type, read at the index it
/// writes, used by nothing else, computed by a linalg op of the same block
/// (a temporary, not an argument). `x W + h U`: the consumer then writes
/// over `h U`, and the kernel of `x W` stores its tiles there, so the
/// product `x W` never needs a buffer.
fn overwritable_input(consumer: &OperationRef, product: usize, init: usize) -> Option<MlirValue> {
    let result_type = consumer.result(0).ok()?.r#type();
    for (k, operand) in consumer.operands().enumerate().take(init) {
        if k == product
            || operand.r#type() != result_type
            || map_pointer(consumer, k)? != map_pointer(consumer, init)?
            || crate::use_count(operand.to_raw()) != 1
        {
            continue;
        }
        // SAFETY: a live value; an op result has a live owner.
        let owner = unsafe {
            if !mlir_sys::mlirValueIsAOpResult(operand.to_raw()) {
                continue;
            }
            OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(operand.to_raw()))
        };
        if op_name(&owner).starts_with("linalg.") && owner.block().map(|b| b.to_raw().ptr) == consumer.block().map(|b| b.to_raw().ptr) {
            return Some(operand.to_raw());
        }
    }
    None
}

/// Whether `value` is a `tensor.empty`'s result: a fresh init (not a loop
/// state that `xla-loop-state-in-place` chose, nor a result's buffer).
fn is_empty_tensor(value: MlirValue) -> bool {
    // SAFETY: `value` is live; an op result has a live owner.
    unsafe { mlir_sys::mlirValueIsAOpResult(value) && op_name(&OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(value))) == "tensor.empty" }
}

/// The zero fill (or other op) that defines `producer`'s init, when
/// `producer` is its only user and it is the op right before `producer`.
fn own_init<'c, 'a>(producer: &OperationRef<'c, 'a>) -> Option<MlirOperation> {
    let init = producer.operand(producer.operand_count() - 1).ok()?;
    // SAFETY: `init` is a live value; an op result has a live owner.
    let owner = unsafe {
        if !mlir_sys::mlirValueIsAOpResult(init.to_raw()) {
            return None;
        }
        mlir_sys::mlirOpResultGetOwner(init.to_raw())
    };
    // SAFETY: a live op.
    let after = unsafe { mlir_sys::mlirOperationGetNextInBlock(owner) };
    (after.ptr == producer.to_raw().ptr && crate::use_count(init.to_raw()) == 1).then_some(owner)
}

fn epilogue_in_place(module: OperationRef) {
    let mut producers = Vec::new();
    module.walk(WalkOrder::PostOrder, |op| {
        if is_reduction_generic(&op) {
            producers.push(op.to_raw());
        }
        WalkResult::Advance
    });
    for raw in producers {
        // SAFETY: collected from the live module; this pass erases no op.
        let producer = unsafe { OperationRef::from_raw(raw) };
        let Some((consumer, init, into)) = in_place_consumer(&producer) else { continue };
        let fill = own_init(&producer);
        // SAFETY: live ops of one block; the producer's only use is the
        // consumer, so moving it (and its own init) right before the
        // consumer keeps every use after its definition.
        unsafe {
            if let Some(fill) = fill {
                mlir_sys::mlirOperationMoveBefore(fill, consumer.to_raw());
            }
            mlir_sys::mlirOperationMoveBefore(raw, consumer.to_raw());
            mlir_sys::mlirOperationSetOperand(consumer.to_raw(), init as isize, into);
        }
    }
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_epilogue_in_place_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, _pass: ExternalPass<'_>| epilogue_in_place(module),
        "XlaEpilogueInPlace",
        "xla-epilogue-in-place",
        "A contraction's element-wise consumer planned into its group computed in the contraction's result (before bufferization; the contraction kernels then fuse it as their epilogue)",
        "builtin.module",
    )
}

/// Ops a fused epilogue body may hold: side-effect-free scalar ops that are
/// defined element-wise on vectors too, except integer division and
/// remainder (the masked lanes of a tile compute on zeros).
pub(crate) fn epilogue_op_allowed(name: &str) -> bool {
    const DIVISIONS: &[&str] =
        &["arith.divsi", "arith.divui", "arith.remsi", "arith.remui", "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi"];
    (name.starts_with("arith.") || name.starts_with("math.") || name.starts_with("llvm.intr.")) && !DIVISIONS.contains(&name)
}

/// The memref that `value` is a view of (through subviews, casts and
/// reshapes), for alias checks.
pub(crate) fn root(mut value: MlirValue) -> MlirValue {
    const VIEWS: &[&str] = &[
        "memref.subview",
        "memref.cast",
        "memref.collapse_shape",
        "memref.expand_shape",
        "memref.reinterpret_cast",
        "memref.transpose",
        "memref.view",
    ];
    loop {
        // SAFETY: `value` is live; an op result has a live owner with at
        // least one operand when it is one of the view ops.
        unsafe {
            if !mlir_sys::mlirValueIsAOpResult(value) {
                return value;
            }
            let owner = mlir_sys::mlirOpResultGetOwner(value);
            let name = op_name(&OperationRef::from_raw(owner));
            if !VIEWS.contains(&name.as_str()) || mlir_sys::mlirOperationGetNumOperands(owner) == 0 {
                return value;
            }
            value = mlir_sys::mlirOperationGetOperand(owner, 0);
        }
    }
}

/// Whether `ty` is a scalar integer (not index) or float type.
pub(crate) fn is_scalar_number(ty: mlir_sys::MlirType) -> bool {
    // SAFETY: type queries on a live type.
    unsafe { mlir_sys::mlirTypeIsAInteger(ty) || mlir_sys::mlirTypeIsAFloat(ty) }
}

/// The element-wise generic right after the contraction `op` (on buffers)
/// that uses the contraction's output `output` (in place, or reading it
/// and writing another buffer), with only allocations, deallocations and
/// constants between them, none defining an operand of the consumer.
/// `None` if there is none.
pub(crate) fn following_consumer<'c, 'a>(op: &OperationRef<'c, 'a>, output: MlirValue) -> Option<OperationRef<'c, 'a>> {
    let mut between = Vec::new();
    let mut next = op.next_in_block();
    while let Some(candidate) = next {
        let name = op_name(&candidate);
        if matches!(name.as_str(), "memref.dealloc" | "memref.alloc" | "arith.constant") {
            if name == "memref.dealloc" && candidate.operand(0).is_ok_and(|o| root(o.to_raw()).ptr == root(output).ptr) {
                return None;
            }
            between.push(candidate.to_raw().ptr);
            next = candidate.next_in_block();
            continue;
        }
        if !is_parallel_generic(&candidate) || candidate.result_count() != 0 {
            return None;
        }
        // It writes the product in place, or reads it and writes another
        // buffer (`check_epilogue` then decides whether the tiles may go
        // there).
        if !candidate.operands().any(|o| o.to_raw().ptr == output.ptr) {
            return None;
        }
        // SAFETY: operands of a live op; an op result has a live owner.
        let defined_between = candidate.operands().any(|o| unsafe {
            mlir_sys::mlirValueIsAOpResult(o.to_raw()) && between.contains(&mlir_sys::mlirOpResultGetOwner(o.to_raw()).ptr)
        });
        return (!defined_between).then_some(candidate);
    }
    None
}

/// Body ops of `op`'s region (terminator excluded) and the terminator.
pub(crate) fn body_ops(op: &OperationRef) -> Option<(Vec<MlirOperation>, MlirOperation)> {
    let body = op.region(0).ok()?.first_block()?;
    let terminator = body.terminator()?;
    let mut ops = Vec::new();
    let mut next = body.first_operation();
    while let Some(inner) = next {
        if inner.to_raw().ptr != terminator.to_raw().ptr {
            ops.push(inner.to_raw());
        }
        next = inner.next_in_block();
    }
    Some((ops, terminator.to_raw()))
}

/// [`scalar_op`], with `index` operands and results allowed too when
/// `index` (the body has `linalg.index` ops, whose values the epilogue
/// rebuilds as index vectors).
pub(crate) fn scalar_op_or_index(op: MlirOperation, index: bool) -> bool {
    if !index {
        return scalar_op(op);
    }
    // SAFETY: queries on a live op; positions are within the counts.
    unsafe {
        if mlir_sys::mlirOperationGetNumRegions(op) != 0 {
            return false;
        }
        let number_or_index = |ty: mlir_sys::MlirType| is_scalar_number(ty) || mlir_sys::mlirTypeIsAIndex(ty);
        let operands = (0..mlir_sys::mlirOperationGetNumOperands(op)).map(|k| mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetOperand(op, k)));
        let results = (0..mlir_sys::mlirOperationGetNumResults(op)).map(|k| mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(op, k)));
        operands.chain(results).all(number_or_index)
    }
}

/// Whether every operand and result of `op` is a scalar integer or float
/// and it has no region: the ops the epilogue can rebuild on vectors.
pub(crate) fn scalar_op(op: MlirOperation) -> bool {
    // SAFETY: queries on a live op; positions are within the counts.
    unsafe {
        if mlir_sys::mlirOperationGetNumRegions(op) != 0 {
            return false;
        }
        let operands = (0..mlir_sys::mlirOperationGetNumOperands(op)).map(|k| mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetOperand(op, k)));
        let results = (0..mlir_sys::mlirOperationGetNumResults(op)).map(|k| mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(op, k)));
        operands.chain(results).all(is_scalar_number)
    }
}
