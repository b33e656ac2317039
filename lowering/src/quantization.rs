//! `xla-lower-quantized`: quantized tensors (`!quant.uniform` elements)
//! become their storage integers, and every quantized op the arithmetic the
//! StableHLO specification defines for it. Runs first in the front end
//! (before CHLO and the linalg lowering), so nothing after it sees a
//! quantized type.
//!
//! Three steps over the module:
//!
//! 1. **dequantize → op → quantize.** Every StableHLO op with quantized
//!    operands or results other than the ones that keep the storage
//!    integers ([`KEEPS_STORAGE`]: the element-moving ops such as reshape,
//!    gather, dynamic_slice or dynamic_reshape, constants, bitcast_convert and
//!    get_dimension_size, the ops with regions such as
//!    reduce, sort, scatter, while and if, whose body ops are themselves
//!    lowered here, tuples, host transfer, and the collectives but
//!    collective_permute and collective_broadcast) computes in
//!    floating point, as the spec's
//!    `dequantize_op_quantize` says: each quantized operand goes through
//!    `stablehlo.uniform_dequantize`, the op computes on the expressed
//!    type, each quantized result comes out of `stablehlo.uniform_quantize`.
//!    A quantized `is_finite` becomes the constant `true` (the spec's
//!    result for quantized types).
//!    A requantizing `uniform_quantize` (quantized operand) gets a
//!    dequantized operand the same way. Hybrid ops (float lhs, quantized
//!    rhs, float result) dequantize the quantized operand only.
//! 2. **quantize / dequantize as arithmetic** (the spec's `dequantize` and
//!    `quantize`; per-axis parameters are 1-D constants broadcast along the
//!    quantization dimension):
//!    - `dequantize(x) = convert(convert(x, i32) - zero_point, expressed) * scale`
//!      (i64 for 32-bit storage: the difference is exact, where the spec's
//!      subtraction in the storage type could wrap);
//!    - `quantize(x) = convert(round_nearest_even(clamp(storage_min,
//!      x / scale + zero_point, storage_max)), storage)`, in the expressed
//!      type: division by the scale (not multiplication by its inverse),
//!      clamping before rounding, ties to even.
//! 3. **storage types.** Every remaining quantized value (function
//!    arguments and results, calls, the ops that keep the storage integers,
//!    region block arguments, tuple types) is retyped to
//!    its storage type: `iN` for signed storage, `uiN` for unsigned (then
//!    the signedness legalization of `stablehlo-legalize-to-linalg` takes
//!    over). This is also how quantized tensors cross the runtime ABI: as
//!    their storage integers.
//!
//! An op of another dialect with a quantized type is an error at its
//! location.
//!
//! ```mlir
//! %r = stablehlo.add %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, ...) -> tensor<4x!quant.uniform<i8:f32, 1.0:0>>
//! // becomes, with %a, %b : tensor<4xi8>,
//! %0 = stablehlo.convert %a : (tensor<4xi8>) -> tensor<4xi32>
//! %1 = stablehlo.subtract %0, %zp : tensor<4xi32>
//! %2 = stablehlo.convert %1 : (tensor<4xi32>) -> tensor<4xf32>
//! %3 = stablehlo.multiply %2, %scale : tensor<4xf32>
//! ... (the same for %b), %s = stablehlo.add %3, %7 : tensor<4xf32>
//! %q = stablehlo.divide %s, ... ; add zero point ; clamp ; round_nearest_even
//! %r = stablehlo.convert %q : (tensor<4xf32>) -> tensor<4xi8>
//! ```

use crate::{builders::hlo_op, diagnostics::emit_error};
use melior::{
    Context,
    ir::{
        Attribute, AttributeLike, Location, Operation, OperationRef, Type, TypeLike, Value,
        attribute::DenseI64ArrayAttribute,
        operation::{OperationLike, WalkOrder, WalkResult},
    },
    pass::{ExternalPass, Pass},
};
use mlir_sys::{MlirOperation, MlirType, MlirValue};

