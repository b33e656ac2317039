//! The registry of the project's passes and pipelines: one table that the
//! drivers use to build pass managers and that `xla-opt --help` prints.

use melior::{
    Context,
    pass::{OperationPassManager, Pass},
};
use mlir_sys::{MlirStringRef, mlirOpPassManagerAddPipeline};
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};

/// One step of a pipeline.
#[derive(Clone, Copy)]
pub enum Step {
    /// A pass written in Rust in this crate.
    Ours(fn() -> Pass),
    /// Upstream MLIR passes in textual pipeline syntax, anchored on
    /// `builtin.module` (e.g. `func.func(canonicalize), cse`).
    Upstream(&'static str),
    /// Like `Upstream`, with the text computed on first use.
    UpstreamFn(fn() -> &'static str),
    /// A shared sequence of steps.
    Steps(&'static [Step]),
}

/// A named pass or pipeline, selectable as `xla-opt --<name>`.
pub struct PassInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub steps: &'static [Step],
}

/// Tensor-level clean-up shared by the CPU and GPU paths: inline calls
/// (JAX outlines helpers such as `log_softmax` into private functions), fuse
/// chains of element-wise linalg ops (`xla-fuse-elementwise`: upstream's
/// `linalg-fuse-elementwise-ops` rewrites, in rounds and with fused bodies
/// of at most 1024 ops, so compile time grows linearly), then canonicalize
/// and CSE. The pipelines then report the loop nests left and the bytes
/// they move (`xla-report-loop-nests`).
const CPU_PREPARE: &[Step] = &[
    Step::Upstream("inline"),
    Step::Ours(crate::fusion::create_fuse_elementwise_pass),
    Step::Upstream("func.func(canonicalize, cse)"),
];

/// The fusion report's line of what fusion realized (reads only).
const REPORT_LOOP_NESTS: Step = Step::Ours(crate::fusion_plan::realized::create_report_loop_nests_pass);

/// Bufferization: linalg on tensors in, buffers out (`xla-one-shot-bufferize`:
/// upstream's one-shot bufferization, without its in-place analysis for
/// modules nested deeper than 32 levels, see
/// `dialects/lib/Transforms/Bufferize.cpp`). Functions take every result as
/// a caller-allocated out-parameter (`buffer-results-to-out-params`), so
/// compiled code never hands ownership of memory to its caller. Runs after
/// `xla-distinct-results`.
const CPU_BUFFERIZE: &[Step] = &[
    Step::Ours(create_one_shot_bufferize_pass),
    Step::Upstream(concat!(
        "buffer-results-to-out-params{hoist-static-allocs=true modify-public-functions=true},",
        "canonicalize"
    )),
    // A result that a loop updated in place is computed in its
    // out-parameter, not in a temporary copied there at the end.
    Step::Ours(crate::result_copies::create_elide_result_copies_pass),
    Step::Upstream("buffer-deallocation-pipeline"),
];

fn create_one_shot_bufferize_pass() -> Pass {
    // SAFETY: the C++ side returns a fresh, owned pass; `Pass` takes it over
    // and the pass manager it is added to destroys it.
    unsafe { Pass::from_raw(xla_dialects::ffi::xlaCreateOneShotBufferizePass()) }
}

/// `xla-fuse-rows` (C++, `dialects/lib/Transforms/RowFusion.cpp`): a row
/// reduction's input fusion as one pass over memory per block of rows
/// (softmax, layernorm); off with `--fusion=off` or `greedy`.
fn create_fuse_rows_pass() -> Pass {
    let enabled = crate::fusion_plan::mode() == crate::fusion_plan::Mode::Planned;
    // SAFETY: the C++ side returns a fresh, owned pass; `Pass` takes it over
    // and the pass manager it is added to destroys it.
    unsafe { Pass::from_raw(xla_dialects::ffi::xlaCreateFuseRowsPass(enabled)) }
}

/// Receives the lines of `xla-fuse-siblings` for the fusion report.
unsafe extern "C" fn report_sibling_line(text: *const std::ffi::c_char, len: usize) {
    // SAFETY: the C++ side passes `len` readable bytes of UTF-8 text.
    let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) };
    crate::fusion_plan::append_report(&String::from_utf8_lossy(bytes));
}

/// `xla-fuse-siblings` (C++, `dialects/lib/Transforms/SiblingFusion.cpp`):
/// the sibling reductions the planner tagged become one multi-result
/// generic (one loop nest reading their common input once); it says in
/// the fusion report which pairs it merged and which not, and why.
fn create_fuse_siblings_pass() -> Pass {
    // SAFETY: the C++ side returns a fresh, owned pass; `Pass` takes it over
    // and the pass manager it is added to destroys it.
    unsafe { Pass::from_raw(xla_dialects::ffi::xlaCreateFuseSiblingsPass(Some(report_sibling_line))) }
}

/// `xla-keep-vector-variants` (C++,
/// `dialects/lib/Transforms/KeepVectorVariants.cpp`): the functions named
/// by `vector-function-abi-variant` attributes listed in
/// `@llvm.compiler.used`.
fn create_keep_vector_variants_pass() -> Pass {
    // SAFETY: the C++ side returns a fresh, owned pass; `Pass` takes it over
    // and the pass manager it is added to destroys it.
    unsafe { Pass::from_raw(xla_dialects::ffi::xlaCreateKeepVectorVariantsPass()) }
}

/// `xla-inline-calls` (C++, `dialects/lib/Transforms/InlineCalls.cpp`):
/// MLIR's inliner without canonicalization of callees, skipped for a module
/// with ops of unregistered dialects (the lowering refuses those).
fn create_inline_calls_pass() -> Pass {
    // SAFETY: the C++ side returns a fresh, owned pass; `Pass` takes it over
    // and the pass manager it is added to destroys it.
    unsafe { Pass::from_raw(xla_dialects::ffi::xlaCreateInlineCallsPass()) }
}

