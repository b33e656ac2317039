//! Unit tests of host tensors, .npy I/O and inline specs.

use super::*;
use ElementType::*;

// Fixtures: the exact bytes `numpy.save` (numpy 2.4) wrote for the arrays noted.
/// `np.array([True, False, True])`
const NPY_B1: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '|b1', 'fortran_order': False, 'shape': (3,), }\
    \x20                                                           \n\
    \x01\x00\x01";
/// `np.array([1.5, -2], ml_dtypes.bfloat16)` (ml_dtypes 0.6)
const NPY_BF16: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<V2', 'fortran_order': False, 'shape': (2,), }\
    \x20                                                           \n\
    \xc0\x3f\x00\xc0";
/// `np.array([[1, 2, 3], [4, 5, -6]], np.int32)`
const NPY_I4: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }\
    \x20                                                         \n\
    \x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00\x04\x00\x00\x00\x05\x00\x00\x00\xfa\xff\
    \xff\xff";
/// `np.array([-2**63, 2**63 - 1], np.int64)`
const NPY_I8: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<i8', 'fortran_order': False, 'shape': (2,), }\
    \x20                                                           \n\
    \x00\x00\x00\x00\x00\x00\x00\x80\xff\xff\xff\xff\xff\xff\xff\x7f";
/// `np.array([0, 255], np.uint8)`
const NPY_U1: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '|u1', 'fortran_order': False, 'shape': (2,), }\
    \x20                                                           \n\
    \x00\xff";
/// `np.array([0, 2**64 - 1], np.uint64)`
const NPY_U8: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<u8', 'fortran_order': False, 'shape': (2,), }\
    \x20                                                           \n\
    \x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff";
/// `np.array([1.0, -2.5, 65504, 2**-24], np.float16)`
const NPY_F2: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<f2', 'fortran_order': False, 'shape': (4,), }\
    \x20                                                           \n\
    \x00<\x00\xc1\xff{\x01\x00";
/// `np.array(2.5, np.float32)`
const NPY_F4: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<f4', 'fortran_order': False, 'shape': (), }\
    \x20                                                             \n\
    \x00\x00 @";
/// `np.array([[0.1, -0.0], [np.inf, 1e300]])`
const NPY_F8: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }\
    \x20                                                         \n\
    \x9a\x99\x99\x99\x99\x99\xb9?\x00\x00\x00\x00\x00\x00\x00\x80\x00\x00\x00\x00\x00\x00\xf0\
    \x7f\x9cu\x00\x88<\xe47~";
/// `np.array([1+2j, -3.5-0j], np.complex64)`
const NPY_C8: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<c8', 'fortran_order': False, 'shape': (2,), }\
    \x20                                                           \n\
    \x00\x00\x80?\x00\x00\x00@\x00\x00`\xc0\x00\x00\x00\x00";
/// `np.array([[1+2j]], np.complex128)`
const NPY_C16: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<c16', 'fortran_order': False, 'shape': (1, 1), }\
    \x20                                                        \n\
    \x00\x00\x00\x00\x00\x00\xf0?\x00\x00\x00\x00\x00\x00\x00@";
/// `np.zeros((0, 3), np.float32)`
const NPY_EMPTY: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<f4', 'fortran_order': False, 'shape': (0, 3), }\
    \x20                                                         \n";
/// `np.array([1, 2, -3], '>i4')`
const NPY_BE_I4: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '>i4', 'fortran_order': False, 'shape': (3,), }\
    \x20                                                           \n\
    \x00\x00\x00\x01\x00\x00\x00\x02\xff\xff\xff\xfd";
/// `np.array([1.5], '>f8')`
const NPY_BE_F8: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '>f8', 'fortran_order': False, 'shape': (1,), }\
    \x20                                                           \n\
    ?\xf8\x00\x00\x00\x00\x00\x00";
/// `np.array([1+2j], '>c8')`
const NPY_BE_C8: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '>c8', 'fortran_order': False, 'shape': (1,), }\
    \x20                                                           \n\
    ?\x80\x00\x00@\x00\x00\x00";
/// `np.lib.format.write_array(f, np.array([7, 8], '<i2'), version=(2, 0))`
const NPY_V2: &[u8] = b"\x93NUMPY\x02\x00t\x00\x00\x00\
    {'descr': '<i2', 'fortran_order': False, 'shape': (2,), }\
    \x20                                                         \n\
    \x07\x00\x08\x00";
