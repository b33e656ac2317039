//! `xla-expand-memref-copy`: rewrites `memref.copy` into a copying
//! `linalg.generic` on the buffers.
//!
//! Bufferization copies into out-parameters and between buffers with
//! `memref.copy`. For strided views (a `stablehlo.slice` result, say) the
//! LLVM lowering of `memref.copy` calls `memrefCopy` from MLIR's runtime
//! library, which neither the JIT nor an AOT object has. As loops, the copy
//! needs nothing at run time and later passes can fuse or vectorise it.
//!
//! ```mlir
//! // before
//! memref.copy %src, %dst : memref<2x2xf32, strided<[4, 2], offset: 4>> to memref<2x2xf32>
//! // after
//! linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
//!     ins(%src : ...) outs(%dst : memref<2x2xf32>) { ^bb0(%in: f32, %out: f32): linalg.yield %in : f32 }
//! ```

use crate::builders::memref_copy_generic;
use melior::{
    IrRewriter,
    ir::{
        OperationRef,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};

/// Creates the pass (anchored on `builtin.module`).
pub fn create_expand_memref_copy_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let mut copies = Vec::new();
            module.walk(WalkOrder::PostOrder, |op| {
                if op.name().as_string_ref().as_str().ok() == Some("memref.copy") {
                    copies.push(op.to_raw());
                }
                WalkResult::Advance
            });
            for raw in copies {
                // SAFETY: collected from the live module above; each copy is
                // visited once and erased only after its replacement exists.
                let op = unsafe { OperationRef::from_raw(raw) };
                let (Ok(source), Ok(target)) = (op.operand(0), op.operand(1)) else {
                    continue;
                };
                match memref_copy_generic(op.location(), source, target) {
                    Ok(copy) => {
                        let rewriter = IrRewriter::from_op(op);
                        let base = rewriter.as_rewriter_base();
                        base.insert(copy);
                        base.erase_op(op);
                    }
                    Err(message) => {
                        crate::diagnostics::emit_error(op.location(), &message);
                        pass.signal_failure();
                        return;
                    }
                }
            }
        },
        "XlaExpandMemrefCopy",
        "xla-expand-memref-copy",
        "Rewrite memref.copy into linalg loops (no runtime library calls)",
        "builtin.module",
    )
}