/// From buffers to loops; runs after `xla-expand-memref-copy`. Each linalg
/// op becomes an affine loop nest; `affine-parallelize` marks the outermost
/// loop of each nest that carries no dependence (`affine.parallel`, an
/// `scf.parallel` after `lower-affine`), which `xla-cpu-parallel-tasks` then
/// runs on the thread pool.
const CPU_LOOPS: &str = concat!(
    // Not affine-loop-fusion: it miscompiled the JAX MLP (log-softmax after
    // two matmuls gave wrong values); linalg fusion on tensors covers the
    // element-wise chains.
    "func.func(convert-linalg-to-affine-loops, affine-scalrep, affine-parallelize{max-nested=1},",
    "canonicalize, lower-affine)"
);

/// From loops (and parallel tasks) to the LLVM dialect.
const CPU_TO_LLVM: &str = concat!(
    // f16/bf16 are computed in f32 and rounded after every op, as XLA's CPU
    // back end does; bf16 conversions become integer code (no libcalls).
    "func.func(arith-emulate-unsupported-floats{source-types=bf16,f16 target-type=f32},",
    "math-extend-to-supported-types{target-type=f32}, arith-expand{include-bf16=true}),",
    "func.func(convert-complex-to-standard, convert-math-to-llvm),",
    "convert-math-to-libm,",
    // Subviews with run-time offsets (the rows of a top_k) leave
    // affine.apply ops for their offsets: lowered once more.
    "expand-strided-metadata, func.func(lower-affine),",
    // aligned_alloc(alignment, size rounded up to it) rather than malloc
    // over-allocated by the alignment: compiled code's heap is exactly the
    // planned arena (xla-plan-buffers) and what it could not plan.
    "finalize-memref-to-llvm{use-aligned-alloc=true},",
    // Without rollback bookkeeping (every op moved by a block split was
    // recorded): 4x faster on programs with thousands of loops.
    "convert-scf-to-cf{allow-pattern-rollback=false},",
    "convert-to-llvm,",
    "reconcile-unrealized-casts"
);

/// Buffers to the LLVM dialect: loops (gathers made parallel by
/// `xla-parallelize-indexed-loops`), parallel tasks, LLVM.
const CPU_LOWER_BUFFERS: &[Step] = &[
    Step::Upstream(CPU_LOOPS),
    // Loops updating several accumulators (multi-result reductions) carry
    // them in registers, so LLVM vectorizes them.
    Step::Ours(crate::accumulators::create_promote_accumulators_pass),
    Step::Ours(crate::indexed_loops::create_parallelize_indexed_loops_pass),
    Step::Ours(crate::parallel_tasks::create_parallel_tasks_pass),
    Step::Upstream(CPU_TO_LLVM),
];

/// StableHLO (with CHLO) to linalg on tensors, shared by the CPU and GPU
/// pipelines: functions named like C library symbols renamed, quantized
/// ops as integer/float arithmetic, CHLO decomposed, calls inlined (JAX
/// outlines helpers such as `_take`, `_where` or `log_softmax` into private
/// functions: inlined, the planner sees across them), fusion planned on the
/// StableHLO graph (`xla-plan-fusion`; `xla-fuse-elementwise` realizes the
/// plan later), StableHLO lowered.
const FRONT_END: &[Step] = &[
    Step::Ours(crate::spmd_partition::create_spmd_partition_pass),
    Step::Ours(crate::reserved_symbols::create_rename_reserved_symbols_pass),
    Step::Ours(crate::quantization::create_lower_quantized_pass),
    Step::Ours(crate::chlo::create_chlo_legalize_pass),
    Step::Ours(create_inline_calls_pass),
    Step::Ours(crate::fusion_plan::create_plan_fusion_pass),
    Step::Ours(crate::stablehlo_to_linalg::create_legalize_to_linalg_pass),
];

/// linalg on tensors to the LLVM dialect (`xla-cpu-codegen`): fuse, our
/// tensor-level passes, bufferize, contraction kernels, copies as loops,
/// very large functions split into bounded noinline pieces
/// (`xla-split-large-functions`), then loops (parallel ones as thread-pool
/// tasks) to LLVM, checked
/// allocations, `noalias` on the entry points, and the vector width LLVM
/// vectorizes with (`xla-prefer-vector-width`).
const CPU_CODEGEN_STEPS: &[Step] = &[
    // Inline first so that the cut sees the whole program, without the
    // inliner's canonicalization (on an uncut function its cost grows with
    // size times nesting depth; CPU_PREPARE canonicalizes the pieces).
    Step::Upstream("inline{default-pipeline=}"),
    Step::Ours(crate::split_functions::create_split_tensor_functions_pass),
    Step::Steps(CPU_PREPARE),
    // Two reductions of one input (a sum and a maximum, E[x] and E[x²]) in
    // one loop nest.
    Step::Ours(create_fuse_siblings_pass),
    // Softmax and layernorm rows: one pass over memory per block of rows.
    Step::Ours(create_fuse_rows_pass),
    REPORT_LOOP_NESTS,
    Step::Ours(crate::distinct_results::create_distinct_results_pass),
    Step::Ours(crate::reassociate::create_reassociate_reductions_pass),
    Step::Ours(crate::vector_math::create_polynomial_math_pass),
    Step::Ours(crate::readonly_args::create_readonly_arguments_pass),
    Step::Ours(crate::distinct_inits::create_distinct_inits_pass),
    Step::Ours(crate::schedule::create_schedule_for_memory_pass),
    // A loop's next state computed in the buffer of its old state, a
    // scan's row in its slice of the stacked output.
    Step::Ours(crate::loop_state::create_loop_state_in_place_pass),
    // A contraction's planned element-wise consumer computed in the
    // product's buffer (the contraction kernels fuse it as their epilogue).
    Step::Ours(crate::epilogue::create_epilogue_in_place_pass),
    Step::Steps(CPU_BUFFERIZE),
    Step::Upstream(FORALL_TO_PARALLEL),
    // The temporaries of a block of rows on the thread's stack, so the
    // blocks run on the thread pool.
    Step::Ours(crate::parallel_temporaries::create_parallel_stack_temporaries_pass),
    Step::Ours(crate::contraction_kernels::create_contraction_kernels_pass),
    // Buffer assignment last, when every temporary exists (the kernels
    // allocate packed panels).
    Step::Ours(crate::buffer_plan::create_plan_buffers_pass),
    Step::Ours(crate::expand_copies::create_expand_memref_copy_pass),
    // Repeated loop nests compiled once (after the copies became loops,
    // before the split counts what is left).
    Step::Ours(crate::share_kernels::create_share_kernels_pass),
    Step::Ours(crate::split_functions::create_split_functions_pass),
    Step::Steps(CPU_LOWER_BUFFERS),
    Step::Ours(crate::loop_annotations::create_loop_annotations_pass),
    // The vector versions of sin/cos/tan's fixups (xla-polynomial-math)
    // kept until LLVM's loop vectorizer calls them.
    Step::Ours(create_keep_vector_variants_pass),
    Step::Ours(crate::checked_alloc::create_checked_allocations_pass),
    Step::Ours(crate::noalias::create_mark_noalias_pass),
    Step::Ours(crate::vector_width::create_prefer_vector_width_pass),
];

