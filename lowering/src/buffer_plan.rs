//! `xla-plan-buffers`: buffer assignment. Every temporary buffer of a
//! function that can be planned (a `memref.alloc` of a static shape with
//! the identity layout, in the function's entry block) becomes a
//! `memref.view` into **one arena per call**, at an offset chosen by a heap
//! simulation over the buffers' live ranges, so that buffers whose lifetimes
//! do not overlap share memory.
//!
//! - **Program order**: the operations of the entry block, numbered from 0;
//!   a use nested in a region (a loop body) counts at its top-level ancestor.
//! - **Live range** of a buffer: from the first use to the last use of
//!   the buffer or of any alias of it (the results of view-like ops:
//!   `memref.subview`, `cast`, `collapse_shape`, `expand_shape`,
//!   `reinterpret_cast`, `view`, `transpose`, transitively), deallocs
//!   aside. Its bytes mean nothing before the first use, so an allocation
//!   that bufferization hoisted to the top of the function does not keep
//!   its bytes from others until then.
//! - **Heap simulation** (XLA's global decreasing-size best fit): buffers
//!   sorted by size (largest first, then by the longer live range, then by
//!   program order), each placed in the smallest gap between the
//!   already-placed buffers whose live ranges overlap its own, or above
//!   them; buffers of 64 bytes or more start at multiples of
//!   [`ALIGNMENT`] (64), smaller ones at multiples of 16, sizes rounded up
//!   to their alignment.
//! - Not planned (they stay `memref.alloc`s, freed by buffer deallocation):
//!   allocations with dynamic sizes or a non-identity layout, allocations
//!   nested in regions (loop bodies, branches), buffers that flow into an
//!   op that may return them (loop-carried values, `func.return`, calls
//!   with memref results), and buffers whose address is taken
//!   (`memref.extract_aligned_pointer_as_index`: the runtime ABI's buffer
//!   tables of collectives and host transfers) — see [`Unplanned`].
//!
//! Runs after bufferization, buffer deallocation and the contraction
//! kernels (which allocate packed panels), on functions of one block
//! (structured control flow): the `memref.dealloc`s of planned buffers are
//! erased, and the arena is freed just before the function returns (a
//! buffer with any other kind of free — through a base buffer, in the
//! deallocation helper's conditional code — flows into an op that is not a
//! view, so it is not planned).
//!
//! A public function that has planned buffers is split in two, so that an
//! AOT caller can pass its own scratch memory: its body moves to a private
//! `@<name>.planned` taking the arena as one more argument, and `@<name>`
//! allocates the arena ([`ALIGNMENT`]-aligned) and calls it.
//!
//! ```mlir
//! // before
//! func.func @f(%a: memref<256xf32>, %out: memref<256xf32>) {
//!   %t0 = memref.alloc() : memref<256xf32>     // live ops 1..3
//!   linalg.generic ... ins(%a) outs(%t0)
//!   %t1 = memref.alloc() : memref<256xf32>     // live ops 3..5
//!   linalg.generic ... ins(%t0) outs(%t1)
//!   memref.dealloc %t0 : memref<256xf32>
//!   linalg.generic ... ins(%t1) outs(%out)
//!   memref.dealloc %t1 : memref<256xf32>
//!   return
//! }
//! // after: %t0 and %t1 overlap at op 3 (it reads one and writes the other);
//! // the deallocs are gone
//! func.func @f(%a: memref<256xf32>, %out: memref<256xf32>) {
//!   %arena = memref.alloc() {alignment = 64 : i64} : memref<2048xi8>
//!   call @f.planned(%a, %out, %arena) : (...) -> ()
//!   memref.dealloc %arena : memref<2048xi8>
//!   return
//! }
//! func.func private @f.planned(%a: ..., %out: ..., %arena: memref<2048xi8>) {
//!   %c0 = arith.constant 0 : index
//!   %t0 = memref.view %arena[%c0][] : memref<2048xi8> to memref<256xf32>
//!   ...
//!   %c1024 = arith.constant 1024 : index
//!   %t1 = memref.view %arena[%c1024][] : memref<2048xi8> to memref<256xf32>
//!   ...
//! }
//! ```