/// The parameters of a `!quant.uniform` element type.
#[derive(Clone, Debug)]
pub struct QuantParams {
    /// Storage integer width in bits.
    pub storage_bits: u32,
    pub signed: bool,
    pub storage_min: i64,
    pub storage_max: i64,
    /// The float type the integers stand for.
    pub expressed: MlirType,
    /// One scale and zero point (per-tensor), or one per slice of `axis`.
    pub scales: Vec<f64>,
    pub zero_points: Vec<i64>,
    pub axis: Option<usize>,
}

/// The parameters of `element` when it is a uniform quantized type.
pub fn quant_params(element: MlirType) -> Option<QuantParams> {
    // SAFETY: queries on a valid type; the quantized accessors follow the
    // isa checks for their kind.
    unsafe {
        let per_tensor = mlir_sys::mlirTypeIsAUniformQuantizedType(element);
        let per_axis = mlir_sys::mlirTypeIsAUniformQuantizedPerAxisType(element);
        if !per_tensor && !per_axis {
            return None;
        }
        let storage = mlir_sys::mlirQuantizedTypeGetStorageType(element);
        if !mlir_sys::mlirTypeIsAInteger(storage) {
            return None;
        }
        let (scales, zero_points, axis) = if per_tensor {
            (
                vec![mlir_sys::mlirUniformQuantizedTypeGetScale(element)],
                vec![mlir_sys::mlirUniformQuantizedTypeGetZeroPoint(element)],
                None,
            )
        } else {
            let n = mlir_sys::mlirUniformQuantizedPerAxisTypeGetNumDims(element);
            (
                (0..n).map(|i| mlir_sys::mlirUniformQuantizedPerAxisTypeGetScale(element, i)).collect(),
                (0..n).map(|i| mlir_sys::mlirUniformQuantizedPerAxisTypeGetZeroPoint(element, i)).collect(),
                Some(mlir_sys::mlirUniformQuantizedPerAxisTypeGetQuantizedDimension(element) as usize),
            )
        };
        Some(QuantParams {
            storage_bits: mlir_sys::mlirIntegerTypeGetWidth(storage),
            signed: mlir_sys::mlirQuantizedTypeIsSigned(element),
            storage_min: mlir_sys::mlirQuantizedTypeGetStorageTypeMin(element),
            storage_max: mlir_sys::mlirQuantizedTypeGetStorageTypeMax(element),
            expressed: mlir_sys::mlirQuantizedTypeGetExpressedType(element),
            scales,
            zero_points,
            axis,
        })
    }
}

/// The element type and shape of a ranked tensor type.
fn tensor_parts(ty: MlirType) -> Option<(MlirType, Vec<i64>)> {
    // SAFETY: queries on a valid type, after the isa check.
    unsafe {
        if !mlir_sys::mlirTypeIsARankedTensor(ty) {
            return None;
        }
        let rank = mlir_sys::mlirShapedTypeGetRank(ty);
        let shape = (0..rank).map(|i| mlir_sys::mlirShapedTypeGetDimSize(ty, i as isize)).collect();
        Some((mlir_sys::mlirShapedTypeGetElementType(ty), shape))
    }
}

/// The parameters of a quantized tensor type's elements.
fn tensor_quant(ty: MlirType) -> Option<QuantParams> {
    quant_params(tensor_parts(ty)?.0)
}

/// A ranked tensor of `shape` and `element`.
fn tensor_of(shape: &[i64], element: MlirType) -> MlirType {
    // SAFETY: building a tensor type from a valid element type; no encoding.
    unsafe { mlir_sys::mlirRankedTensorTypeGet(shape.len() as isize, shape.as_ptr(), element, mlir_sys::mlirAttributeGetNull()) }
}

/// The storage integer type of quantized elements: `iN` (StableHLO's
/// signed integers) or `uiN`.
fn storage_element(context: mlir_sys::MlirContext, params: &QuantParams) -> MlirType {
    // SAFETY: integer type constructors on a live context.
    unsafe {
        if params.signed {
            mlir_sys::mlirIntegerTypeGet(context, params.storage_bits)
        } else {
            mlir_sys::mlirIntegerTypeUnsignedGet(context, params.storage_bits)
        }
    }
}