/// After bufferization: the `scf.forall` loops of independent iterations
/// (the rows of `chlo.top_k`) become `scf.parallel`, the form that the
/// GPU's `xla-gpu-map-parallel-loops` maps to kernels and that the CPU runs
/// on the thread pool (`xla-cpu-parallel-tasks`).
const FORALL_TO_PARALLEL: &str = "func.func(scf-forall-to-parallel)";

/// Bufferization for the GPU: the CPU's (results as caller-allocated
/// out-parameters, temporaries freed after their last use). Host code
/// allocates and frees through the runtime (managed memory, see
/// `xla-gpu-lower-host`).
const GPU_BUFFERIZE: &[Step] = CPU_BUFFERIZE;

/// linalg on buffers → `scf.parallel` loop nests (one per linalg op, parallel
/// dimensions outermost after `xla-gpu-parallel-dims-first`), with complex,
/// f16/bf16 and the arith ops that NVVM lacks expanded.
const GPU_LOOPS: &str = concat!(
    "func.func(convert-linalg-to-parallel-loops, convert-complex-to-standard,",
    "arith-emulate-unsupported-floats{source-types=bf16,f16 target-type=f32},",
    "math-extend-to-supported-types{target-type=f32}, arith-expand{include-bf16=true})"
);

/// StableHLO → kernels in `gpu.launch` ops, shared by `xla-gpu-pipeline` and
/// [`add_gpu_pipeline`]: the CPU pipeline's front end (CHLO, reserved
/// symbols, linalg, fusion), reductions marked reassociable (so that the
/// accumulation can use FMAs), bufferization, copies as linalg ops (so they
/// run as kernels), every linalg op as one loop nest with its parallel
/// dimensions first, reductions with few outputs split into partial results
/// (so reductions to a scalar run in parallel too), and each outermost
/// parallel loop as a launch over a 1-D
/// grid. Nested parallel loops inside kernels become sequential `scf.for`,
/// and the accumulators of reduction loops registers.
/// Code outside parallel loops (sequential loops, scalar work) stays in the
/// host function.
const GPU_KERNELS: &[Step] = &[
    Step::Steps(GPU_KERNELS_FRONT),
    Step::Ours(crate::gpu::block_tiles::create_block_tiles_pass),
    Step::Upstream(GPU_LOOPS),
    Step::Ours(crate::gpu::select_minmax::create_select_minmax_pass),
    Step::Ours(crate::gpu::block_reductions::create_block_reductions_step),
    Step::Steps(GPU_KERNELS_BACK),
];

/// [`GPU_KERNELS`] without `xla-gpu-block-tiles` and
/// `xla-gpu-block-reductions`, whose kernels use barriers and shared memory:
/// the kernels that the host-loop emulation (`xla-gpu-emulation-pipeline`)
/// can run.
const GPU_KERNELS_EMULATED: &[Step] =
    &[Step::Steps(GPU_KERNELS_FRONT), Step::Upstream(GPU_LOOPS), Step::Ours(crate::gpu::select_minmax::create_select_minmax_pass), Step::Steps(GPU_KERNELS_BACK)];

/// [`GPU_KERNELS`] up to linalg on buffers with parallel dimensions first.
const GPU_KERNELS_FRONT: &[Step] = &[
    Step::Steps(FRONT_END),
    Step::Steps(CPU_PREPARE),
    REPORT_LOOP_NESTS,
    Step::Ours(crate::distinct_results::create_distinct_results_pass),
    Step::Ours(crate::reassociate::create_reassociate_reductions_pass),
    Step::Ours(crate::readonly_args::create_readonly_arguments_pass),
    Step::Ours(crate::distinct_inits::create_distinct_inits_pass),
    Step::Steps(GPU_BUFFERIZE),
    Step::Upstream(FORALL_TO_PARALLEL),
    Step::Ours(crate::expand_copies::create_expand_memref_copy_pass),
    Step::Upstream("func.func(linalg-generalize-named-ops)"),
    Step::Ours(crate::gpu::interchange::create_parallel_dims_first_pass),
];

/// [`GPU_KERNELS`] from parallel loops on buffers to kernels.
const GPU_KERNELS_BACK: &[Step] = &[
    Step::Ours(crate::gpu::split_reductions::create_split_reductions_pass),
    Step::Ours(crate::gpu::register_tiles::create_register_tiles_pass),
    Step::Ours(crate::gpu::vector_access::create_vector_access_pass),
    Step::Ours(crate::gpu::map_loops::create_map_parallel_loops_pass),
    Step::Upstream("func.func(scf-parallel-for-to-nested-fors, canonicalize, cse)"),
    Step::Ours(crate::gpu::accumulators::create_promote_accumulators_pass),
    Step::Upstream("gpu-launch-sink-index-computations"),
];

