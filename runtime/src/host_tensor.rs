//! Host-side tensors for the runtime.
//!
//! A [`HostTensor`] is a dense, row-major (C order), little-endian buffer with an
//! element type and a shape. It is what `xla-run` hands to JIT-compiled code as a
//! raw buffer, and what it gets back. This module converts it to and from:
//!
//! * numpy `.npy` files (format versions 1.0, 2.0 and 3.0; big-endian input is
//!   byte-swapped, output is byte-for-byte what `numpy.save` writes),
//! * IREE-style inline specs such as `2x3xf32=[1,2,3,4,5,6]` or `f32=2.5`,
//! * a numpy-`repr`-like text form for printing results.
//!
//! `f16` and `bf16` have no Rust primitive type; the conversions to and from `f32`
//! are implemented here with round-to-nearest-even ([`f32_to_f16_bits`] and friends).
//! Nothing in this module panics on malformed input; every failure is a
//! [`HostTensorError`] with a specific message.

use std::fmt;
use std::path::{Path, PathBuf};

/// Element type of a [`HostTensor`]; names follow MLIR's builtin types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementType {
    Pred,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    BF16,
    F32,
    F64,
    C64,
    C128,
}

impl ElementType {
    /// Every element type, in declaration order.
    pub const ALL: [ElementType; 15] = {
        use ElementType::*;
        [Pred, I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64, C64, C128]
    };

    /// Size of one element in bytes. `Pred` takes one byte, like numpy's `bool`.
    pub fn byte_size(self) -> usize {
        use ElementType::*;
        match self {
            Pred | I8 | U8 => 1,
            I16 | U16 | F16 | BF16 => 2,
            I32 | U32 | F32 => 4,
            I64 | U64 | F64 | C64 => 8,
            C128 => 16,
        }
    }

    /// The MLIR spelling of the type, e.g. `i1`, `ui8`, `bf16`, `complex<f32>`.
    pub fn mlir_name(self) -> &'static str {
        use ElementType::*;
        match self {
            Pred => "i1",
            I8 => "i8",
            I16 => "i16",
            I32 => "i32",
            I64 => "i64",
            U8 => "ui8",
            U16 => "ui16",
            U32 => "ui32",
            U64 => "ui64",
            F16 => "f16",
            BF16 => "bf16",
            F32 => "f32",
            F64 => "f64",
            C64 => "complex<f32>",
            C128 => "complex<f64>",
        }
    }

    /// Inverse of [`mlir_name`](Self::mlir_name); also accepts `si8`..`si64`.
    pub fn from_mlir_name(s: &str) -> Option<Self> {
        match s {
            "si8" => Some(Self::I8),
            "si16" => Some(Self::I16),
            "si32" => Some(Self::I32),
            "si64" => Some(Self::I64),
            _ => Self::ALL.into_iter().find(|t| t.mlir_name() == s),
        }
    }

    /// The little-endian numpy `descr` string, or `None` for `BF16`, which numpy lacks.
    pub fn npy_descr(self) -> Option<&'static str> {
        use ElementType::*;
        Some(match self {
            Pred => "|b1",
            I8 => "|i1",
            I16 => "<i2",
            I32 => "<i4",
            I64 => "<i8",
            U8 => "|u1",
            U16 => "<u2",
            U32 => "<u4",
            U64 => "<u8",
            F16 => "<f2",
            BF16 => return None,
            F32 => "<f4",
            F64 => "<f8",
            C64 => "<c8",
            C128 => "<c16",
        })
    }

    /// Parses a numpy `descr` such as `<f4`, `>i8` or `|b1`.
    /// Returns the type and whether the data is big-endian.
    fn from_npy_descr(descr: &str) -> Option<(Self, bool)> {
        use ElementType::*;
        let (order, code) = match descr.chars().next()? {
            c @ ('<' | '>' | '|' | '=') => (c, &descr[1..]),
            _ => ('=', descr),
        };
        let ty = match code {
            "b1" => Pred,
            "i1" => I8,
            "i2" => I16,
            "i4" => I32,
            "i8" => I64,
            "u1" => U8,
            "u2" => U16,
            "u4" => U32,
            "u8" => U64,
            "f2" => F16,
            "f4" => F32,
            "f8" => F64,
            "c8" => C64,
            "c16" => C128,
            _ => return None,
        };
        let big_endian = order == '>' || (order == '=' && cfg!(target_endian = "big"));
        Some((ty, big_endian))
    }

    fn is_complex(self) -> bool {
        matches!(self, Self::C64 | Self::C128)
    }
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mlir_name())
    }
}

