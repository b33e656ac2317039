//! The builder API end to end: at least one computation per op family,
//! built, compiled for the CPU, run, and checked against values computed by
//! hand; construction errors and their messages; the examples.
//!
//! One test binary on purpose (each links all of MLIR).

use xla_builder::*;

#[path = "../examples/axpy.rs"]
#[allow(dead_code)]
mod axpy_example;
#[path = "../examples/mlp.rs"]
#[allow(dead_code)]
mod mlp_example;
#[path = "../examples/while_loop.rs"]
#[allow(dead_code)]
mod while_loop_example;

#[path = "builder/host_transfer.rs"]
mod host_transfer;

type TestResult = Result<(), Box<dyn std::error::Error>>;

const F32: ElementType = ElementType::F32;
const I32: ElementType = ElementType::I32;

fn f32_shape(dims: &[i64]) -> Shape {
    Shape::array(F32, dims)
}

/// Compiles and runs, printing the module on failure.
fn run(computation: &XlaComputation, arguments: &[Literal]) -> Vec<Literal> {
    computation.execute(arguments).unwrap_or_else(|e| panic!("{e}\n{}", computation.to_mlir_text()))
}

fn assert_close(actual: &[f32], expected: &[f32], tolerance: f32) {
    assert_eq!(actual.len(), expected.len(), "{actual:?} vs {expected:?}");
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        let ok = (a - e).abs() <= tolerance * (1.0 + e.abs()) || (a.is_nan() && e.is_nan()) || a == e;
        assert!(ok, "element {i}: {a} vs expected {e} (all: {actual:?} vs {expected:?})");
    }
}

/// Builds `f(x: f32[n]) -> f(x)` for each unary op and checks it against
/// the Rust function.
#[test]
fn elementwise_unary_float() -> TestResult {
    type Op = fn(&XlaBuilder, XlaOp) -> Result<XlaOp, BuildError>;
    type Case = (&'static str, Op, fn(f32) -> f32);
    let cases: &[Case] = &[
        ("abs", XlaBuilder::abs, f32::abs),
        ("neg", XlaBuilder::neg, |x| -x),
        ("exp", XlaBuilder::exp, f32::exp),
        ("log", XlaBuilder::log, f32::ln),
        ("log1p", XlaBuilder::log1p, f32::ln_1p),
        ("expm1", XlaBuilder::expm1, f32::exp_m1),
        ("sqrt", XlaBuilder::sqrt, f32::sqrt),
        ("rsqrt", XlaBuilder::rsqrt, |x| 1.0 / x.sqrt()),
        ("cbrt", XlaBuilder::cbrt, f32::cbrt),
        ("tanh", XlaBuilder::tanh, f32::tanh),
        ("logistic", XlaBuilder::logistic, |x| 1.0 / (1.0 + (-x).exp())),
        ("sin", XlaBuilder::sin, f32::sin),
        ("cos", XlaBuilder::cos, f32::cos),
        ("tan", XlaBuilder::tan, f32::tan),
        ("floor", XlaBuilder::floor, f32::floor),
        ("ceil", XlaBuilder::ceil, f32::ceil),
        ("round_nearest_afz", XlaBuilder::round_nearest_afz, f32::round),
        ("round_nearest_even", XlaBuilder::round_nearest_even, f32::round_ties_even),
        ("sign", XlaBuilder::sign, |x| if x == 0.0 { 0.0 } else { x.signum() }),
    ];
    let input = [0.5f32, 1.5, 2.5, 3.25];
    for (name, op, reference) in cases {
        let b = XlaBuilder::new("main");
        let x = b.parameter(0, &f32_shape(&[4]), "x")?;
        let y = op(&b, x)?;
        let computation = b.build(&[y])?;
        let result = run(&computation, &[Literal::vec1(&input)]);
        let expected: Vec<f32> = input.iter().map(|&v| reference(v)).collect();
        println!("{name}: {:?}", result[0].to_vec::<f32>()?);
        assert_close(&result[0].to_vec::<f32>()?, &expected, 1e-5);
    }
    // Negative values and ties for the rounding and sign ops.
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[4]), "x")?;
    let afz = b.round_nearest_afz(x)?;
    let even = b.round_nearest_even(x)?;
    let sign = b.sign(x)?;
    let finite = b.is_finite(b.div(x, b.broadcast_in_dim(b.zero(F32)?, &[4], &[])?)?)?;
    let computation = b.build(&[afz, even, sign, finite])?;
    let result = run(&computation, &[Literal::vec1(&[-2.5f32, 2.5, 0.0, -0.5])]);
    assert_eq!(result[0].to_vec::<f32>()?, vec![-3.0, 3.0, 0.0, -1.0]);
    assert_eq!(result[1].to_vec::<f32>()?, vec![-2.0, 2.0, 0.0, -0.0]);
    assert_eq!(result[2].to_vec::<f32>()?, vec![-1.0, 1.0, 0.0, -1.0]);
    // x / 0 is ±inf, or NaN for 0 / 0: never finite.
    assert_eq!(result[3].to_vec::<bool>()?, vec![false, false, false, false]);
    Ok(())
}

#[test]
fn elementwise_binary_float() -> TestResult {
    type Op = fn(&XlaBuilder, XlaOp, XlaOp) -> Result<XlaOp, BuildError>;
    type Case = (&'static str, Op, fn(f32, f32) -> f32);
    let cases: &[Case] = &[
        ("add", XlaBuilder::add, |a, b| a + b),
        ("sub", XlaBuilder::sub, |a, b| a - b),
        ("mul", XlaBuilder::mul, |a, b| a * b),
        ("div", XlaBuilder::div, |a, b| a / b),
        ("rem", XlaBuilder::rem, |a, b| a % b),
        ("max", XlaBuilder::max, f32::max),
        ("min", XlaBuilder::min, f32::min),
        ("pow", XlaBuilder::pow, f32::powf),
        ("atan2", XlaBuilder::atan2, f32::atan2),
    ];
    let lhs = [7.0f32, -7.0, 2.5, 0.5];
    let rhs = [3.0f32, 3.0, -1.5, 2.0];
    for (name, op, reference) in cases {
        let b = XlaBuilder::new("main");
        let x = b.parameter(0, &f32_shape(&[4]), "x")?;
        let y = b.parameter(1, &f32_shape(&[4]), "y")?;
        let z = op(&b, x, y)?;
        let computation = b.build(&[z])?;
        let result = run(&computation, &[Literal::vec1(&lhs), Literal::vec1(&rhs)]);
        let expected: Vec<f32> = lhs.iter().zip(&rhs).map(|(&a, &b)| reference(a, b)).collect();
        println!("{name}: {:?}", result[0].to_vec::<f32>()?);
        // pow(-7, 3) is exact; pow(2.5, -1.5) within 1e-5.
        assert_close(&result[0].to_vec::<f32>()?, &expected, 1e-5);
    }
    Ok(())
}

#[test]
fn elementwise_integer_and_logical() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &Shape::array(I32, &[4]), "x")?;
    let y = b.parameter(1, &Shape::array(I32, &[4]), "y")?;
    let roots = [
        b.and(x, y)?,
        b.or(x, y)?,
        b.xor(x, y)?,
        b.not(x)?,
        b.shift_left(x, y)?,
        b.shift_right_arithmetic(x, y)?,
        b.shift_right_logical(x, y)?,
        b.popcnt(x)?,
        b.clz(x)?,
        b.div(x, y)?,
        b.rem(x, y)?,
        b.abs(x)?,
        b.neg(x)?,
        b.sign(x)?,
        b.max(x, y)?,
    ];
    let computation = b.build(&roots)?;
    let xs = [12i32, -16, 7, 1];
    let ys = [10i32, 2, 3, 31];
    let result = run(&computation, &[Literal::vec1(&xs), Literal::vec1(&ys)]);
    let get = |i: usize| result[i].to_vec::<i32>().unwrap();
    assert_eq!(get(0), vec![12 & 10, -16 & 2, 7 & 3, 1 & 31]);
    assert_eq!(get(1), vec![12 | 10, -16 | 2, 7 | 3, 1 | 31]);
    assert_eq!(get(2), vec![12 ^ 10, -16 ^ 2, 7 ^ 3, 1 ^ 31]);
    assert_eq!(get(3), vec![!12, !-16, !7, !1]);
    assert_eq!(get(4), vec![12 << 10, -16 << 2, 7 << 3, 1 << 31]);
    assert_eq!(get(5), vec![12 >> 10, -16 >> 2, 7 >> 3, 1 >> 31]);
    assert_eq!(get(6), vec![0, ((-16i32 as u32) >> 2) as i32, 0, 0]);
    assert_eq!(get(7), vec![2, 28, 3, 1]);
    assert_eq!(get(8), vec![28, 0, 29, 31]);
    assert_eq!(get(9), vec![1, -8, 2, 0]);
    assert_eq!(get(10), vec![2, 0, 1, 1]);
    assert_eq!(get(11), vec![12, 16, 7, 1]);
    assert_eq!(get(12), vec![-12, 16, -7, -1]);
    assert_eq!(get(13), vec![1, -1, 1, 1]);
    assert_eq!(get(14), vec![12, 2, 7, 31]);

    // Predicates and unsigned integers.
    let b = XlaBuilder::new("main");
    let p = b.parameter(0, &Shape::array(ElementType::Pred, &[4]), "p")?;
    let q = b.parameter(1, &Shape::array(ElementType::Pred, &[4]), "q")?;
    let u = b.parameter(2, &Shape::array(ElementType::U8, &[2]), "u")?;
    let roots = [b.and(p, q)?, b.or(p, q)?, b.xor(p, q)?, b.not(p)?, b.shift_right_logical(u, b.constant_r1(&[1u8, 4])?)?, b.div(u, b.constant_r1(&[7u8, 16])?)?];
    let computation = b.build(&roots)?;
    let ps = [true, true, false, false];
    let qs = [true, false, true, false];
    let result = run(&computation, &[Literal::vec1(&ps), Literal::vec1(&qs), Literal::vec1(&[200u8, 255])]);
    assert_eq!(result[0].to_vec::<bool>()?, vec![true, false, false, false]);
    assert_eq!(result[1].to_vec::<bool>()?, vec![true, true, true, false]);
    assert_eq!(result[2].to_vec::<bool>()?, vec![false, true, true, false]);
    assert_eq!(result[3].to_vec::<bool>()?, vec![false, false, true, true]);
    assert_eq!(result[4].to_vec::<u8>()?, vec![100, 15]);
    assert_eq!(result[5].to_vec::<u8>()?, vec![28, 15]);
    Ok(())
}

