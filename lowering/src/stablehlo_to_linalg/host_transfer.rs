//! Host transfers: `infeed`, `outfeed`, and `send` / `recv` with
//! `is_host_transfer = true`, as calls of the runtime's
//! `xla_host_transfer` (see `runtime/src/host_transfer.rs` for what the
//! runtime does with them).
//!
//! ```c
//! // kind: 0 infeed, 1 outfeed, 2 send to the host, 3 receive from the host.
//! // buffers: `count` addresses of dense row-major buffers, one per tensor
//! // (written for 0 and 3, read for 1 and 2). info: `info_len` bytes, NUL
//! // separated: "<op> at <file:line:col>", the op's infeed/outfeed config,
//! // then per tensor "<element type> <dim> <dim> ..." (`ui32 2 3`).
//! void xla_host_transfer(int64_t kind, int64_t channel, const int64_t *buffers,
//!                        int64_t count, const char *info, int64_t info_len);
//! ```
//!
//! ```mlir
//! %x, %t1 = "stablehlo.infeed"(%t0) <{infeed_config = "a"}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
//! // becomes
//! %buffer = memref.alloc() : memref<2xf32>
//! %table = tensor.from_elements %address_of_buffer : tensor<1xi64>
//! func.call @xla_host_transfer(%c0_kind, %c0_channel, %table_address, %c1, %info_address, %info_len)
//! %x = bufferization.to_tensor %buffer restrict writable : memref<2xf32> to tensor<2xf32>
//! ```
//!
//! Ordering: tokens are erased before this runs (`tokens.rs`), and a
//! program's ops are already in an order that respects its token
//! dependencies (a token is defined before it is used). Each transfer is a
//! call of an external function, which MLIR and LLVM treat as having
//! unknown effects, so calls are neither removed nor reordered with each
//! other, and the buffers they read and write escape through their
//! addresses. The StableHLO ops themselves have no effect traits, so they
//! are not removed as dead before they are lowered either.
//!
//! The element types of the transferred tensors are the ones the program
//! states (`ui32`, not the signless `i32` that the signedness legalization
//! leaves): [`prepare`] records them as `xla.host_types` before that
//! legalization runs. A transfer of no tensors (an infeed of only a token,
//! an outfeed of nothing) reads or writes nothing and is not called: the
//! seeds' Infeed of an empty tuple "is effectively a no-op". The `layout`
//! attribute of `infeed` is not read: the host hands the runtime logical
//! (row-major) arrays, and inside compiled code every buffer is row-major.
//!
//! Host transfers are for programs that run as one process on the CPU JIT:
//! a module for several devices is refused here, and AOT objects and the GPU
//! refuse them before compiling ([`reject_host_transfers`]).

use super::{Rewrite, spmd};
use crate::builders::{self, BuildResult, static_shape};
use melior::{
    Context,
    ir::{
        AttributeLike, BlockLike, OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
        attribute::TypeAttribute,
        operation::{OperationLike, WalkOrder, WalkResult},
        r#type::{IntegerType, RankedTensorType},
    },
};

/// The runtime's host transfer entry point (`runtime/src/host_transfer.rs`).
pub const HOST_TRANSFER: &str = "xla_host_transfer";

/// The attribute holding the transferred tensor types, as the program
/// states them (an array of type attributes).
const TYPES_ATTRIBUTE: &str = "xla.host_types";

/// The element types the runtime's host tensors have.
const SUPPORTED_ELEMENTS: &[&str] = &[
    "i1", "i8", "i16", "i32", "i64", "si8", "si16", "si32", "si64", "ui8", "ui16", "ui32", "ui64", "f16", "bf16", "f32", "f64",
    "complex<f32>", "complex<f64>",
];

/// What a host transfer does, as the ABI numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransferKind {
    Infeed = 0,
    Outfeed = 1,
    SendToHost = 2,
    RecvFromHost = 3,
}

impl TransferKind {
    /// Whether the runtime writes the buffers (the op has tensor results).
    fn reads_from_host(self) -> bool {
        matches!(self, Self::Infeed | Self::RecvFromHost)
    }
}

fn bool_attribute(op: OperationRef, name: &str) -> bool {
    op.attribute(name).ok().is_some_and(|a| {
        // SAFETY: the isa check comes first.
        unsafe { mlir_sys::mlirAttributeIsABool(a.to_raw()) && mlir_sys::mlirBoolAttrGetValue(a.to_raw()) }
    })
}

/// The transfer `op` is, if it is one (`send`/`recv` only with
/// `is_host_transfer = true`).
pub fn transfer_kind(op: OperationRef) -> Option<TransferKind> {
    match op.name().as_string_ref().as_str().ok()? {
        "stablehlo.infeed" => Some(TransferKind::Infeed),
        "stablehlo.outfeed" => Some(TransferKind::Outfeed),
        "stablehlo.send" if bool_attribute(op, "is_host_transfer") => Some(TransferKind::SendToHost),
        "stablehlo.recv" if bool_attribute(op, "is_host_transfer") => Some(TransferKind::RecvFromHost),
        _ => None,
    }
}