/// Kernels in `gpu.launch` → PTX: outline the kernels into a `gpu.module`,
/// lower it to NVVM and serialize it (`gpu.binary` with an `assembly`
/// object). Host code stays in `func` with `gpu.launch_func`.
///
/// `libdevice` is the path of CUDA's `libdevice.10.bc`, linked into every
/// kernel so that math functions (`__nv_expf`, ...) resolve; without it,
/// kernels that use them reference undefined functions. `format` is what
/// the kernel modules are serialized as.
pub fn gpu_codegen_pipeline(chip: &str, libdevice: Option<&str>, format: KernelFormat) -> String {
    let link = libdevice.map(|path| format!(" l={path}")).unwrap_or_default();
    let ptx = PTX_VERSION.replace('.', "");
    let format = match format {
        KernelFormat::Ptx => "isa",
        KernelFormat::LlvmBitcode => "llvm",
    };
    format!(
         "gpu-kernel-outlining,\
         nvvm-attach-target{{chip={chip} features=+ptx{ptx} O=3{link}}},\
         gpu.module(lower-affine, convert-scf-to-cf, expand-strided-metadata, lower-affine, convert-gpu-to-nvvm, convert-math-to-llvm,\
         convert-arith-to-llvm, convert-index-to-llvm, canonicalize, cse),\
         reconcile-unrealized-casts,\
         gpu-module-to-binary{{format={format}}}"
    )
}

/// What `gpu-module-to-binary` serializes kernel modules as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KernelFormat {
    /// PTX assembly (`format=isa`): what runs.
    Ptx,
    /// NVVM-flavoured LLVM bitcode, libdevice linked (`format=llvm`).
    LlvmBitcode,
}

/// Appends the whole GPU pipeline (StableHLO → PTX) for `chip`: the same
/// steps as `xla-gpu-pipeline`, with the architecture and libdevice given.
pub fn add_gpu_pipeline(manager: &OperationPassManager, chip: &str, libdevice: Option<&str>) -> crate::builders::BuildResult<()> {
    add_steps(manager, GPU_KERNELS)?;
    add_textual_pipeline(manager, &gpu_codegen_pipeline(chip, libdevice, KernelFormat::Ptx))
}

/// Like [`add_gpu_pipeline`], but the kernel modules are serialized as LLVM
/// bitcode (NVVM-flavoured LLVM IR, libdevice linked) instead of PTX: what
/// `xla-translate --emit=llvm-ir --target=gpu` prints.
pub fn add_gpu_pipeline_to_llvm_ir(manager: &OperationPassManager, chip: &str, libdevice: Option<&str>) -> crate::builders::BuildResult<()> {
    add_steps(manager, GPU_KERNELS)?;
    add_textual_pipeline(manager, &gpu_codegen_pipeline(chip, libdevice, KernelFormat::LlvmBitcode))
}

/// Host code of the GPU path → LLVM dialect: runs after the GPU pipeline.
/// `gpu.launch_func` becomes calls of the runtime ABI (`mgpuLaunchKernel`,
/// ...; the kernel modules' PTX is embedded and loaded by global
/// constructors when LLVM IR is emitted), and every host `memref.alloc` /
/// `dealloc` calls `_mlir_memref_to_llvm_alloc` / `_free`, which the CUDA
/// runtime implements with managed memory (`xla_runtime::cuda`).
const GPU_HOST_LOWERING: &str = concat!(
    "func.func(lower-affine, convert-math-to-llvm),",
    "convert-math-to-libm,",
    "convert-scf-to-cf,",
    "expand-strided-metadata, func.func(lower-affine),",
    "finalize-memref-to-llvm{use-generic-functions=true},",
    "gpu-to-llvm,",
    "convert-to-llvm,",
    "reconcile-unrealized-casts"
);

/// Appends the host lowering of the GPU path (`xla-gpu-lower-host`).
pub fn add_gpu_host_lowering(manager: &OperationPassManager) -> crate::builders::BuildResult<()> {
    manager.add_pass(crate::gpu_host::create_stage_globals_pass());
    manager.add_pass(crate::gpu_host::create_device_temporaries_pass());
    manager.add_pass(crate::gpu_host::create_async_launches_pass());
    add_textual_pipeline(manager, GPU_HOST_LOWERING)
}

/// Where CUDA's libdevice is looked for when no path is given: `$XLA_LIBDEVICE`,
/// then `$CUDA_HOME/nvvm/libdevice/libdevice.10.bc`, then
/// `/usr/local/cuda/nvvm/libdevice/libdevice.10.bc`.
pub fn find_libdevice() -> Option<String> {
    let mut candidates = Vec::new();
    if let Ok(path) = std::env::var("XLA_LIBDEVICE") {
        candidates.push(path);
    }
    if let Ok(home) = std::env::var("CUDA_HOME") {
        candidates.push(format!("{home}/nvvm/libdevice/libdevice.10.bc"));
    }
    candidates.push("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc".into());
    candidates.into_iter().find(|path| std::path::Path::new(path).is_file())
}

/// The PTX ISA version of the kernels (`.version`).
pub const PTX_VERSION: &str = "8.0";

/// The default GPU architecture.
pub const DEFAULT_GPU_ARCH: &str = "sm_90";

fn default_gpu_codegen() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| gpu_codegen_pipeline(DEFAULT_GPU_ARCH, find_libdevice().as_deref(), KernelFormat::Ptx))
}

