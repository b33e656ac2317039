//! Integer signedness legalization: the first step of
//! `stablehlo-legalize-to-linalg`.
//!
//! arith, linalg and LLVM only know signless integers, while StableHLO
//! programs use `ui8`..`ui64` (JAX's uint32, PRNG keys) and `si*`. This step
//! runs once over the module, before any pattern:
//!
//! 1. every op whose semantics depend on signedness keeps it as discardable
//!    attributes: `xla.operand_element` (the element type of its typed
//!    operand: operand 1 of select/clamp, else operand 0) and
//!    `xla.result_element`, set only when one of them is `si*`/`ui*`; ops
//!    that take start indices (dynamic_slice, dynamic_update_slice, gather,
//!    scatter) also get `xla.unsigned_operands`, a bool per operand, when
//!    one of them is `ui*` (an index of 2^32 - 1 in a `ui32` clamps to the
//!    end, not to 0 as the signless `-1` would);
//! 2. every value, block argument, function signature and constant
//!    (`dense<...> : tensor<4xui32>`, same bytes) is retyped to the signless
//!    integer of the same width.
//!
//! The patterns then read [`original_element`] instead of the value types:
//! `ui*` selects `divui`/`remui`, `maxui`/`minui`, `cmpi ult...`, `uitofp`,
//! `extui` and unsigned saturation; `si*` behaves as signless (which
//! StableHLO already treats as signed). Buffers keep their bits, so callers
//! (xla-run, the object ABI) pass unsigned data unchanged.
//!
//! ```mlir
//! %r = stablehlo.divide %a, %b : tensor<4xui32>
//! // becomes
//! %r = stablehlo.divide %a, %b {xla.operand_element = ui32, xla.result_element = ui32} : tensor<4xi32>
//! ```

use crate::element::ElementKind;
use melior::ir::{
    AttributeLike, OperationRef, Type, TypeLike,
    operation::{OperationLike, WalkOrder, WalkResult},
};
use mlir_sys::{MlirType, MlirValue};

/// Attribute names recording the original element types.
pub const OPERAND_ELEMENT: &str = "xla.operand_element";
pub const RESULT_ELEMENT: &str = "xla.result_element";
pub const UNSIGNED_OPERANDS: &str = "xla.unsigned_operands";

/// Ops whose operands after the first carry start indices.
const INDEXING_OPS: [&str; 4] = ["stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice", "stablehlo.gather", "stablehlo.scatter"];

fn is_sign_typed(element: Type) -> bool {
    matches!(ElementKind::of(element), Some(ElementKind::SignedInt(_) | ElementKind::UnsignedInt(_)))
}

/// The element type of a shaped type, or the type itself.
fn element_of(ty: Type) -> Type {
    // SAFETY: `ty` is a valid type; the element query follows the isa check.
    unsafe {
        if mlir_sys::mlirTypeIsAShaped(ty.to_raw()) {
            Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(ty.to_raw()))
        } else {
            ty
        }
    }
}

/// `ty` with `si*`/`ui*` elements replaced by signless integers (`None`
/// when there is nothing to change).
fn signless(ty: Type) -> Option<MlirType> {
    let raw = ty.to_raw();
    // SAFETY: queries and constructors on a valid type in a live context.
    unsafe {
        if mlir_sys::mlirTypeIsAInteger(raw) {
            if !is_sign_typed(ty) {
                return None;
            }
            return Some(mlir_sys::mlirIntegerTypeGet(mlir_sys::mlirTypeGetContext(raw), mlir_sys::mlirIntegerTypeGetWidth(raw)));
        }
        if mlir_sys::mlirTypeIsARankedTensor(raw) {
            let element = signless(Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw)))?;
            let rank = mlir_sys::mlirShapedTypeGetRank(raw);
            let shape: Vec<i64> = (0..rank).map(|i| mlir_sys::mlirShapedTypeGetDimSize(raw, i as isize)).collect();
            return Some(mlir_sys::mlirRankedTensorTypeGet(
                rank as isize,
                shape.as_ptr(),
                element,
                mlir_sys::mlirRankedTensorTypeGetEncoding(raw),
            ));
        }
        if mlir_sys::mlirTypeIsAFunction(raw) {
            let inputs: Vec<MlirType> = (0..mlir_sys::mlirFunctionTypeGetNumInputs(raw))
                .map(|i| mlir_sys::mlirFunctionTypeGetInput(raw, i))
                .collect();
            let results: Vec<MlirType> = (0..mlir_sys::mlirFunctionTypeGetNumResults(raw))
                .map(|i| mlir_sys::mlirFunctionTypeGetResult(raw, i))
                .collect();
            let convert = |t: &MlirType| signless(Type::from_raw(*t));
            if inputs.iter().chain(&results).all(|t| convert(t).is_none()) {
                return None;
            }
            let inputs: Vec<MlirType> = inputs.iter().map(|t| convert(t).unwrap_or(*t)).collect();
            let results: Vec<MlirType> = results.iter().map(|t| convert(t).unwrap_or(*t)).collect();
            return Some(mlir_sys::mlirFunctionTypeGet(
                mlir_sys::mlirTypeGetContext(raw),
                inputs.len() as isize,
                inputs.as_ptr(),
                results.len() as isize,
                results.as_ptr(),
            ));
        }
    }
    None
}

