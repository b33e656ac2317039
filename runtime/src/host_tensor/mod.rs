//! Host-side tensors for the runtime.
//!
//! A [`HostTensor`] is a dense, row-major (C order), little-endian buffer with an
//! element type and a shape: what `xla-run` passes to JIT-compiled code as a raw
//! buffer and gets back from it. This module converts it to and from
//!
//! * numpy `.npy` files: format versions 1.0, 2.0 and 3.0 are read (big-endian data
//!   is byte-swapped); output is byte-for-byte what `numpy.save` writes;
//! * IREE-style inline specs such as `2x3xf32=[1,2,3,4,5,6]` or `f32=2.5`;
//! * a numpy-`repr`-like text form for printing results.
//!
//! `f16` and `bf16` have no Rust primitive type; their conversions from and to
//! `f32` ([`f32_to_f16_bits`] and friends) round to nearest even. Nothing here panics
//! on malformed input: every failure is a [`HostTensorError`] with a specific message.

pub mod narrow;

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
    /// Sub-byte integers, one byte per element holding the value's bits in
    /// its low end (the upper bits zero), as `ml_dtypes` and LLVM store them.
    I2,
    I4,
    U2,
    U4,
    /// The narrow floats, one byte per element (the bits in the low end),
    /// encoded as `ml_dtypes` does (see [`narrow`]).
    F8E4M3FN,
    F8E5M2,
    F8E4M3FNUZ,
    F8E5M2FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E4M3,
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E8M0FNU,
    /// One-byte elements of unknown type: what `numpy.save` writes for the
    /// `ml_dtypes` types (`descr` `<V1`, or `<f1` for float8_e5m2). Such a
    /// tensor is accepted wherever a one-byte type is expected
    /// ([`HostTensor::as_type`]).
    Bytes1,
}

/// Per element type, in declaration order: byte size, MLIR name, little-endian numpy descr.
const TYPE_INFO: [(usize, &str, Option<&str>); 31] = [
    (1, "i1", Some("|b1")),
    (1, "i8", Some("|i1")),
    (2, "i16", Some("<i2")),
    (4, "i32", Some("<i4")),
    (8, "i64", Some("<i8")),
    (1, "ui8", Some("|u1")),
    (2, "ui16", Some("<u2")),
    (4, "ui32", Some("<u4")),
    (8, "ui64", Some("<u8")),
    (2, "f16", Some("<f2")),
    (2, "bf16", None),
    (4, "f32", Some("<f4")),
    (8, "f64", Some("<f8")),
    (8, "complex<f32>", Some("<c8")),
    (16, "complex<f64>", Some("<c16")),
    (1, "i2", Some("<V1")),
    (1, "i4", Some("<V1")),
    (1, "ui2", Some("<V1")),
    (1, "ui4", Some("<V1")),
    (1, "f8E4M3FN", Some("<V1")),
    (1, "f8E5M2", Some("<V1")),
    (1, "f8E4M3FNUZ", Some("<V1")),
    (1, "f8E5M2FNUZ", Some("<V1")),
    (1, "f8E4M3B11FNUZ", Some("<V1")),
    (1, "f8E3M4", Some("<V1")),
    (1, "f8E4M3", Some("<V1")),
    (1, "f4E2M1FN", Some("<V1")),
    (1, "f6E2M3FN", Some("<V1")),
    (1, "f6E3M2FN", Some("<V1")),
    (1, "f8E8M0FNU", Some("<V1")),
    (1, "V1", Some("<V1")),
];

impl ElementType {
    /// Every element type, in declaration order.
    pub const ALL: [ElementType; 31] = {
        use ElementType::*;
        [
            Pred, I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64, C64, C128, I2, I4, U2, U4, F8E4M3FN, F8E5M2,
            F8E4M3FNUZ, F8E5M2FNUZ, F8E4M3B11FNUZ, F8E3M4, F8E4M3, F4E2M1FN, F6E2M3FN, F6E3M2FN, F8E8M0FNU, Bytes1,
        ]
    };

    /// Size of one element in bytes; `Pred` takes one byte, like numpy's `bool`.
    pub fn byte_size(self) -> usize {
        TYPE_INFO[self as usize].0
    }

