//! The attributes the op methods give the dialect, built through melior's
//! typed constructors and the dialects crate's C API wrappers (enums,
//! dimension numbers, channel handles), never as text to parse.
//!
//! The dimension-number structs are the dialects crate's
//! ([`xla_dialects::dimension_numbers`]), which also reads them back.

use crate::{BuildError, ElementType, XlaBuilder};
use melior::ir::{
    Attribute, Type, TypeLike,
    attribute::{BoolAttribute, DenseElementsAttribute, DenseI64ArrayAttribute, FloatAttribute, IntegerAttribute, StringAttribute},
    r#type::{IntegerType, RankedTensorType},
};

pub use xla_dialects::dimension_numbers::{ConvDimensionNumbers, GatherDimensionNumbers, ScatterDimensionNumbers};

type Result<T> = std::result::Result<T, BuildError>;

impl XlaBuilder {
    /// `array<i64: 1, 2>` (`array<i64>` when empty).
    pub(crate) fn i64_array(&self, values: &[i64]) -> Attribute<'static> {
        DenseI64ArrayAttribute::new(self.context(), values).into()
    }

    /// `5 : i64`.
    pub(crate) fn i64_attr(&self, value: i64) -> Attribute<'static> {
        IntegerAttribute::new(IntegerType::new(self.context(), 64).into(), value).into()
    }

    /// `5 : i32`.
    pub(crate) fn i32_attr(&self, value: i32) -> Attribute<'static> {
        IntegerAttribute::new(IntegerType::new(self.context(), 32).into(), i64::from(value)).into()
    }

    /// `true` or `false`.
    pub(crate) fn bool_attr(&self, value: bool) -> Attribute<'static> {
        BoolAttribute::new(self.context(), value).into()
    }

    /// `value : f32`.
    pub(crate) fn f32_attr(&self, value: f32) -> Attribute<'static> {
        FloatAttribute::new(self.context(), Type::float32(self.context()), f64::from(value)).into()
    }

    /// A string attribute (any bytes; the printer escapes them).
    pub(crate) fn string_attr(&self, text: &str) -> Attribute<'static> {
        StringAttribute::new(self.context(), text).into()
    }

    /// `dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>` for `rows` of length
    /// `width` each (padding, replica groups, source-target pairs);
    /// `tensor<0 x width>` without rows.
    pub(crate) fn dense_i64_matrix(&self, op: &str, rows: &[Vec<i64>], width: usize) -> Result<Attribute<'static>> {
        if rows.iter().any(|row| row.len() != width) {
            return Err(BuildError::invalid(op, format!("every row must have {width} entries")));
        }
        let element: Type<'static> = IntegerType::new(self.context(), 64).into();
        let ty = RankedTensorType::new(&[rows.len() as u64, width as u64], element, None).into();
        let values: Vec<Attribute> = rows.iter().flatten().map(|&v| IntegerAttribute::new(element, v).into()).collect();
        DenseElementsAttribute::new(ty, &values).map(Into::into).map_err(|e| BuildError::invalid(op, e.to_string()))
    }

    /// The dense elements attribute of a constant of type `ty`: booleans
    /// as `i1` values, every other type from the literal's raw
    /// little-endian bytes (exact for every type; a buffer holding one
    /// element is a splat, as MLIR's hex form).
    pub(crate) fn dense_elements(&self, op: &str, ty: Type<'static>, element_type: ElementType, data: &[u8]) -> Result<Attribute<'static>> {
        if element_type == ElementType::Pred {
            let i1: Type<'static> = IntegerType::new(self.context(), 1).into();
            let values: Vec<Attribute> = data.iter().map(|&b| IntegerAttribute::new(i1, i64::from(b != 0)).into()).collect();
            return DenseElementsAttribute::new(ty, &values).map(Into::into).map_err(|e| BuildError::invalid(op, e.to_string()));
        }
        // SAFETY: a live shaped type and a live buffer with its length,
        // which MLIR copies; the attribute belongs to the type's context.
        let raw = unsafe { mlir_sys::mlirDenseElementsAttrRawBufferGet(ty.to_raw(), data.len(), data.as_ptr().cast()) };
        // SAFETY: as above; null when the buffer does not fit the type.
        unsafe { Attribute::from_option_raw(raw) }
            .ok_or_else(|| BuildError::invalid(op, format!("{} bytes do not hold the elements of {ty}", data.len())))
    }
}
