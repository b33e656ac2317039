//! `xla-contraction-kernels`: f32 contractions on buffers (matmul, batch
//! matmul, dot_general up to transposition, convolution) as register-tiled
//! vector micro-kernels.
//!
//! Our lowering writes `dot_general` and `convolution` as one
//! `linalg.generic` that accumulates `lhs * rhs` into its output. Lowered to
//! scalar loops, LLVM vectorizes the innermost (output feature) loop but
//! loads and stores the accumulators in every iteration: about 40% of the
//! machine's FMA throughput. This pass, run after bufferization, replaces
//! each such generic by loops over tiles of `MR` rows × `NR = 16·NV` columns
//! of the output (with 16 lanes), the register tile: the `MR·NV`
//! accumulators (`vector<16xf32>`) are loaded once, carried through the
//! reduction loops as `scf.for` iter_args, and stored once. Each step of the innermost
//! reduction loop loads `NV` vectors of the right-hand side and broadcasts
//! `MR` scalars of the left-hand side, then issues `MR·NV` independent
//! `vector.fma`s, which keeps the FMA units busy (8 × 2 vectors: 16
//! accumulators, 2 loads and 8 broadcasts for 16 FMAs).
//!
//! Matched: a `linalg.generic` on statically shaped memrefs with one f32
//! output, reduction iterators, and the body `out + x * y` (`arith.addf` of
//! an `arith.mulf`, either operand order) where the factors `x` and `y` are
//! computed by side-effect-free scalar ops (`arith`, `math`, `llvm.intr`)
//! from disjoint, non-empty sets of inputs: a plain `lhs * rhs`, or one with
//! element-wise producers fused in (a bias and ReLU on the lhs, a softmax
//! division, bf16 rounding, an `extf` of bf16 inputs). The output map must
//! be a permutation of the parallel loops with a unit-stride innermost
//! dimension. Everything else keeps the generic loops.
//!
//! Which loops are which comes from the indexing maps (any affine maps on
//! the inputs, so a convolution's `oh + kh` windows are fine):
//!
//! - `j`, vectorized: the output's innermost dimension, used by the inputs
//!   of one factor (called B here) and not by those of the other (A), or
//!   by A only as `j floordiv G` (a grouped convolution's feature group:
//!   the column tiles are then laid out group by group, so that all the
//!   columns of a tile share A's element; a depthwise convolution, whose A
//!   uses `j` directly, keeps the generic loops, which LLVM vectorizes
//!   well);
//! - `i`, the register rows: a parallel loop used by A and not by B, the
//!   one innermost in the output, or the innermost longer than 1 when that
//!   one has extent 1 (none: one row, as for `vector @ matrix`);
//! - the reduction loops, nested in their order, innermost in the tile;
//! - the other parallel loops (batch, further free dimensions), outermost.
//!
//! A's factor is computed as a scalar (its fused ops cloned after the loads)
//! and broadcast. B is read with vector loads when it is one f32 input whose
//! innermost, unit-stride dimension is `j`; otherwise (a transposed operand
//! such as `x @ w.T`, fused ops, another element type) B's factor is first
//! computed, for each value of the outer loops that B uses, into a dense
//! buffer, tile-major when its rows are 2 KiB or longer: `[j floordiv W,
//! reduction loops..., j mod W]` with `W` the tile's width, so that a
//! tile's loads walk it contiguously (else, and with feature groups,
//! `[reduction loops..., j]`). Remainders get their own tiles:
//! fewer rows, and masked loads and stores (`vector.maskedload`) on the
//! last columns, so every shape is handled. When the op right before is a
//! zero fill of the output (how our lowering initialises a contraction), it
//! is dropped and the accumulators start at zero.
//!
//! Large products are cache-blocked: the columns are walked in panels
//! whose part of B (reduction extent × panel width, at most 512 KiB) stays in
//! the L2 cache while every row block runs over it, and a single reduction
//! loop longer than 1024 in blocks of 512 (the output then accumulates block
//! by block, and its zero fill stays). A 2048² product went from 490 to
//! 180 ms with this (AMD EPYC VM).
//!
//! A direct B is also packed, per panel and K block, when its rows are at
//! least 2 KiB apart and at least 16 row blocks share the copy
//! ([`packs_panels`]): the full
//! column tiles' part of B is copied (a parallel loop over the tiles) into
//! a buffer laid out `[tile][k][NV·lanes]`, so that each reduction step of a
//! tile reads the `NV` vectors right after the previous step's instead of
//! one row of B further (4 KiB for 1024 columns: on Sapphire Rapids those
//! loads fell into the same few L1 sets and one thread reached a third of
//! the FMA peak; packed, 1024² went from 45.7 to 23.3 ms on one thread of
//! that VM). The column remainder's masked tile still reads B in place.
//!
//! Each output element is still the sum of its products in loop order (now
//! with fused multiply-adds).
//!
//! Compile time: the loops that pack B and every reduction loop but the
//! innermost carry `llvm.loop_annotation<unroll = <disable = true>>`
//! (moved onto the latch branch by `xla-loop-annotations`). LLVM fully
//! unrolled a convolution's window loops (3 × 3 × the channels, each step
//! `MR·NV` FMAs) and the packing loops in every border cell's copy of the
//! kernel, and then vectorized the unrolled packing stores as scatters: the
//! CNN gradient's LLVM IR doubled in `-O3` (21k to 43k lines). With the
//! annotations, `opt -O3` + `llc -O3` of that program took 0.85 + 0.69 s
//! of CPU instead of 2.25 + 1.51 s, conv3x3 0.14 + 0.11 instead of
//! 0.29 + 0.19 (one run each, 2026-11-27). The price is a little speed on
//! small convolutions, whose rolled window loops now pay their loop
//! overhead: on one thread, medians of 5 alternating runs, conv3x3 0.054 →
//! 0.065 ms, the CNN forward pass 0.54 → 0.57, its gradient 1.40 → 1.44
//! (all still under a third to a half of XLA's times). The innermost loop
//! (a convolution's channels) stays LLVM's to unroll.
//!
//! The vector width follows the CPU that the code is compiled for, never
//! the compiling host's unless they are the same: 16 f32 lanes (a zmm
//! register) with AVX-512, 8 (a ymm register) with AVX, else 4 (an xmm
//! register; also off x86, 128-bit vectors). The JIT (xla-run, the builder,
//! the PJRT plugin) compiles for the host ([`host_lanes`]: 16 with AVX-512,
//! else 8); `xla-translate --target-cpu=CPU [--target-triple=T]` for the
//! named CPU ([`target_lanes`], which asks LLVM's subtarget tables through
//! `xlaTargetCpuHasFeature`, dialects/lib/CAPI/Target.cpp). Drivers set it
//! with [`set_lanes`] before they build their pass managers; each pass
//! keeps the setting it was created with. The tile is 8 rows × 2 vectors
//! (16 × 1 when the output has at most one vector of columns, 1-2 rows × up
//! to 4 vectors when it has at most 2 rows), 6 × 2 and 12 × 1 with fewer
//! than 16 lanes, at most the extents; [`set_tile`] forces one. The tools'
//! `--contraction-lanes N` and `--contraction-tile ROWS,VECTORS` set both,
//! for tests (the FileCheck test pins 16 lanes, the execution tests also
//! run other tiles and 8 and 4 lanes) and tuning experiments.
//!
//! The kernel is built for the op's static shapes through typed builders
//! (melior's `arith`/`memref`/`scf` functions and the vector, affine and
//! loop helpers of `builders.rs`; attributes, types and affine maps from
//! their typed constructors, the index expressions of the generic's
//! indexing maps reused as they are) directly before the generic, which
//! is then erased; the factors' fused ops are cloned after the loads of
//! their inputs. The kernel's ops carry the generic's location.
//!
//! ```mlir
//! // before: C[64x256] += A[64x784] * B[784x256]
//! linalg.generic {indexing_maps = [(d0, d1, d2) -> (d0, d1), (d0, d1, d2) -> (d1, d2), (d0, d1, d2) -> (d0, d2)],
//!                 iterator_types = ["parallel", "reduction", "parallel"]} ins(%A, %B) outs(%C) {...}
//! // after (schematically)
//! scf.for %i = 0 to 64 step 8 {
//!   scf.for %j = 0 to 256 step 32 {
//!     %acc = vector.load %C[%i + r, %j + 16 v]              // r < 8, v < 2
//!     %sum = scf.for %k = 0 to 784 iter_args(%acc) {
//!       %b = vector.load %B[%k, %j + 16 v]
//!       %a = vector.broadcast (memref.load %A[%i + r, %k])
//!       scf.yield vector.fma %a, %b, %acc
//!     }
//!     vector.store %sum, %C[%i + r, %j + 16 v]
//! } }
//! ```

use crate::builders::{self, BuildResult};
use crate::op_name;
use melior::{
    Context,
    dialect::{arith, memref, scf},
    ir::{
        AffineExpr, AffineMap, Attribute, AttributeLike, BlockLike, Location, Operation, OperationRef, RegionLike, Type, TypeLike,
        Value, ValueLike,
        attribute::{ArrayAttribute, DenseElementsAttribute, FloatAttribute, IntegerAttribute},
        operation::{OperationLike, WalkOrder, WalkResult},
        r#type::{IntegerType, MemRefType},
    },
    pass::{ExternalPass, Pass},
};
use mlir_sys::{MlirAffineExpr, MlirBlock, MlirOperation, MlirValue};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;
use std::sync::Mutex;

/// The vector width and register tile of the kernels: what the passes
/// created from now on generate (see [`set_lanes`], [`set_tile`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelShape {
    /// f32 lanes of one vector.
    pub lanes: i64,
    /// `(rows, vectors)` of every register tile instead of the heuristic
    /// (each at most the extents).
    pub tile: Option<(i64, i64)>,
}

/// The drivers' settings: lanes (`None`: the host's) and tile.
static SETTINGS: Mutex<(Option<i64>, Option<(i64, i64)>)> = Mutex::new((None, None));

/// The most lanes one vector may have (`set_lanes` clamps to 1..=this).
pub const MAX_LANES: i64 = 64;

/// Sets the f32 lanes of the vectors of the passes created from now on:
/// `Some(n)` for a compile target (see [`target_lanes`]) or a test
/// (`xla-opt --contraction-lanes`), `None` for the host's ([`host_lanes`]).
/// Drivers call it before they build their pass managers.
pub fn set_lanes(lanes: Option<i64>) {
    SETTINGS.lock().unwrap_or_else(|e| e.into_inner()).0 = lanes.map(|n| n.clamp(1, MAX_LANES));
}

/// Sets the register tile, `(rows, vectors)`, of the passes created from
/// now on (`None`: chosen per contraction); for tests and tuning
/// (`--contraction-tile R,V`).
pub fn set_tile(tile: Option<(i64, i64)>) {
    SETTINGS.lock().unwrap_or_else(|e| e.into_inner()).1 = tile.map(|(r, v)| (r.max(1), v.max(1)));
}

/// The shape that a pass created now uses.
pub fn kernel_shape() -> KernelShape {
    let (lanes, tile) = *SETTINGS.lock().unwrap_or_else(|e| e.into_inner());
    KernelShape { lanes: lanes.unwrap_or_else(host_lanes), tile }
}

/// f32 lanes for the host (the JIT): 16 (a zmm register) where it has
/// AVX-512, else 8 (a ymm register).
pub fn host_lanes() -> i64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f") {
        return 16;
    }
    8
}

