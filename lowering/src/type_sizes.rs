//! Tensors too large to address. Compiled code computes byte sizes and
//! offsets in 64-bit integers; a static shape whose byte size exceeds
//! `i64::MAX` would wrap around, `malloc` would then succeed for a small
//! size, and the code would write past it. The lowering refuses such a type
//! with an error at the op (or block argument's parent op) that has it.
//!
//! ```mlir
//! // error: tensor<4294967296x4294967296xf32> holds 2^66 bytes
//! %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<4294967296x4294967296xf32>
//! ```

use melior::ir::{
    BlockLike, OperationRef, RegionLike, Type, TypeLike, ValueLike,
    operation::{OperationLike, WalkOrder, WalkResult},
};

/// Bytes of one element of `element`; `None` for types without a fixed
/// size (tokens, tuples, ...), which this check skips.
pub fn element_bytes(element: Type) -> Option<u128> {
    let raw = element.to_raw();
    // SAFETY: `raw` is a live type; each accessor is called on its kind.
    unsafe {
        if mlir_sys::mlirTypeIsAInteger(raw) {
            Some(u128::from(mlir_sys::mlirIntegerTypeGetWidth(raw)).div_ceil(8))
        } else if mlir_sys::mlirTypeIsAFloat(raw) {
            Some(u128::from(mlir_sys::mlirFloatTypeGetWidth(raw)).div_ceil(8))
        } else if mlir_sys::mlirTypeIsAIndex(raw) {
            Some(8)
        } else if mlir_sys::mlirTypeIsAComplex(raw) {
            element_bytes(crate::builders::complex_part(Type::from_raw(raw))).map(|b| 2 * b)
        } else {
            None
        }
    }
}

/// The byte size of a statically shaped tensor or memref type when it
/// exceeds `i64::MAX` (saturated at `u128::MAX`); `None` when it fits or
/// is not such a type.
pub fn oversized(ty: Type) -> Option<u128> {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type; shaped accessors only on shaped types.
    unsafe {
        if !(mlir_sys::mlirTypeIsARankedTensor(raw) || mlir_sys::mlirTypeIsAMemRef(raw)) {
            return None;
        }
        let rank = mlir_sys::mlirShapedTypeGetRank(raw);
        let mut bytes = element_bytes(Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw)))?;
        for d in 0..rank {
            let dim = mlir_sys::mlirShapedTypeGetDimSize(raw, d as isize);
            if dim < 0 {
                return None; // dynamic: rejected elsewhere
            }
            bytes = bytes.saturating_mul(dim as u128);
        }
        // The element count alone must fit too (i1 tensors).
        (bytes > i64::MAX as u128).then_some(bytes)
    }
}

/// Reports every op whose results, or whose regions' block arguments, have
/// a type [`oversized`] finds (one error per op) and returns `false`;
/// `true` when there is none.
pub fn reject_oversized_types(root: OperationRef<'_, '_>) -> bool {
    let mut ok = true;
    root.walk(WalkOrder::PreOrder, |op| {
        let mut types: Vec<Type> = op.results().map(|r| r.r#type()).collect();
        for i in 0..op.region_count() {
            if let Ok(region) = op.region(i) {
                let mut block = region.first_block();
                while let Some(b) = block {
                    types.extend((0..b.argument_count()).filter_map(|a| b.argument(a).ok()).map(|a| a.r#type()));
                    block = b.next_in_region();
                }
            }
        }
        if let Some((ty, bytes)) = types.into_iter().find_map(|t| oversized(t).map(|b| (t, b))) {
            let size = if bytes == u128::MAX { "more than 2^128".to_owned() } else { format!("{bytes}") };
            crate::diagnostics::emit_error(
                op.location(),
                &format!("{ty} holds {size} bytes, more than 2^63 - 1: compiled code cannot address it"),
            );
            ok = false;
        }
        WalkResult::Advance
    });
    ok
}