/// Every pass and pipeline of ours.
pub static PASSES: &[PassInfo] = &[
    PassInfo {
        name: "chlo-legalize-to-stablehlo",
        summary: "Decompose CHLO ops (erf, lgamma, broadcast_*, top_k with a large k, ...) into StableHLO",
        steps: &[Step::Ours(crate::chlo::create_chlo_legalize_pass)],
    },
    PassInfo {
        name: "stablehlo-legalize-to-linalg",
        summary: "Lower StableHLO ops to linalg on tensors (with tensor/arith/math/complex)",
        steps: &[Step::Ours(crate::stablehlo_to_linalg::create_legalize_to_linalg_pass)],
    },
    PassInfo {
        name: "xla-spmd-partition",
        summary: "Turn JAX's multi-device programs (sdy.manual_computation, GSPMD @SPMDFullToShardShape/@SPMDShardToFullShape) into one SPMD program on global arrays",
        steps: &[Step::Ours(crate::spmd_partition::create_spmd_partition_pass)],
    },
    PassInfo {
        name: "xla-lower-quantized",
        summary: "Rewrite quantized StableHLO ops as the spec's dequantize → op → quantize in integer/float StableHLO; quantized tensors become their storage integers",
        steps: &[Step::Ours(crate::quantization::create_lower_quantized_pass)],
    },
    PassInfo {
        name: "xla-rename-reserved-symbols",
        summary: "Rename functions named like C library functions (tan, expf, memcpy, ...) to <name>.xla",
        steps: &[Step::Ours(crate::reserved_symbols::create_rename_reserved_symbols_pass)],
    },
    PassInfo {
        name: "xla-plan-fusion",
        summary: "Plan fusion on the StableHLO dataflow graph (loop, input, output, sibling fusion, duplication; refusals with a reason), tag each op's location with its group for xla-fuse-elementwise, and record the plan (--report=fusion)",
        steps: &[Step::Ours(crate::fusion_plan::create_plan_fusion_pass)],
    },
    PassInfo {
        name: "xla-fuse-elementwise",
        summary: "Fuse element-wise linalg.generic ops like linalg-fuse-elementwise-ops (single-use producers, reshape propagation, constant folding), within the groups of xla-plan-fusion where it ran (duplicated producers cloned per consumer), in rounds of disjoint pairs and with fused bodies of at most 1024 ops",
        steps: &[Step::Ours(crate::fusion::create_fuse_elementwise_pass)],
    },
    PassInfo {
        name: "xla-distinct-results",
        summary: "Copy repeated function results so that each result gets its own buffer",
        steps: &[Step::Ours(crate::distinct_results::create_distinct_results_pass)],
    },
    PassInfo {
        name: "xla-reassociate-reductions",
        summary: "Let LLVM reorder the floating-point accumulation of linalg reductions (fastmath<reassoc,contract>), so it can vectorize them",
        steps: &[Step::Ours(crate::reassociate::create_reassociate_reductions_pass)],
    },
    PassInfo {
        name: "xla-polynomial-math",
        summary: "Compute exp, expm1, log, log1p, tanh, sin, cos, tan, atan2, pow and cbrt (f16/bf16/f32/f64) with vectorizable arithmetic (range reduction + polynomials) instead of libm calls; sin/cos/tan redo arguments from 2^20 pi/2 up in a called fixup whose vector variants LLVM calls per vector",
        steps: &[Step::Ours(crate::vector_math::create_polynomial_math_pass)],
    },
    PassInfo {
        name: "xla-elide-result-copies",
        summary: "Compute a result in its out-parameter when a temporary was only copied there at the end (a loop's in-place result)",
        steps: &[Step::Ours(crate::result_copies::create_elide_result_copies_pass)],
    },
    PassInfo {
        name: "xla-parallelize-indexed-loops",
        summary: "Run outermost scf.for loops with data-dependent reads (gathers, dynamic_slice) as scf.parallel when each iteration writes only its own elements",
        steps: &[Step::Ours(crate::indexed_loops::create_parallelize_indexed_loops_pass)],
    },
    PassInfo {
        name: "xla-cpu-parallel-tasks",
        summary: "Run each large outermost scf.parallel loop as tasks on the runtime's thread pool (calls xla_parallel_for)",
        steps: &[Step::Ours(crate::parallel_tasks::create_parallel_tasks_pass)],
    },
    PassInfo {
        name: "xla-checked-allocations",
        summary: "Check every malloc of compiled code (LLVM dialect): on failure call xla_allocation_failed(size), which does not return",
        steps: &[Step::Ours(crate::checked_alloc::create_checked_allocations_pass)],
    },
    PassInfo {
        name: "xla-keep-vector-variants",
        summary: "List the vector functions named by vector-function-abi-variant attributes (the vector versions of sin/cos/tan's fixups) in @llvm.compiler.used, so LLVM keeps them until its loop vectorizer calls them",
        steps: &[Step::Ours(create_keep_vector_variants_pass)],
    },
    PassInfo {
        name: "xla-loop-annotations",
        summary: "Move the llvm.loop_annotation hints that scf.for loops carried onto their llvm.br latches' loop_annotation, the attribute LLVM IR translation reads",
        steps: &[Step::Ours(crate::loop_annotations::create_loop_annotations_pass)],
    },
    PassInfo {
        name: "xla-mark-noalias",
        summary: "Mark the pointer parameters of entry points (LLVM dialect) llvm.noalias: outputs overlap nothing, inputs are only read",
        steps: &[Step::Ours(crate::noalias::create_mark_noalias_pass)],
    },
    PassInfo {
        name: "xla-prefer-vector-width",
        summary: "Set prefer_vector_width (default 512 bits; xla-run --prefer-vector-width) on every llvm.func with a body: LLVM vectorizes with the target's full width",
        steps: &[Step::Ours(crate::vector_width::create_prefer_vector_width_pass)],
    },
    PassInfo {
        name: "xla-readonly-arguments",
        summary: "Mark the arguments of public functions bufferization.writable = false: compiled code never writes into its inputs",
        steps: &[Step::Ours(crate::readonly_args::create_readonly_arguments_pass)],
    },
    PassInfo {
        name: "xla-schedule-for-memory",
        summary: "Order each function body depth first from its anchors (effects, control flow, return): pure ops on tensors computed just before their first use (before bufferization)",
        steps: &[Step::Ours(crate::schedule::create_schedule_for_memory_pass)],
    },
    PassInfo {
        name: "xla-loop-state-in-place",
        summary: "A loop's new state (scf.while/scf.for on tensors) computed in the region argument of its old state when every read of the old state comes before the write; a row inserted into a loop's stacked output computed in its slice (before bufferization)",
        steps: &[Step::Ours(crate::loop_state::create_loop_state_in_place_pass)],
    },
    PassInfo {
        name: "xla-fuse-rows",
        summary: "Row reductions and the element-wise ops around them (softmax, layernorm) tiled and fused into one scf.forall over blocks of rows, when the tensor is at least 512 KiB and a row at most 64 KiB: one pass over memory per row (linalg on tensors)",
        steps: &[Step::Ours(create_fuse_rows_pass)],
    },
    PassInfo {
        name: "xla-fuse-siblings",
        summary: "Sibling reductions tagged by xla-plan-fusion (same loops, a common input read the same way, neither depending on the other) merged into one multi-result linalg.generic on tensors: one loop nest reads the input once",
        steps: &[Step::Ours(create_fuse_siblings_pass)],
    },
    PassInfo {
        name: "xla-promote-accumulators",
        summary: "In CPU scf.for loops that store to several places, carry each accumulator (one load and one store at loop-invariant indices, no other access to its buffer) in a register: loaded before the loop, stored after it",
        steps: &[Step::Ours(crate::accumulators::create_promote_accumulators_pass)],
    },
    PassInfo {
        name: "xla-report-loop-nests",
        summary: "Add to the fusion report each function's loop nests (linalg ops) and the bytes they move, every distinct operand read once and results written once, beside the minimum (arguments read once, results written once); changes nothing",
        steps: &[Step::Ours(crate::fusion_plan::realized::create_report_loop_nests_pass)],
    },
    PassInfo {
        name: "xla-parallel-stack-temporaries",
        summary: "Static temporaries of at most 64 KiB allocated and freed in one scf.parallel iteration as memref.alloca between llvm.intr.stacksave/stackrestore (on buffers, before the loops are lowered), so the loop can run on the thread pool",
        steps: &[Step::Ours(crate::parallel_temporaries::create_parallel_stack_temporaries_pass)],
    },
    PassInfo {
        name: "xla-epilogue-in-place",
        summary: "A contraction's only user, an element-wise generic planned into its fusion group, computed in the contraction's result, right after it (before bufferization; xla-contraction-kernels then fuses it as the kernel's epilogue)",
        steps: &[Step::Ours(crate::epilogue::create_epilogue_in_place_pass)],
    },
    PassInfo {
        name: "xla-distinct-inits",
        summary: "A fill per linalg op that starts from it (no copy of a shared filled buffer); share each tensor.empty / constant used as a linalg init among at most 16 writers, each group with its own copy (bounds one-shot bufferization's alias sets)",
        steps: &[Step::Ours(crate::distinct_inits::create_distinct_inits_pass)],
    },
    PassInfo {
        name: "xla-contraction-kernels",
        summary: "Rewrite f32 contractions on buffers (linalg.generic out += x * y: matmul, dot_general, convolution) into register-tiled vector micro-kernels",
        steps: &[Step::Ours(crate::contraction_kernels::create_contraction_kernels_pass)],
    },
    PassInfo {
        name: "xla-plan-buffers",
        summary: "Buffer assignment: static temporaries as views into one arena per call (best-fit heap simulation over live ranges)",
        steps: &[Step::Ours(crate::buffer_plan::create_plan_buffers_pass)],
    },
    PassInfo {
        name: "xla-split-large-functions",
        summary: "Cut functions (and regions) of more ops than --split-functions-max-ops or more loops than --split-functions-max-loops into private noinline functions, so per-function passes see bounded functions",
        steps: &[Step::Ours(crate::split_functions::create_split_functions_pass)],
    },
    PassInfo {
        name: "xla-split-large-functions-on-tensors",
        summary: "On linalg on tensors: cut function bodies of more than --split-functions-max-ops operations into private no_inline functions (regions stay whole), so fusion and bufferization see bounded functions",
        steps: &[Step::Ours(crate::split_functions::create_split_tensor_functions_pass)],
    },
    PassInfo {
        name: "xla-share-kernels",
        summary: "Outline linalg ops on buffers repeated identically (op, body, types, constants) at least --share-kernels-min-copies times into one private noinline function each, compiled once",
        steps: &[Step::Ours(crate::share_kernels::create_share_kernels_pass)],
    },
    PassInfo {
        name: "xla-expand-memref-copy",
        summary: "Rewrite memref.copy into linalg loops (no runtime library calls)",
        steps: &[Step::Ours(crate::expand_copies::create_expand_memref_copy_pass)],
    },
    PassInfo {
        name: "xla-gpu-parallel-dims-first",
        summary: "Reorder the loops of linalg.generic ops: parallel dimensions first, reductions last (one GPU thread per output element)",
        steps: &[Step::Ours(crate::gpu::interchange::create_parallel_dims_first_pass)],
    },
    PassInfo {
        name: "xla-gpu-split-reductions",
        summary: "Split reductions with few outputs and many iterations into partial results computed in parallel and a combining loop",
        steps: &[Step::Ours(crate::gpu::split_reductions::create_split_reductions_pass)],
    },
    PassInfo {
        name: "xla-gpu-select-minmax",
        summary: "An arith.select of an integer comparison of its own two operands becomes arith.minsi/maxsi/minui/maxui (what arith-expand expanded)",
        steps: &[Step::Ours(crate::gpu::select_minmax::create_select_minmax_pass)],
    },
    PassInfo {
        name: "xla-gpu-block-reductions",
        summary: "Reductions with many outputs, read coalesced: rows one block per output, columns one block per 32 outputs; partial results combined by warp shuffles and shared memory",
        steps: &[Step::Ours(crate::gpu::block_reductions::create_block_reductions_pass)],
    },
    PassInfo {
        name: "xla-gpu-block-tiles",
        summary: "Matrix products (f32, or bf16/f16 accumulated in f32) as block-tiled kernels through shared memory (before the linalg ops become loops)",
        steps: &[Step::Ours(crate::gpu::block_tiles::create_block_tiles_pass)],
    },
    PassInfo {
        name: "xla-gpu-register-tiles",
        summary: "Each thread of a contraction-like reduction nest computes a tile of outputs along the last two parallel dimensions, sharing loads",
        steps: &[Step::Ours(crate::gpu::register_tiles::create_register_tiles_pass)],
    },
    PassInfo {
        name: "xla-gpu-vector-access",
        summary: "Element-wise GPU loops: each thread handles 4 consecutive elements with vector loads and stores",
        steps: &[Step::Ours(crate::gpu::vector_access::create_vector_access_pass)],
    },
    PassInfo {
        name: "xla-gpu-map-parallel-loops",
        summary: "Turn each outermost scf.parallel into a gpu.launch over a 1-D grid (one thread per iteration, delinearized)",
        steps: &[Step::Ours(crate::gpu::map_loops::create_map_parallel_loops_pass)],
    },
    PassInfo {
        name: "xla-gpu-promote-accumulators",
        summary: "In kernels, carry the accumulator of a reduction loop in a register (one load before and one store after the loop) instead of memory",
        steps: &[Step::Ours(crate::gpu::accumulators::create_promote_accumulators_pass)],
    },
    PassInfo {
        name: "xla-gpu-launch-to-loops",
        summary: "Run each gpu.launch on the host as loops over its blocks and threads (testing the kernel mapping without a GPU)",
        steps: &[Step::Ours(crate::gpu::emulate::create_launch_to_loops_pass)],
    },
    PassInfo {
        name: "xla-cpu-fusion",
        summary: "StableHLO to fused linalg on tensors: the CPU pipeline up to element-wise and sibling fusion, without xla-fuse-rows (what --dump-dir's fusion graph shows)",
        steps: &[Step::Steps(FRONT_END), Step::Steps(CPU_PREPARE), Step::Ours(create_fuse_siblings_pass), REPORT_LOOP_NESTS],
    },
    PassInfo {
        name: "xla-cpu-codegen",
        summary: "Lower linalg on tensors to the LLVM dialect: fuse, bufferize, contraction kernels, copies as loops, affine loops, LLVM",
        steps: &[Step::Steps(CPU_CODEGEN_STEPS)],
    },
    PassInfo {
        name: "xla-cpu-pipeline",
        summary: "The whole CPU pipeline: CHLO -> StableHLO -> linalg -> affine loops -> LLVM dialect",
        steps: &[Step::Steps(FRONT_END), Step::Steps(CPU_CODEGEN_STEPS)],
    },
    PassInfo {
        name: "xla-gpu-kernels",
        summary: "The GPU pipeline up to kernels: StableHLO -> linalg -> buffers -> parallel loops -> gpu.launch over 1-D grids in host functions",
        steps: &[Step::Steps(GPU_KERNELS)],
    },
    PassInfo {
        name: "xla-gpu-pipeline",
        summary: "StableHLO -> linalg -> parallel loops -> gpu.launch over 1-D grids -> outlined kernels -> NVVM -> PTX (sm_90)",
        steps: &[Step::Steps(GPU_KERNELS), Step::UpstreamFn(default_gpu_codegen)],
    },
    PassInfo {
        name: "xla-gpu-emulation-pipeline",
        summary: "The GPU pipeline up to gpu.launch, with the kernels run as host loops and lowered like the CPU's (tests the kernel mapping without a GPU)",
        steps: &[
            Step::Steps(GPU_KERNELS_EMULATED),
            Step::Ours(crate::gpu::emulate::create_launch_to_loops_pass),
            Step::Ours(crate::vector_math::create_inline_polynomial_math_pass),
            Step::Steps(CPU_LOWER_BUFFERS),
        ],
    },
    PassInfo {
        name: "xla-gpu-stage-globals",
        summary: "Copy host constants that kernels take as arguments into runtime-allocated buffers around each launch",
        steps: &[Step::Ours(crate::gpu_host::create_stage_globals_pass)],
    },
    PassInfo {
        name: "xla-gpu-device-temporaries",
        summary: "Temporaries that only kernels use become gpu.alloc (device memory from the runtime's pool) instead of managed memory",
        steps: &[Step::Ours(crate::gpu_host::create_device_temporaries_pass)],
    },
    PassInfo {
        name: "xla-gpu-async-launches",
        summary: "Chain runs of consecutive kernel launches on one stream with one wait after the last",
        steps: &[Step::Ours(crate::gpu_host::create_async_launches_pass)],
    },
    PassInfo {
        name: "xla-gpu-lower-host",
        summary: "After xla-gpu-pipeline: host code to the LLVM dialect (launches call the runtime ABI; allocations: device memory for temporaries only kernels use, managed memory for the others)",
        steps: &[
            Step::Ours(crate::gpu_host::create_stage_globals_pass),
            Step::Ours(crate::gpu_host::create_device_temporaries_pass),
            Step::Ours(crate::gpu_host::create_async_launches_pass),
            Step::Upstream(GPU_HOST_LOWERING),
        ],
    },
];

