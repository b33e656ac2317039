//! The errors of building, compiling and running computations.

/// Why an op, a computation or a program could not be built.
///
/// Every message names the op it concerns (`stablehlo.add: ...`), and for
/// errors found by the dialect it is the dialect's own diagnostic, which
/// states the violated rule (e.g. `'stablehlo.add' op requires the same type
/// for all operands and results`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The dialect rejected the op: its shape function (result type
    /// inference) or its verifier emitted these diagnostics.
    #[error("{op}: {message}")]
    Op {
        /// The op's full name, `stablehlo.xxx`.
        op: String,
        /// The dialect's diagnostics, one per line.
        message: String,
    },
    /// The dialect has no shape function for this op yet, so its result
    /// type cannot be inferred (and the builder does not guess it).
    #[error("shape inference not available for {op} (the dialect implements no InferTypeOpInterface for it, and the builder does not compute result types itself)")]
    InferenceUnavailable {
        /// The op's full name, `stablehlo.xxx`.
        op: String,
    },
    /// An operand was made by another builder.
    #[error(
        "{op}: operand {operand} was built by another builder (#{operand_builder}) than this one (#{builder}, `{name}`); ops of different builders cannot be mixed"
    )]
    ForeignOp {
        /// The op being built.
        op: String,
        /// Position of the offending operand.
        operand: usize,
        /// Id of the builder that made the operand.
        operand_builder: u64,
        /// Id of this builder.
        builder: u64,
        /// Name of this builder.
        name: String,
    },
    /// An argument of a builder method is invalid before any op is made
    /// (e.g. constant data that does not fill its shape, parameters not
    /// numbered 0..n, a computation from another context).
    #[error("{op}: {message}")]
    InvalidArgument {
        /// The op or builder method concerned.
        op: String,
        /// What is wrong.
        message: String,
    },
    /// The finished computation did not verify.
    #[error("computation `{name}` does not verify: {message}")]
    Verification {
        /// The computation's name.
        name: String,
        /// The dialect's diagnostics, one per line.
        message: String,
    },
}

impl BuildError {
    /// The op (or builder method) the error concerns, if any.
    pub fn op(&self) -> Option<&str> {
        match self {
            BuildError::Op { op, .. }
            | BuildError::InferenceUnavailable { op }
            | BuildError::ForeignOp { op, .. }
            | BuildError::InvalidArgument { op, .. } => Some(op),
            BuildError::Verification { .. } => None,
        }
    }

    pub(crate) fn invalid(op: &str, message: impl Into<String>) -> Self {
        BuildError::InvalidArgument { op: op.to_string(), message: message.into() }
    }
}

/// Why a computation could not be compiled or run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// Lowering or JIT compilation failed; the message includes the
    /// diagnostics of the failing pass.
    #[error("compilation of `{name}` failed: {message}")]
    Compile {
        /// The computation's name.
        name: String,
        /// The runtime's error and the pipeline's diagnostics.
        message: String,
    },
    /// The arguments do not match the parameters, or execution failed.
    #[error("execution of `{name}` failed: {message}")]
    Execute {
        /// The computation's name.
        name: String,
        /// What went wrong.
        message: String,
    },
}

/// Why a [`Literal`](crate::Literal) could not be made or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LiteralError {
    /// The data does not fill the shape.
    #[error("{len} elements do not fill shape {shape:?} ({expected} elements)")]
    SizeMismatch {
        /// Number of elements given.
        len: usize,
        /// The requested shape.
        shape: Vec<usize>,
        /// Number of elements the shape holds.
        expected: usize,
    },
    /// The literal's elements are of another type than the one asked for.
    #[error("the literal holds {actual} elements, not {requested}")]
    TypeMismatch {
        /// The literal's element type.
        actual: crate::ElementType,
        /// The requested element type.
        requested: crate::ElementType,
    },
    /// The host tensor underneath rejected the data.
    #[error("{0}")]
    HostTensor(String),
}