/// Whether LLVM's CPU `cpu` of `triple` (`None`: the host's triple) has
/// the subtarget feature `feature` (`"avx512f"`, no sign). `None` when LLVM
/// has no subtarget tables for the triple (only x86 is linked) or does not
/// know the CPU.
pub fn cpu_has_feature(triple: Option<&str>, cpu: &str, feature: &str) -> Option<bool> {
    let c = |s: &str| std::ffi::CString::new(s).ok();
    let (triple, cpu, feature) = (c(triple.unwrap_or(""))?, c(cpu)?, c(feature)?);
    // SAFETY: three live NUL-terminated strings; the function copies them.
    match unsafe { xla_dialects::ffi::xlaTargetCpuHasFeature(triple.as_ptr(), cpu.as_ptr(), feature.as_ptr()) } {
        1 => Some(true),
        0 => Some(false),
        _ => None,
    }
}

/// f32 lanes for code compiled for CPU `cpu` of `triple` (`None`: the
/// host's triple; `cpu` "host": the host, [`host_lanes`]): on x86, 16 with
/// AVX-512 (`avx512f`), 8 with AVX, else 4 (SSE: also an x86 CPU name LLVM
/// does not know, for which it assumes the generic x86-64); 4 (128-bit
/// vectors) on other targets.
pub fn target_lanes(triple: Option<&str>, cpu: &str) -> i64 {
    if cpu == "host" && triple.is_none() {
        return host_lanes();
    }
    match (cpu_has_feature(triple, cpu, "avx512f"), cpu_has_feature(triple, cpu, "avx")) {
        (Some(true), _) => 16,
        (_, Some(true)) => 8,
        _ => 4,
    }
}

/// One result of an indexing map: the loop it is if it is a plain loop
/// index, the loops it uses, and the expression itself.
#[derive(Clone, Debug)]
struct IndexExpr {
    dim: Option<usize>,
    uses: Vec<usize>,
    /// The expression (uniqued in the context, which outlives the pass).
    raw: Option<MlirAffineExpr>,
}

impl IndexExpr {
    fn dim(d: usize) -> Self {
        Self { dim: Some(d), uses: vec![d], raw: None }
    }
}

/// How `expr` uses loop `d`: not at all (`Some(None)`), only through
/// `d floordiv G` for one constant `G` (`Some(Some(G))`; a convolution's
/// feature group), or otherwise (`None`).
fn grouped_use(expr: MlirAffineExpr, d: usize) -> Option<Option<i64>> {
    // SAFETY: `expr` is a live affine expression; the binary accessors are
    // called on binary expressions only.
    unsafe {
        if !mlir_sys::mlirAffineExprIsFunctionOfDim(expr, d as isize) {
            return Some(None);
        }
        if mlir_sys::mlirAffineExprIsAFloorDiv(expr) {
            let (lhs, rhs) = (mlir_sys::mlirAffineBinaryOpExprGetLHS(expr), mlir_sys::mlirAffineBinaryOpExprGetRHS(expr));
            let is_d = mlir_sys::mlirAffineExprIsADim(lhs) && mlir_sys::mlirAffineDimExprGetPosition(lhs) as usize == d;
            if is_d && mlir_sys::mlirAffineExprIsAConstant(rhs) {
                let group = mlir_sys::mlirAffineConstantExprGetValue(rhs);
                return (group > 0).then_some(Some(group));
            }
            return None;
        }
        if mlir_sys::mlirAffineExprIsAAdd(expr) || mlir_sys::mlirAffineExprIsAMul(expr) {
            let lhs = grouped_use(mlir_sys::mlirAffineBinaryOpExprGetLHS(expr), d)?;
            let rhs = grouped_use(mlir_sys::mlirAffineBinaryOpExprGetRHS(expr), d)?;
            return match (lhs, rhs) {
                (None, group) | (group, None) => Some(group),
                (Some(g), Some(h)) => (g == h).then_some(Some(g)),
            };
        }
        None
    }
}

/// One operand of the generic.
#[derive(Debug)]
struct Operand<'c> {
    map: Vec<IndexExpr>,
    /// Its element type.
    element: Type<'c>,
    unit_stride: bool,
    strides: Vec<i64>,
}

/// One factor of the body's product: the inputs it is computed from and the
/// body ops that compute it (empty when it is an input's element itself).
#[derive(Debug, Default)]
struct Factor {
    value: Option<MlirValue>,
    inputs: Vec<usize>,
    ops: Vec<MlirOperation>,
}

/// A matched contraction and its loop roles.
#[derive(Debug)]
struct Contraction<'c> {
    extents: Vec<i64>,
    /// Inputs, then the output.
    operands: Vec<Operand<'c>>,
    /// The body's block arguments (inputs, then the output's).
    arguments: Vec<MlirValue>,
    /// The broadcast factor and the vector factor.
    a: Factor,
    b: Factor,
    /// B's factor is one f32 input read with vector loads along `j`.
    b_direct: bool,
    /// B (direct) is copied, block by block, into contiguous panels that
    /// the tiles stream through (see [`Emitter::pack_panel`]).
    pack_panels: bool,
    j: usize,
    i: Option<usize>,
    reductions: Vec<usize>,
    /// Outer parallel loops that B uses, then the others.
    outer_b: Vec<usize>,
    outer_rest: Vec<usize>,
    /// The accumulators start at zero (the zero fill before was dropped).
    zero_init: bool,
    /// A uses `j` as `j floordiv group`: column tiles stay within groups.
    group: Option<i64>,
    /// The pass's vector width and tile setting.
    shape: KernelShape,
    /// The element-wise consumer computed on the tiles' sums before they
    /// are stored (output fusion, see `epilogue.rs`).
    epilogue: Option<Epilogue<'c>>,
}

/// How the epilogue reads one input of the consumer.
#[derive(Debug)]
enum EpilogueAccess {
    /// The contraction's output: the tile's sums.
    Accumulator,
    /// Vector loads along `j` (unit stride), at the map's indices in the
    /// contraction's loops.
    Vector(Vec<IndexExpr>),
    /// A scalar load (the input does not vary along `j`), broadcast.
    Scalar(Vec<IndexExpr>),
}

/// An element-wise consumer fused into the kernel: `op` (erased with the
/// contraction), its inputs, the ops of its body and the value it yields.
#[derive(Debug)]
struct Epilogue<'c> {
    op: MlirOperation,
    /// The body's block arguments, one per input (the init's is unused).
    arguments: Vec<MlirValue>,
    /// Per input: the memref, its element type, how it is read.
    inputs: Vec<(MlirValue, Type<'c>, EpilogueAccess)>,
    ops: Vec<MlirOperation>,
    yielded: MlirValue,
    /// The body's `linalg.index` ops (an iota fused into the consumer: a
    /// causal mask) and the contraction loop each one reads.
    index_ops: Vec<(MlirOperation, usize)>,
    /// Where the tiles are stored: the consumer's init, the product's
    /// buffer or another input of the consumer that it overwrites (the
    /// other product of `x W + h U`: the product itself is then never
    /// stored, and its buffer is freed).
    target: MlirValue,
}

/// The op before `op` in its block (melior has no `previous_in_block`).
fn previous_op<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let block = op.block()?;
    let mut previous = None;
    let mut next = block.first_operation();
    while let Some(current) = next {
        if current.to_raw().ptr == op.to_raw().ptr {
            return previous;
        }
        previous = Some(current);
        next = current.next_in_block();
    }
    None
}

fn raw_op_name(op: MlirOperation) -> String {
    // SAFETY: `op` is a live operation; the name is copied.
    crate::op_name(&unsafe { OperationRef::from_raw(op) })
}

/// A statically shaped memref: shape, strides (in elements; dynamic ones
/// negative), element type.
fn static_memref(ty: Type) -> Option<(Vec<i64>, Vec<i64>, Type)> {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type; the queries below apply to memref types
    // only, which is checked first, and the stride buffer has `rank` slots.
    unsafe {
        if !mlir_sys::mlirTypeIsAMemRef(raw) || !mlir_sys::mlirShapedTypeHasStaticShape(raw) {
            return None;
        }
        let element = Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw));
        let rank = mlir_sys::mlirShapedTypeGetRank(raw) as usize;
        let shape: Vec<i64> = (0..rank).map(|d| mlir_sys::mlirShapedTypeGetDimSize(raw, d as isize)).collect();
        let mut strides = vec![0i64; rank];
        let mut offset = 0i64;
        let result = mlir_sys::mlirMemRefTypeGetStridesAndOffset(raw, strides.as_mut_ptr(), &mut offset);
        if result.value == 0 {
            return None;
        }
        Some((shape, strides, element))
    }
}

/// The results of an affine map attribute.
fn map_results(attribute: melior::ir::Attribute, loops: usize) -> Option<Vec<IndexExpr>> {
    let raw = attribute.to_raw();
    // SAFETY: `raw` is checked to be an affine map attribute; the map and
    // its expressions live in the context.
    unsafe {
        if !mlir_sys::mlirAttributeIsAAffineMap(raw) {
            return None;
        }
        let map = mlir_sys::mlirAffineMapAttrGetValue(raw);
        if mlir_sys::mlirAffineMapGetNumDims(map) as usize != loops || mlir_sys::mlirAffineMapGetNumSymbols(map) != 0 {
            return None;
        }
        let count = mlir_sys::mlirAffineMapGetNumResults(map);
        Some((0..count).map(|r| index_expr(mlir_sys::mlirAffineMapGetResult(map, r), loops)).collect())
    }
}

/// `expr` (over `loops` dimensions) as an [`IndexExpr`].
fn index_expr(expr: MlirAffineExpr, loops: usize) -> IndexExpr {
    // SAFETY: `expr` is a live affine expression (uniqued in the context).
    unsafe {
        let dim = mlir_sys::mlirAffineExprIsADim(expr).then(|| mlir_sys::mlirAffineDimExprGetPosition(expr) as usize);
        let uses = (0..loops).filter(|&d| mlir_sys::mlirAffineExprIsFunctionOfDim(expr, d as isize)).collect();
        IndexExpr { dim, uses, raw: Some(expr) }
    }
}

/// The op of `body` defining `value`, if any.
fn defined_in(value: MlirValue, body: mlir_sys::MlirBlock) -> Option<MlirOperation> {
    // SAFETY: `value` is a live value; an op result has an owner op.
    unsafe {
        if !mlir_sys::mlirValueIsAOpResult(value) {
            return None;
        }
        let owner = mlir_sys::mlirOpResultGetOwner(value);
        (mlir_sys::mlirOperationGetBlock(owner).ptr == body.ptr).then_some(owner)
    }
}