/// Looks a pass or pipeline up by name.
pub fn find(name: &str) -> Option<&'static PassInfo> {
    PASSES.iter().find(|info| info.name == name)
}

/// Appends the steps of `info` to `manager`.
pub fn add_pass(manager: &OperationPassManager, info: &PassInfo) -> crate::builders::BuildResult<()> {
    add_steps(manager, info.steps)
}

fn add_steps(manager: &OperationPassManager, steps: &[Step]) -> crate::builders::BuildResult<()> {
    for step in steps {
        match step {
            Step::Ours(create) => manager.add_pass(create()),
            Step::Upstream(text) => add_textual_pipeline(manager, text)?,
            Step::UpstreamFn(text) => add_textual_pipeline(manager, text())?,
            Step::Steps(steps) => add_steps(manager, steps)?,
        }
    }
    Ok(())
}

/// Appends an upstream textual pipeline. A pipeline anchored as
/// `builtin.module(...)` is unwrapped first, since `manager` already runs on
/// the module. Errors carry MLIR's message (e.g. an unknown pass name).
pub fn add_textual_pipeline(manager: &OperationPassManager, text: &str) -> crate::builders::BuildResult<()> {
    let trimmed = text.trim();
    let inner = trimmed
        .strip_prefix("builtin.module(")
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or(trimmed);
    if inner.trim().is_empty() {
        return Ok(());
    }
    let mut message = String::new();
    unsafe extern "C" fn collect(text: MlirStringRef, data: *mut c_void) {
        // SAFETY: `data` is the `message` String below, alive during the
        // call; `text` is a valid string slice from MLIR.
        unsafe {
            let message = &mut *(data as *mut String);
            let bytes = std::slice::from_raw_parts(text.data.cast::<u8>(), text.length);
            message.push_str(&String::from_utf8_lossy(bytes));
        }
    }
    // SAFETY: the manager is valid, the string outlives the call, and the
    // callback only touches `message`.
    let result = unsafe {
        mlirOpPassManagerAddPipeline(
            manager.to_raw(),
            MlirStringRef { data: inner.as_ptr().cast(), length: inner.len() },
            Some(collect),
            &mut message as *mut String as *mut c_void,
        )
    };
    if result.value == 0 {
        let message = message.trim();
        return Err(if message.is_empty() { format!("invalid pass pipeline `{text}`").into() } else { message.to_owned().into() });
    }
    Ok(())
}