#[test]
fn elementwise_complex() -> TestResult {
    let b = XlaBuilder::new("main");
    let re = b.parameter(0, &f32_shape(&[2]), "re")?;
    let im = b.parameter(1, &f32_shape(&[2]), "im")?;
    let z = b.complex(re, im)?;
    let z2 = b.mul(z, z)?;
    let roots = [b.real(z2)?, b.imag(z2)?, b.abs(z)?, z];
    let computation = b.build(&roots)?;
    let result = run(&computation, &[Literal::vec1(&[3.0f32, 1.0]), Literal::vec1(&[4.0f32, -1.0])]);
    // (3+4i)^2 = -7+24i; (1-i)^2 = -2i.
    assert_close(&result[0].to_vec::<f32>()?, &[-7.0, 0.0], 1e-6);
    assert_close(&result[1].to_vec::<f32>()?, &[24.0, -2.0], 1e-6);
    assert_close(&result[2].to_vec::<f32>()?, &[5.0, 2f32.sqrt()], 1e-6);
    assert_eq!(result[3].to_vec::<C64>()?, vec![C64 { re: 3.0, im: 4.0 }, C64 { re: 1.0, im: -1.0 }]);
    Ok(())
}

#[test]
fn compare_select_clamp() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[4]), "x")?;
    let y = b.parameter(1, &f32_shape(&[4]), "y")?;
    let lt = b.compare(x, y, ComparisonDirection::LT, Some(ComparisonType::FLOAT))?;
    let ge = b.ge(x, y)?;
    let eq = b.eq(x, y)?;
    let selected = b.select(lt, x, y)?;
    let clamped = b.clamp(b.constant_r0(0.0f32)?, x, b.constant_r0(2.0f32)?)?;
    let computation = b.build(&[lt, ge, eq, selected, clamped])?;
    let result = run(&computation, &[Literal::vec1(&[1.0f32, 5.0, -3.0, 2.0]), Literal::vec1(&[2.0f32, 4.0, -3.0, 2.0])]);
    assert_eq!(result[0].to_vec::<bool>()?, vec![true, false, false, false]);
    assert_eq!(result[1].to_vec::<bool>()?, vec![false, true, true, true]);
    assert_eq!(result[2].to_vec::<bool>()?, vec![false, false, true, true]);
    assert_eq!(result[3].to_vec::<f32>()?, vec![1.0, 4.0, -3.0, 2.0]);
    assert_eq!(result[4].to_vec::<f32>()?, vec![1.0, 2.0, 0.0, 2.0]);
    Ok(())
}

#[test]
fn conversions() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[3]), "x")?;
    let to_int = b.convert(x, I32)?;
    let back = b.convert(to_int, ElementType::F64)?;
    let bits = b.bitcast_convert(x, I32)?;
    let halves = b.bitcast_convert(x, ElementType::U16)?;
    let rounded = b.reduce_precision(x, 5, 10)?;
    let computation = b.build(&[to_int, back, bits, halves, rounded])?;
    let input = [2.7f32, -2.7, 1.0001];
    let result = run(&computation, &[Literal::vec1(&input)]);
    assert_eq!(result[0].to_vec::<i32>()?, vec![2, -2, 1]);
    assert_eq!(result[1].to_vec::<f64>()?, vec![2.0, -2.0, 1.0]);
    assert_eq!(result[2].to_vec::<i32>()?, input.iter().map(|v| v.to_bits() as i32).collect::<Vec<_>>());
    assert_eq!(result[3].dims(), &[3, 2]);
    let one_bits = 1.0001f32.to_bits();
    assert_eq!(result[3].to_vec::<u16>()?[4..], [(one_bits & 0xffff) as u16, (one_bits >> 16) as u16]);
    assert_close(&result[4].to_vec::<f32>()?, &[2.69922, -2.69922, 1.0], 1e-6);
    Ok(())
}

#[test]
fn constants_of_every_element_type() -> TestResult {
    let b = XlaBuilder::new("main");
    let roots = [
        b.constant_r1(&[1.5f32, -2.0])?,
        b.constant_r1(&[1.0e300f64, -0.25])?,
        b.constant_r1(&[-128i8, 127])?,
        b.constant_r1(&[-30000i16, 2])?,
        b.constant_r1(&[i32::MIN, 7])?,
        b.constant_r1(&[i64::MAX, -1])?,
        b.constant_r1(&[255u8, 0])?,
        b.constant_r1(&[65535u16, 1])?,
        b.constant_r1(&[u32::MAX, 3])?,
        b.constant_r1(&[u64::MAX, 4])?,
        b.constant_from_slice(&[true, false, false, true], &[2, 2])?,
        b.constant_r1(&[F16::from_f32(0.5), F16::from_f32(-3.0)])?,
        b.constant_r1(&[BF16::from_f32(1.0), BF16::from_f32(256.0)])?,
        b.constant_r1(&[C64 { re: 1.0, im: -2.0 }])?,
        b.constant_r1(&[C128 { re: 0.5, im: 8.0 }])?,
        b.constant_r0(42i32)?,
        b.constant_from_slice::<f32>(&[], &[0, 3])?,
    ];
    let computation = b.build(&roots)?;
    let result = run(&computation, &[]);
    assert_eq!(result[0].to_vec::<f32>()?, vec![1.5, -2.0]);
    assert_eq!(result[1].to_vec::<f64>()?, vec![1.0e300, -0.25]);
    assert_eq!(result[2].to_vec::<i8>()?, vec![-128, 127]);
    assert_eq!(result[3].to_vec::<i16>()?, vec![-30000, 2]);
    assert_eq!(result[4].to_vec::<i32>()?, vec![i32::MIN, 7]);
    assert_eq!(result[5].to_vec::<i64>()?, vec![i64::MAX, -1]);
    assert_eq!(result[6].to_vec::<u8>()?, vec![255, 0]);
    assert_eq!(result[7].to_vec::<u16>()?, vec![65535, 1]);
    assert_eq!(result[8].to_vec::<u32>()?, vec![u32::MAX, 3]);
    assert_eq!(result[9].to_vec::<u64>()?, vec![u64::MAX, 4]);
    assert_eq!(result[10].to_vec::<bool>()?, vec![true, false, false, true]);
    assert_eq!(result[10].dims(), &[2, 2]);
    assert_eq!(result[11].to_vec::<F16>()?.iter().map(|h| h.to_f32()).collect::<Vec<_>>(), vec![0.5, -3.0]);
    assert_eq!(result[12].to_vec::<BF16>()?.iter().map(|h| h.to_f32()).collect::<Vec<_>>(), vec![1.0, 256.0]);
    assert_eq!(result[13].to_vec::<C64>()?, vec![C64 { re: 1.0, im: -2.0 }]);
    assert_eq!(result[14].to_vec::<C128>()?, vec![C128 { re: 0.5, im: 8.0 }]);
    assert_eq!(result[15].to_scalar::<i32>()?, 42);
    assert_eq!(result[16].dims(), &[0, 3]);
    Ok(())
}

