//! Buffer layouts at the boundary of compiled code (seed 002, "Shapes and
//! Layout": `minor_to_major`, `padded_dimensions`, `padding_value`).
//!
//! Inside compiled code every buffer is dense and row-major: the last
//! dimension varies fastest, i.e. `minor_to_major = {rank-1, ..., 1, 0}`.
//! A caller whose data is laid out differently (column-major matrices, NHWC
//! images stored as NCHW, rows padded to a multiple of the vector width,
//! ...) names the layout of a parameter or result, and [`apply_layouts`]
//! converts explicitly: it wraps the entry function in one that takes and
//! returns the *physical* arrays (row-major arrays of the permuted, padded
//! shape), cuts the logical array out of a padded parameter
//! (`stablehlo.slice`), transposes to and from the logical shapes
//! (`stablehlo.transpose`), and pads results with their padding value
//! (`stablehlo.pad`). The conversion is thus ordinary compiled code that the
//! lowering optimises like any other op, and nothing else in the pipeline
//! knows about layouts.
//!
//! Example: a `f32[2,3]` parameter with `minor_to_major = {0, 1}` (column
//! major) is passed as the row-major array of shape `[3, 2]`, i.e. the
//! elements in the order `x[0,0], x[1,0], x[0,1], x[1,1], x[0,2], x[1,2]`.
//! With `padded_dimensions = [3, 5]` as well (the seed's example) it is the
//! row-major `[5, 3]` array `a d 0 b e 0 c f 0 0 0 0 0 0 0`: each logical
//! dimension `d` is stored with `padded_dimensions[d]` positions, the
//! logical elements first.

use crate::RuntimeError;
use crate::host_tensor::ElementType;
use melior::{
    Context,
    dialect::func,
    ir::{
        Attribute, Block, BlockLike, Identifier, Location, Module, Operation, Region, RegionLike, Type, TypeLike,
        Value,
        attribute::{DenseElementsAttribute, FlatSymbolRefAttribute, FloatAttribute, StringAttribute, TypeAttribute},
        operation::OperationLike,
        r#type::{FunctionType, RankedTensorType},
    },
};
use std::fmt;

/// What a result's padding positions hold (seed 002's `PaddingValue`). The
/// compiled code never reads the padding of a parameter, so there it only
/// documents what the caller stores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PaddingValue {
    /// Zero (`false`, `0`, `+0.0`, `(0, 0)`).
    #[default]
    Zero,
    /// One (`true`, `1`, `1.0`, `(1, 0)`).
    One,
    /// The type's lowest value: `-inf` for floats, the minimum integer,
    /// `false`.
    Lowest,
    /// The type's highest value: `+inf` for floats, the maximum integer,
    /// `true`.
    Highest,
    /// Unspecified: the caller may not rely on the padding's contents (the
    /// compiled code writes zeros today).
    Unknown,
}

