//! Typed builders for the `stablehlo` dialect, generated from
//! `include/xla/Dialect/StableHLO/StablehloOps.td`, and Rust enums for its
//! enum attributes.

use melior::{
    Context,
    ir::{Attribute, attribute::IntegerAttribute, r#type::IntegerType},
};
use std::{fmt, str::FromStr};

melior::dialect! {
    name: "stablehlo",
    files: ["xla/Dialect/StableHLO/StablehloOps.td"],
    include_directory_env_vars: ["XLA_DIALECTS_INCLUDE_DIR"],
}

// The macro wraps its output in a module named after the dialect; expose the
// builders (`add`, `AddOperation`, `AddOperationBuilder`, ...) one level up.
pub use self::stablehlo::*;

macro_rules! hlo_enum {
    ($(#[$doc:meta])* $name:ident, $mnemonic:literal, [$($variant:ident = $value:literal),* $(,)?]) => {
        $(#[$doc])*
        /// The discriminants are the C++ enum's case numbers
        /// (`StablehloEnums.td`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(non_camel_case_types)] // the keywords StableHLO prints
        #[repr(i32)]
        pub enum $name { $($variant = $value),* }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The keyword StableHLO prints for this value.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => stringify!($variant)),* }
            }

            /// The dialect attribute holding this value,
            #[doc = concat!("`#stablehlo<", $mnemonic, " ...>`.")]
            pub fn attribute(self, context: &Context) -> Attribute<'_> {
                // SAFETY: a live context; the C API returns an attribute of
                // it (null only for an unknown mnemonic or case, which the
                // unit test rules out for every value).
                let raw = unsafe {
                    crate::ffi::xlaStablehloEnumAttrGet(context.to_raw(), melior::StringRef::new($mnemonic).to_raw(), self as i32)
                };
                // SAFETY: as above.
                unsafe { Attribute::from_option_raw(raw) }.expect("every enum case is registered by the dialect")
            }

            /// Reads the value back from its attribute (through the C API).
            pub fn from_attribute(attribute: Attribute) -> Option<Self> {
                let mut value = 0i32;
                // SAFETY: a live attribute; the function writes `value` only
                // for an attribute of this enum.
                let found = unsafe {
                    crate::ffi::xlaStablehloEnumAttrGetValue(
                        melior::ir::AttributeLike::to_raw(&attribute),
                        melior::StringRef::new($mnemonic).to_raw(),
                        &mut value,
                    )
                };
                if !found {
                    return None;
                }
                Self::ALL.iter().copied().find(|v| *v as i32 == value)
            }
        }

        impl FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                match s {
                    $(stringify!($variant) => Ok($name::$variant),)*
                    _ => Err(format!(concat!("unknown ", $mnemonic, " `{}`"), s)),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

hlo_enum!(
    /// `comparison_direction` of `stablehlo.compare`.
    ComparisonDirection, "comparison_direction", [EQ = 0, NE = 1, GE = 2, GT = 3, LE = 4, LT = 5]
);
hlo_enum!(
    /// `compare_type` of `stablehlo.compare`.
    ComparisonType, "comparison_type", [NOTYPE = 0, FLOAT = 1, TOTALORDER = 2, SIGNED = 3, UNSIGNED = 4]
);
hlo_enum!(
    /// `precision_config` entries of `dot_general`.
    Precision, "precision", [DEFAULT = 0, HIGH = 1, HIGHEST = 2]
);
hlo_enum!(
    /// `fft_type` of `stablehlo.fft`.
    FftType, "fft_type", [FFT = 0, IFFT = 1, RFFT = 2, IRFFT = 3]
);
hlo_enum!(
    /// `rng_distribution` of `stablehlo.rng`.
    RngDistribution, "rng_distribution", [UNIFORM = 1, NORMAL = 2]
);
hlo_enum!(
    /// `rng_algorithm` of `stablehlo.rng_bit_generator`.
    RngAlgorithm, "rng_algorithm", [DEFAULT = 0, THREE_FRY = 1, PHILOX = 2]
);
hlo_enum!(
    /// `transpose_a` of `stablehlo.triangular_solve`.
    Transpose, "transpose", [NO_TRANSPOSE = 1, TRANSPOSE = 2, ADJOINT = 3]
);

/// The CHLO attribute of the enums CHLO shares with StableHLO (same cases,
/// same numbers): `#chlo<comparison_direction LT>` of
/// `chlo.broadcast_compare`, `#chlo<precision HIGH>` of `chlo.ragged_dot`
/// and `chlo.scaled_dot`, ... ([`ComparisonDirection::from_attribute`] and
/// [`ComparisonType::from_attribute`] read both dialects' attributes).
macro_rules! chlo_enum {
    ($name:ident, $mnemonic:literal) => {
        impl $name {
            /// The CHLO dialect attribute holding this value,
            #[doc = concat!("`#chlo<", $mnemonic, " ...>`.")]
            pub fn chlo_attribute(self, context: &Context) -> Attribute<'_> {
                // SAFETY: a live context; the C API returns an attribute of
                // it (null only for an unknown mnemonic or case, which the
                // unit test rules out for every value).
                let raw = unsafe {
                    crate::ffi::xlaChloEnumAttrGet(context.to_raw(), melior::StringRef::new($mnemonic).to_raw(), self as i32)
                };
                // SAFETY: as above.
                unsafe { Attribute::from_option_raw(raw) }.expect("CHLO has every case of this enum")
            }
        }
    };
}