/// Retypes what `op` defines through `map` (`None`: keep the type): a
/// `func.func`'s `function_type`, the op's results and the arguments of
/// the blocks of its regions. Shared by the signedness legalization and the
/// quantized-type lowering; `map` must keep each value's shape and width.
pub(crate) fn retype_definitions(op: OperationRef, map: &dyn Fn(MlirType) -> Option<MlirType>) {
    let raw = op.to_raw();
    if op.name().as_string_ref().as_str() == Ok("func.func") {
        if let Ok(function_type) = op.attribute("function_type") {
            // SAFETY: func.func's function_type is a TypeAttr; the new one
            // wraps a function type.
            unsafe {
                if let Some(new) = map(mlir_sys::mlirTypeAttrGetValue(function_type.to_raw())) {
                    set_attribute(op, "function_type", mlir_sys::mlirTypeAttrGet(new));
                }
            }
        }
    }
    let retype = |value: MlirValue| {
        // SAFETY: `value` is live; `map` keeps its shape and width.
        unsafe {
            if let Some(new) = map(mlir_sys::mlirValueGetType(value)) {
                mlir_sys::mlirValueSetType(value, new);
            }
        }
    };
    // SAFETY: walking the live results, regions and block arguments of `op`.
    unsafe {
        for i in 0..mlir_sys::mlirOperationGetNumResults(raw) {
            retype(mlir_sys::mlirOperationGetResult(raw, i));
        }
        for r in 0..mlir_sys::mlirOperationGetNumRegions(raw) {
            let mut block = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(raw, r));
            while !block.ptr.is_null() {
                for a in 0..mlir_sys::mlirBlockGetNumArguments(block) {
                    retype(mlir_sys::mlirBlockGetArgument(block, a));
                }
                block = mlir_sys::mlirBlockGetNextInRegion(block);
            }
        }
    }
}

fn set_attribute(op: OperationRef, name: &str, attribute: mlir_sys::MlirAttribute) {
    let name = std::ffi::CString::new(name).expect("attribute names have no NUL");
    // SAFETY: `op` is live; the name is copied by MLIR.
    unsafe {
        mlir_sys::mlirOperationSetAttributeByName(op.to_raw(), mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()), attribute)
    }
}

/// Whether operand `index` of `op` had an unsigned element type before
/// signedness legalization (recorded for the ops that take start indices).
pub fn operand_was_unsigned(op: OperationRef, index: usize) -> bool {
    op.attribute(UNSIGNED_OPERANDS).ok().is_some_and(|a| {
        // SAFETY: the attribute was set by this module as a DenseBoolArray.
        unsafe {
            mlir_sys::mlirAttributeIsADenseBoolArray(a.to_raw())
                && index < mlir_sys::mlirDenseArrayGetNumElements(a.to_raw()) as usize
                && mlir_sys::mlirDenseBoolArrayGetElement(a.to_raw(), index as isize)
        }
    })
}