/// `ty` with quantized elements replaced by their storage type: a ranked
/// tensor of quantized elements, or a tuple or function type with such
/// elements, inputs or results (`None` when there is nothing to change).
/// The type in which a quantized tensor crosses the runtime ABI.
pub fn storage_type(ty: Type) -> Option<Type> {
    // SAFETY: `ty` is a valid type; the result lives in its context.
    unsafe { storage_raw(ty.to_raw()).map(|t| Type::from_raw(t)) }
}

fn storage_raw(ty: MlirType) -> Option<MlirType> {
    // SAFETY: queries and constructors on valid types in a live context.
    unsafe {
        let context = mlir_sys::mlirTypeGetContext(ty);
        if let Some((element, shape)) = tensor_parts(ty) {
            let params = quant_params(element)?;
            return Some(tensor_of(&shape, storage_element(context, &params)));
        }
        if mlir_sys::mlirTypeIsATuple(ty) {
            let elements: Vec<MlirType> =
                (0..mlir_sys::mlirTupleTypeGetNumTypes(ty)).map(|i| mlir_sys::mlirTupleTypeGetType(ty, i)).collect();
            if elements.iter().all(|t| storage_raw(*t).is_none()) {
                return None;
            }
            let elements: Vec<MlirType> = elements.iter().map(|t| storage_raw(*t).unwrap_or(*t)).collect();
            return Some(mlir_sys::mlirTupleTypeGet(context, elements.len() as isize, elements.as_ptr()));
        }
        if mlir_sys::mlirTypeIsAFunction(ty) {
            let inputs: Vec<MlirType> =
                (0..mlir_sys::mlirFunctionTypeGetNumInputs(ty)).map(|i| mlir_sys::mlirFunctionTypeGetInput(ty, i)).collect();
            let results: Vec<MlirType> =
                (0..mlir_sys::mlirFunctionTypeGetNumResults(ty)).map(|i| mlir_sys::mlirFunctionTypeGetResult(ty, i)).collect();
            if inputs.iter().chain(&results).all(|t| storage_raw(*t).is_none()) {
                return None;
            }
            let map = |ts: &[MlirType]| ts.iter().map(|t| storage_raw(*t).unwrap_or(*t)).collect::<Vec<_>>();
            let (inputs, results) = (map(&inputs), map(&results));
            return Some(mlir_sys::mlirFunctionTypeGet(
                context,
                inputs.len() as isize,
                inputs.as_ptr(),
                results.len() as isize,
                results.as_ptr(),
            ));
        }
        None
    }
}

/// StableHLO ops that keep the storage integers: they move, copy, select or
/// transfer elements (their quantized operands and results have the same
/// quantization, verified), or carry regions whose own ops are the quantized
/// computation (reduce's body `add` is itself lowered as dequantize → add →
/// quantize; the region's block arguments and `stablehlo.return` carry
/// storage integers after step 3). A constant's `value` already holds the
/// storage integers.
const KEEPS_STORAGE: &[&str] = &[
    // element moving
    "stablehlo.reshape",
    "stablehlo.transpose",
    "stablehlo.broadcast_in_dim",
    "stablehlo.slice",
    "stablehlo.concatenate",
    "stablehlo.pad",
    "stablehlo.reverse",
    "stablehlo.gather",
    "stablehlo.dynamic_slice",
    "stablehlo.dynamic_update_slice",
    "stablehlo.dynamic_reshape",
    "stablehlo.dynamic_broadcast_in_dim",
    "stablehlo.dynamic_pad",
    "stablehlo.dynamic_gather",
    "stablehlo.constant",
    "stablehlo.get_dimension_size",
    "stablehlo.bitcast_convert",
    // regions (the body computes)
    "stablehlo.return",
    "stablehlo.scatter",
    "stablehlo.reduce",
    "stablehlo.reduce_window",
    "stablehlo.select_and_scatter",
    "stablehlo.sort",
    "stablehlo.map",
    "stablehlo.while",
    "stablehlo.if",
    "stablehlo.case",
    // values passed through
    "stablehlo.optimization_barrier",
    "stablehlo.tuple",
    "stablehlo.get_tuple_element",
    "stablehlo.custom_call",
    "stablehlo.composite",
    "stablehlo.send",
    "stablehlo.recv",
    "stablehlo.infeed",
    "stablehlo.outfeed",
    // collectives (all_reduce and reduce_scatter compute in their regions).
    // Not collective_permute and collective_broadcast: a process that
    // receives nothing gets `quantize(0)`, the zero point, which their
    // dequantize → op → quantize gives (on the storage integers it would get
    // 0); what a process receives is exact, as quantize(dequantize(x)) = x.
    "stablehlo.all_gather",
    "stablehlo.all_reduce",
    "stablehlo.reduce_scatter",
    "stablehlo.all_to_all",
];