/// `np.lib.format.write_array(f, np.array([7, 8], '<i2'), version=(3, 0))`
const NPY_V3: &[u8] = b"\x93NUMPY\x03\x00t\x00\x00\x00\
    {'descr': '<i2', 'fortran_order': False, 'shape': (2,), }\
    \x20                                                         \n\
    \x07\x00\x08\x00";
/// `np.asfortranarray(np.arange(6, dtype=np.int32).reshape(2, 3))`
const NPY_FORTRAN: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }\
    \x20                                                          \n\
    \x00\x00\x00\x00\x03\x00\x00\x00\x01\x00\x00\x00\x04\x00\x00\x00\x02\x00\x00\x00\x05\x00\
    \x00\x00";
/// `np.array(['abc'])`
const NPY_UNICODE: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<U3', 'fortran_order': False, 'shape': (1,), }\
    \x20                                                           \n\
    a\x00\x00\x00b\x00\x00\x00c\x00\x00\x00";

/// Little-endian bytes of the listed values of one primitive type.
macro_rules! le {
    ($t:ty: $($v:expr),* $(,)?) => { [$(<$t>::to_le_bytes($v)),*].concat() };
}

fn tensor(element_type: ElementType, shape: &[usize], data: Vec<u8>) -> HostTensor {
    HostTensor::new(element_type, shape.to_vec(), data).expect("test tensor")
}

fn err_text<T: fmt::Debug>(r: Result<T>) -> String {
    r.expect_err("expected an error").to_string()
}

/// A version 1.0 file with the given header text (unpadded) and data.
fn npy_with_header(header: &str, data: &[u8]) -> Vec<u8> {
    let len = u16::try_from(header.len()).expect("short header").to_le_bytes();
    [b"\x93NUMPY\x01\x00", &len[..], header.as_bytes(), data].concat()
}

/// The built MLIR type of each element type prints as its name and is
/// recognized again; signed integers count as signless.
#[test]
fn element_type_mlir_types() {
    let context = xla_dialects::create_context();
    for t in ElementType::ALL {
        let Some(ty) = t.mlir_type(&context) else {
            assert_eq!(t, Bytes1);
            continue;
        };
        assert_eq!(ty.to_string(), t.mlir_name());
        assert_eq!(ElementType::of_mlir_type(ty), Some(t));
    }
    let signed = melior::ir::r#type::IntegerType::signed(&context, 16).into();
    assert_eq!(ElementType::of_mlir_type(signed), Some(I16));
    for other in [melior::ir::Type::index(&context), melior::ir::r#type::IntegerType::new(&context, 128).into()] {
        assert_eq!(ElementType::of_mlir_type(other), None, "{other}");
    }
}

#[test]
fn element_type_names() {
    for t in ElementType::ALL {
        let expected = if t == Bytes1 { None } else { Some(t) };
        assert_eq!(ElementType::from_mlir_name(t.mlir_name()), expected);
        assert_eq!(t.to_string(), t.mlir_name());
        if let Some(descr) = t.npy_descr() {
            // numpy writes the ml_dtypes types as raw bytes, which read back untyped.
            let read = if descr == "<V1" { Bytes1 } else { t };
            assert_eq!(ElementType::from_npy_descr(descr), Some((read, false)));
            assert_eq!(descr[2..].parse::<usize>(), Ok(t.byte_size()));
        }
    }
    assert_eq!(ElementType::from_mlir_name("si16"), Some(I16));
    assert_eq!(ElementType::from_mlir_name("complex<f32>"), Some(C64));
    for bad in ["si1", "ui1", "i128", "f8", "complex<f16>", ""] {
        assert_eq!(ElementType::from_mlir_name(bad), None, "{bad}");
    }
    let descrs: Vec<_> = ElementType::ALL.iter().filter_map(|t| t.npy_descr()).collect();
    let numpy = ["|b1", "|i1", "<i2", "<i4", "<i8", "|u1", "<u2", "<u4", "<u8", "<f2", "<f4"];
    // The sub-byte integers, narrow floats and raw bytes: numpy.save's `<V1`.
    assert_eq!(descrs, [&numpy[..], &["<f8", "<c8", "<c16"], &["<V1"; 16]].concat());
    assert_eq!(BF16.npy_descr(), None);
    // numpy.save of an ml_dtypes.bfloat16 array: raw two-byte elements.
    assert_eq!(ElementType::from_npy_descr("<V2"), Some((BF16, false)));
    assert_eq!((Pred.byte_size(), BF16.byte_size(), C128.byte_size()), (1, 2, 16));
    assert_eq!(ElementType::from_npy_descr(">u2"), Some((U16, true)));
    assert_eq!(ElementType::from_npy_descr("<b1"), Some((Pred, false)));
    assert_eq!(ElementType::from_npy_descr("f8"), Some((F64, false)));
}

