//! Self-checking tests: the `check` dialect's expectations, run on the host.
//!
//! [`instrument`] rewrites an argument-less function so that it returns,
//! for each `check.*` op in order, the actual value and the expected one
//! (a `stablehlo.constant` for the `_const` forms), and removes the check
//! ops; the function then compiles like any other. [`Expectation::evaluate`]
//! compares the two results on the host.
//!
//! ```mlir
//! func.func @t() {
//!   %r = stablehlo.add %a, %b : tensor<2xi32>
//!   check.expect_eq_const %r, dense<[3, 5]> : tensor<2xi32>
//!   return
//! }
//! // becomes
//! func.func @t() -> (tensor<2xi32>, tensor<2xi32>) {
//!   %r = stablehlo.add %a, %b : tensor<2xi32>
//!   %e = stablehlo.constant dense<[3, 5]> : tensor<2xi32>
//!   return %r, %e : tensor<2xi32>, tensor<2xi32>
//! }
//! ```

use crate::host_tensor::{ElementValue as Element, HostTensor};
use melior::ir::{
    AttributeLike, BlockLike, TypeLike, Location, Module, OperationRef, RegionLike, Type, Value, ValueLike,
    attribute::{FloatAttribute, IntegerAttribute},
    operation::OperationLike,
    r#type::FunctionType,
};

/// How an expectation compares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Comparison {
    /// Exactly equal (NaN equals NaN).
    Equal,
    /// Within an absolute tolerance (integers exactly).
    Almost(f64),
    /// Between `min` and `max` ulps apart, counted in the element type
    /// (complex elements: the larger distance of the two parts).
    Ulps { min: u64, max: u64 },
}

/// An ulp bound of `check.expect_close`: the attribute's value (unsigned
/// attributes up to 2^64 - 1, the verifier rejects negative ones), or
/// `default` when absent.
fn ulp_bound(op: OperationRef, name: &str, default: u64) -> u64 {
    let Ok(attribute) = op.attribute(name) else { return default };
    let Ok(integer) = IntegerAttribute::try_from(attribute) else { return default };
    // SAFETY: `attribute` is a live integer attribute; its type is read
    // before the value, which is read as unsigned only for unsigned types.
    unsafe {
        let ty = mlir_sys::mlirAttributeGetType(attribute.to_raw());
        if mlir_sys::mlirIntegerTypeIsUnsigned(ty) {
            mlir_sys::mlirIntegerAttrGetValueUInt(attribute.to_raw())
        } else {
            integer.value().max(0) as u64
        }
    }
}

/// The ulp distance of two complex parts of the same element type (f32
/// parts when `single`), as the distance of their bit patterns mapped to
/// ordered integers.
fn part_ulps(a: f64, e: f64, single: bool) -> u128 {
    let ordered = |value: f64| -> i128 {
        let (bits, width) = if single { (u64::from((value as f32).to_bits()), 32) } else { (value.to_bits(), 64) };
        let sign = 1u64 << (width - 1);
        if bits & sign != 0 { -((bits & !sign) as i128) } else { bits as i128 }
    };
    (ordered(a) - ordered(e)).unsigned_abs()
}

/// One `check.*` op of a function.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// The op's name (`check.expect_eq_const`, ...).
    pub op: String,
    /// `file:line:col` of the op.
    pub location: String,
    pub comparison: Comparison,
}

/// Argument-less functions of `module` that contain `check.*` ops.
pub fn check_functions(module: &Module) -> Vec<String> {
    let mut names = Vec::new();
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op.name().as_string_ref().as_str().ok() != Some("func.func") {
            continue;
        }
        let Some(block) = op.region(0).ok().and_then(|r| r.first_block()) else { continue };
        if block.argument_count() != 0 {
            continue;
        }
        if check_functions_contain(op) {
            if let Some(name) = symbol_name(op) {
                names.push(name);
            }
        }
    }
    names
}