/// Ops of other dialects that may carry quantized values through unchanged.
const PASSES_THROUGH: &[&str] = &["func.func", "func.return", "func.call"];

/// The name of a raw operation handle (through [`crate::op_name`]).
fn raw_op_name(op: MlirOperation) -> String {
    // SAFETY: `op` is live; the name is copied.
    crate::op_name(&unsafe { OperationRef::from_raw(op) })
}

fn has_quantized_types(op: MlirOperation) -> bool {
    // SAFETY: `op` is live; its operands and results are valid values.
    unsafe {
        (0..mlir_sys::mlirOperationGetNumOperands(op))
            .any(|i| tensor_quant(mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetOperand(op, i))).is_some())
            || (0..mlir_sys::mlirOperationGetNumResults(op))
                .any(|i| tensor_quant(mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(op, i))).is_some())
    }
}

/// Inserts ops next to one anchor op.
struct Inserter<'c> {
    context: &'c Context,
    location: Location<'c>,
    block: mlir_sys::MlirBlock,
    anchor: MlirOperation,
}

use crate::builders::BuildResult;

impl<'c> Inserter<'c> {
    fn new(context: &'c Context, anchor: MlirOperation) -> Self {
        // SAFETY: `anchor` is a live op in a block.
        unsafe {
            Self {
                context,
                location: Location::from_raw(mlir_sys::mlirOperationGetLocation(anchor)),
                block: mlir_sys::mlirOperationGetBlock(anchor),
                anchor,
            }
        }
    }

    /// Inserts `op` before the anchor; its first result.
    fn before(&self, op: Operation<'c>) -> MlirValue {
        // SAFETY: the block owns the inserted op from now on; the anchor is in it.
        unsafe {
            let raw = op.into_raw();
            mlir_sys::mlirBlockInsertOwnedOperationBefore(self.block, self.anchor, raw);
            mlir_sys::mlirOperationGetResult(raw, 0)
        }
    }