    /// The MLIR spelling: `i1`, `i8`, ..., `ui8`, ..., `bf16`, `f32`, `complex<f64>`.
    pub fn mlir_name(self) -> &'static str {
        TYPE_INFO[self as usize].1
    }

    /// The MLIR type, built (signless integers, as StableHLO's `i*`; `ui*`
    /// unsigned); `None` for `Bytes1`, which stands for no one type.
    pub fn mlir_type(self, context: &melior::Context) -> Option<melior::ir::Type<'_>> {
        use melior::ir::{Type, r#type::IntegerType};
        use ElementType::*;
        let int = |bits| Some(IntegerType::new(context, bits).into());
        let unsigned = |bits| Some(IntegerType::unsigned(context, bits).into());
        match self {
            Pred => int(1),
            I2 => int(2),
            I4 => int(4),
            I8 => int(8),
            I16 => int(16),
            I32 => int(32),
            I64 => int(64),
            U2 => unsigned(2),
            U4 => unsigned(4),
            U8 => unsigned(8),
            U16 => unsigned(16),
            U32 => unsigned(32),
            U64 => unsigned(64),
            F16 => Some(Type::float16(context)),
            BF16 => Some(Type::bfloat16(context)),
            F32 => Some(Type::float32(context)),
            F64 => Some(Type::float64(context)),
            C64 => Some(xla_lowering::builders::complex_type(Type::float32(context))),
            C128 => Some(xla_lowering::builders::complex_type(Type::float64(context))),
            F8E4M3FN => Some(Type::float8_e4m3fn(context)),
            F8E5M2 => Some(Type::float8_e5m2(context)),
            F8E4M3FNUZ => Some(Type::float8_e4m3fnuz(context)),
            F8E5M2FNUZ => Some(Type::float8_e5m2fnuz(context)),
            F8E4M3B11FNUZ => Some(Type::float8_e4m3b11fnuz(context)),
            F8E3M4 => Some(Type::float8_e3m4(context)),
            F8E4M3 => Some(Type::float8_e4m3(context)),
            F4E2M1FN => Some(Type::float4_e2m1fn(context)),
            F6E2M3FN => Some(Type::float6_e2m3fn(context)),
            F6E3M2FN => Some(Type::float6_e3m2fn(context)),
            F8E8M0FNU => Some(Type::float8_e8m0fnu(context)),
            Bytes1 => None,
        }
    }

    /// Inverse of [`mlir_type`](Self::mlir_type), comparing built types
    /// (types are unique per context); signed integers (`si8`) are taken as
    /// their signless counterparts.
    pub fn of_mlir_type(ty: melior::ir::Type<'_>) -> Option<Self> {
        use melior::ir::{TypeLike, r#type::IntegerType};
        let context = xla_lowering::context_of(ty.context());
        let ty = match IntegerType::try_from(ty) {
            Ok(int) if int.is_signed() => IntegerType::new(context, int.width()).into(),
            _ => ty,
        };
        Self::ALL.into_iter().find(|t| t.mlir_type(context) == Some(ty))
    }

    /// Inverse of [`mlir_name`](Self::mlir_name); also accepts `si2` .. `si64`.
    pub fn from_mlir_name(s: &str) -> Option<Self> {
        let s = match s {
            "si2" | "si4" | "si8" | "si16" | "si32" | "si64" => &s[1..],
            _ => s,
        };
        Self::ALL.into_iter().find(|t| *t != Self::Bytes1 && t.mlir_name() == s)
    }

    /// The numpy `descr` (`|b1`, `<i4`, `<c16`, ...); `None` for `BF16`, which numpy lacks.
    pub fn npy_descr(self) -> Option<&'static str> {
        TYPE_INFO[self as usize].2
    }

    /// The `descr` written to `.npy` files: [`npy_descr`](Self::npy_descr),
    /// or for `BF16` the `<V2` that `numpy.save` writes for an
    /// `ml_dtypes.bfloat16` array (read back as `BF16`).
    pub(crate) fn npy_file_descr(self) -> &'static str {
        self.npy_descr().unwrap_or("<V2")
    }

    /// Parses a numpy `descr` such as `<f4`, `>i8` or `|b1`; also says whether the
    /// data is big-endian.
    fn from_npy_descr(descr: &str) -> Option<(Self, bool)> {
        let order = descr.chars().next().filter(|c| "<>|=".contains(*c));
        let code = if order.is_some() { &descr[1..] } else { descr };
        // numpy.save writes ml_dtypes arrays as raw bytes (`<V1`; `<f1` for
        // float8_e5m2): their type comes from where they are used.
        if code == "V1" || code == "f1" {
            return Some((Self::Bytes1, false));
        }
        // ml_dtypes' bfloat16, the only two-byte type numpy writes as raw
        // bytes (`<V2`; float16 is `<f2`).
        if code == "V2" {
            return Some((Self::BF16, false));
        }
        let ty = Self::ALL
            .into_iter()
            .find(|t| t.npy_descr().is_some_and(|d| &d[1..] == code))?;
        let native = order.is_none() || order == Some('=');
        Some((ty, order == Some('>') || (native && cfg!(target_endian = "big"))))
    }

    fn is_complex(self) -> bool {
        matches!(self, Self::C64 | Self::C128)
    }

    /// The narrow float format of this type, if it is one.
    pub fn narrow_float(self) -> Option<narrow::Format> {
        narrow::format_of(self)
    }

    /// For the sub-byte types (`i2`, `i4`, `ui2`, `ui4` and the 4- and 6-bit
    /// floats): the number of bits an element uses.
    pub fn sub_byte_bits(self) -> Option<u32> {
        use ElementType::*;
        match self {
            I2 | U2 => Some(2),
            I4 | U4 | F4E2M1FN => Some(4),
            F6E2M3FN | F6E3M2FN => Some(6),
            _ => None,
        }
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
    #[error("invalid .npz archive: {0}")]
    Npz(String),
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
    #[error(".npy file has {0} unexpected bytes after the array data")]
    TrailingData(usize),
    #[error("data has {len} bytes, shape {} of {element_type} needs {expected}", shape_str(.shape))]
    SizeMismatch { element_type: ElementType, shape: Vec<usize>, len: usize, expected: usize },
    #[error("shape {} of {element_type} is too large (size overflows usize)", shape_str(.shape))]
    ShapeOverflow { element_type: ElementType, shape: Vec<usize> },
    #[error("inline tensor '{0}' has no '=' (expected e.g. 2x3xf32=[1,2,3,4,5,6] or f32=2.5)")]
    InlineMissingEquals(String),
    #[error("unknown element type '{0}' (expected e.g. f32, bf16, i64, ui8 or i1)")]
    UnknownElementType(String),
    #[error("invalid dimension '{0}' in inline tensor type (dimensions are integers from 0 to 2^64-1)")]
    InlineDimension(String),
    #[error("unbalanced brackets in inline value '{0}'")]
    InlineBrackets(String),
    #[error("{0} values cannot be given inline; use a .npy file")]
    InlineComplex(ElementType),
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

/// Number of bytes a tensor of this type and shape occupies, if that fits in `usize`.
fn byte_len(element_type: ElementType, shape: &[usize]) -> Result<usize> {
    if shape.contains(&0) {
        return Ok(0);
    }
    let len = shape.iter().try_fold(element_type.byte_size(), |acc, &d| acc.checked_mul(d));
    len.ok_or_else(|| HostTensorError::ShapeOverflow { element_type, shape: shape.to_vec() })
}

/// A dense host tensor: row-major (C order), little-endian element bytes.
///
/// Invariant (checked by the constructors, and again by the methods that read
/// `data`, since the fields are public): `data.len() == product(shape) * byte_size`.
#[derive(Clone, Debug, PartialEq)]
pub struct HostTensor {
    pub element_type: ElementType,
    pub shape: Vec<usize>,
    pub data: Vec<u8>,
}

const NPY_MAGIC: &[u8] = b"\x93NUMPY";
/// numpy pads the header so that the array data starts at a multiple of this.
const NPY_ALIGN: usize = 64;
/// numpy leaves room in the header for the first dimension to grow to this many digits.
const NPY_GROWTH_AXIS_MAX_DIGITS: usize = 21;
/// Like numpy's `repr`, `format` summarizes tensors with more elements than this,
/// printing only this many items at each end of every longer dimension.
const SUMMARY_THRESHOLD: usize = 1000;
const SUMMARY_EDGE_ITEMS: usize = 3;

impl HostTensor {
    /// Builds a tensor, checking that `data` has exactly the size `shape` needs.
    pub fn new(element_type: ElementType, shape: Vec<usize>, data: Vec<u8>) -> Result<Self> {
        let tensor = Self { element_type, shape, data };
        tensor.check_size()?;
        Ok(tensor)
    }

    /// An all-zero tensor (`false`, `0` or `+0.0` everywhere).
    ///
    /// # Panics
    /// If the byte size of `shape` overflows `usize` (no such buffer can exist).
    pub fn zeros(element_type: ElementType, shape: Vec<usize>) -> Self {
        match byte_len(element_type, &shape) {
            Ok(len) => Self { element_type, shape, data: vec![0; len] },
            Err(e) => panic!("HostTensor::zeros: {e}"),
        }
    }

    /// Product of the dimensions (1 for a scalar), saturating instead of overflowing.
    pub fn num_elements(&self) -> usize {
        self.shape.iter().fold(1usize, |acc, &d| acc.saturating_mul(d))
    }

    fn check_size(&self) -> Result<()> {
        let expected = byte_len(self.element_type, &self.shape)?;
        if self.data.len() == expected {
            return Ok(());
        }
        Err(HostTensorError::SizeMismatch {
            element_type: self.element_type,
            shape: self.shape.clone(),
            len: self.data.len(),
            expected,
        })
    }

    /// Parses the contents of a `.npy` file (format 1.0, 2.0 or 3.0).
    pub fn from_npy_bytes(bytes: &[u8]) -> Result<Self> {
        use HostTensorError::Truncated;
        let rest = bytes.strip_prefix(NPY_MAGIC).ok_or(HostTensorError::BadMagic)?;
        let [major, minor, rest @ ..] = rest else {
            return Err(Truncated("missing format version".into()));
        };
        let (len_size, utf8) = match (*major, *minor) {
            (1, 0) => (2, false),
            (2, 0) => (4, false),
            (3, 0) => (4, true),
            (major, minor) => return Err(HostTensorError::UnsupportedVersion { major, minor }),
        };
        let (len_bytes, rest) = split_at_checked(rest, len_size)
            .ok_or_else(|| Truncated("missing header length".into()))?;
        let header_len = len_bytes.iter().rev().fold(0, |acc, &b| (acc << 8) | usize::from(b));
        let (header, data) = split_at_checked(rest, header_len).ok_or_else(|| {
            Truncated(format!("header needs {header_len} bytes, only {} present", rest.len()))
        })?;
        // Versions 1.0 and 2.0 have latin-1 headers, 3.0 has UTF-8.
        let header: String = if utf8 {
            let text = std::str::from_utf8(header);
            text.map_err(|_| HostTensorError::InvalidHeader("header is not UTF-8".into()))?.into()
        } else {
            header.iter().map(|&b| char::from(b)).collect()
        };
        let (element_type, big_endian, fortran_order, shape) = parse_npy_header(&header)?;
        let expected = byte_len(element_type, &shape)?;
        if data.len() < expected {
            let (shape, len) = (shape_str(&shape), data.len());
            let what = format!("shape {shape} of {element_type} needs {expected} data bytes");
            return Err(Truncated(format!("{what}, only {len} present")));
        }
        if data.len() > expected {
            return Err(HostTensorError::TrailingData(data.len() - expected));
        }
        let mut data = data.to_vec();
        if big_endian {
            // A complex number is two floats, each swapped on its own.
            let parts = if element_type.is_complex() { 2 } else { 1 };
            let swap_size = element_type.byte_size() / parts;
            data.chunks_exact_mut(swap_size).for_each(<[u8]>::reverse);
        }
        if fortran_order {
            // Column-major (first index fastest): the same bytes for rank
            // 0 and 1; reordered into row-major otherwise.
            data = fortran_to_row_major(&data, &shape, element_type.byte_size());
        }
        Ok(Self { element_type, shape, data })
    }

    /// Serializes to `.npy` exactly as `numpy.save` does: format 1.0 (2.0 if the header
    /// is too long for it), header padded with spaces and a final `\n` so that the data
    /// starts at a multiple of 64 bytes. `BF16` is written as `ml_dtypes` does
    /// (`<V2`).
    pub fn to_npy_bytes(&self) -> Result<Vec<u8>> {
        self.check_size()?;
        let descr = self.element_type.npy_file_descr();
        // Python's repr of the shape tuple, and numpy's dict with sorted keys.
        let dims: Vec<String> = self.shape.iter().map(usize::to_string).collect();
        let shape = match dims.as_slice() {
            [d] => format!("({d},)"),
            _ => format!("({})", dims.join(", ")),
        };
        let mut header =
            format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
        if let Some(first) = dims.first() {
            header.push_str(&" ".repeat(NPY_GROWTH_AXIS_MAX_DIGITS.saturating_sub(first.len())));
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

    /// This tensor as one of `element_type`: itself if it has that type, its
    /// bytes retyped if it is [`ElementType::Bytes1`] (an `ml_dtypes` array
    /// that `numpy.save` wrote as raw bytes) and `element_type` takes one
    /// byte; else `None`.
    pub fn as_type(&self, element_type: ElementType) -> Option<std::borrow::Cow<'_, Self>> {
        if self.element_type == element_type {
            return Some(std::borrow::Cow::Borrowed(self));
        }
        (self.element_type == ElementType::Bytes1 && element_type.byte_size() == 1)
            .then(|| std::borrow::Cow::Owned(Self { element_type, shape: self.shape.clone(), data: self.data.clone() }))
    }

    /// The first element of a sub-byte type (`i4`, `f4E2M1FN`, ...) whose
    /// byte has bits set above the type's width, as (index, byte): compiled
    /// code reads such bytes as if those bits were zero (LLVM's `i4` loads).
    pub fn invalid_sub_byte_element(&self) -> Option<(usize, u8)> {
        let bits = self.element_type.sub_byte_bits()?;
        self.data.iter().position(|&b| b >> bits != 0).map(|i| (i, self.data[i]))
    }

    /// Reads a `.npy` file.
    pub fn read_npy(path: &Path) -> Result<Self> {
        let bytes = std::fs::read(path).map_err(|source| HostTensorError::Io {
            action: "read",
            path: path.to_owned(),
            source,
        })?;
        Self::from_npy_bytes(&bytes)
    }

    /// Writes a `.npy` file.
    pub fn write_npy(&self, path: &Path) -> Result<()> {
        let bytes = self.to_npy_bytes()?;
        std::fs::write(path, bytes).map_err(|source| HostTensorError::Io {
            action: "write",
            path: path.to_owned(),
            source,
        })
    }

    /// Reads every array of a `.npz` archive (numpy's `savez` and
    /// `savez_compressed`), in archive order: `(name, tensor)`, the name
    /// without `.npy` (`arr_0`, ... for positional arrays).
    pub fn read_npz(path: &Path) -> Result<Vec<(String, Self)>> {
        use std::io::Read;
        let file = std::fs::File::open(path).map_err(|source| HostTensorError::Io { action: "read", path: path.to_owned(), source })?;
        let mut archive = zip::ZipArchive::new(file).map_err(|e| HostTensorError::Npz(format!("{}: {e}", path.display())))?;
        let mut arrays = Vec::new();
        for index in 0..archive.len() {
            let mut entry = archive.by_index(index).map_err(|e| HostTensorError::Npz(format!("{}: entry {index}: {e}", path.display())))?;
            let name = entry.name().map(|n| n.into_owned()).unwrap_or_else(|_| format!("entry {index}"));
            let mut bytes = Vec::new();
            entry
                .read_to_end(&mut bytes)
                .map_err(|e| HostTensorError::Npz(format!("{}: cannot read '{name}': {e}", path.display())))?;
            let tensor = Self::from_npy_bytes(&bytes).map_err(|e| HostTensorError::Npz(format!("{}: '{name}': {e}", path.display())))?;
            arrays.push((name.strip_suffix(".npy").unwrap_or(&name).to_owned(), tensor));
        }
        Ok(arrays)
    }

    /// Writes arrays as an (uncompressed) `.npz` archive, `name.npy` each,
    /// which `numpy.load` reads.
    pub fn write_npz(path: &Path, arrays: &[(String, &Self)]) -> Result<()> {
        use std::io::Write;
        let io = |source| HostTensorError::Io { action: "write", path: path.to_owned(), source };
        let file = std::fs::File::create(path).map_err(io)?;
        let mut archive = zip::ZipWriter::new(file);
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored).large_file(true);
        for (name, tensor) in arrays {
            let bytes = tensor.to_npy_bytes()?;
            archive.start_file(format!("{name}.npy"), options).map_err(|e| HostTensorError::Npz(e.to_string()))?;
            archive.write_all(&bytes).map_err(io)?;
        }
        archive.finish().map_err(|e| HostTensorError::Npz(e.to_string()))?;
        Ok(())
    }

    /// Parses an IREE-style inline tensor: `2x3xf32=[1,2,3,4,5,6]`, `f32=2.5` (a
    /// scalar), `4xi32=1 2 3 4`, `3xi1=[true,false,1]`, `2xf32=[nan,-inf]`, `0xf32=[]`.
    ///
    /// Values are separated by commas and/or whitespace; brackets, nested or not, are
    /// optional and ignored. The count must match the shape, integers must be in range
    /// for the type, and a finite float must not round to infinity. Complex types are
    /// rejected (use a `.npy` file).
    pub fn parse_inline(spec: &str) -> Result<Self> {
        let (ty_text, values) = spec
            .split_once('=')
            .ok_or_else(|| HostTensorError::InlineMissingEquals(spec.to_owned()))?;
        let ty_text = ty_text.trim();
        let (shape, elem_name) = split_inline_type(ty_text)?;
        let element_type = ElementType::from_mlir_name(elem_name)
            .ok_or_else(|| HostTensorError::UnknownElementType(clip(elem_name)))?;
        if element_type.is_complex() {
            return Err(HostTensorError::InlineComplex(element_type));
        }
        let expected = byte_len(element_type, &shape)? / element_type.byte_size();
        // Brackets are optional, but those given must pair up.
        let mut depth = 0usize;
        for c in values.chars() {
            match c {
                '[' => depth += 1,
                ']' if depth == 0 => return Err(HostTensorError::InlineBrackets(clip(values))),
                ']' => depth -= 1,
                _ => {}
            }
        }
        if depth != 0 {
            return Err(HostTensorError::InlineBrackets(clip(values)));
        }
        let tokens: Vec<&str> = values
            .split(|c: char| c == ',' || c == '[' || c == ']' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.len() != expected {
            let (ty, got) = (clip(ty_text), tokens.len());
            return Err(HostTensorError::InlineCount { ty, expected, got });
        }
        let mut data = Vec::with_capacity(expected * element_type.byte_size());
        for token in tokens {
            data.extend_from_slice(&parse_inline_value(token, element_type)?);
        }
        Ok(Self { element_type, shape, data })
    }

    /// Formats the values like numpy's `repr` without the `array(...)` wrapper:
    /// `[[1, 2, 3], [4, 5, 6]]`, the bare value for a scalar, `[]` when empty,
    /// `true`/`false` for `i1`, `(1+2j)` for complex. Floats use Rust's shortest
    /// round-trip form (`2.5`, `1`, `-0`, `inf`, `nan`), in `1e20` notation outside
    /// `[1e-4, 1e16)` like Python. Past 1000 elements the output is summarized the
    /// way numpy does it: `[0, 1, 2, ..., 9997, 9998, 9999]`.
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
        // A dimension of size n shows indices 0..head and tail..n.
        let visible = |n: usize| {
            let cut = summarize && n > 2 * SUMMARY_EDGE_ITEMS;
            if cut { (SUMMARY_EDGE_ITEMS, n - SUMMARY_EDGE_ITEMS) } else { (n, n) }
        };
        let mut strides = vec![1; self.shape.len()];
        for d in (1..self.shape.len()).rev() {
            strides[d - 1] = strides[d] * self.shape[d];
        }
        // One (element offset, items printed) entry per open bracket: an explicit
        // stack, so that a shape with very many dimensions cannot overflow the call stack.
        let mut out = String::from("[");
        let mut stack = vec![(0, 0)];
        while let Some(&(offset, printed)) = stack.last() {
            let dim = stack.len() - 1;
            let (head, tail) = visible(self.shape[dim]);
            if printed == head + (self.shape[dim] - tail) {
                out.push(']');
                stack.pop();
                continue;
            }
            stack[dim].1 += 1;
            if printed > 0 {
                out.push_str(", ");
            }
            if printed == head && head < tail {
                out.push_str("..., ");
            }
            let index = if printed < head { printed } else { tail + (printed - head) };
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
            I2 | I4 | U2 | U4 => self.element_value(b).to_string(),
            Bytes1 => format!("0x{:02x}", b[0]),
            _ => match self.element_type.narrow_float() {
                Some(format) => format_float(narrow::decode(format, b[0]) as f32),
                None => "?".to_owned(),
            },
        }
    }
}

/// The first `N` bytes of `b` as an array (callers pass whole elements).
fn le<const N: usize>(b: &[u8]) -> [u8; N] {
    let mut a = [0; N];
    a.iter_mut().zip(b).for_each(|(d, s)| *d = *s);
    a
}

/// `<[u8]>::split_at_checked` (Rust 1.80), kept local so the module has no MSRV surprises.
fn split_at_checked(b: &[u8], mid: usize) -> Option<(&[u8], &[u8])> {
    (mid <= b.len()).then(|| b.split_at(mid))
}

fn format_float<F: fmt::Display + fmt::LowerExp>(v: F) -> String {
    // Python's repr switches to exponent notation outside [1e-4, 1e16).
    let sci = format!("{v:e}");
    let exp = sci.rsplit_once('e').and_then(|(_, e)| e.parse::<i32>().ok());
    match exp {
        _ if sci == "NaN" => "nan".to_owned(),
        Some(exp) if !(-4..16).contains(&exp) => sci,
        _ => v.to_string(),
    }
}

fn format_complex<F: fmt::Display + fmt::LowerExp>(re: F, im: F) -> String {
    let im = format_float(im);
    let sign = if im.starts_with('-') { "" } else { "+" };
    format!("({}{sign}{im}j)", format_float(re))
}

/// The elements of a column-major array of `shape` (elements of `size`
/// bytes) in row-major order.
fn fortran_to_row_major(data: &[u8], shape: &[usize], size: usize) -> Vec<u8> {
    if shape.len() < 2 || data.is_empty() {
        return data.to_vec();
    }
    // Column-major strides (in elements) of each dimension.
    let mut strides = vec![1usize; shape.len()];
    for d in 1..shape.len() {
        strides[d] = strides[d - 1] * shape[d - 1];
    }
    let mut out = Vec::with_capacity(data.len());
    let mut index = vec![0usize; shape.len()];
    for _ in 0..data.len() / size {
        let source: usize = index.iter().zip(&strides).map(|(i, s)| i * s).sum();
        out.extend_from_slice(&data[source * size..(source + 1) * size]);
        // The next row-major index: the last dimension fastest.
        for d in (0..shape.len()).rev() {
            index[d] += 1;
            if index[d] < shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
    out
}

/// `text`, or its first 60 characters and `...` (error messages quote user
/// input, which can be arbitrarily long).
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

/// Splits `2x3xf32` into `[2, 3]` and `f32` (the type name itself may contain an `x`).
fn split_inline_type(text: &str) -> Result<(Vec<usize>, &str)> {
    let mut shape = Vec::new();
    let mut rest = text;
    loop {
        // A sign, as in `-1xf32`: not a dimension, but clearly meant as one.
        if rest.starts_with(['-', '+']) && rest[1..].starts_with(|c: char| c.is_ascii_digit()) {
            let dim = rest.split('x').next().unwrap_or(rest);
            return Err(HostTensorError::InlineDimension(dim.into()));
        }
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let Some(after) = rest[digits..].strip_prefix('x').filter(|_| digits > 0) else {
            return Ok((shape, rest));
        };
        let dim = &rest[..digits];
        shape.push(dim.parse().map_err(|_| HostTensorError::InlineDimension(dim.into()))?);
        rest = after;
    }
}

/// Parses one inline value into its little-endian bytes.
fn parse_inline_value(token: &str, element_type: ElementType) -> Result<Vec<u8>> {
    use ElementType::*;
    let invalid = || HostTensorError::InlineValue { value: token.into(), element_type };
    let out_of_range =
        |range: String| HostTensorError::InlineRange { value: token.into(), element_type, range };
    let size = element_type.byte_size();
    // In-range integers are exactly the low `size` bytes of their i128 two's complement.
    let int = |min: i128, max: i128| -> Result<Vec<u8>> {
        let v = token.parse::<i128>().map_err(|e| match e.kind() {
            std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                out_of_range(format!("{min}..={max}"))
            }
            _ => invalid(),
        })?;
        if !(min..=max).contains(&v) {
            return Err(out_of_range(format!("{min}..={max}")));
        }
        Ok(v.to_le_bytes()[..size].to_vec())
    };
    let float = || token.parse::<f64>().map_err(|_| invalid());
    // A finite literal that rounds to infinity is almost certainly a mistake.
    let finite = |rounded: f64| {
        let literal = token.trim_start_matches(['+', '-']).to_ascii_lowercase();
        if rounded.is_infinite() && literal != "inf" && literal != "infinity" {
            return Err(out_of_range("rounds to infinity".into()));
        }
        Ok(())
    };
    let bits = 8 * size as u32;
    match element_type {
        Pred => match token.to_ascii_lowercase().as_str() {
            "true" | "1" => Ok(vec![1]),
            "false" | "0" => Ok(vec![0]),
            _ => Err(invalid()),
        },
        I8 | I16 | I32 | I64 => int(-(1 << (bits - 1)), (1 << (bits - 1)) - 1),
        U8 | U16 | U32 | U64 => int(0, (1 << bits) - 1),
        // Half types round once, from the parsed f64, as numpy's float16 parsing does.
        F16 => {
            let h = f64_to_small_float_bits(float()?, 5, 10);
            finite(f16_bits_to_f32(h).into())?;
            Ok(h.to_le_bytes().to_vec())
        }
        BF16 => {
            let h = f64_to_small_float_bits(float()?, 8, 7);
            finite(bf16_bits_to_f32(h).into())?;
            Ok(h.to_le_bytes().to_vec())
        }
        F32 => {
            let v = token.parse::<f32>().map_err(|_| invalid())?;
            finite(v.into())?;
            Ok(v.to_le_bytes().to_vec())
        }
        F64 => {
            let v = float()?;
            finite(v)?;
            Ok(v.to_le_bytes().to_vec())
        }
        // Sub-byte integers: the value's low bits (two's complement for i2/i4).
        I2 | I4 => {
            let n = element_type.sub_byte_bits().unwrap_or(8);
            int(-(1 << (n - 1)), (1 << (n - 1)) - 1).map(|b| vec![b[0] & ((1u8 << n) - 1)])
        }
        U2 | U4 => {
            let n = element_type.sub_byte_bits().unwrap_or(8);
            int(0, (1 << n) - 1)
        }
        F8E4M3FN | F8E5M2 | F8E4M3FNUZ | F8E5M2FNUZ | F8E4M3B11FNUZ | F8E3M4 | F8E4M3 | F4E2M1FN | F6E2M3FN | F6E3M2FN
        | F8E8M0FNU => {
            let format = element_type.narrow_float().ok_or_else(invalid)?;
            let value = float()?;
            let b = narrow::encode(format, value);
            // A finite literal past the largest value (by more than half a
            // step) would become inf, NaN or the saturated maximum.
            let max = narrow::decode(format, format.max_finite_bits() as u8);
            let limit = max * (1.0 + 0.5f64.powi(format.mantissa_bits as i32 + 1));
            if value.is_finite() && (value.abs() > limit || !narrow::decode(format, b).is_finite()) {
                return Err(out_of_range(format!("largest magnitude {max}")));
            }
            Ok(vec![b])
        }
        C64 | C128 | Bytes1 => Err(invalid()),
    }
}

/// Converts an `f32` to IEEE binary16 bits, rounding to nearest even (with
/// subnormals; too-large values become infinity; NaN stays a quiet NaN).
pub fn f32_to_f16_bits(x: f32) -> u16 {
    f64_to_small_float_bits(f64::from(x), 5, 10)
}

/// Converts IEEE binary16 bits to `f32` (exactly).
pub fn f16_bits_to_f32(h: u16) -> f32 {
    let sign = u32::from(h & 0x8000) << 16;
    let exp = u32::from((h >> 10) & 0x1f);
    let frac = u32::from(h & 0x3ff);
    let magnitude = match exp {
        0 => (frac as f32 * f32::from_bits(0x3380_0000)).to_bits(), // frac * 2^-24
        0x1f => 0x7f80_0000 | (frac << 13),
        _ => ((exp + 127 - 15) << 23) | (frac << 13),
    };
    f32::from_bits(sign | magnitude)
}

/// Converts an `f32` to bfloat16 bits, rounding to nearest even (NaN stays NaN).
pub fn f32_to_bf16_bits(x: f32) -> u16 {
    f64_to_small_float_bits(f64::from(x), 8, 7)
}

/// Converts bfloat16 bits to `f32` (exactly).
pub fn bf16_bits_to_f32(b: u16) -> f32 {
    f32::from_bits(u32::from(b) << 16)
}

/// Rounds `x` to the binary float format with `exp_bits` exponent and `man_bits`
/// stored mantissa bits (16 bits in all, with the sign) and returns its bits. Rounds
/// to nearest, ties to even, with gradual underflow and overflow to infinity.
fn f64_to_small_float_bits(x: f64, exp_bits: u32, man_bits: u32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 63) as u16) << (exp_bits + man_bits);
    let inf = ((1u16 << exp_bits) - 1) << man_bits;
    let (exp, frac) = (((bits >> 52) & 0x7ff) as i32, bits & ((1 << 52) - 1));
    if exp == 0x7ff {
        let nan = (1 << (man_bits - 1)) | (frac >> (52 - man_bits)) as u16; // quiet
        return sign | inf | if frac == 0 { 0 } else { nan };
    }
    let bias = (1 << (exp_bits - 1)) - 1;
    let (e, emin) = (exp - 1023, 1 - bias);
    if exp == 0 || e < emin - man_bits as i32 - 1 {
        return sign; // below half the smallest subnormal (f64 subnormals included)
    }
    if e > bias {
        return sign | inf;
    }
    // The value is sig * 2^(e - 52); drop the bits below the target's last place.
    let sig = frac | (1 << 52);
    let shift = 52 - man_bits + (emin - e).max(0) as u32;
    let (mut rounded, rem, half) = (sig >> shift, sig & ((1 << shift) - 1), 1 << (shift - 1));
    if rem > half || (rem == half && rounded & 1 == 1) {
        rounded += 1;
    }
    if e < emin {
        return sign | rounded as u16; // subnormal; rounding up may reach the smallest normal
    }
    // `rounded` includes the implicit leading 1, so adding it to (biased exponent - 1)
    // carries a round-up into the exponent, up to infinity.
    sign | ((((e + bias - 1) as u64) << man_bits) + rounded) as u16
}

