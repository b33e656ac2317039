//! `fft` → one `linalg.generic` per transformed dimension, each a direct
//! discrete Fourier transform: the output index `k` is a parallel loop, the
//! input index `j` an extra reduction loop, and the body adds
//! `x[j] * exp(∓2πi·(j·k mod n)/n)`, reading cos and sin from tables of the
//! `n` twiddle angles. That is O(n²) per transformed line. Complex
//! transforms (FFT, IFFT, and the complex dimensions of RFFT/IRFFT) of a
//! power-of-two length of at least 16 instead use an iterative radix-2 FFT,
//! O(n log n): a bit-reversal permutation and log2(n) butterfly stages, each
//! one parallel `linalg.generic` ([`fft_radix2`]).
//!
//! ```mlir
//! %r = stablehlo.fft %x, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
//! // becomes
//! %zeros = linalg.generic {indexing_maps = [(d0) -> (d0)]} outs(%e) { complex.constant [0.0, 0.0] }
//! %cos = linalg.generic outs(%e8 : tensor<8xf32>) { truncf(cos(2π·(linalg.index 0)/8)) }   // and %sin
//! %r = linalg.generic {indexing_maps = [(d0, d1) -> (d1), (d0, d1) -> (d0)],
//!                      iterator_types = [parallel, reduction]} ins(%x) outs(%zeros) {
//!   %m = (linalg.index 0 * linalg.index 1) mod 8
//!   %w = (%cos[%m], -%sin[%m]); %acc' = %acc + %x * %w (on the real and imaginary parts) }
//! ```
//!
//! The four types, over the trailing `size(fft_length)` (1 to 3) dimensions:
//! FFT transforms each dimension forward; IFFT backward and scales by
//! `1/prod(fft_length)`; RFFT first transforms the real last dimension,
//! keeping outputs `0..=n/2`, then the others; IRFFT transforms the others
//! backward, then rebuilds the real last dimension from its `n/2 + 1`
//! stored values by Hermitian symmetry (`X[n-k] = conj(X[k])`, so
//! `x[t] = Σ_k w_k·(Re X[k]·cos θ - Im X[k]·sin θ)` with `w_0 = 1`,
//! `w_{n/2} = 1` for even `n`, else 2; the imaginary parts of `X[0]` and
//! `X[n/2]` are ignored, as pocketfft/ducc do), and scales. The twiddle
//! tables are computed in f64 and rounded to the element type, and indexed
//! by the exact residue `j·k mod n`; sums accumulate in the element type.

use super::{Rewrite, emit::Emitter};
use crate::builders::{
    Affine, dims, BuildResult, Iterator, affine_map, element_type, generic, identity_map, parallel_generic, static_shape,
    tensor_empty, zero_constant,
};
use crate::element::ElementKind;
use melior::ir::TypeLike as _;
use melior::ir::{
    OperationRef, Type, Value, ValueLike,
    attribute::DenseI64ArrayAttribute,
    operation::OperationLike,
    r#type::RankedTensorType,
};
use xla_dialects::stablehlo::FftType;

/// What one transformed dimension computes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// complex → complex, `exp(-iθ)`.
    Forward,
    /// complex → complex, `exp(+iθ)` (unscaled).
    Backward,
    /// real → complex, `exp(-iθ)`, the first `n/2 + 1` outputs.
    RealForward,
    /// complex (`n/2 + 1` values) → real, Hermitian, unscaled.
    HermitianBackward,
}

fn tensor_type<'c>(shape: &[i64], element: Type<'c>) -> Type<'c> {
    RankedTensorType::new(&shape.iter().map(|&s| s as u64).collect::<Vec<_>>(), element, None).into()
}

/// The float type of the parts of `complex<f32|f64>`.
fn complex_part<'c>(context: &'c melior::Context, ty: Type<'c>) -> BuildResult<Type<'c>> {
    let part = ty.is_complex().then(|| crate::builders::complex_part(ty));
    match part {
        Some(part) if part.is_f32() => Ok(Type::float32(context)),
        Some(part) if part.is_f64() => Ok(Type::float64(context)),
        _ => Err(format!("fft on elements of type {ty} is not supported (complex<f32> or complex<f64>)").into()),
    }
}