    /// A StableHLO op `name` before the anchor.
    fn hlo(&self, name: &str, operands: &[MlirValue], result: MlirType, built: &[(&str, Attribute<'c>)]) -> BuildResult<MlirValue> {
        // SAFETY: the values and the type are live in this context.
        let operands: Vec<Value> = operands.iter().map(|v| unsafe { Value::from_raw(*v) }).collect();
        let result = unsafe { Type::from_raw(result) };
        Ok(self.before(hlo_op(self.context, self.location, name, &operands, &[result], built)?))
    }

    /// A tensor of `shape` holding, per element, the value of its slice of
    /// `axis` (`values` has one entry per slice), or `values[0]` everywhere
    /// without an axis. Floats go through `float_attr`, integers through
    /// `int_attr`.
    fn per_element(&self, values: &[Attribute<'c>], element: MlirType, shape: &[i64], axis: Option<usize>) -> BuildResult<MlirValue> {
        let full = tensor_of(shape, element);
        match axis {
            None => {
                // SAFETY: a splat of a scalar attribute of the tensor's element type.
                let splat = unsafe { Attribute::from_raw(mlir_sys::mlirDenseElementsAttrSplatGet(full, values[0].to_raw())) };
                self.hlo("stablehlo.constant", &[], full, &[("value", splat)])
            }
            Some(axis) => {
                let vector = tensor_of(&[values.len() as i64], element);
                let raw: Vec<mlir_sys::MlirAttribute> = values.iter().map(|a| a.to_raw()).collect();
                // SAFETY: one attribute of the element type per element.
                let dense = unsafe { Attribute::from_raw(mlir_sys::mlirDenseElementsAttrGet(vector, raw.len() as isize, raw.as_ptr())) };
                let constant = self.hlo("stablehlo.constant", &[], vector, &[("value", dense)])?;
                let dims: Attribute = DenseI64ArrayAttribute::new(self.context, &[axis as i64]).into();
                self.hlo("stablehlo.broadcast_in_dim", &[constant], full, &[("broadcast_dimensions", dims)])
            }
        }
    }

    fn float_attr(&self, element: MlirType, value: f64) -> Attribute<'c> {
        // SAFETY: a float attribute of a float type in this context (the
        // value is rounded to the type).
        unsafe { Attribute::from_raw(mlir_sys::mlirFloatAttrDoubleGet(self.context.to_raw(), element, value)) }
    }

    fn int_attr(&self, element: MlirType, value: i64) -> Attribute<'c> {
        // SAFETY: an integer attribute of an integer type.
        unsafe { Attribute::from_raw(mlir_sys::mlirIntegerAttrGet(element, value)) }
    }

    /// The spec's `dequantize` of `x` (quantized tensor of `shape`).
    fn dequantize(&self, x: MlirValue, params: &QuantParams, shape: &[i64]) -> BuildResult<MlirValue> {
        // SAFETY: integer type constructor on a live context.
        let wide = unsafe { mlir_sys::mlirIntegerTypeGet(self.context.to_raw(), if params.storage_bits >= 32 { 64 } else { 32 }) };
        let wide_tensor = tensor_of(shape, wide);
        let float_tensor = tensor_of(shape, params.expressed);
        let widened = self.hlo("stablehlo.convert", &[x], wide_tensor, &[])?;
        let zero_points: Vec<Attribute> = params.zero_points.iter().map(|z| self.int_attr(wide, *z)).collect();
        let zero_points = self.per_element(&zero_points, wide, shape, params.axis)?;
        let shifted = self.hlo("stablehlo.subtract", &[widened, zero_points], wide_tensor, &[])?;
        let expressed = self.hlo("stablehlo.convert", &[shifted], float_tensor, &[])?;
        let scales: Vec<Attribute> = params.scales.iter().map(|s| self.float_attr(params.expressed, *s)).collect();
        let scales = self.per_element(&scales, params.expressed, shape, params.axis)?;
        self.hlo("stablehlo.multiply", &[expressed, scales], float_tensor, &[])
    }

    /// The spec's `quantize` of the float tensor `x` into storage integers.
    fn quantize(&self, x: MlirValue, params: &QuantParams, shape: &[i64]) -> BuildResult<MlirValue> {
        let float = params.expressed;
        let float_tensor = tensor_of(shape, float);
        let scales: Vec<Attribute> = params.scales.iter().map(|s| self.float_attr(float, *s)).collect();
        let scales = self.per_element(&scales, float, shape, params.axis)?;
        let scaled = self.hlo("stablehlo.divide", &[x, scales], float_tensor, &[])?;
        let zero_points: Vec<Attribute> = params.zero_points.iter().map(|z| self.float_attr(float, *z as f64)).collect();
        let zero_points = self.per_element(&zero_points, float, shape, params.axis)?;
        let shifted = self.hlo("stablehlo.add", &[scaled, zero_points], float_tensor, &[])?;
        let min = self.per_element(&[self.float_attr(float, params.storage_min as f64)], float, &[], None)?;
        let max = self.per_element(&[self.float_attr(float, params.storage_max as f64)], float, &[], None)?;
        let clamped = self.hlo("stablehlo.clamp", &[min, shifted, max], float_tensor, &[])?;
        let rounded = self.hlo("stablehlo.round_nearest_even", &[clamped], float_tensor, &[])?;
        // SAFETY: the context is live.
        let storage = storage_element(unsafe { mlir_sys::mlirTypeGetContext(float) }, params);
        self.hlo("stablehlo.convert", &[rounded], tensor_of(shape, storage), &[])
    }
}

/// `is_finite` of a quantized tensor: the spec's result is always true
/// (dequantizing could overflow a narrow expressed type, so it is not
/// computed).
fn is_finite_of_quantized(context: &Context, op: MlirOperation) -> BuildResult<()> {
    let at = Inserter::new(context, op);
    // SAFETY: `op` is a live is_finite with one result; it is erased after
    // its uses moved to the constant.
    unsafe {
        let result = mlir_sys::mlirOperationGetResult(op, 0);
        let shape = tensor_parts(mlir_sys::mlirValueGetType(result)).map(|p| p.1).ok_or("is_finite without a ranked result")?;
        let i1 = mlir_sys::mlirIntegerTypeGet(context.to_raw(), 1);
        let all_true = at.per_element(&[at.int_attr(i1, 1)], i1, &shape, None)?;
        mlir_sys::mlirValueReplaceAllUsesOfWith(result, all_true);
        mlir_sys::mlirOperationDestroy(op);
    }
    Ok(())
}

/// Step 1 for one op: dequantized operands, float results requantized.
fn dequantize_op_quantize(context: &Context, op: MlirOperation) -> BuildResult<()> {
    let at = Inserter::new(context, op);
    // SAFETY: `op` and its values are live; the inserted ops go into its block.
    unsafe {
        for i in 0..mlir_sys::mlirOperationGetNumOperands(op) {
            let operand = mlir_sys::mlirOperationGetOperand(op, i);
            let ty = mlir_sys::mlirValueGetType(operand);
            let Some(params) = tensor_quant(ty) else { continue };
            let shape = tensor_parts(ty).map(|p| p.1).unwrap_or_default();
            let float = at.hlo("stablehlo.uniform_dequantize", &[operand], tensor_of(&shape, params.expressed), &[])?;
            mlir_sys::mlirOperationSetOperand(op, i, float);
        }
        if raw_op_name(op) == "stablehlo.uniform_quantize" {
            return Ok(());
        }
        for i in 0..mlir_sys::mlirOperationGetNumResults(op) {
            let result = mlir_sys::mlirOperationGetResult(op, i);
            let ty = mlir_sys::mlirValueGetType(result);
            let Some(params) = tensor_quant(ty) else { continue };
            let shape = tensor_parts(ty).map(|p| p.1).unwrap_or_default();
            mlir_sys::mlirValueSetType(result, tensor_of(&shape, params.expressed));
            let requantize = hlo_op(
                context,
                at.location,
                "stablehlo.uniform_quantize",
                &[Value::from_raw(result)],
                &[Type::from_raw(ty)],
                &[],
            )?
            .into_raw();
            mlir_sys::mlirBlockInsertOwnedOperationAfter(at.block, op, requantize);
            let quantized = mlir_sys::mlirOperationGetResult(requantize, 0);
            mlir_sys::mlirValueReplaceAllUsesOfWith(result, quantized);
            // (that also made the new op its own operand)
            mlir_sys::mlirOperationSetOperand(requantize, 0, result);
        }
    }
    Ok(())
}

/// Step 2 for one `uniform_quantize` (float operand by now) or
/// `uniform_dequantize`; `quantized_type` is the quantized type of its
/// result or operand, read before any of these ops was lowered (lowering a
/// `uniform_quantize` retypes the operand of the `uniform_dequantize` that
/// uses it).
fn lower_conversion(context: &Context, op: MlirOperation, quantize: bool, quantized_type: MlirType) -> BuildResult<()> {
    let at = Inserter::new(context, op);
    // SAFETY: `op` and its values are live; it is erased after its uses
    // moved to the replacement.
    unsafe {
        let operand = mlir_sys::mlirOperationGetOperand(op, 0);
        let result = mlir_sys::mlirOperationGetResult(op, 0);
        let params = tensor_quant(quantized_type).ok_or("internal error: the op has no quantized type")?;
        let shape = tensor_parts(quantized_type).map(|p| p.1).unwrap_or_default();
        let replacement = if quantize { at.quantize(operand, &params, &shape)? } else { at.dequantize(operand, &params, &shape)? };
        mlir_sys::mlirValueReplaceAllUsesOfWith(result, replacement);
        mlir_sys::mlirOperationDestroy(op);
    }
    Ok(())
}

/// A quantized `stablehlo.constant` (its result now of the storage type):
/// its `value` holds the storage integers, of the storage width but maybe
/// of another signedness (`i8` for `u8` storage); the same bits are
/// reinterpreted as the result type.
fn retype_constant_value(op: MlirOperation) -> BuildResult<()> {
    // SAFETY: `op` is a live stablehlo.constant with one result and a
    // `value` elements attribute; the raw data of a dense attribute holds
    // one element (splat) or all of them, in the byte size the type implies.
    unsafe {
        let result = mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(op, 0));
        let name = std::ffi::CString::new("value").expect("no NUL");
        let name = mlir_sys::mlirStringRefCreateFromCString(name.as_ptr());
        let value = mlir_sys::mlirOperationGetAttributeByName(op, name);
        if mlir_sys::mlirTypeEqual(mlir_sys::mlirAttributeGetType(value), result) {
            return Ok(());
        }
        if !mlir_sys::mlirAttributeIsADenseElements(value) {
            return Err("the value of a quantized constant must be a dense integer literal".into());
        }
        let element = mlir_sys::mlirShapedTypeGetElementType(result);
        let bytes = (mlir_sys::mlirIntegerTypeGetWidth(element) as usize).div_ceil(8);
        let count = if mlir_sys::mlirDenseElementsAttrIsSplat(value) { 1 } else { mlir_sys::mlirElementsAttrGetNumElements(value) as usize };
        let data = mlir_sys::mlirDenseElementsAttrGetRawData(value);
        let retyped = mlir_sys::mlirDenseElementsAttrRawBufferGet(result, bytes * count, data);
        mlir_sys::mlirOperationSetAttributeByName(op, name, retyped);
    }
    Ok(())
}

