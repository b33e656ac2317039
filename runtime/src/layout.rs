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
    ir::{BlockLike, Module, attribute::TypeAttribute, operation::OperationLike, r#type::FunctionType},
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

    /// The `dense<...>` literal of this value for `element`, or why there
    /// is none.
    fn literal(self, element: ElementType) -> Result<String, String> {
        use ElementType::*;
        let extreme = |low: bool| -> Result<String, String> {
            Ok(match element {
                Pred => (!low).to_string(),
                I8 | I16 | I32 | I64 | I2 | I4 => {
                    let bits = match element {
                        I2 => 2,
                        I4 => 4,
                        _ => 8 * element.byte_size() as u32,
                    };
                    if low { (-(1i128 << (bits - 1))).to_string() } else { ((1i128 << (bits - 1)) - 1).to_string() }
                }
                U8 | U16 | U32 | U64 | U2 | U4 => {
                    let bits = match element {
                        U2 => 2,
                        U4 => 4,
                        _ => 8 * element.byte_size() as u32,
                    };
                    if low { "0".into() } else { ((1u128 << bits) - 1).to_string() }
                }
                // Infinities by their bit patterns.
                F16 => (if low { "0xFC00" } else { "0x7C00" }).into(),
                BF16 => (if low { "0xFF80" } else { "0x7F80" }).into(),
                F32 => (if low { "0xFF800000" } else { "0x7F800000" }).into(),
                F64 => (if low { "0xFFF0000000000000" } else { "0x7FF0000000000000" }).into(),
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
            Pred => one.to_string(),
            C64 | C128 => (if one { "(1.0, 0.0)" } else { "(0.0, 0.0)" }).to_string(),
            F16 | BF16 | F32 | F64 | F8E4M3FN | F8E5M2 | F8E4M3FNUZ | F8E5M2FNUZ | F8E4M3B11FNUZ | F8E3M4 | F8E4M3 | F4E2M1FN
            | F6E2M3FN | F6E3M2FN | F8E8M0FNU => (if one { "1.0" } else { "0.0" }).to_string(),
            _ => (if one { "1" } else { "0" }).to_string(),
        };
        match self {
            // f8E8M0FNU has no zero: its smallest value stands for it.
            Self::Zero | Self::Unknown if element == F8E8M0FNU => Ok("0x00".into()),
            Self::Zero | Self::Unknown => Ok(unit(false)),
            Self::One => Ok(unit(true)),
            Self::Lowest => extreme(true),
            Self::Highest => extreme(false),
        }
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

/// `tensor<d0xd1x...xelement>` of the tensor type `ty` with its dimensions
/// replaced by `shape`.
fn retyped(element: &str, shape: &[usize]) -> String {
    let mut text = String::from("tensor<");
    for d in shape {
        text.push_str(&format!("{d}x"));
    }
    text.push_str(element);
    text.push('>');
    text
}

/// Wraps `entry` in a new public function taking and returning physical
/// arrays in the given layouts (`None` or a row-major layout: unchanged) and
/// returns the wrapper's name. With only row-major layouts the module is left
/// as it is and `entry` is returned.
pub fn apply_layouts(
    context: &Context,
    module: &Module,
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
                        layout.padding_value.literal(spec.element_type).map_err(|e| layout_error(format!("{what} {i} ({spec}): {e}")))?;
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
    let types = |count: usize, get: &dyn Fn(usize) -> Result<String, RuntimeError>| (0..count).map(get).collect::<Result<Vec<_>, _>>();
    let input_types = types(function_type.input_count(), &|i| function_type.input(i).map(|t| t.to_string()).map_err(|e| error(e.to_string())))?;
    let result_types = types(function_type.result_count(), &|i| function_type.result(i).map(|t| t.to_string()).map_err(|e| error(e.to_string())))?;

    let mut body = String::new();
    let mut parameters = Vec::new();
    let mut call_operands = Vec::new();
    for (i, (spec, layout)) in signature.inputs.iter().zip(&arguments).enumerate() {
        match layout {
            Some(layout) => {
                let element = spec.element_type.mlir_name();
                let physical = retyped(element, &layout.physical_shape(&spec.shape));
                parameters.push(format!("%p{i}: {physical}"));
                let mut value = format!("%p{i}");
                let permuted_shape = layout.permuted_shape(&spec.shape);
                let permuted = retyped(element, &permuted_shape);
                if layout.pads(&spec.shape) {
                    // The logical elements are the first ones of each dimension.
                    let ranges: Vec<String> = permuted_shape.iter().map(|d| format!("0:{d}")).collect();
                    body.push_str(&format!("    %s{i} = stablehlo.slice {value} [{}] : ({physical}) -> {permuted}\n", ranges.join(", ")));
                    value = format!("%s{i}");
                }
                if !layout.has_row_major_order() {
                    let order = layout.major_to_minor();
                    // Logical dim d is physical dim position(d) in major-to-minor order.
                    let permutation: Vec<String> =
                        (0..spec.shape.len()).map(|d| order.iter().position(|&o| o == d).expect("a permutation").to_string()).collect();
                    body.push_str(&format!(
                        "    %a{i} = stablehlo.transpose {value}, dims = [{}] : ({permuted}) -> {}\n",
                        permutation.join(", "),
                        input_types[i]
                    ));
                    value = format!("%a{i}");
                }
                call_operands.push(value);
            }
            None => {
                parameters.push(format!("%p{i}: {}", input_types[i]));
                call_operands.push(format!("%p{i}"));
            }
        }
    }
    let call_results = if result_types.is_empty() { String::new() } else { format!("%r:{} = ", result_types.len()) };
    body.push_str(&format!(
        "    {call_results}func.call @{entry}({}) : ({}) -> ({})\n",
        call_operands.join(", "),
        input_types.join(", "),
        result_types.join(", ")
    ));
    let mut returned = Vec::new();
    let mut returned_types = Vec::new();
    for (i, (spec, layout)) in signature.outputs.iter().zip(&results).enumerate() {
        match layout {
            Some(layout) => {
                let element = spec.element_type.mlir_name();
                let physical_shape = layout.physical_shape(&spec.shape);
                let physical = retyped(element, &physical_shape);
                let permuted_shape = layout.permuted_shape(&spec.shape);
                let permuted = retyped(element, &permuted_shape);
                let mut value = format!("%r#{i}");
                if !layout.has_row_major_order() {
                    let dims: Vec<String> = layout.major_to_minor().iter().map(|d| d.to_string()).collect();
                    body.push_str(&format!(
                        "    %o{i} = stablehlo.transpose {value}, dims = [{}] : ({}) -> {permuted}\n",
                        dims.join(", "),
                        result_types[i]
                    ));
                    value = format!("%o{i}");
                }
                if layout.pads(&spec.shape) {
                    let literal = layout.padding_value.literal(spec.element_type).map_err(layout_error)?;
                    let zeros = vec!["0"; physical_shape.len()].join(", ");
                    let high: Vec<String> = physical_shape.iter().zip(&permuted_shape).map(|(p, l)| (p - l).to_string()).collect();
                    body.push_str(&format!("    %v{i} = stablehlo.constant dense<{literal}> : tensor<{element}>\n"));
                    body.push_str(&format!(
                        "    %q{i} = stablehlo.pad {value}, %v{i}, low = [{zeros}], high = [{}], interior = [{zeros}] : ({permuted}, tensor<{element}>) -> {physical}\n",
                        high.join(", ")
                    ));
                    value = format!("%q{i}");
                }
                returned.push(value);
                returned_types.push(physical);
            }
            None => {
                returned.push(format!("%r#{i}"));
                returned_types.push(result_types[i].clone());
            }
        }
    }
    let returns = if returned.is_empty() { String::new() } else { format!(" {} : {}", returned.join(", "), returned_types.join(", ")) };
    // The declaration of `entry` lets the wrapper verify on its own; only
    // the wrapper moves into `module`.
    let text = format!(
        "module {{\n  func.func private @{entry}({}) -> ({})\n  func.func public @{name}({}) -> ({}) {{\n{body}    func.return{returns}\n  }}\n}}\n",
        input_types.join(", "),
        result_types.join(", "),
        parameters.join(", "),
        returned_types.join(", ")
    );
    let wrapper = Module::parse(context, &text)
        .ok_or_else(|| RuntimeError::Compile(format!("internal error: the layout wrapper does not parse:\n{text}")))?;
    let op = wrapper
        .body()
        .first_operation()
        .and_then(|declaration| declaration.next_in_block())
        .ok_or_else(|| RuntimeError::Compile("internal error: empty layout wrapper".into()))?;
    // SAFETY: `op` is a live top-level op of `wrapper`; it is detached and
    // handed to `module`'s body, which then owns it, before `wrapper` (which
    // then no longer contains it) is destroyed. Both belong to `context`.
    unsafe {
        let raw = op.to_raw();
        mlir_sys::mlirOperationRemoveFromParent(raw);
        mlir_sys::mlirBlockAppendOwnedOperation(module.body().to_raw(), raw);
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::Layout;

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
        assert_eq!(PaddingValue::Lowest.literal(ElementType::F32).unwrap(), "0xFF800000");
        assert_eq!(PaddingValue::Highest.literal(ElementType::I8).unwrap(), "127");
        assert_eq!(PaddingValue::Lowest.literal(ElementType::I4).unwrap(), "-8");
        assert_eq!(PaddingValue::Highest.literal(ElementType::U4).unwrap(), "15");
        assert_eq!(PaddingValue::Highest.literal(ElementType::U64).unwrap(), u64::MAX.to_string());
        assert_eq!(PaddingValue::Lowest.literal(ElementType::I64).unwrap(), i64::MIN.to_string());
        assert_eq!(PaddingValue::Lowest.literal(ElementType::Pred).unwrap(), "false");
        assert_eq!(PaddingValue::One.literal(ElementType::C64).unwrap(), "(1.0, 0.0)");
        assert!(PaddingValue::Highest.literal(ElementType::C64).unwrap_err().contains("not supported for complex<f32>"));
        assert!(PaddingValue::Lowest.literal(ElementType::F8E4M3FN).is_err());
    }
}
