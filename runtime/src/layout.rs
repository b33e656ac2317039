//! Buffer layouts at the boundary of compiled code (seed 002, "Shapes and
//! Layout").
//!
//! Inside compiled code every buffer is dense and row-major: the last
//! dimension varies fastest, i.e. `minor_to_major = {rank-1, ..., 1, 0}`.
//! A caller whose data is laid out differently (column-major matrices, NHWC
//! images stored as NCHW, ...) names the layout of a parameter or result
//! as a `minor_to_major` permutation, and [`apply_layouts`] converts
//! explicitly: it wraps the entry function in one that takes and returns
//! the *physical* arrays (row-major arrays of the permuted shape) and
//! transposes them to and from the logical shapes with `stablehlo.transpose`.
//! The conversion is thus ordinary compiled code that the lowering
//! optimises like any other op, and nothing else in the pipeline knows about
//! layouts.
//!
//! Example: a `f32[2,3]` parameter with `minor_to_major = {0, 1}` (column
//! major) is passed as the row-major array of shape `[3, 2]`, i.e. the
//! elements in the order `x[0,0], x[1,0], x[0,1], x[1,1], x[0,2], x[1,2]`.

use crate::RuntimeError;
use melior::{
    Context,
    ir::{BlockLike, Module, attribute::TypeAttribute, operation::OperationLike, r#type::FunctionType},
};
use std::fmt;

/// A `minor_to_major` permutation: `minor_to_major[0]` is the logical
/// dimension that varies fastest in memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub minor_to_major: Vec<usize>,
}

impl Layout {
    /// The default layout of a rank-`rank` array: `{rank-1, ..., 0}`.
    pub fn row_major(rank: usize) -> Self {
        Self { minor_to_major: (0..rank).rev().collect() }
    }

    /// Parses `1,0` or `{1,0}` (an empty list is the rank-0 layout).
    pub fn parse(text: &str) -> Result<Self, String> {
        let inner = text.trim();
        let inner = inner.strip_prefix('{').and_then(|t| t.strip_suffix('}')).unwrap_or(inner).trim();
        if inner.is_empty() {
            return Ok(Self { minor_to_major: Vec::new() });
        }
        let minor_to_major = inner
            .split(',')
            .map(|d| d.trim().parse::<usize>().map_err(|_| format!("invalid layout `{text}`: `{}` is not a dimension number", d.trim())))
            .collect::<Result<_, _>>()?;
        Ok(Self { minor_to_major })
    }

    /// Checks that the layout is a permutation of `0..rank`.
    pub fn validate(&self, rank: usize) -> Result<(), String> {
        let mut seen = vec![false; rank];
        if self.minor_to_major.len() != rank {
            return Err(format!("layout {self} has {} dimensions, but the array has rank {rank}", self.minor_to_major.len()));
        }
        for &d in &self.minor_to_major {
            if d >= rank || std::mem::replace(&mut seen[d], true) {
                return Err(format!("layout {self} is not a permutation of the dimensions 0..{rank}"));
            }
        }
        Ok(())
    }

    pub fn is_row_major(&self) -> bool {
        *self == Self::row_major(self.minor_to_major.len())
    }

    /// Logical dimensions from the slowest-varying to the fastest.
    pub fn major_to_minor(&self) -> Vec<usize> {
        self.minor_to_major.iter().rev().copied().collect()
    }

    /// Shape of the row-major array that holds a `logical`-shaped array in
    /// this layout.
    pub fn physical_shape(&self, logical: &[usize]) -> Vec<usize> {
        self.major_to_minor().iter().map(|&d| logical[d]).collect()
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dims: Vec<String> = self.minor_to_major.iter().map(|d| d.to_string()).collect();
        write!(f, "{{{}}}", dims.join(","))
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
                    layout.validate(spec.shape.len()).map_err(|e| layout_error(format!("{what} {i} ({spec}): {e}")))?;
                    Ok((!layout.is_row_major()).then_some(layout))
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
                let physical = retyped(spec.element_type.mlir_name(), &layout.physical_shape(&spec.shape));
                // Logical dim d is physical dim position(d) in major-to-minor order.
                let order = layout.major_to_minor();
                let permutation: Vec<String> =
                    (0..spec.shape.len()).map(|d| order.iter().position(|&o| o == d).expect("a permutation").to_string()).collect();
                parameters.push(format!("%p{i}: {physical}"));
                body.push_str(&format!(
                    "    %a{i} = stablehlo.transpose %p{i}, dims = [{}] : ({physical}) -> {}\n",
                    permutation.join(", "),
                    input_types[i]
                ));
                call_operands.push(format!("%a{i}"));
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
                let physical = retyped(spec.element_type.mlir_name(), &layout.physical_shape(&spec.shape));
                let order: Vec<String> = layout.major_to_minor().iter().map(|d| d.to_string()).collect();
                body.push_str(&format!(
                    "    %o{i} = stablehlo.transpose %r#{i}, dims = [{}] : ({}) -> {physical}\n",
                    order.join(", "),
                    result_types[i]
                ));
                returned.push(format!("%o{i}"));
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
        assert!(Layout::parse("0,0").unwrap().validate(2).is_err());
        assert!(Layout::parse("0,1,2").unwrap().validate(2).is_err());
        assert!(Layout::parse("a").is_err());
        let nchw_as_nhwc = Layout::parse("1,3,2,0").unwrap();
        assert_eq!(nchw_as_nhwc.physical_shape(&[8, 3, 32, 32]), vec![8, 32, 32, 3]);
    }
}
