//! The dynamic-shape ops whose types are all static, rewritten (in the first
//! phase of `stablehlo-legalize-to-linalg`) into their static counterparts;
//! with a dynamic type they fail with "dynamic shapes are not supported yet".
//!
//! ```mlir
//! %r = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
//! // becomes (the shape operand only repeats the result type)
//! %r = stablehlo.reshape %x : (tensor<6xf32>) -> tensor<2x3xf32>
//!
//! // Likewise dynamic_broadcast_in_dim → broadcast_in_dim (same dims),
//! // dynamic_iota → iota, and dynamic_gather → gather, whose slice_sizes
//! // are the operand's values when it is a constant, else read off the
//! // result type (1 in collapsed and batching dimensions).
//!
//! %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<3xf32>, tensor<f32>, tensor<1xi64>, ...) -> tensor<6xf32>
//! // becomes, with %lo = [1], %hi = [0], %in = [1] constants
//! %r = stablehlo.pad %x, %v, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
//! // (dynamic_conv likewise → convolution, its padding from the constant d_padding)
//!
//! %n = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x5xf32>) -> tensor<i32>
//! // becomes
//! %n = stablehlo.constant dense<5> : tensor<i32>
//!
//! %r = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
//! // becomes %x when %n is a constant equal to 4 (a static size cannot change)
//! ```

use super::Rewrite;
use xla_dialects::dimension_numbers::GatherDimensionNumbers;
use crate::builders::{BuildResult, dense_i64_attribute, hlo_int_constant, i64_array_attribute, i64_attribute, static_shape};
use melior::ir::{
    AttributeLike, OperationRef, Type, Value, ValueLike,
    attribute::IntegerAttribute,
    operation::OperationLike,
};

/// The ops of this family.
pub const DYNAMIC_OPS: &[&str] = &[
    "stablehlo.dynamic_reshape",
    "stablehlo.dynamic_broadcast_in_dim",
    "stablehlo.dynamic_iota",
    "stablehlo.dynamic_pad",
    "stablehlo.dynamic_gather",
    "stablehlo.dynamic_conv",
    "stablehlo.get_dimension_size",
    "stablehlo.set_dimension_size",
];

/// The values of `value` when a `stablehlo.constant` of integers (or
/// indices) defines it, row-major.
fn constant_values(value: Value) -> Option<Vec<i64>> {
    let raw = value.to_raw();
    // SAFETY: every query follows the isa check it depends on; the
    // attribute is the constant's dense elements value.
    unsafe {
        if !mlir_sys::mlirValueIsAOpResult(raw) {
            return None;
        }
        let owner = OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(raw));
        if owner.name().as_string_ref().as_str().ok() != Some("stablehlo.constant") {
            return None;
        }
        let attribute = owner.attribute("value").ok()?.to_raw();
        if !mlir_sys::mlirAttributeIsADenseElements(attribute) {
            return None;
        }
        let element = mlir_sys::mlirShapedTypeGetElementType(mlir_sys::mlirAttributeGetType(attribute));
        let count = mlir_sys::mlirElementsAttrGetNumElements(attribute) as isize;
        let width = if mlir_sys::mlirTypeIsAIndex(element) {
            0
        } else if mlir_sys::mlirTypeIsAInteger(element) {
            mlir_sys::mlirIntegerTypeGetWidth(element)
        } else {
            return None;
        };
        (0..count)
            .map(|i| match width {
                0 => Some(mlir_sys::mlirDenseElementsAttrGetIndexValue(attribute, i) as i64),
                8 => Some(mlir_sys::mlirDenseElementsAttrGetInt8Value(attribute, i) as i64),
                16 => Some(mlir_sys::mlirDenseElementsAttrGetInt16Value(attribute, i) as i64),
                32 => Some(mlir_sys::mlirDenseElementsAttrGetInt32Value(attribute, i) as i64),
                64 => Some(mlir_sys::mlirDenseElementsAttrGetInt64Value(attribute, i)),
                _ => None,
            })
            .collect()
    }
}

fn operand<'c, 'a>(op: OperationRef<'c, 'a>, i: usize) -> BuildResult<Value<'c, 'a>> {
    Ok(op.operand(i)?)
}

fn result_type<'c>(op: OperationRef<'c, '_>) -> BuildResult<Type<'c>> {
    Ok(op.result(0)?.r#type())
}

fn integer(op: OperationRef, name: &str) -> BuildResult<i64> {
    op.attribute(name)
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| format!("missing integer attribute {name}")).map_err(crate::error::LowerError::from)
}

/// Checks a shape operand against the static result shape when it is a
/// constant (a run-time value must agree with the type too, or the program
/// is invalid).
fn check_shape_operand(shape: Value, result: &[i64], what: &str) -> BuildResult<()> {
    match constant_values(shape) {
        Some(values) if values != result => {
            Err(format!("{what} {values:?} contradicts the result shape {result:?}").into())
        }
        _ => Ok(()),
    }
}

/// The constant values of operand `i`, or an error naming it.
fn constant_operand(op: OperationRef, i: usize, what: &str) -> BuildResult<Vec<i64>> {
    constant_values(operand(op, i)?).ok_or_else(|| format!("{what} must be a constant (stablehlo.constant) to be lowered")).map_err(crate::error::LowerError::from)
}

