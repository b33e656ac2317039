//! `xla-gpu-block-tiles`: matrix products as block-tiled kernels that stage
//! their operands through shared memory.
//!
//! With `xla-gpu-register-tiles` alone, every thread of a matrix product
//! loads its own operands from global memory (through L1): 16 loads for 64
//! multiply-adds, and the kernel is bound by load instructions (on an H100,
//! 17 TFLOP/s for a 2048² f32 product, 37% of cuBLAS). Here a block of 256
//! threads computes a `BM x BN` tile of `C` (128x128 down to 64x64): for
//! each slice of `BK = 8` along the contraction, the block copies the
//! `BM x 8` slice of `A` (transposed) and the `8 x BN` slice of `B` into
//! shared memory once, waits at a barrier, and each thread then computes an
//! `(BM/16) x (BN/16)` sub-tile from shared memory with 4-wide vector loads:
//! 4 loads for 64 multiply-adds at 128x128. The next slice's global loads
//! are issued into registers before the current slice's multiply-adds, so
//! their latency overlaps the arithmetic.
//!
//! ```mlir
//! // before (after xla-gpu-parallel-dims-first; memrefs, identity layouts)
//! linalg.generic {indexing_maps = [(b.., i, j, k) -> (b.., i, k), (b.., i, j, k) -> (b.., k, j),
//!                                  (b.., i, j, k) -> (b.., i, j)],
//!                 iterator_types = [parallel.., parallel, parallel, reduction]}
//!     ins(%A, %B) outs(%C) { %p = arith.mulf %a, %b  %s = arith.addf %c, %p  linalg.yield %s }
//! // after
//! gpu.launch blocks(N/BN, M/BM, batch) threads(256) workgroup(%smem : memref<W x f32, 3>) {
//!   accumulators = C[sub-tile]               // the initial values
//!   %ra, %rb = A and B slices at k = 0         // into registers
//!   scf.for %k0 = 0 to K step 8 iter_args(accumulators, %ra, %rb) {
//!     gpu.barrier  ;  registers -> %smem  ;  gpu.barrier
//!     %ra', %rb' = slices at min(k0 + 8, K - 8)
//!     8 x (a column of the A tile, a row of the B tile, (BM/16)(BN/16) multiply-adds)
//!   }
//!   C[sub-tile] = accumulators
//! }
//! ```
//!
//! Each output is still accumulated by one thread, from its initial value,
//! along `k` in order, with the body's own `arith.mulf`/`arith.addf` and
//! their fastmath flags: the same operations in the same order as the
//! per-thread loops (no reassociation). bf16 and f16 operands (accumulated
//! in f32, as our `dot_general` lowers them) are widened on their way into
//! shared memory — unless their sum may be reassociated (`reassoc` on the
//! addf, which `xla-reassociate-reductions` sets where StableHLO leaves the
//! order open) and the sizes fit 128x128 tiles and slices of 32: then the
//! product runs on the tensor cores (see [`emit_tensor_cores`]). Products
//! whose grid would have fewer than [`MIN_GRID`] blocks keep the per-thread
//! kernels, which spread a small product over more threads.
//!
//! On an H200 (bench/gpu_results.md): 2048² f32 0.99 → 0.45 ms (82% of
//! cuBLAS), bf16 0.80 → 0.107 ms on the tensor cores (43% of cuBLAS).
//!
//! Conditions: a `linalg.generic` on static memrefs with the identity layout
//! in the default memory space, with parallel dimensions `(batch.., i, j)`
//! and one reduction dimension `k` last, maps `A(batch.., i, k)`,
//! `B(batch.., k, j)`, `C(batch.., i, j)`, a body that is exactly `C +=
//! A * B` (f32 operands, or bf16/f16 operands widened by `arith.extf`, with
//! an f32 `C`), `K` a multiple of 8, `M` and `N` multiples of 64, and at
//! most 65535 batches and row tiles (the grid's y and z). Other
//! contractions keep the per-thread loops. The sub-tile's rows (and
//! columns) are groups of 4 adjacent ones, 64 apart, so that the vector
//! loads of a warp from shared memory are free of bank conflicts.
//!
//! The kernels use barriers and shared memory, which the host-loop
//! emulation (`xla-gpu-launch-to-loops`) cannot run: the emulation pipeline
//! leaves this pass out, and the kernels are checked on a device
//! (`test/Execution/gpu-block-tiles.mlir` through `test/GPU/execute.test`).

use super::{identity_memref, internal};
use crate::builders::{
    BuildResult, gpu_barrier, gpu_launch_with_workgroup, index_constant, llvm_extract_value, llvm_int_to_pointer, llvm_pointer_type,
    memref_aligned_pointer, memref_store, nvvm_ldmatrix_x4, nvvm_mma_m16n8k16, scalar, scalar_with_attributes, scf_for_unterminated,
    terminator, vector_bitcast, vector_extract, vector_from_elements, vector_load_aligned, vector_store_aligned, vector_type,
};
use melior::{
    Context,
    ir::{
        Attribute, AttributeLike, BlockLike, BlockRef, Identifier, Location, Operation, OperationRef, RegionLike, Type, Value,
        ValueLike,
        attribute::{ArrayAttribute, IntegerAttribute},
        operation::{OperationLike, OperationResult},
        r#type::{IntegerType, MemRefType},
    },
    pass::{ExternalPass, Pass},
};