#[test]
fn reads_and_writes_numpy_files_exactly() {
    let cases = [
        (NPY_B1, tensor(Pred, &[3], vec![1, 0, 1]), "[true, false, true]"),
        (NPY_I4, tensor(I32, &[2, 3], le!(i32: 1, 2, 3, 4, 5, -6)), "[[1, 2, 3], [4, 5, -6]]"),
        (
            NPY_I8,
            tensor(I64, &[2], le!(i64: i64::MIN, i64::MAX)),
            "[-9223372036854775808, 9223372036854775807]",
        ),
        (NPY_U1, tensor(U8, &[2], vec![0, 255]), "[0, 255]"),
        (NPY_U8, tensor(U64, &[2], le!(u64: 0, u64::MAX)), "[0, 18446744073709551615]"),
        (
            NPY_F2,
            tensor(F16, &[4], le!(u16: 0x3c00, 0xc100, 0x7bff, 0x0001)),
            "[1, -2.5, 65504, 5.9604645e-8]",
        ),
        (NPY_F4, tensor(F32, &[], le!(f32: 2.5)), "2.5"),
        (
            NPY_F8,
            tensor(F64, &[2, 2], le!(f64: 0.1, -0.0, f64::INFINITY, 1e300)),
            "[[0.1, -0], [inf, 1e300]]",
        ),
        (NPY_C8, tensor(C64, &[2], le!(f32: 1.0, 2.0, -3.5, 0.0)), "[(1+2j), (-3.5+0j)]"),
        (NPY_C16, tensor(C128, &[1, 1], le!(f64: 1.0, 2.0)), "[[(1+2j)]]"),
        (NPY_EMPTY, tensor(F32, &[0, 3], vec![]), "[]"),
        (NPY_BF16, tensor(BF16, &[2], le!(u16: 0x3fc0, 0xc000)), "[1.5, -2]"),
    ];
    for (bytes, expected, text) in cases {
        let parsed = HostTensor::from_npy_bytes(bytes).expect(text);
        assert_eq!(parsed, expected);
        assert_eq!(parsed.format(), text);
        assert_eq!(parsed.to_npy_bytes().expect(text), bytes, "{text}");
    }
}

#[test]
fn npy_round_trip_for_every_dtype_and_shape() {
    let shapes: [&[usize]; 6] = [&[], &[5], &[2, 3], &[0], &[3, 0, 2], &[1, 2, 1, 3]];
    for ty in ElementType::ALL {
        for shape in shapes {
            let len = byte_len(ty, shape).expect("small shape");
            let data = (0..len).map(|i| (i * 37 % 256) as u8).collect();
            let t = tensor(ty, shape, data);
            let bytes = t.to_npy_bytes().expect("writable");
            assert_eq!((bytes[6], bytes.len() - len), (1, 128), "{ty} {shape:?}");
            assert_eq!(bytes[127], b'\n');
            let read = HostTensor::from_npy_bytes(&bytes).expect("readable");
            assert_eq!(read.as_type(ty).expect("one byte or the same type").into_owned(), t);
        }
    }
}

#[test]
fn reads_big_endian_and_other_versions() {
    let be_i4 = HostTensor::from_npy_bytes(NPY_BE_I4).expect("valid");
    assert_eq!(be_i4, tensor(I32, &[3], le!(i32: 1, 2, -3)));
    let be_f8 = HostTensor::from_npy_bytes(NPY_BE_F8).expect("valid");
    assert_eq!(be_f8, tensor(F64, &[1], le!(f64: 1.5)));
    let be_c8 = HostTensor::from_npy_bytes(NPY_BE_C8).expect("valid");
    assert_eq!(be_c8, tensor(C64, &[1], le!(f32: 1.0, 2.0)));
    for bytes in [NPY_V2, NPY_V3] {
        let t = HostTensor::from_npy_bytes(bytes).expect("valid");
        assert_eq!(t, tensor(I16, &[2], le!(i16: 7, 8)));
    }
    // Hand-written headers: double quotes, no trailing comma, Python 2 longs.
    let header = r#"{"shape": (2L, 1), "fortran_order": False, "descr": ">u2"}"#;
    let t = HostTensor::from_npy_bytes(&npy_with_header(header, &[1, 2, 3, 4]));
    assert_eq!(t.expect("valid"), tensor(U16, &[2, 1], le!(u16: 0x0102, 0x0304)));
}