/// The three steps over `module`; false after an error was reported.
pub fn lower_quantized(context: &Context, module: OperationRef) -> bool {
    let mut any = false;
    let mut unsupported = None;
    module.walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        if has_quantized_types(raw) {
            any = true;
            let name = raw_op_name(raw);
            if !name.starts_with("stablehlo.") && !PASSES_THROUGH.contains(&name.as_str()) && unsupported.is_none() {
                unsupported = Some((op.location().to_raw(), name));
            }
        }
        WalkResult::Advance
    });
    // (function signatures count too)
    module.walk(WalkOrder::PreOrder, |op| {
        if op.name().as_string_ref().as_str() == Ok("func.func") {
            if let Ok(attribute) = op.attribute("function_type") {
                // SAFETY: func.func's function_type is a TypeAttr.
                let ty = unsafe { mlir_sys::mlirTypeAttrGetValue(attribute.to_raw()) };
                any |= storage_raw(ty).is_some();
            }
        }
        WalkResult::Advance
    });
    if let Some((location, name)) = unsupported {
        // SAFETY: the location of a live op of this module.
        let location = unsafe { Location::from_raw(location) };
        emit_error(location, &format!("'{name}' has quantized operands or results, which only StableHLO ops and func.call/func.return may have"));
        return false;
    }
    if !any {
        return true;
    }
    let collect = |pick: &dyn Fn(&str) -> bool| {
        let mut ops = Vec::new();
        module.walk(WalkOrder::PreOrder, |op| {
            let raw = op.to_raw();
            if pick(&raw_op_name(raw)) && has_quantized_types(raw) {
                ops.push((raw, op.location().to_raw()));
            }
            WalkResult::Advance
        });
        ops
    };
    let report = |location: mlir_sys::MlirLocation, message: crate::error::LowerError| {
        // SAFETY: the location of an op of this module (locations are
        // uniqued in the context and outlive the op).
        emit_error(unsafe { Location::from_raw(location) }, &format!("cannot lower the quantized op: {message}"));
        false
    };
    // 1. dequantize → op → quantize.
    for (op, location) in collect(&|name: &str| {
        name.starts_with("stablehlo.") && name != "stablehlo.uniform_dequantize" && !KEEPS_STORAGE.contains(&name)
    }) {
        let lowered = if raw_op_name(op) == "stablehlo.is_finite" {
            is_finite_of_quantized(context, op)
        } else {
            dequantize_op_quantize(context, op)
        };
        if let Err(message) = lowered {
            return report(location, message);
        }
    }
    // 2. The conversions as arithmetic.
    let conversions: Vec<_> = collect(&|name: &str| name == "stablehlo.uniform_quantize" || name == "stablehlo.uniform_dequantize")
        .into_iter()
        .map(|(op, location)| {
            let quantize = raw_op_name(op) == "stablehlo.uniform_quantize";
            // SAFETY: the op is live and has one operand and one result.
            let quantized_type = unsafe {
                if quantize {
                    mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(op, 0))
                } else {
                    mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetOperand(op, 0))
                }
            };
            (op, location, quantize, quantized_type)
        })
        .collect();
    for (op, location, quantize, quantized_type) in conversions {
        if let Err(message) = lower_conversion(context, op, quantize, quantized_type) {
            return report(location, message);
        }
    }
    // 3. Storage types everywhere else.
    // (the storage type has the quantized type's shape)
    let constants = collect(&|name: &str| name == "stablehlo.constant");
    module.walk(WalkOrder::PreOrder, |op| {
        crate::signedness::retype_definitions(op, &storage_raw);
        WalkResult::Advance
    });
    for (op, location) in constants {
        if let Err(message) = retype_constant_value(op) {
            return report(location, message);
        }
    }
    true
}

