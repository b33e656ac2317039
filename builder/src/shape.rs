//! Shapes (element type + dimensions) and the Rust types of elements.

use crate::ElementType;
use melior::ir::{
    Type, TypeLike,
    r#type::{DimSize, RankedTensorType, ShapedTypeLike, TupleType},
};
use std::fmt;

/// The type of a value: a static array (`tensor<2x3xf32>`), a tuple of
/// values, or a token.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A dense array of `element_type` with static dimensions (a scalar has
    /// none).
    Array {
        /// The element type.
        element_type: ElementType,
        /// The dimensions, major to minor.
        dims: Vec<i64>,
    },
    /// A tuple (`tuple<...>`).
    Tuple(Vec<Shape>),
    /// `!stablehlo.token`.
    Token,
}

impl Shape {
    /// An array shape.
    pub fn array(element_type: ElementType, dims: &[i64]) -> Self {
        Shape::Array { element_type, dims: dims.to_vec() }
    }

    /// A rank-0 array shape.
    pub fn scalar(element_type: ElementType) -> Self {
        Shape::Array { element_type, dims: Vec::new() }
    }

    /// A tuple shape.
    pub fn tuple(elements: Vec<Shape>) -> Self {
        Shape::Tuple(elements)
    }

    /// The element type of an array shape.
    pub fn element_type(&self) -> Option<ElementType> {
        match self {
            Shape::Array { element_type, .. } => Some(*element_type),
            _ => None,
        }
    }

    /// The dimensions of an array shape.
    pub fn dims(&self) -> Option<&[i64]> {
        match self {
            Shape::Array { dims, .. } => Some(dims),
            _ => None,
        }
    }

    /// The rank of an array shape.
    pub fn rank(&self) -> Option<usize> {
        self.dims().map(<[i64]>::len)
    }

    /// Number of elements of an array shape (1 for a scalar).
    pub fn element_count(&self) -> Option<i64> {
        self.dims().map(|d| d.iter().product())
    }

    /// The MLIR spelling: `tensor<2x3xf32>`, `tensor<i1>`,
    /// `tuple<tensor<f32>, tensor<i32>>`, `!stablehlo.token`.
    pub fn mlir_type(&self) -> String {
        match self {
            Shape::Array { element_type, dims } => {
                let mut text = String::from("tensor<");
                for d in dims {
                    text.push_str(&format!("{d}x"));
                }
                text.push_str(element_type.mlir_name());
                text.push('>');
                text
            }
            Shape::Tuple(elements) => {
                let inner: Vec<String> = elements.iter().map(Shape::mlir_type).collect();
                format!("tuple<{}>", inner.join(", "))
            }
            Shape::Token => "!stablehlo.token".to_string(),
        }
    }

    /// The MLIR type, built in `context`; `None` for an array of
    /// `ElementType::Bytes1`, which names no one type, or with a negative
    /// dimension.
    pub fn to_type<'c>(&self, context: &'c melior::Context) -> Option<Type<'c>> {
        match self {
            Shape::Array { element_type, dims } => {
                let dims = dims.iter().map(|&d| u64::try_from(d).ok()).collect::<Option<Vec<_>>>()?;
                Some(RankedTensorType::new(&dims, element_type.mlir_type(context)?, None).into())
            }
            Shape::Tuple(elements) => {
                let types = elements.iter().map(|e| e.to_type(context)).collect::<Option<Vec<_>>>()?;
                Some(TupleType::new(context, &types).into())
            }
            Shape::Token => Some(xla_dialects::token_type(context)),
        }
    }

    /// Reads an MLIR type back; `None` for types a computation of this
    /// builder cannot have (dynamic dimensions, other element types).
    pub fn from_type(ty: Type) -> Option<Self> {
        if let Ok(tensor) = RankedTensorType::try_from(ty) {
            let element_type = ElementType::of_mlir_type(tensor.element())?;
            let dims = (0..tensor.rank())
                .map(|i| match tensor.dim_size(i).ok()? {
                    DimSize::Static(d) => i64::try_from(d).ok(),
                    DimSize::Dynamic => None,
                })
                .collect::<Option<Vec<i64>>>()?;
            if !tensor.has_static_shape() {
                return None;
            }
            return Some(Shape::Array { element_type, dims });
        }
        if ty.is_tuple() {
            let tuple = TupleType::try_from(ty).ok()?;
            let elements = (0..tuple.type_count()).map(|i| Shape::from_type(tuple.r#type(i).ok()?)).collect::<Option<Vec<_>>>()?;
            return Some(Shape::Tuple(elements));
        }
        xla_dialects::is_token_type(ty).then_some(Shape::Token)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.mlir_type())
    }
}

