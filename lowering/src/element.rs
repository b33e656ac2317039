//! Classification of MLIR element types into the kinds the lowering cares
//! about (the seeds' primitive types).

use melior::ir::{Type, TypeLike};
use mlir_sys::{
    mlirFloatTypeGetWidth, mlirIntegerTypeGetWidth, mlirIntegerTypeIsSigned,
    mlirIntegerTypeIsUnsigned, mlirTypeIsAComplex, mlirTypeIsAFloat, mlirTypeIsAInteger,
};

/// What an element type is, for choosing arith/math/complex operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElementKind {
    /// `i1`: XLA's PRED.
    Pred,
    /// Signless integers (`i8` ... `i64`), which StableHLO treats as signed.
    SignlessInt(u32),
    /// `si8` ... `si64`.
    SignedInt(u32),
    /// `ui8` ... `ui64`.
    UnsignedInt(u32),
    /// `f16`, `bf16`, `f32`, `f64` (and other float formats MLIR knows).
    Float(u32),
    /// `complex<f32>`, `complex<f64>`.
    Complex,
}

impl ElementKind {
    /// Classifies `ty`; `None` for types that are not tensor elements.
    pub fn of(ty: Type) -> Option<Self> {
        let raw = ty.to_raw();
        // SAFETY: `raw` is a valid type; the width/signedness queries are
        // only made after the matching isa check.
        unsafe {
            if mlirTypeIsAInteger(raw) {
                let width = mlirIntegerTypeGetWidth(raw);
                Some(if width == 1 && !mlirIntegerTypeIsSigned(raw) && !mlirIntegerTypeIsUnsigned(raw) {
                    ElementKind::Pred
                } else if mlirIntegerTypeIsSigned(raw) {
                    ElementKind::SignedInt(width)
                } else if mlirIntegerTypeIsUnsigned(raw) {
                    ElementKind::UnsignedInt(width)
                } else {
                    ElementKind::SignlessInt(width)
                })
            } else if mlirTypeIsAFloat(raw) {
                Some(ElementKind::Float(mlirFloatTypeGetWidth(raw)))
            } else if mlirTypeIsAComplex(raw) {
                Some(ElementKind::Complex)
            } else {
                None
            }
        }
    }

    /// Whether arith integer ops apply directly (signless integers and i1).
    pub fn is_signless_integer(self) -> bool {
        matches!(self, ElementKind::Pred | ElementKind::SignlessInt(_))
    }
}