#[test]
fn writes_version_2_when_the_header_is_too_long() {
    let t = HostTensor::zeros(U8, vec![1; 30_000]);
    let bytes = t.to_npy_bytes().expect("writable");
    let header_len = u32::from_le_bytes(le(&bytes[8..])) as usize;
    assert_eq!((bytes[6], (12 + header_len) % 64), (2, 0));
    assert_eq!(bytes[11 + header_len], b'\n');
    assert_eq!(HostTensor::from_npy_bytes(&bytes).expect("readable"), t);
    // No recursion per dimension when printing.
    assert_eq!(t.format(), format!("{}0{}", "[".repeat(30_000), "]".repeat(30_000)));
}

#[test]
fn rejects_bad_npy_files() {
    let cut = |n: usize| HostTensor::from_npy_bytes(&NPY_I4[..n]);
    assert_eq!(
        err_text(cut(NPY_I4.len() - 1)),
        "truncated .npy file: shape [2,3] of i32 needs 24 data bytes, only 23 present"
    );
    let short_header = "truncated .npy file: header needs 118 bytes, only 50 present";
    assert_eq!(err_text(cut(60)), short_header);
    assert_eq!(err_text(cut(9)), "truncated .npy file: missing header length");
    assert_eq!(err_text(cut(7)), "truncated .npy file: missing format version");
    assert_eq!(err_text(cut(3)), "not a .npy file (bad magic)");
    let not_npy = HostTensor::from_npy_bytes(b"PK\x03\x04 this is a zip file");
    assert_eq!(err_text(not_npy), "not a .npy file (bad magic)");
    let trailing = HostTensor::from_npy_bytes(&[NPY_I4, b"\0\0"].concat());
    assert_eq!(err_text(trailing), ".npy file has 2 unexpected bytes after the array data");
    let v4 = [&NPY_I4[..6], &[4, 0], &NPY_I4[8..]].concat();
    assert_eq!(
        err_text(HostTensor::from_npy_bytes(&v4)),
        "unsupported .npy format version 4.0 (supported: 1.0, 2.0, 3.0)"
    );
    let unicode = HostTensor::from_npy_bytes(NPY_UNICODE);
    assert_eq!(err_text(unicode), "unsupported dtype '<U3'");
}

#[test]
fn reads_fortran_order_as_row_major() {
    // Issue 19: refused although numpy writes them (np.asfortranarray).
    let fortran = HostTensor::from_npy_bytes(NPY_FORTRAN).expect("column-major file");
    assert_eq!(fortran, tensor(I32, &[2, 3], le!(i32: 0, 1, 2, 3, 4, 5)));
    // Rank 1 and 0: the same bytes in either order.
    let header = |shape: &str| format!("{{'descr': '<i2', 'fortran_order': True, 'shape': {shape}, }}");
    let one = HostTensor::from_npy_bytes(&npy_with_header(&header("(3,)"), &le!(i16: 7, 8, 9))).expect("1-D");
    assert_eq!(one, tensor(I16, &[3], le!(i16: 7, 8, 9)));
    let scalar = HostTensor::from_npy_bytes(&npy_with_header(&header("()"), &le!(i16: 5))).expect("0-D");
    assert_eq!(scalar, tensor(I16, &[], le!(i16: 5)));
    // Rank 3: element (i, j, k) of a 2x2x2 array is at i + 2j + 4k.
    let values: Vec<i16> = (0..8).collect();
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let cube = HostTensor::from_npy_bytes(&npy_with_header(&header("(2, 2, 2)"), &bytes)).expect("3-D");
    assert_eq!(cube, tensor(I16, &[2, 2, 2], le!(i16: 0, 4, 2, 6, 1, 5, 3, 7)));
    // Empty.
    let empty = HostTensor::from_npy_bytes(&npy_with_header(&header("(0, 3)"), &[])).expect("empty");
    assert_eq!(empty, tensor(I16, &[0, 3], vec![]));
}

