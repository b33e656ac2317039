//! `xla-contraction-kernels`: f32 contractions on buffers (matmul, batch
//! matmul, dot_general up to transposition, convolution) as register-tiled
//! vector micro-kernels.
//!
//! Our lowering writes `dot_general` and `convolution` as one
//! `linalg.generic` that accumulates `lhs * rhs` into its output. Lowered to
//! scalar loops, LLVM vectorizes the innermost (output feature) loop but
//! loads and stores the accumulators of every iteration: about 40% of the
//! machine's FMA throughput. This pass, run after bufferization, replaces
//! each such generic by loops over tiles of `MR` rows × `NR = 16·NV` columns
//! of the output, the register tile: the `MR·NV` accumulators
//! (`vector<16xf32>`) are loaded once, carried through the reduction loops
//! as `scf.for` iter_args, and stored once. Each step of the innermost
//! reduction loop loads `NV` vectors of the right-hand side and broadcasts
//! `MR` scalars of the left-hand side, then issues `MR·NV` independent
//! `vector.fma`s, which keeps the FMA units busy (8 × 2 vectors: 16
//! accumulators, 2 loads and 8 broadcasts for 16 FMAs).
//!
//! Which loops are which comes from the indexing maps (any affine maps on
//! the operands, so a convolution's `oh + kh` windows are fine):
//!
//! - `j`, vectorized: the output's innermost dimension, used by exactly one
//!   input (called B here) and not by the other (A);
//! - `i`, the register rows: a parallel loop used by A and not by B, the
//!   one innermost in the output (none: one row, as for `vector @ matrix`);
//! - the reduction loops, nested in their order, innermost in the tile;
//! - the other parallel loops (batch, further free dimensions), outermost.
//!
//! B is read with vector loads when `j` is its innermost, unit-stride
//! dimension. Otherwise (a transposed operand such as `x @ w.T`) B is first
//! copied, for each value of the outer loops that B uses, into a dense
//! buffer indexed `[reduction loops..., j]`. Remainders get their own tiles:
//! fewer rows, and masked loads and stores (`vector.maskedload`) on the
//! last columns, so every shape is handled.
//!
//! Each output element is still the sum of its products in loop order (now
//! with fused multiply-adds); the output's initial value is accumulated
//! into, as `linalg.generic` specifies.
//!
//! Matched: a `linalg.generic` on statically shaped f32 memrefs with two
//! inputs and one output, reduction iterators, the body `out + in0 * in1`
//! (`arith.mulf` then `arith.addf`, either operand order), and an output
//! map that is a permutation of the parallel loops whose innermost
//! dimension has unit stride. Everything else keeps the generic loops.
//!
//! The kernel is generated as MLIR text for the op's static shapes, parsed,
//! and spliced in place of the generic (the function's arguments replaced
//! by the generic's operands): the one place outside `builders.rs` that
//! spells upstream op names, because a page of loops reads better as the IR
//! it produces.
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
        r#type::TypeId,
    },
    pass::{ExternalPass, Pass, create_external},
};
use std::collections::BTreeMap;
use std::fmt::Write;

#[repr(align(8))]
struct ContractionKernelsId;
static CONTRACTION_KERNELS_ID: ContractionKernelsId = ContractionKernelsId;

/// f32 lanes of one vector (an AVX-512 register; LLVM splits it elsewhere).
const LANES: i64 = 16;

/// One result of an indexing map: its text (`d1 + d3`), the loop it is if it
/// is a plain loop index, and the loops it uses.
#[derive(Clone, Debug)]
struct IndexExpr {
    text: String,
    dim: Option<usize>,
    uses: Vec<usize>,
}

/// A matched contraction and its loop roles.
#[derive(Debug)]
struct Contraction {
    extents: Vec<i64>,
    /// Which input (0 or 1) is A (broadcast) and which is B (vector loads).
    a_input: usize,
    a_map: Vec<IndexExpr>,
    b_map: Vec<IndexExpr>,
    /// The output's loop per dimension.
    c_dims: Vec<usize>,
    j: usize,
    i: Option<usize>,
    reductions: Vec<usize>,
    /// Outer parallel loops that B uses, then the others.
    outer_b: Vec<usize>,
    outer_rest: Vec<usize>,
    /// Copy B into a dense `[reductions..., j]` buffer first.
    pack: bool,
    types: [String; 3],
}