use crate::op_name;
use crate::builders::{self, BuildResult};
use melior::{
    ir::{
        Block, BlockLike, Identifier, OperationRef, Region, RegionLike, Type, TypeLike, Value,
        ValueLike,
        attribute::{FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
        operation::{OperationLike, WalkOrder, WalkResult},
        r#type::{FunctionType, TypeId},
    },
    pass::{ExternalPass, Pass, create_external},
};
use std::{
    cell::RefCell,
    collections::HashMap,
    sync::atomic::{AtomicBool, Ordering},
};

/// Alignment of the arena and of every buffer of at least this many bytes
/// in it (a cache line; also what vector loads want).
pub const ALIGNMENT: u64 = 64;

/// Alignment of the smaller buffers (scalars, short vectors): malloc's.
pub const SMALL_ALIGNMENT: u64 = 16;

/// A buffer's alignment in the arena and its size rounded up to it.
pub fn slot(bytes: u64) -> (u64, u64) {
    let alignment = if bytes >= ALIGNMENT { ALIGNMENT } else { SMALL_ALIGNMENT };
    (alignment, bytes.div_ceil(alignment).max(1) * alignment)
}

/// Suffix of the function that takes the arena as its last argument.
pub const PLANNED_SUFFIX: &str = ".planned";

/// One planned buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedBuffer {
    /// The memref type (`memref<16x16xf32>`).
    pub ty: String,
    /// Exact size in bytes.
    pub bytes: u64,
    /// Offset in the arena.
    pub offset: u64,
    /// Live range in program order (positions of the entry block's ops),
    /// both ends included, with the names of the ops at both ends.
    pub start: usize,
    pub end: usize,
    pub start_op: String,
    pub end_op: String,
}

/// An allocation the pass left as it was, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplanned {
    pub ty: String,
    pub location: String,
    pub reason: String,
}

/// The plan of one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionPlan {
    pub function: String,
    /// Size of the arena (0 when nothing was planned: no arena): the heap
    /// simulation's, rounded up to [`ALIGNMENT`].
    pub arena_bytes: u64,
    /// The most bytes of planned buffers (each rounded up to its
    /// alignment, see [`slot`]) live at one point of the program: a lower
    /// bound of the arena.
    pub peak_live_bytes: u64,
    /// What the unplanned program allocated in all: the sum of the planned
    /// buffers' sizes (each rounded up to its alignment).
    pub unplanned_total_bytes: u64,
    pub buffers: Vec<PlannedBuffer>,
    pub unplanned: Vec<Unplanned>,
}

impl FunctionPlan {
    /// The bytes compiled code asks the heap for to make this function's
    /// arena: the CPU pipeline lowers the arena's `memref.alloc` to
    /// `aligned_alloc(64, arena_bytes)`, exactly.
    pub fn arena_request_bytes(&self) -> u64 {
        self.arena_bytes
    }

    /// The plan as text (what `--report=memory` prints).
    pub fn render(&self) -> String {
        let mut text = format!(
            "memory plan of @{}: arena {} bytes (one allocation of {} bytes per call), peak live {} bytes, {} buffer(s) planned ({} bytes without reuse), {} not planned\n",
            self.function,
            self.arena_bytes,
            self.arena_request_bytes(),
            self.peak_live_bytes,
            self.buffers.len(),
            self.unplanned_total_bytes,
            self.unplanned.len()
        );
        for (i, b) in self.buffers.iter().enumerate() {
            text.push_str(&format!(
                "  buffer {i}: {} {} bytes at offset {}, live ops {}..{} ({} .. {})\n",
                b.ty, b.bytes, b.offset, b.start, b.end, b.start_op, b.end_op
            ));
        }
        for u in &self.unplanned {
            text.push_str(&format!("  not planned: {} at {}: {}\n", u.ty, u.location, u.reason));
        }
        text
    }
}

static ENABLED: AtomicBool = AtomicBool::new(true);

/// Turns planning on or off for the passes that run from now on (`xla-run
/// --no-buffer-plan`): off, the pass changes nothing and records nothing.
pub fn set_enabled(enabled: bool) {
    ENABLED.store(enabled, Ordering::Relaxed);
}

/// Whether planning is on.
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