/// Parses the header dict, e.g. `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`,
/// into (element type, big-endian, fortran order, shape).
fn parse_npy_header(header: &str) -> Result<(ElementType, bool, bool, Vec<usize>)> {
    const KEYS: [&str; 3] = ["descr", "fortran_order", "shape"];
    let invalid = HostTensorError::InvalidHeader;
    let mut parser = PyParser { s: header, pos: 0 };
    let dict = parser.value(0).map_err(invalid)?;
    if parser.skip_ws().is_some() {
        return Err(invalid(format!("unexpected text after the dict at offset {}", parser.pos)));
    }
    let Py::Dict(entries) = dict else {
        return Err(invalid("header is not a dict".into()));
    };
    let mut fields: [Option<(Py, String)>; 3] = Default::default();
    for (key, value, text) in entries {
        let Py::Str(key) = key else {
            return Err(invalid("the header dict has a non-string key".into()));
        };
        let unexpected = || invalid(format!("unexpected key '{key}'"));
        let i = KEYS.iter().position(|k| *k == key).ok_or_else(unexpected)?;
        fields[i] = Some((value, text));
    }
    let [descr, fortran_order, shape] = fields;
    let missing = |i: usize| invalid(format!("missing key '{}'", KEYS[i]));
    let (element_type, big_endian) = match descr.ok_or_else(|| missing(0))? {
        (Py::Str(d), _) => ElementType::from_npy_descr(&d).ok_or(d),
        (_, text) => Err(text),
    }
    .map_err(HostTensorError::UnsupportedDtype)?;
    let fortran_order = match fortran_order.ok_or_else(|| missing(1))? {
        (Py::Bool(b), _) => b,
        (_, text) => return Err(invalid(format!("fortran_order is not a bool: {text}"))),
    };
    let (shape, text) = shape.ok_or_else(|| missing(2))?;
    let dims = match shape {
        Py::Tuple(dims) => dims.into_iter().map(|d| match d {
            Py::Int(i) => usize::try_from(i).ok(),
            _ => None,
        }).collect(),
        _ => None,
    };
    let shape = dims.ok_or_else(|| invalid(format!("shape is not a tuple of sizes: {text}")))?;
    Ok((element_type, big_endian, fortran_order, shape))
}