chlo_enum!(ComparisonDirection, "comparison_direction");
chlo_enum!(ComparisonType, "comparison_type");
chlo_enum!(Precision, "precision");

/// `api_version` of `stablehlo.custom_call`. Unlike the other enums it is
/// stored and printed as a plain integer, `api_version = 4 : i32`, as
/// StableHLO does; absent means `API_VERSION_ORIGINAL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types)] // the names StableHLO uses
pub enum CustomCallApiVersion {
    API_VERSION_UNSPECIFIED = 0,
    API_VERSION_ORIGINAL = 1,
    API_VERSION_STATUS_RETURNING = 2,
    API_VERSION_STATUS_RETURNING_UNIFIED = 3,
    API_VERSION_TYPED_FFI = 4,
}

impl CustomCallApiVersion {
    /// Every value, in order.
    pub const ALL: &'static [CustomCallApiVersion] = &[
        CustomCallApiVersion::API_VERSION_UNSPECIFIED,
        CustomCallApiVersion::API_VERSION_ORIGINAL,
        CustomCallApiVersion::API_VERSION_STATUS_RETURNING,
        CustomCallApiVersion::API_VERSION_STATUS_RETURNING_UNIFIED,
        CustomCallApiVersion::API_VERSION_TYPED_FFI,
    ];

    /// The integer stored in the attribute.
    pub fn value(self) -> i32 {
        self as i32
    }

    /// The value of an integer, if it names one.
    pub fn from_value(value: i64) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| i64::from(v.value()) == value)
    }

    /// The `i32` integer attribute holding this value.
    pub fn attribute(self, context: &Context) -> Attribute<'_> {
        IntegerAttribute::new(IntegerType::new(context, 32).into(), i64::from(self.value())).into()
    }

    /// Reads the value back from its attribute.
    pub fn from_attribute(attribute: Attribute) -> Option<Self> {
        Self::from_value(IntegerAttribute::try_from(attribute).ok()?.value())
    }
}

/// `#stablehlo.dot<...>`: the dimension numbers of `dot_general`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DotDimensionNumbers {
    pub lhs_batching: Vec<i64>,
    pub rhs_batching: Vec<i64>,
    pub lhs_contracting: Vec<i64>,
    pub rhs_contracting: Vec<i64>,
}

impl DotDimensionNumbers {
    /// Reads the attribute (through the C API); `None` for any other
    /// attribute.
    pub fn from_attribute(attribute: Attribute) -> Option<Self> {
        let raw = melior::ir::AttributeLike::to_raw(&attribute);
        let list = |which: i32| -> Option<Vec<i64>> {
            // SAFETY: a live attribute; the size is -1 unless it is a
            // `#stablehlo.dot`, and the elements are read within it.
            let size = unsafe { crate::ffi::xlaDotDimensionNumbersGetSize(raw, which) };
            (size >= 0).then(|| (0..size).map(|i| unsafe { crate::ffi::xlaDotDimensionNumbersGetElement(raw, which, i) }).collect())
        };
        Some(Self { lhs_batching: list(0)?, rhs_batching: list(1)?, lhs_contracting: list(2)?, rhs_contracting: list(3)? })
    }