/// Errors from building, reading, writing or parsing a [`HostTensor`].
#[derive(Debug, thiserror::Error)]
pub enum HostTensorError {
    #[error("cannot {action} '{}': {source}", path.display())]
    Io { action: &'static str, path: PathBuf, source: std::io::Error },
    #[error("not a .npy file (bad magic)")]
    BadMagic,
    #[error("unsupported .npy format version {major}.{minor} (supported: 1.0, 2.0, 3.0)")]
    UnsupportedVersion { major: u8, minor: u8 },
    #[error("truncated .npy file: {0}")]
    Truncated(String),
    #[error("invalid .npy header: {0}")]
    InvalidHeader(String),
    #[error("unsupported dtype '{0}'")]
    UnsupportedDtype(String),
    #[error("fortran_order arrays are not supported")]
    FortranOrder,
    #[error(".npy file has {0} unexpected bytes after the array data")]
    TrailingData(usize),
    #[error("cannot write bf16 to .npy: numpy has no bfloat16 dtype")]
    NpyBf16,
    #[error("data has {len} bytes, shape {} of {element_type} needs {expected}", shape_str(.shape))]
    SizeMismatch { element_type: ElementType, shape: Vec<usize>, len: usize, expected: usize },
    #[error("shape {} of {element_type} is too large (size overflows usize)", shape_str(.shape))]
    ShapeOverflow { element_type: ElementType, shape: Vec<usize> },
    #[error("inline tensor '{0}' has no '=' (expected e.g. 2x3xf32=[1,2,3,4,5,6] or f32=2.5)")]
    InlineMissingEquals(String),
    #[error("unknown element type '{0}' (expected e.g. f32, bf16, i64, ui8 or i1)")]
    UnknownElementType(String),
    #[error("invalid dimension '{0}' in inline tensor type (too large)")]
    InlineDimension(String),
    #[error("complex tensors cannot be given inline ('{0}'); use a .npy file")]
    InlineComplex(String),
    #[error("expected {expected} value{} for {ty}, got {got}", plural(.expected))]
    InlineCount { ty: String, expected: usize, got: usize },
    #[error("inline value '{value}' is not a valid {element_type}")]
    InlineValue { value: String, element_type: ElementType },
    #[error("inline value '{value}' is out of range for {element_type} ({range})")]
    InlineRange { value: String, element_type: ElementType, range: String },
}

type Result<T, E = HostTensorError> = std::result::Result<T, E>;

/// `[2,3]`-style shape text for error messages.
fn shape_str(shape: &[usize]) -> String {
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    format!("[{}]", dims.join(","))
}

fn plural(n: &usize) -> &'static str {
    if *n == 1 {
        ""
    } else {
        "s"
    }
}

/// Number of bytes a tensor of this type and shape occupies, if it fits in `usize`.
fn byte_len(element_type: ElementType, shape: &[usize]) -> Result<usize> {
    if shape.contains(&0) {
        return Ok(0);
    }
    shape
        .iter()
        .try_fold(element_type.byte_size(), |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| HostTensorError::ShapeOverflow { element_type, shape: shape.to_vec() })
}

/// A dense host tensor: row-major (C order), little-endian element bytes.
///
/// Invariant (checked by the constructors, re-checked by the consumers because the
/// fields are public): `data.len() == product(shape) * element_type.byte_size()`.
#[derive(Clone, Debug, PartialEq)]
pub struct HostTensor {
    pub element_type: ElementType,
    pub shape: Vec<usize>,
    pub data: Vec<u8>,
}

const NPY_MAGIC: &[u8] = b"\x93NUMPY";
/// numpy aligns the start of the array data to this many bytes.
const NPY_ALIGN: usize = 64;
/// numpy pads the header so the first dimension can grow to this many digits in place.
const NPY_GROWTH_AXIS_MAX_DIGITS: usize = 21;
/// numpy's `repr` summarizes arrays with more elements than this ...
const SUMMARY_THRESHOLD: usize = 1000;
/// ... showing this many items at each end of every long dimension.
const SUMMARY_EDGE_ITEMS: usize = 3;

impl HostTensor {
    /// Builds a tensor, checking that `data` has exactly the size `shape` needs.
    pub fn new(element_type: ElementType, shape: Vec<usize>, data: Vec<u8>) -> Result<Self> {
        let expected = byte_len(element_type, &shape)?;
        if data.len() != expected {
            return Err(HostTensorError::SizeMismatch { element_type, shape, len: data.len(), expected });
        }
        Ok(Self { element_type, shape, data })
    }