thread_local! {
    /// The plans of the last module the pass ran on, on this thread (the
    /// pass is anchored on the module, so it runs on the thread that runs
    /// the pass manager), until [`take_plans`].
    static PLANS: RefCell<Vec<FunctionPlan>> = const { RefCell::new(Vec::new()) };
}

/// The plans of the last module the pass ran on (this thread), kept.
pub fn plans() -> Vec<FunctionPlan> {
    PLANS.with(|plans| plans.borrow().clone())
}

/// The plans of the last module the pass ran on (this thread), taken.
pub fn take_plans() -> Vec<FunctionPlan> {
    PLANS.with(|plans| std::mem::take(&mut *plans.borrow_mut()))
}

/// Ops whose memref result aliases their (first) memref operand.
const VIEW_OPS: &[&str] = &[
    "memref.subview",
    "memref.cast",
    "memref.collapse_shape",
    "memref.expand_shape",
    "memref.reinterpret_cast",
    "memref.view",
    "memref.transpose",
];

/// Ops that turn a buffer into an address (a number or an LLVM pointer):
/// the buffer is not planned.
const ADDRESS_OPS: &[&str] = &["memref.extract_aligned_pointer_as_index", "builtin.unrealized_conversion_cast"];

/// Bytes of one element as compiled code stores it (LLVM's allocation
/// size: integers and floats in a power-of-two number of bytes).
fn stored_element_bytes(element: Type) -> Option<u64> {
    let raw = element.to_raw();
    // SAFETY: `raw` is a live type; each accessor is called on its kind.
    unsafe {
        if mlir_sys::mlirTypeIsAComplex(raw) {
            return stored_element_bytes(crate::builders::complex_part(Type::from_raw(raw))).map(|b| 2 * b);
        }
    }
    let bytes = crate::type_sizes::element_bytes(element)?;
    let bytes = u64::try_from(bytes).ok()?;
    Some(bytes.max(1).next_power_of_two())
}

/// The byte size of a static memref with the identity layout in the
/// default memory space; otherwise why it cannot be planned.
fn plannable_bytes(ty: Type) -> Result<u64, &'static str> {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type; memref accessors only on a memref.
    unsafe {
        if !mlir_sys::mlirTypeIsAMemRef(raw) {
            return Err("not a memref");
        }
        if !mlir_sys::mlirShapedTypeHasStaticShape(raw) {
            return Err("dynamic size");
        }
        let layout = mlir_sys::mlirMemRefTypeGetLayout(raw);
        if !layout.ptr.is_null()
            && !(mlir_sys::mlirAttributeIsAAffineMap(layout) && mlir_sys::mlirAffineMapIsIdentity(mlir_sys::mlirAffineMapAttrGetValue(layout)))
        {
            return Err("non-identity layout");
        }
        if !mlir_sys::mlirMemRefTypeGetMemorySpace(raw).ptr.is_null() {
            return Err("non-default memory space");
        }
        let mut bytes = stored_element_bytes(Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw))).ok_or("element type of unknown size")?;
        for d in 0..mlir_sys::mlirShapedTypeGetRank(raw) {
            bytes = bytes.checked_mul(mlir_sys::mlirShapedTypeGetDimSize(raw, d as isize) as u64).ok_or("size overflows")?;
        }
        Ok(bytes)
    }
}

/// The users of `value` (one entry per use).
fn users<'c, 'a>(value: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut found = Vec::new();
    // SAFETY: `value` is live; the use list is walked without changing it.
    unsafe {
        let mut operand = mlir_sys::mlirValueGetFirstUse(value.to_raw());
        while !mlir_sys::mlirOpOperandIsNull(operand) {
            found.push(OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(operand)));
            operand = mlir_sys::mlirOpOperandGetNextUse(operand);
        }
    }
    found
}

/// The ancestor of `op` (or `op`) whose parent is `block`.
fn top_level_ancestor<'c, 'a>(op: OperationRef<'c, 'a>, block: &Block<'c>) -> Option<OperationRef<'c, 'a>> {
    let mut current = op;
    loop {
        let parent_block = current.block()?;
        if parent_block.to_raw().ptr == block.to_raw().ptr {
            return Some(current);
        }
        current = current.parent_operation()?;
    }
}