/// Collects the body ops and inputs that `value` depends on; `None` if it
/// depends on the output or on an op that is not a side-effect-free scalar
/// op.
fn collect_factor(
    value: MlirValue,
    body: mlir_sys::MlirBlock,
    arguments: &[MlirValue],
    ops: &mut BTreeSet<usize>,
    order: &HashMap<usize, usize>,
    inputs: &mut BTreeSet<usize>,
) -> Option<()> {
    if let Some(index) = arguments.iter().position(|a| a.ptr == value.ptr) {
        if index + 1 == arguments.len() {
            return None;
        }
        inputs.insert(index);
        return Some(());
    }
    let Some(op) = defined_in(value, body) else { return Some(()) };
    let position = *order.get(&(op.ptr as usize))?;
    if !ops.insert(position) {
        return Some(());
    }
    let name = raw_op_name(op);
    let pure = name.starts_with("arith.") || name.starts_with("math.") || name.starts_with("llvm.intr.");
    // SAFETY: `op` is a live op of the body.
    let (regions, operands) = unsafe { (mlir_sys::mlirOperationGetNumRegions(op), mlir_sys::mlirOperationGetNumOperands(op)) };
    if !pure || regions != 0 {
        return None;
    }
    for k in 0..operands {
        // SAFETY: `k` is a valid operand position of `op`.
        let operand = unsafe { mlir_sys::mlirOperationGetOperand(op, k) };
        collect_factor(operand, body, arguments, ops, order, inputs)?;
    }
    Some(())
}

/// Splits the body `yield out + x * y` into its two factors.
fn factors(op: &OperationRef, inputs: usize) -> Option<([Factor; 2], Vec<MlirValue>)> {
    let body = op.region(0).ok()?.first_block()?;
    if body.argument_count() != inputs + 1 {
        return None;
    }
    let arguments: Vec<MlirValue> = (0..=inputs).map(|k| body.argument(k).map(|a| a.to_raw())).collect::<Result<_, _>>().ok()?;
    let mut ops = Vec::new();
    let mut next = body.first_operation();
    while let Some(inner) = next {
        ops.push(inner.to_raw());
        next = inner.next_in_block();
    }
    let order: HashMap<usize, usize> = ops.iter().enumerate().map(|(k, o)| (o.ptr as usize, k)).collect();
    let terminator = body.terminator()?;
    if op_name(&terminator) != "linalg.yield" || terminator.operand_count() != 1 {
        return None;
    }
    let raw_body = body.to_raw();
    let sum = defined_in(terminator.operand(0).ok()?.to_raw(), raw_body)?;
    // SAFETY: `sum` and `product` are live ops of the body; operand
    // positions are checked against their counts.
    let (x, y, sum_position, product_position) = unsafe {
        if raw_op_name(sum) != "arith.addf" || mlir_sys::mlirOperationGetNumOperands(sum) != 2 {
            return None;
        }
        let out = *arguments.last()?;
        let (first, second) = (mlir_sys::mlirOperationGetOperand(sum, 0), mlir_sys::mlirOperationGetOperand(sum, 1));
        let product_value = if first.ptr == out.ptr {
            second
        } else if second.ptr == out.ptr {
            first
        } else {
            return None;
        };
        let product = defined_in(product_value, raw_body)?;
        if raw_op_name(product) != "arith.mulf" || mlir_sys::mlirOperationGetNumOperands(product) != 2 {
            return None;
        }
        (
            mlir_sys::mlirOperationGetOperand(product, 0),
            mlir_sys::mlirOperationGetOperand(product, 1),
            order[&(sum.ptr as usize)],
            order[&(product.ptr as usize)],
        )
    };
    let mut result: [Factor; 2] = Default::default();
    let mut used = BTreeSet::from([sum_position, product_position, ops.len() - 1]);
    for (factor, value) in result.iter_mut().zip([x, y]) {
        let mut slice = BTreeSet::new();
        let mut from = BTreeSet::new();
        collect_factor(value, raw_body, &arguments, &mut slice, &order, &mut from)?;
        // SAFETY: `value` is a live value.
        if from.is_empty() || !unsafe { Type::from_raw(mlir_sys::mlirValueGetType(value)) }.is_f32() {
            return None;
        }
        used.extend(slice.iter().copied());
        *factor = Factor { value: Some(value), inputs: from.into_iter().collect(), ops: slice.into_iter().map(|k| ops[k]).collect() };
    }
    // No other ops, and each input feeds one factor only.
    if used.len() != ops.len() || result[0].inputs.iter().any(|k| result[1].inputs.contains(k)) {
        return None;
    }
    Some((result, arguments))
}

/// Whether `previous` fills `output` with +0.0 (a parallel generic with no
/// inputs that yields that constant).
fn is_zero_fill(previous: &OperationRef, output: Value) -> bool {
    if op_name(previous) != "linalg.generic" || previous.operand_count() != 1 || previous.result_count() != 0 {
        return false;
    }
    if !previous.operand(0).is_ok_and(|o| o.to_raw().ptr == output.to_raw().ptr) {
        return false;
    }
    let parallel = previous
        .attribute("iterator_types")
        .is_ok_and(|a| !xla_dialects::has_reduction_iterator(a));
    let Some(body) = previous.region(0).ok().and_then(|r| r.first_block()) else { return false };
    let Some(terminator) = body.terminator() else { return false };
    let Some(yielded) = terminator.operand(0).ok() else { return false };
    // SAFETY: `yielded` is a live value; its owner is a live op.
    let constant = unsafe {
        if !mlir_sys::mlirValueIsAOpResult(yielded.to_raw()) {
            return false;
        }
        OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(yielded.to_raw()))
    };
    parallel
        && op_name(&constant) == "arith.constant"
        && constant.attribute("value").is_ok_and(is_positive_f32_zero)
}

/// Matches `op` (a `linalg.generic`) and assigns the loop roles.
fn analyze<'c>(op: &OperationRef<'c, '_>, shape: KernelShape) -> Option<Contraction<'c>> {
    if op.result_count() != 0 || op.operand_count() < 3 {
        return None;
    }
    let inputs = op.operand_count() - 1;
    let (factors, arguments) = factors(op, inputs)?;
    let values: Vec<Value> = op.operands().collect();
    let iterators = ArrayAttribute::try_from(op.attribute("iterator_types").ok()?).ok()?;
    let loops = iterators.len();
    let is_reduction: Vec<bool> =
        (0..loops).map(|l| iterators.element(l).ok().and_then(xla_dialects::is_reduction_iterator) == Some(true)).collect();
    let maps = ArrayAttribute::try_from(op.attribute("indexing_maps").ok()?).ok()?;
    let mut operands = Vec::new();
    let mut extents = vec![-1i64; loops];
    for (k, value) in values.iter().enumerate() {
        let (shape, strides, element) = static_memref(value.r#type())?;
        let unit_stride = strides.last() == Some(&1);
        let map = map_results(maps.element(k).ok()?, loops)?;
        if map.len() != shape.len() {
            return None;
        }
        for (expr, &size) in map.iter().zip(&shape) {
            if let Some(d) = expr.dim {
                if extents[d] < 0 {
                    extents[d] = size;
                }
            }
        }
        operands.push(Operand { map, element, unit_stride, strides });
    }
    if extents.iter().any(|&e| e <= 0) || !is_reduction.iter().any(|&r| r) {
        return None;
    }
    // The output: f32, each parallel loop once, innermost unit stride.
    let output = &operands[inputs];
    let c_dims: Vec<usize> = output.map.iter().map(|e| e.dim).collect::<Option<_>>()?;
    let parallel: Vec<usize> = (0..loops).filter(|&l| !is_reduction[l]).collect();
    let mut sorted = c_dims.clone();
    sorted.sort_unstable();
    if sorted != parallel || !output.unit_stride || !output.element.is_f32() {
        return None;
    }
    // The output must not be read as an input.
    if values[..inputs].iter().any(|v| v.to_raw().ptr == values[inputs].to_raw().ptr) {
        return None;
    }
    let j = *c_dims.last()?;
    let uses = |factor: &Factor, d: usize| factor.inputs.iter().any(|&k| operands[k].map.iter().any(|e| e.uses.contains(&d)));
    // How a factor's inputs use `j`: not at all, only through `j floordiv G`
    // (the columns of one feature group share A's element), or otherwise.
    let group_of = |factor: &Factor| -> Option<Option<i64>> {
        let mut group = None;
        for &k in &factor.inputs {
            for expr in &operands[k].map {
                let used = grouped_use(expr.raw?, j)?;
                match (group, used) {
                    (_, None) => {}
                    (None, Some(g)) => group = Some(g),
                    (Some(g), Some(h)) if g == h => {}
                    _ => return None,
                }
            }
        }
        Some(group)
    };
    let [first, second] = factors;
    let (a, b, group) = match (uses(&first, j), uses(&second, j)) {
        (false, true) => (first, second, None),
        (true, false) => (second, first, None),
        (true, true) => match (group_of(&first), group_of(&second)) {
            (Some(Some(g)), _) => (first, second, Some(g)),
            (_, Some(Some(g))) => (second, first, Some(g)),
            _ => return None,
        },
        _ => return None,
    };
    if group.is_some_and(|g| extents[j] % g != 0) {
        return None;
    }
    let b_direct = match b.inputs.as_slice() {
        [k] => {
            let operand = &operands[*k];
            b.ops.is_empty()
                && operand.element.is_f32()
                && operand.unit_stride
                && operand.map.last().is_some_and(|e| e.dim == Some(j))
                && operand.map.iter().filter(|e| e.uses.contains(&j)).count() == 1
        }
        _ => false,
    };
    // The innermost candidate, unless its extent is 1 (e.g. a one-wide
    // border cell of a convolution split around its padding): then the
    // innermost longer one, so the tiles still have rows.
    let rows: Vec<usize> = c_dims.iter().rev().copied().filter(|&d| d != j && !uses(&b, d) && uses(&a, d)).collect();
    let i = rows.iter().copied().find(|&d| extents[d] > 1).or(rows.first().copied());
    let reductions: Vec<usize> = (0..loops).filter(|&l| is_reduction[l]).collect();
    // Packing B pays off when the tile rows reuse it; without a row loop
    // (matrix @ vector) the generic loops are a vectorized dot product.
    if !b_direct && i.is_none() {
        return None;
    }
    // With fewer than 4 columns most lanes would idle; when A's inputs walk
    // a long innermost reduction loop contiguously (a matrix times 1-3
    // vectors), LLVM vectorizes the generic loops along it instead.
    let innermost = *reductions.last()?;
    let contiguous = |operand: &Operand| {
        !operand.map.iter().any(|e| e.uses.contains(&innermost))
            || operand.map.iter().zip(&operand.strides).any(|(e, &stride)| e.dim == Some(innermost) && stride == 1)
    };
    if extents[j] < 4 && extents[innermost] >= 32 && a.inputs.iter().all(|&k| contiguous(&operands[k])) {
        return None;
    }
    let outer: Vec<usize> = parallel.iter().copied().filter(|&d| d != j && Some(d) != i).collect();
    let (outer_b, outer_rest) = outer.into_iter().partition(|&d| uses(&b, d));
    let zero_init = previous_op(op).is_some_and(|previous| is_zero_fill(&previous, values[inputs]));
    let mut contraction =
        Contraction {
        extents,
        operands,
        arguments,
        a,
        b,
        b_direct,
        pack_panels: false,
        j,
        i,
        reductions,
        outer_b,
        outer_rest,
        zero_init,
        group,
        shape,
        epilogue: None,
    };
    let (mr, nv) = tile_sizes(&contraction);
    // Blocks of the reduction loop accumulate into the output in turn.
    if blocking(&contraction, nv).1.is_some() {
        contraction.zero_init = false;
    }
    contraction.pack_panels = packs_panels(&contraction, mr, nv);
    Some(contraction)
}

/// The element-wise consumer after contraction `op` that its kernel can
/// compute on the tiles' sums (see `epilogue.rs`): `None` when there is no
/// planned one, `Some(Err(reason))` when there is one that is not fused.
fn match_epilogue<'c>(op: &OperationRef<'c, '_>, c: &Contraction<'c>) -> Option<Result<Epilogue<'c>, String>> {
    let output = op.operand(op.operand_count() - 1).ok()?.to_raw();
    let consumer = crate::epilogue::following_consumer(op, output)?;
    if crate::fusion_plan::planned_together(op.location(), consumer.location()) != Some(true) {
        return None;
    }
    Some(check_epilogue(op, &consumer, c, output))
}