impl PaddingValue {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Zero => "zero",
            Self::One => "one",
            Self::Lowest => "lowest",
            Self::Highest => "highest",
            Self::Unknown => "unknown",
        }
    }

    fn parse(text: &str) -> Result<Self, String> {
        Ok(match text.trim() {
            "zero" => Self::Zero,
            "one" => Self::One,
            "lowest" => Self::Lowest,
            "highest" => Self::Highest,
            "unknown" => Self::Unknown,
            other => return Err(format!("unknown padding value `{other}` (expected zero, one, lowest, highest or unknown)")),
        })
    }

    /// This value for `element`, or why there is none.
    fn scalar(self, element: ElementType) -> Result<Scalar, String> {
        use ElementType::*;
        let extreme = |low: bool| -> Result<Scalar, String> {
            Ok(match element {
                Pred => Scalar::Integer(i128::from(!low)),
                I8 | I16 | I32 | I64 | I2 | I4 => {
                    let bits = match element {
                        I2 => 2,
                        I4 => 4,
                        _ => 8 * element.byte_size() as u32,
                    };
                    Scalar::Integer(if low { -(1i128 << (bits - 1)) } else { (1i128 << (bits - 1)) - 1 })
                }
                U8 | U16 | U32 | U64 | U2 | U4 => {
                    let bits = match element {
                        U2 => 2,
                        U4 => 4,
                        _ => 8 * element.byte_size() as u32,
                    };
                    Scalar::Integer(if low { 0 } else { (1i128 << bits) - 1 })
                }
                F16 | BF16 | F32 | F64 => Scalar::Float(if low { f64::NEG_INFINITY } else { f64::INFINITY }),
                _ => {
                    return Err(format!(
                        "padding value {} is not supported for {} (use zero, one or unknown)",
                        self.as_str(),
                        element.mlir_name()
                    ));
                }
            })
        };
        let unit = |one: bool| match element {
            C64 | C128 => Scalar::Complex(if one { 1.0 } else { 0.0 }),
            F16 | BF16 | F32 | F64 | F8E4M3FN | F8E5M2 | F8E4M3FNUZ | F8E5M2FNUZ | F8E4M3B11FNUZ | F8E3M4 | F8E4M3 | F4E2M1FN
            | F6E2M3FN | F6E3M2FN | F8E8M0FNU => Scalar::Float(if one { 1.0 } else { 0.0 }),
            _ => Scalar::Integer(i128::from(one)),
        };
        match self {
            // f8E8M0FNU has no zero: its smallest value (bits 0x00,
            // 2^-127) stands for it.
            Self::Zero | Self::Unknown if element == F8E8M0FNU => Ok(Scalar::Float(2f64.powi(-127))),
            Self::Zero | Self::Unknown => Ok(unit(false)),
            Self::One => Ok(unit(true)),
            Self::Lowest => extreme(true),
            Self::Highest => extreme(false),
        }
    }
}

/// A padding value of some element type.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Scalar {
    /// For integer types (and `i1`).
    Integer(i128),
    /// For float types (exact in each of them).
    Float(f64),
    /// For complex types: the real part (the imaginary part is zero).
    Complex(f64),
}

impl Scalar {
    /// The `tensor<element>` constant of this value (`element` of the kind
    /// [`PaddingValue::scalar`] chose the value for).
    fn attribute<'c>(self, context: &'c Context, element: Type<'c>) -> Result<Attribute<'c>, String> {
        let ty: Type = RankedTensorType::new(&[], element, None).into();
        let value: Attribute = match self {
            Self::Integer(value) => xla_lowering::builders::integer_attribute(element, value).map_err(|e| e.to_string())?,
            Self::Float(value) => FloatAttribute::new(context, element, value).into(),
            Self::Complex(real) => {
                // SAFETY: a live type; the element type is read only of a
                // complex type.
                let part = unsafe {
                    if !mlir_sys::mlirTypeIsAComplex(element.to_raw()) {
                        return Err(format!("{element} is not a complex type"));
                    }
                    xla_lowering::builders::complex_part(element)
                };
                let bytes: Vec<u8> = if part.is_f64() {
                    [real, 0.0].iter().flat_map(|v| v.to_le_bytes()).collect()
                } else {
                    [real as f32, 0.0].iter().flat_map(|v| v.to_le_bytes()).collect()
                };
                // SAFETY: a live shaped type and the bytes of its one element,
                // which MLIR copies; the attribute belongs to the type's context.
                let raw = unsafe { mlir_sys::mlirDenseElementsAttrRawBufferGet(ty.to_raw(), bytes.len(), bytes.as_ptr().cast()) };
                // SAFETY: as above (null for a buffer of the wrong size).
                return unsafe { Attribute::from_option_raw(raw) }.ok_or_else(|| format!("no padding constant of {ty}"));
            }
        };
        Ok(DenseElementsAttribute::new(ty, &[value]).map_err(|e| e.to_string())?.into())
    }
}

/// A buffer layout: a `minor_to_major` permutation (`minor_to_major[0]` is
/// the logical dimension that varies fastest in memory) and, optionally,
/// the sizes to which the dimensions are padded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub minor_to_major: Vec<usize>,
    /// Per logical dimension, the number of positions stored for it (at
    /// least the dimension's size; `None`: no padding).
    pub padded_dimensions: Option<Vec<usize>>,
    /// What the padding positions of a result hold.
    pub padding_value: PaddingValue,
}

impl Layout {
    /// The default layout of a rank-`rank` array: `{rank-1, ..., 0}`.
    pub fn row_major(rank: usize) -> Self {
        Self::new((0..rank).rev().collect())
    }