/// Lowers `stablehlo.fft` (all four types, 1 to 3 dimensions, batched).
pub fn lower_fft<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let operand: Value = op.operand(0)?;
    let result_type = op.result(0)?.r#type();
    let fft_type = op
        .attribute("fft_type")
        .ok()
        .and_then(FftType::from_attribute)
        .ok_or("missing or malformed fft_type")?;
    let lengths: Vec<i64> = {
        let array = op
            .attribute("fft_length")
            .ok()
            .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
            .ok_or("missing fft_length")?;
        (0..array.len()).map(|i| array.element(i).map_err(crate::error::LowerError::from)).collect::<BuildResult<_>>()?
    };
    let input_shape = static_shape(operand.r#type())?;
    let output_shape = static_shape(result_type)?;
    let rank = input_shape.len();
    if lengths.is_empty() || lengths.len() > 3 || lengths.len() > rank {
        return Err(format!("fft_length must name 1 to 3 (and at most rank {rank}) dimensions, got {}", lengths.len()).into());
    }
    if lengths.iter().any(|&n| n <= 0) || output_shape.contains(&0) || input_shape.contains(&0) {
        return Err("fft of an empty dimension is not supported".into());
    }
    let complex = match fft_type {
        FftType::RFFT => element_type(result_type)?,
        _ => element_type(operand.r#type())?,
    };
    let part = complex_part(context, complex)?;
    let first = rank - lengths.len();
    let last = rank - 1;
    let mut current: Value<'c, 'c> = erase(operand);
    let mut shape = input_shape.clone();
    let transform = |current: Value<'c, 'c>, shape: &mut Vec<i64>, dim: usize, step: Step| -> BuildResult<Value<'c, 'c>> {
        let n = lengths[dim - first];
        let (output_length, element) = match step {
            Step::RealForward => (n / 2 + 1, complex),
            Step::HermitianBackward => (n, part),
            Step::Forward | Step::Backward => (shape[dim], complex),
        };
        shape[dim] = output_length;
        let radix2 = matches!(step, Step::Forward | Step::Backward) && n >= RADIX2_MIN && n.count_ones() == 1;
        if radix2 {
            fft_radix2(rewrite, location, current, dim, n, step == Step::Backward, tensor_type(shape, element), part)
        } else {
            dft(rewrite, location, current, dim, n, step, tensor_type(shape, element), part)
        }
    };
    match fft_type {
        FftType::FFT | FftType::IFFT => {
            let step = if fft_type == FftType::FFT { Step::Forward } else { Step::Backward };
            for dim in first..rank {
                current = transform(current, &mut shape, dim, step)?;
            }
        }
        FftType::RFFT => {
            current = transform(current, &mut shape, last, Step::RealForward)?;
            for dim in first..last {
                current = transform(current, &mut shape, dim, Step::Forward)?;
            }
        }
        FftType::IRFFT => {
            for dim in first..last {
                current = transform(current, &mut shape, dim, Step::Backward)?;
            }
            current = transform(current, &mut shape, last, Step::HermitianBackward)?;
        }
    }
    if shape != output_shape {
        return Err(format!("internal error: fft produced shape {shape:?}, expected {output_shape:?}").into());
    }
    if matches!(fft_type, FftType::IFFT | FftType::IRFFT) {
        let scale = 1.0 / lengths.iter().product::<i64>() as f64;
        let map = identity_map(context, rank);
        let init = rewrite.insert_value(tensor_empty(location, result_type)?)?;
        let is_complex = matches!(ElementKind::of(element_type(result_type)?), Some(ElementKind::Complex));
        current = rewrite.insert_value(parallel_generic(context, location, &[current], init, vec![map, map], result_type, |block, args| {
            let e = Emitter::new(context, location, block);
            let factor = e.float(scale, part)?;
            if is_complex {
                let re = e.op("complex.re", &[args[0]], part)?;
                let im = e.op("complex.im", &[args[0]], part)?;
                let re = e.binary("arith.mulf", re, factor)?;
                let im = e.binary("arith.mulf", im, factor)?;
                e.op("complex.create", &[re, im], complex)
            } else {
                e.binary("arith.mulf", args[0], factor)
            }
        })?)?;
    }
    rewrite.rewriter.replace_op_with_values(op, &[current]);
    Ok(())
}

fn erase<'c>(value: Value<'c, '_>) -> Value<'c, 'c> {
    // SAFETY: an operand of the matched op, live for the whole rewrite.
    unsafe { crate::builders::detach(value) }
}

/// Complex transforms of power-of-two lengths from this size on use the
/// radix-2 FFT ([`fft_radix2`]); shorter and other lengths the direct DFT.
const RADIX2_MIN: i64 = 16;