fn check_epilogue<'c>(
    op: &OperationRef<'c, '_>,
    consumer: &OperationRef<'c, '_>,
    c: &Contraction<'c>,
    output: MlirValue,
) -> Result<Epilogue<'c>, String> {
    let (_, nv) = tile_sizes(c);
    if blocking(c, nv).1.is_some() {
        return Err("the reduction runs in K blocks (the sums are final only after the last)".into());
    }
    let maps = consumer
        .attribute("indexing_maps")
        .ok()
        .and_then(|a| ArrayAttribute::try_from(a).ok())
        .ok_or("the consumer has no indexing maps")?;
    let operands: Vec<MlirValue> = consumer.operands().map(|o| o.to_raw()).collect();
    let init = operands.len() - 1;
    let target = operands[init];
    if target.ptr != output.ptr {
        retarget_allowed(op, consumer, c, output, target)?;
    }
    // SAFETY: an affine map attribute of a live op.
    let loops = unsafe {
        let first = maps.element(0).map_err(|e| e.to_string())?.to_raw();
        if !mlir_sys::mlirAttributeIsAAffineMap(first) {
            return Err("the consumer's maps are not affine maps".into());
        }
        mlir_sys::mlirAffineMapGetNumDims(mlir_sys::mlirAffineMapAttrGetValue(first)) as usize
    };
    let out_map = map_results(maps.element(init).map_err(|e| e.to_string())?, loops).ok_or("the consumer's init map is not affine")?;
    let c_out = &c.operands.last().ok_or("a contraction without an output")?.map;
    // The consumer's loop `e` is the contraction's loop `to_contraction[e]`.
    let mut to_contraction = vec![usize::MAX; loops];
    if out_map.len() != c_out.len() {
        return Err("the consumer's init is not the contraction's output".into());
    }
    for (expr, c_expr) in out_map.iter().zip(c_out) {
        match (expr.dim, c_expr.dim) {
            (Some(e), Some(d)) if to_contraction[e] == usize::MAX => to_contraction[e] = d,
            _ => return Err("the consumer writes the product through a map that is not a permutation".into()),
        }
    }
    if to_contraction.contains(&usize::MAX) {
        return Err("the consumer has loops the product does not have".into());
    }
    let context = crate::context_of(consumer.context());
    // SAFETY: dimension expressions and a map of the live context.
    let substitution = unsafe {
        let exprs: Vec<MlirAffineExpr> = to_contraction.iter().map(|&d| mlir_sys::mlirAffineDimExprGet(context.to_raw(), d as isize)).collect();
        mlir_sys::mlirAffineMapGet(context.to_raw(), c.extents.len() as isize, 0, exprs.len() as isize, exprs.as_ptr() as *mut _)
    };
    let (body_ops, terminator) = crate::epilogue::body_ops(consumer).ok_or("the consumer has no body")?;
    let body = consumer.region(0).ok().and_then(|r| r.first_block()).ok_or("the consumer has no body")?;
    let arguments: Vec<MlirValue> = (0..operands.len()).map(|k| body.argument(k).map(|a| a.to_raw())).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    let mut inputs = Vec::new();
    let mut accumulators = 0;
    for (k, &operand) in operands[..init].iter().enumerate() {
        // SAFETY: `operand` is a live value.
        let ty = unsafe { Type::from_raw(mlir_sys::mlirValueGetType(operand)) };
        if operand.ptr == output.ptr {
            if crate::epilogue::map_pointer(consumer, k) != crate::epilogue::map_pointer(consumer, init) {
                return Err("the consumer reads the product at other indices than it writes".into());
            }
            accumulators += 1;
            inputs.push((operand, Type::float32(context), EpilogueAccess::Accumulator));
            continue;
        }
        if crate::epilogue::root(operand).ptr == crate::epilogue::root(output).ptr {
            return Err("an input of the consumer is a view of the product".into());
        }
        // An input the tiles overwrite is read by each tile at exactly the
        // elements it then stores (before storing them).
        if target.ptr != output.ptr
            && crate::epilogue::root(operand).ptr == crate::epilogue::root(target).ptr
            && (operand.ptr != target.ptr || crate::epilogue::map_pointer(consumer, k) != crate::epilogue::map_pointer(consumer, init))
        {
            return Err("an input of the consumer overlaps its output at other indices".into());
        }
        let (_, strides, element) = static_memref(ty).ok_or("an input of the consumer is not a static memref")?;
        if !crate::epilogue::is_scalar_number(element.to_raw()) {
            return Err("an input of the consumer is not of an integer or float type".into());
        }
        let map = map_results(maps.element(k).map_err(|e| e.to_string())?, loops).ok_or("an input map of the consumer is not affine")?;
        // SAFETY: composing live affine expressions with a live map.
        let map: Vec<IndexExpr> = map
            .iter()
            .map(|e| {
                let raw = e.raw.map(|raw| unsafe { mlir_sys::mlirAffineExprCompose(raw, substitution) });
                raw.map(|raw| index_expr(raw, c.extents.len()))
            })
            .collect::<Option<_>>()
            .ok_or("an input map of the consumer has no expressions")?;
        let along_j = map.iter().filter(|e| e.uses.contains(&c.j)).count();
        let access = if along_j == 0 {
            EpilogueAccess::Scalar(map)
        } else if along_j == 1 && map.last().is_some_and(|e| e.dim == Some(c.j)) && strides.last() == Some(&1) {
            EpilogueAccess::Vector(map)
        } else {
            return Err("an input of the consumer is read across the product's columns (not along them)".into());
        };
        inputs.push((operand, element, access));
    }
    if accumulators != 1 {
        return Err("the consumer does not read the product exactly once".into());
    }
    const MAX_OPS: usize = 128;
    if body_ops.len() > MAX_OPS {
        return Err(format!("the consumer's body has more than {MAX_OPS} ops"));
    }
    let mut index_ops = Vec::new();
    for &inner in &body_ops {
        let name = raw_op_name(inner);
        if name == "linalg.index" {
            // SAFETY: a live op; its `dim` attribute is an integer.
            let dim = unsafe {
                let attribute = mlir_sys::mlirOperationGetAttributeByName(inner, mlir_sys::mlirStringRefCreateFromCString(c"dim".as_ptr()));
                if attribute.ptr.is_null() || !mlir_sys::mlirAttributeIsAInteger(attribute) {
                    return Err("the consumer's body has a linalg.index without a dimension".into());
                }
                mlir_sys::mlirIntegerAttrGetValueInt(attribute)
            };
            let d = usize::try_from(dim).ok().and_then(|e| to_contraction.get(e).copied()).ok_or("a linalg.index of a loop the consumer does not have")?;
            index_ops.push((inner, d));
            continue;
        }
        // Index values come only from linalg.index (the consumer's inputs are
        // numbers): ops on them (casts, comparisons) are rebuilt too.
        if !crate::epilogue::epilogue_op_allowed(&name) || !crate::epilogue::scalar_op_or_index(inner, !index_ops.is_empty()) {
            return Err(format!("the consumer's body has an op the epilogue does not vectorize ({name})"));
        }
    }
    // SAFETY: the terminator is a live op.
    let yielded = unsafe {
        if mlir_sys::mlirOperationGetNumOperands(terminator) != 1 {
            return Err("the consumer does not yield one value".into());
        }
        mlir_sys::mlirOperationGetOperand(terminator, 0)
    };
    // SAFETY: a live value.
    if !unsafe { Type::from_raw(mlir_sys::mlirValueGetType(yielded)) }.is_f32() {
        return Err("the consumer does not yield f32".into());
    }
    Ok(Epilogue { op: consumer.to_raw(), arguments, inputs, ops: body_ops, yielded, index_ops, target })
}

/// Erases the allocation `buffer` (a `memref.alloc` result) and its
/// deallocations when nothing else uses it.
///
/// # Safety
/// `buffer` must be a live value.
unsafe fn free_unused_buffer(buffer: MlirValue) {
    // SAFETY: walking the use list of a live value; the ops destroyed are
    // its deallocations (no results) and then its allocation, unused.
    unsafe {
        if !mlir_sys::mlirValueIsAOpResult(buffer) {
            return;
        }
        let alloc = mlir_sys::mlirOpResultGetOwner(buffer);
        let mut deallocs = Vec::new();
        let mut use_ = mlir_sys::mlirValueGetFirstUse(buffer);
        while !use_.ptr.is_null() {
            let owner = mlir_sys::mlirOpOperandGetOwner(use_);
            if raw_op_name(owner) != "memref.dealloc" {
                return;
            }
            deallocs.push(owner);
            use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
        }
        for dealloc in deallocs {
            mlir_sys::mlirOperationDestroy(dealloc);
        }
        mlir_sys::mlirOperationDestroy(alloc);
    }
}

/// Whether the kernel may store the consumer's values into its init
/// `target` instead of the product's buffer `output`: the same memref type,
/// a buffer the contraction does not read, and a product that nothing but
/// the contraction, its zero fill, the consumer and deallocations uses (it
/// is then never stored).
fn retarget_allowed(op: &OperationRef, consumer: &OperationRef, c: &Contraction, output: MlirValue, target: MlirValue) -> Result<(), String> {
    let fill = if c.zero_init { previous_op(op).map(|f| f.to_raw().ptr) } else { None };
    // SAFETY: queries on live values and ops.
    unsafe {
        if mlir_sys::mlirValueGetType(target).ptr != mlir_sys::mlirValueGetType(output).ptr {
            return Err("the consumer's output is not of the product's type".into());
        }
        let target_root = crate::epilogue::root(target).ptr;
        if target_root == crate::epilogue::root(output).ptr
            || op.operands().take(op.operand_count() - 1).any(|o| crate::epilogue::root(o.to_raw()).ptr == target_root)
        {
            return Err("the consumer's output overlaps the contraction's operands".into());
        }
        if !mlir_sys::mlirValueIsAOpResult(output)
            || raw_op_name(mlir_sys::mlirOpResultGetOwner(output)) != "memref.alloc"
        {
            return Err("the product is not a temporary of its own".into());
        }
        let mut use_ = mlir_sys::mlirValueGetFirstUse(output);
        while !use_.ptr.is_null() {
            let owner = mlir_sys::mlirOpOperandGetOwner(use_);
            let fine = owner.ptr == consumer.to_raw().ptr
                || owner.ptr == op.to_raw().ptr
                || Some(owner.ptr) == fill
                || raw_op_name(owner) == "memref.dealloc";
            if !fine {
                return Err("the product has other users".into());
            }
            use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
        }
    }
    Ok(())
}