/// The pass (see the module documentation).
pub fn create_lower_quantized_pass() -> Pass {
    external_pass!(
        |module: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            let context = crate::context_of(module.context());
            if !lower_quantized(context, module) {
                pass.signal_failure();
            }
        },
        "LowerQuantized",
        "xla-lower-quantized",
        "Quantized StableHLO ops as integer/float StableHLO (the spec's dequantize → op → quantize); quantized tensors as their storage integers",
        "builtin.module",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parameters read through the C API, from a context made like every
    /// tool's (which must load the `quant` dialect).
    #[test]
    fn params_and_storage_types() {
        let context = xla_dialects::create_context();
        let parse = |text: &str| Type::parse(&context, text).unwrap_or_else(|| panic!("{text} does not parse"));
        let ty = parse("tensor<2x3x!quant.uniform<u8<1:254>:f32:1, {0.5:1, 0.25:2, 1.0:3}>>");
        let params = tensor_quant(ty.to_raw()).expect("a quantized tensor");
        assert_eq!((params.storage_bits, params.signed), (8, false));
        assert_eq!((params.storage_min, params.storage_max), (1, 254));
        assert_eq!(params.scales, vec![0.5, 0.25, 1.0]);
        assert_eq!(params.zero_points, vec![1, 2, 3]);
        assert_eq!(params.axis, Some(1));
        assert_eq!(storage_type(ty).map(|t| t.to_string()), Some("tensor<2x3xui8>".into()));

        let ty = parse("tensor<4x!quant.uniform<i16:f64, 0.125:-7>>");
        let params = tensor_quant(ty.to_raw()).expect("a quantized tensor");
        assert_eq!((params.storage_bits, params.signed), (16, true));
        assert_eq!((params.storage_min, params.storage_max), (-32768, 32767));
        assert_eq!((params.scales.clone(), params.zero_points.clone(), params.axis), (vec![0.125], vec![-7], None));
        // SAFETY: the expressed type is a valid type of this context.
        assert_eq!(unsafe { Type::from_raw(params.expressed) }.to_string(), "f64");
        assert_eq!(storage_type(ty).map(|t| t.to_string()), Some("tensor<4xi16>".into()));

        let function = parse("(tensor<2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>");
        assert_eq!(
            storage_type(function).map(|t| t.to_string()),
            Some("(tensor<2xi8>, tensor<2xf32>) -> tensor<2xi8>".into())
        );
        let tuple = parse("tuple<tensor<2x!quant.uniform<u8:f32, 0.5:0>>, tensor<f32>, tuple<tensor<!quant.uniform<i8:f32, 1.0:0>>>>");
        assert_eq!(
            storage_type(tuple).map(|t| t.to_string()),
            Some("tuple<tensor<2xui8>, tensor<f32>, tuple<tensor<i8>>>".into())
        );
        assert!(storage_type(parse("tuple<tensor<2xf32>>")).is_none());
        assert!(storage_type(parse("tensor<2xf32>")).is_none());
    }
}