#[test]
fn shape_ops() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2, 3]), "x")?;
    let v = b.parameter(1, &f32_shape(&[3]), "v")?;
    let iota = b.iota(&Shape::array(I32, &[2, 3]), 1)?;
    let row = b.broadcast_in_dim(v, &[2, 3], &[1])?;
    let stacked = b.broadcast(v, &[2])?;
    let reshaped = b.reshape(x, &[3, 2])?;
    let transposed = b.transpose(x, &[1, 0])?;
    let reversed = b.reverse(x, &[0, 1])?;
    assert_eq!(b.get_shape(transposed)?, f32_shape(&[3, 2]));
    let computation = b.build(&[iota, row, stacked, reshaped, transposed, reversed])?;
    let result = run(&computation, &[Literal::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3])?, Literal::vec1(&[7.0f32, 8.0, 9.0])]);
    assert_eq!(result[0].to_vec::<i32>()?, vec![0, 1, 2, 0, 1, 2]);
    assert_eq!(result[1].to_vec::<f32>()?, vec![7.0, 8.0, 9.0, 7.0, 8.0, 9.0]);
    assert_eq!(result[2].to_vec::<f32>()?, vec![7.0, 8.0, 9.0, 7.0, 8.0, 9.0]);
    assert_eq!(result[3].dims(), &[3, 2]);
    assert_eq!(result[3].to_vec::<f32>()?, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(result[4].to_vec::<f32>()?, vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    assert_eq!(result[5].to_vec::<f32>()?, vec![6.0, 5.0, 4.0, 3.0, 2.0, 1.0]);
    Ok(())
}

#[test]
fn slicing_concatenate_pad() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[10]), "x")?;
    let start = b.parameter(1, &Shape::scalar(I32), "start")?;
    let sliced = b.slice(x, &[1], &[8], &[3])?;
    let in_dim = b.slice_in_dim(x, 2, 4, 1, 0)?;
    let dynamic = b.dynamic_slice(x, &[start], &[4])?;
    let updated = b.dynamic_update_slice(x, b.constant_r1(&[-1.0f32, -2.0])?, &[start])?;
    let joined = b.concatenate(&[sliced, in_dim], 0)?;
    let small = b.slice(x, &[1], &[4], &[1])?;
    let padded = b.pad(small, b.constant_r0(0.5f32)?, &[-1], &[2], &[1])?;
    let computation = b.build(&[sliced, dynamic, updated, joined, padded])?;
    let data: Vec<f32> = (0..10).map(|i| i as f32).collect();
    let result = run(&computation, &[Literal::vec1(&data), Literal::scalar(7i32)]);
    assert_eq!(result[0].to_vec::<f32>()?, vec![1.0, 4.0, 7.0]);
    // Start 7 is clamped to 6 so that the 4 elements fit.
    assert_eq!(result[1].to_vec::<f32>()?, vec![6.0, 7.0, 8.0, 9.0]);
    assert_eq!(result[2].to_vec::<f32>()?, vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, -1.0, -2.0, 9.0]);
    assert_eq!(result[3].to_vec::<f32>()?, vec![1.0, 4.0, 7.0, 2.0, 3.0]);
    // [1, 2, 3] with interior 1: [1, .5, 2, .5, 3]; low -1 drops the 1; high 2 appends two.
    assert_eq!(result[4].to_vec::<f32>()?, vec![0.5, 2.0, 0.5, 3.0, 0.5, 0.5]);
    Ok(())
}

#[test]
fn gather() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[3, 3]), "x")?;
    let indices = b.parameter(1, &Shape::array(I32, &[2, 1]), "indices")?;
    let rows = b.gather(x, indices, &row_gather(), &[1, 3], false)?;
    let computation = b.build(&[rows])?;
    let data: Vec<f32> = (0..9).map(|i| i as f32).collect();
    let result = run(&computation, &[Literal::from_slice(&data, &[3, 3])?, Literal::from_slice(&[2i32, 0], &[2, 1])?]);
    assert_eq!(result[0].dims(), &[2, 3]);
    assert_eq!(result[0].to_vec::<f32>()?, vec![6.0, 7.0, 8.0, 0.0, 1.0, 2.0]);
    Ok(())
}

/// Gathers whole rows of a matrix at `[n, 1]` indices.
fn row_gather() -> GatherDimensionNumbers {
    GatherDimensionNumbers { offset_dims: vec![1], collapsed_slice_dims: vec![0], start_index_map: vec![0], index_vector_dim: 1, ..Default::default() }
}

#[test]
fn scatter() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[3, 3]), "x")?;
    let indices = b.parameter(1, &Shape::array(I32, &[2, 1]), "indices")?;
    let add = b.binary_computation("add", F32, |sb, a, c| sb.add(a, c))?;
    let scatter_dims = ScatterDimensionNumbers {
        update_window_dims: vec![1],
        inserted_window_dims: vec![0],
        scatter_dims_to_operand_dims: vec![0],
        index_vector_dim: 1,
        ..Default::default()
    };
    let updates = b.constant_from_slice(&[10.0f32, 10.0, 10.0, 1.0, 2.0, 3.0], &[2, 3])?;
    let scattered = b.scatter(x, indices, updates, &add, &scatter_dims, false, false)?;
    let computation = b.build(&[scattered])?;
    let data: Vec<f32> = (0..9).map(|i| i as f32).collect();
    let result = run(&computation, &[Literal::from_slice(&data, &[3, 3])?, Literal::from_slice(&[2i32, 0], &[2, 1])?]);
    assert_eq!(result[0].to_vec::<f32>()?, vec![1.0, 3.0, 5.0, 3.0, 4.0, 5.0, 16.0, 17.0, 18.0]);
    Ok(())
}

#[test]
fn dot_and_dot_general() -> TestResult {
    let b = XlaBuilder::new("main");
    let m = b.parameter(0, &f32_shape(&[2, 3]), "m")?;
    let v = b.parameter(1, &f32_shape(&[3]), "v")?;
    let l = b.parameter(2, &f32_shape(&[2, 2, 3]), "l")?;
    let r = b.parameter(3, &f32_shape(&[2, 3, 2]), "r")?;
    let mv = b.dot(m, v)?;
    let batched = b.dot_general(
        l,
        r,
        &DotDimensionNumbers { lhs_batching: vec![0], rhs_batching: vec![0], lhs_contracting: vec![2], rhs_contracting: vec![1] },
    )?;
    let precise = b.dot_general_with_precision(
        m,
        v,
        &DotDimensionNumbers { lhs_contracting: vec![1], rhs_contracting: vec![0], ..Default::default() },
        &[Precision::HIGHEST, Precision::HIGHEST],
    )?;
    assert_eq!(b.get_shape(batched)?, f32_shape(&[2, 2, 2]));
    let computation = b.build(&[mv, batched, precise])?;
    let lhs: Vec<f32> = (1..=12).map(|i| i as f32).collect();
    let rhs: Vec<f32> = (1..=12).map(|i| (i % 3) as f32).collect();
    let result = run(
        &computation,
        &[
            Literal::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3])?,
            Literal::vec1(&[1.0f32, 0.0, -1.0]),
            Literal::from_slice(&lhs, &[2, 2, 3])?,
            Literal::from_slice(&rhs, &[2, 3, 2])?,
        ],
    );
    assert_eq!(result[0].to_vec::<f32>()?, vec![-2.0, -2.0]);
    let mut expected = Vec::new();
    for batch in 0..2 {
        for i in 0..2 {
            for j in 0..2 {
                expected.push((0..3).map(|k| lhs[batch * 6 + i * 3 + k] * rhs[batch * 6 + k * 2 + j]).sum::<f32>());
            }
        }
    }
    assert_eq!(result[1].to_vec::<f32>()?, expected);
    assert_eq!(result[2].to_vec::<f32>()?, vec![-2.0, -2.0]);
    Ok(())
}