    /// The attribute in `context`.
    pub fn attribute<'c>(&self, context: &'c Context) -> Option<Attribute<'c>> {
        let (lb, rb, lc, rc) = (&self.lhs_batching, &self.rhs_batching, &self.lhs_contracting, &self.rhs_contracting);
        // SAFETY: a live context and four live slices with their lengths;
        // the attribute belongs to the context.
        let raw = unsafe {
            crate::ffi::xlaDotDimensionNumbersGet(
                context.to_raw(),
                lb.as_ptr(),
                lb.len() as isize,
                rb.as_ptr(),
                rb.len() as isize,
                lc.as_ptr(),
                lc.len() as isize,
                rc.as_ptr(),
                rc.len() as isize,
            )
        };
        // SAFETY: as above.
        unsafe { Attribute::from_option_raw(raw) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::create_context;
    use melior::{
        dialect::func,
        ir::{
            Block, BlockLike, Location, Module, Region, RegionLike, Type, Value,
            attribute::{DenseI64ArrayAttribute, StringAttribute, TypeAttribute},
            operation::OperationLike,
            r#type::FunctionType,
        },
    };

    /// The seed's axpy, built with the typed builders generated from the .td.
    #[test]
    fn typed_builders_build_axpy() {
        let context = create_context();
        let location = Location::unknown(&context);
        let scalar = Type::parse(&context, "tensor<f32>").unwrap();
        let vector = Type::parse(&context, "tensor<8xf32>").unwrap();
        let module = Module::new(location);
        let block = Block::new(&[(scalar, location), (vector, location), (vector, location)]);
        let alpha: Value = block.argument(0).unwrap().into();
        let x: Value = block.argument(1).unwrap().into();
        let y: Value = block.argument(2).unwrap().into();
        let dims = DenseI64ArrayAttribute::new(&context, &[]);
        let broadcast = block.append_operation(broadcast_in_dim(&context, vector, alpha, dims.into(), location).into());
        let product = block.append_operation(
            // Result types of same-type element-wise ops are inferred.
            multiply(&context, broadcast.result(0).unwrap().into(), x, location).into(),
        );
        let sum = block.append_operation(add(&context, product.result(0).unwrap().into(), y, location).into());
        block.append_operation(func::r#return(&[sum.result(0).unwrap().into()], location));
        let region = Region::new();
        region.append_block(block);
        module.body().append_operation(func::func(
            &context,
            StringAttribute::new(&context, "axpy"),
            TypeAttribute::new(FunctionType::new(&context, &[scalar, vector, vector], &[vector]).into()),
            region,
            &[],
            location,
        ));
        assert!(module.as_operation().verify());
        let text = module.as_operation().to_string();
        assert!(text.contains("stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8xf32>"), "{text}");
        assert!(text.contains("stablehlo.multiply %0, %arg1 : tensor<8xf32>"), "{text}");
    }

    #[test]
    fn enum_attributes_round_trip() {
        let context = create_context();
        for &direction in ComparisonDirection::ALL {
            assert_eq!(ComparisonDirection::from_attribute(direction.attribute(&context)), Some(direction));
        }
        for &kind in ComparisonType::ALL {
            assert_eq!(ComparisonType::from_attribute(kind.attribute(&context)), Some(kind));
        }
        assert_eq!("GT".parse::<ComparisonDirection>(), Ok(ComparisonDirection::GT));
        for &precision in Precision::ALL {
            assert_eq!(Precision::from_attribute(precision.attribute(&context)), Some(precision));
            assert_eq!(precision.chlo_attribute(&context).to_string(), format!("#chlo<precision {precision}>"));
        }
        for &direction in ComparisonDirection::ALL {
            let chlo = direction.chlo_attribute(&context);
            assert_eq!(chlo.to_string(), format!("#chlo<comparison_direction {direction}>"));
            assert_eq!(ComparisonDirection::from_attribute(chlo), Some(direction));
        }
        for &kind in ComparisonType::ALL {
            assert_eq!(ComparisonType::from_attribute(kind.chlo_attribute(&context)), Some(kind));
        }
        for &kind in FftType::ALL {
            assert_eq!(FftType::from_attribute(kind.attribute(&context)), Some(kind));
        }
        for &distribution in RngDistribution::ALL {
            assert_eq!(RngDistribution::from_attribute(distribution.attribute(&context)), Some(distribution));
        }
        for &algorithm in RngAlgorithm::ALL {
            assert_eq!(RngAlgorithm::from_attribute(algorithm.attribute(&context)), Some(algorithm));
        }
        for &transpose in Transpose::ALL {
            assert_eq!(Transpose::from_attribute(transpose.attribute(&context)), Some(transpose));
        }
        for &version in CustomCallApiVersion::ALL {
            let attribute = version.attribute(&context);
            assert_eq!(attribute.to_string(), format!("{} : i32", version.value()));
            assert_eq!(CustomCallApiVersion::from_attribute(attribute), Some(version));
        }
        assert_eq!("THREE_FRY".parse::<RngAlgorithm>(), Ok(RngAlgorithm::THREE_FRY));
        let dims = DotDimensionNumbers {
            lhs_batching: vec![0],
            rhs_batching: vec![0],
            lhs_contracting: vec![2, 3],
            rhs_contracting: vec![1, 2],
        };
        assert_eq!(DotDimensionNumbers::from_attribute(dims.attribute(&context).unwrap()), Some(dims));
        let matmul = DotDimensionNumbers { lhs_contracting: vec![1], rhs_contracting: vec![0], ..Default::default() };
        assert_eq!(DotDimensionNumbers::from_attribute(matmul.attribute(&context).unwrap()), Some(matmul));
        assert!("gt".parse::<ComparisonDirection>().is_err());
    }
}