fn check_functions_contain(op: OperationRef) -> bool {
    let mut found = false;
    op.walk(melior::ir::operation::WalkOrder::PreOrder, |inner| {
        if inner.name().as_string_ref().as_str().is_ok_and(|n| n.starts_with("check.")) {
            found = true;
        }
        melior::ir::operation::WalkResult::Advance
    });
    found
}

fn symbol_name(op: OperationRef) -> Option<String> {
    op.attribute("sym_name").ok().and_then(|a| melior::ir::attribute::StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned())
}

/// `loc("file":3:5)` → `file:3:5`.
fn location_text(location: Location) -> String {
    let text = location.to_string();
    let inner = text.trim_start_matches("loc(").trim_end_matches(')');
    match inner.strip_prefix('"').and_then(|rest| rest.split_once('"')) {
        Some((file, position)) => format!("{file}{position}"),
        None => inner.to_owned(),
    }
}

/// Rewrites `function` as described in the module documentation and
/// returns its expectations in order.
pub fn instrument(context: &melior::Context, module: &Module, function: &str) -> Result<Vec<Expectation>, String> {
    let mut func = None;
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op.name().as_string_ref().as_str().ok() == Some("func.func") && symbol_name(op).as_deref() == Some(function) {
            func = Some(op);
        }
    }
    let func = func.ok_or_else(|| format!("no function named `{function}`"))?;
    // The other check functions would not compile (their expectations stay
    // check ops): drop them from this copy of the module.
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        let other = symbol_name(op).is_some_and(|name| name != function);
        if other && check_functions_contain(op) {
            // SAFETY: a top-level function of this module copy; nothing
            // refers to an argument-less test function.
            unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) };
        }
    }
    let region = func.region(0).map_err(|e| e.to_string())?;
    let block = region.first_block().ok_or("the function has no body")?;
    if block.next_in_region().is_some() {
        return Err(format!("`{function}` has several blocks; checks need a single-block function"));
    }
    // Collect the check ops (top level of the body only).
    let mut checks = Vec::new();
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        let name = op.name().as_string_ref().as_str().map_err(|e| e.to_string())?.to_owned();
        if name.starts_with("check.") {
            checks.push((name, op));
        }
    }
    let mut expectations = Vec::new();
    let mut values: Vec<Value> = Vec::new();
    for (name, op) in &checks {
        let mut actual: Value = op.operand(0).map_err(|e| e.to_string())?;
        let index_values = is_index_tensor(actual.r#type());
        if index_values {
            actual = index_to_i64(context, &block, *op, actual)?;
        }
        let expected: Value = if name.ends_with("_const") && index_values {
            // `index` values are compared as i64 (the host has no index type).
            let attribute = op.attribute("value").map_err(|_| format!("{name} has no value"))?;
            let shape = xla_lowering::builders::static_shape(actual.r#type())?;
            let count: i64 = shape.iter().product();
            // SAFETY: the verifier checked the value is an elements attribute
            // of the operand's type (index elements).
            let values: Vec<i64> = (0..count)
                .map(|i| unsafe { mlir_sys::mlirDenseElementsAttrGetIndexValue(attribute.to_raw(), i as isize) as i64 })
                .collect();
            let attribute = xla_lowering::builders::dense_i64_attribute(context, &values, &shape)?;
            let constant = xla_lowering::builders::hlo_op(context, op.location(), "stablehlo.constant", &[], &[actual.r#type()], &[("value", attribute)])?;
            let constant = block.insert_operation_before(*op, constant);
            // SAFETY: the result belongs to an op now in the block.
            unsafe { xla_lowering::builders::detach(constant.result(0).map_err(|e| e.to_string())?) }
        } else if name.ends_with("_const") {
            let attribute = op.attribute("value").map_err(|_| format!("{name} has no value"))?;
            // SAFETY: the verifier checked the value is an elements attribute.
            let ty = unsafe { Type::from_raw(mlir_sys::mlirAttributeGetType(attribute.to_raw())) };
            let constant = xla_lowering::builders::hlo_op(context, op.location(), "stablehlo.constant", &[], &[ty], &[("value", attribute)])?;
            let constant = block.insert_operation_before(*op, constant);
            // SAFETY: the result belongs to an op now in the block.
            unsafe { xla_lowering::builders::detach(constant.result(0).map_err(|e| e.to_string())?) }
        } else if index_values {
            index_to_i64(context, &block, *op, op.operand(1).map_err(|e| e.to_string())?)?
        } else {
            op.operand(1).map_err(|e| e.to_string())?
        };
        let comparison = match name.as_str() {
            "check.expect_eq" | "check.expect_eq_const" => Comparison::Equal,
            "check.expect_almost_eq" | "check.expect_almost_eq_const" => Comparison::Almost(
                op.attribute("tolerance").ok().and_then(|a| FloatAttribute::try_from(a).ok()).map(|f| f.value()).unwrap_or(1e-4),
            ),
            "check.expect_close" => Comparison::Ulps {
                min: ulp_bound(*op, "min_ulp_difference", 0),
                max: ulp_bound(*op, "max_ulp_difference", 3),
            },
            other => return Err(format!("unknown check op '{other}'")),
        };
        expectations.push(Expectation { op: name.clone(), location: location_text(op.location()), comparison });
        values.push(actual);
        values.push(expected);
    }
    // The new terminator returns the checked values.
    let terminator = block.terminator().ok_or("the function has no terminator")?;
    let location = terminator.location();
    let returned = melior::dialect::func::r#return(&values, location);
    block.insert_operation_before(terminator, returned);
    // SAFETY: the old terminator and the check ops have no uses and are not
    // referenced again.
    unsafe {
        mlir_sys::mlirOperationDestroy(terminator.to_raw());
        for (_, op) in checks {
            mlir_sys::mlirOperationDestroy(op.to_raw());
        }
    }
    let types: Vec<Type> = values.iter().map(|v| v.r#type()).collect();
    let function_type = FunctionType::new(context, &[], &types);
    let name = std::ffi::CString::new("function_type").expect("no NUL");
    // SAFETY: `func` is live; the attribute belongs to its context.
    unsafe {
        mlir_sys::mlirOperationSetAttributeByName(
            func.to_raw(),
            mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()),
            mlir_sys::mlirTypeAttrGet(Type::from(function_type).to_raw()),
        );
        // Result attributes (jax.result_info, ...) described the old results.
        let res_attrs = std::ffi::CString::new("res_attrs").expect("no NUL");
        mlir_sys::mlirOperationRemoveAttributeByName(func.to_raw(), mlir_sys::mlirStringRefCreateFromCString(res_attrs.as_ptr()));
    }
    Ok(expectations)
}

/// Whether `ty` is a tensor of `index` elements.
fn is_index_tensor(ty: Type) -> bool {
    xla_lowering::builders::element_type(ty).is_ok_and(|element| element.is_index())
}

/// A static tensor of `index` values as i64 values (each element extracted
/// and cast, then `tensor.from_elements`), inserted before `before`.
fn index_to_i64<'c>(
    context: &'c melior::Context,
    block: &melior::ir::BlockRef<'c, '_>,
    before: OperationRef<'c, '_>,
    value: Value<'c, '_>,
) -> Result<Value<'c, 'c>, String> {
    use xla_lowering::builders::{index_constant, scalar, static_shape, tensor_extract, tensor_from_elements};
    let location = before.location();
    let shape = static_shape(value.r#type())?;
    let i64_type: Type = melior::ir::r#type::IntegerType::new(context, 64).into();
    let insert = |op: melior::ir::Operation<'c>| -> Result<Value<'c, 'c>, String> {
        let op = block.insert_operation_before(before, op);
        // SAFETY: the result belongs to an op now in the block.
        Ok(unsafe { xla_lowering::builders::detach(op.result(0).map_err(|e| e.to_string())?) })
    };
    let count: i64 = shape.iter().product();
    let mut elements = Vec::with_capacity(count as usize);
    for linear in 0..count {
        let mut indices = Vec::with_capacity(shape.len());
        let mut rest = linear;
        let mut position = vec![0; shape.len()];
        for d in (0..shape.len()).rev() {
            position[d] = rest % shape[d];
            rest /= shape[d];
        }
        for p in position {
            indices.push(insert(index_constant(context, location, p)?)?);
        }
        let element = insert(tensor_extract(location, value, &indices)?)?;
        elements.push(insert(scalar(location, "arith.index_cast", &[element], i64_type)?)?);
    }
    let ty = melior::ir::r#type::RankedTensorType::new(&shape.iter().map(|&d| d as u64).collect::<Vec<_>>(), i64_type, None);
    insert(tensor_from_elements(location, &elements, ty.into())?)
}

fn float_matches(a: f64, e: f64, comparison: Comparison) -> bool {
    if a.is_nan() || e.is_nan() {
        return a.is_nan() && e.is_nan();
    }
    match comparison {
        Comparison::Almost(tolerance) if a.is_finite() && e.is_finite() => (a - e).abs() <= tolerance,
        _ => a == e,
    }
}

impl Expectation {
    /// Compares `actual` with `expected`; the error names the first
    /// differing elements.
    pub fn evaluate(&self, actual: &HostTensor, expected: &HostTensor) -> Result<(), String> {
        if actual.element_type != expected.element_type || actual.shape != expected.shape {
            return Err(format!(
                "got {}{:?}, expected {}{:?}",
                actual.element_type.mlir_name(),
                actual.shape,
                expected.element_type.mlir_name(),
                expected.shape
            ));
        }
        let mut differences = Vec::new();
        let mut count = 0usize;
        for (index, (a, e)) in actual.element_values().into_iter().zip(expected.element_values()).enumerate() {
            let matches = match (a, e) {
                (Element::Int(a), Element::Int(e)) => a == e,
                (Element::Float { value: a, ordered: ao, .. }, Element::Float { value: e, ordered: eo, .. }) => match self.comparison {
                    Comparison::Ulps { min, max } => {
                        if a.is_nan() || e.is_nan() {
                            a.is_nan() && e.is_nan()
                        } else {
                            (u128::from(min)..=u128::from(max)).contains(&(ao - eo).unsigned_abs())
                        }
                    }
                    comparison => float_matches(a, e, comparison),
                },
                (Element::Complex(ar, ai), Element::Complex(er, ei)) => match self.comparison {
                    // The distance of a complex pair is the larger of its
                    // parts' (a NaN part matches only a NaN part).
                    Comparison::Ulps { min, max } => {
                        let single = actual.element_type == crate::host_tensor::ElementType::C64;
                        let parts = [(ar, er), (ai, ei)];
                        let nans_match = parts.iter().all(|&(a, e)| a.is_nan() == e.is_nan());
                        let distance = parts
                            .iter()
                            .filter(|(a, _)| !a.is_nan())
                            .map(|&(a, e)| part_ulps(a, e, single))
                            .max()
                            .unwrap_or(0);
                        nans_match && (u128::from(min)..=u128::from(max)).contains(&distance)
                    }
                    comparison => float_matches(ar, er, comparison) && float_matches(ai, ei, comparison),
                },
                _ => false,
            };
            if !matches {
                count += 1;
                if differences.len() < 4 {
                    differences.push(format!("at {}: got {a}, expected {e}", crate::host_tensor::position(index, &actual.shape)));
                }
            }
        }
        if count == 0 {
            return Ok(());
        }
        let how = match self.comparison {
            Comparison::Equal => "exactly".to_string(),
            Comparison::Almost(tolerance) => format!("within {tolerance}"),
            Comparison::Ulps { min: 0, max } => format!("within {max} ulp"),
            Comparison::Ulps { min, max } => format!("within {min} to {max} ulp"),
        };
        Err(format!("{count} of {} element(s) differ ({how}); {}", actual.num_elements(), differences.join("; ")))
    }
}