/// The dialect infers dot_general's shape; the element type may be chosen.
#[test]
fn dot_general_preferred_element_type() -> TestResult {
    let b = XlaBuilder::new("main");
    let l = b.parameter(0, &Shape::array(ElementType::I8, &[2, 2]), "l")?;
    let r = b.parameter(1, &Shape::array(ElementType::I8, &[2]), "r")?;
    let dims = DotDimensionNumbers { lhs_contracting: vec![1], rhs_contracting: vec![0], ..Default::default() };
    let wide = b.dot_general_with_options(l, r, &dims, &[], Some(I32))?;
    assert_eq!(b.get_shape(wide)?, Shape::array(I32, &[2]));
    let computation = b.build(&[wide])?;
    assert!(computation.to_mlir_text().contains("(tensor<2x2xi8>, tensor<2xi8>) -> tensor<2xi32>"), "{computation}");
    // i8 products accumulate in i32 without wrapping at 8 bits.
    let result = run(
        &computation,
        &[Literal::from_slice(&[100i8, 100, -128, 127], &[2, 2])?, Literal::vec1(&[127i8, 127])],
    );
    assert_eq!(result[0].to_vec::<i32>()?, vec![25400, -127]);
    Ok(())
}

/// ScaledDot: lhs 2x4 with one scale per row and block of 2 along the
/// contracting dimension, rhs 4x3 with one scale per block of 2 rows and
/// column; the expected values are computed here in f64 from the formula.
#[test]
fn scaled_dot() -> TestResult {
    let b = XlaBuilder::new("main");
    let lhs = b.parameter(0, &f32_shape(&[2, 4]), "lhs")?;
    let lhs_scale = b.parameter(1, &f32_shape(&[2, 2]), "lhs_scale")?;
    let rhs = b.parameter(2, &f32_shape(&[4, 3]), "rhs")?;
    let rhs_scale = b.parameter(3, &f32_shape(&[2, 3]), "rhs_scale")?;
    let dims = DotDimensionNumbers { lhs_contracting: vec![1], rhs_contracting: vec![0], ..Default::default() };
    let r = b.scaled_dot(lhs, lhs_scale, rhs, rhs_scale, &dims, &[Precision::DEFAULT, Precision::DEFAULT], None)?;
    assert_eq!(b.get_shape(r)?, f32_shape(&[2, 3]));
    let wide = b.scaled_dot(lhs, lhs_scale, rhs, rhs_scale, &dims, &[], Some(ElementType::F64))?;
    assert_eq!(b.get_shape(wide)?, Shape::array(ElementType::F64, &[2, 3]));
    let computation = b.build(&[r])?;
    assert!(computation.to_mlir_text().contains("chlo.scaled_dot"), "{computation}");
    let x = [1.0f32, -2.0, 0.5, 3.0, 4.0, 0.25, -1.0, 2.0];
    let xs = [2.0f32, 0.5, -1.0, 4.0];
    let y = [1.0f32, 2.0, -1.0, 0.5, 3.0, 2.0, -2.0, 1.0, 0.25, 4.0, -0.5, 1.5];
    let ys = [0.5f32, 2.0, 1.0, -3.0, 0.25, 2.0];
    let result = run(
        &computation,
        &[
            Literal::from_slice(&x, &[2, 4])?,
            Literal::from_slice(&xs, &[2, 2])?,
            Literal::from_slice(&y, &[4, 3])?,
            Literal::from_slice(&ys, &[2, 3])?,
        ],
    );
    let mut expected = Vec::new();
    for i in 0..2 {
        for j in 0..3 {
            let sum: f64 = (0..4)
                .map(|k| f64::from(x[i * 4 + k] * xs[i * 2 + k / 2]) * f64::from(y[k * 3 + j] * ys[(k / 2) * 3 + j]))
                .sum();
            expected.push(sum as f32);
        }
    }
    assert_close(&result[0].to_vec::<f32>()?, &expected, 1e-6);
    // A scale that does not divide its operand is refused.
    let c = XlaBuilder::new("bad");
    let lhs = c.parameter(0, &f32_shape(&[2, 4]), "lhs")?;
    let lhs_scale = c.parameter(1, &f32_shape(&[2, 3]), "lhs_scale")?;
    let rhs = c.parameter(2, &f32_shape(&[4, 3]), "rhs")?;
    let rhs_scale = c.parameter(3, &f32_shape(&[4, 3]), "rhs_scale")?;
    expect_error(c.scaled_dot(lhs, lhs_scale, rhs, rhs_scale, &dims, &[], None), "chlo.scaled_dot", &["must equal or divide"]);
    Ok(())
}

/// Scan: a running sum and a running product as two carries over the
/// columns of a 2x4 input (outputs: both, per step), forwards and in
/// reverse; the expected values are computed here step by step.
#[test]
fn scan() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2, 4]), "x")?;
    let step = b.computation("step", |sb| {
        let e = sb.parameter(0, &f32_shape(&[2]), "e")?;
        let sum = sb.parameter(1, &f32_shape(&[2]), "sum")?;
        let product = sb.parameter(2, &f32_shape(&[2]), "product")?;
        let s = sb.add(sum, e)?;
        let p = sb.mul(product, e)?;
        Ok(vec![s, p, s, p])
    })?;
    let zero = b.broadcast(b.constant_r0(0.0f32)?, &[2])?;
    let one = b.broadcast(b.constant_r0(1.0f32)?, &[2])?;
    let forward = b.scan(&[x], &[zero, one], &step, 1, false, Some(true))?;
    let backward = b.scan(&[x], &[zero, one], &step, 1, true, None)?;
    assert_eq!(forward.len(), 4);
    assert_eq!(b.get_shape(forward[0])?, f32_shape(&[2, 4]));
    assert_eq!(b.get_shape(forward[2])?, f32_shape(&[2]));
    let mut roots = forward.clone();
    roots.extend(&backward);
    let computation = b.build(&roots)?;
    assert!(computation.to_mlir_text().contains("chlo.scan"), "{computation}");
    let input = [1.0f32, 2.0, 3.0, 4.0, -1.0, 0.5, 2.0, -3.0];
    let result = run(&computation, &[Literal::from_slice(&input, &[2, 4])?]);
    let scan = |reverse: bool| {
        let (mut sums, mut products) = (vec![0.0f32; 8], vec![0.0f32; 8]);
        let (mut last_sum, mut last_product) = (vec![0.0f32; 2], vec![1.0f32; 2]);
        for row in 0..2 {
            let (mut s, mut p) = (0.0f32, 1.0f32);
            for t in 0..4 {
                let i = if reverse { 3 - t } else { t };
                s += input[row * 4 + i];
                p *= input[row * 4 + i];
                sums[row * 4 + i] = s;
                products[row * 4 + i] = p;
            }
            last_sum[row] = s;
            last_product[row] = p;
        }
        [sums, products, last_sum, last_product]
    };
    for (offset, reverse) in [(0, false), (4, true)] {
        let expected = scan(reverse);
        for (i, values) in expected.iter().enumerate() {
            assert_eq!(result[offset + i].to_vec::<f32>()?, *values, "result {} (reverse: {reverse})", offset + i);
        }
    }
    // The body's carries must keep the inits' types.
    let c = XlaBuilder::new("bad");
    let x = c.parameter(0, &f32_shape(&[2, 4]), "x")?;
    let init = c.broadcast(c.constant_r0(0.0f32)?, &[2])?;
    let scalar_carry = c.computation("scalar_carry", |sb| {
        let e = sb.parameter(0, &f32_shape(&[2]), "e")?;
        sb.parameter(1, &f32_shape(&[2]), "carry")?;
        Ok(vec![e, sb.constant_r0(0.0f32)?])
    })?;
    expect_error(c.scan(&[x], &[init], &scalar_carry, 1, false, None), "chlo.scan", &["carry 0"]);
    Ok(())
}

/// minor_to_major layouts at the executable's boundary: a column-major
/// parameter and result, passed and returned as their physical arrays.
#[test]
fn layouts_at_the_boundary() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2, 3]), "x")?;
    let y = b.parameter(1, &f32_shape(&[3]), "y")?;
    let yb = b.broadcast_in_dim(y, &[2, 3], &[1])?;
    let z = b.mul(x, yb)?;
    let computation = b.build(&[z])?;
    let column_major = Some(Layout::parse("{0,1}").map_err(|e| e.to_string())?);
    let options = CompileOptions {
        argument_layouts: vec![column_major.clone()],
        result_layouts: vec![column_major],
        ..Default::default()
    };
    let executable = computation.compile(&options)?;
    // x = [[1, 2, 3], [4, 5, 6]] stored column by column: physical shape [3, 2].
    let x_physical = Literal::from_slice(&[1.0f32, 4.0, 2.0, 5.0, 3.0, 6.0], &[3, 2])?;
    let result = executable.execute(&[x_physical, Literal::vec1(&[10.0f32, 100.0, 1000.0])])?;
    assert_eq!(result[0].dims(), &[3, 2]);
    assert_eq!(result[0].to_vec::<f32>()?, vec![10.0, 40.0, 200.0, 500.0, 3000.0, 6000.0]);
    // A layout that is not a permutation is an error, not a panic.
    let bad = CompileOptions { argument_layouts: vec![Some(Layout::parse("0,0").map_err(|e| e.to_string())?)], ..Default::default() };
    let error = computation.compile(&bad).err().ok_or("expected an error")?.to_string();
    assert!(error.contains("not a permutation"), "{error}");
    Ok(())
}