/// The register tile: `MR` rows by `NV` vectors of `lanes` lanes.
fn tile_sizes(c: &Contraction) -> (i64, i64) {
    let rows = c.i.map_or(1, |i| c.extents[i]);
    let lanes = c.shape.lanes;
    let vectors = (c.group.unwrap_or(c.extents[c.j]) + lanes - 1) / lanes;
    if let Some((mr, nv)) = c.shape.tile {
        return (mr.clamp(1, rows), nv.clamp(1, vectors));
    }
    let nv = vectors.min(if rows <= 2 { 4 } else { 2 });
    // 16 or 12 accumulators: 32 zmm registers with AVX-512, 16 ymm without.
    let (mr_wide, mr_narrow) = if lanes >= 16 { (8, 16) } else { (6, 12) };
    let mr = if nv >= 2 { mr_wide } else { mr_narrow };
    (mr.min(rows), nv)
}

/// Cache blocking: the width of the column panels, so that the part of B
/// that a panel reads (K x panel) stays in the L2 cache while every row
/// block runs over it, and the length of the blocks of the reduction loop
/// (one reduction loop only), so that a row block's strip of A and a
/// tile's packed part of B (512 x 32 f32: 64 KiB) stay near L1.
/// `None`: no blocking.
fn blocking(c: &Contraction, nv: i64) -> (Option<i64>, Option<i64>) {
    const PANEL_BYTES: i64 = 512 * 1024;
    const K_BLOCK: i64 = 512;
    if c.group.is_some() {
        return (None, None);
    }
    let k: i64 = c.reductions.iter().map(|&d| c.extents[d]).product();
    let kc = (c.reductions.len() == 1 && k > 2 * K_BLOCK).then_some(K_BLOCK);
    let width = nv * c.shape.lanes;
    let n = c.extents[c.j];
    let panel = (PANEL_BYTES / (4 * kc.unwrap_or(k)) / width * width).max(width);
    ((n > panel).then_some(panel), kc)
}

/// The row length (bytes) of B from which its tiles' loads along the
/// reduction loop are laid out contiguously (packed panels, the tile-major
/// layout of a computed B).
const MIN_ROW_BYTES: i64 = 2048;

/// Whether B is packed into panels: a direct B (read in place, its rows a
/// whole row of the matrix apart, so that a tile's loads along the
/// reduction loop fall into a few cache sets and defeat the prefetcher)
/// with one reduction loop, rows at least 2 KiB apart (narrower matrices
/// were as fast in place: 256² on the Sapphire Rapids VM), a K block of B
/// larger than 64 KiB, and enough row blocks to amortize the copy (each
/// element of B is read by `rows / MR` tiles; with 8 row blocks, a 64-row
/// layer of 784 x 256, the copy took more time than it saved).
fn packs_panels(c: &Contraction, mr: i64, nv: i64) -> bool {
    const MIN_ROW_BLOCKS: i64 = 16;
    const MIN_BYTES: i64 = 64 * 1024;
    if !c.b_direct || c.group.is_some() || c.reductions.len() != 1 {
        return false;
    }
    let rows = c.i.map_or(1, |i| c.extents[i]);
    let n = c.extents[c.j];
    let k = blocking(c, nv).1.unwrap_or(c.extents[c.reductions[0]]);
    n >= nv * c.shape.lanes && 4 * n >= MIN_ROW_BYTES && rows >= MIN_ROW_BLOCKS * mr && 4 * k * n > MIN_BYTES
}

/// Where the emitter inserts ops: at the end of `block`, or before
/// `before` in it.
struct Scope {
    block: MlirBlock,
    before: Option<MlirOperation>,
    /// Closing the scope appends an empty `scf.yield` (a loop without
    /// iteration arguments; those of the reduction loops yield explicitly).
    yield_on_close: bool,
}

/// A value of the kernel being built, for the typed builders.
fn value<'c, 'v>(raw: MlirValue) -> Value<'c, 'v> {
    // SAFETY: the emitter keeps only values defined by ops it inserted into
    // the live function (or the generic's operands, defined before it),
    // none of which is erased while the kernel is built.
    unsafe { Value::from_raw(raw) }
}

fn values<'c, 'v>(raws: &[MlirValue]) -> Vec<Value<'c, 'v>> {
    raws.iter().map(|&raw| value(raw)).collect()
}

/// The first result of `op`.
fn result(op: MlirOperation) -> MlirValue {
    // SAFETY: called on live ops with at least one result.
    unsafe { mlir_sys::mlirOperationGetResult(op, 0) }
}

/// Builds the kernel in place of the generic, through the typed builders:
/// the loops, loads, stores and FMAs before the generic, in the order of
/// the schedule (see the module documentation), the index constants first,
/// in increasing order.
struct Emitter<'a, 'c> {
    c: &'a Contraction<'c>,
    context: &'c Context,
    location: Location<'c>,
    /// The generic's operands: the inputs, then the output (`C`).
    operands: Vec<MlirValue>,
    /// The `arith.constant N : index` ops, by value.
    constants: BTreeMap<i64, MlirOperation>,
    /// The insertion points, innermost last; the first is before the generic.
    scopes: Vec<Scope>,
    /// The kernel's first op in the generic's block other than a constant.
    first: Option<MlirOperation>,
    /// The value of each loop index in the current scope.
    dims: Vec<MlirValue>,
    /// The memref that B vectors are loaded from and its map.
    b_memref: Option<MlirValue>,
    b_map: Vec<IndexExpr>,
    /// The block of the (single) reduction loop that the tiles cover:
    /// start value and length; `None`: the whole loop.
    k_block: Option<(MlirValue, i64)>,
    /// The packed panel of B (`[tile, k, lane]`), when `c.pack_panels`.
    panel: Option<MlirValue>,
    /// The panel's tile that the tile being built reads, when packed.
    packed_tile: Option<MlirValue>,
}

impl<'a, 'c> Emitter<'a, 'c> {
    fn new(c: &'a Contraction<'c>, op: &OperationRef<'c, '_>) -> BuildResult<Self> {
        let block = op.block().ok_or("internal error: a contraction outside a block")?;
        Ok(Self {
            c,
            context: crate::context_of(op.context()),
            location: op.location(),
            operands: op.operands().map(|o| o.to_raw()).collect(),
            constants: BTreeMap::new(),
            scopes: vec![Scope { block: block.to_raw(), before: Some(op.to_raw()), yield_on_close: false }],
            first: None,
            dims: Vec::new(),
            b_memref: None,
            b_map: Vec::new(),
            k_block: None,
            panel: None,
            packed_tile: None,
        })
    }

    /// Inserts `op` at the current insertion point.
    fn insert(&mut self, op: Operation<'c>) -> BuildResult<MlirOperation> {
        let scope = self.scopes.last().ok_or("internal error: no insertion point")?;
        let raw = op.into_raw();
        // SAFETY: `raw` is a detached op (ownership passes to the block);
        // the block is live and `before`, when given, is an op of it.
        unsafe {
            match scope.before {
                Some(before) => mlir_sys::mlirBlockInsertOwnedOperationBefore(scope.block, before, raw),
                None => mlir_sys::mlirBlockAppendOwnedOperation(scope.block, raw),
            }
        }
        if self.scopes.len() == 1 && self.first.is_none() {
            self.first = Some(raw);
        }
        Ok(raw)
    }

    /// Inserts `op` and returns its result.
    fn emit(&mut self, op: BuildResult<Operation<'c>>) -> BuildResult<MlirValue> {
        let raw = self.insert(op?)?;
        Ok(result(raw))
    }

    /// `arith.constant value : index`, one per value; created before the
    /// generic and moved in front of the kernel when it is complete.
    fn index(&mut self, value: i64) -> BuildResult<MlirValue> {
        if let Some(&op) = self.constants.get(&value) {
            return Ok(result(op));
        }
        let op = builders::index_constant(self.context, self.location, value)?.into_raw();
        let top = &self.scopes[0];
        // SAFETY: a detached op (ownership passes to the block), inserted
        // before the generic, an op of that block.
        unsafe {
            match top.before {
                Some(before) => mlir_sys::mlirBlockInsertOwnedOperationBefore(top.block, before, op),
                None => mlir_sys::mlirBlockAppendOwnedOperation(top.block, op),
            }
        }
        self.constants.insert(value, op);
        Ok(result(op))
    }

    /// `base + offset` (no op for a zero offset).
    fn add(&mut self, base: MlirValue, offset: i64) -> BuildResult<MlirValue> {
        if offset == 0 {
            return Ok(base);
        }
        let constant = self.index(offset)?;
        self.emit(Ok(arith::addi(value(base), value(constant), self.location)))
    }

    /// The indices of a map in the current scope.
    fn indices(&mut self, map: &[IndexExpr]) -> BuildResult<Vec<MlirValue>> {
        let loops = self.c.extents.len();
        let mut indices = Vec::new();
        for expr in map {
            if let Some(d) = expr.dim {
                indices.push(self.dims[d]);
                continue;
            }
            // Loops the expression does not use may be out of scope here.
            let zero = self.index(0)?;
            let operands: Vec<MlirValue> =
                (0..loops).map(|d| if expr.uses.contains(&d) { self.dims[d] } else { zero }).collect();
            let expr = expr.raw.ok_or("internal error: an index expression without its affine expression")?;
            // SAFETY: `expr` lives in the context (uniqued there).
            let map = unsafe { AffineMap::new(self.context, loops, 0, &[AffineExpr::from_raw(expr)]) };
            let apply = builders::affine_apply(self.location, map, &values(&operands));
            indices.push(self.emit(apply)?);
        }
        Ok(indices)
    }

    /// The scalar value of a factor at the current loop indices: the loads
    /// of its inputs, then clones of its ops (the factor's inputs replaced
    /// by the loaded values).
    fn factor(&mut self, which: usize) -> BuildResult<MlirValue> {
        let c = self.c;
        let factor = if which == 0 { &c.a } else { &c.b };
        let mut mapping: HashMap<usize, MlirValue> = HashMap::new();
        let mut loaded = Vec::new();
        for &k in &factor.inputs {
            let operand = &c.operands[k];
            let indices = self.indices(&operand.map)?;
            let load = builders::memref_load(self.location, value(self.operands[k]), &values(&indices), operand.element);
            let scalar = self.emit(load)?;
            mapping.insert(c.arguments[k].ptr as usize, scalar);
            loaded.push(scalar);
        }
        if factor.ops.is_empty() {
            return loaded.first().copied().ok_or_else(|| "internal error: a factor without inputs".into());
        }
        for &op in &factor.ops {
            // SAFETY: the factor's ops are live ops of the generic's body;
            // every operand of the clone is remapped to a value defined
            // before it (an earlier clone, a load) or is defined outside
            // the generic, before it.
            let clone = unsafe {
                let clone = mlir_sys::mlirOperationClone(op);
                for k in 0..mlir_sys::mlirOperationGetNumOperands(clone) {
                    let operand = mlir_sys::mlirOperationGetOperand(clone, k);
                    if let Some(&value) = mapping.get(&(operand.ptr as usize)) {
                        mlir_sys::mlirOperationSetOperand(clone, k, value);
                    }
                }
                Operation::from_raw(clone)
            };
            let clone = self.insert(clone)?;
            // SAFETY: `op` and its clone are live and have the same results.
            unsafe {
                for r in 0..mlir_sys::mlirOperationGetNumResults(op) {
                    mapping.insert(mlir_sys::mlirOperationGetResult(op, r).ptr as usize, mlir_sys::mlirOperationGetResult(clone, r));
                }
            }
        }
        let product = factor.value.ok_or("internal error: a matched factor without a value")?;
        Ok(mapping.get(&(product.ptr as usize)).copied().unwrap_or(product))
    }

