//! The entry function's signature, as tensor specs the runtime can check
//! inputs against and allocate results from.

use crate::{ElementType, RuntimeError};
use melior::ir::{
    BlockLike, Module, OperationRef, ShapedTypeLike, Type,
    attribute::{StringAttribute, TypeAttribute},
    operation::OperationLike,
    r#type::{DimSize, FunctionType, RankedTensorType},
};
use std::fmt;

/// Element type and static shape of one parameter or result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorSpec {
    pub element_type: ElementType,
    pub shape: Vec<usize>,
}

impl TensorSpec {
    /// Number of elements, `None` if it does not fit in `usize`.
    pub fn num_elements(&self) -> Option<usize> {
        self.shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
    }

    /// Size of a dense buffer holding the tensor, `None` if it exceeds what
    /// an allocation can hold (`isize::MAX` bytes).
    pub fn byte_size(&self) -> Option<usize> {
        self.num_elements()?
            .checked_mul(self.element_type.byte_size())
            .filter(|&bytes| bytes <= isize::MAX as usize)
    }
}

impl fmt::Display for TensorSpec {
    /// MLIR spelling: `tensor<2x3xf32>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for dim in &self.shape {
            write!(f, "{dim}x")?;
        }
        write!(f, "{}>", self.element_type.mlir_name())
    }
}

/// Parameter and result specs of the entry function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub name: String,
    pub inputs: Vec<TensorSpec>,
    pub outputs: Vec<TensorSpec>,
}

/// The names of the `func.func`s at the top level of `module`.
pub fn function_names(module: &Module) -> Vec<String> {
    let mut names = Vec::new();
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        if op.name().as_string_ref().as_str().ok() == Some("func.func") {
            names.extend(op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|s| s.value().to_owned()));
        }
        next = op.next_in_block();
    }
    names
}

/// The error for a missing entry function.
pub fn entry_not_found(module: &Module, entry: &str) -> RuntimeError {
    RuntimeError::EntryNotFound { name: entry.to_owned(), functions: function_names(module) }
}

/// Finds the `func.func` named `name` at the top level of `module`.
pub fn find_function<'c, 'a>(module: &'a Module<'c>, name: &str) -> Option<OperationRef<'c, 'a>> {
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        let is_func = op.name().as_string_ref().as_str().ok() == Some("func.func");
        let symbol = op.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok());
        if is_func && symbol.is_some_and(|s| s.value() == name) {
            return Some(op);
        }
        next = op.next_in_block();
    }
    None
}

impl Signature {
    /// Reads the signature of `entry` from a module that has not been lowered
    /// yet (its types are still tensors; `!stablehlo.token`s are left out).
    pub fn of(module: &Module, entry: &str) -> Result<Self, RuntimeError> {
        let function = find_function(module, entry).ok_or_else(|| entry_not_found(module, entry))?;
        let error = |reason: String| RuntimeError::Signature { function: entry.to_owned(), reason };
        let function_type = function
            .attribute("function_type")
            .ok()
            .and_then(|a| TypeAttribute::try_from(a).ok())
            .and_then(|a| FunctionType::try_from(a.value()).ok())
            .ok_or_else(|| error("it has no function type".into()))?;
        let spec = |ty: Type, what: String| -> Result<TensorSpec, RuntimeError> {
            // A quantized tensor crosses the ABI as its storage integers
            // (`xla-lower-quantized`).
            let ty = xla_lowering::quantization::storage_type(ty).unwrap_or(ty);
            let tensor = RankedTensorType::try_from(ty)
                .map_err(|_| error(format!("{what} has type {ty}; only ranked tensors are supported")))?;
            let element = tensor.element();
            let element_type = ElementType::of_mlir_type(element)
                .ok_or_else(|| error(format!("{what} has element type {element}, which the runtime does not support")))?;
            let shape = (0..tensor.rank())
                .map(|i| match tensor.dim_size(i) {
                    Ok(DimSize::Static(size)) => Ok(size as usize),
                    _ => Err(error(format!("{what} has a dynamic shape ({ty})"))),
                })
                .collect::<Result<_, _>>()?;
            let spec = TensorSpec { element_type, shape };
            if spec.byte_size().is_none() {
                return Err(error(format!("{what} ({spec}) is larger than this machine can address")));
            }
            Ok(spec)
        };
        // Tokens carry no data: the lowering erases them from signatures,
        // so they take no input and produce no output.
        let is_token = |ty: &Type| xla_dialects::is_token_type(*ty);
        let inputs = (0..function_type.input_count())
            .map(|i| function_type.input(i).map_err(|e| error(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .filter(|ty| !is_token(ty))
            .enumerate()
            .map(|(i, ty)| spec(ty, format!("parameter {i}")))
            .collect::<Result<_, _>>()?;
        let outputs = (0..function_type.result_count())
            .map(|i| function_type.result(i).map_err(|e| error(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .filter(|ty| !is_token(ty))
            .enumerate()
            .map(|(i, ty)| spec(ty, format!("result {i}")))
            .collect::<Result<_, _>>()?;
        Ok(Self { name: entry.to_owned(), inputs, outputs })
    }
}