/// Padded layouts (seed 002, "Padding"): a column-major parameter padded to
/// [3, 5] whose padding holds garbage, and a result padded to [3, 4] with
/// ones after its logical elements.
#[test]
fn padded_layouts_at_the_boundary() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2, 3]), "x")?;
    let z = b.add(x, x)?;
    let computation = b.build(&[z])?;
    let options = CompileOptions {
        argument_layouts: vec![Some(Layout::parse("{0,1;padded=3x5}").map_err(|e| e.to_string())?)],
        result_layouts: vec![Some(Layout::parse("{1,0;padded=3x4;padding=one}").map_err(|e| e.to_string())?)],
        ..Default::default()
    };
    let executable = computation.compile(&options)?;
    // x = [[1, 2, 3], [4, 5, 6]]: seed 002's "a d 0 b e 0 c f 0 0 0 0 0 0 0", padding = -7.
    let p = -7.0f32;
    let x_physical = Literal::from_slice(&[1.0f32, 4.0, p, 2.0, 5.0, p, 3.0, 6.0, p, p, p, p, p, p, p], &[5, 3])?;
    let result = executable.execute(&[x_physical])?;
    assert_eq!(result[0].dims(), &[3, 4]);
    assert_eq!(result[0].to_vec::<f32>()?, vec![2.0, 4.0, 6.0, 1.0, 8.0, 10.0, 12.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
    // Padded sizes below the dimension's size are an error.
    let bad = CompileOptions { argument_layouts: vec![Some(Layout::parse("{1,0;padded=1x3}").map_err(|e| e.to_string())?)], ..Default::default() };
    let error = computation.compile(&bad).err().ok_or("expected an error")?.to_string();
    assert!(error.contains("pads dimension 0 to 1, less than its size 2"), "{error}");
    Ok(())
}

#[test]
fn reductions_and_windows() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2, 3]), "x")?;
    let v = b.parameter(1, &f32_shape(&[6]), "v")?;
    let add = b.binary_computation("add", F32, |sb, p, q| sb.add(p, q))?;
    let row_sums = b.reduce(x, b.constant_r0(0.0f32)?, &add, &[1])?;
    // Variadic reduce: arg max of v (value and index together).
    let argmax = b.computation("argmax", |sb| {
        let (av, ai) = (sb.parameter(0, &Shape::scalar(F32), "av")?, sb.parameter(1, &Shape::scalar(I32), "ai")?);
        let (bv, bi) = (sb.parameter(2, &Shape::scalar(F32), "bv")?, sb.parameter(3, &Shape::scalar(I32), "bi")?);
        let keep = sb.ge(av, bv)?;
        Ok(vec![sb.select(keep, av, bv)?, sb.select(keep, ai, bi)?])
    })?;
    let index = b.iota(&Shape::array(I32, &[6]), 0)?;
    let best = b.reduce_variadic(&[v, index], &[b.constant_r0(f32::NEG_INFINITY)?, b.constant_r0(0i32)?], &argmax, &[0])?;
    let pairs = b.reduce_window(v, b.constant_r0(0.0f32)?, &add, &[2], &[2], &[], &[], &[])?;
    let padded = b.reduce_window(v, b.constant_r0(0.0f32)?, &add, &[3], &[3], &[], &[], &[(1, 2)])?;
    let ge = b.computation("ge", |sb| {
        let p = sb.parameter(0, &Shape::scalar(F32), "p")?;
        let q = sb.parameter(1, &Shape::scalar(F32), "q")?;
        Ok(vec![sb.ge(p, q)?])
    })?;
    let four = b.slice(v, &[0], &[4], &[1])?;
    let scattered = b.select_and_scatter(four, &ge, &[2], &[2], &[], b.constant_r1(&[10.0f32, 20.0])?, b.constant_r0(0.0f32)?, &add)?;
    let computation = b.build(&[row_sums, best[0], best[1], pairs, padded, scattered])?;
    let result = run(
        &computation,
        &[Literal::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3])?, Literal::vec1(&[1.0f32, 5.0, 3.0, 2.0, 9.0, 4.0])],
    );
    assert_eq!(result[0].to_vec::<f32>()?, vec![6.0, 15.0]);
    assert_eq!(result[1].to_scalar::<f32>()?, 9.0);
    assert_eq!(result[2].to_scalar::<i32>()?, 4);
    assert_eq!(result[3].to_vec::<f32>()?, vec![6.0, 5.0, 13.0]);
    // Padded to [0, 1, 5, 3, 2, 9, 4, 0, 0]: windows of 3 with stride 3.
    assert_eq!(result[4].to_vec::<f32>()?, vec![6.0, 14.0, 4.0]);
    assert_eq!(result[5].to_vec::<f32>()?, vec![0.0, 10.0, 20.0, 0.0]);
    Ok(())
}

#[test]
fn sort_and_map() -> TestResult {
    let b = XlaBuilder::new("main");
    let keys = b.parameter(0, &f32_shape(&[4]), "keys")?;
    let values = b.parameter(1, &Shape::array(I32, &[4]), "values")?;
    let less = b.binary_computation("less", F32, |sb, p, q| sb.compare(p, q, ComparisonDirection::LT, Some(ComparisonType::TOTALORDER)))?;
    let sorted = b.sort(&[keys], &less, 0, true)?;
    let by_key = b.computation("by_key", |sb| {
        let p = sb.parameter(0, &Shape::scalar(F32), "p")?;
        let q = sb.parameter(1, &Shape::scalar(F32), "q")?;
        sb.parameter(2, &Shape::scalar(I32), "pi")?;
        sb.parameter(3, &Shape::scalar(I32), "qi")?;
        Ok(vec![sb.gt(p, q)?])
    })?;
    let pairs = b.sort(&[keys, values], &by_key, 0, true)?;
    let fma = b.computation("fma", |sb| {
        let p = sb.parameter(0, &Shape::scalar(F32), "p")?;
        let q = sb.parameter(1, &Shape::scalar(F32), "q")?;
        Ok(vec![sb.add(sb.mul(p, q)?, sb.constant_r0(1.0f32)?)?])
    })?;
    let mapped = b.map(&[keys, keys], &fma, &[0])?;
    let computation = b.build(&[sorted[0], pairs[0], pairs[1], mapped])?;
    let result = run(&computation, &[Literal::vec1(&[3.0f32, 1.0, 4.0, 2.0]), Literal::vec1(&[30i32, 10, 40, 20])]);
    assert_eq!(result[0].to_vec::<f32>()?, vec![1.0, 2.0, 3.0, 4.0]);
    assert_eq!(result[1].to_vec::<f32>()?, vec![4.0, 3.0, 2.0, 1.0]);
    assert_eq!(result[2].to_vec::<i32>()?, vec![40, 30, 20, 10]);
    assert_eq!(result[3].to_vec::<f32>()?, vec![10.0, 2.0, 17.0, 5.0]);
    Ok(())
}