/// What the liveness analysis found for one allocation.
enum Liveness {
    /// First and last positions at which the buffer or an alias is used
    /// (its bytes mean nothing before the first: an allocation hoisted to
    /// the top of the function does not make it live there), and the
    /// `memref.dealloc`s of the allocation itself (erased when planned).
    Range { first: usize, end: usize, deallocs: Vec<mlir_sys::MlirOperation> },
    Escapes(String),
}

fn liveness(alloc: &OperationRef, start: usize, block: &Block, positions: &HashMap<usize, usize>) -> Liveness {
    let Ok(result) = alloc.result(0) else { return Liveness::Escapes("no result".into()) };
    let mut end = start;
    let mut first: Option<usize> = None;
    let mut deallocs = Vec::new();
    let mut worklist: Vec<Value> = vec![result.into()];
    let mut is_root = true;
    while let Some(value) = worklist.pop() {
        for user in users(value) {
            let name = op_name(&user);
            if name == "memref.dealloc" {
                if !is_root {
                    return Liveness::Escapes("freed through an alias".into());
                }
                deallocs.push(user.to_raw());
                continue;
            }
            let Some(top) = top_level_ancestor(user, block) else {
                return Liveness::Escapes(format!("used outside its function by {name}"));
            };
            let Some(&position) = positions.get(&(top.to_raw().ptr as usize)) else {
                return Liveness::Escapes("internal: a top-level op without a position".into());
            };
            end = end.max(position);
            first = Some(first.map_or(position, |f| f.min(position)));
            // Its address taken as a number (the runtime ABI's buffer
            // tables, collectives, host transfers): whoever reads it may use
            // the buffer at any later point.
            if ADDRESS_OPS.contains(&name.as_str()) || name.starts_with("llvm.") {
                return Liveness::Escapes(format!("its address is taken ({name})"));
            }
            if VIEW_OPS.contains(&name.as_str()) {
                worklist.extend(user.results().map(Value::from));
                continue;
            }
            let returns_memref = user.results().any(|r| {
                // SAFETY: a live type.
                unsafe { mlir_sys::mlirTypeIsAMemRef(r.r#type().to_raw()) }
            });
            if returns_memref || user.region_count() > 0 && user.results().count() > 0 {
                return Liveness::Escapes(format!("flows into {name}, whose results may alias it"));
            }
            // SAFETY: a live op.
            let is_terminator = unsafe { mlir_sys::mlirOperationGetNextInBlock(user.to_raw()).ptr.is_null() }
                && matches!(name.as_str(), "func.return" | "scf.yield" | "scf.condition" | "cf.br" | "cf.cond_br" | "affine.yield");
            if is_terminator {
                return Liveness::Escapes(format!("passed to {name}"));
            }
        }
        is_root = false;
    }
    Liveness::Range { first: first.unwrap_or(start), end, deallocs }
}

struct Candidate<'c, 'a> {
    alloc: OperationRef<'c, 'a>,
    bytes: u64,
    start: usize,
    end: usize,
    deallocs: Vec<mlir_sys::MlirOperation>,
}

/// XLA's global decreasing-size best-fit heap simulation: offsets for
/// `buffers` (bytes, live range; each in a [`slot`]) and the heap size.
pub fn best_fit(buffers: &[(u64, usize, usize)]) -> (Vec<u64>, u64) {
    let alignment: Vec<u64> = buffers.iter().map(|&(bytes, _, _)| slot(bytes).0).collect();
    let aligned: Vec<u64> = buffers.iter().map(|&(bytes, _, _)| slot(bytes).1).collect();
    let mut order: Vec<usize> = (0..buffers.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(aligned[i]), std::cmp::Reverse(buffers[i].2 - buffers[i].1), buffers[i].1, i));
    let mut offsets = vec![u64::MAX; buffers.len()];
    let mut heap = 0;
    let mut placed: Vec<usize> = Vec::new();
    for &i in &order {
        let (_, start, end) = buffers[i];
        let mut busy: Vec<(u64, u64)> = placed
            .iter()
            .filter(|&&j| buffers[j].1 <= end && start <= buffers[j].2)
            .map(|&j| (offsets[j], offsets[j] + aligned[j]))
            .collect();
        busy.sort();
        // The smallest gap that fits; above everything when none does.
        let mut best: Option<(u64, u64)> = None; // (gap size, offset)
        let align_up = |offset: u64| offset.div_ceil(alignment[i]) * alignment[i];
        let mut cursor = 0;
        for &(lo, hi) in &busy {
            let start = align_up(cursor);
            if lo > start {
                let gap = lo - start;
                if gap >= aligned[i] && best.is_none_or(|(size, _)| gap < size) {
                    best = Some((gap, start));
                }
            }
            cursor = cursor.max(hi);
        }
        let offset = best.map_or(align_up(cursor), |(_, offset)| offset);
        offsets[i] = offset;
        heap = heap.max(offset + aligned[i]);
        placed.push(i);
    }
    (offsets, heap)
}

fn symbol_name(op: &OperationRef) -> Option<String> {
    op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned())
}

