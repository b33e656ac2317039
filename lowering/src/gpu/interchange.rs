//! `xla-gpu-parallel-dims-first`: reorders the loops of every
//! `linalg.generic` so that its parallel dimensions come first (in their
//! order) and its reduction dimensions last (in theirs).
//!
//! `convert-linalg-to-parallel-loops` turns each run of parallel dimensions
//! into one `scf.parallel` and each reduction dimension into an `scf.for`.
//! Our `dot_general` puts the contracting loop before the free dimensions of
//! the right-hand side (good for the CPU's inner loop), which gave
//! `parallel(i) { for(k) { parallel(j) } }`: only the outer dimension could
//! become GPU threads. With the parallel dimensions first every op becomes
//! `parallel(all parallel dims) { for(reduction dims) { ... } }`: one thread
//! per output element, each accumulating its own reduction sequentially.
//!
//! The rewrite is exact: a linalg.generic's iterations are independent along
//! parallel dimensions, and each output element still sees its reduction
//! dimensions in the same order, so results are bit for bit those of the
//! original loop order.
//!
//! ```mlir
//! // before (matmul as lowered from dot_general: i, k, j)
//! indexing_maps = [(d0, d1, d2) -> (d0, d1), (d0, d1, d2) -> (d1, d2), (d0, d1, d2) -> (d0, d2)]
//! iterator_types = ["parallel", "reduction", "parallel"]
//! // after (i, j, k)
//! indexing_maps = [(d0, d1, d2) -> (d0, d2), (d0, d1, d2) -> (d2, d1), (d0, d1, d2) -> (d0, d1)]
//! iterator_types = ["parallel", "parallel", "reduction"]
//! ```

use melior::{
    ir::{
        Attribute, AttributeLike, OperationRef,
        attribute::{ArrayAttribute, IntegerAttribute},
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};

fn set(op: &OperationRef, name: &str, attribute: Attribute) {
    let name = std::ffi::CString::new(name).expect("no NUL");
    // SAFETY: `op` is live; the attribute belongs to its context.
    unsafe {
        mlir_sys::mlirOperationSetAttributeByName(
            op.to_raw(),
            mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()),
            attribute.to_raw(),
        )
    };
}

/// The nearest enclosing `linalg.generic` of `op`.
fn enclosing_generic<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if p.name().as_string_ref().as_str().ok() == Some("linalg.generic") {
            return Some(p);
        }
        parent = p.parent_operation();
    }
    None
}

fn interchange(generic: OperationRef) -> crate::builders::BuildResult<()> {
    // SAFETY: the context outlives the pass.
    let context = crate::context_of(generic.context());
    let iterators = generic
        .attribute("iterator_types")
        .ok()
        .and_then(|a| ArrayAttribute::try_from(a).ok())
        .ok_or("internal error: linalg.generic without iterator_types")?;
    let kinds: Vec<Attribute> = (0..iterators.len()).map(|i| iterators.element(i)).collect::<Result<_, _>>()?;
    let is_parallel: Vec<bool> = kinds.iter().map(|k| xla_dialects::is_reduction_iterator(*k) == Some(false)).collect();
    // order[new] = old dimension.
    let order: Vec<usize> = (0..kinds.len()).filter(|&d| is_parallel[d]).chain((0..kinds.len()).filter(|&d| !is_parallel[d])).collect();
    if order.iter().enumerate().all(|(new, &old)| new == old) {
        return Ok(());
    }
    // position[old] = new dimension.
    let mut position = vec![0u32; order.len()];
    for (new, &old) in order.iter().enumerate() {
        position[old] = new as u32;
    }
    let maps = generic
        .attribute("indexing_maps")
        .ok()
        .and_then(|a| ArrayAttribute::try_from(a).ok())
        .ok_or("internal error: linalg.generic without indexing_maps")?;
    let mut new_maps = Vec::new();
    // SAFETY: the maps are affine map attributes (the verifier checked) of
    // this context; every handle is used while it is alive.
    unsafe {
        let substitution = mlir_sys::mlirAffineMapPermutationGet(context.to_raw(), position.len() as isize, position.as_ptr().cast_mut());
        for i in 0..maps.len() {
            let attribute = maps.element(i)?;
            let map = mlir_sys::mlirAffineMapAttrGetValue(attribute.to_raw());
            let results: Vec<mlir_sys::MlirAffineExpr> = (0..mlir_sys::mlirAffineMapGetNumResults(map))
                .map(|r| mlir_sys::mlirAffineExprCompose(mlir_sys::mlirAffineMapGetResult(map, r), substitution))
                .collect();
            let new_map = mlir_sys::mlirAffineMapGet(
                context.to_raw(),
                mlir_sys::mlirAffineMapGetNumDims(map),
                mlir_sys::mlirAffineMapGetNumSymbols(map),
                results.len() as isize,
                results.as_ptr().cast_mut(),
            );
            new_maps.push(Attribute::from_raw(mlir_sys::mlirAffineMapAttrGet(new_map)));
        }
    }
    let new_kinds: Vec<Attribute> = order.iter().map(|&old| kinds[old]).collect();
    set(&generic, "indexing_maps", ArrayAttribute::new(context, &new_maps).into());
    set(&generic, "iterator_types", ArrayAttribute::new(context, &new_kinds).into());
    // linalg.index ops of this generic's body name dimensions too.
    let mut indices = Vec::new();
    generic.walk(WalkOrder::PreOrder, |op| {
        if op.name().as_string_ref().as_str().ok() == Some("linalg.index")
            && enclosing_generic(&op).is_some_and(|g| g == generic)
        {
            indices.push(op.to_raw());
        }
        WalkResult::Advance
    });
    let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
    for raw in indices {
        // SAFETY: collected from the live body above.
        let op = unsafe { OperationRef::from_raw(raw) };
        let dim = op
            .attribute("dim")
            .ok()
            .and_then(|a| IntegerAttribute::try_from(a).ok())
            .ok_or("internal error: linalg.index without dim")?
            .value();
        let new = *position.get(dim as usize).ok_or("internal error: linalg.index out of range")?;
        set(&op, "dim", IntegerAttribute::new(i64_type, new as i64).into());
    }
    Ok(())
}

/// Creates the pass (anchored on `builtin.module`).
pub fn create_parallel_dims_first_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut generics = Vec::new();
            module.walk(WalkOrder::PreOrder, |op| {
                if op.name().as_string_ref().as_str().ok() == Some("linalg.generic") {
                    generics.push(op.to_raw());
                }
                WalkResult::Advance
            });
            for raw in generics {
                // SAFETY: collected above; the rewrite changes attributes only.
                let generic = unsafe { OperationRef::from_raw(raw) };
                if let Err(message) = interchange(generic) {
                    crate::diagnostics::emit_error(generic.location(), &message);
                    pass.signal_failure();
                    return;
                }
            }
        },
        "XlaGpuParallelDimsFirst",
        "xla-gpu-parallel-dims-first",
        "Reorder the loops of linalg.generic ops: parallel dimensions first, reductions last (one GPU thread per output element)",
        "builtin.module",
    )
}