#[test]
fn control_flow() -> TestResult {
    let b = XlaBuilder::new("main");
    let n = b.parameter(0, &Shape::scalar(I32), "n")?;
    let x = b.parameter(1, &f32_shape(&[2]), "x")?;
    let flag = b.parameter(2, &Shape::scalar(ElementType::Pred), "flag")?;
    let which = b.parameter(3, &Shape::scalar(I32), "which")?;
    // sum of 1..=n
    let cond = b.computation("cond", |sb| {
        let i = sb.parameter(0, &Shape::scalar(I32), "i")?;
        sb.parameter(1, &Shape::scalar(I32), "acc")?;
        let limit = sb.parameter(2, &Shape::scalar(I32), "n")?;
        Ok(vec![sb.le(i, limit)?])
    })?;
    let body = b.computation("body", |sb| {
        let i = sb.parameter(0, &Shape::scalar(I32), "i")?;
        let acc = sb.parameter(1, &Shape::scalar(I32), "acc")?;
        let limit = sb.parameter(2, &Shape::scalar(I32), "n")?;
        Ok(vec![sb.add(i, sb.constant_r0(1i32)?)?, sb.add(acc, i)?, limit])
    })?;
    let looped = b.while_loop(&cond, &body, &[b.constant_r0(1i32)?, b.constant_r0(0i32)?, n])?;
    let double = b.computation("double", |sb| {
        let v = sb.parameter(0, &f32_shape(&[2]), "v")?;
        Ok(vec![sb.add(v, v)?])
    })?;
    let shift = b.computation("shift", |sb| {
        let v = sb.parameter(0, &f32_shape(&[2]), "v")?;
        Ok(vec![sb.add(v, sb.constant_r1(&[100.0f32, 100.0])?)?])
    })?;
    let negate = b.computation("negate", |sb| {
        let v = sb.parameter(0, &f32_shape(&[2]), "v")?;
        Ok(vec![sb.neg(v)?])
    })?;
    let chosen = b.conditional(flag, &[x], &double, &[x], &shift)?;
    let cased = b.case(which, &[(&[x], &double), (&[x], &shift), (&[x], &negate)])?;
    let computation = b.build(&[looped[1], chosen[0], cased[0]])?;
    let args = |n: i32, flag: bool, which: i32| [Literal::scalar(n), Literal::vec1(&[1.0f32, 2.0]), Literal::scalar(flag), Literal::scalar(which)];
    let executable = computation.compile(&CompileOptions::default())?;
    let result = executable.execute(&args(10, true, 2))?;
    assert_eq!(result[0].to_scalar::<i32>()?, 55);
    assert_eq!(result[1].to_vec::<f32>()?, vec![2.0, 4.0]);
    assert_eq!(result[2].to_vec::<f32>()?, vec![-1.0, -2.0]);
    let result = executable.execute(&args(4, false, 1))?;
    assert_eq!(result[0].to_scalar::<i32>()?, 10);
    assert_eq!(result[1].to_vec::<f32>()?, vec![101.0, 102.0]);
    assert_eq!(result[2].to_vec::<f32>()?, vec![101.0, 102.0]);
    Ok(())
}

#[test]
fn convolution() -> TestResult {
    let b = XlaBuilder::new("main");
    let input = b.parameter(0, &f32_shape(&[1, 5, 1]), "input")?;
    let kernel = b.parameter(1, &f32_shape(&[3, 1, 1]), "kernel")?;
    let dims = ConvDimensionNumbers::nhwc(1);
    let valid = b.conv_general_dilated(input, kernel, &[], &[], &[], &[], &dims, 1, 1)?;
    let same = b.conv_general_dilated(input, kernel, &[2], &[(1, 1)], &[], &[], &dims, 1, 1)?;
    let computation = b.build(&[valid, same])?;
    let result = run(&computation, &[Literal::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0], &[1, 5, 1])?, Literal::from_slice(&[1.0f32, 0.0, -1.0], &[3, 1, 1])?]);
    assert_eq!(result[0].dims(), &[1, 3, 1]);
    assert_eq!(result[0].to_vec::<f32>()?, vec![-2.0, -2.0, -2.0]);
    // Padded [0, 1, 2, 3, 4, 5, 0], stride 2: windows at 0, 2, 4.
    assert_eq!(result[1].to_vec::<f32>()?, vec![-2.0, -2.0, 4.0]);
    Ok(())
}

#[test]
fn fft_and_linear_algebra() -> TestResult {
    let b = XlaBuilder::new("main");
    let signal = b.parameter(0, &f32_shape(&[4]), "signal")?;
    let a = b.parameter(1, &f32_shape(&[2, 2]), "a")?;
    let rhs = b.parameter(2, &f32_shape(&[2, 1]), "rhs")?;
    let spectrum = b.fft(signal, FftType::RFFT, &[4])?;
    let back = b.fft(spectrum, FftType::IRFFT, &[4])?;
    let factor = b.cholesky(a, true)?;
    let solved = b.triangular_solve(factor, rhs, true, true, false, Transpose::NO_TRANSPOSE)?;
    let computation = b.build(&[spectrum, back, factor, solved])?;
    let result = run(
        &computation,
        &[Literal::vec1(&[1.0f32, 2.0, 3.0, 4.0]), Literal::matrix(&[[4.0f32, 2.0], [2.0, 5.0]]), Literal::matrix(&[[2.0f32], [5.0]])],
    );
    let spectrum = result[0].to_vec::<C64>()?;
    let expected = [(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)];
    for (got, (re, im)) in spectrum.iter().zip(expected) {
        assert!((got.re - re).abs() < 1e-4 && (got.im - im).abs() < 1e-4, "{spectrum:?}");
    }
    assert_close(&result[1].to_vec::<f32>()?, &[1.0, 2.0, 3.0, 4.0], 1e-5);
    // [[4, 2], [2, 5]] = L L^T with L = [[2, 0], [1, 2]]; only the lower
    // triangle is defined.
    let l = result[2].to_vec::<f32>()?;
    assert_close(&[l[0], l[2], l[3]], &[2.0, 1.0, 2.0], 1e-6);
    // L x = [2, 5]: x = [1, 2].
    assert_close(&result[3].to_vec::<f32>()?, &[1.0, 2.0], 1e-6);
    Ok(())
}

#[test]
fn batch_norm() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2, 2]), "x")?;
    let ones = b.constant_r1(&[1.0f32, 1.0])?;
    let zeros = b.constant_r1(&[0.0f32, 0.0])?;
    let (normalized, mean, variance) = b.batch_norm_training(x, ones, zeros, 0.0, 1)?;
    let inferred = b.batch_norm_inference(x, ones, zeros, mean, variance, 0.0, 1)?;
    let grad_output = b.constant_from_slice(&[1.0f32; 4], &[2, 2])?;
    let (grad_x, grad_scale, grad_offset) = b.batch_norm_grad(x, ones, mean, variance, grad_output, 0.0, 1)?;
    let computation = b.build(&[normalized, mean, variance, inferred, grad_x, grad_scale, grad_offset])?;
    let result = run(&computation, &[Literal::matrix(&[[1.0f32, 2.0], [3.0, 4.0]])]);
    assert_close(&result[0].to_vec::<f32>()?, &[-1.0, -1.0, 1.0, 1.0], 1e-5);
    assert_close(&result[1].to_vec::<f32>()?, &[2.0, 3.0], 1e-6);
    assert_close(&result[2].to_vec::<f32>()?, &[1.0, 1.0], 1e-6);
    assert_close(&result[3].to_vec::<f32>()?, &[-1.0, -1.0, 1.0, 1.0], 1e-5);
    assert_close(&result[4].to_vec::<f32>()?, &[0.0; 4], 1e-5);
    assert_close(&result[5].to_vec::<f32>()?, &[0.0, 0.0], 1e-5);
    assert_close(&result[6].to_vec::<f32>()?, &[2.0, 2.0], 1e-6);
    Ok(())
}

#[test]
fn random_numbers() -> TestResult {
    let b = XlaBuilder::new("main");
    let state = b.parameter(0, &Shape::array(ElementType::U64, &[2]), "state")?;
    let (next, bits) = b.rng_bit_generator(RngAlgorithm::THREE_FRY, state, &Shape::array(ElementType::U32, &[8]))?;
    let uniform = b.rng(b.constant_r0(0.0f32)?, b.constant_r0(1.0f32)?, &[16], RngDistribution::UNIFORM)?;
    let computation = b.build(&[next, bits, uniform])?;
    let executable = computation.compile(&CompileOptions::default())?;
    let seed = [Literal::vec1(&[1u64, 2])];
    let first = executable.execute(&seed)?;
    let second = executable.execute(&seed)?;
    assert_eq!(first[1].dims(), &[8]);
    assert_eq!(first[1], second[1], "the same state gives the same bits");
    assert_ne!(first[0].to_vec::<u64>()?, vec![1, 2], "the state advances");
    let bits = first[1].to_vec::<u32>()?;
    assert!(bits.iter().any(|&v| v != bits[0]), "{bits:?}");
    assert!(first[2].to_vec::<f32>()?.iter().all(|v| (0.0..1.0).contains(v)));
    Ok(())
}