    /// An all-zero tensor (all `false`, `0` or `+0.0`).
    ///
    /// # Panics
    /// If the byte size of `shape` overflows `usize` (such a buffer cannot exist).
    pub fn zeros(element_type: ElementType, shape: Vec<usize>) -> Self {
        match byte_len(element_type, &shape) {
            Ok(len) => Self { element_type, shape, data: vec![0; len] },
            Err(e) => panic!("HostTensor::zeros: {e}"),
        }
    }

    /// Product of the dimensions (1 for a scalar); saturates instead of overflowing.
    pub fn num_elements(&self) -> usize {
        self.shape.iter().fold(1usize, |acc, &d| acc.saturating_mul(d))
    }

    /// Re-checks the size invariant (the fields are public).
    fn check_size(&self) -> Result<()> {
        let expected = byte_len(self.element_type, &self.shape)?;
        if self.data.len() != expected {
            return Err(HostTensorError::SizeMismatch {
                element_type: self.element_type,
                shape: self.shape.clone(),
                len: self.data.len(),
                expected,
            });
        }
        Ok(())
    }

    /// Parses the contents of a `.npy` file (format 1.0, 2.0 or 3.0).
    pub fn from_npy_bytes(bytes: &[u8]) -> Result<Self> {
        use HostTensorError::{Truncated, TrailingData};
        let rest = bytes.strip_prefix(NPY_MAGIC).ok_or(HostTensorError::BadMagic)?;
        let (major, minor, rest) = match rest {
            [major, minor, rest @ ..] => (*major, *minor, rest),
            _ => return Err(Truncated("missing format version".into())),
        };
        let (len_size, utf8) = match (major, minor) {
            (1, 0) => (2, false),
            (2, 0) => (4, false),
            (3, 0) => (4, true),
            _ => return Err(HostTensorError::UnsupportedVersion { major, minor }),
        };
        let Some((len_bytes, rest)) = split_at_checked(rest, len_size) else {
            return Err(Truncated("missing header length".into()));
        };
        let header_len = len_bytes.iter().rev().fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
        let Some((header, data)) = split_at_checked(rest, header_len) else {
            let msg = format!("header needs {header_len} bytes, only {} present", rest.len());
            return Err(Truncated(msg));
        };
        // Versions 1.0 and 2.0 use latin-1 headers, 3.0 uses UTF-8.
        let header: String = if utf8 {
            std::str::from_utf8(header)
                .map_err(|_| HostTensorError::InvalidHeader("header is not valid UTF-8".into()))?
                .to_owned()
        } else {
            header.iter().map(|&b| char::from(b)).collect()
        };
        let NpyHeader { element_type, big_endian, fortran_order, shape } = parse_npy_header(&header)?;
        if fortran_order {
            return Err(HostTensorError::FortranOrder);
        }
        let expected = byte_len(element_type, &shape)?;
        if data.len() < expected {
            let (s, n) = (shape_str(&shape), data.len());
            return Err(Truncated(format!("shape {s} of {element_type} needs {expected} data bytes, only {n} present")));
        }
        if data.len() > expected {
            return Err(TrailingData(data.len() - expected));
        }
        let mut data = data.to_vec();
        if big_endian {
            // Complex numbers are two floats, each swapped on its own.
            let component = if element_type.is_complex() { element_type.byte_size() / 2 } else { element_type.byte_size() };
            data.chunks_exact_mut(component).for_each(<[u8]>::reverse);
        }
        Ok(Self { element_type, shape, data })
    }