#[test]
fn rejects_bad_npy_headers() {
    let read = |h: &str| err_text(HostTensor::from_npy_bytes(&npy_with_header(h, &[])));
    let structured = "{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': ()}";
    assert_eq!(read(structured), "unsupported dtype '[('a', '<i4')]'");
    let header = |shape: &str| format!("{{'descr': '<f4', 'fortran_order': False, {shape}}}");
    let cases = [
        (header("'shape': (-1,)"), "shape is not a tuple of sizes: (-1,)"),
        (header("'shape': (3)"), "shape is not a tuple of sizes: (3)"),
        (header("'shape': (2**70,)"), "unexpected '*' at offset 52"),
        (header("'shape': (), 'x': 1"), "unexpected key 'x'"),
        (header("'shape': (10000000000000000000000000000000000000000,)"), "integer too large"),
        (
            "{'descr': '<f4', 'fortran_order': 0, 'shape': ()}".into(),
            "fortran_order is not a bool: 0",
        ),
        ("{'descr': '<f4', 'shape': ()}".into(), "missing key 'fortran_order'"),
        ("{1: 2}".into(), "the header dict has a non-string key"),
        ("[1, 2]".into(), "header is not a dict"),
        ("{'descr': '<f4'".into(), "unexpected end of header"),
        ("{'descr': '<f4'} x".into(), "unexpected text after the dict at offset 17"),
        ("{'descr': '<f4', 'shape': (1; 2)}".into(), "unexpected ';' at offset 28"),
        ("{'descr': nan}".into(), "unexpected name 'nan'"),
        ("{'descr: 1}".into(), "unterminated string in header"),
        ("(".repeat(60_000), "header is nested too deeply"),
    ];
    for (header, message) in cases {
        assert_eq!(read(&header), format!("invalid .npy header: {message}"), "{header}");
    }
}

#[test]
fn f16_conversion_rounds_to_nearest_even() {
    let cases: [(f32, u16); 14] = [
        (1.0, 0x3c00),
        (65504.0, 0x7bff),
        (65519.0, 0x7bff), // just below the halfway point to 2^16
        (65520.0, 0x7c00), // halfway: rounds to even, i.e. overflows to infinity
        (-1e9, 0xfc00),
        (1.0 + 2f32.powi(-11), 0x3c00),     // tie, down to even
        (1.0 + 3.0 * 2f32.powi(-11), 0x3c02), // tie, up to even
        (0.1, 0x2e66),
        (2f32.powi(-24), 0x0001),          // smallest subnormal
        (1.5 * 2f32.powi(-24), 0x0002),    // tie between subnormals
        (2f32.powi(-25), 0x0000),          // tie with zero
        (1.5 * 2f32.powi(-25), 0x0001),
        (1023.5 * 2f32.powi(-24), 0x0400), // subnormal rounds up to the smallest normal
        (-0.0, 0x8000),
    ];
    for (x, bits) in cases {
        assert_eq!(f32_to_f16_bits(x), bits, "{x:e}");
    }
    assert_eq!(f32_to_f16_bits(f32::NAN) & 0x7e00, 0x7e00);
    assert_eq!(f32_to_f16_bits(f32::from_bits(0xff80_0001)) & 0xfe00, 0xfe00);
    assert_eq!(f32_to_f16_bits(1e-10), 0);
    // Every f16 value converts to f32 and back unchanged.
    for h in 0..=u16::MAX {
        let x = f16_bits_to_f32(h);
        assert_eq!(x.is_nan(), h & 0x7c00 == 0x7c00 && h & 0x3ff != 0);
        if !x.is_nan() {
            assert_eq!(f32_to_f16_bits(x), h, "{h:#06x}");
        }
    }
    assert_eq!(f16_bits_to_f32(0x0001), 2f32.powi(-24));
    assert_eq!(f16_bits_to_f32(0xfc00), f32::NEG_INFINITY);
}