    /// A layout without padding.
    pub fn new(minor_to_major: Vec<usize>) -> Self {
        Self { minor_to_major, padded_dimensions: None, padding_value: PaddingValue::Zero }
    }

    /// Parses `1,0` or `{1,0}` (an empty list is the rank-0 layout),
    /// optionally followed by `;padded=D0xD1x...` (one size per logical
    /// dimension) and `;padding=zero|one|lowest|highest|unknown` inside the
    /// braces: `{0,1;padded=3x5;padding=zero}`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let inner = text.trim();
        let inner = inner.strip_prefix('{').and_then(|t| t.strip_suffix('}')).unwrap_or(inner).trim();
        let mut sections = inner.split(';');
        let order = sections.next().unwrap_or("").trim();
        let minor_to_major = if order.is_empty() {
            Vec::new()
        } else {
            order
                .split(',')
                .map(|d| d.trim().parse::<usize>().map_err(|_| format!("invalid layout `{text}`: `{}` is not a dimension number", d.trim())))
                .collect::<Result<_, _>>()?
        };
        let mut layout = Self::new(minor_to_major);
        let mut padding_given = false;
        for section in sections {
            let (key, value) = section
                .split_once('=')
                .ok_or_else(|| format!("invalid layout `{text}`: expected `padded=D0xD1...` or `padding=VALUE`, got `{}`", section.trim()))?;
            match key.trim() {
                "padded" if layout.padded_dimensions.is_none() => {
                    let value = value.trim();
                    let sizes = if value.is_empty() {
                        Vec::new()
                    } else {
                        value
                            .split('x')
                            .map(|d| d.trim().parse::<usize>().map_err(|_| format!("invalid layout `{text}`: `{}` is not a padded size", d.trim())))
                            .collect::<Result<_, _>>()?
                    };
                    layout.padded_dimensions = Some(sizes);
                }
                "padding" if !padding_given => {
                    layout.padding_value = PaddingValue::parse(value).map_err(|e| format!("invalid layout `{text}`: {e}"))?;
                    padding_given = true;
                }
                "padded" | "padding" => return Err(format!("invalid layout `{text}`: `{}` is given twice", key.trim())),
                other => return Err(format!("invalid layout `{text}`: unknown field `{other}` (expected padded or padding)")),
            }
        }
        if padding_given && layout.padded_dimensions.is_none() {
            return Err(format!("invalid layout `{text}`: a padding value needs `padded=...`"));
        }
        Ok(layout)
    }

    /// Checks that the layout is a permutation of `0..rank` and that the
    /// padded sizes cover the logical `shape`.
    pub fn validate(&self, shape: &[usize]) -> Result<(), String> {
        let rank = shape.len();
        let mut seen = vec![false; rank];
        if self.minor_to_major.len() != rank {
            return Err(format!("layout {self} has {} dimensions, but the array has rank {rank}", self.minor_to_major.len()));
        }
        for &d in &self.minor_to_major {
            if d >= rank || std::mem::replace(&mut seen[d], true) {
                return Err(format!("layout {self} is not a permutation of the dimensions 0..{rank}"));
            }
        }
        if let Some(padded) = &self.padded_dimensions {
            if padded.len() != rank {
                return Err(format!("layout {self} pads {} dimensions, but the array has rank {rank}", padded.len()));
            }
            if let Some(d) = (0..rank).find(|&d| padded[d] < shape[d]) {
                return Err(format!("layout {self} pads dimension {d} to {}, less than its size {}", padded[d], shape[d]));
            }
        }
        Ok(())
    }

    /// Row-major and without padding: the buffer is the logical array.
    pub fn is_row_major(&self) -> bool {
        self.has_row_major_order() && self.padded_dimensions.is_none()
    }

    /// `minor_to_major = {rank-1, ..., 0}` (padded or not).
    fn has_row_major_order(&self) -> bool {
        self.minor_to_major.iter().rev().copied().eq(0..self.minor_to_major.len())
    }

    /// Whether some dimension is stored with more positions than its size
    /// (for `logical`); a `padded` list equal to the shape pads nothing.
    pub fn pads(&self, logical: &[usize]) -> bool {
        self.padded_dimensions.as_ref().is_some_and(|padded| padded.as_slice() != logical)
    }

    /// Row-major and padding nothing for `logical`: the buffer is the
    /// logical array, and no conversion is needed.
    pub fn is_identity(&self, logical: &[usize]) -> bool {
        self.has_row_major_order() && !self.pads(logical)
    }

    /// Logical dimensions from the slowest-varying to the fastest.
    pub fn major_to_minor(&self) -> Vec<usize> {
        self.minor_to_major.iter().rev().copied().collect()
    }

    /// Per logical dimension, the positions stored for it: the padded size,
    /// or the dimension's size.
    pub fn stored_shape(&self, logical: &[usize]) -> Vec<usize> {
        self.padded_dimensions.clone().unwrap_or_else(|| logical.to_vec())
    }

    /// Shape of the row-major array that holds a `logical`-shaped array in
    /// this layout: the stored (padded) sizes in major-to-minor order.
    pub fn physical_shape(&self, logical: &[usize]) -> Vec<usize> {
        let stored = self.stored_shape(logical);
        self.major_to_minor().iter().map(|&d| stored[d]).collect()
    }

    /// The logical array's shape with its dimensions in major-to-minor order
    /// (the physical array before padding).
    pub fn permuted_shape(&self, logical: &[usize]) -> Vec<usize> {
        self.major_to_minor().iter().map(|&d| logical[d]).collect()
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dims: Vec<String> = self.minor_to_major.iter().map(|d| d.to_string()).collect();
        write!(f, "{{{}", dims.join(","))?;
        if let Some(padded) = &self.padded_dimensions {
            let sizes: Vec<String> = padded.iter().map(|d| d.to_string()).collect();
            write!(f, ";padded={};padding={}", sizes.join("x"), self.padding_value.as_str())?;
        }
        f.write_str("}")
    }
}

