//! `xla-plan-buffers`: buffer assignment. Every temporary buffer of a
//! function that can be planned (a `memref.alloc` of a static shape with
//! the identity layout, in the function's body or nested in its structured
//! control flow, see below) becomes a `memref.view` into **one arena per
//! call**, at an offset chosen by a heap simulation over the buffers' live
//! ranges, so that buffers whose lifetimes do not overlap share memory.
//!
//! - **Program order**: every op of the function's body at any depth,
//!   numbered in pre-order from 0 (an op before the ops of its regions); the
//!   *span* of an op runs from its own number through the last of its
//!   regions' ops.
//! - **Live range** of a buffer allocated in block B (the entry block, a
//!   loop body, a branch): from the first use to the last use of the buffer
//!   or of any alias of it (the results of view-like ops: `memref.subview`,
//!   `cast`, `collapse_shape`, `expand_shape`, `reinterpret_cast`, `view`,
//!   `transpose`, transitively), deallocs aside, each use counted as the
//!   whole span of its ancestor in B (a use in a loop body inside B makes
//!   the buffer live over the whole loop). Its bytes mean nothing before the
//!   first use, so an allocation that bufferization hoisted to the top of
//!   the function does not keep its bytes from others until then.
//! - **Nested allocations** (rule 1): an allocation in a block of
//!   `scf.for`, `scf.while`, `scf.if`, `scf.index_switch` or
//!   `scf.execute_region` (all its ancestors up to the function among
//!   these: regions that run one execution at a time on the calling thread)
//!   whose buffer and aliases are used only inside that block, never passed
//!   to its terminator or to an op that may return them, is dead at the end
//!   of every execution of the block and fresh at the next: it gets one
//!   fixed slot, with its live range inside the block as above. Ranges of
//!   buffers of the same body share memory when disjoint; the two branches
//!   of an `scf.if` never overlap. Allocations in `scf.parallel` /
//!   `scf.forall` bodies (iterations that may run at the same time) are not
//!   planned.
//! - **Loop-carried buffers of `scf.while`** (rule 2, [`carried_web`]): the
//!   *web* of an allocation that flows into an `scf.while` is every value
//!   that may hold the same buffer through the loop's edges (init operand /
//!   `before` argument / `scf.yield` operand at one position, `scf.condition`
//!   operand / `after` argument / result at one position), closed under
//!   views. The whole web is planned, or none of it, when: all its loops
//!   lie in one block P; each of its buffers is a static allocation in P or
//!   in the `before` / `after` block of one of its loops; every operand of
//!   `scf.condition` in it is an allocation of the `before` block or of P
//!   (never a `before` argument passed on), every operand of the `after`
//!   block's `scf.yield` an allocation of the `after` block or of P, or an
//!   `after` argument; its values are only
//!   read, written, viewed, freed, or passed along those edges, and used
//!   only in P. Then every buffer of the web gets its own fixed slot and
//!   every free of any value of the web (ownership-based deallocation's,
//!   conditional or through `extract_strided_metadata`'s base buffer) is
//!   erased. A buffer allocated in the `before` block is live from its first
//!   use there to the end of the loop and through the uses of the loop's
//!   result after it; one allocated in the `after` block from its first use
//!   to the end of the loop and, at the start of the `before` block, up to
//!   the last use of the `before` argument it comes back as (the next
//!   iteration copies it); an init allocated in P and used only before the
//!   loop and as its init, up to the last use of its `before` argument (only
//!   the first iteration reads it); any other buffer of the web over the
//!   web's whole range. Sound because each allocation site's buffer of one
//!   iteration is dead before the site runs again: where an `after` block
//!   yields its argument (the `before` block's buffer of this iteration)
//!   back, the next `before` block must read it for the last time before it
//!   allocates its own buffer again, or the web is refused.
//! - **Heap simulation** (XLA's global decreasing-size best fit): buffers
//!   sorted by size (largest first, then by the longer live range, then by
//!   program order), each placed in the smallest gap between the
//!   already-placed buffers whose live ranges (one or several intervals)
//!   overlap its own, or above them; buffers of 64 bytes or more start at
//!   multiples of [`ALIGNMENT`] (64), smaller ones at multiples of 16, sizes
//!   rounded up to their alignment.
//! - Not planned (they stay `memref.alloc`s, freed by buffer deallocation):
//!   allocations with dynamic sizes or a non-identity layout, allocations in
//!   `scf.parallel`/`scf.forall` or other region ops, buffers that flow into
//!   an op that may return them other than as an `scf.while` web above
//!   (`scf.for`'s iter_args, `scf.if` results, `func.return`, calls with
//!   memref results), webs that break one of the conditions above, and
//!   buffers whose address is taken (`memref.extract_aligned_pointer_as_index`:
//!   the runtime ABI's buffer tables of collectives and host transfers) — see
//!   [`Unplanned`].
//!
//! Runs after bufferization, buffer deallocation and the contraction
//! kernels (which allocate packed panels), on functions of one block
//! (structured control flow): the `memref.dealloc`s of planned buffers are
//! erased, and the arena is freed just before the function returns (outside
//! a loop-carried web, a buffer with any other kind of free — through a
//! base buffer, in the deallocation helper's conditional code — flows into
//! an op that is not a view, so it is not planned).
//!
//! A public function that has planned buffers is split in two, so that an
//! AOT caller can pass its own scratch memory: its body moves to a private
//! `@<name>.planned` taking the arena as one more argument (`noinline`
//! when it has more than [`NOINLINE_MIN_OPS`] ops: LLVM would otherwise
//! optimize the body twice), and `@<name>`
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