/// cos and sin of 2π·m/n for m in 0..n, computed in f64 and rounded to
/// `part`, as two `tensor<n x part>`.
fn twiddle_tables<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: melior::ir::Location<'c>,
    n: i64,
    part: Type<'c>,
) -> BuildResult<(Value<'c, 'c>, Value<'c, 'c>)> {
    let context = rewrite.context;
    let f64_type = Type::float64(context);
    let table_type = tensor_type(&[n], part);
    let table = |function: &'static str| {
        rewrite.filled(location, table_type, |e| {
            let m = e.op("arith.index_cast", &[e.loop_index(0)?], crate::builders::integer_type(context, 64)?)?;
            let m = e.op("arith.uitofp", &[m], f64_type)?;
            let theta = e.binary("arith.mulf", m, e.float(2.0 * std::f64::consts::PI / n as f64, f64_type)?)?;
            let value = e.unary(function, theta)?;
            if part == f64_type { Ok(value) } else { e.op("arith.truncf", &[value], part) }
        })
    };
    Ok((table("math.cos")?, table("math.sin")?))
}

/// One complex transformed dimension of power-of-two length `n` as an
/// iterative radix-2 FFT (decimation in time), O(n log n) per line: a
/// bit-reversal permutation, then log2(n) butterfly stages, each one
/// parallel `linalg.generic` over the whole tensor. In the stage of span
/// `m`, output `k` with `p = k mod m/2` in the group starting at `g`
/// combines `a = x[g + p]` and `b = x[g + p + m/2]` into `a ± w·b`, with the
/// twiddle `w = exp(∓2πi·p/m)` read from the table at `p·n/m`.
#[allow(clippy::too_many_arguments)]
fn fft_radix2<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: melior::ir::Location<'c>,
    input: Value<'c, 'c>,
    dim: usize,
    n: i64,
    inverse: bool,
    result_type: Type<'c>,
    part: Type<'c>,
) -> BuildResult<Value<'c, 'c>> {
    let rank = static_shape(result_type)?.len();
    let complex = element_type(result_type)?;
    let levels = n.trailing_zeros() as i64;
    // The loop indices of the current element, with the transformed one replaced.
    fn indices<'c, 'b>(e: &Emitter<'c, 'b>, rank: usize, dim: usize, replaced: Value<'c, 'b>) -> BuildResult<Vec<Value<'c, 'b>>> {
        (0..rank).map(|d| if d == dim { Ok(replaced) } else { e.loop_index(d) }).collect()
    }
    // Bit reversal of the transformed index.
    let mut current = rewrite.filled(location, result_type, |e| {
        let k = e.loop_index(dim)?;
        let mut reversed = e.index(0)?;
        for bit in 0..levels {
            let shifted = e.binary("arith.shrui", k, e.index(bit)?)?;
            let set = e.binary("arith.andi", shifted, e.index(1)?)?;
            let placed = e.binary("arith.shli", set, e.index(levels - 1 - bit)?)?;
            reversed = e.binary("arith.ori", reversed, placed)?;
        }
        e.extract(input, &indices(e, rank, dim, reversed)?)
    })?;
    let (cos_table, sin_table) = twiddle_tables(rewrite, location, n, part)?;
    for level in 1..=levels {
        let span = 1i64 << level;
        let half = span / 2;
        let previous = current;
        current = rewrite.filled(location, result_type, |e| {
            let k = e.loop_index(dim)?;
            let position = e.binary("arith.andi", k, e.index(span - 1)?)?;
            let start = e.binary("arith.subi", k, position)?;
            let p = e.binary("arith.andi", position, e.index(half - 1)?)?;
            let upper = e.cmpi("uge", position, e.index(half)?)?;
            let first = e.binary("arith.addi", start, p)?;
            let second = e.binary("arith.addi", first, e.index(half)?)?;
            let a = e.extract(previous, &indices(e, rank, dim, first)?)?;
            let b = e.extract(previous, &indices(e, rank, dim, second)?)?;
            let t = e.binary("arith.muli", p, e.index(n / span)?)?;
            let cos = e.extract(cos_table, &[t])?;
            let sin = e.extract(sin_table, &[t])?;
            let sin = if inverse { sin } else { e.unary("arith.negf", sin)? };
            // w·b with w = cos + i·sin
            let (br, bi) = (e.op("complex.re", &[b], part)?, e.op("complex.im", &[b], part)?);
            let wr = e.binary("arith.subf", e.binary("arith.mulf", br, cos)?, e.binary("arith.mulf", bi, sin)?)?;
            let wi = e.binary("arith.addf", e.binary("arith.mulf", br, sin)?, e.binary("arith.mulf", bi, cos)?)?;
            let (ar, ai) = (e.op("complex.re", &[a], part)?, e.op("complex.im", &[a], part)?);
            let sum_re = e.binary("arith.addf", ar, wr)?;
            let sum_im = e.binary("arith.addf", ai, wi)?;
            let difference_re = e.binary("arith.subf", ar, wr)?;
            let difference_im = e.binary("arith.subf", ai, wi)?;
            let re = e.select(upper, difference_re, sum_re)?;
            let im = e.select(upper, difference_im, sum_im)?;
            e.op("complex.create", &[re, im], complex)
        })?;
    }
    Ok(current)
}