/// Builds a pass manager for `.into()context` running the named pipeline.
pub fn pipeline_manager<'c>(context: &'c Context, name: &str) -> Result<melior::pass::PassManager<'c>, String> {
    let info = find(name).ok_or_else(|| format!("unknown pipeline `{name}`"))?;
    let manager = melior::pass::PassManager::new(context);
    add_pass(&manager.as_operation_pass_manager(), info)?;
    instrument(context, &manager);
    Ok(manager)
}

static IR_DUMP_DIR: std::sync::Mutex<Option<std::path::PathBuf>> = std::sync::Mutex::new(None);

/// Makes the pass managers created from now on write the IR after every
/// pass under `dir` (MLIR's tree printing: one directory per op the passes
/// ran on, one numbered file per pass, `N_pass-name.mlir`, each with the
/// whole module): the tools' `--dump-dir`. `None` stops it.
pub fn set_ir_dump_dir(dir: Option<std::path::PathBuf>) {
    *IR_DUMP_DIR.lock().unwrap_or_else(|e| e.into_inner()) = dir;
}

/// Whether pass managers verify the IR after every pass (see
/// [`set_verify_each`]); by default in debug builds only.
static VERIFY_EACH: AtomicBool = AtomicBool::new(cfg!(debug_assertions));

/// Sets whether the pass managers configured from now on verify the IR after
/// every pass (the tools' `--verify-each`) or once, after the last pass.
///
/// Verifying after every pass names the pass that broke the IR, which is
/// what tests and debugging want (debug builds default to it, and so does
/// `xla-fuzz`). It costs a walk of the whole module per pass, a sixth to a
/// quarter of the MLIR pipeline's time on large programs (20,000 ops: 4.9
/// against 6.5 CPU s), and on deep nests the isolated-from-above check of
/// each function walks from every operand to the function. Release builds
/// therefore verify as LLVM's release compilers do: the input when it is
/// parsed and the output after the last pass (`xla-verify`).
pub fn set_verify_each(verify_each: bool) {
    VERIFY_EACH.store(verify_each, Ordering::Relaxed);
}