#[test]
fn bf16_conversion_rounds_to_nearest_even() {
    let cases: [(u32, u16); 7] = [
        (0x3f80_8000, 0x3f80), // 1 + 2^-8: tie, down to even
        (0x3f81_8000, 0x3f82), // tie, up to even
        (0x3f80_8001, 0x3f81), // just above the tie
        (0x4049_0fdb, 0x4049), // pi
        (0x7f7f_ffff, 0x7f80), // f32::MAX rounds to infinity
        (0x0000_8000, 0x0000), // subnormal tie with zero
        (0x8001_8000, 0x8002), // negative subnormal tie, up to even
    ];
    for (x, bits) in cases {
        assert_eq!(f32_to_bf16_bits(f32::from_bits(x)), bits, "{x:#010x}");
    }
    assert!(bf16_bits_to_f32(f32_to_bf16_bits(f32::NAN)).is_nan());
    for b in 0..=u16::MAX {
        let x = bf16_bits_to_f32(b);
        if !x.is_nan() {
            assert_eq!(f32_to_bf16_bits(x), b, "{b:#06x}");
        }
    }
}

#[test]
fn parses_inline_tensors() {
    let cases = [
        ("2x3xf32=[1,2,3,4,5,6]", tensor(F32, &[2, 3], le!(f32: 1., 2., 3., 4., 5., 6.))),
        ("f32=2.5", tensor(F32, &[], le!(f32: 2.5))),
        ("4xi32=1 2 3 4", tensor(I32, &[4], le!(i32: 1, 2, 3, 4))),
        ("2x2xi8=[[1, -2], [3 +4]]", tensor(I8, &[2, 2], le!(i8: 1, -2, 3, 4))),
        ("3xi1=[true,false,1]", tensor(Pred, &[3], vec![1, 0, 1])),
        ("2xui8=[255,0]", tensor(U8, &[2], vec![255, 0])),
        ("0xf32=[]", tensor(F32, &[0], vec![])),
        ("2x0x3xi64=", tensor(I64, &[2, 0, 3], vec![])),
        (" 2xsi16 = 1, -2 ", tensor(I16, &[2], le!(i16: 1, -2))),
        (
            "2xi64=[-9223372036854775808 9223372036854775807]",
            tensor(I64, &[2], le!(i64: i64::MIN, i64::MAX)),
        ),
        ("ui64=18446744073709551615", tensor(U64, &[], le!(u64: u64::MAX))),
        ("3xf16=[1, 65504, 0.1]", tensor(F16, &[3], le!(u16: 0x3c00, 0x7bff, 0x2e66))),
        ("2xbf16=[1, 3.140625]", tensor(BF16, &[2], le!(u16: 0x3f80, 0x4049))),
        ("f64=1e300", tensor(F64, &[], le!(f64: 1e300))),
        ("2xf16=[inf, -Infinity]", tensor(F16, &[2], le!(u16: 0x7c00, 0xfc00))),
    ];
    for (spec, expected) in cases {
        assert_eq!(HostTensor::parse_inline(spec).expect(spec), expected, "{spec}");
    }
    let t = HostTensor::parse_inline("2xf32=[nan,-inf]").expect("valid");
    assert_eq!(t.format(), "[nan, -inf]");
    assert_eq!(HostTensor::parse_inline("bf16=nan").expect("valid").format(), "nan");
}