/// An internal error of the wrapper's construction.
fn internal(error: xla_lowering::builders::LowerError) -> RuntimeError {
    RuntimeError::Compile(format!("internal error building the layout wrapper: {error}"))
}

/// The StableHLO op `name` with one result, for the layout wrapper.
fn hlo<'c>(
    context: &'c Context,
    location: Location<'c>,
    name: &str,
    operands: &[Value<'c, '_>],
    result: Type<'c>,
    attributes: &[(&str, Attribute<'c>)],
) -> Result<Operation<'c>, RuntimeError> {
    xla_lowering::builders::hlo_op(context, location, name, operands, &[result], attributes).map_err(internal)
}

/// `tensor<shape x element>`.
fn tensor_type<'c>(element: Type<'c>, shape: &[usize]) -> Type<'c> {
    let dims: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
    RankedTensorType::new(&dims, element, None).into()
}

/// Wraps `entry` in a new public function taking and returning physical
/// arrays in the given layouts (`None` or a row-major layout: unchanged) and
/// returns the wrapper's name. With only row-major layouts the module is left
/// as it is and `entry` is returned.
pub fn apply_layouts<'c>(
    context: &'c Context,
    module: &Module<'c>,
    entry: &str,
    arguments: &[Option<Layout>],
    results: &[Option<Layout>],
) -> Result<String, RuntimeError> {
    let error = |reason: String| RuntimeError::Signature { function: entry.to_owned(), reason };
    let signature = crate::Signature::of(module, entry)?;
    let function = crate::signature::find_function(module, entry).ok_or_else(|| crate::signature::entry_not_found(module, entry))?;
    let function_type = function
        .attribute("function_type")
        .ok()
        .and_then(|a| TypeAttribute::try_from(a).ok())
        .and_then(|a| FunctionType::try_from(a.value()).ok())
        .ok_or_else(|| error("it has no function type".into()))?;
    if function_type.input_count() != signature.inputs.len() || function_type.result_count() != signature.outputs.len() {
        return Err(error("layouts cannot be given for a function with token parameters or results".into()));
    }
    let layout_error = |reason: String| RuntimeError::Layout { function: entry.to_owned(), reason };
    for (given, count, what) in [(arguments, signature.inputs.len(), "parameter"), (results, signature.outputs.len(), "result")] {
        if let Some(index) = given.iter().rposition(Option::is_some).filter(|&i| i >= count) {
            return Err(layout_error(format!("a layout is given for {what} {index}, but the function has {count} {what}(s)")));
        }
    }
    let effective = |layouts: &[Option<Layout>], specs: &[crate::TensorSpec], what: &str| -> Result<Vec<Option<Layout>>, RuntimeError> {
        specs
            .iter()
            .enumerate()
            .map(|(i, spec)| match layouts.get(i).cloned().flatten() {
                Some(layout) => {
                    layout.validate(&spec.shape).map_err(|e| layout_error(format!("{what} {i} ({spec}): {e}")))?;
                    if what == "result" && layout.pads(&spec.shape) {
                        layout.padding_value.scalar(spec.element_type).map_err(|e| layout_error(format!("{what} {i} ({spec}): {e}")))?;
                    }
                    Ok((!layout.is_identity(&spec.shape)).then_some(layout))
                }
                None => Ok(None),
            })
            .collect()
    };
    let arguments = effective(arguments, &signature.inputs, "parameter")?;
    let results = effective(results, &signature.outputs, "result")?;
    if arguments.iter().chain(&results).all(Option::is_none) {
        return Ok(entry.to_owned());
    }

    let mut name = format!("{entry}_layout");
    while crate::signature::find_function(module, &name).is_some() {
        name.push('_');
    }
    let input_types = (0..function_type.input_count()).map(|i| function_type.input(i)).collect::<Result<Vec<_>, _>>().map_err(|e| error(e.to_string()))?;
    let result_types =
        (0..function_type.result_count()).map(|i| function_type.result(i)).collect::<Result<Vec<_>, _>>().map_err(|e| error(e.to_string()))?;
    let element_of = |ty: Type<'c>| xla_lowering::builders::element_type(ty).map_err(internal);
    let location = function.location();
    let array = |values: &[i64]| xla_lowering::builders::i64_array_attribute(context, values);
    let dims = |values: &[usize]| values.iter().map(|&d| d as i64).collect::<Vec<_>>();

    // The wrapper's parameters: physical arrays where a layout is given.
    let mut parameter_types = Vec::new();
    for (i, layout) in arguments.iter().enumerate() {
        parameter_types.push(match layout {
            Some(layout) => tensor_type(element_of(input_types[i])?, &layout.physical_shape(&signature.inputs[i].shape)),
            None => input_types[i],
        });
    }
    let block = Block::new(&parameter_types.iter().map(|&t| (t, location)).collect::<Vec<_>>());
    let mut call_operands: Vec<Value> = Vec::new();
    for (i, (spec, layout)) in signature.inputs.iter().zip(&arguments).enumerate() {
        let mut value: Value = block.argument(i).map_err(|e| error(e.to_string()))?.into();
        if let Some(layout) = layout {
            let element = element_of(input_types[i])?;
            let permuted_shape = layout.permuted_shape(&spec.shape);
            let permuted = tensor_type(element, &permuted_shape);
            if layout.pads(&spec.shape) {
                // The logical elements are the first ones of each dimension.
                let rank = permuted_shape.len();
                let slice = hlo(
                    context,
                    location,
                    "stablehlo.slice",
                    &[value],
                    permuted,
                    &[("start_indices", array(&vec![0; rank])), ("limit_indices", array(&dims(&permuted_shape))), ("strides", array(&vec![1; rank]))],
                )?;
                value = xla_lowering::builders::append(&block, slice).map_err(internal)?;
            }
            if !layout.has_row_major_order() {
                let order = layout.major_to_minor();
                // Logical dim d is physical dim position(d) in major-to-minor order.
                let permutation: Vec<i64> =
                    (0..spec.shape.len()).map(|d| order.iter().position(|&o| o == d).expect("a permutation") as i64).collect();
                let transpose = hlo(context, location, "stablehlo.transpose", &[value], input_types[i], &[("permutation", array(&permutation))])?;
                value = xla_lowering::builders::append(&block, transpose).map_err(internal)?;
            }
        }
        call_operands.push(value);
    }
    let call = block.append_operation(func::call(context, FlatSymbolRefAttribute::new(context, entry), &call_operands, &result_types, location));
    let mut returned: Vec<Value> = Vec::new();
    let mut returned_types = Vec::new();
    for (i, (spec, layout)) in signature.outputs.iter().zip(&results).enumerate() {
        let mut value: Value = call.result(i).map_err(|e| error(e.to_string()))?.into();
        let Some(layout) = layout else {
            returned.push(value);
            returned_types.push(result_types[i]);
            continue;
        };
        let element = element_of(result_types[i])?;
        let physical_shape = layout.physical_shape(&spec.shape);
        let physical = tensor_type(element, &physical_shape);
        let permuted_shape = layout.permuted_shape(&spec.shape);
        let permuted = tensor_type(element, &permuted_shape);
        if !layout.has_row_major_order() {
            let transpose = hlo(context, location, "stablehlo.transpose", &[value], permuted, &[("permutation", array(&dims(&layout.major_to_minor())))])?;
            value = xla_lowering::builders::append(&block, transpose).map_err(internal)?;
        }
        if layout.pads(&spec.shape) {
            let padding = layout.padding_value.scalar(spec.element_type).and_then(|s| s.attribute(context, element)).map_err(layout_error)?;
            let scalar = tensor_type(element, &[]);
            let padding = xla_lowering::builders::append(&block, hlo(context, location, "stablehlo.constant", &[], scalar, &[("value", padding)])?).map_err(internal)?;
            let zeros = vec![0; physical_shape.len()];
            let high: Vec<i64> = physical_shape.iter().zip(&permuted_shape).map(|(p, l)| (p - l) as i64).collect();
            let pad = hlo(
                context,
                location,
                "stablehlo.pad",
                &[value, padding],
                physical,
                &[("edge_padding_low", array(&zeros)), ("edge_padding_high", array(&high)), ("interior_padding", array(&zeros))],
            )?;
            value = xla_lowering::builders::append(&block, pad).map_err(internal)?;
        }
        returned.push(value);
        returned_types.push(physical);
    }
    block.append_operation(func::r#return(&returned, location));
    let region = Region::new();
    region.append_block(block);
    let wrapper = func::func(
        context,
        StringAttribute::new(context, &name),
        TypeAttribute::new(FunctionType::new(context, &parameter_types, &returned_types).into()),
        region,
        &[(Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "public").into())],
        location,
    );
    module.body().append_operation(wrapper);
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::{ElementType, Layout, PaddingValue, Scalar};
    use melior::ir::{Attribute, AttributeLike, ShapedTypeLike, r#type::RankedTensorType};

    #[test]
    fn layouts() {
        let column_major = Layout::parse("{0,1}").unwrap();
        assert!(!column_major.is_row_major());
        assert_eq!(column_major.physical_shape(&[2, 3]), vec![3, 2]);
        assert!(Layout::parse("2, 1, 0").unwrap().is_row_major());
        assert_eq!(Layout::parse("{}").unwrap(), Layout::row_major(0));
        assert!(Layout::parse("0,0").unwrap().validate(&[2, 2]).is_err());
        assert!(Layout::parse("0,1,2").unwrap().validate(&[2, 2]).is_err());
        assert!(Layout::parse("a").is_err());
        let nchw_as_nhwc = Layout::parse("1,3,2,0").unwrap();
        assert_eq!(nchw_as_nhwc.physical_shape(&[8, 3, 32, 32]), vec![8, 32, 32, 3]);
    }

    #[test]
    fn padded_layouts() {
        use super::PaddingValue;
        use crate::host_tensor::ElementType;
        // Seed 002's example: [2 x 3], column-major, padded to [3, 5].
        let seed = Layout::parse("{0,1;padded=3x5}").unwrap();
        assert_eq!(seed.padded_dimensions, Some(vec![3, 5]));
        assert_eq!(seed.padding_value, PaddingValue::Zero);
        assert_eq!(seed.physical_shape(&[2, 3]), vec![5, 3]);
        assert_eq!(seed.permuted_shape(&[2, 3]), vec![3, 2]);
        assert!(seed.validate(&[2, 3]).is_ok());
        assert!(seed.pads(&[2, 3]) && !seed.is_identity(&[2, 3]));
        assert_eq!(seed.to_string(), "{0,1;padded=3x5;padding=zero}");
        assert_eq!(Layout::parse(&seed.to_string()).unwrap(), seed);
        // Padded to the logical sizes: nothing to convert.
        let exact = Layout::parse("{1,0;padded=2x3;padding=one}").unwrap();
        assert!(exact.is_identity(&[2, 3]) && !exact.is_row_major());
        // Errors.
        assert!(Layout::parse("{1,0;padded=2x3}").unwrap().validate(&[2, 4]).unwrap_err().contains("less than its size 4"));
        assert!(Layout::parse("{1,0;padded=2}").unwrap().validate(&[2, 3]).unwrap_err().contains("pads 1 dimensions"));
        assert!(Layout::parse("{1,0;padded=2xq}").unwrap_err().contains("`q` is not a padded size"));
        assert!(Layout::parse("{1,0;padding=one}").unwrap_err().contains("needs `padded=...`"));
        assert!(Layout::parse("{1,0;padded=2x3;padding=two}").unwrap_err().contains("unknown padding value `two`"));
        assert!(Layout::parse("{1,0;padded=2x3;padded=2x3}").unwrap_err().contains("given twice"));
        assert!(Layout::parse("{1,0;tile=8}").unwrap_err().contains("unknown field `tile`"));
        // Padding values per element type.
        assert_eq!(PaddingValue::Lowest.scalar(ElementType::F32).unwrap(), Scalar::Float(f64::NEG_INFINITY));
        assert_eq!(PaddingValue::Highest.scalar(ElementType::I8).unwrap(), Scalar::Integer(127));
        assert_eq!(PaddingValue::Lowest.scalar(ElementType::I4).unwrap(), Scalar::Integer(-8));
        assert_eq!(PaddingValue::Highest.scalar(ElementType::U4).unwrap(), Scalar::Integer(15));
        assert_eq!(PaddingValue::Highest.scalar(ElementType::U64).unwrap(), Scalar::Integer(u64::MAX.into()));
        assert_eq!(PaddingValue::Lowest.scalar(ElementType::I64).unwrap(), Scalar::Integer(i64::MIN.into()));
        assert_eq!(PaddingValue::Lowest.scalar(ElementType::Pred).unwrap(), Scalar::Integer(0));
        assert_eq!(PaddingValue::One.scalar(ElementType::C64).unwrap(), Scalar::Complex(1.0));
        assert!(PaddingValue::Highest.scalar(ElementType::C64).unwrap_err().contains("not supported for complex<f32>"));
        assert!(PaddingValue::Lowest.scalar(ElementType::F8E4M3FN).is_err());
    }

    /// The padding constants are the attributes their MLIR text parses to.
    #[test]
    fn padding_constants_equal_their_parsed_text() {
        use ElementType::*;
        use PaddingValue::*;
        let context = xla_dialects::create_context();
        for (value, element, text) in [
            (Lowest, F32, "dense<0xFF800000> : tensor<f32>"),
            (Highest, F16, "dense<0x7C00> : tensor<f16>"),
            (Highest, BF16, "dense<0x7F80> : tensor<bf16>"),
            (Lowest, F64, "dense<0xFFF0000000000000> : tensor<f64>"),
            (Highest, I8, "dense<127> : tensor<i8>"),
            (Lowest, I4, "dense<-8> : tensor<i4>"),
            (Highest, U8, "dense<255> : tensor<ui8>"),
            (Highest, U64, "dense<18446744073709551615> : tensor<ui64>"),
            (Lowest, I64, "dense<-9223372036854775808> : tensor<i64>"),
            (Lowest, Pred, "dense<false> : tensor<i1>"),
            (One, Pred, "dense<true> : tensor<i1>"),
            (One, C64, "dense<(1.0, 0.0)> : tensor<complex<f32>>"),
            (Zero, C128, "dense<(0.0, 0.0)> : tensor<complex<f64>>"),
            (Zero, F8E8M0FNU, "dense<0x00> : tensor<f8E8M0FNU>"),
            (One, F8E4M3FN, "dense<1.0> : tensor<f8E4M3FN>"),
        ] {
            let parsed = Attribute::parse(&context, text).unwrap_or_else(|| panic!("{text} parses"));
            let ty = RankedTensorType::try_from(parsed.r#type()).expect("a tensor constant");
            let built = value.scalar(element).and_then(|s| s.attribute(&context, ty.element())).unwrap();
            assert_eq!(built, parsed, "{text}");
        }
    }
}