    /// The epilogue's value for one vector of sums, at the current loop
    /// indices (the tile's row and column set by `output_indices`): its
    /// inputs loaded (vectors along `j`, masked like the store, or scalars),
    /// then its body rebuilt on vectors: each op that depends on a vector is
    /// cloned with vector results (its scalar operands broadcast), the
    /// others are cloned as they are.
    fn epilogue(&mut self, e: &Epilogue<'c>, sum: MlirValue, mask: Option<MlirValue>) -> BuildResult<MlirValue> {
        let (context, location) = (self.context, self.location);
        let lanes = self.c.shape.lanes as u64;
        let mut mapping: HashMap<usize, MlirValue> = HashMap::new();
        let mut vectors: BTreeSet<usize> = BTreeSet::new();
        for (k, (memref, element, access)) in e.inputs.iter().enumerate() {
            let loaded = match access {
                EpilogueAccess::Accumulator => sum,
                EpilogueAccess::Vector(map) => {
                    let indices = values(&self.indices(map)?);
                    let vector = Type::vector(&[lanes], *element);
                    let load = match mask {
                        Some(mask) => {
                            let zero = if element.is_float() {
                                FloatAttribute::new(context, *element, 0.0).into()
                            } else {
                                IntegerAttribute::new(*element, 0).into()
                            };
                            let zeros = DenseElementsAttribute::new(vector, &[zero]).map_err(|e| format!("internal error: {e}"))?;
                            let zeros = self.emit(builders::constant(context, location, zeros.into(), vector))?;
                            builders::vector_masked_load(location, value(*memref), &indices, value(mask), value(zeros), vector)
                        }
                        None => builders::vector_load(location, value(*memref), &indices, vector),
                    };
                    self.emit(load)?
                }
                EpilogueAccess::Scalar(map) => {
                    let indices = values(&self.indices(map)?);
                    self.emit(builders::memref_load(location, value(*memref), &indices, *element))?
                }
            };
            if !matches!(access, EpilogueAccess::Scalar(_)) {
                vectors.insert(loaded.ptr as usize);
            }
            mapping.insert(e.arguments[k].ptr as usize, loaded);
        }
        // linalg.index: the tile's index along the contraction loop it
        // reads; along the columns, a vector of the lanes' columns.
        let mut skipped: BTreeSet<usize> = BTreeSet::new();
        for &(op, d) in &e.index_ops {
            let index = Type::index(context);
            let at = if d == self.c.j {
                let vector = Type::vector(&[lanes], index);
                let steps: Vec<Attribute> = (0..lanes as i64).map(|l| IntegerAttribute::new(index, l).into()).collect();
                let steps = DenseElementsAttribute::new(vector, &steps).map_err(|e| format!("internal error: {e}"))?;
                let steps = self.emit(builders::constant(context, location, steps.into(), vector))?;
                let column = self.emit(builders::vector_broadcast(location, value(self.dims[d]), vector))?;
                let lanes_at = self.emit(Ok(arith::addi(value(column), value(steps), location)))?;
                vectors.insert(lanes_at.ptr as usize);
                lanes_at
            } else {
                self.dims[d]
            };
            // SAFETY: the index op is a live op with one result.
            mapping.insert(unsafe { mlir_sys::mlirOperationGetResult(op, 0) }.ptr as usize, at);
            skipped.insert(op.ptr as usize);
        }
        let mut broadcasts: HashMap<usize, MlirValue> = HashMap::new();
        let mut broadcast = |emitter: &mut Self, scalar: MlirValue| -> BuildResult<MlirValue> {
            if let Some(&done) = broadcasts.get(&(scalar.ptr as usize)) {
                return Ok(done);
            }
            // SAFETY: a live value.
            let ty = unsafe { Type::from_raw(mlir_sys::mlirValueGetType(scalar)) };
            let splat = emitter.emit(builders::vector_broadcast(location, value(scalar), Type::vector(&[lanes], ty)))?;
            broadcasts.insert(scalar.ptr as usize, splat);
            Ok(splat)
        };
        for &op in &e.ops {
            if skipped.contains(&(op.ptr as usize)) {
                continue;
            }
            // SAFETY: `op` is a live op of the consumer's body; its clone
            // gets operands defined before it (loads, earlier clones,
            // broadcasts, or values defined before the consumer, which the
            // kernel follows), and vector result types of the same element
            // types, which the ops allowed here (`epilogue_op_allowed`)
            // accept element-wise.
            unsafe {
                let count = mlir_sys::mlirOperationGetNumOperands(op);
                let mut operands = Vec::new();
                for k in 0..count {
                    let operand = mlir_sys::mlirOperationGetOperand(op, k);
                    operands.push(mapping.get(&(operand.ptr as usize)).copied().unwrap_or(operand));
                }
                let vectorized = operands.iter().any(|o| vectors.contains(&(o.ptr as usize)));
                if vectorized {
                    for operand in operands.iter_mut() {
                        if !vectors.contains(&(operand.ptr as usize)) {
                            *operand = broadcast(self, *operand)?;
                        }
                    }
                }
                let clone = mlir_sys::mlirOperationClone(op);
                for (k, &operand) in operands.iter().enumerate() {
                    mlir_sys::mlirOperationSetOperand(clone, k as isize, operand);
                }
                for r in 0..mlir_sys::mlirOperationGetNumResults(clone) {
                    let result = mlir_sys::mlirOperationGetResult(clone, r);
                    if vectorized {
                        let element = Type::from_raw(mlir_sys::mlirValueGetType(result));
                        mlir_sys::mlirValueSetType(result, Type::vector(&[lanes], element).to_raw());
                        vectors.insert(result.ptr as usize);
                    }
                    mapping.insert(mlir_sys::mlirOperationGetResult(op, r).ptr as usize, result);
                }
                self.insert(Operation::from_raw(clone))?;
            }
        }
        let result = mapping.get(&(e.yielded.ptr as usize)).copied().unwrap_or(e.yielded);
        if vectors.contains(&(result.ptr as usize)) { Ok(result) } else { broadcast(self, result) }
    }