/// An IEEE binary16 value, held as its bits (the crate has no `half`
/// dependency). Conversions from and to `f32` round to nearest even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct F16(pub u16);

impl F16 {
    /// The nearest binary16 value.
    pub fn from_f32(x: f32) -> Self {
        F16(xla_runtime::host_tensor::f32_to_f16_bits(x))
    }
    /// The exact `f32` value.
    pub fn to_f32(self) -> f32 {
        xla_runtime::host_tensor::f16_bits_to_f32(self.0)
    }
}

/// A bfloat16 value, held as its bits. Conversions from and to `f32` round
/// to nearest even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct BF16(pub u16);

impl BF16 {
    /// The nearest bfloat16 value.
    pub fn from_f32(x: f32) -> Self {
        BF16(xla_runtime::host_tensor::f32_to_bf16_bits(x))
    }
    /// The exact `f32` value.
    pub fn to_f32(self) -> f32 {
        xla_runtime::host_tensor::bf16_bits_to_f32(self.0)
    }
}

/// A `complex<f32>` value.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct C64 {
    /// Real part.
    pub re: f32,
    /// Imaginary part.
    pub im: f32,
}

/// A `complex<f64>` value.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct C128 {
    /// Real part.
    pub re: f64,
    /// Imaginary part.
    pub im: f64,
}

/// A Rust type that is the element type of literals and constants:
/// `bool`, `i8`..`i64`, `u8`..`u64`, [`F16`], [`BF16`], `f32`, `f64`,
/// [`C64`], [`C128`].
pub trait NativeType: Copy + fmt::Debug + 'static {
    /// The element type this Rust type stands for.
    const ELEMENT_TYPE: ElementType;
    /// Appends the little-endian bytes of `self`.
    fn write_le(self, out: &mut Vec<u8>);
    /// Reads a value from exactly `ELEMENT_TYPE.byte_size()` little-endian bytes.
    fn read_le(bytes: &[u8]) -> Self;
}

macro_rules! native_number {
    ($($t:ty => $e:ident),* $(,)?) => {$(
        impl NativeType for $t {
            const ELEMENT_TYPE: ElementType = ElementType::$e;
            fn write_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn read_le(bytes: &[u8]) -> Self {
                <$t>::from_le_bytes(bytes.try_into().expect("the element's byte size"))
            }
        }
    )*};
}

native_number!(i8 => I8, i16 => I16, i32 => I32, i64 => I64, u8 => U8, u16 => U16, u32 => U32, u64 => U64, f32 => F32, f64 => F64);

impl NativeType for bool {
    const ELEMENT_TYPE: ElementType = ElementType::Pred;
    fn write_le(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
    fn read_le(bytes: &[u8]) -> Self {
        bytes[0] != 0
    }
}

impl NativeType for F16 {
    const ELEMENT_TYPE: ElementType = ElementType::F16;
    fn write_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0.to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> Self {
        F16(u16::from_le_bytes([bytes[0], bytes[1]]))
    }
}

impl NativeType for BF16 {
    const ELEMENT_TYPE: ElementType = ElementType::BF16;
    fn write_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0.to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> Self {
        BF16(u16::from_le_bytes([bytes[0], bytes[1]]))
    }
}

impl NativeType for C64 {
    const ELEMENT_TYPE: ElementType = ElementType::C64;
    fn write_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.re.to_le_bytes());
        out.extend_from_slice(&self.im.to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> Self {
        C64 { re: f32::read_le(&bytes[..4]), im: f32::read_le(&bytes[4..8]) }
    }
}

impl NativeType for C128 {
    const ELEMENT_TYPE: ElementType = ElementType::C128;
    fn write_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.re.to_le_bytes());
        out.extend_from_slice(&self.im.to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> Self {
        C128 { re: f64::read_le(&bytes[..8]), im: f64::read_le(&bytes[8..16]) }
    }
}
