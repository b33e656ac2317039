//! Lowering passes written in Rust and the named pipelines that the tools
//! share.
//!
//! - [`stablehlo_to_linalg`]: StableHLO → linalg on tensors, one file per op
//!   family, with the pass `stablehlo-legalize-to-linalg`.
//! - [`passes`]: the table of our passes and pipelines (`xla-cpu-pipeline`
//!   = StableHLO → linalg → bufferization → affine loops → LLVM dialect).
//! - [`builders`]: the only module that creates ops from a name string
//!   or parses attributes (test/Tools/invariants.test checks it).

/// The one definition of a pass written in Rust: `external_pass!(run,
/// class name, argument, description, anchor op)` makes a
/// `melior::pass::Pass` that calls `run(anchor, pass)` on each anchor op,
/// with a pass id of its own (the address of a static defined at the call
/// site) and no dependent dialects (the pipelines load them).
macro_rules! external_pass {
    ($run:expr, $name:expr, $argument:expr, $description:expr, $anchor:expr $(,)?) => {{
        /// This pass's identity: its address, 8-aligned as MLIR's `TypeID`
        /// requires; not zero-sized, so no other static shares it.
        #[repr(align(8))]
        struct PassId(#[allow(dead_code)] u8);
        static ID: PassId = PassId(0);
        melior::pass::create_external($run, melior::ir::r#type::TypeId::create(&ID), $name, $argument, $description, $anchor, &[])
    }};
}

pub mod accumulators;
pub mod buffer_plan;
pub mod builders;
pub mod call_graph;
pub mod checked_alloc;
pub mod type_sizes;
pub mod chlo;
pub mod contraction_kernels;
pub mod diagnostics;
pub mod distinct_inits;
pub mod distinct_results;
pub mod element;
pub mod error;
pub mod epilogue;
pub mod expand_copies;
pub mod fusion;
pub mod fusion_plan;
pub mod narrow_float;
pub mod gpu;
pub mod gpu_host;
pub mod indexed_loops;
pub mod loop_annotations;
pub mod loop_state;
pub mod noalias;
pub mod parallel_temporaries;
pub mod parallel_tasks;
pub mod passes;
pub mod readonly_args;
pub mod reserved_symbols;
pub mod schedule;
pub mod result_copies;
pub mod patterns;
pub mod quantization;
pub mod reassociate;
pub mod signedness;
pub mod share_kernels;
pub mod split_functions;
pub mod spmd_partition;
pub mod stablehlo_to_linalg;
pub mod vector_math;
pub mod vector_width;

use melior::{Context, ContextRef};
use std::{collections::HashMap, sync::Mutex};

/// The full name of an operation (`"arith.addf"`): the one helper every
/// pass and tool uses to match ops by name (an empty string in the
/// impossible case of a name that is not UTF-8).
pub fn op_name<'c: 'a, 'a>(op: &impl melior::ir::operation::OperationLike<'c, 'a>) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

/// The number of uses of `value`.
pub(crate) fn use_count(value: mlir_sys::MlirValue) -> usize {
    let mut count = 0;
    // SAFETY: walks the live use list of a live value.
    unsafe {
        let mut operand = mlir_sys::mlirValueGetFirstUse(value);
        while !mlir_sys::mlirOpOperandIsNull(operand) {
            count += 1;
            operand = mlir_sys::mlirOpOperandGetNextUse(operand);
        }
    }
    count
}

/// A `&Context` for the context of an IR object (`context_of(op.context())`).
///
/// melior's `ContextRef::to_ref` returns a reference to the `ContextRef`
/// itself, so `op.context().to_ref()` dangles as soon as the temporary
/// `ContextRef` is dropped at the end of the statement: release builds then
/// read a reused stack slot and crash (every lowering segfaulted in
/// `OperationName::OperationName`). This keeps one leaked `ContextRef` per
/// context ever seen (a few bytes each) for the reference to point at.
pub fn context_of<'c>(context: ContextRef<'c>) -> &'c Context {
    static KEPT: Mutex<Option<HashMap<usize, usize>>> = Mutex::new(None);
    // SAFETY: `context` lives for the whole call, so this reference does too.
    let raw = unsafe { context.to_ref() }.to_raw();
    let mut kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let address = *kept.get_or_insert_with(HashMap::new).entry(raw.ptr as usize).or_insert_with(|| {
        // SAFETY: `raw` is a live context; the leaked copy only holds its pointer.
        let leaked: &'static ContextRef<'static> = Box::leak(Box::new(unsafe { ContextRef::from_raw(raw) }));
        leaked as *const ContextRef<'static> as usize
    });
    // SAFETY: `address` is a leaked, never freed `ContextRef` holding this
    // context's pointer; `to_ref` views it as a `Context` for the lifetime
    // of the caller's reference to the (live) context.
    unsafe { (*(address as *const ContextRef<'c>)).to_ref() }
}