/// Rewrites one op of this family (see the module documentation).
pub fn lower_dynamic<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let name = op.name().as_string_ref().as_str()?.to_owned();
    let result = static_shape(result_type(op)?)?;
    match name.as_str() {
        "stablehlo.dynamic_reshape" => {
            let x = operand(op, 0)?;
            static_shape(x.r#type())?;
            check_shape_operand(operand(op, 1)?, &result, "output_shape")?;
            rewrite.replace_with_hlo(op, "stablehlo.reshape", &[x], &[])
        }
        "stablehlo.dynamic_broadcast_in_dim" => {
            let x = operand(op, 0)?;
            static_shape(x.r#type())?;
            check_shape_operand(operand(op, 1)?, &result, "output_dimensions")?;
            let dims = op.attribute("broadcast_dimensions").map_err(|_| "missing broadcast_dimensions".to_string())?;
            rewrite.replace_with_hlo(op, "stablehlo.broadcast_in_dim", &[x], &[("broadcast_dimensions", dims)])
        }
        "stablehlo.dynamic_iota" => {
            check_shape_operand(operand(op, 0)?, &result, "output_shape")?;
            let dim = integer(op, "iota_dimension")?;
            rewrite.replace_with_hlo(op, "stablehlo.iota", &[], &[("iota_dimension", i64_attribute(rewrite.context, dim))])
        }
        "stablehlo.dynamic_pad" => {
            let (x, padding) = (operand(op, 0)?, operand(op, 1)?);
            static_shape(x.r#type())?;
            let low = constant_operand(op, 2, "edge_padding_low")?;
            let high = constant_operand(op, 3, "edge_padding_high")?;
            let interior = constant_operand(op, 4, "interior_padding")?;
            rewrite.replace_with_hlo(
                op,
                "stablehlo.pad",
                &[x, padding],
                &[
                    ("edge_padding_low", i64_array_attribute(rewrite.context, &low)),
                    ("edge_padding_high", i64_array_attribute(rewrite.context, &high)),
                    ("interior_padding", i64_array_attribute(rewrite.context, &interior)),
                ],
            )
        }
        "stablehlo.dynamic_gather" => {
            let (x, indices) = (operand(op, 0)?, operand(op, 1)?);
            let rank = static_shape(x.r#type())?.len();
            static_shape(indices.r#type())?;
            let numbers = op.attribute("dimension_numbers").map_err(|_| "missing dimension_numbers".to_string())?;
            let slice_sizes = match constant_values(operand(op, 2)?) {
                Some(sizes) => sizes,
                None => {
                    // Offset dims of the result hold, in order, the slice
                    // sizes of the operand dims that are neither collapsed
                    // nor batching (the spec's shape function for gather).
                    let dims = GatherDimensionNumbers::from_attribute(numbers)
                        .ok_or("dimension_numbers is not a #stablehlo.gather")?;
                    let offset_dims = dims.offset_dims;
                    let mut dropped = dims.collapsed_slice_dims;
                    dropped.extend(dims.operand_batching_dims);
                    let mut offsets = offset_dims.iter();
                    (0..rank as i64)
                        .map(|d| {
                            if dropped.contains(&d) {
                                return Ok(1);
                            }
                            let at = *offsets.next().ok_or("dynamic_gather has too few offset_dims")?;
                            result.get(at as usize).copied().ok_or_else(|| crate::error::LowerError::from("dynamic_gather offset_dims out of range"))
                        })
                        .collect::<BuildResult<_>>()?
                }
            };
            let mut attributes = vec![("dimension_numbers", numbers), ("slice_sizes", i64_array_attribute(rewrite.context, &slice_sizes))];
            if let Ok(sorted) = op.attribute("indices_are_sorted") {
                attributes.push(("indices_are_sorted", sorted));
            }
            rewrite.replace_with_hlo(op, "stablehlo.gather", &[x, indices], &attributes)
        }
        "stablehlo.dynamic_conv" => {
            let (lhs, rhs) = (operand(op, 0)?, operand(op, 1)?);
            static_shape(lhs.r#type())?;
            static_shape(rhs.r#type())?;
            let padding = constant_operand(op, 2, "d_padding")?;
            if padding.len() % 2 != 0 {
                return Err(format!("d_padding has {} values, not two per spatial dimension", padding.len()).into());
            }
            let padding = dense_i64_attribute(rewrite.context, &padding, &[padding.len() as i64 / 2, 2])?;
            let mut attributes = vec![("padding", padding)];
            for key in [
                "window_strides",
                "lhs_dilation",
                "rhs_dilation",
                "window_reversal",
                "dimension_numbers",
                "feature_group_count",
                "batch_group_count",
                "precision_config",
            ] {
                if let Ok(attribute) = op.attribute(key) {
                    attributes.push((key, attribute));
                }
            }
            rewrite.replace_with_hlo(op, "stablehlo.convolution", &[lhs, rhs], &attributes)
        }
        "stablehlo.get_dimension_size" => {
            let x = operand(op, 0)?;
            let dim = integer(op, "dimension")?;
            let size = *static_shape(x.r#type())?.get(dim as usize).ok_or("dimension out of range")?;
            let constant = rewrite.rewriter.insert(hlo_int_constant(rewrite.context, op.location(), &[size], result_type(op)?)?);
            let value: Value = constant.result(0)?.into();
            rewrite.rewriter.replace_op_with_values(op, &[value]);
            Ok(())
        }
        "stablehlo.set_dimension_size" => {
            let x = operand(op, 0)?;
            let dim = integer(op, "dimension")?;
            let size = *static_shape(x.r#type())?.get(dim as usize).ok_or("dimension out of range")?;
            let requested = constant_operand(op, 1, "the size")?;
            if requested != [size] || x.r#type() != result_type(op)? {
                return Err(format!(
                    "setting dimension {dim} of a static {} to {requested:?} is not supported (only to its static size {size})",
                    x.r#type()
                ).into());
            }
            rewrite.rewriter.replace_op_with_values(op, &[x]);
            Ok(())
        }
        other => Err(format!("'{other}' is not a dynamic-shape op").into()),
    }
}
