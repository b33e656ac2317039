//! [`PatternSet`]: a rewrite pattern set applied once with MLIR's walk
//! driver, without the leaks of melior's `RewritePatternSet::freeze` +
//! `walk_and_apply_patterns` (the C API leaves the moved-from set and the
//! frozen set to the caller, and melior frees neither).

use melior::{Context, RewritePattern, ir::OperationRef};

/// Patterns to apply to one operation.
pub struct PatternSet {
    raw: mlir_sys::MlirRewritePatternSet,
}

impl PatternSet {
    pub fn new(context: &Context) -> Self {
        // SAFETY: creates an empty set in a live context.
        Self { raw: unsafe { mlir_sys::mlirRewritePatternSetCreate(context.to_raw()) } }
    }

    /// Adds a pattern (the set takes ownership).
    pub fn add(&self, pattern: RewritePattern) {
        // SAFETY: the set is live; ownership of the pattern moves into it.
        unsafe { mlir_sys::mlirRewritePatternSetAdd(self.raw, pattern.into_raw()) }
    }

    /// Applies the patterns to everything nested in `operation` (one
    /// post-order walk) and frees them.
    pub fn walk_and_apply(self, operation: OperationRef) {
        // SAFETY: freezing moves the patterns out of the set (which `Drop`
        // then deletes); the frozen set is used once and destroyed.
        unsafe {
            let frozen = mlir_sys::mlirFreezeRewritePattern(self.raw);
            mlir_sys::mlirWalkAndApplyPatterns(operation.to_raw(), frozen);
            mlir_sys::mlirFrozenRewritePatternSetDestroy(frozen);
        }
    }
}

impl Drop for PatternSet {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once (possibly moved-from).
        unsafe { mlir_sys::mlirRewritePatternSetDestroy(self.raw) }
    }
}