fn is_public(op: &OperationRef) -> bool {
    op.attribute("sym_visibility").ok().and_then(|a| StringAttribute::try_from(a).ok()).is_none_or(|v| v.value() == "public")
}

/// Plans one function; `Ok(None)` when it has no body.
fn plan_function<'c>(function: OperationRef<'c, '_>) -> BuildResult<Option<FunctionPlan>> {
    let context = crate::context_of(function.context());
    let name = symbol_name(&function).unwrap_or_default();
    let Some(block) = function.region(0).ok().and_then(|r| r.first_block()) else { return Ok(None) };
    let mut plan = FunctionPlan { function: name.clone(), ..FunctionPlan::default() };
    // Program order is that of one block (structured control flow).
    if block.next_in_region().is_some() || block.terminator().is_none_or(|t| op_name(&t) != "func.return") {
        plan.unplanned.push(Unplanned { ty: String::new(), location: function.location().to_string(), reason: "the function has several blocks".into() });
        return Ok(Some(plan));
    }
    // Program order.
    let mut positions = HashMap::new();
    let mut ops = Vec::new();
    let mut next = block.first_operation();
    while let Some(op) = next {
        positions.insert(op.to_raw().ptr as usize, ops.len());
        ops.push(op);
        next = op.next_in_block();
    }
    let mut candidates = Vec::new();
    let mut nested = Vec::new();
    function.walk(WalkOrder::PreOrder, |op| {
        if op_name(&op) == "memref.alloc" && op.block().is_some_and(|b| b.to_raw().ptr != block.to_raw().ptr) {
            nested.push(op.to_raw());
        }
        WalkResult::Advance
    });
    let describe = |op: &OperationRef| op.result(0).map(|r| r.r#type().to_string()).unwrap_or_default();
    for raw in nested {
        // SAFETY: collected from the live function above; nothing was erased.
        let op = unsafe { OperationRef::from_raw(raw) };
        let parent = op.parent_operation().map(|p| op_name(&p)).unwrap_or_default();
        plan.unplanned.push(Unplanned { ty: describe(&op), location: op.location().to_string(), reason: format!("allocated inside {parent}") });
    }
    for (position, op) in ops.iter().enumerate() {
        if op_name(op) != "memref.alloc" {
            continue;
        }
        let Ok(result) = op.result(0) else { continue };
        let reason = match plannable_bytes(result.r#type()) {
            Err(reason) => reason.to_owned(),
            Ok(_) if op.operand_count() > 0 => "dynamic size".to_owned(),
            Ok(bytes) => match liveness(op, position, &block, &positions) {
                Liveness::Range { first, end, deallocs } => {
                    candidates.push(Candidate { alloc: *op, bytes, start: first, end, deallocs });
                    continue;
                }
                Liveness::Escapes(reason) => reason,
            },
        };
        plan.unplanned.push(Unplanned { ty: describe(op), location: op.location().to_string(), reason });
    }
    if candidates.is_empty() {
        return Ok(Some(plan));
    }
    let (offsets, heap_bytes) = best_fit(&candidates.iter().map(|c| (c.bytes, c.start, c.end)).collect::<Vec<_>>());
    // aligned_alloc takes a multiple of the alignment.
    let arena_bytes = heap_bytes.div_ceil(ALIGNMENT) * ALIGNMENT;
    plan.arena_bytes = arena_bytes;
    let aligned = |bytes: u64| slot(bytes).1;
    plan.unplanned_total_bytes = candidates.iter().map(|c| aligned(c.bytes)).sum();
    plan.peak_live_bytes = (0..ops.len())
        .map(|p| candidates.iter().filter(|c| c.start <= p && p <= c.end).map(|c| aligned(c.bytes)).sum::<u64>())
        .max()
        .unwrap_or(0);
    for (candidate, &offset) in candidates.iter().zip(&offsets) {
        plan.buffers.push(PlannedBuffer {
            ty: describe(&candidate.alloc),
            bytes: candidate.bytes,
            offset,
            start: candidate.start,
            end: candidate.end,
            start_op: op_name(&ops[candidate.start]),
            end_op: op_name(&ops[candidate.end]),
        });
    }

    // The arena: the entry block's new last argument (public functions,
    // split below) or an allocation at its start.
    let location = function.location();
    let arena_type = builders::byte_buffer_type(context, arena_bytes)?;
    let split = is_public(&function);
    let arena: Value = if split {
        block.add_argument(arena_type, location)
    } else {
        // Allocated first, freed just before the function returns.
        let alloc = builders::aligned_alloc(location, arena_type, ALIGNMENT)?;
        let first = block.first_operation().ok_or("internal error: an empty function body")?;
        let arena: Value = block.insert_operation_before(first, alloc).result(0)?.into();
        let terminator = block.terminator().ok_or("internal error: a function body without a terminator")?;
        block.insert_operation_before(terminator, builders::memref_dealloc(location, arena)?);
        arena
    };
    for (candidate, &offset) in candidates.iter().zip(&offsets) {
        let alloc = candidate.alloc;
        let result = alloc.result(0)?;
        let offset_op = block.insert_operation_before(alloc, builders::index_constant(context, alloc.location(), offset as i64)?);
        let offset_value = offset_op.result(0)?;
        let view = builders::memref_view(alloc.location(), arena, offset_value.into(), result.r#type())?;
        let view = block.insert_operation_before(alloc, view);
        let view_value = view.result(0)?;
        // SAFETY: both values are live and of the same type; the alloc and
        // its deallocs are erased once nothing uses them.
        unsafe {
            for dealloc in &candidate.deallocs {
                mlir_sys::mlirOperationDestroy(*dealloc);
            }
            mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), view_value.to_raw());
            mlir_sys::mlirOperationDestroy(alloc.to_raw());
        }
    }
    if split {
        split_public_function(context, function, &name, arena_type)?;
    }
    Ok(Some(plan))
}

