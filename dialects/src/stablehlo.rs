//! Typed builders for the `stablehlo` dialect, generated from
//! `include/xla/Dialect/StableHLO/StablehloOps.td`, and Rust enums for its
//! enum attributes.

use melior::{
    Context,
    ir::Attribute,
};
use std::{fmt, str::FromStr};

melior::dialect! {
    name: "stablehlo",
    files: ["xla/Dialect/StableHLO/StablehloOps.td"],
    include_directory_env_vars: ["XLA_DIALECTS_INCLUDE_DIR"],
}

macro_rules! hlo_enum {
    ($(#[$doc:meta])* $name:ident, $mnemonic:literal, [$($variant:ident),* $(,)?]) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),* }

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
                let text = format!("#stablehlo<{} {}>", $mnemonic, self.as_str());
                Attribute::parse(context, &text)
                    .expect("every enum keyword is registered by the dialect")
            }

            /// Reads the value back from its attribute.
            pub fn from_attribute(attribute: Attribute) -> Option<Self> {
                let text = attribute.to_string();
                let inner = text
                    .strip_prefix(concat!("#stablehlo<", $mnemonic, " "))?
                    .strip_suffix('>')?;
                inner.parse().ok()
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
    ComparisonDirection, "comparison_direction", [EQ, NE, GE, GT, LE, LT]
);
hlo_enum!(
    /// `compare_type` of `stablehlo.compare`.
    ComparisonType, "comparison_type", [NOTYPE, FLOAT, TOTALORDER, SIGNED, UNSIGNED]
);

