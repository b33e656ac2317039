//! `iota`, `concatenate` and `slice`.
//!
//! ```mlir
//! %i = stablehlo.iota dim = 0 : tensor<4xf32>
//! // becomes linalg.generic outs(%e) { %k = linalg.index 0; %n = arith.index_cast %k : index to i64;
//! //                                   %f = arith.sitofp %n : i64 to f32; linalg.yield %f }
//! %c = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
//! // becomes tensor.insert_slice %a into %e[0] [2] [1], then %b into the result at [2] [3] [1]
//! %s = stablehlo.slice %x [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
//! // becomes tensor.extract_slice %x[1, 0] [2, 2] [1, 2]
//! ```

use super::Rewrite;
use crate::builders::{
    BuildResult, append, element_type, extract_slice, identity_map, insert_slice, integer_type, linalg_index,
    parallel_generic, scalar, static_shape, tensor_empty,
};
use crate::element::ElementKind;
use melior::ir::{
    OperationRef, Type, Value, ValueLike,
    attribute::{DenseI64ArrayAttribute, IntegerAttribute},
    operation::OperationLike,
};

fn integer_attribute(op: OperationRef, name: &str) -> BuildResult<i64> {
    op.attribute(name)
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| format!("missing integer attribute {name}"))
}

fn array_attribute(op: OperationRef, name: &str) -> BuildResult<Vec<i64>> {
    let array = op
        .attribute(name)
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
        .ok_or_else(|| format!("missing array attribute {name}"))?;
    (0..array.len()).map(|i| array.element(i).map_err(|e| e.to_string())).collect()
}

/// Lowers `stablehlo.iota`.
pub fn lower_iota<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let result_type = op.result(0).map_err(|e| e.to_string())?.r#type();
    let rank = static_shape(result_type)?.len();
    let dim = integer_attribute(op, "iota_dimension")? as usize;
    let element = element_type(result_type)?;
    let kind = ElementKind::of(element);
    if !matches!(kind, Some(ElementKind::Pred | ElementKind::SignlessInt(_) | ElementKind::Float(_))) {
        return Err(format!("iota of element type {element} is not supported yet"));
    }
    rewrite.replace_with_init(op, result_type, |init| {
        parallel_generic(context, location, &[], init, vec![identity_map(context, rank)?], result_type, |block, _| {
            let index = append(block, linalg_index(location, dim)?)?;
            match kind {
                Some(ElementKind::Float(_)) => {
                    let i64_type: Type = integer_type(context, 64)?;
                    let wide = append(block, scalar(location, "arith.index_cast", &[index], i64_type)?)?;
                    append(block, scalar(location, "arith.sitofp", &[wide], element)?)
                }
                _ => append(block, scalar(location, "arith.index_cast", &[index], element)?),
            }
        })
    })
}

/// Lowers `stablehlo.concatenate`.
pub fn lower_concatenate<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let location = op.location();
    let result_type = op.result(0).map_err(|e| e.to_string())?.r#type();
    static_shape(result_type)?;
    let dim = integer_attribute(op, "dimension")? as usize;
    let inputs: Vec<Value> = op.operands().collect();
    let shapes = inputs.iter().map(|v| static_shape(v.r#type())).collect::<BuildResult<Vec<_>>>()?;
    let empty = rewrite.rewriter.insert(tensor_empty(location, result_type)?);
    let mut current: Value = empty.result(0).map_err(|e| e.to_string())?.into();
    let mut offset = 0i64;
    for (input, shape) in inputs.iter().zip(&shapes) {
        let mut offsets = vec![0i64; shape.len()];
        offsets[dim] = offset;
        let inserted = rewrite.rewriter.insert(insert_slice(location, *input, current, &offsets, shape)?);
        current = inserted.result(0).map_err(|e| e.to_string())?.into();
        offset += shape[dim];
    }
    rewrite.rewriter.replace_op_with_values(op, &[current]);
    Ok(())
}

/// Lowers `stablehlo.slice`.
pub fn lower_slice<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let location = op.location();
    let operand: Value = op.operand(0).map_err(|e| e.to_string())?;
    static_shape(operand.r#type())?;
    let result_type = op.result(0).map_err(|e| e.to_string())?.r#type();
    let sizes = static_shape(result_type)?;
    let starts = array_attribute(op, "start_indices")?;
    let strides = array_attribute(op, "strides")?;
    let slice = rewrite.rewriter.insert(extract_slice(location, operand, &starts, &sizes, &strides, result_type)?);
    let result: Value = slice.result(0).map_err(|e| e.to_string())?.into();
    rewrite.rewriter.replace_op_with_values(op, &[result]);
    Ok(())
}