/// Moves the body of public `@name` (whose entry block now ends with the
/// arena argument) into a private `@name.planned`, and gives `@name` a body
/// that allocates the arena and calls it.
fn split_public_function<'c>(context: &'c melior::Context, function: OperationRef<'c, '_>, name: &str, arena_type: Type<'c>) -> BuildResult<()> {
    let location = function.location();
    let type_attribute = function.attribute("function_type")?;
    let function_type = FunctionType::try_from(TypeAttribute::try_from(type_attribute)?.value())?;
    let inputs: Vec<Type> = (0..function_type.input_count()).filter_map(|i| function_type.input(i).ok()).collect();
    let results: Vec<Type> = (0..function_type.result_count()).filter_map(|i| function_type.result(i).ok()).collect();
    let mut planned_inputs = inputs.clone();
    planned_inputs.push(arena_type);
    let planned_name = format!("{name}{PLANNED_SUFFIX}");
    let body = Region::new();
    // SAFETY: both regions are live; the old one is left empty and refilled below.
    unsafe { mlir_sys::mlirRegionTakeBody(body.to_raw(), function.region(0)?.to_raw()) };
    let planned = melior::dialect::func::func(
        context,
        StringAttribute::new(context, &planned_name),
        TypeAttribute::new(FunctionType::new(context, &planned_inputs, &results).into()),
        body,
        &[(Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into())],
        location,
    );
    let module_block = function.block().ok_or("internal error: a function outside a module")?;
    module_block.insert_operation_after(function, planned);
    // The new body of @name.
    let entry = Block::new(&inputs.iter().map(|&t| (t, location)).collect::<Vec<_>>());
    let arena = entry.append_operation(builders::aligned_alloc(location, arena_type, ALIGNMENT)?);
    let mut arguments: Vec<Value> = (0..entry.argument_count()).filter_map(|i| entry.argument(i).ok()).map(Value::from).collect();
    arguments.push(arena.result(0)?.into());
    let call = entry.append_operation(melior::dialect::func::call(
        context,
        FlatSymbolRefAttribute::new(context, &planned_name),
        &arguments,
        &results,
        location,
    ));
    entry.append_operation(builders::memref_dealloc(location, arguments[arguments.len() - 1])?);
    let returned: Vec<Value> = call.results().map(Value::from).collect();
    entry.append_operation(melior::dialect::func::r#return(&returned, location));
    function.region(0)?.append_block(entry);
    Ok(())
}