#[test]
fn tuples_tokens_barriers_custom_call() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2]), "x")?;
    let i = b.parameter(1, &Shape::scalar(I32), "i")?;
    let t = b.tuple(&[x, i])?;
    assert_eq!(b.get_shape(t)?, Shape::tuple(vec![f32_shape(&[2]), Shape::scalar(I32)]));
    let first = b.get_tuple_element(t, 0)?;
    let second = b.get_tuple_element(t, 1)?;
    let barrier = b.optimization_barrier(&[first, second])?;
    let size = b.get_dimension_size(x, 0)?;
    let token = b.after_all(&[b.create_token()?, b.create_token()?])?;
    assert_eq!(b.get_shape(token)?, Shape::Token);
    let computation = b.build(&[barrier[1], barrier[0], size])?;
    let result = run(&computation, &[Literal::vec1(&[1.5f32, -1.0]), Literal::scalar(9i32)]);
    assert_eq!(result[0].to_scalar::<i32>()?, 9);
    assert_eq!(result[1].to_vec::<f32>()?, vec![1.5, -1.0]);
    assert_eq!(result[2].to_scalar::<i32>()?, 2);

    // A custom_call is built with its result shapes (no CPU lowering for
    // an unknown target, so only its text is checked).
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2]), "x")?;
    let results = b.custom_call("my_kernel", &[x], &[f32_shape(&[2]), Shape::scalar(I32)], false, "cfg", CustomCallApiVersion::API_VERSION_ORIGINAL)?;
    let computation = b.build(&results)?;
    let text = computation.to_mlir_text();
    assert!(text.contains("my_kernel") && text.contains("backend_config = \"cfg\""), "{text}");
    assert_eq!(computation.result_shapes(), vec![f32_shape(&[2]), Shape::scalar(I32)]);
    Ok(())
}

/// Collectives with one process: every group is `[0]`.
#[test]
fn collectives_single_replica() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2, 2]), "x")?;
    let add = b.binary_computation("sum", F32, |sb, p, q| sb.add(p, q))?;
    let reduced = b.all_reduce(x, &add, &[vec![0]])?;
    let permuted = b.collective_permute(x, &[(0, 0)])?;
    let broadcast = b.collective_broadcast(x, &[vec![0]])?;
    let replica = b.replica_id()?;
    let partition = b.partition_id()?;
    let computation = b.build(&[reduced, permuted, replica, partition, broadcast])?;
    let data = [1.0f32, 2.0, 3.0, 4.0];
    let result = run(&computation, &[Literal::from_slice(&data, &[2, 2])?]);
    assert_eq!(result[0].to_vec::<f32>()?, data.to_vec());
    assert_eq!(result[1].to_vec::<f32>()?, data.to_vec());
    assert_eq!(result[2].to_scalar::<u32>()?, 0);
    assert_eq!(result[3].to_scalar::<u32>()?, 0);
    assert_eq!(result[4].to_vec::<f32>()?, data.to_vec());
    Ok(())
}

#[test]
fn collectives_that_regroup_single_replica() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2, 2]), "x")?;
    let add = b.binary_computation("sum", F32, |sb, p, q| sb.add(p, q))?;
    let groups = [vec![0]];
    let gathered = b.all_gather(x, 0, &groups)?;
    let scattered = b.reduce_scatter(x, 1, &add, &groups)?;
    let exchanged = b.all_to_all(x, 0, 1, 1, &groups)?;
    let computation = b.build(&[gathered, scattered, exchanged])?;
    let data = [1.0f32, 2.0, 3.0, 4.0];
    let result = run(&computation, &[Literal::from_slice(&data, &[2, 2])?]);
    for (i, r) in result.iter().enumerate() {
        assert_eq!(r.dims(), &[2, 2], "result {i}");
        assert_eq!(r.to_vec::<f32>()?, data.to_vec(), "result {i}");
    }
    Ok(())
}

/// The regrouping collectives infer their shapes from the group size
/// (the rows of replica_groups); a dimension that does not split evenly is
/// an error naming the op and the rule.
#[test]
fn regrouping_collectives_check_their_shapes() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[3, 3]), "x")?;
    let add = b.binary_computation("sum", F32, |sb, p, q| sb.add(p, q))?;
    let pairs = [vec![0, 1]];
    let gathered = b.all_gather(x, 1, &pairs)?;
    assert_eq!(b.get_shape(gathered)?, f32_shape(&[3, 6]));
    expect_error(
        b.reduce_scatter(x, 1, &add, &pairs),
        "stablehlo.reduce_scatter",
        &["scatter_dimension size 3 is not divisible by the group size 2"],
    );
    expect_error(b.all_to_all(x, 0, 1, 2, &pairs), "stablehlo.all_to_all", &["split_dimension size 3 is not divisible by split_count 2"]);
    Ok(())
}

/// The printed module parses again in a fresh context (what `xla-opt` does).
#[test]
fn mlir_text_round_trips() -> TestResult {
    let computation = axpy_example::build_axpy(4)?;
    let text = computation.to_mlir_text();
    assert!(text.contains("func.func @axpy"), "{text}");
    assert_eq!(computation.parameter_shapes(), vec![Shape::scalar(F32), f32_shape(&[4]), f32_shape(&[4])]);
    let context = xla_dialects::create_context();
    let module = melior::ir::Module::parse(&context, &text).expect("the printed module parses");
    assert!(melior::ir::operation::OperationLike::verify(&module.as_operation()));
    // With the tools built (cargo build), xla-opt accepts it too.
    let tools = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/debug/xla-opt");
    if tools.exists() {
        let path = std::env::temp_dir().join(format!("xla-builder-axpy-{}.mlir", std::process::id()));
        std::fs::write(&path, &text)?;
        let output = std::process::Command::new(&tools).arg(&path).output()?;
        std::fs::remove_file(&path).ok();
        assert!(output.status.success(), "xla-opt: {}", String::from_utf8_lossy(&output.stderr));
    }
    Ok(())
}

#[test]
fn literals_and_shapes() -> TestResult {
    let m = Literal::from_slice(&[1i32, 2, 3, 4, 5, 6], &[2, 3])?;
    assert_eq!(m.dims(), &[2, 3]);
    assert_eq!(m.element_type(), I32);
    assert_eq!(m.shape(), Shape::array(I32, &[2, 3]));
    assert_eq!(m.to_vec::<i32>()?, vec![1, 2, 3, 4, 5, 6]);
    assert!(matches!(m.to_vec::<f32>(), Err(LiteralError::TypeMismatch { .. })));
    assert!(matches!(Literal::from_slice(&[1.0f32; 5], &[2, 3]), Err(LiteralError::SizeMismatch { .. })));
    assert_eq!(m.reshape(&[3, 2])?.dims(), &[3, 2]);
    assert!(m.reshape(&[4]).is_err());
    assert_eq!(Literal::matrix(&[[1u8, 2], [3, 4]]).dims(), &[2, 2]);
    assert!(Literal::scalar(true).to_scalar::<bool>()?);
    assert_eq!(Literal::zeros(ElementType::F64, &[2]).to_vec::<f64>()?, vec![0.0, 0.0]);
    assert_eq!(m.to_string(), "[[1, 2, 3], [4, 5, 6]]");
    assert_eq!(F16::from_f32(1.5).to_f32(), 1.5);
    assert_eq!(BF16::from_f32(-2.0).to_f32(), -2.0);
    assert_eq!(Shape::array(ElementType::C64, &[2, 0]).mlir_type(), "tensor<2x0xcomplex<f32>>");
    assert_eq!(Shape::tuple(vec![Shape::scalar(ElementType::U32), Shape::Token]).mlir_type(), "tuple<tensor<ui32>, !stablehlo.token>");
    Ok(())
}

#[test]
fn compile_options_and_argument_checks() -> TestResult {
    let computation = axpy_example::build_axpy(2)?;
    let executable = computation.compile(&CompileOptions { keep_lowered_module: true, ..Default::default() })?;
    assert!(executable.lowered_mlir_text().is_some_and(|t| t.contains("llvm.func")), "the lowered module is kept");
    let wrong = executable.execute(&[Literal::scalar(1.0f32), Literal::vec1(&[1.0f32, 2.0, 3.0]), Literal::vec1(&[1.0f32, 2.0])]);
    let error = wrong.expect_err("a vector of 3 is not f32[2]");
    assert!(matches!(error, RunError::Execute { .. }) && error.to_string().contains("input 1"), "{error}");
    assert!(executable.execute(&[Literal::scalar(1.0f32)]).is_err());
    // A computation can be compiled again (compile works on a copy).
    let again = computation.compile(&CompileOptions::default())?;
    let result = again.execute(&[Literal::scalar(2.0f32), Literal::vec1(&[1.0f32, 2.0]), Literal::vec1(&[0.5f32, 0.5])])?;
    assert_eq!(result[0].to_vec::<f32>()?, vec![2.5, 4.5]);
    Ok(())
}