    /// Opens a scope in `block` of the loop `op` just inserted.
    fn enter(&mut self, op: MlirOperation, before: Option<MlirOperation>, yield_on_close: bool) -> MlirBlock {
        // SAFETY: `op` is a live loop with one region holding its body block.
        let block = unsafe { mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(op, 0)) };
        self.scopes.push(Scope { block, before, yield_on_close });
        block
    }

    /// Asks LLVM not to unroll the loop `op` (`llvm.loop.unroll.disable`,
    /// through `xla-loop-annotations`).
    fn keep_rolled(&self, op: MlirOperation) {
        let attribute = xla_dialects::loop_unroll_disabled(self.context);
        // SAFETY: a live op of this context.
        let op = unsafe { OperationRef::from_raw(op) };
        builders::set_attribute(&op, crate::loop_annotations::DISCARDABLE, attribute);
    }

    /// [`Emitter::open_for`] for the loops that pack B: kept rolled.
    fn open_packing_for(&mut self, upper: i64, step: i64) -> BuildResult<MlirValue> {
        let iv = self.open_for(upper, step)?;
        let block = self.scopes.last().ok_or("internal error: no insertion point")?.block;
        // SAFETY: the body block of the loop just opened.
        self.keep_rolled(unsafe { mlir_sys::mlirBlockGetParentOperation(block) });
        Ok(iv)
    }

    /// `scf.for %iv = 0 to upper step step {` (the caller closes it).
    fn open_for(&mut self, upper: i64, step: i64) -> BuildResult<MlirValue> {
        let (zero, upper, step) = (self.index(0)?, self.index(upper)?, self.index(step)?);
        let op = builders::scf_for_unterminated(self.location, [value(zero), value(upper), value(step)], &[])?;
        let op = self.insert(op)?;
        let block = self.enter(op, None, true);
        // SAFETY: the body block's first argument is the induction variable.
        Ok(unsafe { mlir_sys::mlirBlockGetArgument(block, 0) })
    }

    /// `scf.parallel (%iv) = (0) to (upper) step (step) {`: a loop whose
    /// iterations are independent, which `xla-cpu-parallel-tasks` may run
    /// on the thread pool (the caller closes it).
    fn open_parallel(&mut self, upper: i64, step: i64) -> BuildResult<MlirValue> {
        let (zero, upper, step) = (self.index(0)?, self.index(upper)?, self.index(step)?);
        let op = builders::scf_parallel(self.location, &[value(zero)], &[value(upper)], &[value(step)])?;
        let op = self.insert(op)?;
        // SAFETY: the body block of the new loop ends with its `scf.reduce`.
        let terminator = unsafe {
            mlir_sys::mlirBlockGetTerminator(mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(op, 0)))
        };
        let block = self.enter(op, Some(terminator), false);
        // SAFETY: the body block's first argument is the induction variable.
        Ok(unsafe { mlir_sys::mlirBlockGetArgument(block, 0) })
    }

    fn close(&mut self) -> BuildResult<()> {
        if self.scopes.last().is_some_and(|scope| scope.yield_on_close) {
            self.insert(scf::r#yield(&[], self.location))?;
        }
        self.scopes.pop();
        Ok(())
    }

    /// Indices of the output at row `r`, vector `v` of the tile.
    fn output_indices(&mut self, rows: &[Option<MlirValue>], columns: &[MlirValue], r: usize, v: usize) -> BuildResult<Vec<MlirValue>> {
        let c = self.c;
        if let (Some(i), Some(row)) = (c.i, rows[r]) {
            self.dims[i] = row;
        }
        self.dims[c.j] = columns[v];
        let map = c.operands.last().map(|o| o.map.clone()).unwrap_or_default();
        self.indices(&map)
    }

    /// One register tile of `mr` rows (from `row`) and `nv` vectors (from
    /// `column`); the last vector has `last_lanes` valid lanes.
    fn tile(&mut self, row: Option<MlirValue>, mr: usize, column: MlirValue, nv: usize, last_lanes: i64) -> BuildResult<()> {
        let c = self.c;
        let (context, location) = (self.context, self.location);
        let mut rows = Vec::new();
        for r in 0..mr {
            rows.push(match row {
                Some(row) => Some(self.add(row, r as i64)?),
                None => None,
            });
        }
        let width = c.shape.lanes;
        let f32_type = Type::float32(context);
        let vector = Type::vector(&[width as u64], f32_type);
        let mask_type = Type::vector(&[width as u64], IntegerType::new(context, 1).into());
        let mut columns = Vec::new();
        for v in 0..nv {
            columns.push(self.add(column, v as i64 * width)?);
        }
        let mask = if last_lanes < width {
            let i1 = IntegerType::new(context, 1).into();
            let lanes: Vec<Attribute> = (0..width).map(|l| IntegerAttribute::new(i1, (l < last_lanes) as i64).into()).collect();
            let lanes = DenseElementsAttribute::new(mask_type, &lanes).map_err(|e| format!("internal error: {e}"))?;
            Some(self.emit(builders::constant(context, location, lanes.into(), mask_type))?)
        } else {
            None
        };
        let zeros = if mask.is_some() || c.zero_init {
            let zero = FloatAttribute::new(context, f32_type, 0.0).into();
            let zeros = DenseElementsAttribute::new(vector, &[zero]).map_err(|e| format!("internal error: {e}"))?;
            Some(self.emit(builders::constant(context, location, zeros.into(), vector))?)
        } else {
            None
        };
        let masked = |v: usize| if v == nv - 1 { mask } else { None };
        let output = *self.operands.last().ok_or("internal error: a contraction without an output")?;
        // The accumulators.
        let mut accumulators = Vec::new();
        for r in 0..mr {
            for v in 0..nv {
                if c.zero_init {
                    accumulators.push(zeros.ok_or("internal error: no zero vector")?);
                    continue;
                }
                let indices = values(&self.output_indices(&rows, &columns, r, v)?);
                let load = match (masked(v), zeros) {
                    (Some(mask), Some(zeros)) => {
                        builders::vector_masked_load(location, value(output), &indices, value(mask), value(zeros), vector)
                    }
                    _ => builders::vector_load(location, value(output), &indices, vector),
                };
                accumulators.push(self.emit(load)?);
            }
        }
        let count = accumulators.len();
        // The reduction loops, carrying the accumulators.
        let mut carried = accumulators;
        let mut loops = Vec::new();
        for &d in &c.reductions {
            let (start, end, one) = match self.k_block {
                Some((start, length)) => {
                    let end = self.add(start, length)?;
                    (start, end, self.index(1)?)
                }
                None => (self.index(0)?, self.index(c.extents[d])?, self.index(1)?),
            };
            let op = builders::scf_for_unterminated(location, [value(start), value(end), value(one)], &values(&carried))?;
            let op = self.insert(op)?;
            if loops.len() + 1 < c.reductions.len() {
                // Not the innermost reduction loop: kept rolled (see
                // "Compile time" in the module's documentation).
                self.keep_rolled(op);
            }
            let block = self.enter(op, None, false);
            // SAFETY: the body block has the induction variable and one
            // argument per carried accumulator.
            unsafe {
                self.dims[d] = mlir_sys::mlirBlockGetArgument(block, 0);
                carried = (0..count).map(|k| mlir_sys::mlirBlockGetArgument(block, k as isize + 1)).collect();
            }
            loops.push(op);
        }
        // Innermost: NV vector loads of B, MR broadcasts of A, MR*NV FMAs.
        let b_map = self.b_map.clone();
        let b_memref = self.b_memref.ok_or("internal error: the kernel's B operand is not set")?;
        let mut b_vectors = Vec::new();
        if let (Some(panel), Some(t)) = (self.panel, self.packed_tile) {
            // The panel's rows are those of the K block, from 0.
            let k = self.dims[c.reductions[0]];
            let kk = match self.k_block {
                Some((start, _)) => self.emit(Ok(arith::subi(value(k), value(start), location)))?,
                None => k,
            };
            for v in 0..nv {
                let lane = self.index(v as i64 * width)?;
                b_vectors.push(self.emit(builders::vector_load(location, value(panel), &values(&[t, kk, lane]), vector))?);
            }
        } else {
            for (v, &column) in columns.iter().enumerate() {
                self.dims[c.j] = column;
                let indices = values(&self.indices(&b_map)?);
                let load = match (masked(v), zeros) {
                    (Some(mask), Some(zeros)) => {
                        builders::vector_masked_load(location, value(b_memref), &indices, value(mask), value(zeros), vector)
                    }
                    _ => builders::vector_load(location, value(b_memref), &indices, vector),
                };
                b_vectors.push(self.emit(load)?);
            }
        }
        let mut updated = Vec::new();
        // A's element is the same for all columns of the tile (a feature
        // group's columns share it).
        self.dims[c.j] = columns[0];
        for (r, &row) in rows.iter().enumerate() {
            if let (Some(i), Some(row)) = (c.i, row) {
                self.dims[i] = row;
            }
            let scalar = self.factor(0)?;
            let splat = self.emit(builders::vector_broadcast(location, value(scalar), vector))?;
            for (v, &b) in b_vectors.iter().enumerate() {
                let accumulator = carried[r * nv + v];
                let fma = self.emit(builders::vector_fma(location, value(splat), value(b), value(accumulator)))?;
                updated.push(fma);
            }
        }
        self.insert(scf::r#yield(&values(&updated), location))?;
        for level in (0..loops.len()).rev() {
            self.close()?;
            if level > 0 {
                // SAFETY: the loop has one result per accumulator.
                let sums: Vec<MlirValue> =
                    (0..count).map(|k| unsafe { mlir_sys::mlirOperationGetResult(loops[level], k as isize) }).collect();
                self.insert(scf::r#yield(&values(&sums), location))?;
            }
        }
        // SAFETY: the outermost reduction loop has one result per accumulator.
        let sums: Vec<MlirValue> = match loops.first() {
            Some(&outer) => (0..count).map(|k| unsafe { mlir_sys::mlirOperationGetResult(outer, k as isize) }).collect(),
            None => return Err("internal error: a contraction without reduction loops".into()),
        };
        // Store the accumulators (through the epilogue, when fused, into
        // the epilogue's target).
        let output = c.epilogue.as_ref().map_or(output, |e| e.target);
        for r in 0..mr {
            for v in 0..nv {
                let indices = self.output_indices(&rows, &columns, r, v)?;
                let mut sum = sums[r * nv + v];
                if let Some(epilogue) = &c.epilogue {
                    sum = self.epilogue(epilogue, sum, masked(v))?;
                }
                let indices = values(&indices);
                let sum = value(sum);
                let store = match masked(v) {
                    Some(mask) => builders::vector_masked_store(location, value(output), &indices, value(mask), sum),
                    None => builders::vector_store(location, sum, value(output), &indices),
                };
                self.insert(store?)?;
            }
        }
        Ok(())
    }

    /// The tiles of one row block over the `extent` columns from `start`
    /// (a panel; `None`: from 0): full tiles, then the remainder.
    fn columns(&mut self, row: Option<MlirValue>, mr: usize, nv: usize, start: Option<MlirValue>, extent: i64) -> BuildResult<()> {
        // Feature groups: the tiles of each group of columns.
        let (n, group, group_loop) = match (self.c.group, start) {
            (Some(g), _) if g < extent => (g, Some(self.open_for(extent, g)?), true),
            (_, Some(start)) => (extent, Some(start), false),
            _ => (extent, None, false),
        };
        let lanes = self.c.shape.lanes;
        let width = nv as i64 * lanes;
        let full = n - n % width;
        if full > 0 {
            let offset = self.open_for(full, width)?;
            let column = match group {
                Some(base) => self.emit(Ok(arith::addi(value(base), value(offset), self.location)))?,
                None => offset,
            };
            if self.panel.is_some() {
                let width = self.index(width)?;
                self.packed_tile = Some(self.emit(Ok(arith::divui(value(offset), value(width), self.location)))?);
            }
            self.tile(row, mr, column, nv, lanes)?;
            self.packed_tile = None;
            self.close()?;
        }
        let rest = n % width;
        if rest > 0 {
            let column = match group {
                Some(base) => self.add(base, full)?,
                None => self.index(full)?,
            };
            let vectors = (rest + lanes - 1) / lanes;
            self.tile(row, mr, column, vectors as usize, rest - (vectors - 1) * lanes)?;
        }
        if group_loop {
            self.close()?;
        }
        Ok(())
    }

    /// The row blocks (full, then the remainder) over a column panel.
    fn rows(&mut self, mr: i64, nv: i64, start: Option<MlirValue>, extent: i64) -> BuildResult<()> {
        let c = self.c;
        match c.i {
            Some(i) => {
                let m = c.extents[i];
                let full = m - m % mr;
                if full > 0 {
                    // Row blocks write disjoint rows of the output: the
                    // thread pool's unit of work.
                    let row = self.open_parallel(full, mr)?;
                    self.columns(Some(row), mr as usize, nv as usize, start, extent)?;
                    self.close()?;
                }
                if m % mr > 0 {
                    let row = self.index(full)?;
                    self.columns(Some(row), (m % mr) as usize, nv as usize, start, extent)?;
                }
                Ok(())
            }
            None => self.columns(None, 1, nv as usize, start, extent),
        }
    }

    /// The K blocks (full, then the remainder) of one column panel.
    fn k_blocks(&mut self, mr: i64, nv: i64, start: Option<MlirValue>, extent: i64, kc: Option<i64>) -> BuildResult<()> {
        let Some(kc) = kc else {
            self.pack_panel(nv, start, extent)?;
            return self.rows(mr, nv, start, extent);
        };
        let k = self.c.extents[self.c.reductions[0]];
        let full = k - k % kc;
        if full > 0 {
            let block = self.open_for(full, kc)?;
            self.k_block = Some((block, kc));
            self.pack_panel(nv, start, extent)?;
            self.rows(mr, nv, start, extent)?;
            self.close()?;
        }
        if k % kc > 0 {
            let block = self.index(full)?;
            self.k_block = Some((block, k % kc));
            self.pack_panel(nv, start, extent)?;
            self.rows(mr, nv, start, extent)?;
        }
        self.k_block = None;
        Ok(())
    }

    /// Copies the part of B that the full column tiles of a panel (the
    /// `extent` columns from `start`) read in the current K block into the
    /// panel buffer, `[tile, k - k_start, lane]`: each tile's `NV` vectors
    /// of one reduction step then lie right before the next step's, not a
    /// row of B apart. No-op without panel packing. The tiles are
    /// independent (a parallel loop).
    fn pack_panel(&mut self, nv: i64, start: Option<MlirValue>, extent: i64) -> BuildResult<()> {
        let Some(panel) = self.panel else {
            return Ok(());
        };
        let c = self.c;
        let lanes = c.shape.lanes;
        let width = nv * lanes;
        let full = extent - extent % width;
        if full == 0 {
            return Ok(());
        }
        let location = self.location;
        let vector = Type::vector(&[lanes as u64], Type::float32(self.context));
        let offset = self.open_parallel(full, width)?;
        let column = match start {
            Some(start) => self.emit(Ok(arith::addi(value(start), value(offset), location)))?,
            None => offset,
        };
        let width_value = self.index(width)?;
        let t = self.emit(Ok(arith::divui(value(offset), value(width_value), location)))?;
        let d = c.reductions[0];
        let (k_start, length) = match self.k_block {
            Some((start, length)) => (Some(start), length),
            None => (None, c.extents[d]),
        };
        let kk = self.open_packing_for(length, 1)?;
        self.dims[d] = match k_start {
            Some(start) => self.emit(Ok(arith::addi(value(start), value(kk), location)))?,
            None => kk,
        };
        let b_map = self.b_map.clone();
        let b_memref = self.b_memref.ok_or("internal error: the kernel's B operand is not set")?;
        for v in 0..nv {
            self.dims[c.j] = self.add(column, v * lanes)?;
            let indices = values(&self.indices(&b_map)?);
            let loaded = self.emit(builders::vector_load(location, value(b_memref), &indices, vector))?;
            let lane = self.index(v * lanes)?;
            self.insert(builders::vector_store(location, value(loaded), value(panel), &values(&[t, kk, lane]))?)?;
        }
        self.close()?;
        self.close()
    }

    /// Computes B's factor into the buffer `packed` (laid out as
    /// [`Emitter::packed_layout`] says), one vector width of columns at a
    /// time (innermost), so that a transposed B is read along that many
    /// rows at once and each packed row written whole.
    fn pack(&mut self, packed: MlirValue) -> BuildResult<()> {
        let c = self.c;
        let n = c.extents[c.j];
        let lanes = c.shape.lanes;
        let full = n - n % lanes;
        for (start, width) in [(None, lanes), (Some(full), n % lanes)] {
            if width == 0 || (start.is_none() && full == 0) {
                continue;
            }
            let block = match start {
                None => self.open_packing_for(full, lanes)?,
                Some(offset) => self.index(offset)?,
            };
            for &d in &c.reductions {
                let iv = self.open_packing_for(c.extents[d], 1)?;
                self.dims[d] = iv;
            }
            let lane = self.open_packing_for(width, 1)?;
            let column = self.emit(Ok(arith::addi(value(block), value(lane), self.location)))?;
            self.dims[c.j] = column;
            let scalar = self.factor(1)?;
            let b_map = self.b_map.clone();
            let target = self.indices(&b_map)?;
            self.insert(memref::store(value(scalar), value(packed), &values(&target), self.location))?;
            self.close()?;
            for _ in &c.reductions {
                self.close()?;
            }
            if start.is_none() {
                self.close()?;
            }
        }
        Ok(())
    }

    /// The shape of the buffer that B's factor is computed into and its
    /// indexing map: with rows of at least [`MIN_ROW_BYTES`], tile-major,
    /// `[j floordiv W, reductions..., j mod W]` with `W = NV·lanes` the
    /// width of a register tile (the last tile padded to `W`, at most an
    /// eighth more; its padding lanes are masked off), so that each
    /// reduction step of a tile reads the `NV` vectors right after the
    /// previous step's; otherwise `[reductions..., j]` (a narrow B: no
    /// padding, a few columns of weights would grow several times), as
    /// with feature groups, whose tiles need not start at a multiple of `W`.
    fn packed_layout(&self, nv: i64) -> (Vec<i64>, Vec<IndexExpr>) {
        let c = self.c;
        let reductions = c.reductions.iter().map(|&d| (c.extents[d], IndexExpr::dim(d)));
        if c.group.is_some() || 4 * c.extents[c.j] < MIN_ROW_BYTES {
            return reductions.chain([(c.extents[c.j], IndexExpr::dim(c.j))]).unzip();
        }
        let width = nv * c.shape.lanes;
        let tiles = (c.extents[c.j] + width - 1) / width;
        // SAFETY: affine expressions uniqued in the live context.
        let (tile, lane) = unsafe {
            let j = mlir_sys::mlirAffineDimExprGet(self.context.to_raw(), c.j as isize);
            let w = mlir_sys::mlirAffineConstantExprGet(self.context.to_raw(), width);
            (mlir_sys::mlirAffineFloorDivExprGet(j, w), mlir_sys::mlirAffineModExprGet(j, w))
        };
        let expr = |raw| IndexExpr { dim: None, uses: vec![c.j], raw: Some(raw) };
        [(tiles, expr(tile))].into_iter().chain(reductions).chain([(width, expr(lane))]).unzip()
    }

    /// Builds the whole kernel before the generic.
    fn build(mut self) -> BuildResult<()> {
        let c = self.c;
        let (mr, nv) = tile_sizes(c);
        let zero = self.index(0)?;
        self.dims = vec![zero; c.extents.len()];
        let mut packed = None;
        if c.b_direct {
            let k = c.b.inputs[0];
            self.b_memref = Some(self.operands[k]);
            self.b_map = c.operands[k].map.clone();
        } else {
            let (shape, map) = self.packed_layout(nv);
            let ty = MemRefType::new(Type::float32(self.context), &shape, None, None).into();
            let buffer = self.emit(builders::aligned_alloc(self.location, ty, 64))?;
            self.b_memref = Some(buffer);
            self.b_map = map;
            packed = Some(buffer);
        }
        let (nc, kc) = blocking(c, nv);
        let n = c.extents[c.j];
        if c.pack_panels {
            // Room for the full tiles of the widest panel and the longest K
            // block, allocated once for all the outer loops' iterations.
            let width = nv * c.shape.lanes;
            let tiles = nc.unwrap_or(n) / width;
            let k = kc.unwrap_or(c.extents[c.reductions[0]]);
            let ty = MemRefType::new(Type::float32(self.context), &[tiles, k, width], None, None).into();
            self.panel = Some(self.emit(builders::aligned_alloc(self.location, ty, 64))?);
        }
        let mut opened = 0;
        for &d in &c.outer_b {
            let iv = self.open_for(c.extents[d], 1)?;
            self.dims[d] = iv;
            opened += 1;
        }
        if let Some(packed) = packed {
            self.pack(packed)?;
        }
        for &d in &c.outer_rest {
            let iv = self.open_for(c.extents[d], 1)?;
            self.dims[d] = iv;
            opened += 1;
        }
        // Column panels (full, then the remainder), each covered row block
        // by row block.
        match nc {
            Some(nc) => {
                let full = n - n % nc;
                if full > 0 {
                    let panel = self.open_for(full, nc)?;
                    self.k_blocks(mr, nv, Some(panel), nc, kc)?;
                    self.close()?;
                }
                if n % nc > 0 {
                    let panel = self.index(full)?;
                    self.k_blocks(mr, nv, Some(panel), n % nc, kc)?;
                }
            }
            None => self.k_blocks(mr, nv, None, n, kc)?,
        }
        for _ in 0..opened {
            self.close()?;
        }
        for buffer in packed.into_iter().chain(self.panel) {
            self.insert(memref::dealloc(value(buffer), self.location))?;
        }
        // The index constants first, in increasing order.
        if let Some(first) = self.first {
            for &constant in self.constants.values() {
                // SAFETY: both ops are live ops of the generic's block.
                unsafe { mlir_sys::mlirOperationMoveBefore(constant, first) };
            }
        }
        Ok(())
    }
}

/// Replaces `op` by the kernel (built before it; the caller erases `op`).
fn rewrite<'c>(op: OperationRef<'c, '_>, c: &Contraction<'c>) -> BuildResult<()> {
    Emitter::new(c, &op)?.build()
}

/// The source line of `location` for the fusion report ("?" if none).
fn line(location: Location) -> String {
    crate::fusion_plan::graph::line_of(location.to_raw()).map_or("?".to_owned(), |l| l.to_string())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_contraction_kernels_pass() -> Pass {
    let shape = kernel_shape();
    external_pass!(
        move |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut found = Vec::new();
            module.walk(WalkOrder::PostOrder, |op| {
                if op.name().as_string_ref().as_str().ok() == Some("linalg.generic") {
                    found.push(op.to_raw());
                }
                WalkResult::Advance
            });
            let mut erased = Vec::new();
            let mut report = String::new();
            for raw in found {
                // SAFETY: collected from the live module above; each op is
                // visited once and destroyed only after its replacement.
                let op = unsafe { OperationRef::from_raw(raw) };
                if erased.contains(&raw.ptr) {
                    continue;
                }
                let Some(mut contraction) = analyze(&op, shape) else { continue };
                match match_epilogue(&op, &contraction) {
                    Some(Ok(epilogue)) => {
                        // SAFETY: the consumer is a live op.
                        let at = line(unsafe { OperationRef::from_raw(epilogue.op) }.location());
                        let _ = writeln!(report, "  epilogue fused: contraction@{}, consumer@{at}", line(op.location()));
                        contraction.epilogue = Some(epilogue);
                    }
                    Some(Err(reason)) => {
                        let _ = writeln!(report, "  epilogue not fused: contraction@{}: {reason}", line(op.location()));
                    }
                    None => {}
                }
                let fill = if contraction.zero_init { previous_op(&op).map(|f| f.to_raw()) } else { None };
                // The product's buffer, when the epilogue stores elsewhere:
                // freed once nothing but deallocations uses it.
                let product = op.operand(op.operand_count() - 1).ok().map(|o| o.to_raw());
                let retargeted = contraction.epilogue.as_ref().is_some_and(|e| product.is_some_and(|p| p.ptr != e.target.ptr));
                if let Err(message) = rewrite(op, &contraction) {
                    crate::diagnostics::emit_error(op.location(), &message);
                    pass.signal_failure();
                    return;
                }
                // SAFETY: `op` has no results and is destroyed once; so are
                // the zero fill it replaces and the consumer fused into its
                // epilogue, which have no results either.
                unsafe {
                    mlir_sys::mlirOperationDestroy(raw);
                    if let Some(fill) = fill {
                        erased.push(fill.ptr);
                        mlir_sys::mlirOperationDestroy(fill);
                    }
                    if let Some(epilogue) = &contraction.epilogue {
                        erased.push(epilogue.op.ptr);
                        mlir_sys::mlirOperationDestroy(epilogue.op);
                    }
                    if let (true, Some(product)) = (retargeted, product) {
                        free_unused_buffer(product);
                    }
                }
            }
            if !report.is_empty() {
                crate::fusion_plan::append_report(&format!("contraction kernels (output fusion):\n{report}"));
            }
        },
        "XlaContractionKernels",
        "xla-contraction-kernels",
        "Rewrite f32 contractions on buffers (linalg.generic out += x * y: matmul, dot_general, convolution) into register-tiled vector micro-kernels",
        "builtin.module",
    )
}

#[cfg(test)]
mod tests {
    use super::{cpu_has_feature, host_lanes, target_lanes};

    #[test]
    fn cpu_features_come_from_the_named_cpu() {
        let x86 = Some("x86_64-unknown-linux-gnu");
        assert_eq!(cpu_has_feature(x86, "haswell", "avx512f"), Some(false));
        assert_eq!(cpu_has_feature(x86, "haswell", "avx"), Some(true));
        assert_eq!(cpu_has_feature(x86, "skylake-avx512", "avx512f"), Some(true));
        assert_eq!(cpu_has_feature(x86, "znver4", "avx512f"), Some(true));
        assert_eq!(cpu_has_feature(x86, "znver3", "avx512f"), Some(false));
        assert_eq!(cpu_has_feature(x86, "x86-64", "avx"), Some(false));
        assert_eq!(cpu_has_feature(x86, "no-such-cpu", "avx512f"), None);
        // Only x86's subtarget tables are registered.
        assert_eq!(cpu_has_feature(Some("aarch64-unknown-linux-gnu"), "generic", "avx512f"), None);
    }

    #[test]
    fn lanes_follow_the_target() {
        let x86 = Some("x86_64-unknown-linux-gnu");
        assert_eq!(target_lanes(x86, "haswell"), 8);
        assert_eq!(target_lanes(x86, "skylake-avx512"), 16);
        assert_eq!(target_lanes(x86, "znver4"), 16);
        assert_eq!(target_lanes(x86, "x86-64"), 4);
        assert_eq!(target_lanes(Some("aarch64-unknown-linux-gnu"), "neoverse-v1"), 4);
        assert_eq!(target_lanes(None, "host"), host_lanes());
        #[cfg(target_arch = "x86_64")]
        {
            // The default triple is the host's: a named CPU is asked for.
            assert_eq!(target_lanes(None, "haswell"), 8);
            assert_eq!(target_lanes(None, "skylake-avx512"), 16);
        }
    }
}

/// Whether `attribute` is the f32 constant `+0.0`.
fn is_positive_f32_zero(attribute: melior::ir::Attribute) -> bool {
    use melior::ir::attribute::{AttributeLike, FloatAttribute};
    FloatAttribute::try_from(attribute).is_ok_and(|f| f.r#type().is_f32() && f.value() == 0.0 && f.value().is_sign_positive())
}