fn plan_module(module: OperationRef) -> BuildResult<Vec<FunctionPlan>> {
    let body = module.region(0)?.first_block().ok_or("module without a body")?;
    let mut functions = Vec::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op_name(&op) == "func.func" && !symbol_name(&op).is_some_and(|n| n.ends_with(PLANNED_SUFFIX)) {
            functions.push(op);
        }
    }
    let mut plans = Vec::new();
    for function in functions {
        plans.extend(plan_function(function)?);
    }
    Ok(plans)
}

#[repr(align(8))]
struct PlanBuffersId;
static PLAN_BUFFERS_ID: PlanBuffersId = PlanBuffersId;

/// Creates the pass (anchored on `builtin.module`: it adds functions).
pub fn create_plan_buffers_pass() -> Pass {
    create_external(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            // Only the last module's plans are kept (bounded memory in
            // long-lived processes that compile many programs).
            PLANS.with(|all| all.borrow_mut().clear());
            if !enabled() {
                return;
            }
            match plan_module(module) {
                Ok(plans) => PLANS.with(|all| *all.borrow_mut() = plans),
                Err(message) => {
                    crate::diagnostics::emit_error(module.location(), &message);
                    pass.signal_failure();
                }
            }
        },
        TypeId::create(&PLAN_BUFFERS_ID),
        "XlaPlanBuffers",
        "xla-plan-buffers",
        "Buffer assignment: the function's static temporaries as views into one arena per call, offsets from a best-fit heap simulation over their live ranges",
        "builtin.module",
        &[],
    )
}

#[cfg(test)]
mod tests {
    use super::best_fit;

    #[test]
    fn disjoint_lifetimes_share_an_offset() {
        let (offsets, heap) = best_fit(&[(100, 0, 2), (100, 3, 5)]);
        assert_eq!(offsets, vec![0, 0]);
        assert_eq!(heap, 128);
    }

    #[test]
    fn overlapping_lifetimes_do_not() {
        let (offsets, heap) = best_fit(&[(64, 0, 3), (64, 3, 5)]);
        assert_ne!(offsets[0], offsets[1]);
        assert_eq!(heap, 128);
    }

    #[test]
    fn small_buffers_are_16_byte_aligned_large_ones_64() {
        // Three overlapping scalars take 16 bytes each; a 100-byte buffer
        // overlapping them starts at the next multiple of 64.
        let (offsets, heap) = best_fit(&[(4, 0, 5), (4, 0, 5), (8, 0, 5), (100, 0, 5)]);
        assert_eq!(offsets[3], 0);
        let mut small: Vec<u64> = offsets[..3].to_vec();
        small.sort();
        assert_eq!(small, vec![128, 144, 160]);
        assert_eq!(heap, 176);
        let (offsets, _) = best_fit(&[(4, 0, 5), (100, 0, 5), (4, 0, 5)]);
        assert!(offsets.iter().zip([16, 64, 16]).all(|(o, a)| o % a == 0));
    }

    #[test]
    fn best_fit_takes_the_smallest_gap() {
        // 0: 256 B live 0..9; 1: 64 B live 0..1; 2: 128 B live 0..9 (placed
        // above 0); 3: 64 B live 5..6 fits the 64 B gap left by buffer 1.
        let (offsets, heap) = best_fit(&[(256, 0, 9), (128, 0, 1), (128, 0, 9), (64, 5, 6)]);
        assert_eq!(offsets[0], 0);
        assert_eq!(heap, 512);
        assert!(offsets[3] == offsets[1]);
    }
}