/// The Python literals that `.npy` headers contain.
enum Py {
    Str(String),
    Int(i128),
    Bool(bool),
    Tuple(Vec<Py>),
    /// Entries as (key, value, source text of the value).
    Dict(Vec<(Py, Py, String)>),
    /// A list or `None`: valid, but never a valid header field.
    Other,
}

/// A recursive-descent parser for the Python literal subset of `.npy` headers.
struct PyParser<'a> {
    s: &'a str,
    pos: usize,
}

impl PyParser<'_> {
    fn peek(&self) -> Option<char> {
        self.s[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// Skips whitespace and peeks at what follows.
    fn skip_ws(&mut self) -> Option<char> {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
        self.peek()
    }

    fn unexpected(&self) -> String {
        match self.peek() {
            Some(c) => format!("unexpected {c:?} at offset {}", self.pos),
            None => "unexpected end of header".into(),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Py, String> {
        if depth > 32 {
            return Err("header is nested too deeply".into());
        }
        match self.skip_ws() {
            Some(quote @ ('\'' | '"')) => {
                self.bump();
                let mut s = String::new();
                loop {
                    match self.bump() {
                        Some('\\') => s.extend(self.bump()),
                        Some(c) if c == quote => return Ok(Py::Str(s)),
                        Some(c) => s.push(c),
                        None => return Err("unterminated string in header".into()),
                    }
                }
            }
            Some(open @ ('(' | '[' | '{')) => {
                self.bump();
                let close = match open {
                    '(' => ')',
                    '[' => ']',
                    _ => '}',
                };
                let (mut items, mut entries, mut comma) = (Vec::new(), Vec::new(), false);
                while self.skip_ws() != Some(close) {
                    let item = self.value(depth + 1)?;
                    if open == '{' {
                        if self.skip_ws() != Some(':') {
                            return Err(self.unexpected());
                        }
                        self.bump();
                        let start = self.skip_ws().map_or(self.pos, |_| self.pos);
                        let value = self.value(depth + 1)?;
                        entries.push((item, value, self.s[start..self.pos].to_owned()));
                    } else {
                        items.push(item);
                    }
                    match self.skip_ws() {
                        Some(',') => comma = self.bump().is_some(),
                        Some(c) if c == close => {}
                        _ => return Err(self.unexpected()),
                    }
                }
                self.bump();
                Ok(match open {
                    '{' => Py::Dict(entries),
                    '(' if items.len() == 1 && !comma => items.swap_remove(0), // `(3)` is 3
                    '(' => Py::Tuple(items),
                    _ => Py::Other,
                })
            }
            Some(c) if c == '-' || c == '+' || c.is_ascii_digit() => {
                if !c.is_ascii_digit() {
                    self.bump();
                }
                let start = self.pos;
                let mut v: i128 = 0;
                while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                    self.bump();
                    let next = v.checked_mul(10).and_then(|v| v.checked_add(d.into()));
                    v = next.ok_or("integer too large")?;
                }
                if self.pos == start {
                    return Err(self.unexpected());
                }
                if matches!(self.peek(), Some('L' | 'l')) {
                    self.bump(); // Python 2 long suffix
                }
                Ok(Py::Int(if c == '-' { -v } else { v }))
            }
            Some(c) if c.is_alphabetic() || c == '_' => {
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    self.bump();
                }
                match &self.s[start..self.pos] {
                    "True" => Ok(Py::Bool(true)),
                    "False" => Ok(Py::Bool(false)),
                    "None" => Ok(Py::Other),
                    name => Err(format!("unexpected name '{name}'")),
                }
            }
            _ => Err(self.unexpected()),
        }
    }
}


#[cfg(test)]
mod tests;

/// Row-major index → `[i, j, ...]` in `shape`.
pub fn position(mut index: usize, shape: &[usize]) -> String {
    let mut coordinates = vec![0; shape.len()];
    for (axis, &dim) in shape.iter().enumerate().rev() {
        if dim > 0 {
            coordinates[axis] = index % dim;
            index /= dim;
        }
    }
    format!("{coordinates:?}")
}

/// One element as numbers: integers widened, floats as f64 with their bit
/// pattern mapped to an ordered integer (ulp distances are differences) and
/// whether they are f32 or narrower (printed as f32), complex as two f64.
#[derive(Clone, Copy, Debug)]
pub enum ElementValue {
    Int(i128),
    Float { value: f64, ordered: i128, narrow: bool },
    Complex(f64, f64),
}

impl std::fmt::Display for ElementValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ElementValue::Int(v) => write!(f, "{v}"),
            // f32 and narrower print as f32 (shortest digits that round-trip).
            ElementValue::Float { value, narrow: true, .. } => write!(f, "{}", *value as f32),
            ElementValue::Float { value, .. } => write!(f, "{value}"),
            ElementValue::Complex(re, im) => write!(f, "({re}, {im})"),
        }
    }
}