    /// Serializes to `.npy` bytes exactly as `numpy.save` does: format 1.0 (2.0 when
    /// the header does not fit), header padded with spaces and a final `\n` so that the
    /// data starts at a multiple of 64 bytes.
    pub fn to_npy_bytes(&self) -> Result<Vec<u8>> {
        self.check_size()?;
        let descr = self.element_type.npy_descr().ok_or(HostTensorError::NpyBf16)?;
        let shape = match self.shape.as_slice() {
            [d] => format!("({d},)"),
            dims => format!("({})", dims.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
        };
        let mut header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
        if let Some(first) = self.shape.first() {
            let digits = first.to_string().len();
            header.push_str(&" ".repeat(NPY_GROWTH_AXIS_MAX_DIGITS.saturating_sub(digits)));
        }
        let unpadded = header.len() + 1; // + the final '\n'
        let padded = |len_size: usize| {
            unpadded + NPY_ALIGN - (NPY_MAGIC.len() + 2 + len_size + unpadded) % NPY_ALIGN
        };
        let mut out = Vec::with_capacity(NPY_MAGIC.len() + 6 + padded(4) + self.data.len());
        out.extend_from_slice(NPY_MAGIC);
        let total = if let Ok(len) = u16::try_from(padded(2)) {
            out.extend_from_slice(&[1, 0]);
            out.extend_from_slice(&len.to_le_bytes());
            padded(2)
        } else {
            let len = u32::try_from(padded(4)).map_err(|_| {
                HostTensorError::InvalidHeader(format!("header of {unpadded} bytes is too long"))
            })?;
            out.extend_from_slice(&[2, 0]);
            out.extend_from_slice(&len.to_le_bytes());
            padded(4)
        };
        out.extend_from_slice(header.as_bytes());
        out.resize(out.len() + total - unpadded, b' ');
        out.push(b'\n');
        out.extend_from_slice(&self.data);
        Ok(out)
    }

    /// Reads a `.npy` file.
    pub fn read_npy(path: &Path) -> Result<Self> {
        let bytes = std::fs::read(path)
            .map_err(|source| HostTensorError::Io { action: "read", path: path.to_owned(), source })?;
        Self::from_npy_bytes(&bytes)
    }

    /// Writes a `.npy` file.
    pub fn write_npy(&self, path: &Path) -> Result<()> {
        let bytes = self.to_npy_bytes()?;
        std::fs::write(path, bytes)
            .map_err(|source| HostTensorError::Io { action: "write", path: path.to_owned(), source })
    }

    /// Parses an IREE-style inline tensor: `2x3xf32=[1,2,3,4,5,6]`, `f32=2.5`,
    /// `4xi32=1 2 3 4`, `3xi1=[true,false,1]`, `2xf32=[nan,-inf]`, `0xf32=[]`.
    ///
    /// Values are separated by commas and/or whitespace; brackets are optional and
    /// ignored. Their count must match the shape. Integers must be in range of the
    /// type; a finite float that rounds to infinity is an error. Complex types are
    /// rejected (use a `.npy` file).
    pub fn parse_inline(spec: &str) -> Result<Self> {
        let (ty_text, values) = spec
            .split_once('=')
            .ok_or_else(|| HostTensorError::InlineMissingEquals(spec.to_owned()))?;
        let ty_text = ty_text.trim();
        let (shape, elem_name) = split_inline_type(ty_text)?;
        let element_type = ElementType::from_mlir_name(elem_name)
            .ok_or_else(|| HostTensorError::UnknownElementType(elem_name.to_owned()))?;
        if element_type.is_complex() {
            return Err(HostTensorError::InlineComplex(spec.to_owned()));
        }
        let expected = byte_len(element_type, &shape)? / element_type.byte_size();
        let tokens: Vec<&str> = values
            .split(|c: char| c == ',' || c == '[' || c == ']' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.len() != expected {
            return Err(HostTensorError::InlineCount { ty: ty_text.to_owned(), expected, got: tokens.len() });
        }
        let mut data = Vec::with_capacity(expected * element_type.byte_size());
        for token in tokens {
            data.extend_from_slice(&parse_inline_value(token, element_type)?);
        }
        Ok(Self { element_type, shape, data })
    }

    /// Formats the values like numpy's `repr` without the `array(...)` wrapper:
    /// `[[1, 2, 3], [4, 5, 6]]`, a bare value for scalars, `true`/`false` for `i1`,
    /// `(1+2j)` for complex. Floats use Rust's shortest round-trip form (`2.5`, `1`,
    /// `-0`, `inf`, `nan`), switching to `1e20` notation outside `[1e-4, 1e16)` like
    /// Python. Tensors with more than 1000 elements are summarized like numpy does:
    /// `[0, 1, 2, ..., 9997, 9998, 9999]`.
    pub fn format(&self) -> String {
        if let Err(e) = self.check_size() {
            return format!("<invalid tensor: {e}>");
        }
        if self.shape.is_empty() {
            return self.format_element(0);
        }
        if self.num_elements() == 0 {
            return "[]".to_owned(); // numpy prints every empty array as `[]`
        }
        let summarize = self.num_elements() > SUMMARY_THRESHOLD;
        // Which indices of a dimension of size `n` are printed: `0..head` and `tail..n`.
        let visible = |n: usize| {
            if summarize && n > 2 * SUMMARY_EDGE_ITEMS {
                (SUMMARY_EDGE_ITEMS, n - SUMMARY_EDGE_ITEMS)
            } else {
                (n, n)
            }
        };
        let mut strides = vec![1usize; self.shape.len()];
        for d in (0..self.shape.len() - 1).rev() {
            strides[d] = strides[d + 1] * self.shape[d + 1];
        }
        // An explicit stack of (element offset, position among the visible indices)
        // per open bracket, so deeply nested shapes cannot overflow the call stack.
        let mut out = String::from("[");
        let mut stack = vec![(0usize, 0usize)];
        while let Some(&(offset, pos)) = stack.last() {
            let dim = stack.len() - 1;
            let n = self.shape[dim];
            let (head, tail) = visible(n);
            if pos == head + (n - tail) {
                out.push(']');
                stack.pop();
                continue;
            }
            stack[dim].1 += 1;
            if pos > 0 {
                out.push_str(", ");
            }
            if pos == head && head < tail {
                out.push_str("..., ");
            }
            let index = if pos < head { pos } else { tail + (pos - head) };
            let child = offset + index * strides[dim];
            if dim + 1 == self.shape.len() {
                out.push_str(&self.format_element(child));
            } else {
                out.push('[');
                stack.push((child, 0));
            }
        }
        out
    }

    fn format_element(&self, index: usize) -> String {
        use ElementType::*;
        let size = self.element_type.byte_size();
        let Some(b) = self.data.get(index * size..(index + 1) * size) else {
            return "?".to_owned();
        };
        match self.element_type {
            Pred => (b[0] != 0).to_string(),
            I8 => i8::from_le_bytes(le(b)).to_string(),
            I16 => i16::from_le_bytes(le(b)).to_string(),
            I32 => i32::from_le_bytes(le(b)).to_string(),
            I64 => i64::from_le_bytes(le(b)).to_string(),
            U8 => b[0].to_string(),
            U16 => u16::from_le_bytes(le(b)).to_string(),
            U32 => u32::from_le_bytes(le(b)).to_string(),
            U64 => u64::from_le_bytes(le(b)).to_string(),
            F16 => format_float(f16_bits_to_f32(u16::from_le_bytes(le(b)))),
            BF16 => format_float(bf16_bits_to_f32(u16::from_le_bytes(le(b)))),
            F32 => format_float(f32::from_le_bytes(le(b))),
            F64 => format_float(f64::from_le_bytes(le(b))),
            C64 => format_complex(f32::from_le_bytes(le(b)), f32::from_le_bytes(le(&b[4..]))),
            C128 => format_complex(f64::from_le_bytes(le(b)), f64::from_le_bytes(le(&b[8..]))),
        }
    }
}

/// `b[..N]` as an array (zero-filled if `b` is shorter; callers pass full elements).
fn le<const N: usize>(b: &[u8]) -> [u8; N] {
    let mut a = [0; N];
    a.iter_mut().zip(b).for_each(|(d, s)| *d = *s);
    a
}

/// `<[u8]>::split_at_checked`, which needs Rust 1.80 (the workspace allows 1.85, but
/// keep this module independent of it).
fn split_at_checked(b: &[u8], mid: usize) -> Option<(&[u8], &[u8])> {
    (mid <= b.len()).then(|| b.split_at(mid))
}

fn format_float<F: Copy + Into<f64> + fmt::Display + fmt::LowerExp>(v: F) -> String {
    let x: f64 = v.into();
    if x.is_nan() {
        "nan".to_owned()
    } else if x == 0.0 || x.is_infinite() || (1e-4..1e16).contains(&x.abs()) {
        format!("{v}")
    } else {
        format!("{v:e}")
    }
}

fn format_complex<F: Copy + Into<f64> + fmt::Display + fmt::LowerExp>(re: F, im: F) -> String {
    let im = format_float(im);
    let sign = if im.starts_with('-') { "" } else { "+" };
    format!("({}{sign}{im}j)", format_float(re))
}

/// Splits `2x3xf32` into `[2, 3]` and `f32` (the type name itself may contain `x`).
fn split_inline_type(text: &str) -> Result<(Vec<usize>, &str)> {
    let mut shape = Vec::new();
    let mut rest = text;
    loop {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let Some(after) = rest[digits..].strip_prefix('x').filter(|_| digits > 0) else {
            return Ok((shape, rest));
        };
        let dim = &rest[..digits];
        shape.push(dim.parse().map_err(|_| HostTensorError::InlineDimension(dim.to_owned()))?);
        rest = after;
    }
}

/// Parses one inline value into its little-endian bytes.
fn parse_inline_value(token: &str, element_type: ElementType) -> Result<Vec<u8>> {
    use ElementType::*;
    let invalid = || HostTensorError::InlineValue { value: token.to_owned(), element_type };
    let out_of_range = |range: String| HostTensorError::InlineRange { value: token.to_owned(), element_type, range };
    let int = |min: i128, max: i128| -> Result<i128> {
        let v: i128 = token.parse().map_err(|e: std::num::ParseIntError| match e.kind() {
            std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                out_of_range(format!("{min}..={max}"))
            }
            _ => invalid(),
        })?;
        if v < min || v > max {
            return Err(out_of_range(format!("{min}..={max}")));
        }
        Ok(v)
    };
    let float = || -> Result<f64> { token.parse::<f64>().map_err(|_| invalid()) };
    // A finite literal that rounds to infinity is almost certainly a mistake.
    let is_inf_literal = {
        let t = token.trim_start_matches(['+', '-']).to_ascii_lowercase();
        t == "inf" || t == "infinity"
    };
    let finite = |rounded_is_inf: bool| -> Result<()> {
        if rounded_is_inf && !is_inf_literal {
            return Err(out_of_range("rounds to infinity".into()));
        }
        Ok(())
    };
    // Casts below are lossless: `int` has checked the range.
    Ok(match element_type {
        Pred => match token.to_ascii_lowercase().as_str() {
            "true" | "1" => vec![1],
            "false" | "0" => vec![0],
            _ => return Err(invalid()),
        },
        I8 => (int(i8::MIN.into(), i8::MAX.into())? as i8).to_le_bytes().to_vec(),
        I16 => (int(i16::MIN.into(), i16::MAX.into())? as i16).to_le_bytes().to_vec(),
        I32 => (int(i32::MIN.into(), i32::MAX.into())? as i32).to_le_bytes().to_vec(),
        I64 => (int(i64::MIN.into(), i64::MAX.into())? as i64).to_le_bytes().to_vec(),
        U8 => (int(0, u8::MAX.into())? as u8).to_le_bytes().to_vec(),
        U16 => (int(0, u16::MAX.into())? as u16).to_le_bytes().to_vec(),
        U32 => (int(0, u32::MAX.into())? as u32).to_le_bytes().to_vec(),
        U64 => (int(0, u64::MAX.into())? as u64).to_le_bytes().to_vec(),
        // Half types round once, from the parsed f64, like numpy's float16 parsing.
        F16 => {
            let bits = f64_to_small_float_bits(float()?, 5, 10);
            finite(bits & 0x7fff == 0x7c00)?;
            bits.to_le_bytes().to_vec()
        }
        BF16 => {
            let bits = f64_to_small_float_bits(float()?, 8, 7);
            finite(bits & 0x7fff == 0x7f80)?;
            bits.to_le_bytes().to_vec()
        }
        F32 => {
            let v = token.parse::<f32>().map_err(|_| invalid())?;
            finite(v.is_infinite())?;
            v.to_le_bytes().to_vec()
        }
        F64 => {
            let v = float()?;
            finite(v.is_infinite())?;
            v.to_le_bytes().to_vec()
        }
        C64 | C128 => return Err(invalid()),
    })
}

/// Converts an `f32` to IEEE half precision bits, rounding to nearest even
/// (subnormals, overflow to infinity and NaN handled).
pub fn f32_to_f16_bits(x: f32) -> u16 {
    if x.is_nan() {
        // Keep the sign and the top payload bits, force a quiet NaN.
        let bits = x.to_bits();
        return ((bits >> 16) as u16 & 0x8000) | 0x7e00 | ((bits >> 13) as u16 & 0x3ff);
    }
    f64_to_small_float_bits(f64::from(x), 5, 10)
}

/// Converts IEEE half precision bits to `f32` (exact).
pub fn f16_bits_to_f32(h: u16) -> f32 {
    let sign = u32::from(h & 0x8000) << 16;
    let exp = u32::from((h >> 10) & 0x1f);
    let frac = u32::from(h & 0x3ff);
    let magnitude = match exp {
        // Subnormal: frac * 2^-24, exact in f32.
        0 => (frac as f32 * f32::from_bits(0x3380_0000)).to_bits(),
        0x1f => 0x7f80_0000 | (frac << 13),
        _ => ((exp + 127 - 15) << 23) | (frac << 13),
    };
    f32::from_bits(sign | magnitude)
}

/// Converts an `f32` to bfloat16 bits, rounding to nearest even.
pub fn f32_to_bf16_bits(x: f32) -> u16 {
    if x.is_nan() {
        return (x.to_bits() >> 16) as u16 | 0x0040;
    }
    f64_to_small_float_bits(f64::from(x), 8, 7)
}

/// Converts bfloat16 bits to `f32` (exact).
pub fn bf16_bits_to_f32(b: u16) -> f32 {
    f32::from_bits(u32::from(b) << 16)
}

/// Rounds `x` to a binary float format with `exp_bits` exponent bits and `man_bits`
/// stored mantissa bits (at most 16 bits in all) and returns its bit pattern. Rounds to
/// nearest, ties to even, with gradual underflow and overflow to infinity.
fn f64_to_small_float_bits(x: f64, exp_bits: u32, man_bits: u32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 63) as u16) << (exp_bits + man_bits);
    let inf = ((1u16 << exp_bits) - 1) << man_bits;
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    if exp == 0x7ff {
        return if frac == 0 { sign | inf } else { sign | inf | (1 << (man_bits - 1)) | (frac >> (52 - man_bits)) as u16 };
    }
    if exp == 0 {
        // Zero, or an f64 subnormal: far below half the smallest target subnormal.
        return sign;
    }
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let e = exp - 1023;
    if e > bias {
        return sign | inf;
    }
    // The value is sig * 2^(e - 52). Drop the low bits the target cannot hold.
    let sig = frac | (1u64 << 52);
    let emin = 1 - bias;
    let shift = (52 - man_bits as i32 + (emin - e).max(0)) as u32;
    if shift > 53 {
        return sign; // below half the smallest subnormal
    }
    let mut rounded = sig >> shift;
    let rem = sig & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    if rem > half || (rem == half && rounded & 1 == 1) {
        rounded += 1;
    }
    let magnitude = if e >= emin {
        // `rounded` includes the implicit bit, so adding it to (biased exponent - 1)
        // carries into the exponent on round-up, up to infinity.
        (((e + bias - 1) as u64) << man_bits) + rounded
    } else {
        rounded // subnormal; 2^man_bits is the smallest normal
    };
    sign | magnitude as u16
}