/// The slice of the contraction staged per step.
pub const BK: i64 = 8;
/// Threads per block (16 x 16).
pub const THREADS: i64 = 256;
/// A tile is made smaller while the grid has fewer blocks than this (an
/// H100 has 132 multiprocessors).
pub const MIN_BLOCKS: i64 = 128;
/// Floats of padding after each row of the transposed A tile in shared
/// memory: the transposed stores of a warp then fall in distinct banks.
const PAD: i64 = 4;
/// The tiles tried, largest first (rows x columns of C per block).
const TILES: [(i64, i64); 4] = [(128, 128), (128, 64), (64, 128), (64, 64)];
/// Products whose grid would have fewer blocks than this keep the
/// per-thread kernels, which spread small products over more threads (a
/// 256x128x64 layer: 4 blocks, 0.029 ms against 0.023 on an H200).
pub const MIN_GRID: i64 = 32;
/// The tensor-core kernel: a 128x128 tile of C per block, 32 of K per step.
const MMA_TILE: i64 = 128;
const MMA_BK: i64 = 32;
/// Row strides (elements) of A (`[m][k]`) and B (`[k][n]`) in shared
/// memory, padded so that the fragment loads of a warp hit distinct banks.
const MMA_A_ROW: i64 = MMA_BK + 8;
const MMA_B_ROW: i64 = MMA_TILE + 8;

static ENABLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
static TENSOR_CORES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Lets bf16/f16 products use the tensor-core kernel (the default), or
/// keeps them on the f32 block tiles (`--no-gpu-tensor-cores`).
pub fn set_tensor_cores(enabled: bool) {
    TENSOR_CORES.store(enabled, std::sync::atomic::Ordering::Relaxed);
}

/// Turns the pass on (the default) or off (`--no-gpu-block-tiles`: every
/// product keeps the per-thread kernels) for the passes run from now on.
pub fn set_enabled(enabled: bool) {
    ENABLED.store(enabled, std::sync::atomic::Ordering::Relaxed);
}

/// A matched matrix product.
struct Product<'c, 'a> {
    generic: OperationRef<'c, 'a>,
    a: Value<'c, 'a>,
    b: Value<'c, 'a>,
    c: Value<'c, 'a>,
    batch: Vec<i64>,
    m: i64,
    n: i64,
    k: i64,
    /// The element type of A and B (f32, bf16 or f16); C is f32.
    element: Type<'c>,
    /// The body's `arith.mulf` and `arith.addf` attributes (fastmath).
    mul_attributes: Vec<(Identifier<'c>, Attribute<'c>)>,
    add_attributes: Vec<(Identifier<'c>, Attribute<'c>)>,
    /// `arith.addf %acc, %p` (true) or `arith.addf %p, %acc`.
    accumulator_first: bool,
}

/// The dimensions that an indexing map's results name, when each result is
/// a plain dimension.
fn map_dims(attribute: Attribute) -> Option<Vec<usize>> {
    let raw = attribute.to_raw();
    // SAFETY: a live attribute; map accessors only on an affine map.
    unsafe {
        if !mlir_sys::mlirAttributeIsAAffineMap(raw) {
            return None;
        }
        let map = mlir_sys::mlirAffineMapAttrGetValue(raw);
        if mlir_sys::mlirAffineMapGetNumSymbols(map) != 0 {
            return None;
        }
        (0..mlir_sys::mlirAffineMapGetNumResults(map))
            .map(|r| {
                let expr = mlir_sys::mlirAffineMapGetResult(map, r);
                mlir_sys::mlirAffineExprIsADim(expr).then(|| mlir_sys::mlirAffineDimExprGetPosition(expr) as usize)
            })
            .collect()
    }
}

/// The op that defines `value` in `block`, if any.
fn defining<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    OperationResult::try_from(value).ok().map(|r| r.owner())
}

fn attributes_named<'c>(op: &OperationRef<'c, '_>, name: &str) -> Vec<(Identifier<'c>, Attribute<'c>)> {
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(op.context());
    op.attribute(name).ok().map(|a| vec![(Identifier::new(context, name), a)]).unwrap_or_default()
}