#[test]
fn rejects_bad_inline_tensors() {
    let no_equals = "has no '=' (expected e.g. 2x3xf32=[1,2,3,4,5,6] or f32=2.5)";
    let types = "(expected e.g. f32, bf16, i64, ui8 or i1)";
    let range = |v: &str, ty: &str, range: &str| {
        format!("inline value '{v}' is out of range for {ty} ({range})")
    };
    let (i64_range, inf) = ("-9223372036854775808..=9223372036854775807", "rounds to infinity");
    let (big, dim) = ("1000000000000000000000000000000000000000", "4294967296");
    let cases = [
        ("2x3xf32", format!("inline tensor '2x3xf32' {no_equals}")),
        ("2x3xf33=[]", format!("unknown element type 'f33' {types}")),
        ("2x3=[1]", format!("unknown element type '3' {types}")),
        ("2x3xf32=[1,2,3,4,5]", "expected 6 values for 2x3xf32, got 5".into()),
        ("f32=", "expected 1 value for f32, got 0".into()),
        ("2xf32=[1,x]", "inline value 'x' is not a valid f32".into()),
        ("i8=1.5", "inline value '1.5' is not a valid i8".into()),
        ("i64=1e3", "inline value '1e3' is not a valid i64".into()),
        ("i1=2", "inline value '2' is not a valid i1".into()),
        ("2xui8=[255,256]", range("256", "ui8", "0..=255")),
        ("ui8=-1", range("-1", "ui8", "0..=255")),
        ("i16=32768", range("32768", "i16", "-32768..=32767")),
        ("i64=-9223372036854775809", range("-9223372036854775809", "i64", i64_range)),
        (&format!("i64={big}"), range(big, "i64", i64_range)),
        ("f16=65520", range("65520", "f16", inf)),
        ("bf16=-1e39", range("-1e39", "bf16", inf)),
        ("f32=1e40", range("1e40", "f32", inf)),
        ("f64=1e309", range("1e309", "f64", inf)),
        (
            "2xcomplex<f64>=1 2",
            "complex<f64> values cannot be given inline; use a .npy file".into(),
        ),
        (
            &format!("{big}xf32="),
            format!("invalid dimension '{big}' in inline tensor type (dimensions are integers from 0 to 2^64-1)"),
        ),
        // Issue 19: a sign said "unknown element type", a missing bracket
        // "expected 8 values, got 3".
        ("-1xf32=[1]", "invalid dimension '-1' in inline tensor type (dimensions are integers from 0 to 2^64-1)".into()),
        ("2x-3xf32=[1]", "invalid dimension '-3' in inline tensor type (dimensions are integers from 0 to 2^64-1)".into()),
        ("8xf32=[1,2,3", "unbalanced brackets in inline value '[1,2,3'".into()),
        ("2xf32=1,2]", "unbalanced brackets in inline value '1,2]'".into()),
        ("2x2xf32=[[1,2],[3,4]]]", "unbalanced brackets in inline value '[[1,2],[3,4]]]'".into()),
        (
            &format!("f32={}", "[".repeat(30000)),
            format!("unbalanced brackets in inline value '{}...'", "[".repeat(60)),
        ),
        (
            &format!("{dim}x{dim}x{dim}xf32="),
            format!("shape [{dim},{dim},{dim}] of f32 is too large (size overflows usize)"),
        ),
    ];
    for (spec, message) in cases {
        assert_eq!(err_text(HostTensor::parse_inline(spec)), message, "{spec}");
    }
}

#[test]
fn formats_like_numpy() {
    let f32s = |shape: &[usize], v: &[f32]| {
        tensor(F32, shape, v.iter().flat_map(|x| x.to_le_bytes()).collect())
    };
    assert_eq!(tensor(I32, &[], le!(i32: -7)).format(), "-7");
    assert_eq!(tensor(Pred, &[], vec![1]).format(), "true");
    assert_eq!(f32s(&[], &[1.0]).format(), "1");
    let floats = f32s(&[6], &[-0.0, 1e16, 9.9e15, 1.5e-5, 1e-4, 0.3]).format();
    assert_eq!(floats, "[-0, 1e16, 9900000000000000, 1.5e-5, 0.0001, 0.3]");
    assert_eq!(f32s(&[2, 0], &[]).format(), "[]");
    assert_eq!(f32s(&[1, 2, 1], &[1.0, 2.0]).format(), "[[[1], [2]]]");
    assert_eq!(tensor(U8, &[2, 2], vec![1, 2, 3, 4]).format(), "[[1, 2], [3, 4]]");
    let c = tensor(C128, &[3], le!(f64: 1.0, -2.0, f64::NAN, f64::INFINITY, 0.5, -0.0));
    assert_eq!(c.format(), "[(1-2j), (nan+infj), (0.5-0j)]");
    assert_eq!(tensor(BF16, &[2], le!(u16: 0x3fc0, 0xff80)).format(), "[1.5, -inf]");
    // Past 1000 elements, numpy shows 3 items at each end of each dimension.
    let data = |n: i32| (0..n).flat_map(i32::to_le_bytes).collect::<Vec<u8>>();
    assert_eq!(tensor(I32, &[2000], data(2000)).format(), "[0, 1, 2, ..., 1997, 1998, 1999]");
    let t = tensor(I32, &[100, 20], data(2000)).format();
    let first_rows = "[[0, 1, 2, ..., 17, 18, 19], [20, 21, 22, ..., 37, 38, 39], [40,";
    assert!(t.starts_with(first_rows), "{t}");
    assert!(t.contains("59], ..., [1940, 1941, 1942, ..., 1957, 1958, 1959], [1960,"), "{t}");
    assert!(t.ends_with("1997, 1998, 1999]]"), "{t}");
    // The fields are public: an inconsistent tensor is reported, not a panic.
    let broken = HostTensor { element_type: F32, shape: vec![2], data: vec![0; 3] };
    let message = "data has 3 bytes, shape [2] of f32 needs 8";
    assert_eq!(broken.format(), format!("<invalid tensor: {message}>"));
    assert!(broken.to_npy_bytes().is_err());
}