struct NpyHeader {
    element_type: ElementType,
    big_endian: bool,
    fortran_order: bool,
    shape: Vec<usize>,
}

/// Parses the header dict, e.g. `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`.
fn parse_npy_header(header: &str) -> Result<NpyHeader> {
    let invalid = |msg: String| HostTensorError::InvalidHeader(msg);
    let mut parser = PyLiteralParser { s: header, pos: 0 };
    let dict = parser.value(0).map_err(invalid)?;
    parser.skip_ws();
    if parser.pos != header.len() {
        return Err(invalid(format!("unexpected text after the dictionary at offset {}", parser.pos)));
    }
    let PyValue::Dict(entries) = dict else {
        return Err(invalid("header is not a dictionary".into()));
    };
    let (mut descr, mut fortran_order, mut shape) = (None, None, None);
    for (key, value, raw) in entries {
        match key {
            PyValue::Str(k) if k == "descr" => descr = Some((value, raw)),
            PyValue::Str(k) if k == "fortran_order" => fortran_order = Some((value, raw)),
            PyValue::Str(k) if k == "shape" => shape = Some((value, raw)),
            PyValue::Str(k) => return Err(invalid(format!("unexpected key '{k}'"))),
            _ => return Err(invalid("header has a non-string key".into())),
        }
    }
    let missing = |key: &str| invalid(format!("missing key '{key}'"));
    let (descr, descr_raw) = descr.ok_or_else(|| missing("descr"))?;
    let (element_type, big_endian) = match descr {
        PyValue::Str(d) => ElementType::from_npy_descr(&d).ok_or(HostTensorError::UnsupportedDtype(d))?,
        _ => return Err(HostTensorError::UnsupportedDtype(descr_raw)),
    };
    let fortran_order = match fortran_order.ok_or_else(|| missing("fortran_order"))? {
        (PyValue::Bool(b), _) => b,
        (_, raw) => return Err(invalid(format!("fortran_order is not a bool: {raw}"))),
    };
    let (shape, shape_raw) = shape.ok_or_else(|| missing("shape"))?;
    let bad_shape = || invalid(format!("shape is not a tuple of non-negative integers: {shape_raw}"));
    let PyValue::Tuple(dims) = shape else { return Err(bad_shape()) };
    let shape = dims
        .into_iter()
        .map(|d| match d {
            PyValue::Int(i) => usize::try_from(i).ok(),
            _ => None,
        })
        .collect::<Option<Vec<usize>>>()
        .ok_or_else(bad_shape)?;
    Ok(NpyHeader { element_type, big_endian, fortran_order, shape })
}