/// `Device::Gpu`: runs on a GPU when there is one; otherwise compiling
/// fails with the runtime's reason (and the test says it skipped running).
#[test]
fn gpu_device() -> TestResult {
    let computation = axpy_example::build_axpy(2)?;
    let options = CompileOptions { device: Device::Gpu, ..Default::default() };
    match xla_runtime_probe() {
        Err(reason) => {
            let error = computation.compile(&options).err().expect("no GPU: compiling for it fails");
            assert!(error.to_string().contains("GPU:"), "{error}");
            eprintln!("gpu_device: no GPU, execution skipped ({reason})");
        }
        Ok(device) => {
            eprintln!("gpu_device: running on {device}");
            let executable = computation.compile(&options)?;
            let result =
                executable.execute(&[Literal::scalar(2.0f32), Literal::vec1(&[1.0f32, 2.0]), Literal::vec1(&[0.5f32, 0.5])])?;
            assert_eq!(result[0].to_vec::<f32>()?, vec![2.5, 4.5]);
        }
    }
    Ok(())
}

fn xla_runtime_probe() -> Result<String, String> {
    xla_runtime::gpu::device_description().map_err(|e| e.to_string())
}

// ---- construction errors ----------------------------------------------------

/// Expects an error whose message names `op` and contains every one of `words`.
fn expect_error<T>(result: Result<T, BuildError>, op: &str, words: &[&str]) -> BuildError {
    let error = match result {
        Ok(_) => panic!("expected {op} to be rejected"),
        Err(error) => error,
    };
    let message = error.to_string();
    println!("{op}: {message}");
    assert!(message.contains(op), "the message names {op}: {message}");
    for word in words {
        assert!(message.contains(word), "the message mentions `{word}`: {message}");
    }
    error
}

#[test]
fn error_shape_mismatch_in_add() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2]), "x")?;
    let y = b.parameter(1, &f32_shape(&[3]), "y")?;
    let error = expect_error(b.add(x, y), "stablehlo.add", &["same shape"]);
    assert!(matches!(error, BuildError::Op { .. }), "{error:?}");
    // The failed op left the builder usable.
    let fine = b.add(x, x)?;
    let computation = b.build(&[fine])?;
    // A built builder refuses further work, also after its computation is gone.
    drop(computation);
    expect_error(b.neg(fine), "stablehlo.negate", &["already been built"]);
    expect_error(b.build(&[fine]), "func.return", &["already been built"]);
    Ok(())
}

#[test]
fn error_bad_transpose_permutation() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2, 3]), "x")?;
    expect_error(b.transpose(x, &[0, 0]), "stablehlo.transpose", &["permutation"]);
    expect_error(b.transpose(x, &[0]), "stablehlo.transpose", &["permutation"]);
    Ok(())
}

#[test]
fn error_bad_reduce_dimensions() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2, 3]), "x")?;
    let add = b.binary_computation("add", F32, |sb, p, q| sb.add(p, q))?;
    expect_error(b.reduce(x, b.constant_r0(0.0f32)?, &add, &[2]), "stablehlo.reduce", &["dimension"]);
    Ok(())
}

#[test]
fn error_dot_general_contracting_sizes() -> TestResult {
    let b = XlaBuilder::new("main");
    let l = b.parameter(0, &f32_shape(&[2, 3]), "l")?;
    let r = b.parameter(1, &f32_shape(&[4, 5]), "r")?;
    let dims = DotDimensionNumbers { lhs_contracting: vec![1], rhs_contracting: vec![0], ..Default::default() };
    expect_error(b.dot_general(l, r, &dims), "stablehlo.dot_general", &["contracting"]);
    Ok(())
}

#[test]
fn error_mixing_builders() -> TestResult {
    let b = XlaBuilder::new("main");
    let other = XlaBuilder::new("other");
    let x = b.parameter(0, &f32_shape(&[2]), "x")?;
    let y = other.parameter(0, &f32_shape(&[2]), "y")?;
    let error = expect_error(b.add(x, y), "stablehlo.add", &["another builder", "cannot be mixed"]);
    assert!(matches!(error, BuildError::ForeignOp { operand: 1, .. }), "{error:?}");
    // A sub-builder shares the context, but not the values.
    let sub = b.create_sub_builder("sub");
    expect_error(sub.neg(x), "stablehlo.negate", &["another builder"]);
    // A computation from another context cannot be a body.
    let foreign = other.binary_computation("add", F32, |sb, p, q| sb.add(p, q))?;
    expect_error(b.reduce(x, b.constant_r0(0.0f32)?, &foreign, &[0]), "stablehlo.reduce", &["another context"]);
    Ok(())
}

#[test]
fn error_parameters_and_free_types() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(1, &f32_shape(&[6]), "x")?;
    expect_error(b.parameter(1, &f32_shape(&[6]), "again"), "parameter", &["already declared"]);
    // Result types given by the caller are checked by the dialect's verifier.
    expect_error(b.reshape(x, &[4, 2]), "stablehlo.reshape", &[]);
    expect_error(b.broadcast_in_dim(x, &[2, 3], &[0]), "stablehlo.broadcast_in_dim", &[]);
    expect_error(b.constant_from_slice(&[1.0f32, 2.0], &[3]), "stablehlo.constant", &["fill"]);
    let error = b.build(&[x]).err().expect("parameter 0 is missing");
    assert!(error.to_string().contains("parameter 0 is missing"), "{error}");
    Ok(())
}

// ---- the examples -----------------------------------------------------------

#[test]
fn example_axpy() -> TestResult {
    axpy_example::main()
}

#[test]
fn example_mlp() -> TestResult {
    mlp_example::main()
}

#[test]
fn example_while_loop() -> TestResult {
    while_loop_example::main()
}

/// Integer power by squaring (wrapping), negative exponents truncated.
#[test]
fn integer_power() -> TestResult {
    let b = XlaBuilder::new("main");
    let base = b.parameter(0, &Shape::array(I32, &[5]), "base")?;
    let exponent = b.parameter(1, &Shape::array(I32, &[5]), "exponent")?;
    let p = b.pow(base, exponent)?;
    let computation = b.build(&[p])?;
    let result = run(&computation, &[Literal::vec1(&[3i32, -2, 2, -1, 5]), Literal::vec1(&[4i32, 3, 31, -3, -1])]);
    assert_eq!(result[0].to_vec::<i32>()?, vec![81, -8, i32::MIN, -1, 0]);
    Ok(())
}

/// Compiled for four replicas: each device runs on its own arguments
/// (`execute_per_device`) or on the same global ones (`execute`, device
/// 0's results).
#[test]
fn collectives_four_replicas() -> TestResult {
    let b = XlaBuilder::new("main");
    let x = b.parameter(0, &f32_shape(&[2]), "x")?;
    let add = b.binary_computation("sum", F32, |sb, p, q| sb.add(p, q))?;
    let reduced = b.all_reduce(x, &add, &[vec![0, 1, 2, 3]])?;
    let gathered = b.all_gather(x, 0, &[vec![0, 1], vec![2, 3]])?;
    let replica = b.replica_id()?;
    let permuted = b.collective_permute(x, &[(0, 1), (1, 2), (2, 3)])?;
    let computation = b.build(&[reduced, gathered, replica, permuted])?;
    let options = CompileOptions { num_replicas: 4, ..CompileOptions::default() };
    let executable = computation.compile(&options)?;
    assert_eq!(executable.device_count(), 4);
    let arguments: Vec<Vec<Literal>> = (0..4).map(|d| vec![Literal::vec1(&[d as f32, 10.0 * d as f32])]).collect();
    let results = executable.execute_per_device(&arguments)?;
    for (d, result) in results.iter().enumerate() {
        assert_eq!(result[0].to_vec::<f32>()?, vec![6.0, 60.0], "device {d}");
        assert_eq!(result[2].to_scalar::<u32>()?, d as u32);
    }
    assert_eq!(results[0][1].to_vec::<f32>()?, vec![0.0, 0.0, 1.0, 10.0]);
    assert_eq!(results[3][1].to_vec::<f32>()?, vec![2.0, 20.0, 3.0, 30.0]);
    assert_eq!(results[0][3].to_vec::<f32>()?, vec![0.0, 0.0], "nobody sends to device 0");
    assert_eq!(results[3][3].to_vec::<f32>()?, vec![2.0, 20.0]);
    let global = executable.execute(&[Literal::vec1(&[1.0f32, 2.0])])?;
    assert_eq!(global[0].to_vec::<f32>()?, vec![4.0, 8.0]);
    // A wrong number of argument lists is an error, not a hang.
    assert!(executable.execute_per_device(&arguments[..2]).is_err());
    Ok(())
}