fn match_product<'c, 'a>(generic: OperationRef<'c, 'a>) -> Option<Product<'c, 'a>> {
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(generic.context());
    if generic.operand_count() != 3 || generic.result_count() != 0 {
        return None;
    }
    let iterators = ArrayAttribute::try_from(generic.attribute("iterator_types").ok()?).ok()?;
    let rank = iterators.len();
    if rank < 3 {
        return None;
    }
    for d in 0..rank {
        if xla_dialects::is_reduction_iterator(iterators.element(d).ok()?)? != (d == rank - 1) {
            return None;
        }
    }
    let maps = ArrayAttribute::try_from(generic.attribute("indexing_maps").ok()?).ok()?;
    if maps.len() != 3 {
        return None;
    }
    let batches = rank - 3;
    let (i, j, k) = (batches, batches + 1, batches + 2);
    let with = |last: [usize; 2]| -> Vec<usize> { (0..batches).chain(last).collect() };
    if map_dims(maps.element(0).ok()?)? != with([i, k])
        || map_dims(maps.element(1).ok()?)? != with([k, j])
        || map_dims(maps.element(2).ok()?)? != with([i, j])
    {
        return None;
    }
    let (a, b, c) = (generic.operand(0).ok()?, generic.operand(1).ok()?, generic.operand(2).ok()?);
    let (shape_a, element) = identity_memref(a.r#type())?;
    let (shape_b, element_b) = identity_memref(b.r#type())?;
    let (shape_c, element_c) = identity_memref(c.r#type())?;
    let f32 = Type::float32(context);
    let narrow = [Type::bfloat16(context), Type::float16(context)];
    if element_c != f32 || element_b != element || !(element == f32 || narrow.contains(&element)) {
        return None;
    }
    let (m, n, kk) = (shape_c[batches], shape_c[batches + 1], shape_a[batches + 1]);
    let batch = &shape_c[..batches];
    let with_sizes = |last: [i64; 2]| -> Vec<i64> { batch.iter().copied().chain(last).collect() };
    if shape_a != with_sizes([m, kk]) || shape_b != with_sizes([kk, n]) {
        return None;
    }

    // The body: C += A * B, with A and B widened when narrow.
    let body = generic.region(0).ok()?.first_block()?;
    if body.argument_count() != 3 {
        return None;
    }
    let argument = |n: usize| -> Option<Value> { body.argument(n).ok().map(Into::into) };
    let (x, y, acc) = (argument(0)?, argument(1)?, argument(2)?);
    let mut ops = Vec::new();
    let mut op = body.first_operation();
    while let Some(o) = op {
        op = o.next_in_block();
        ops.push(o);
    }
    if ops.len() != if element == f32 { 3 } else { 5 } {
        return None;
    }
    let yield_op = ops.last()?;
    if super::name(yield_op) != "linalg.yield" || yield_op.operand_count() != 1 {
        return None;
    }
    let add = defining(yield_op.operand(0).ok()?)?;
    if super::name(&add) != "arith.addf" {
        return None;
    }
    let (lhs, rhs) = (add.operand(0).ok()?, add.operand(1).ok()?);
    let (product, accumulator_first) = if lhs == acc { (rhs, true) } else if rhs == acc { (lhs, false) } else { return None };
    let mul = defining(product)?;
    if super::name(&mul) != "arith.mulf" {
        return None;
    }
    let source = |v: Value<'c, 'a>| -> Option<Value<'c, 'a>> {
        if element == f32 {
            return Some(v);
        }
        let ext = defining(v)?;
        (super::name(&ext) == "arith.extf").then(|| ext.operand(0).ok()).flatten()
    };
    let (u, v) = (source(mul.operand(0).ok()?)?, source(mul.operand(1).ok()?)?);
    if !((u == x && v == y) || (u == y && v == x)) {
        return None;
    }
    Some(Product {
        generic,
        a,
        b,
        c,
        batch: shape_c[..batches].to_vec(),
        m,
        n,
        k: kk,
        element,
        mul_attributes: attributes_named(&mul, "fastmath"),
        add_attributes: attributes_named(&add, "fastmath"),
        accumulator_first,
    })
}

/// The block tile (rows, columns of C) for a product, if one fits.
fn choose_tile(product: &Product) -> Option<(i64, i64)> {
    if product.k % BK != 0 || product.k == 0 {
        return None;
    }
    let batch: i64 = product.batch.iter().product();
    if batch == 0 || batch > 65535 {
        return None;
    }
    let mut chosen = None;
    for (bm, bn) in TILES {
        if product.m % bm != 0 || product.n % bn != 0 || product.m / bm > 65535 {
            continue;
        }
        chosen = Some((bm, bn));
        if batch * (product.m / bm) * (product.n / bn) >= MIN_BLOCKS {
            break;
        }
    }
    chosen.filter(|(bm, bn)| batch * (product.m / bm) * (product.n / bn) >= MIN_GRID)
}

/// Whether the product runs on the tensor cores: bf16 or f16 operands,
/// an accumulation whose order may change (`reassoc`: the tensor cores sum
/// each step's products in their own order), 128x128 tiles and 32 of K.
fn fits_tensor_cores(product: &Product) -> bool {
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(product.generic.context());
    let reassociable = product
        .add_attributes
        .iter()
        .any(|(_, a)| xla_dialects::fastmath_flags(*a).is_some_and(|flags| flags & xla_dialects::fastmath::REASSOC != 0));
    let batch: i64 = product.batch.iter().product();
    product.element != Type::float32(context)
        && reassociable
        && TENSOR_CORES.load(std::sync::atomic::Ordering::Relaxed)
        && product.m % MMA_TILE == 0
        && product.n % MMA_TILE == 0
        && product.k % MMA_BK == 0
        && product.k > 0
        && (1..=65535).contains(&batch)
        && product.m / MMA_TILE <= 65535
        && batch * (product.m / MMA_TILE) * (product.n / MMA_TILE) >= MIN_GRID
}

/// Inserts ops before `before` in `block`, or at its end.
struct At<'c, 'a> {
    context: &'c Context,
    location: Location<'c>,
    block: BlockRef<'c, 'a>,
    before: Option<OperationRef<'c, 'a>>,
}

impl<'c, 'a> At<'c, 'a> {
    fn op(&self, op: BuildResult<Operation<'c>>) -> BuildResult<OperationRef<'c, 'a>> {
        Ok(match self.before {
            Some(anchor) => self.block.insert_operation_before(anchor, op?),
            None => self.block.append_operation(op?),
        })
    }

    fn value(&self, op: BuildResult<Operation<'c>>) -> BuildResult<Value<'c, 'a>> {
        Ok(self.op(op)?.result(0).map_err(internal)?.into())
    }

    fn index(&self, value: i64) -> BuildResult<Value<'c, 'a>> {
        self.value(index_constant(self.context, self.location, value))
    }

    fn binary(&self, name: &str, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> BuildResult<Value<'c, 'a>> {
        self.value(scalar(self.location, name, &[lhs, rhs], lhs.r#type()))
    }

    /// `lhs + constant`.
    fn plus(&self, lhs: Value<'c, 'a>, constant: i64) -> BuildResult<Value<'c, 'a>> {
        if constant == 0 {
            return Ok(lhs);
        }
        self.binary("arith.addi", lhs, self.index(constant)?)
    }

    /// `lhs * constant`.
    fn times(&self, lhs: Value<'c, 'a>, constant: i64) -> BuildResult<Value<'c, 'a>> {
        self.binary("arith.muli", lhs, self.index(constant)?)
    }

    /// The elements of a 1-D vector.
    fn elements(&self, vector: Value<'c, 'a>, count: i64, element: Type<'c>) -> BuildResult<Vec<Value<'c, 'a>>> {
        (0..count).map(|p| self.value(vector_extract(self.location, vector, p, element))).collect()
    }
}

/// The indices of `C[batch.., i, j]` (or A's, B's).
fn at<'c, 'a>(batch: &[Value<'c, 'a>], i: Value<'c, 'a>, j: Value<'c, 'a>) -> Vec<Value<'c, 'a>> {
    let mut indices = batch.to_vec();
    indices.extend([i, j]);
    indices
}

/// `count` consecutive elements of `memref` (of type `element`) at
/// `indices`, one aligned vector load, as f32 (widened when narrow).
fn load_widened<'c, 'a>(at: &At<'c, 'a>, memref: Value<'c, 'a>, indices: &[Value<'c, 'a>], element: Type<'c>, count: i64) -> BuildResult<Value<'c, 'a>> {
    let f32 = Type::float32(at.context);
    let bytes = if element == f32 { 4 } else { 2 };
    let value = at.value(vector_load_aligned(at.location, memref, indices, vector_type(element, &[count]), count * bytes))?;
    if element == f32 {
        return Ok(value);
    }
    at.value(scalar(at.location, "arith.extf", &[value], vector_type(f32, &[count])))
}

fn argument<'c, 'a>(block: BlockRef<'c, 'a>, index: usize) -> BuildResult<Value<'c, 'a>> {
    Ok(block.argument(index).map_err(internal)?.into())
}

/// The product's launch, inserted before its `linalg.generic`: 256 threads
/// per block, `blocks` along x (columns) and y (rows), the batch along z,
/// and one shared buffer of `words` elements of `element`.
fn insert_launch<'c, 'a>(product: &Product<'c, 'a>, blocks: [i64; 2], element: Type<'c>, words: i64) -> BuildResult<OperationRef<'c, 'a>> {
    let generic = product.generic;
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(generic.context());
    let location = generic.location();
    let host = At { context, location, block: generic.block().ok_or("internal error: linalg.generic outside a block")?, before: Some(generic) };
    let i64_type: Type = IntegerType::new(context, 64).into();
    let workgroup = MemRefType::new(element, &[words], None, Some(IntegerAttribute::new(i64_type, 3).into())).into();
    let batch: i64 = product.batch.iter().product();
    let grid = [host.index(blocks[0])?, host.index(blocks[1])?, host.index(batch)?];
    let one = host.index(1)?;
    let threads = [host.index(THREADS)?, one, one];
    host.op(gpu_launch_with_workgroup(context, location, grid, threads, &[workgroup]))
}

/// What a kernel body starts from: its emitter (before the terminator),
/// the block's x and y ids, the thread id, the shared buffer and the batch
/// indices (from the z id, the innermost batch dimension fastest).
struct Ids<'c, 'k> {
    kernel: At<'c, 'k>,
    block_x: Value<'c, 'k>,
    block_y: Value<'c, 'k>,
    tid: Value<'c, 'k>,
    shared: Value<'c, 'k>,
    batch_index: Vec<Value<'c, 'k>>,
}

fn kernel_ids<'c, 'k>(context: &'c Context, location: Location<'c>, block: BlockRef<'c, 'k>, batch: &[i64]) -> BuildResult<Ids<'c, 'k>> {
    let kernel = At { context, location, block, before: block.terminator() };
    let block_z = argument(block, 2)?;
    let mut batch_index = vec![block_z; batch.len()];
    let mut rest = block_z;
    for d in (0..batch.len()).rev() {
        if d == 0 {
            batch_index[d] = rest;
        } else {
            let size = kernel.index(batch[d])?;
            batch_index[d] = kernel.binary("arith.remui", rest, size)?;
            rest = kernel.binary("arith.divui", rest, size)?;
        }
    }
    Ok(Ids { block_x: argument(block, 0)?, block_y: argument(block, 1)?, tid: argument(block, 3)?, shared: argument(block, 12)?, batch_index, kernel })
}

/// Replaces the product's `linalg.generic` by a block-tiled kernel.
fn emit<'c>(product: Product<'c, '_>, (bm, bn): (i64, i64)) -> BuildResult<()> {
    let generic = product.generic;
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(generic.context());
    let location = generic.location();
    let f32 = Type::float32(context);

    // Shared memory: the transposed A tile (BK rows of BM + PAD floats),
    // then the B tile (BK rows of BN).
    let a_row = bm + PAD;
    let b_base = BK * a_row;
    let launch = insert_launch(&product, [product.n / bn, product.m / bm], f32, b_base + BK * bn)?;
    let kernel_block = launch.region(0).map_err(internal)?.first_block().ok_or("internal error: gpu.launch without body")?;
    let Ids { kernel, block_x, block_y, tid, shared, batch_index } = kernel_ids(context, location, kernel_block, &product.batch)?;

    let sixteen = kernel.index(16)?;
    let tx = kernel.binary("arith.remui", tid, sixteen)?;
    let ty = kernel.binary("arith.divui", tid, sixteen)?;
    let m0 = kernel.times(block_y, bm)?;
    let n0 = kernel.times(block_x, bn)?;

    // The thread's sub-tile: (BM/16) x (BN/16) outputs, in groups of 4
    // adjacent rows (columns), the groups BM/groups apart.
    let (tm, tn) = (bm / 16, bn / 16);
    let (groups_m, groups_n) = (tm / 4, tn / 4);
    let ty4 = kernel.times(ty, 4)?;
    let tx4 = kernel.times(tx, 4)?;
    let row_base: Vec<Value> = (0..groups_m).map(|g| kernel.plus(ty4, g * (bm / groups_m))).collect::<BuildResult<_>>()?;
    let column_base: Vec<Value> = (0..groups_n).map(|g| kernel.plus(tx4, g * (bn / groups_n))).collect::<BuildResult<_>>()?;

    // Who loads what of a slice: A is BM x 8, `va` consecutive elements
    // along k per thread; B is 8 x BN, `vb` consecutive along j.
    let (va, vb) = (bm * BK / THREADS, bn * BK / THREADS);
    let a_threads_per_row = BK / va;
    let a_load_row = kernel.binary("arith.divui", tid, kernel.index(a_threads_per_row)?)?;
    let a_load_k = kernel.times(kernel.binary("arith.remui", tid, kernel.index(a_threads_per_row)?)?, va)?;
    let b_threads_per_row = bn / vb;
    let b_load_k = kernel.binary("arith.divui", tid, kernel.index(b_threads_per_row)?)?;
    let b_load_column = kernel.times(kernel.binary("arith.remui", tid, kernel.index(b_threads_per_row)?)?, vb)?;
    let a_global_row = kernel.binary("arith.addi", m0, a_load_row)?;
    let b_global_column = kernel.binary("arith.addi", n0, b_load_column)?;
    let vector = |count: i64, element| vector_type(element, &[count]);

    // Initial accumulators: C's values.
    let mut initial = Vec::new();
    let mut c_rows = Vec::new();
    for g in 0..groups_m {
        for r in 0..4 {
            c_rows.push(kernel.binary("arith.addi", m0, kernel.plus(row_base[g as usize], r)?)?);
        }
    }
    let c_columns: Vec<Value> =
        column_base.iter().map(|&base| kernel.binary("arith.addi", n0, base)).collect::<BuildResult<_>>()?;
    for &row in &c_rows {
        for &column in &c_columns {
            let loaded = kernel.value(vector_load_aligned(location, product.c, &at(&batch_index, row, column), vector(4, f32), 16))?;
            initial.extend(kernel.elements(loaded, 4, f32)?);
        }
    }
    // The first slice, into registers.
    let a_first = load_widened(&kernel, product.a, &at(&batch_index, a_global_row, a_load_k), product.element, va)?;
    let b_first = load_widened(&kernel, product.b, &at(&batch_index, b_load_k, b_global_column), product.element, vb)?;

    let mut carried = initial.clone();
    carried.extend([a_first, b_first]);
    let (k_start, k_end, k_step) = (kernel.index(0)?, kernel.index(product.k)?, kernel.index(BK)?);
    let k_last = kernel.index(product.k - BK)?;
    let lp = kernel.op(scf_for_unterminated(location, [k_start, k_end, k_step], &carried))?;
    let lp_block = lp.region(0).map_err(internal)?.first_block().ok_or("internal error: scf.for without body")?;
    {
        let body = At { context, location, block: lp_block, before: None };
        let k0 = argument(lp_block, 0)?;
        let accumulators: Vec<Value> = (0..initial.len()).map(|i| argument(lp_block, 1 + i)).collect::<BuildResult<_>>()?;
        let a_registers = argument(lp_block, 1 + initial.len())?;
        let b_registers = argument(lp_block, 2 + initial.len())?;
        // Everyone is done reading the previous slice; store this one.
        body.op(gpu_barrier(location))?;
        let a_values = body.elements(a_registers, va, f32)?;
        for (c, value) in a_values.into_iter().enumerate() {
            // As[(k + c) * a_row + row]
            let k = body.plus(a_load_k, c as i64)?;
            let index = body.binary("arith.addi", body.times(k, a_row)?, a_load_row)?;
            body.op(memref_store(location, value, shared, &[index]))?;
        }
        let b_index = body.plus(body.binary("arith.addi", body.times(b_load_k, bn)?, b_load_column)?, b_base)?;
        body.op(vector_store_aligned(location, b_registers, shared, &[b_index], vb * 4))?;
        body.op(gpu_barrier(location))?;
        // The next slice (the last one again on the last step).
        let next = body.value(scalar(location, "arith.minsi", &[body.binary("arith.addi", k0, k_step)?, k_last], Type::index(context)))?;
        let a_next = load_widened(&body, product.a, &at(&batch_index, a_global_row, body.binary("arith.addi", next, a_load_k)?), product.element, va)?;
        let b_next = load_widened(&body, product.b, &at(&batch_index, body.binary("arith.addi", next, b_load_k)?, b_global_column), product.element, vb)?;
        // The multiply-adds of this slice.
        let mut sums = accumulators;
        for kk in 0..BK {
            let mut a = Vec::new();
            for &base in &row_base {
                let index = body.plus(base, kk * a_row)?;
                let loaded = body.value(vector_load_aligned(location, shared, &[index], vector(4, f32), 16))?;
                a.extend(body.elements(loaded, 4, f32)?);
            }
            let mut b = Vec::new();
            for &base in &column_base {
                let index = body.plus(base, b_base + kk * bn)?;
                let loaded = body.value(vector_load_aligned(location, shared, &[index], vector(4, f32), 16))?;
                b.extend(body.elements(loaded, 4, f32)?);
            }
            for r in 0..tm as usize {
                for c in 0..tn as usize {
                    let p = body.value(scalar_with_attributes(location, "arith.mulf", &[a[r], b[c]], f32, &product.mul_attributes))?;
                    let s = &mut sums[r * tn as usize + c];
                    let operands = if product.accumulator_first { [*s, p] } else { [p, *s] };
                    *s = body.value(scalar_with_attributes(location, "arith.addf", &operands, f32, &product.add_attributes))?;
                }
            }
        }
        let mut yielded = sums;
        yielded.extend([a_next, b_next]);
        body.op(terminator(location, "scf.yield", &yielded))?;
    }

    // The sub-tile back to C.
    let results: Vec<Value> = (0..initial.len()).map(|i| lp.result(i).map(Into::into).map_err(internal)).collect::<BuildResult<_>>()?;
    let mut chunks = results.chunks(4);
    for &row in &c_rows {
        for &column in &c_columns {
            let chunk = chunks.next().ok_or("internal error: accumulator count")?;
            let stored = kernel.value(vector_from_elements(location, chunk, vector(4, f32)))?;
            kernel.op(vector_store_aligned(location, stored, product.c, &at(&batch_index, row, column), 16))?;
        }
    }
    // SAFETY: the generic has no results; the launch replaces it.
    unsafe { mlir_sys::mlirOperationDestroy(generic.to_raw()) };
    Ok(())
}

/// A fragment register of the tensor-core kernel from the i32 (two
/// elements) that `nvvm.ldmatrix` gives: the i32 itself for bf16 (what
/// `nvvm.mma.sync` takes), `vector<2xf16>` for f16.
fn fragment<'c, 'a>(at: &At<'c, 'a>, word: Value<'c, 'a>, bf16: bool) -> BuildResult<Value<'c, 'a>> {
    if bf16 {
        return Ok(word);
    }
    let i32_type: Type = IntegerType::new(at.context, 32).into();
    let vector = at.value(vector_from_elements(at.location, &[word], vector_type(i32_type, &[1])))?;
    at.value(vector_bitcast(at.location, vector, vector_type(Type::float16(at.context), &[2])))
}

/// The four i32 registers an `nvvm.ldmatrix` (x4) gives each thread, from
/// the element offset `offset` of the shared buffer at address `base`.
fn load_matrices<'c, 'a>(at: &At<'c, 'a>, base: Value<'c, 'a>, offset: Value<'c, 'a>, transposed: bool) -> BuildResult<Vec<Value<'c, 'a>>> {
    let i64_type: Type = IntegerType::new(at.context, 64).into();
    let i32_type: Type = IntegerType::new(at.context, 32).into();
    // 16-bit elements: 2 bytes each.
    let address = at.binary("arith.addi", base, at.times(offset, 2)?)?;
    let address = at.value(scalar(at.location, "arith.index_cast", &[address], i64_type))?;
    let pointer = at.value(llvm_int_to_pointer(at.location, address, llvm_pointer_type(at.context, 3)))?;
    let matrices = at.value(nvvm_ldmatrix_x4(at.location, pointer, transposed))?;
    (0..4).map(|q| at.value(llvm_extract_value(at.location, matrices, q, i32_type))).collect()
}

/// Replaces the product's `linalg.generic` by a kernel on the tensor cores
/// (`nvvm.mma.sync` m16n8k16, f32 accumulators).
///
/// A block of 8 warps computes a 128x128 tile of C; warp `w` the 64x32
/// part at rows `64 (w / 4)`, columns `32 (w % 4)`: 4 x 4 mma tiles of
/// 16x8, 64 accumulators per thread. For each step of 32 along K the block
/// stages A (`[m][k]`) and B (`[k][n]`) in shared memory with 16-byte
/// copies (the next step's global loads issued into registers first), and
/// each warp runs two k16 steps of 16 mma each. The fragments come from
/// `nvvm.ldmatrix` (x4): one per 16x16 tile of A, and one transposed per
/// two 16x8 tiles of B (row-major in shared memory, so its transpose is
/// the column-major fragment). They follow the PTX ISA's layout for
/// m16n8k16 (lane = 4 g + t): A's registers hold rows g and g + 8, columns
/// 2t, 2t + 1 (+ 8); B's rows 2t, 2t + 1 (+ 8) of column g; C's rows g and
/// g + 8, columns 2t, 2t + 1. Rows in shared memory are padded (A: 32 + 8
/// elements, B: 128 + 8) so that the 8 rows an ldmatrix phase reads fall in
/// distinct banks.
fn emit_tensor_cores(product: Product) -> BuildResult<()> {
    let generic = product.generic;
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(generic.context());
    let location = generic.location();
    let f32 = Type::float32(context);
    let element = product.element;
    let bf16 = element == Type::bfloat16(context);

    let b_base = MMA_TILE * MMA_A_ROW;
    let launch = insert_launch(&product, [product.n / MMA_TILE, product.m / MMA_TILE], element, b_base + MMA_BK * MMA_B_ROW)?;
    let kernel_block = launch.region(0).map_err(internal)?.first_block().ok_or("internal error: gpu.launch without body")?;
    let Ids { kernel, block_x, block_y, tid, shared, batch_index } = kernel_ids(context, location, kernel_block, &product.batch)?;

    let lane = kernel.binary("arith.remui", tid, kernel.index(32)?)?;
    let warp = kernel.binary("arith.divui", tid, kernel.index(32)?)?;
    let g = kernel.binary("arith.divui", lane, kernel.index(4)?)?;
    let two_t = kernel.times(kernel.binary("arith.remui", lane, kernel.index(4)?)?, 2)?;
    let warp_m = kernel.times(kernel.binary("arith.divui", warp, kernel.index(4)?)?, 64)?;
    let warp_n = kernel.times(kernel.binary("arith.remui", warp, kernel.index(4)?)?, 32)?;
    let m0 = kernel.times(block_y, MMA_TILE)?;
    let n0 = kernel.times(block_x, MMA_TILE)?;

    // Staging: each thread copies two 8-element chunks of A (rows tid / 4
    // and 64 more, columns 8 (tid % 4)) and two of B (rows tid / 16 and 16
    // more, columns 8 (tid % 16)).
    let a_row = kernel.binary("arith.divui", tid, kernel.index(4)?)?;
    let a_k = kernel.times(kernel.binary("arith.remui", tid, kernel.index(4)?)?, 8)?;
    let b_k = kernel.binary("arith.divui", tid, kernel.index(16)?)?;
    let b_column = kernel.times(kernel.binary("arith.remui", tid, kernel.index(16)?)?, 8)?;
    let a_rows = [kernel.binary("arith.addi", m0, a_row)?, kernel.binary("arith.addi", m0, kernel.plus(a_row, 64)?)?];
    let b_rows = [b_k, kernel.plus(b_k, 16)?];
    let b_global_column = kernel.binary("arith.addi", n0, b_column)?;
    let chunk = vector_type(element, &[8]);
    let a_shared: [Value; 2] = [
        kernel.binary("arith.addi", kernel.times(a_row, MMA_A_ROW)?, a_k)?,
        kernel.binary("arith.addi", kernel.times(kernel.plus(a_row, 64)?, MMA_A_ROW)?, a_k)?,
    ];
    let b_shared: [Value; 2] = [
        kernel.plus(kernel.binary("arith.addi", kernel.times(b_rows[0], MMA_B_ROW)?, b_column)?, b_base)?,
        kernel.plus(kernel.binary("arith.addi", kernel.times(b_rows[1], MMA_B_ROW)?, b_column)?, b_base)?,
    ];

    // ldmatrix addresses: lane 8q + r points at row r of matrix q; matrix
    // q is 8 rows further when q is odd (A) or 8 of K further (B, [k][n]),
    // and 8 columns further when q >= 2.
    let shared_base = kernel.value(memref_aligned_pointer(location, shared))?;
    let quarter = kernel.binary("arith.divui", lane, kernel.index(8)?)?;
    let row_in_matrix = kernel.binary("arith.remui", lane, kernel.index(8)?)?;
    let odd = kernel.binary("arith.remui", quarter, kernel.index(2)?)?;
    let upper = kernel.binary("arith.divui", quarter, kernel.index(2)?)?;
    let lane_row = kernel.binary("arith.addi", row_in_matrix, kernel.times(odd, 8)?)?;
    let lane_column = kernel.times(upper, 8)?;
    // A[warp_m + lane_row][lane_column], B[lane_row][warp_n + lane_column].
    let a_lane = kernel.binary(
        "arith.addi",
        kernel.times(kernel.binary("arith.addi", warp_m, lane_row)?, MMA_A_ROW)?,
        lane_column,
    )?;
    let b_lane = kernel.binary(
        "arith.addi",
        kernel.times(lane_row, MMA_B_ROW)?,
        kernel.binary("arith.addi", warp_n, lane_column)?,
    )?;
    // C's elements of the thread: rows g (+ 8), columns 2t, 2t + 1 of each
    // mma tile; accumulators ordered [mi][ni][half][2].
    let mut c_places = Vec::new();
    for mi in 0..4 {
        for ni in 0..4 {
            for half in 0..2 {
                let row = kernel.binary("arith.addi", m0, kernel.plus(kernel.binary("arith.addi", warp_m, g)?, mi * 16 + half * 8)?)?;
                let column = kernel.binary("arith.addi", n0, kernel.plus(kernel.binary("arith.addi", warp_n, two_t)?, ni * 8)?)?;
                c_places.push((row, column));
            }
        }
    }
    let pair_f32 = vector_type(f32, &[2]);
    let mut initial = Vec::new();
    for &(row, column) in &c_places {
        let loaded = kernel.value(vector_load_aligned(location, product.c, &at(&batch_index, row, column), pair_f32, 8))?;
        initial.extend(kernel.elements(loaded, 2, f32)?);
    }
    let mut first = Vec::new();
    for &row in &a_rows {
        first.push(kernel.value(vector_load_aligned(location, product.a, &at(&batch_index, row, a_k), chunk, 16))?);
    }
    for &row in &b_rows {
        first.push(kernel.value(vector_load_aligned(location, product.b, &at(&batch_index, row, b_global_column), chunk, 16))?);
    }

    let mut carried = initial.clone();
    carried.extend(first.iter().copied());
    let (k_start, k_end, k_step) = (kernel.index(0)?, kernel.index(product.k)?, kernel.index(MMA_BK)?);
    let k_last = kernel.index(product.k - MMA_BK)?;
    let lp = kernel.op(scf_for_unterminated(location, [k_start, k_end, k_step], &carried))?;
    let lp_block = lp.region(0).map_err(internal)?.first_block().ok_or("internal error: scf.for without body")?;
    {
        let body = At { context, location, block: lp_block, before: None };
        let k0 = argument(lp_block, 0)?;
        let mut sums: Vec<Value> = (0..initial.len()).map(|i| argument(lp_block, 1 + i)).collect::<BuildResult<_>>()?;
        let registers: Vec<Value> = (0..4).map(|i| argument(lp_block, 1 + initial.len() + i)).collect::<BuildResult<_>>()?;
        body.op(gpu_barrier(location))?;
        for (value, &index) in registers.iter().zip(a_shared.iter().chain(b_shared.iter())) {
            body.op(vector_store_aligned(location, *value, shared, &[index], 16))?;
        }
        body.op(gpu_barrier(location))?;
        let next = body.value(scalar(location, "arith.minsi", &[body.binary("arith.addi", k0, k_step)?, k_last], Type::index(context)))?;
        let mut next_registers = Vec::new();
        let next_a_k = body.binary("arith.addi", next, a_k)?;
        for &row in &a_rows {
            next_registers.push(body.value(vector_load_aligned(location, product.a, &at(&batch_index, row, next_a_k), chunk, 16))?);
        }
        for &row in &b_rows {
            let k = body.binary("arith.addi", next, row)?;
            next_registers.push(body.value(vector_load_aligned(location, product.b, &at(&batch_index, k, b_global_column), chunk, 16))?);
        }
        for ks in [0, 16] {
            // A: one ldmatrix per 16x16 tile (matrices: rows +0/+8, columns
            // +0/+8), B: one transposed ldmatrix per two 16x8 tiles.
            let mut a_fragments = Vec::new();
            for mi in 0..4 {
                let offset = body.plus(a_lane, mi * 16 * MMA_A_ROW + ks)?;
                let words = load_matrices(&body, shared_base, offset, false)?;
                a_fragments.push(words.into_iter().map(|w| fragment(&body, w, bf16)).collect::<BuildResult<Vec<_>>>()?);
            }
            let mut b_fragments = Vec::new();
            for pair_of_tiles in 0..2 {
                let offset = body.plus(b_lane, b_base + ks * MMA_B_ROW + pair_of_tiles * 16)?;
                let words = load_matrices(&body, shared_base, offset, true)?;
                let words: Vec<Value> = words.into_iter().map(|w| fragment(&body, w, bf16)).collect::<BuildResult<_>>()?;
                b_fragments.push(vec![words[0], words[1]]);
                b_fragments.push(vec![words[2], words[3]]);
            }
            for mi in 0..4 {
                for ni in 0..4 {
                    let base = (mi * 4 + ni) * 4;
                    let a = &a_fragments[mi];
                    let b = &b_fragments[ni];
                    let d = body.value(nvvm_mma_m16n8k16(
                        location,
                        [a[0], a[1], a[2], a[3]],
                        [b[0], b[1]],
                        [sums[base], sums[base + 1], sums[base + 2], sums[base + 3]],
                        bf16,
                    ))?;
                    for q in 0..4 {
                        sums[base + q] = body.value(llvm_extract_value(location, d, q as i64, f32))?;
                    }
                }
            }
        }
        let mut yielded = sums;
        yielded.extend(next_registers);
        body.op(terminator(location, "scf.yield", &yielded))?;
    }

    let results: Vec<Value> = (0..initial.len()).map(|i| lp.result(i).map(Into::into).map_err(internal)).collect::<BuildResult<_>>()?;
    for (&(row, column), values) in c_places.iter().zip(results.chunks(2)) {
        let stored = kernel.value(vector_from_elements(location, values, pair_f32))?;
        kernel.op(vector_store_aligned(location, stored, product.c, &at(&batch_index, row, column), 8))?;
    }
    // SAFETY: the generic has no results; the launch replaces it.
    unsafe { mlir_sys::mlirOperationDestroy(generic.to_raw()) };
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_block_tiles_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            if !ENABLED.load(std::sync::atomic::Ordering::Relaxed) {
                return;
            }
            let generics = super::outermost_host_ops(module, "linalg.generic");
            for raw in generics {
                // SAFETY: collected above from the live module; each rewrite
                // replaces only its own op.
                let generic = unsafe { OperationRef::from_raw(raw) };
                let Some(product) = match_product(generic) else { continue };
                let location = generic.location();
                let result = if fits_tensor_cores(&product) {
                    emit_tensor_cores(product)
                } else if let Some(tile) = choose_tile(&product) {
                    emit(product, tile)
                } else {
                    continue;
                };
                if let Err(message) = result {
                    crate::diagnostics::emit_error(location, &message);
                    pass.signal_failure();
                    return;
                }
            }
        },
        "XlaGpuBlockTiles",
        "xla-gpu-block-tiles",
        "Matrix products (f32, or bf16/f16 accumulated in f32) as block-tiled kernels through shared memory",
        "builtin.module",
    )
}