/// The element type an op computed in before signedness legalization: the
/// `xla.operand_element` (or, with `result`, `xla.result_element`)
/// attribute, else `current`.
pub fn original_element<'c>(op: OperationRef<'c, '_>, result: bool, current: Type<'c>) -> Type<'c> {
    let name = if result { RESULT_ELEMENT } else { OPERAND_ELEMENT };
    op.attribute(name)
        .ok()
        // SAFETY: the attribute was set by this module as a TypeAttr.
        .map(|a| unsafe { Type::from_raw(mlir_sys::mlirTypeAttrGetValue(a.to_raw())) })
        .unwrap_or(current)
}

/// Runs the legalization over everything nested in `module` (two walks:
/// annotate, then retype).
pub fn legalize_signedness(module: OperationRef) {
    module.walk(WalkOrder::PreOrder, |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or_default().to_owned();
        // 1. Remember the original element types.
        if name.starts_with("stablehlo.") || name.starts_with("chlo.") {
            let typed = if matches!(name.as_str(), "stablehlo.select" | "stablehlo.clamp") { 1 } else { 0 };
            // Counts checked first: melior's out-of-range error prints the
            // op, which for a nested op prints (and verifies) its whole
            // function, so `.ok()` on a missing operand/result made this
            // walk quadratic.
            let operand = (typed < op.operand_count())
                .then(|| op.operand(typed).ok())
                .flatten()
                .map(|v| element_of(melior::ir::ValueLike::r#type(&v)));
            let result = (op.result_count() > 0)
                .then(|| op.result(0).ok())
                .flatten()
                .map(|v| element_of(melior::ir::ValueLike::r#type(&v)));
            if INDEXING_OPS.contains(&name.as_str()) {
                let unsigned: Vec<i32> = op
                    .operands()
                    .map(|v| i32::from(matches!(ElementKind::of(element_of(melior::ir::ValueLike::r#type(&v))), Some(ElementKind::UnsignedInt(_)))))
                    .collect();
                if unsigned.contains(&1) {
                    // SAFETY: a DenseBoolArray in the op's live context.
                    unsafe {
                        let context = mlir_sys::mlirOperationGetContext(op.to_raw());
                        set_attribute(op, UNSIGNED_OPERANDS, mlir_sys::mlirDenseBoolArrayGet(context, unsigned.len() as isize, unsigned.as_ptr()));
                    }
                }
            }
            if operand.into_iter().chain(result).any(is_sign_typed) {
                // SAFETY: TypeAttr construction from valid types.
                unsafe {
                    if let Some(operand) = operand {
                        set_attribute(op, OPERAND_ELEMENT, mlir_sys::mlirTypeAttrGet(operand.to_raw()));
                    }
                    if let Some(result) = result {
                        set_attribute(op, RESULT_ELEMENT, mlir_sys::mlirTypeAttrGet(result.to_raw()));
                    }
                }
            }
        }
        WalkResult::Advance
    });
    // Retyping only after every op has been annotated: retyping a function
    // changes the types its ops see as operands.
    module.walk(WalkOrder::PreOrder, |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or_default().to_owned();
        // 2. Constants keep their bytes under the signless type.
        if name == "stablehlo.constant" {
            if let Ok(value) = op.attribute("value") {
                let raw = value.to_raw();
                // SAFETY: a dense elements attribute's raw data holds its
                // elements (one for a splat) in the element type's width,
                // which the signless type shares.
                unsafe {
                    if mlir_sys::mlirAttributeIsADenseElements(raw) {
                        let ty = Type::from_raw(mlir_sys::mlirAttributeGetType(raw));
                        if let Some(new) = signless(ty) {
                            let count = if mlir_sys::mlirDenseElementsAttrIsSplat(raw) {
                                1
                            } else {
                                mlir_sys::mlirElementsAttrGetNumElements(raw)
                            };
                            let bytes = (count as usize) * (mlir_sys::mlirIntegerTypeGetWidth(mlir_sys::mlirShapedTypeGetElementType(new)) as usize).div_ceil(8);
                            let converted = mlir_sys::mlirDenseElementsAttrRawBufferGet(new, bytes, mlir_sys::mlirDenseElementsAttrGetRawData(raw));
                            set_attribute(op, "value", converted);
                        }
                    }
                }
            }
        }
        // 3. Function types, results and block arguments.
        // SAFETY: the types `retype_definitions` passes are live.
        retype_definitions(op, &|ty| signless(unsafe { Type::from_raw(ty) }));
        WalkResult::Advance
    });
}