/// The current [`set_verify_each`] setting.
pub fn verify_each() -> bool {
    VERIFY_EACH.load(Ordering::Relaxed)
}

/// Applies [`set_verify_each`]'s setting to `manager`, whose passes must all
/// be added: without verification after each pass, `xla-verify` is appended.
pub fn configure_verification(manager: &melior::pass::PassManager) {
    if verify_each() {
        manager.enable_verifier(true);
    } else {
        manager.enable_verifier(false);
        manager.add_pass(create_verify_pass());
    }
}

/// `xla-verify`: verifies the module it runs on and fails if it is invalid
/// (the verifier's diagnostics name the problem). Ends pipelines that do
/// not verify after each pass.
pub fn create_verify_pass() -> Pass {
    external_pass!(
        |module: melior::ir::OperationRef<'_, '_>, pass: melior::pass::ExternalPass<'_>| {
            if !melior::ir::operation::OperationLike::verify(&module) {
                pass.signal_failure();
            }
        },
        "XlaVerify",
        "xla-verify",
        "Verify the module (pipelines end with it when they do not verify after each pass)",
        "builtin.module",
    )
}

/// Applies the tools' instrumentation to a pass manager of `context`: pass
/// timing ([`set_pass_timing`]), IR dumps ([`set_ir_dump_dir`]; MLIR's
/// IR printing needs the context's multithreading off, which this does),
/// and verification ([`configure_verification`]). Call it after adding
/// every pass.
pub fn instrument(context: &Context, manager: &melior::pass::PassManager) {
    enable_timing_if_requested(manager);
    configure_verification(manager);
    if let Some(dir) = IR_DUMP_DIR.lock().unwrap_or_else(|e| e.into_inner()).clone() {
        context.enable_multi_threading(false);
        manager.enable_ir_printing(&melior::pass::PassIrPrintingOptions {
            before_all: false,
            after_all: true,
            module_scope: true,
            on_change: false,
            on_failure: false,
            flags: melior::ir::operation::OperationPrintingFlags::new(),
            tree_printing_path: dir,
        });
    }
}

static PASS_TIMING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes the pass managers created from now on report the time of each
/// pass (MLIR's timing report, to stderr when the manager is destroyed):
/// the tools' `--timing`.
pub fn set_pass_timing(enabled: bool) {
    PASS_TIMING.store(enabled, std::sync::atomic::Ordering::Relaxed);
}

/// Turns on MLIR's pass timing for `manager` when [`set_pass_timing`] asked for it.
pub fn enable_timing_if_requested(manager: &melior::pass::PassManager) {
    if PASS_TIMING.load(std::sync::atomic::Ordering::Relaxed) {
        // SAFETY: the manager is live; MLIR prints its report to stderr
        // when the manager is destroyed.
        unsafe { mlir_sys::mlirPassManagerEnableTiming(manager.to_raw()) };
    }
}