/// The subset of Python literals that appears in `.npy` headers.
enum PyValue {
    Str(String),
    Int(i128),
    Bool(bool),
    None,
    Tuple(Vec<PyValue>),
    List(Vec<PyValue>),
    /// Entries as (key, value, source text of the value).
    Dict(Vec<(PyValue, PyValue, String)>),
}

struct PyLiteralParser<'a> {
    s: &'a str,
    pos: usize,
}

impl PyLiteralParser<'_> {
    const MAX_DEPTH: usize = 32;

    fn peek(&self) -> Option<char> {
        self.s[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn unexpected(&self) -> String {
        match self.peek() {
            Some(c) => format!("unexpected {c:?} at offset {}", self.pos),
            None => "unexpected end of header".to_owned(),
        }
    }

    /// Parses `open item, item, ... close` (trailing comma allowed); also reports
    /// whether a comma was seen, since `(3)` is not a tuple in Python.
    fn items(&mut self, close: char, depth: usize) -> Result<(Vec<PyValue>, bool), String> {
        let (mut items, mut comma) = (Vec::new(), false);
        loop {
            self.skip_ws();
            if self.peek() == Some(close) {
                self.bump();
                return Ok((items, comma));
            }
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(',') => comma = true,
                Some(c) if c == close => continue,
                _ => return Err(self.unexpected()),
            }
            self.bump();
        }
    }

    fn value(&mut self, depth: usize) -> Result<PyValue, String> {
        if depth > Self::MAX_DEPTH {
            return Err("header is nested too deeply".to_owned());
        }
        self.skip_ws();
        match self.peek() {
            Some(quote @ ('\'' | '"')) => {
                self.bump();
                let mut s = String::new();
                loop {
                    match self.bump() {
                        Some('\\') => s.extend(self.bump()),
                        Some(c) if c == quote => return Ok(PyValue::Str(s)),
                        Some(c) => s.push(c),
                        None => return Err("unterminated string in header".to_owned()),
                    }
                }
            }
            Some('(') => {
                self.bump();
                let (mut items, comma) = self.items(')', depth)?;
                Ok(match items.pop() {
                    Some(only) if items.is_empty() && !comma => only, // parenthesized value
                    Some(last) => {
                        items.push(last);
                        PyValue::Tuple(items)
                    }
                    None => PyValue::Tuple(items),
                })
            }
            Some('[') => {
                self.bump();
                Ok(PyValue::List(self.items(']', depth)?.0))
            }
            Some('{') => {
                self.bump();
                let mut entries = Vec::new();
                loop {
                    self.skip_ws();
                    if self.peek() == Some('}') {
                        self.bump();
                        return Ok(PyValue::Dict(entries));
                    }
                    let key = self.value(depth + 1)?;
                    self.skip_ws();
                    if self.bump() != Some(':') {
                        return Err(format!("expected ':' at offset {}", self.pos));
                    }
                    self.skip_ws();
                    let start = self.pos;
                    let value = self.value(depth + 1)?;
                    entries.push((key, value, self.s[start..self.pos].to_owned()));
                    self.skip_ws();
                    match self.peek() {
                        Some(',') => {
                            self.bump();
                        }
                        Some('}') => {}
                        _ => return Err(self.unexpected()),
                    }
                }
            }
            Some(c) if c == '-' || c == '+' || c.is_ascii_digit() => {
                let negative = c == '-';
                if !c.is_ascii_digit() {
                    self.bump();
                }
                let start = self.pos;
                let mut v: i128 = 0;
                while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                    self.bump();
                    v = v.checked_mul(10).and_then(|v| v.checked_add(d.into())).ok_or("integer too large in header")?;
                }
                if self.pos == start {
                    return Err(self.unexpected());
                }
                if matches!(self.peek(), Some('L' | 'l')) {
                    self.bump(); // Python 2 long suffix
                }
                Ok(PyValue::Int(if negative { -v } else { v }))
            }
            Some(c) if c.is_alphabetic() || c == '_' => {
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    self.bump();
                }
                match &self.s[start..self.pos] {
                    "True" => Ok(PyValue::Bool(true)),
                    "False" => Ok(PyValue::Bool(false)),
                    "None" => Ok(PyValue::None),
                    name => Err(format!("unexpected name '{name}' in header")),
                }
            }
            _ => Err(self.unexpected()),
        }
    }
}
