//! The lowering's error type.
//!
//! Patterns and passes return [`BuildResult`](crate::builders::BuildResult)
//! = `Result<T, LowerError>`: a message for the user (reported at the op the
//! pattern matched, through `diagnostics::emit_error`), or an error of
//! melior's with its text (an MLIR diagnostic, an out-of-range operand, a
//! failed build) kept as melior prints it. `?` converts melior's errors,
//! `String`s and `&str`s; a `LowerError` converts back to the `String` of
//! its message for the callers (tools, runtime) that report text.

/// An error of a lowering pattern or pass; its `Display` is the message the
/// user sees.
#[derive(Debug, thiserror::Error)]
pub enum LowerError {
    /// What the lowering cannot do, or an internal error, as text.
    #[error("{0}")]
    Message(String),
    /// An error of melior's, its text kept.
    #[error("{0}")]
    Melior(#[from] melior::Error),
    /// A name (of an op, an attribute) that is not UTF-8.
    #[error("{0}")]
    Utf8(#[from] std::str::Utf8Error),
}

impl From<String> for LowerError {
    fn from(message: String) -> Self {
        Self::Message(message)
    }
}

impl From<&str> for LowerError {
    fn from(message: &str) -> Self {
        Self::Message(message.to_owned())
    }
}

impl From<LowerError> for String {
    fn from(error: LowerError) -> Self {
        error.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_kept() {
        assert_eq!(LowerError::from("no such op").to_string(), "no such op");
        assert_eq!(String::from(LowerError::from(format!("rank {}", 3))), "rank 3");
        let melior_error = melior::Error::PositionOutOfBounds { name: "operand", value: "op".into(), index: 2 };
        let expected = melior_error.to_string();
        assert_eq!(LowerError::from(melior_error).to_string(), expected);
    }
}