fn op_name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_owned()
}

/// Static shape and strides of an f32 memref type, or `None`.
fn f32_memref(ty: Type) -> Option<(Vec<i64>, Vec<i64>)> {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type; the queries below apply to memref types
    // only, which is checked first, and the stride buffer has `rank` slots.
    unsafe {
        if !mlir_sys::mlirTypeIsAMemRef(raw) || !mlir_sys::mlirShapedTypeHasStaticShape(raw) {
            return None;
        }
        if !mlir_sys::mlirTypeIsAF32(mlir_sys::mlirShapedTypeGetElementType(raw)) {
            return None;
        }
        let rank = mlir_sys::mlirShapedTypeGetRank(raw) as usize;
        let shape: Vec<i64> = (0..rank).map(|d| mlir_sys::mlirShapedTypeGetDimSize(raw, d as isize)).collect();
        let mut strides = vec![0i64; rank];
        let mut offset = 0i64;
        let result = mlir_sys::mlirMemRefTypeGetStridesAndOffset(raw, strides.as_mut_ptr(), &mut offset);
        if result.value == 0 {
            return None;
        }
        Some((shape, strides))
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
            results.push(IndexExpr { text, dim, uses });
        }
        Some(results)
    }
}

fn is_block_argument(value: Value, block: &melior::ir::BlockRef, index: usize) -> bool {
    block.argument(index).is_ok_and(|argument| argument.to_raw().ptr == value.to_raw().ptr)
}

/// Whether the body is `yield out + in0 * in1` (operands in either order).
fn is_multiply_accumulate(op: &OperationRef) -> bool {
    let Some(body) = op.region(0).ok().and_then(|r| r.first_block()) else { return false };
    if body.argument_count() != 3 {
        return false;
    }
    let mut ops = Vec::new();
    let mut next = body.first_operation();
    while let Some(inner) = next {
        ops.push(inner);
        next = inner.next_in_block();
    }
    let [multiply, add, terminator] = ops.as_slice() else { return false };
    if op_name(multiply) != "arith.mulf" || op_name(add) != "arith.addf" || op_name(terminator) != "linalg.yield" {
        return false;
    }
    let factors: Vec<Value> = multiply.operands().collect();
    let factors_ok = factors.len() == 2
        && ((is_block_argument(factors[0], &body, 0) && is_block_argument(factors[1], &body, 1))
            || (is_block_argument(factors[0], &body, 1) && is_block_argument(factors[1], &body, 0)));
    let Ok(product) = multiply.result(0) else { return false };
    let terms: Vec<Value> = add.operands().collect();
    let is_product = |v: &Value| v.to_raw().ptr == product.to_raw().ptr;
    let terms_ok = terms.len() == 2
        && ((is_block_argument(terms[0], &body, 2) && is_product(&terms[1]))
            || (is_product(&terms[0]) && is_block_argument(terms[1], &body, 2)));
    let Ok(sum) = add.result(0) else { return false };
    let yields: Vec<Value> = terminator.operands().collect();
    factors_ok && terms_ok && yields.len() == 1 && yields[0].to_raw().ptr == sum.to_raw().ptr
}