/// One transformed dimension: `result[..., k, ...] = Σ_j input[..., j, ...] · w(j, k)`
/// as a `linalg.generic` with a reduction loop over `j`.
#[allow(clippy::too_many_arguments)]
fn dft<'c>(
    rewrite: &Rewrite<'c, '_>,
    location: melior::ir::Location<'c>,
    input: Value<'c, 'c>,
    dim: usize,
    n: i64,
    step: Step,
    result_type: Type<'c>,
    part: Type<'c>,
) -> BuildResult<Value<'c, 'c>> {
    let context = rewrite.context;
    let rank = static_shape(result_type)?.len();
    let result_element = element_type(result_type)?;
    let zeros = rewrite.filled(location, result_type, |e| {
        crate::builders::append(e.block, zero_constant(context, location, result_element)?)
    })?;
    let input_map: Vec<Affine> = (0..rank).map(|d| Affine::dim(context, if d == dim { rank } else { d })).collect();
    let maps = vec![affine_map(context, rank + 1, &input_map)?, affine_map(context, rank + 1, &dims(context, 0..rank))?];
    let mut iterators = vec![Iterator::Parallel; rank];
    iterators.push(Iterator::Reduction);
    // Twiddle tables: cos and sin of 2π·m/n for m in 0..n, computed once.
    let (cos_table, sin_table) = twiddle_tables(rewrite, location, n, part)?;
    rewrite.insert_value(generic(context, location, &[input], zeros, maps, &iterators, result_type, |block, args| {
        let e = Emitter::new(context, location, block);
        let k = e.loop_index(dim)?;
        let j = e.loop_index(rank)?;
        // θ = 2π·(j·k mod n)/n, from the exact residue.
        let residue = e.binary("arith.remui", e.binary("arith.muli", j, k)?, e.index(n)?)?;
        let cos = e.extract(cos_table, &[residue])?;
        let sin = e.extract(sin_table, &[residue])?;
        let (x, acc) = (args[0], args[1]);
        match step {
            Step::Forward | Step::Backward | Step::RealForward => {
                // x · (cos θ ∓ i sin θ)
                let sin = if step == Step::Backward { sin } else { e.unary("arith.negf", sin)? };
                let (re, im) = if step == Step::RealForward {
                    (e.binary("arith.mulf", x, cos)?, e.binary("arith.mulf", x, sin)?)
                } else {
                    let xr = e.op("complex.re", &[x], part)?;
                    let xi = e.op("complex.im", &[x], part)?;
                    let re = e.binary("arith.subf", e.binary("arith.mulf", xr, cos)?, e.binary("arith.mulf", xi, sin)?)?;
                    let im = e.binary("arith.addf", e.binary("arith.mulf", xr, sin)?, e.binary("arith.mulf", xi, cos)?)?;
                    (re, im)
                };
                let re = e.binary("arith.addf", e.op("complex.re", &[acc], part)?, re)?;
                let im = e.binary("arith.addf", e.op("complex.im", &[acc], part)?, im)?;
                e.op("complex.create", &[re, im], result_element)
            }
            Step::HermitianBackward => {
                // w_j · Re(X[j] · (cos θ + i sin θ))
                let xr = e.op("complex.re", &[x], part)?;
                let xi = e.op("complex.im", &[x], part)?;
                let term = e.binary("arith.subf", e.binary("arith.mulf", xr, cos)?, e.binary("arith.mulf", xi, sin)?)?;
                let is_zero = e.cmpi("eq", j, e.index(0)?)?;
                let is_middle = e.cmpi("eq", e.binary("arith.muli", j, e.index(2)?)?, e.index(n)?)?;
                let single = e.binary("arith.ori", is_zero, is_middle)?;
                let weight = e.select(single, e.float(1.0, part)?, e.float(2.0, part)?)?;
                e.binary("arith.addf", acc, e.binary("arith.mulf", term, weight)?)
            }
        }
    })?)
}
