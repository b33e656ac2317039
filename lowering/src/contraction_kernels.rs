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
//!   one innermost in the output (none: one row, as for `vector @ matrix`);
//! - the reduction loops, nested in their order, innermost in the tile;
//! - the other parallel loops (batch, further free dimensions), outermost.
//!
//! A's factor is computed as a scalar (its fused ops cloned after the loads)
//! and broadcast. B is read with vector loads when it is one f32 input whose
//! innermost, unit-stride dimension is `j`; otherwise (a transposed operand
//! such as `x @ w.T`, fused ops, another element type) B's factor is first
//! computed, for each value of the outer loops that B uses, into a dense
//! buffer indexed `[reduction loops..., j]`. Remainders get their own tiles:
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
//! 180 ms with this.
//!
//! Each output element is still the sum of its products in loop order (now
//! with fused multiply-adds).
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
//! The kernel is generated as MLIR text for the op's static shapes, parsed,
//! and spliced in place of the generic (the function's arguments replaced
//! by the generic's operands; calls to `@factor0`/`@factor1` stand for the
//! factors' fused ops and are replaced by clones of them): the one place
//! outside `builders.rs` that spells upstream op names, because a page of
//! loops reads better as the IR it produces.
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

use melior::{
    ir::{
        AttributeLike, BlockLike, Module, OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
        attribute::ArrayAttribute,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};
use mlir_sys::{MlirAffineExpr, MlirOperation, MlirValue};
use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;
use std::fmt::Write;

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

/// One result of an indexing map: its text (`d1 + d3`), the loop it is if it
/// is a plain loop index, and the loops it uses.
#[derive(Clone, Debug)]
struct IndexExpr {
    text: String,
    dim: Option<usize>,
    uses: Vec<usize>,
    /// The expression (uniqued in the context, which outlives the pass).
    raw: Option<MlirAffineExpr>,
}

impl IndexExpr {
    fn dim(d: usize) -> Self {
        Self { text: format!("d{d}"), dim: Some(d), uses: vec![d], raw: None }
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
struct Operand {
    map: Vec<IndexExpr>,
    /// Its memref type and element type, as text.
    ty: String,
    element: String,
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
struct Contraction {
    extents: Vec<i64>,
    /// Inputs, then the output.
    operands: Vec<Operand>,
    /// The body's block arguments (inputs, then the output's).
    arguments: Vec<MlirValue>,
    /// The broadcast factor and the vector factor.
    a: Factor,
    b: Factor,
    /// B's factor is one f32 input read with vector loads along `j`.
    b_direct: bool,
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

fn op_name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

fn raw_op_name(op: MlirOperation) -> String {
    // SAFETY: `op` is a live operation.
    unsafe { OperationRef::from_raw(op) }.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

/// A statically shaped memref: shape, strides (in elements; dynamic ones
/// negative), element type text.
fn static_memref(ty: Type) -> Option<(Vec<i64>, Vec<i64>, String)> {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type; the queries below apply to memref types
    // only, which is checked first, and the stride buffer has `rank` slots.
    unsafe {
        if !mlir_sys::mlirTypeIsAMemRef(raw) || !mlir_sys::mlirShapedTypeHasStaticShape(raw) {
            return None;
        }
        let element = Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw)).to_string();
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
        let mut results = Vec::new();
        for r in 0..count {
            let expr = mlir_sys::mlirAffineMapGetResult(map, r);
            let mut text = String::new();
            unsafe extern "C" fn collect(piece: mlir_sys::MlirStringRef, data: *mut std::ffi::c_void) {
                // SAFETY: `data` is the `text` String, alive during the call.
                unsafe {
                    let text = &mut *(data as *mut String);
                    let bytes = std::slice::from_raw_parts(piece.data.cast::<u8>(), piece.length);
                    text.push_str(&String::from_utf8_lossy(bytes));
                }
            }
            mlir_sys::mlirAffineExprPrint(expr, Some(collect), &mut text as *mut String as *mut std::ffi::c_void);
            let dim = mlir_sys::mlirAffineExprIsADim(expr).then(|| mlir_sys::mlirAffineDimExprGetPosition(expr) as usize);
            let uses = (0..loops).filter(|&d| mlir_sys::mlirAffineExprIsFunctionOfDim(expr, d as isize)).collect();
            results.push(IndexExpr { text, dim, uses, raw: Some(expr) });
        }
        Some(results)
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
fn analyze(op: &OperationRef, shape: KernelShape) -> Option<Contraction> {
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
        operands.push(Operand { map, ty: value.r#type().to_string(), element, unit_stride, strides });
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
    if sorted != parallel || !output.unit_stride || output.element != "f32" {
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
                && operand.element == "f32"
                && operand.unit_stride
                && operand.map.last().is_some_and(|e| e.dim == Some(j))
                && operand.map.iter().filter(|e| e.uses.contains(&j)).count() == 1
        }
        _ => false,
    };
    let i = c_dims.iter().rev().copied().find(|&d| d != j && !uses(&b, d) && uses(&a, d));
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
        Contraction { extents, operands, arguments, a, b, b_direct, j, i, reductions, outer_b, outer_rest, zero_init, group, shape };
    // Blocks of the reduction loop accumulate into the output in turn.
    if blocking(&contraction, tile_sizes(&contraction).1).1.is_some() {
        contraction.zero_init = false;
    }
    Some(contraction)
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
/// (one reduction loop only), so that a row block's strip of A stays in L1.
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

/// Builds the text of the kernel function, with arguments `%in0`, ...,
/// `%C`.
struct Emitter<'a> {
    c: &'a Contraction,
    body: String,
    constants: BTreeSet<i64>,
    next: usize,
    indent: usize,
    /// SSA value of each loop index in the current scope.
    dims: Vec<String>,
    /// The memref that B vectors are loaded from, its type and map.
    b_name: String,
    b_type: String,
    b_map: Vec<IndexExpr>,
    /// The block of the (single) reduction loop that the tiles cover:
    /// start value and length; `None`: the whole loop.
    k_block: Option<(String, i64)>,
}

impl<'a> Emitter<'a> {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("%{prefix}{}", self.next)
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.body.push_str("  ");
        }
        self.body.push_str(text);
        self.body.push('\n');
    }

    fn index(&mut self, value: i64) -> String {
        self.constants.insert(value);
        format!("%c{value}")
    }

    /// `base + offset` (no op for a zero offset).
    fn add(&mut self, base: &str, offset: i64) -> String {
        if offset == 0 {
            return base.to_owned();
        }
        let constant = self.index(offset);
        let name = self.fresh("x");
        self.line(&format!("{name} = arith.addi {base}, {constant} : index"));
        name
    }

    /// The indices of a map in the current scope.
    fn indices(&mut self, map: &[IndexExpr]) -> String {
        let loops = self.c.extents.len();
        let mut names = Vec::new();
        for expr in map {
            if let Some(d) = expr.dim {
                names.push(self.dims[d].clone());
                continue;
            }
            let name = self.fresh("x");
            let params: Vec<String> = (0..loops).map(|d| format!("d{d}")).collect();
            // Loops the expression does not use may be out of scope here.
            let zero = self.index(0);
            let operands: Vec<String> =
                (0..loops).map(|d| if expr.uses.contains(&d) { self.dims[d].clone() } else { zero.clone() }).collect();
            let line =
                format!("{name} = affine.apply affine_map<({}) -> ({})>({})", params.join(", "), expr.text, operands.join(", "));
            self.line(&line);
            names.push(name);
        }
        names.join(", ")
    }

    /// The scalar value of a factor at the current loop indices: the loads
    /// of its inputs, then `func.call @factor<n>` standing for its ops.
    fn factor(&mut self, which: usize) -> String {
        let c = self.c;
        let factor = if which == 0 { &c.a } else { &c.b };
        let mut loaded = Vec::new();
        for &k in &factor.inputs {
            let operand = &c.operands[k];
            let indices = self.indices(&operand.map);
            let name = self.fresh("s");
            self.line(&format!("{name} = memref.load %in{k}[{indices}] : {}", operand.ty));
            loaded.push(name);
        }
        if factor.ops.is_empty() {
            return loaded.swap_remove(0);
        }
        let name = self.fresh("f");
        let types: Vec<&str> = factor.inputs.iter().map(|&k| c.operands[k].element.as_str()).collect();
        self.line(&format!("{name} = func.call @factor{which}({}) : ({}) -> f32", loaded.join(", "), types.join(", ")));
        name
    }

    /// `scf.for %iv = 0 to upper step step {` (the caller closes it).
    fn open_for(&mut self, upper: i64, step: i64) -> String {
        let (zero, upper, step) = (self.index(0), self.index(upper), self.index(step));
        let iv = self.fresh("i");
        self.line(&format!("scf.for {iv} = {zero} to {upper} step {step} {{"));
        self.indent += 1;
        iv
    }

    /// `scf.parallel (%iv) = (0) to (upper) step (step) {`: a loop whose
    /// iterations are independent, which `xla-cpu-parallel-tasks` may run
    /// on the thread pool (the caller closes it).
    fn open_parallel(&mut self, upper: i64, step: i64) -> String {
        let (zero, upper, step) = (self.index(0), self.index(upper), self.index(step));
        let iv = self.fresh("i");
        self.line(&format!("scf.parallel ({iv}) = ({zero}) to ({upper}) step ({step}) {{"));
        self.indent += 1;
        iv
    }

    fn close(&mut self) {
        self.indent -= 1;
        self.line("}");
    }

    /// Indices of the output at row `r`, vector `v` of the tile.
    fn output_indices(&mut self, rows: &[String], columns: &[String], r: usize, v: usize) -> String {
        let c = self.c;
        if let Some(i) = c.i {
            self.dims[i] = rows[r].clone();
        }
        self.dims[c.j] = columns[v].clone();
        let map = c.operands.last().map(|o| o.map.clone()).unwrap_or_default();
        self.indices(&map)
    }

    /// One register tile of `mr` rows (from `row`) and `nv` vectors (from
    /// `column`); the last vector has `last_lanes` valid lanes.
    fn tile(&mut self, row: Option<&str>, mr: usize, column: &str, nv: usize, last_lanes: i64) {
        let c = self.c;
        let rows: Vec<String> = (0..mr).map(|r| row.map_or_else(String::new, |row| self.add(row, r as i64))).collect();
        let width = c.shape.lanes;
        let (vector, mask_type) = (format!("vector<{width}xf32>"), format!("vector<{width}xi1>"));
        let columns: Vec<String> = (0..nv).map(|v| self.add(column, v as i64 * width)).collect();
        let mask = (last_lanes < width).then(|| {
            let name = self.fresh("mask");
            let lanes: Vec<&str> = (0..width).map(|l| if l < last_lanes { "true" } else { "false" }).collect();
            self.line(&format!("{name} = arith.constant dense<[{}]> : {mask_type}", lanes.join(", ")));
            name
        });
        let zeros = (mask.is_some() || c.zero_init).then(|| {
            let name = self.fresh("zero");
            self.line(&format!("{name} = arith.constant dense<0.0> : {vector}"));
            name
        });
        let zeros = zeros.unwrap_or_default();
        let masked = |v: usize| if v == nv - 1 { mask.clone() } else { None };
        let c_type = c.operands.last().map(|o| o.ty.clone()).unwrap_or_default();
        // The accumulators.
        let mut accumulators = Vec::new();
        for r in 0..mr {
            for v in 0..nv {
                if c.zero_init {
                    accumulators.push(zeros.clone());
                    continue;
                }
                let indices = self.output_indices(&rows, &columns, r, v);
                let name = self.fresh("acc");
                let line = match masked(v) {
                    Some(mask) => format!(
                        "{name} = vector.maskedload %C[{indices}], {mask}, {zeros} : {c_type}, {mask_type}, {vector} into {vector}"
                    ),
                    None => format!("{name} = vector.load %C[{indices}] : {c_type}, {vector}"),
                };
                self.line(&line);
                accumulators.push(name);
            }
        }
        let count = accumulators.len();
        let types = vec![vector.as_str(); count].join(", ");
        let result = |name: &str, k: usize| if count == 1 { name.to_owned() } else { format!("{name}#{k}") };
        // The reduction loops, carrying the accumulators.
        let mut carried = accumulators;
        let mut results = Vec::new();
        for &d in &c.reductions {
            let (zero, upper, one) = match self.k_block.clone() {
                Some((start, length)) => {
                    let end = self.add(&start, length);
                    (start, end, self.index(1))
                }
                None => (self.index(0), self.index(c.extents[d]), self.index(1)),
            };
            let iv = self.fresh("k");
            let res = self.fresh("sum");
            let arguments: Vec<String> = (0..count).map(|_| self.fresh("a")).collect();
            let bindings: Vec<String> = arguments.iter().zip(&carried).map(|(a, v)| format!("{a} = {v}")).collect();
            let head = if count == 1 { res.clone() } else { format!("{res}:{count}") };
            self.line(&format!(
                "{head} = scf.for {iv} = {zero} to {upper} step {one} iter_args({}) -> ({types}) {{",
                bindings.join(", ")
            ));
            self.indent += 1;
            self.dims[d] = iv;
            results.push(res);
            carried = arguments;
        }
        // Innermost: NV vector loads of B, MR broadcasts of A, MR*NV FMAs.
        let (b_name, b_type, b_map) = (self.b_name.clone(), self.b_type.clone(), self.b_map.clone());
        let mut b_vectors = Vec::new();
        for (v, column) in columns.iter().enumerate() {
            self.dims[c.j] = column.clone();
            let indices = self.indices(&b_map);
            let name = self.fresh("b");
            let line = match masked(v) {
                Some(mask) => format!(
                    "{name} = vector.maskedload {b_name}[{indices}], {mask}, {zeros} : {b_type}, {mask_type}, {vector} into {vector}"
                ),
                None => format!("{name} = vector.load {b_name}[{indices}] : {b_type}, {vector}"),
            };
            self.line(&line);
            b_vectors.push(name);
        }
        let mut updated = Vec::new();
        // A's element is the same for all columns of the tile (a feature
        // group's columns share it).
        self.dims[c.j] = columns[0].clone();
        for (r, row) in rows.iter().enumerate() {
            if let Some(i) = c.i {
                self.dims[i] = row.clone();
            }
            let scalar = self.factor(0);
            let splat = self.fresh("splat");
            self.line(&format!("{splat} = vector.broadcast {scalar} : f32 to {vector}"));
            for (v, b) in b_vectors.iter().enumerate() {
                let name = self.fresh("fma");
                let accumulator = &carried[r * nv + v];
                self.line(&format!("{name} = vector.fma {splat}, {b}, {accumulator} : {vector}"));
                updated.push(name);
            }
        }
        self.line(&format!("scf.yield {} : {types}", updated.join(", ")));
        for level in (0..results.len()).rev() {
            self.close();
            if level > 0 {
                let values: Vec<String> = (0..count).map(|k| result(&results[level], k)).collect();
                self.line(&format!("scf.yield {} : {types}", values.join(", ")));
            }
        }
        let sums: Vec<String> = (0..count).map(|k| result(&results[0], k)).collect();
        // Store the accumulators.
        for r in 0..mr {
            for v in 0..nv {
                let indices = self.output_indices(&rows, &columns, r, v);
                let value = &sums[r * nv + v];
                let line = match masked(v) {
                    Some(mask) => format!("vector.maskedstore %C[{indices}], {mask}, {value} : {c_type}, {mask_type}, {vector}"),
                    None => format!("vector.store {value}, %C[{indices}] : {c_type}, {vector}"),
                };
                self.line(&line);
            }
        }
    }

    /// The columns of one row block: full tiles, then the remainder.
    /// The tiles of one row block over the `extent` columns from `start`
    /// (a panel; `None`: from 0).
    fn columns(&mut self, row: Option<&str>, mr: usize, nv: usize, start: Option<&str>, extent: i64) {
        // Feature groups: the tiles of each group of columns.
        let (n, group) = match (self.c.group, start) {
            (Some(g), _) if g < extent => (g, Some(self.open_for(extent, g))),
            (_, Some(start)) => (extent, Some(start.to_owned())),
            _ => (extent, None),
        };
        let lanes = self.c.shape.lanes;
        let width = nv as i64 * lanes;
        let full = n - n % width;
        if full > 0 {
            let offset = self.open_for(full, width);
            let column = match &group {
                Some(base) => {
                    let name = self.fresh("x");
                    self.line(&format!("{name} = arith.addi {base}, {offset} : index"));
                    name
                }
                None => offset,
            };
            self.tile(row, mr, &column, nv, lanes);
            self.close();
        }
        let rest = n % width;
        if rest > 0 {
            let column = match &group {
                Some(base) => self.add(base, full),
                None => self.index(full),
            };
            let vectors = (rest + lanes - 1) / lanes;
            self.tile(row, mr, &column, vectors as usize, rest - (vectors - 1) * lanes);
        }
        if group.is_some() && start.is_none() {
            self.close();
        }
    }

    /// The row blocks (full, then the remainder) over a column panel.
    fn rows(&mut self, mr: i64, nv: i64, start: Option<&str>, extent: i64) {
        let c = self.c;
        match c.i {
            Some(i) => {
                let m = c.extents[i];
                let full = m - m % mr;
                if full > 0 {
                    // Row blocks write disjoint rows of the output: the
                    // thread pool's unit of work.
                    let row = self.open_parallel(full, mr);
                    self.columns(Some(&row), mr as usize, nv as usize, start, extent);
                    self.close();
                }
                if m % mr > 0 {
                    let row = self.index(full);
                    self.columns(Some(&row), (m % mr) as usize, nv as usize, start, extent);
                }
            }
            None => self.columns(None, 1, nv as usize, start, extent),
        }
    }

    /// The K blocks (full, then the remainder) of one column panel.
    fn k_blocks(&mut self, mr: i64, nv: i64, start: Option<&str>, extent: i64, kc: Option<i64>) {
        let Some(kc) = kc else {
            self.rows(mr, nv, start, extent);
            return;
        };
        let k = self.c.extents[self.c.reductions[0]];
        let full = k - k % kc;
        if full > 0 {
            let block = self.open_for(full, kc);
            self.k_block = Some((block, kc));
            self.rows(mr, nv, start, extent);
            self.close();
        }
        if k % kc > 0 {
            let block = self.index(full);
            self.k_block = Some((block, k % kc));
            self.rows(mr, nv, start, extent);
        }
        self.k_block = None;
    }

    /// Computes B's factor into the dense `[reductions..., j]` buffer
    /// `%packed`, 16 columns at a time (innermost), so that a transposed B
    /// is read along 16 rows at once and each packed row written whole.
    fn pack(&mut self) {
        let c = self.c;
        let n = c.extents[c.j];
        let lanes = c.shape.lanes;
        let full = n - n % lanes;
        for (start, width) in [(None, lanes), (Some(full), n % lanes)] {
            if width == 0 || (start.is_none() && full == 0) {
                continue;
            }
            let block = match start {
                None => self.open_for(full, lanes),
                Some(offset) => self.index(offset),
            };
            for &d in &c.reductions {
                let iv = self.open_for(c.extents[d], 1);
                self.dims[d] = iv;
            }
            let lane = self.open_for(width, 1);
            let column = self.fresh("x");
            self.line(&format!("{column} = arith.addi {block}, {lane} : index"));
            self.dims[c.j] = column;
            let value = self.factor(1);
            let target: Vec<String> = c.reductions.iter().chain([&c.j]).map(|&d| self.dims[d].clone()).collect();
            let b_type = self.b_type.clone();
            self.line(&format!("memref.store {value}, %packed[{}] : {b_type}", target.join(", ")));
            self.close();
            for _ in &c.reductions {
                self.close();
            }
            if start.is_none() {
                self.close();
            }
        }
    }

    fn function(mut self) -> String {
        let c = self.c;
        let (mr, nv) = tile_sizes(c);
        self.indent = 1;
        let zero = self.index(0);
        self.dims = vec![zero; c.extents.len()];
        if c.b_direct {
            let k = c.b.inputs[0];
            self.b_type = c.operands[k].ty.clone();
            self.b_name = format!("%in{k}");
            self.b_map = c.operands[k].map.clone();
        } else {
            let loops: Vec<usize> = c.reductions.iter().copied().chain([c.j]).collect();
            let shape: Vec<String> = loops.iter().map(|&d| c.extents[d].to_string()).collect();
            self.b_type = format!("memref<{}xf32>", shape.join("x"));
            self.b_name = "%packed".into();
            self.b_map = loops.iter().map(|&d| IndexExpr::dim(d)).collect();
            let b_type = self.b_type.clone();
            self.line(&format!("%packed = memref.alloc() {{alignment = 64 : i64}} : {b_type}"));
        }
        let mut opened = 0;
        for &d in &c.outer_b {
            let iv = self.open_for(c.extents[d], 1);
            self.dims[d] = iv;
            opened += 1;
        }
        if !c.b_direct {
            self.pack();
        }
        for &d in &c.outer_rest {
            let iv = self.open_for(c.extents[d], 1);
            self.dims[d] = iv;
            opened += 1;
        }
        // Column panels (full, then the remainder), each covered row block
        // by row block.
        let (nc, kc) = blocking(c, nv);
        let n = c.extents[c.j];
        match nc {
            Some(nc) => {
                let full = n - n % nc;
                if full > 0 {
                    let panel = self.open_for(full, nc);
                    self.k_blocks(mr, nv, Some(&panel), nc, kc);
                    self.close();
                }
                if n % nc > 0 {
                    let panel = self.index(full);
                    self.k_blocks(mr, nv, Some(&panel), n % nc, kc);
                }
            }
            None => self.k_blocks(mr, nv, None, n, kc),
        }
        for _ in 0..opened {
            self.close();
        }
        if !c.b_direct {
            let b_type = self.b_type.clone();
            self.line(&format!("memref.dealloc %packed : {b_type}"));
        }
        self.line("return");
        let mut text = String::new();
        for (which, factor) in [&c.a, &c.b].into_iter().enumerate() {
            if !factor.ops.is_empty() {
                let types: Vec<&str> = factor.inputs.iter().map(|&k| c.operands[k].element.as_str()).collect();
                let _ = writeln!(text, "func.func private @factor{which}({}) -> f32", types.join(", "));
            }
        }
        let parameters: Vec<String> = c
            .operands
            .iter()
            .enumerate()
            .map(|(k, o)| if k + 1 == c.operands.len() { format!("%C: {}", o.ty) } else { format!("%in{k}: {}", o.ty) })
            .collect();
        let _ = writeln!(text, "func.func private @contraction({}) {{", parameters.join(", "));
        for value in &self.constants {
            let _ = writeln!(text, "  %c{value} = arith.constant {value} : index");
        }
        text.push_str(&self.body);
        text.push_str("}\n");
        text
    }
}

/// The kernel function's text for a matched contraction.
fn kernel_text(c: &Contraction) -> String {
    let emitter = Emitter {
        c,
        body: String::new(),
        constants: BTreeSet::new(),
        next: 0,
        indent: 0,
        dims: Vec::new(),
        b_name: String::new(),
        b_type: String::new(),
        b_map: Vec::new(),
        k_block: None,
    };
    emitter.function()
}

/// Replaces a `func.call @factor<n>` placeholder by clones of the factor's
/// ops, the factor's inputs mapped to the call's operands.
fn expand_factor(call: MlirOperation, factor: &Factor, arguments: &[MlirValue]) {
    // SAFETY: `call` is a live op in a block; the factor's ops are live ops
    // of the generic's body, cloned before the call; every operand of a
    // clone is remapped to a value defined before the call (an earlier
    // clone, a call operand) or is defined outside the generic, before it.
    unsafe {
        let block = mlir_sys::mlirOperationGetBlock(call);
        let mut mapping: HashMap<usize, MlirValue> = HashMap::new();
        for (position, &k) in factor.inputs.iter().enumerate() {
            mapping.insert(arguments[k].ptr as usize, mlir_sys::mlirOperationGetOperand(call, position as isize));
        }
        for &op in &factor.ops {
            let clone = mlir_sys::mlirOperationClone(op);
            for k in 0..mlir_sys::mlirOperationGetNumOperands(clone) {
                let operand = mlir_sys::mlirOperationGetOperand(clone, k);
                if let Some(&value) = mapping.get(&(operand.ptr as usize)) {
                    mlir_sys::mlirOperationSetOperand(clone, k, value);
                }
            }
            mlir_sys::mlirBlockInsertOwnedOperationBefore(block, call, clone);
            for r in 0..mlir_sys::mlirOperationGetNumResults(op) {
                mapping.insert(mlir_sys::mlirOperationGetResult(op, r).ptr as usize, mlir_sys::mlirOperationGetResult(clone, r));
            }
        }
        let value = factor.value.expect("a matched factor has a value");
        let replacement = mapping.get(&(value.ptr as usize)).copied().unwrap_or(value);
        mlir_sys::mlirValueReplaceAllUsesOfWith(mlir_sys::mlirOperationGetResult(call, 0), replacement);
        mlir_sys::mlirOperationDestroy(call);
    }
}

/// Replaces `op` by the kernel; an error message if the text did not parse.
fn rewrite(op: OperationRef, c: &Contraction) -> crate::builders::BuildResult<()> {
    // SAFETY: the context outlives the op and this pass.
    let context = crate::context_of(op.context());
    let text = kernel_text(c);
    let module = Module::parse(context, &format!("module {{\n{text}}}"))
        .ok_or_else(|| format!("internal error: the contraction kernel does not parse:\n{text}"))?;
    let mut function = module.body().first_operation();
    while let Some(f) = function.filter(|f| f.region(0).ok().and_then(|r| r.first_block()).is_none()) {
        function = f.next_in_block();
    }
    let function = function.ok_or("internal error: no kernel function")?;
    let entry = function.region(0).ok().and_then(|r| r.first_block()).ok_or("internal error: kernel without a body")?;
    for (index, operand) in op.operands().enumerate() {
        let argument = entry.argument(index)?;
        // SAFETY: the argument and the operand have the same type, and the
        // operand dominates `op`, before which every use will be moved.
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(argument.to_raw(), operand.to_raw()) };
    }
    let mut calls = Vec::new();
    let mut next = entry.first_operation();
    while let Some(inner) = next {
        next = inner.next_in_block();
        if op_name(&inner) == "func.return" {
            break;
        }
        inner.walk(WalkOrder::PreOrder, |nested| {
            if op_name(&nested) == "func.call" {
                calls.push((
                    nested.to_raw(),
                    nested
                        .attribute("callee")
                        .ok()
                        .and_then(|a| melior::ir::attribute::FlatSymbolRefAttribute::try_from(a).ok())
                        .map(|a| a.value().to_owned())
                        .unwrap_or_default(),
                ));
            }
            WalkResult::Advance
        });
        // SAFETY: both ops are live; `inner` is unlinked from the kernel and
        // linked before `op` in the same context.
        unsafe { mlir_sys::mlirOperationMoveBefore(inner.to_raw(), op.to_raw()) };
    }
    for (call, callee) in calls {
        let factor = if callee == "factor0" { &c.a } else { &c.b };
        expand_factor(call, factor, &c.arguments);
    }
    Ok(())
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
            let mut fills = Vec::new();
            for raw in found {
                // SAFETY: collected from the live module above; each op is
                // visited once and destroyed only after its replacement.
                let op = unsafe { OperationRef::from_raw(raw) };
                if fills.contains(&raw.ptr) {
                    continue;
                }
                let Some(contraction) = analyze(&op, shape) else { continue };
                let fill = if contraction.zero_init { previous_op(&op).map(|f| f.to_raw()) } else { None };
                if let Err(message) = rewrite(op, &contraction) {
                    crate::diagnostics::emit_error(op.location(), &message);
                    pass.signal_failure();
                    return;
                }
                // SAFETY: `op` has no results and is destroyed once; so is
                // the zero fill it replaces, which has no results either.
                unsafe {
                    mlir_sys::mlirOperationDestroy(raw);
                    if let Some(fill) = fill {
                        fills.push(fill.ptr);
                        mlir_sys::mlirOperationDestroy(fill);
                    }
                }
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