/// Matches `op` (a `linalg.generic`) and assigns the loop roles.
fn analyze(op: &OperationRef) -> Option<Contraction> {
    if op.operand_count() != 3 || op.result_count() != 0 || !is_multiply_accumulate(op) {
        return None;
    }
    let operands: Vec<Value> = op.operands().collect();
    let memrefs: Vec<(Vec<i64>, Vec<i64>)> = operands.iter().map(|v| f32_memref(v.r#type())).collect::<Option<_>>()?;
    let iterators = op.attribute("iterator_types").ok()?;
    let iterators = ArrayAttribute::try_from(iterators).ok()?;
    let loops = iterators.len();
    let is_reduction: Vec<bool> =
        (0..loops).map(|l| iterators.element(l).is_ok_and(|a| a.to_string().contains("reduction"))).collect();
    let maps = ArrayAttribute::try_from(op.attribute("indexing_maps").ok()?).ok()?;
    let maps: Vec<Vec<IndexExpr>> = (0..3).map(|m| maps.element(m).ok().and_then(|a| map_results(a, loops))).collect::<Option<_>>()?;
    for (map, (shape, _)) in maps.iter().zip(&memrefs) {
        if map.len() != shape.len() {
            return None;
        }
    }
    // Loop extents from the operands' plain-index dimensions.
    let mut extents = vec![-1i64; loops];
    for (map, (shape, _)) in maps.iter().zip(&memrefs) {
        for (expr, &size) in map.iter().zip(shape) {
            if let Some(d) = expr.dim {
                if extents[d] < 0 {
                    extents[d] = size;
                }
            }
        }
    }
    if extents.iter().any(|&e| e <= 0) || !is_reduction.iter().any(|&r| r) {
        return None;
    }
    // The output: each parallel loop once, innermost dimension unit stride.
    let c_dims: Vec<usize> = maps[2].iter().map(|e| e.dim).collect::<Option<_>>()?;
    let parallel: Vec<usize> = (0..loops).filter(|&l| !is_reduction[l]).collect();
    let mut sorted = c_dims.clone();
    sorted.sort_unstable();
    if sorted != parallel || memrefs[2].1.last() != Some(&1) {
        return None;
    }
    let j = *c_dims.last()?;
    let uses = |map: &[IndexExpr], d: usize| map.iter().any(|e| e.uses.contains(&d));
    let b_input = match (uses(&maps[0], j), uses(&maps[1], j)) {
        (true, false) => 0,
        (false, true) => 1,
        _ => return None,
    };
    let a_input = 1 - b_input;
    let (a_map, b_map) = (maps[a_input].clone(), maps[b_input].clone());
    // B read directly: j is its innermost dimension, unit stride, nowhere else.
    let direct = b_map.last().is_some_and(|e| e.dim == Some(j))
        && b_map.iter().filter(|e| e.uses.contains(&j)).count() == 1
        && memrefs[b_input].1.last() == Some(&1);
    let i = c_dims.iter().rev().copied().find(|&d| d != j && !uses(&b_map, d) && uses(&a_map, d));
    let reductions: Vec<usize> = (0..loops).filter(|&l| is_reduction[l]).collect();
    let outer: Vec<usize> = parallel.iter().copied().filter(|&d| d != j && Some(d) != i).collect();
    let (outer_b, outer_rest) = outer.into_iter().partition(|&d| uses(&b_map, d));
    let types = [
        operands[a_input].r#type().to_string(),
        operands[b_input].r#type().to_string(),
        operands[2].r#type().to_string(),
    ];
    Some(Contraction { extents, a_input, a_map, b_map, c_dims, j, i, reductions, outer_b, outer_rest, pack: !direct, types })
}

/// The register tile: `MR` rows by `NV` vectors of 16 lanes.
fn tile_sizes(c: &Contraction) -> (i64, i64) {
    let rows = c.i.map_or(1, |i| c.extents[i]);
    let vectors = (c.extents[c.j] + LANES - 1) / LANES;
    if let Some((mr, nv)) = std::env::var("XLA_CONTRACTION_TILE").ok().and_then(|t| {
        let (a, b) = t.split_once(',')?;
        Some((a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?))
    }) {
        return (mr.clamp(1, rows), nv.clamp(1, vectors));
    }
    let nv = vectors.min(if rows <= 2 { 4 } else { 2 });
    let mr = if nv >= 2 { 8 } else { 16 };
    (mr.min(rows), nv)
}

/// Text of the kernel function, with arguments `%A`, `%B`, `%C`.
struct Emitter<'a> {
    c: &'a Contraction,
    body: String,
    constants: BTreeMap<i64, String>,
    next: usize,
    indent: usize,
    /// SSA value of each loop index in the current scope.
    dims: Vec<String>,
    /// The B operand's name, type and map as the tile reads it.
    b_name: String,
    b_type: String,
    b_map: Vec<IndexExpr>,
}

const VECTOR: &str = "vector<16xf32>";

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
        let name = format!("%c{value}");
        self.constants.entry(value).or_insert_with(|| name.clone());
        name
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
            let line = format!(
                "{name} = affine.apply affine_map<({}) -> ({})>({})",
                params.join(", "),
                expr.text,
                operands.join(", ")
            );
            self.line(&line);
            names.push(name);
        }
        names.join(", ")
    }

    /// `scf.for %iv = 0 to upper step step {` (the caller closes it).
    fn open_for(&mut self, upper: i64, step: i64) -> String {
        let (zero, upper, step) = (self.index(0), self.index(upper), self.index(step));
        let iv = self.fresh("i");
        self.line(&format!("scf.for {iv} = {zero} to {upper} step {step} {{"));
        self.indent += 1;
        iv
    }

    fn close(&mut self) {
        self.indent -= 1;
        self.line("}");
    }

    /// One register tile of `mr` rows (from `row`) and `nv` vectors (from
    /// `column`); the last vector has `last_lanes` valid lanes.
    fn tile(&mut self, row: Option<&str>, mr: i64, column: &str, nv: i64, last_lanes: i64) {
        let c = self.c;
        let rows: Vec<String> = (0..mr).map(|r| row.map_or_else(String::new, |row| self.add(row, r))).collect();
        let columns: Vec<String> = (0..nv).map(|v| self.add(column, v * LANES)).collect();
        let mask = (last_lanes < LANES).then(|| {
            let name = self.fresh("mask");
            let lanes: Vec<&str> = (0..LANES).map(|l| if l < last_lanes { "true" } else { "false" }).collect();
            self.line(&format!("{name} = arith.constant dense<[{}]> : vector<16xi1>", lanes.join(", ")));
            name
        });
        let zeros = mask.as_ref().map(|_| {
            let name = self.fresh("zero");
            self.line(&format!("{name} = arith.constant dense<0.0> : {VECTOR}"));
            name
        });
        let masked = |v: i64| if v == nv - 1 { mask.clone() } else { None };
        let c_type = c.types[2].clone();
        // Load the accumulators.
        let mut accumulators = Vec::new();
        for r in 0..mr as usize {
            for v in 0..nv {
                if let Some(i) = c.i {
                    self.dims[i] = rows[r].clone();
                }
                self.dims[c.j] = columns[v as usize].clone();
                let map: Vec<IndexExpr> =
                    c.c_dims.iter().map(|&d| IndexExpr { text: String::new(), dim: Some(d), uses: vec![d] }).collect();
                let indices = self.indices(&map);
                let name = self.fresh("acc");
                let line = match masked(v) {
                    Some(mask) => format!(
                        "{name} = vector.maskedload %C[{indices}], {mask}, {} : {c_type}, vector<16xi1>, {VECTOR} into {VECTOR}",
                        zeros.as_deref().unwrap_or_default()
                    ),
                    None => format!("{name} = vector.load %C[{indices}] : {c_type}, {VECTOR}"),
                };
                self.line(&line);
                accumulators.push(name);
            }
        }
        let count = accumulators.len();
        let types = vec![VECTOR; count].join(", ");
        let result = |name: &str, k: usize| if count == 1 { name.to_owned() } else { format!("{name}#{k}") };
        // The reduction loops, carrying the accumulators.
        let mut carried = accumulators;
        let mut results = Vec::new();
        for &d in &c.reductions {
            let (zero, upper, one) = (self.index(0), self.index(c.extents[d]), self.index(1));
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
        for v in 0..nv {
            self.dims[c.j] = columns[v as usize].clone();
            let indices = self.indices(&b_map);
            let name = self.fresh("b");
            let line = match masked(v) {
                Some(mask) => format!(
                    "{name} = vector.maskedload {b_name}[{indices}], {mask}, {} : {b_type}, vector<16xi1>, {VECTOR} into {VECTOR}",
                    zeros.as_deref().unwrap_or_default()
                ),
                None => format!("{name} = vector.load {b_name}[{indices}] : {b_type}, {VECTOR}"),
            };
            self.line(&line);
            b_vectors.push(name);
        }
        let mut updated = Vec::new();
        for r in 0..mr as usize {
            if let Some(i) = c.i {
                self.dims[i] = rows[r].clone();
            }
            let indices = self.indices(&c.a_map);
            let scalar = self.fresh("s");
            self.line(&format!("{scalar} = memref.load %A[{indices}] : {}", c.types[0]));
            let splat = self.fresh("splat");
            self.line(&format!("{splat} = vector.broadcast {scalar} : f32 to {VECTOR}"));
            for (v, b) in b_vectors.iter().enumerate() {
                let name = self.fresh("fma");
                let accumulator = &carried[r * nv as usize + v];
                self.line(&format!("{name} = vector.fma {splat}, {b}, {accumulator} : {VECTOR}"));
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
        for r in 0..mr as usize {
            for v in 0..nv {
                if let Some(i) = c.i {
                    self.dims[i] = rows[r].clone();
                }
                self.dims[c.j] = columns[v as usize].clone();
                let map: Vec<IndexExpr> =
                    c.c_dims.iter().map(|&d| IndexExpr { text: String::new(), dim: Some(d), uses: vec![d] }).collect();
                let indices = self.indices(&map);
                let value = &sums[r * nv as usize + v as usize];
                let line = match masked(v) {
                    Some(mask) => format!("vector.maskedstore %C[{indices}], {mask}, {value} : {c_type}, vector<16xi1>, {VECTOR}"),
                    None => format!("vector.store {value}, %C[{indices}] : {c_type}, {VECTOR}"),
                };
                self.line(&line);
            }
        }
    }

    /// The columns of one row block: full tiles, then the remainder.
    fn columns(&mut self, row: Option<&str>, mr: i64, nv: i64) {
        let n = self.c.extents[self.c.j];
        let width = nv * LANES;
        let full = n - n % width;
        if full > 0 {
            let column = self.open_for(full, width);
            self.tile(row, mr, &column, nv, LANES);
            self.close();
        }
        let rest = n % width;
        if rest > 0 {
            let column = self.index(full);
            let vectors = (rest + LANES - 1) / LANES;
            self.tile(row, mr, &column, vectors, rest - (vectors - 1) * LANES);
        }
    }

    /// Copies B into the dense `[reductions..., j]` buffer `%packed`.
    fn pack(&mut self) {
        let c = self.c;
        let mut opened = 0;
        for &d in c.reductions.iter().chain([&c.j]) {
            let iv = self.open_for(c.extents[d], 1);
            self.dims[d] = iv;
            opened += 1;
        }
        let source = self.indices(&c.b_map);
        let value = self.fresh("v");
        self.line(&format!("{value} = memref.load %B[{source}] : {}", c.types[1]));
        let target: Vec<String> = c.reductions.iter().chain([&c.j]).map(|&d| self.dims[d].clone()).collect();
        self.line(&format!("memref.store {value}, %packed[{}] : {}", target.join(", "), self.b_type));
        for _ in 0..opened {
            self.close();
        }
    }

    fn function(mut self) -> String {
        let c = self.c;
        let (mr, nv) = tile_sizes(c);
        self.indent = 1;
        let zero = self.index(0);
        self.dims = vec![zero; c.extents.len()];
        if c.pack {
            let shape: Vec<String> = c.reductions.iter().chain([&c.j]).map(|&d| c.extents[d].to_string()).collect();
            self.b_type = format!("memref<{}xf32>", shape.join("x"));
            self.b_name = "%packed".into();
            self.b_map =
                c.reductions.iter().chain([&c.j]).map(|&d| IndexExpr { text: String::new(), dim: Some(d), uses: vec![d] }).collect();
            let b_type = self.b_type.clone();
            self.line(&format!("%packed = memref.alloc() {{alignment = 64 : i64}} : {b_type}"));
        } else {
            self.b_type = c.types[1].clone();
            self.b_name = "%B".into();
            self.b_map = c.b_map.clone();
        }
        let mut opened = 0;
        for &d in &c.outer_b {
            let iv = self.open_for(c.extents[d], 1);
            self.dims[d] = iv;
            opened += 1;
        }
        if c.pack {
            self.pack();
        }
        for &d in &c.outer_rest {
            let iv = self.open_for(c.extents[d], 1);
            self.dims[d] = iv;
            opened += 1;
        }
        match c.i {
            Some(i) => {
                let m = c.extents[i];
                let full = m - m % mr;
                if full > 0 {
                    let row = self.open_for(full, mr);
                    self.columns(Some(&row), mr, nv);
                    self.close();
                }
                if m % mr > 0 {
                    let row = self.index(full);
                    self.columns(Some(&row), m % mr, nv);
                }
            }
            None => self.columns(None, 1, nv),
        }
        for _ in 0..opened {
            self.close();
        }
        if c.pack {
            let b_type = self.b_type.clone();
            self.line(&format!("memref.dealloc %packed : {b_type}"));
        }
        self.line("return");
        let mut text = String::new();
        let _ = writeln!(text, "func.func private @contraction(%A: {}, %B: {}, %C: {}) {{", c.types[0], c.types[1], c.types[2]);
        for (value, name) in &self.constants {
            let _ = writeln!(text, "  {name} = arith.constant {value} : index");
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
        constants: BTreeMap::new(),
        next: 0,
        indent: 0,
        dims: Vec::new(),
        b_name: String::new(),
        b_type: String::new(),
        b_map: Vec::new(),
    };
    emitter.function()
}

/// Replaces `op` by the kernel; an error message if the text did not parse.
fn rewrite(op: OperationRef, c: &Contraction) -> Result<(), String> {
    // SAFETY: the context outlives the op and this pass.
    let context = unsafe { op.context().to_ref() };
    let text = kernel_text(c);
    let module = Module::parse(context, &format!("module {{\n{text}}}"))
        .ok_or_else(|| format!("internal error: the contraction kernel does not parse:\n{text}"))?;
    let function = module.body().first_operation().ok_or("internal error: empty kernel module")?;
    let entry = function.region(0).ok().and_then(|r| r.first_block()).ok_or("internal error: kernel without a body")?;
    let operands: Vec<Value> = op.operands().collect();
    let order = [operands[c.a_input], operands[1 - c.a_input], operands[2]];
    for (index, operand) in order.iter().enumerate() {
        let argument = entry.argument(index).map_err(|e| e.to_string())?;
        // SAFETY: the argument and the operand have the same type, and the
        // operand dominates `op`, before which every use will be moved.
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(argument.to_raw(), operand.to_raw()) };
    }
    let mut next = entry.first_operation();
    while let Some(inner) = next {
        next = inner.next_in_block();
        if op_name(&inner) == "func.return" {
            break;
        }
        // SAFETY: both ops are live; `inner` is unlinked from the kernel and
        // linked before `op` in the same context.
        unsafe { mlir_sys::mlirOperationMoveBefore(inner.to_raw(), op.to_raw()) };
    }
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_contraction_kernels_pass() -> Pass {
    create_external(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut found = Vec::new();
            module.walk(WalkOrder::PostOrder, |op| {
                if op.name().as_string_ref().as_str().ok() == Some("linalg.generic") {
                    found.push(op.to_raw());
                }
                WalkResult::Advance
            });
            for raw in found {
                // SAFETY: collected from the live module above; each op is
                // visited once and destroyed only after its replacement.
                let op = unsafe { OperationRef::from_raw(raw) };
                let Some(contraction) = analyze(&op) else { continue };
                if let Err(message) = rewrite(op, &contraction) {
                    crate::diagnostics::emit_error(op.location(), &message);
                    pass.signal_failure();
                    return;
                }
                // SAFETY: `op` has no results and is destroyed once.
                unsafe { mlir_sys::mlirOperationDestroy(raw) };
            }
        },
        TypeId::create(&CONTRACTION_KERNELS_ID),
        "XlaContractionKernels",
        "xla-contraction-kernels",
        "Rewrite f32 contractions on buffers (linalg.generic out += in0 * in1) into register-tiled vector micro-kernels",
        "builtin.module",
        &[],
    )
}
