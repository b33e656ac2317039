//! Host values: arguments and results of executables, and constant data.

use crate::{ElementType, LiteralError, NativeType, Shape};
use xla_runtime::HostTensor;

/// A dense array in host memory (row-major), with its element type and
/// dimensions: what [`Executable::execute`](crate::Executable::execute)
/// takes and returns, and what [`XlaBuilder::constant_literal`](crate::XlaBuilder::constant_literal)
/// embeds. A thin wrapper of the runtime's [`HostTensor`].
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    tensor: HostTensor,
}

impl Literal {
    /// A rank-0 literal.
    pub fn scalar<T: NativeType>(value: T) -> Self {
        Self::from_slice(&[value], &[]).expect("one element fills a scalar")
    }

    /// A rank-1 literal holding `values`.
    pub fn vec1<T: NativeType>(values: &[T]) -> Self {
        Self::from_slice(values, &[values.len()]).expect("a vector is as long as its data")
    }

    /// A rank-2 literal from rows of equal length.
    pub fn matrix<T: NativeType, const N: usize>(rows: &[[T; N]]) -> Self {
        let data: Vec<T> = rows.iter().flatten().copied().collect();
        Self::from_slice(&data, &[rows.len(), N]).expect("rows fill the matrix")
    }

    /// A literal of shape `dims` holding `values` in row-major order.
    pub fn from_slice<T: NativeType>(values: &[T], dims: &[usize]) -> Result<Self, LiteralError> {
        let expected: usize = dims.iter().product();
        if values.len() != expected {
            return Err(LiteralError::SizeMismatch { len: values.len(), shape: dims.to_vec(), expected });
        }
        let mut data = Vec::with_capacity(values.len() * T::ELEMENT_TYPE.byte_size());
        for &v in values {
            v.write_le(&mut data);
        }
        let tensor = HostTensor::new(T::ELEMENT_TYPE, dims.to_vec(), data).map_err(|e| LiteralError::HostTensor(e.to_string()))?;
        Ok(Self { tensor })
    }

    /// An all-zero literal (`false`, `0` or `+0.0` everywhere).
    pub fn zeros(element_type: ElementType, dims: &[usize]) -> Self {
        Self { tensor: HostTensor::zeros(element_type, dims.to_vec()) }
    }

    /// Wraps a host tensor.
    pub fn from_host_tensor(tensor: HostTensor) -> Self {
        Self { tensor }
    }

    /// The host tensor underneath.
    pub fn host_tensor(&self) -> &HostTensor {
        &self.tensor
    }

    /// Unwraps the host tensor.
    pub fn into_host_tensor(self) -> HostTensor {
        self.tensor
    }

    /// The element type.
    pub fn element_type(&self) -> ElementType {
        self.tensor.element_type
    }

    /// The dimensions.
    pub fn dims(&self) -> &[usize] {
        &self.tensor.shape
    }

    /// The shape as a builder [`Shape`] (for [`XlaBuilder::parameter`](crate::XlaBuilder::parameter)).
    pub fn shape(&self) -> Shape {
        Shape::array(self.element_type(), &self.dims().iter().map(|&d| d as i64).collect::<Vec<_>>())
    }

    /// Number of elements.
    pub fn element_count(&self) -> usize {
        self.tensor.num_elements()
    }

    /// The raw little-endian bytes.
    pub fn raw_data(&self) -> &[u8] {
        &self.tensor.data
    }

    /// The elements in row-major order, if they are of type `T`.
    pub fn to_vec<T: NativeType>(&self) -> Result<Vec<T>, LiteralError> {
        if self.element_type() != T::ELEMENT_TYPE {
            return Err(LiteralError::TypeMismatch { actual: self.element_type(), requested: T::ELEMENT_TYPE });
        }
        Ok(self.tensor.data.chunks_exact(T::ELEMENT_TYPE.byte_size()).map(T::read_le).collect())
    }

    /// The single element of a literal with one element.
    pub fn to_scalar<T: NativeType>(&self) -> Result<T, LiteralError> {
        let values = self.to_vec::<T>()?;
        match values.as_slice() {
            [v] => Ok(*v),
            _ => Err(LiteralError::SizeMismatch { len: values.len(), shape: self.dims().to_vec(), expected: 1 }),
        }
    }

    /// The same elements with other dimensions.
    pub fn reshape(&self, dims: &[usize]) -> Result<Self, LiteralError> {
        let expected: usize = dims.iter().product();
        if expected != self.element_count() {
            return Err(LiteralError::SizeMismatch { len: self.element_count(), shape: dims.to_vec(), expected });
        }
        let tensor = HostTensor::new(self.element_type(), dims.to_vec(), self.tensor.data.clone())
            .map_err(|e| LiteralError::HostTensor(e.to_string()))?;
        Ok(Self { tensor })
    }
}

impl std::fmt::Display for Literal {
    /// numpy-like text, e.g. `[[1, 2], [3, 4]]` (large arrays summarized).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.tensor.format())
    }
}

impl From<HostTensor> for Literal {
    fn from(tensor: HostTensor) -> Self {
        Self { tensor }
    }
}