/// Maps float bits to integers whose order is the floats' order, so that
/// the ulp distance is a difference.
fn ordered(bits: u64, width: u32) -> i128 {
    let sign = 1u64 << (width - 1);
    if bits & sign != 0 { -((bits & !sign) as i128) } else { bits as i128 }
}

impl HostTensor {
    /// Every element, decoded ([`ElementValue`]).
    pub fn element_values(&self) -> Vec<ElementValue> {
        let size = self.element_type.byte_size();
        self.data.chunks_exact(size).map(|b| self.element_value(b)).collect()
    }

    /// One element (`b`, its bytes), decoded.
    fn element_value(&self, b: &[u8]) -> ElementValue {
        let tensor = self;
        {
            use ElementType::*;
            let float = |value: f64, bits: u64, width: u32| ElementValue::Float { value, ordered: ordered(bits, width), narrow: width <= 32 };
            match tensor.element_type {
                Pred | U8 => ElementValue::Int(i128::from(b[0])),
                I8 => ElementValue::Int(i128::from(b[0] as i8)),
                I16 => ElementValue::Int(i128::from(i16::from_le_bytes([b[0], b[1]]))),
                U16 => ElementValue::Int(i128::from(u16::from_le_bytes([b[0], b[1]]))),
                I32 => ElementValue::Int(i128::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
                U32 => ElementValue::Int(i128::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
                I64 => ElementValue::Int(i128::from(i64::from_le_bytes(b.try_into().expect("8 bytes")))),
                U64 => ElementValue::Int(i128::from(u64::from_le_bytes(b.try_into().expect("8 bytes")))),
                F16 => {
                    let bits = u16::from_le_bytes([b[0], b[1]]);
                    float(f64::from(f16_bits_to_f32(bits)), u64::from(bits), 16)
                }
                BF16 => {
                    let bits = u16::from_le_bytes([b[0], b[1]]);
                    float(f64::from(bf16_bits_to_f32(bits)), u64::from(bits), 16)
                }
                F32 => {
                    let bits = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                    float(f64::from(f32::from_bits(bits)), u64::from(bits), 32)
                }
                F64 => {
                    let bits = u64::from_le_bytes(b.try_into().expect("8 bytes"));
                    float(f64::from_bits(bits), bits, 64)
                }
                C64 => ElementValue::Complex(
                    f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
                    f64::from(f32::from_le_bytes([b[4], b[5], b[6], b[7]])),
                ),
                C128 => ElementValue::Complex(
                    f64::from_le_bytes(b[..8].try_into().expect("8 bytes")),
                    f64::from_le_bytes(b[8..].try_into().expect("8 bytes")),
                ),
                // The low bits, sign-extended for i2/i4.
                I2 | I4 => {
                    let n = tensor.element_type.sub_byte_bits().unwrap_or(8);
                    let v = i128::from(b[0] & ((1u8 << n) - 1));
                    ElementValue::Int(if v >> (n - 1) != 0 { v - (1 << n) } else { v })
                }
                U2 | U4 => ElementValue::Int(i128::from(b[0] & ((1u8 << tensor.element_type.sub_byte_bits().unwrap_or(8)) - 1))),
                Bytes1 => ElementValue::Int(i128::from(b[0])),
                _ => match tensor.element_type.narrow_float() {
                    Some(format) => {
                        let value = narrow::decode(format, b[0]);
                        let sign = if format.has_sign() { 1u64 << (format.width() - 1) } else { 0 };
                        let bits = u64::from(b[0]);
                        // ulp order: sign-magnitude like the wider floats.
                        let ordered = if bits & sign != 0 { -((bits & !sign) as i128) } else { bits as i128 };
                        ElementValue::Float { value, ordered, narrow: true }
                    }
                    None => ElementValue::Int(i128::from(b[0])),
                },
            }
        }
    }
}