/// The tensor values `op` transfers: its results but the token for an
/// infeed or recv, its operands but the token for an outfeed or send.
fn transferred<'c, 'a>(op: OperationRef<'c, 'a>, kind: TransferKind) -> Vec<Value<'c, 'a>> {
    let values: Vec<Value> = if kind.reads_from_host() { op.results().map(Into::into).collect() } else { op.operands().collect() };
    values.into_iter().filter(|v| v.r#type().is_ranked_tensor()).collect()
}

/// Every host transfer nested in `module`.
fn host_transfers<'c, 'a>(module: OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut found = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if transfer_kind(op).is_some() {
            // SAFETY: the op lives in the module, as long as the walked reference.
            found.push(unsafe { OperationRef::from_raw(op.to_raw()) });
        }
        WalkResult::Advance
    });
    found
}

/// Runs before the signedness legalization: records each host transfer's
/// tensor types as `xla.host_types` and, when the module has any,
/// declares `xla_host_transfer` in it.
pub fn prepare(context: &Context, module: OperationRef) -> BuildResult<()> {
    let transfers = host_transfers(module);
    if transfers.is_empty() {
        return Ok(());
    }
    for op in &transfers {
        let kind = transfer_kind(*op).ok_or("internal error: not a host transfer")?;
        let types: Vec<mlir_sys::MlirAttribute> = transferred(*op, kind).iter().map(|v| TypeAttribute::new(v.r#type()).to_raw()).collect();
        // SAFETY: an array of live type attributes, set on a live op.
        unsafe {
            let array = mlir_sys::mlirArrayAttrGet(context.to_raw(), types.len() as isize, types.as_ptr());
            let name = std::ffi::CString::new(TYPES_ATTRIBUTE).expect("no NUL in the name");
            mlir_sys::mlirOperationSetAttributeByName(op.to_raw(), mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()), array);
        }
    }
    let body = module.region(0)?.first_block().ok_or("empty module")?;
    let i64_type: Type = IntegerType::new(context, 64).into();
    body.insert_operation(0, builders::func_declaration(context, HOST_TRANSFER, &[i64_type; 6], &[]));
    Ok(())
}

/// Reports every host transfer in `module` (at its location) as something
/// that `what` cannot compile; true when there was none.
pub fn reject_host_transfers(module: OperationRef, what: &str) -> bool {
    let transfers = host_transfers(module);
    for op in &transfers {
        let name = op.name().as_string_ref().as_str().unwrap_or_default().to_owned();
        crate::diagnostics::emit_error(
            op.location(),
            &format!("{name} (a host transfer) is not supported by {what}: host transfers run only in the CPU JIT (xla-run, the builder)"),
        );
    }
    transfers.is_empty()
}

/// "<element> <dim> ..." for a tensor type, checked for a type the
/// runtime's host tensors have.
fn spec_text(ty: Type) -> BuildResult<String> {
    let shape = static_shape(ty)?;
    let element = builders::element_type(ty)?.to_string();
    if !SUPPORTED_ELEMENTS.contains(&element.as_str()) {
        return Err(format!("host transfers of {element} elements are not supported (the host's tensors have no such type)").into());
    }
    let mut text = element;
    for dim in shape {
        text.push_str(&format!(" {dim}"));
    }
    Ok(text)
}

/// The `xla.host_types` recorded by [`prepare`].
fn recorded_types<'c>(op: OperationRef<'c, '_>) -> BuildResult<Vec<Type<'c>>> {
    let array = op.attribute(TYPES_ATTRIBUTE).map_err(|_| format!("internal error: no {TYPES_ATTRIBUTE}"))?.to_raw();
    // SAFETY: `prepare` set an array of type attributes; isa checks first.
    unsafe {
        if !mlir_sys::mlirAttributeIsAArray(array) {
            return Err(format!("internal error: {TYPES_ATTRIBUTE} is not an array").into());
        }
        (0..mlir_sys::mlirArrayAttrGetNumElements(array))
            .map(|i| {
                let element = mlir_sys::mlirArrayAttrGetElement(array, i);
                if mlir_sys::mlirAttributeIsAType(element) {
                    Ok(Type::from_raw(mlir_sys::mlirTypeAttrGetValue(element)))
                } else {
                    Err(format!("internal error: {TYPES_ATTRIBUTE} holds a non-type").into())
                }
            })
            .collect()
    }
}

/// A string attribute's value ("" when absent). Read through the C API:
/// an empty default value may have a null data pointer, which melior's
/// `as_str` does not accept.
fn string_attribute(op: OperationRef, name: &str) -> String {
    let Ok(attribute) = op.attribute(name) else { return String::new() };
    // SAFETY: the isa check comes first; `length` bytes at `data` belong to
    // the attribute's storage (data may be null only when length is 0).
    unsafe {
        if !mlir_sys::mlirAttributeIsAString(attribute.to_raw()) {
            return String::new();
        }
        let value = mlir_sys::mlirStringAttrGetValue(attribute.to_raw());
        if value.length == 0 || value.data.is_null() {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(value.data.cast::<u8>(), value.length)).into_owned()
    }
}

/// Lowers one host transfer (see the module documentation).
pub fn lower<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let kind = transfer_kind(op).ok_or("internal error: not a host transfer")?;
    let name = op.name().as_string_ref().as_str()?.to_owned();
    let (replicas, partitions) = spmd::devices_of(op);
    if replicas * partitions > 1 {
        return Err(format!(
            "{name} (a host transfer) in a program over several devices ({replicas} replicas x {partitions} partitions) is not supported"
        ).into());
    }
    let values = transferred(op, kind);
    let types = recorded_types(op)?;
    if types.len() != values.len() {
        return Err(format!("internal error: {TYPES_ATTRIBUTE} has {} types for {} tensors", types.len(), values.len()).into());
    }
    let specs = types.iter().map(|&t| spec_text(t)).collect::<BuildResult<Vec<String>>>()?;
    let token = if kind.reads_from_host() { op.operand(0) } else { op.operand(op.operand_count().saturating_sub(1)) }
        ?;
    let mut buffers = Vec::new();
    let mut addresses = Vec::new();
    for value in &values {
        let memref = if kind.reads_from_host() {
            let ty = value.r#type();
            let memref: Type = melior::ir::r#type::MemRefType::new(builders::element_type(ty)?, &static_shape(ty)?, None, None).into();
            rewrite.insert_value(builders::memref_alloc(location, memref)?)?
        } else {
            spmd::read_buffer(rewrite, location, *value)?
        };
        addresses.push(spmd::address(rewrite, location, memref)?);
        buffers.push(memref);
    }
    let mut results: Vec<Value> = Vec::new();
    if !values.is_empty() {
        let config = match kind {
            TransferKind::Infeed => string_attribute(op, "infeed_config"),
            TransferKind::Outfeed => string_attribute(op, "outfeed_config"),
            _ => String::new(),
        };
        let channel = match kind {
            TransferKind::SendToHost | TransferKind::RecvFromHost => op
                .attribute("channel_handle")
                .ok()
                .and_then(xla_dialects::channel_handle)
                .map(|(handle, _)| handle)
                .ok_or("internal error: no channel_handle")?,
            _ => 0,
        };
        let mut info = format!("{name} at {}\0{config}", spmd::location_text(location));
        for spec in &specs {
            info.push('\0');
            info.push_str(spec);
        }
        let i64_type: Type = IntegerType::new(context, 64).into();
        let table_type: Type = RankedTensorType::new(&[addresses.len() as u64], i64_type, None).into();
        let table = rewrite.insert_value(
            builders::tensor_from_elements(location, &addresses, table_type)?,
        )?;
        let table = spmd::read_buffer(rewrite, location, table)?;
        let info_buffer = spmd::byte_buffer(rewrite, location, info.as_bytes())?;
        let arguments = [
            spmd::i64_constant(rewrite, location, kind as i64)?,
            spmd::i64_constant(rewrite, location, channel)?,
            spmd::address(rewrite, location, table)?,
            spmd::i64_constant(rewrite, location, values.len() as i64)?,
            spmd::address(rewrite, location, info_buffer)?,
            spmd::i64_constant(rewrite, location, info.len() as i64)?,
        ];
        rewrite.insert_values(builders::call(context, location, HOST_TRANSFER, &arguments, &[]))?;
        if kind.reads_from_host() {
            for (buffer, value) in buffers.iter().zip(&values) {
                results.push(rewrite.insert_value(builders::to_tensor_restrict_writable(location, *buffer, value.r#type())?)?);
            }
        }
    }
    // The token results (unused since the tokens were erased) become the
    // function's token, the op's token operand.
    let mut next = results.into_iter();
    let replacements: Vec<Value> = op
        .results()
        .map(|r| if r.r#type().is_ranked_tensor() { next.next().unwrap_or(token) } else { token })
        .collect();
    // SAFETY: the token operand lives in the IR, which outlives the rewrite.
    let replacements: Vec<Value<'c, '_>> = replacements.into_iter().map(|v| unsafe { crate::builders::detach(v) }).collect();
    rewrite.rewriter.replace_op_with_values(op, &replacements);
    Ok(())
}