#[test]
fn constructors_check_sizes() {
    let r = HostTensor::new(F32, vec![2, 3], vec![0; 5]);
    assert_eq!(err_text(r), "data has 5 bytes, shape [2,3] of f32 needs 24");
    let z = HostTensor::zeros(C64, vec![2, 3]);
    assert_eq!((z.data.len(), z.num_elements()), (48, 6));
    assert_eq!(HostTensor::zeros(I8, vec![]).num_elements(), 1);
    assert_eq!(HostTensor::zeros(I8, vec![usize::MAX, 0]).num_elements(), 0);
}

#[test]
fn reads_and_writes_files() {
    let dir = std::env::temp_dir().join(format!("host_tensor_test_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("t.npy");
    let t = tensor(F64, &[2], le!(f64: 1.0, -2.0));
    t.write_npy(&path).expect("writable");
    assert_eq!(HostTensor::read_npy(&path).expect("readable"), t);
    std::fs::remove_dir_all(&dir).expect("cleanup");
    let missing = err_text(HostTensor::read_npy(&path));
    assert!(missing.starts_with(&format!("cannot read '{}': ", path.display())), "{missing}");
    let unwritable = err_text(t.write_npy(&dir.join("no/such/dir.npy")));
    assert!(unwritable.starts_with("cannot write '"), "{unwritable}");
}

// ml_dtypes arrays: `numpy.save` writes raw bytes (`<V1`).
/// `np.array([-1, 7, -8], ml_dtypes.int4)`
const NPY_INT4: &[u8] = b"\x93NUMPY\x01\x00v\x00\
    {'descr': '<V1', 'fortran_order': False, 'shape': (3,), }\
    \x20                                                           \n\
    \x0f\x07\x08";

#[test]
fn ml_dtypes_npy_takes_the_parameter_type() {
    let raw = HostTensor::from_npy_bytes(NPY_INT4).unwrap();
    assert_eq!(raw.element_type, Bytes1);
    let typed = raw.as_type(I4).unwrap();
    assert_eq!(typed.element_type, I4);
    assert_eq!(typed.format(), "[-1, 7, -8]");
    assert_eq!(raw.as_type(U4).unwrap().format(), "[15, 7, 8]");
    assert!(raw.as_type(I32).is_none(), "only one-byte types");
    // Written back exactly as numpy.save wrote it.
    assert_eq!(typed.to_npy_bytes().unwrap(), NPY_INT4);
    assert!(typed.invalid_sub_byte_element().is_none());
    let bad = HostTensor::new(I4, vec![2], vec![0x0f, 0x1f]).unwrap();
    assert_eq!(bad.invalid_sub_byte_element(), Some((1, 0x1f)));
}

#[test]
fn narrow_floats_print_and_parse_inline() {
    // f8E4M3FN: 0x38 = 1.0, 0xfe = -448, 0x01 = 2^-9, 0x7f = NaN.
    let t = HostTensor::new(F8E4M3FN, vec![4], vec![0x38, 0xfe, 0x01, 0x7f]).unwrap();
    assert_eq!(t.format(), "[1, -448, 0.001953125, nan]");
    let parsed = HostTensor::parse_inline("4xf8E4M3FN=[1, -448, 0.001953125, nan]").unwrap();
    assert_eq!(parsed.data, t.data);
    // 17 is a tie: to 16 (even mantissa).
    assert_eq!(HostTensor::parse_inline("f8E4M3FN=17").unwrap().format(), "16");
    // Sub-byte integers: range-checked, stored in the low bits.
    assert_eq!(HostTensor::parse_inline("2xi4=[-8, 7]").unwrap().data, vec![0x08, 0x07]);
    assert!(HostTensor::parse_inline("i4=8").is_err());
    assert!(HostTensor::parse_inline("ui2=4").is_err());
    assert_eq!(HostTensor::parse_inline("2xi2=[-2, 1]").unwrap().format(), "[-2, 1]");
}