/// A `NAME.planned` body of more ops than this (nested ones included) is
/// `noinline`.
pub const NOINLINE_MIN_OPS: usize = 200;

/// One planned buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedBuffer {
    /// The memref type (`memref<16x16xf32>`).
    pub ty: String,
    /// Exact size in bytes.
    pub bytes: u64,
    /// Offset in the arena.
    pub offset: u64,
    /// Live range in the function's flat program order (every op at any
    /// depth numbered in pre-order; an op's span runs through its regions'
    /// ops), both ends included, with the names of the ops at both ends
    /// (ops of the block that holds the allocation).
    pub start: usize,
    pub end: usize,
    pub start_op: String,
    pub end_op: String,
    /// The live intervals when there are several (a loop-carried buffer:
    /// from its first use to the end of the loop, and at the start of the
    /// loop, where the next iteration reads it); empty when the range is
    /// one interval.
    pub intervals: Vec<(usize, usize)>,
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
            let intervals = if b.intervals.is_empty() {
                String::new()
            } else {
                format!(" in intervals {}", b.intervals.iter().map(|(s, e)| format!("{s}..{e}")).collect::<Vec<_>>().join(", "))
            };
            text.push_str(&format!(
                "  buffer {i}: {} {} bytes at offset {}, live ops {}..{} ({} .. {}){intervals}\n",
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
fn top_level_ancestor<'c, 'a>(op: OperationRef<'c, 'a>, block: mlir_sys::MlirBlock) -> Option<OperationRef<'c, 'a>> {
    let mut current = op;
    loop {
        let parent_block = current.block()?;
        if parent_block.to_raw().ptr == block.ptr {
            return Some(current);
        }
        current = current.parent_operation()?;
    }
}

/// What the liveness analysis found for one allocation.
enum Liveness<'c, 'a> {
    /// First and last positions (in the function's flat program order, see
    /// [`Spans`]) at which the buffer or an alias is used, each use counted
    /// as the whole span of its ancestor in the allocation's block (its bytes
    /// mean nothing before the first: an allocation hoisted to the top of
    /// the function does not make it live there), the ops at both ends, and
    /// the `memref.dealloc`s of the allocation itself (erased when planned).
    Range { first: usize, end: usize, first_op: OperationRef<'c, 'a>, end_op: OperationRef<'c, 'a>, deallocs: Vec<mlir_sys::MlirOperation> },
    Escapes(String),
}

/// The function's flat program order: every op at any depth numbered in
/// pre-order from 0 (an op before the ops of its regions); the span of an
/// op is its own number through the last number of its descendants.
struct Spans {
    spans: HashMap<usize, (usize, usize)>,
    count: usize,
    /// The op numbered at each position, and the outermost op whose span
    /// ends at each position (for the report).
    at: Vec<mlir_sys::MlirOperation>,
    ending: HashMap<usize, mlir_sys::MlirOperation>,
}

impl Spans {
    fn of_block(block: &Block) -> Self {
        let mut spans = Spans { spans: HashMap::new(), count: 0, at: Vec::new(), ending: HashMap::new() };
        spans.number_block(block.to_raw());
        spans
    }

    fn number_block(&mut self, block: mlir_sys::MlirBlock) {
        // SAFETY: a live block and its live ops, regions and blocks, only read.
        unsafe {
            let mut op = mlir_sys::mlirBlockGetFirstOperation(block);
            while !op.ptr.is_null() {
                let start = self.count;
                self.count += 1;
                self.at.push(op);
                for r in 0..mlir_sys::mlirOperationGetNumRegions(op) {
                    let mut b = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(op, r));
                    while !b.ptr.is_null() {
                        self.number_block(b);
                        b = mlir_sys::mlirBlockGetNextInRegion(b);
                    }
                }
                self.spans.insert(op.ptr as usize, (start, self.count - 1));
                // Inserted after its regions' ops: the outermost wins.
                self.ending.insert(self.count - 1, op);
                op = mlir_sys::mlirOperationGetNextInBlock(op);
            }
        }
    }

    /// The names of the op that starts at `start` and of the outermost op
    /// that ends at `end`.
    fn names(&self, start: usize, end: usize) -> (String, String) {
        // SAFETY: ops of the live function, numbered above and not erased
        // since (the report is made before any rewrite).
        let name = |op: Option<&mlir_sys::MlirOperation>| op.map_or_else(String::new, |op| op_name(&unsafe { OperationRef::from_raw(*op) }));
        (name(self.at.get(start)), name(self.ending.get(&end)))
    }

    fn span(&self, op: &OperationRef) -> Option<(usize, usize)> {
        self.spans.get(&(op.to_raw().ptr as usize)).copied()
    }
}

/// Region ops whose regions run on the calling thread, one execution at a
/// time: a buffer allocated in one of their blocks and dead at its end can
/// have one fixed slot in the arena. (Not `scf.parallel`/`scf.forall`,
/// whose iterations may run at the same time, each with its own buffer.)
const SEQUENTIAL_REGION_OPS: &[&str] = &["scf.for", "scf.while", "scf.if", "scf.index_switch", "scf.execute_region"];

/// Why an allocation nested in regions of `function` cannot be planned
/// (an ancestor that is not a sequential region op), if it cannot.
fn nesting_refusal(alloc: &OperationRef, function: &OperationRef) -> Option<String> {
    let mut current = alloc.parent_operation();
    while let Some(op) = current {
        if op.to_raw().ptr == function.to_raw().ptr {
            return None;
        }
        let name = op_name(&op);
        if !SEQUENTIAL_REGION_OPS.contains(&name.as_str()) {
            return Some(format!("allocated inside {name}, whose regions may run concurrently or are not structured control flow"));
        }
        current = op.parent_operation();
    }
    Some("allocated outside its function".into())
}

/// Liveness of the buffer of `alloc` within the block that holds it: every
/// use (of it or of a view of it) counts as the whole span of its ancestor
/// in that block. The buffer must not leave the block: a buffer passed to a
/// terminator (`scf.yield`, `func.return`) or to an op whose results may
/// alias it (a loop's iter_args, a call with memref results) escapes.
fn liveness<'c, 'a>(alloc: &OperationRef<'c, 'a>, spans: &Spans) -> Liveness<'c, 'a> {
    let Ok(result) = alloc.result(0) else { return Liveness::Escapes("no result".into()) };
    let Some(block) = alloc.block() else { return Liveness::Escapes("an allocation outside any block".into()) };
    let mut range: Option<(usize, usize, OperationRef<'c, 'a>, OperationRef<'c, 'a>)> = None;
    let mut deallocs = Vec::new();
    let mut worklist: Vec<Value<'c, 'a>> = vec![result.into()];
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
            if name == "bufferization.dealloc" {
                return Liveness::Escapes("freed by bufferization.dealloc".into());
            }
            let Some(top) = top_level_ancestor(user, block.to_raw()) else {
                return Liveness::Escapes(format!("used outside the block of its allocation by {name}"));
            };
            let Some((start, end)) = spans.span(&top) else {
                return Liveness::Escapes("internal: an op without a position".into());
            };
            range = Some(widen(range, (start, end), top));
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
    let (first, end, first_op, end_op) = match range {
        Some(range) => range,
        None => {
            let Some((start, _)) = spans.span(alloc) else { return Liveness::Escapes("internal: an op without a position".into()) };
            (start, start, *alloc, *alloc)
        }
    };
    Liveness::Range { first, end, first_op, end_op, deallocs }
}

/// A live range (first and last position, and the ops at them) widened
/// to cover `span`, the positions of `op`; `None`: just `op`'s.
fn widen<'c, 'a>(
    range: Option<(usize, usize, OperationRef<'c, 'a>, OperationRef<'c, 'a>)>,
    (start, end): (usize, usize),
    op: OperationRef<'c, 'a>,
) -> (usize, usize, OperationRef<'c, 'a>, OperationRef<'c, 'a>) {
    match range {
        None => (start, end, op, op),
        Some((s, e, s_op, e_op)) => {
            let (s, s_op) = if start < s { (start, op) } else { (s, s_op) };
            let (e, e_op) = if end > e { (end, op) } else { (e, e_op) };
            (s, e, s_op, e_op)
        }
    }
}

/// A web of loop-carried buffers (see [`carried_web`]): its allocations,
/// every free of its buffers, and the live range they all get.
struct Web<'c, 'a> {
    /// Each allocation with its live intervals (flat positions, both ends
    /// included).
    allocs: Vec<(OperationRef<'c, 'a>, Vec<(usize, usize)>)>,
    deallocs: Vec<mlir_sys::MlirOperation>,
}

/// The flat hull of the uses of `value` and of its views, each counted as
/// the span of its ancestor in `block`, deallocs and
/// `extract_strided_metadata` aside (the frees of a web are erased); `None`
/// when it has no such use. `Err` when a use lies outside `block`.
fn use_hull_in(value: Value, block: mlir_sys::MlirBlock, spans: &Spans) -> Result<Option<(usize, usize)>, String> {
    let mut hull: Option<(usize, usize)> = None;
    let mut worklist = vec![value];
    while let Some(value) = worklist.pop() {
        for user in users(value) {
            let name = op_name(&user);
            if name == "memref.dealloc" || name == "memref.extract_strided_metadata" {
                continue;
            }
            if VIEW_OPS.contains(&name.as_str()) {
                worklist.extend(user.results().map(Value::from));
            }
            let top = top_level_ancestor(user, block).ok_or("a loop-carried buffer used outside its block")?;
            let (start, end) = spans.span(&top).ok_or("internal: an op without a position")?;
            hull = Some(hull.map_or((start, end), |(s, e)| (s.min(start), e.max(end))));
        }
    }
    Ok(hull)
}

fn is_memref(value: Value) -> bool {
    // SAFETY: a live type.
    unsafe { mlir_sys::mlirTypeIsAMemRef(value.r#type().to_raw()) }
}

/// Whether `value` is the result of a `memref.alloc` directly in `block`.
fn allocated_in(value: Value, block: mlir_sys::MlirBlock) -> bool {
    // SAFETY: a live value; its owner is only read.
    unsafe {
        if !mlir_sys::mlirValueIsAOpResult(value.to_raw()) {
            return false;
        }
        let owner = OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(value.to_raw()));
        op_name(&owner) == "memref.alloc" && owner.block().is_some_and(|b| b.to_raw().ptr == block.ptr)
    }
}

/// The loop-carried web of `seed` (a `memref.alloc` whose buffer flows into
/// an `scf.while`): the buffers that may be one another's through the
/// loops' edges (init operand → `before` argument, `scf.condition` operand
/// → `after` argument and loop result, `after` yield operand → `before`
/// argument), closed under views. Every buffer of the web gets its own
/// fixed slot, live over the union of the spans of the uses of all the web's
/// values (so over the whole loop), and every free of any value of the web
/// (the ownership-based deallocation's frees, conditional or not, of the
/// value or of its `extract_strided_metadata` base buffer) is erased.
/// Sound because each allocation site's buffer of one execution is dead
/// before the site executes again, which the web checks:
/// - every loop of the web is an `scf.while` in one block `P`, and every
///   buffer of the web is a static `memref.alloc` in `P` or, for a value
///   passed to `scf.condition` (`scf.yield`), one allocated directly in the
///   `before` (`after`) block of that loop: an `after` argument is never
///   yielded and a `before` argument never passed on, so the buffer a
///   `before` block allocated in one iteration is dead at the end of that
///   iteration's `after` block, and the one an `after` block allocated dead
///   at the end of the next `before` block;
/// - the web's values are only read, written, viewed, freed, or passed
///   along those edges: nothing else may alias or keep them (no other
///   terminator, op with memref results, address taken, other region op
///   with results), and they are used only inside `P` (dead at its end).
fn carried_web<'c, 'a>(seed: OperationRef<'c, 'a>, spans: &Spans, function: &OperationRef<'c, 'a>) -> Result<Web<'c, 'a>, String> {
    let seed_value: Value<'c, 'a> = seed.result(0).map_err(|_| "no result".to_owned())?.into();
    let mut seen: std::collections::HashSet<usize> = std::collections::HashSet::new();
    let mut worklist: Vec<Value<'c, 'a>> = vec![seed_value];
    let mut values: Vec<Value<'c, 'a>> = Vec::new();
    let mut loop_block: Option<mlir_sys::MlirBlock> = None;
    let mut edges_done: std::collections::HashSet<(usize, usize)> = std::collections::HashSet::new();
    let mut allocs: Vec<OperationRef<'c, 'a>> = Vec::new();
    let mut deallocs: Vec<mlir_sys::MlirOperation> = Vec::new();
    // (while op, position): pulls every value of that loop-carried slot.
    let mut carried: Vec<(OperationRef<'c, 'a>, usize)> = Vec::new();
    while !worklist.is_empty() || !carried.is_empty() {
        if let Some((w, k)) = carried.pop() {
            if !edges_done.insert((w.to_raw().ptr as usize, k)) {
                continue;
            }
            let block = w.block().ok_or("a loop outside any block")?;
            match loop_block {
                None => loop_block = Some(block.to_raw()),
                Some(b) if b.ptr != block.to_raw().ptr => return Err("loop-carried through loops in different blocks".into()),
                Some(_) => {}
            }
            let before = w.region(0).ok().and_then(|r| r.first_block()).ok_or("an scf.while without a before block")?;
            let after = w.region(1).ok().and_then(|r| r.first_block()).ok_or("an scf.while without an after block")?;
            let condition = before.terminator().ok_or("a before block without a terminator")?;
            let yield_op = after.terminator().ok_or("an after block without a terminator")?;
            // Position k of both sides (init / before argument / yield
            // operand, and scf.condition operand / after argument / result),
            // where it exists: more values than flow together, never fewer.
            if let (Ok(init), Ok(argument), Ok(yielded)) = (w.operand(k), before.argument(k), yield_op.operand(k)) {
                // SAFETY: a live value.
                let forwarded = unsafe { mlir_sys::mlirValueIsABlockArgument(yielded.to_raw()) && mlir_sys::mlirBlockArgumentGetOwner(yielded.to_raw()).ptr == after.to_raw().ptr };
                if is_memref(yielded) && !allocated_in(yielded, after.to_raw()) && !allocated_in(yielded, block.to_raw()) && !forwarded {
                    return Err("loop-carried: scf.yield passes on a buffer allocated neither in its block nor before the loop".into());
                }
                worklist.extend([init, argument.into(), yielded]);
            }
            if let (Ok(passed), Ok(argument), Ok(result)) = (condition.operand(k + 1), after.argument(k), w.result(k)) {
                if is_memref(passed) && !allocated_in(passed, before.to_raw()) && !allocated_in(passed, block.to_raw()) {
                    return Err("loop-carried: scf.condition passes on a buffer allocated neither in its block nor before the loop".into());
                }
                worklist.extend([passed, argument.into(), result.into()]);
            }
            continue;
        }
        let Some(value) = worklist.pop() else { break };
        if !is_memref(value) || !seen.insert(value.to_raw().ptr as usize) {
            continue;
        }
        values.push(value);
        // Where the value comes from.
        // SAFETY: a live value; its owner is only read.
        unsafe {
            if mlir_sys::mlirValueIsAOpResult(value.to_raw()) {
                let owner = OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(value.to_raw()));
                let name = op_name(&owner);
                if name == "memref.alloc" {
                    match plannable_bytes(value.r#type()) {
                        Err(reason) => return Err(format!("loop-carried with a buffer of {reason}")),
                        Ok(_) if owner.operand_count() > 0 => return Err("loop-carried with a buffer of dynamic size".into()),
                        Ok(_) => {}
                    }
                    if let Some(reason) = nesting_refusal(&owner, function) {
                        return Err(reason);
                    }
                    allocs.push(owner);
                } else if name == "scf.while" {
                    // A loop result: its whole position joins the web.
                    carried.push((owner, mlir_sys::mlirOpResultGetResultNumber(value.to_raw()) as usize));
                } else if VIEW_OPS.contains(&name.as_str()) {
                    let source = owner.operand(0).map_err(|_| "a view without a source")?;
                    worklist.push(source);
                } else {
                    return Err(format!("loop-carried with a buffer from {name}"));
                }
            } else {
                // A block argument: of a loop of the web (pulled in by its
                // slot), else not a temporary of the function.
                let block = mlir_sys::mlirBlockArgumentGetOwner(value.to_raw());
                let parent = mlir_sys::mlirBlockGetParentOperation(block);
                if parent.ptr.is_null() || op_name(&OperationRef::from_raw(parent)) != "scf.while" {
                    return Err("loop-carried with a buffer that is not a temporary (an argument)".into());
                }
                // A loop's block argument: its whole position joins the web
                // (what flows into it with it).
                carried.push((OperationRef::from_raw(parent), mlir_sys::mlirBlockArgumentGetArgNumber(value.to_raw()) as usize));
            }
        }
        for user in users(value) {
            let name = op_name(&user);
            match name.as_str() {
                "memref.dealloc" => {
                    deallocs.push(user.to_raw());
                    continue;
                }
                "memref.extract_strided_metadata" => {
                    let base: Value = user.result(0).map_err(|_| "extract_strided_metadata without results")?.into();
                    for free in users(base) {
                        if op_name(&free) != "memref.dealloc" {
                            return Err(format!("loop-carried: its base buffer flows into {}", op_name(&free)));
                        }
                        deallocs.push(free.to_raw());
                    }
                }
                "bufferization.dealloc" => return Err("freed by bufferization.dealloc".into()),
                "scf.while" => {
                    // An init operand: position among the operands.
                    for k in (0..user.operand_count()).filter(|&i| user.operand(i).is_ok_and(|o| o.to_raw().ptr == value.to_raw().ptr)) {
                        carried.push((user, k));
                    }
                    continue;
                }
                "scf.condition" | "scf.yield" if user.parent_operation().is_some_and(|p| op_name(&p) == "scf.while") => {
                    let w = user.parent_operation().ok_or("internal: no parent")?;
                    let skip = usize::from(name == "scf.condition");
                    for k in (skip..user.operand_count()).filter(|&i| user.operand(i).is_ok_and(|o| o.to_raw().ptr == value.to_raw().ptr)) {
                        carried.push((w, k - skip));
                    }
                    continue;
                }
                _ => {}
            }
            if ADDRESS_OPS.contains(&name.as_str()) || name.starts_with("llvm.") {
                return Err(format!("its address is taken ({name})"));
            }
            if VIEW_OPS.contains(&name.as_str()) {
                worklist.extend(user.results().map(Value::from));
                continue;
            }
            if name == "memref.extract_strided_metadata" {
                continue;
            }
            if user.results().any(|r| is_memref(r.into())) || user.region_count() > 0 && user.results().count() > 0 {
                return Err(format!("flows into {name}, whose results may alias it"));
            }
            // SAFETY: a live op.
            let is_terminator = unsafe { mlir_sys::mlirOperationGetNextInBlock(user.to_raw()).ptr.is_null() }
                && matches!(name.as_str(), "func.return" | "scf.yield" | "scf.condition" | "cf.br" | "cf.cond_br" | "affine.yield");
            if is_terminator {
                return Err(format!("passed to {name}"));
            }
        }
    }
    let block = loop_block.ok_or("not loop-carried")?;
    // Allocations: in P, or (checked above for the edges) in a loop's blocks.
    for alloc in &allocs {
        let Some(b) = alloc.block() else { return Err("an allocation outside any block".into()) };
        let in_p = b.to_raw().ptr == block.ptr;
        let in_loop = alloc.parent_operation().is_some_and(|p| {
            op_name(&p) == "scf.while" && p.block().is_some_and(|pb| pb.to_raw().ptr == block.ptr) && edges_done.iter().any(|&(w, _)| w == p.to_raw().ptr as usize)
        });
        if !in_p && !in_loop {
            return Err("loop-carried with a buffer allocated outside the loop's block".into());
        }
    }
    // The whole range: every use of every value, at its ancestor in P.
    let mut range: Option<(usize, usize, OperationRef<'c, 'a>, OperationRef<'c, 'a>)> = None;
    for value in &values {
        for user in users(*value) {
            if op_name(&user) == "memref.dealloc" {
                continue;
            }
            let top = top_level_ancestor(user, block).ok_or("loop-carried buffer used outside the loop's block")?;
            let (start, end) = spans.span(&top).ok_or("internal: an op without a position")?;
            range = Some(widen(range, (start, end), top));
        }
    }
    let (first, end, _, _) = range.ok_or("internal: a web without uses")?;
    let loops: Vec<OperationRef<'c, 'a>> = {
        let mut seen_loops = std::collections::HashSet::new();
        values.iter().filter_map(|v| {
            // SAFETY: a live value.
            if !unsafe { mlir_sys::mlirValueIsABlockArgument(v.to_raw()) } {
                return None;
            }
            // SAFETY: a live block argument and its live block.
            let parent = unsafe { mlir_sys::mlirBlockGetParentOperation(mlir_sys::mlirBlockArgumentGetOwner(v.to_raw())) };
            // SAFETY: a live op (checked above to be a loop of the web).
            (seen_loops.insert(parent.ptr as usize)).then(|| unsafe { OperationRef::from_raw(parent) })
        }).collect()
    };
    let mut planned = Vec::new();
    for &alloc in &allocs {
        let intervals = web_alloc_intervals(alloc, block, &loops, spans)?.unwrap_or_else(|| vec![(first, end)]);
        planned.push((alloc, intervals));
    }
    deallocs.sort_by_key(|d| d.ptr as usize);
    deallocs.dedup_by_key(|d| d.ptr as usize);
    Ok(Web { allocs: planned, deallocs })
}

/// The live intervals of one allocation of a loop-carried web whose loops
/// (`scf.while`) lie in `block` (P), when one of three shapes allows
/// better than the web's whole range (`Ok(None)`: the whole range):
/// - an allocation in a loop's `before` block, passed to `scf.condition`
///   at positions K: from its first use in that block to the end of the
///   loop (the `after` block reads it) and through the uses of results K
///   after the loop (used only in P, by no other loop); and, where the
///   `after` block yields its argument k (of K) at position j, from the
///   start of the `before` block to the last use of `before` argument j,
///   which must come before the allocation's first use (else the buffers
///   of two iterations would overlap: refused);
/// - an allocation in a loop's `after` block, yielded at positions K (and
///   not otherwise passed on): from its first use to the end of the loop,
///   and from the start of the `before` block to the last use of its
///   arguments K there (the next iteration reads it);
/// - an allocation in P used only before the loop and as its init at
///   positions K: from its first use to the last use of `before`
///   arguments K (only the first iteration's `before` block reads it).
fn web_alloc_intervals(alloc: OperationRef, block: mlir_sys::MlirBlock, loops: &[OperationRef], spans: &Spans) -> Result<Option<Vec<(usize, usize)>>, String> {
    let Ok(result) = alloc.result(0) else { return Ok(None) };
    let result: Value = result.into();
    let Some(alloc_block) = alloc.block() else { return Ok(None) };
    let positions = |op: &OperationRef, skip: usize| -> Vec<usize> {
        (skip..op.operand_count()).filter(|&i| op.operand(i).is_ok_and(|o| o.to_raw().ptr == result.to_raw().ptr)).map(|i| i - skip).collect()
    };
    let Some(parent) = alloc.parent_operation() else { return Ok(None) };
    let in_loop = alloc_block.to_raw().ptr != block.ptr;
    if in_loop {
        let w = parent;
        let (Ok(before_region), Ok(after_region)) = (w.region(0), w.region(1)) else { return Ok(None) };
        let (Some(before), Some(after)) = (before_region.first_block(), after_region.first_block()) else { return Ok(None) };
        let Some((w_start, w_end)) = spans.span(&w) else { return Ok(None) };
        let before_start = w_start + 1;
        // The alloc's own first use in its block (the terminator included).
        let Some((own_first, _)) = use_hull_in(result, alloc_block.to_raw(), spans)? else { return Ok(None) };
        let last_use_of_before_argument = |k: usize| -> Result<Option<usize>, String> {
            let argument: Value = before.argument(k).map_err(|_| "bad loop position")?.into();
            Ok(use_hull_in(argument, before.to_raw(), spans)?.map(|(_, e)| e))
        };
        if alloc_block.to_raw().ptr == before.to_raw().ptr {
            let Some(condition) = before.terminator() else { return Ok(None) };
            let ks = positions(&condition, 1);
            let mut intervals = Vec::new();
            let mut end = w_end;
            for &k in &ks {
                let r: Value = w.result(k).map_err(|_| "bad loop position")?.into();
                for user in users(r) {
                    let Some(top) = top_level_ancestor(user, block) else { return Ok(None) };
                    if loops.iter().any(|l| l.to_raw().ptr == top.to_raw().ptr) && op_name(&user) != "memref.dealloc" {
                        return Ok(None);
                    }
                }
                if let Some((_, e)) = use_hull_in(r, block, spans)? {
                    end = end.max(e);
                }
                // Its after argument yielded back at positions j.
                let Some(yield_op) = after.terminator() else { return Ok(None) };
                let a = after.argument(k).map_err(|_| "bad loop position")?;
                for j in (0..yield_op.operand_count()).filter(|&i| yield_op.operand(i).is_ok_and(|o| o.to_raw().ptr == a.to_raw().ptr)) {
                    if let Some(last) = last_use_of_before_argument(j)? {
                        if last >= own_first {
                            return Err("loop-carried: a buffer passed around the loop is still read when the next iteration allocates it again".into());
                        }
                        intervals.push((before_start, last));
                    }
                }
            }
            intervals.push((own_first, end));
            return Ok(Some(intervals));
        }
        if alloc_block.to_raw().ptr == after.to_raw().ptr {
            let Some(yield_op) = after.terminator() else { return Ok(None) };
            let mut intervals = vec![(own_first, w_end)];
            for k in positions(&yield_op, 0) {
                if let Some(last) = last_use_of_before_argument(k)? {
                    intervals.push((before_start, last));
                }
            }
            return Ok(Some(intervals));
        }
        return Ok(None);
    }
    // In P: used only at P level (not inside a loop of the web) and as
    // init operands.
    let mut hull: Option<(usize, usize)> = None;
    for user in users(result) {
        let name = op_name(&user);
        if name == "memref.dealloc" || name == "memref.extract_strided_metadata" {
            continue;
        }
        let Some(top) = top_level_ancestor(user, block) else { return Ok(None) };
        let Some((start, end)) = spans.span(&top) else { return Ok(None) };
        let is_loop = loops.iter().any(|l| l.to_raw().ptr == top.to_raw().ptr);
        if VIEW_OPS.contains(&name.as_str()) {
            return Ok(None);
        }
        if is_loop {
            if name != "scf.while" || top.to_raw().ptr != user.to_raw().ptr {
                return Ok(None);
            }
            let before = user.region(0).ok().and_then(|r| r.first_block()).ok_or("an scf.while without a before block")?;
            let mut last = start;
            for k in positions(&user, 0) {
                let argument: Value = before.argument(k).map_err(|_| "bad loop position")?.into();
                if let Some((_, e)) = use_hull_in(argument, before.to_raw(), spans)? {
                    last = last.max(e);
                }
            }
            hull = Some(hull.map_or((start, last), |(s, e)| (s.min(start), e.max(last))));
        } else {
            hull = Some(hull.map_or((start, end), |(s, e)| (s.min(start), e.max(end))));
        }
    }
    // Its uses after the loop would need the whole range.
    let Some((first, last)) = hull else { return Ok(None) };
    for user in users(result) {
        let name = op_name(&user);
        if name == "memref.dealloc" || name == "memref.extract_strided_metadata" {
            continue;
        }
        let Some(top) = top_level_ancestor(user, block) else { return Ok(None) };
        let is_loop = loops.iter().any(|l| l.to_raw().ptr == top.to_raw().ptr);
        if !is_loop && loops.iter().any(|l| spans.span(l).is_some_and(|(ls, _)| spans.span(&top).is_some_and(|(s, _)| s > ls))) {
            return Ok(None);
        }
    }
    Ok(Some(vec![(first, last)]))
}


struct Candidate<'c, 'a> {
    alloc: OperationRef<'c, 'a>,
    bytes: u64,
    /// Live intervals (flat positions, both ends included); `start`/`end`
    /// their hull.
    intervals: Vec<(usize, usize)>,
    start: usize,
    end: usize,
    start_op: String,
    end_op: String,
    deallocs: Vec<mlir_sys::MlirOperation>,
}

/// XLA's global decreasing-size best-fit heap simulation: offsets for
/// `buffers` (bytes, live range; each in a [`slot`]) and the heap size.
pub fn best_fit(buffers: &[(u64, usize, usize)]) -> (Vec<u64>, u64) {
    best_fit_intervals(&buffers.iter().map(|&(bytes, start, end)| (bytes, vec![(start, end)])).collect::<Vec<_>>())
}

/// `intervals` sorted and merged where they overlap or touch.
fn merged(intervals: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut sorted = intervals.to_vec();
    sorted.sort();
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (s, e) in sorted {
        match out.last_mut() {
            Some(last) if s <= last.1 + 1 => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// [`best_fit`] for buffers live over several intervals (a loop-carried
/// buffer: to the end of the loop body and from the start of the next
/// iteration): two buffers conflict when any of their intervals overlap.
pub fn best_fit_intervals(buffers: &[(u64, Vec<(usize, usize)>)]) -> (Vec<u64>, u64) {
    let alignment: Vec<u64> = buffers.iter().map(|(bytes, _)| slot(*bytes).0).collect();
    let aligned: Vec<u64> = buffers.iter().map(|(bytes, _)| slot(*bytes).1).collect();
    let intervals: Vec<Vec<(usize, usize)>> = buffers.iter().map(|(_, i)| merged(i)).collect();
    let length = |i: usize| intervals[i].iter().map(|(s, e)| e - s).sum::<usize>();
    let first = |i: usize| intervals[i].first().map_or(0, |f| f.0);
    let overlap = |a: usize, b: usize| intervals[a].iter().any(|&(s, e)| intervals[b].iter().any(|&(t, f)| t <= e && s <= f));
    let mut order: Vec<usize> = (0..buffers.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(aligned[i]), std::cmp::Reverse(length(i)), first(i), i));
    let mut offsets = vec![u64::MAX; buffers.len()];
    let mut heap = 0;
    let mut placed: Vec<usize> = Vec::new();
    for &i in &order {
        let mut busy: Vec<(u64, u64)> = placed
            .iter()
            .filter(|&&j| overlap(i, j))
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

/// The most bytes of `buffers` (bytes, first, last position) live at one
/// position.
fn peak_live(buffers: &[(u64, usize, usize)]) -> u64 {
    let mut events: Vec<(usize, bool, u64)> = Vec::with_capacity(2 * buffers.len());
    for &(bytes, start, end) in buffers {
        // Starts before ends at the same position: both ends are included.
        events.push((start, false, bytes));
        events.push((end, true, bytes));
    }
    events.sort();
    let (mut live, mut peak) = (0u64, 0u64);
    for (_, is_end, bytes) in events {
        if is_end {
            live -= bytes;
        } else {
            live += bytes;
            peak = peak.max(live);
        }
    }
    peak
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
    // Program order: every op of the body, at any depth, in pre-order.
    let spans = Spans::of_block(&block);
    let mut allocs = Vec::new();
    function.walk(WalkOrder::PreOrder, |op| {
        if op_name(&op) == "memref.alloc" {
            allocs.push(op.to_raw());
        }
        WalkResult::Advance
    });
    let describe = |op: &OperationRef| op.result(0).map(|r| r.r#type().to_string()).unwrap_or_default();
    let mut candidates = Vec::new();
    // Allocations planned as part of a loop-carried web.
    let mut in_webs: std::collections::HashSet<usize> = std::collections::HashSet::new();
    for raw in allocs {
        // SAFETY: collected from the live function above; nothing was erased.
        let op = unsafe { OperationRef::from_raw(raw) };
        if in_webs.contains(&(op.to_raw().ptr as usize)) {
            continue;
        }
        let Ok(result) = op.result(0) else { continue };
        let nested = op.block().is_some_and(|b| b.to_raw().ptr != block.to_raw().ptr);
        let refusal = if nested { nesting_refusal(&op, &function) } else { None };
        let reason = match (refusal, plannable_bytes(result.r#type())) {
            (Some(reason), _) => reason,
            (None, Err(reason)) => reason.to_owned(),
            (None, Ok(_)) if op.operand_count() > 0 => "dynamic size".to_owned(),
            (None, Ok(bytes)) => match liveness(&op, &spans) {
                Liveness::Range { first, end, first_op, end_op, deallocs } => {
                    candidates.push(Candidate { alloc: op, bytes, intervals: vec![(first, end)], start: first, end, start_op: op_name(&first_op), end_op: op_name(&end_op), deallocs });
                    continue;
                }
                Liveness::Escapes(reason) => {
                    if in_webs.contains(&(op.to_raw().ptr as usize)) {
                        continue;
                    }
                    // Loop-carried: the whole web planned, or none of it.
                    match carried_web(op, &spans, &function) {
                        // Webs are closed, so two never share an allocation
                        // or a free; refused rather than planned twice if
                        // they did.
                        Ok(web) if web.allocs.iter().any(|(a, _)| in_webs.contains(&(a.to_raw().ptr as usize)) || candidates.iter().any(|c: &Candidate| c.alloc.to_raw().ptr == a.to_raw().ptr))
                            || web.deallocs.iter().any(|d| candidates.iter().any(|c: &Candidate| c.deallocs.iter().any(|e| e.ptr == d.ptr))) =>
                        {
                            plan.unplanned.push(Unplanned { ty: describe(&op), location: op.location().to_string(), reason: "internal: a loop-carried web overlapping another plan".into() });
                            continue;
                        }
                        Ok(web) => {
                            let mut deallocs = web.deallocs;
                            for (alloc, intervals) in web.allocs {
                                in_webs.insert(alloc.to_raw().ptr as usize);
                                let Ok(bytes) = alloc.result(0).map_err(|_| "").and_then(|r| plannable_bytes(r.r#type())) else { continue };
                                let start = intervals.iter().map(|i| i.0).min().unwrap_or(0);
                                let end = intervals.iter().map(|i| i.1).max().unwrap_or(0);
                                candidates.push(Candidate {
                                    alloc,
                                    bytes,
                                    intervals,
                                    start,
                                    end,
                                    start_op: spans.names(start, end).0,
                                    end_op: spans.names(start, end).1,
                                    deallocs: std::mem::take(&mut deallocs),
                                });
                            }
                            continue;
                        }
                        Err(web_reason) if web_reason == "not loop-carried" => {}
                        Err(web_reason) => {
                            let parent = op.parent_operation().map(|p| op_name(&p)).unwrap_or_default();
                            let reason = format!("{reason}; as a loop-carried buffer: {web_reason}");
                            plan.unplanned.push(Unplanned { ty: describe(&op), location: op.location().to_string(), reason: if nested { format!("allocated inside {parent}: {reason}") } else { reason } });
                            continue;
                        }
                    }
                    let parent = op.parent_operation().map(|p| op_name(&p)).unwrap_or_default();
                    if nested { format!("allocated inside {parent}: {reason}") } else { reason }
                }
            },
        };
        plan.unplanned.push(Unplanned { ty: describe(&op), location: op.location().to_string(), reason });
    }
    if candidates.is_empty() {
        return Ok(Some(plan));
    }
    let (offsets, heap_bytes) = best_fit_intervals(&candidates.iter().map(|c| (c.bytes, c.intervals.clone())).collect::<Vec<_>>());
    // aligned_alloc takes a multiple of the alignment.
    let arena_bytes = heap_bytes.div_ceil(ALIGNMENT) * ALIGNMENT;
    plan.arena_bytes = arena_bytes;
    let aligned = |bytes: u64| slot(bytes).1;
    plan.unplanned_total_bytes = candidates.iter().map(|c| aligned(c.bytes)).sum();
    plan.peak_live_bytes = peak_live(&candidates.iter().flat_map(|c| merged(&c.intervals).into_iter().map(|(s, e)| (aligned(c.bytes), s, e))).collect::<Vec<_>>());
    for (candidate, &offset) in candidates.iter().zip(&offsets) {
        plan.buffers.push(PlannedBuffer {
            ty: describe(&candidate.alloc),
            bytes: candidate.bytes,
            offset,
            start: candidate.start,
            end: candidate.end,
            start_op: candidate.start_op.clone(),
            end_op: candidate.end_op.clone(),
            intervals: {
                let intervals = merged(&candidate.intervals);
                if intervals.len() > 1 { intervals } else { Vec::new() }
            },
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
        let alloc_block = alloc.block().ok_or("internal error: an allocation outside any block")?;
        let offset_op = alloc_block.insert_operation_before(alloc, builders::index_constant(context, alloc.location(), offset as i64)?);
        let offset_value = offset_op.result(0)?;
        let view = builders::memref_view(alloc.location(), arena, offset_value.into(), result.r#type())?;
        let view = alloc_block.insert_operation_before(alloc, view);
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
    let mut ops = 0usize;
    function.walk(melior::ir::operation::WalkOrder::PreOrder, |_| {
        ops += 1;
        melior::ir::operation::WalkResult::Advance
    });
    let body = Region::new();
    // SAFETY: both regions are live; the old one is left empty and refilled below.
    unsafe { mlir_sys::mlirRegionTakeBody(body.to_raw(), function.region(0)?.to_raw()) };
    let mut attributes = vec![(Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into())];
    if ops > NOINLINE_MIN_OPS {
        // Called once per call of @name, so inlining a large body gains
        // nothing, and LLVM then optimizes it twice (once as its own
        // function, again inside its caller): `noinline` cut `opt -O3` of
        // the 256x1024 row sort from 0.16 to 0.10 s (2026-11-27). A small
        // body is still inlined: LLVM may then keep a few scalars of the
        // arena in registers and drop the arena's allocation (while_loop).
        let noinline = melior::ir::attribute::ArrayAttribute::new(context, &[StringAttribute::new(context, "noinline").into()]);
        attributes.push((Identifier::new(context, "passthrough"), noinline.into()));
    }
    let planned = melior::dialect::func::func(
        context,
        StringAttribute::new(context, &planned_name),
        TypeAttribute::new(FunctionType::new(context, &planned_inputs, &results).into()),
        body,
        &attributes,
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
