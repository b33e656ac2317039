//! `rng_bit_generator` and `rng` → all-parallel `linalg.generic`s that
//! compute each element's random bits from its position (counter-based
//! generators need no sequential state).
//!
//! `rng_bit_generator` reproduces XLA's expansion (`RngBitGeneratorExpander`
//! and `prng.cc`) bit for bit. The state is `ui64[2]` (THREE_FRY) or
//! `ui64[2|3]` (PHILOX); `state[0]` is the key, the rest a counter:
//!
//! - THREE_FRY: Threefry-2x32 (20 rounds) of the 64-bit counter
//!   `state[1] + i`. 64-bit outputs: element `i` is `lo | hi << 32`. 32-bit
//!   and narrower outputs: the shape is split in two halves along its first
//!   even dimension (else its largest; rank 0 counts as `[1]`); element
//!   `c` takes output word `c[s] % 2` of the counter at its position in the
//!   half shape (`c[s] / 2`), truncated to the output width. The new state
//!   adds the number of counters used.
//! - PHILOX: Philox-4x32 (10 rounds) of the 128-bit counter
//!   `(state[1], state[2]) + v` (with a two-element state, XLA reads
//!   `(state[1], state[0])` and keeps only the low word); each counter gives
//!   four 32-bit outputs (or two 64-bit ones: words 0|1 and 2|3) for
//!   consecutive row-major elements.
//! - DEFAULT is PHILOX ([`DEFAULT_ALGORITHM`]), as in XLA's CPU back end, so
//!   JAX programs that use DEFAULT draw the same bits as under XLA.
//!
//! Float outputs are the bits of the same-width integer.
//!
//! ```mlir
//! %s, %o = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
//! // becomes
//! %o = linalg.generic {indexing_maps = [(d0) -> (d0)], iterator_types = [parallel]} outs(%e : tensor<4xi32>) {
//!   %key = tensor.extract %state[0]; %counter = tensor.extract %state[1] + (linalg.index 0) / 2
//!   (20 rounds of add, rotate, xor on i32) ; select(linalg.index 0 % 2 == 0, %x0, %x1) }
//! %s = linalg.generic outs(%e2 : tensor<2xi64>) { select(linalg.index 0 == 0, %key, %counter + 2) }
//! ```
//!
//! `rng` has no state operand: it is deterministic, drawing Threefry-2x32
//! with the fixed key [`RNG_SEED`] on the counter `(element index, 2·stream + j)`,
//! where `stream` numbers the `rng` ops of a function from its last one
//! (0) backwards, so that two `rng` ops of one function draw different
//! numbers, and every run of a program draws the same ones. UNIFORM on
//! floats: `a + (b - a)·u` with `u` from the top mantissa-width bits of the
//! draw (a result that rounds up to `b` becomes `a`, so it stays in
//! `[a, b)`); f16/bf16 are computed in f32. UNIFORM on integers:
//! `a + bits64 mod (b - a)` (`a` when `b <= a`). NORMAL (floats):
//! Box-Muller, `a + b·sqrt(-2 ln(1 - u1))·cos(2π u2)`.

use super::{Rewrite, emit::Emitter};
use crate::builders::{BuildResult, element_type, integer_type, static_shape};
use crate::element::ElementKind;
use melior::ir::{
    OperationRef, Type, Value, ValueLike,
    operation::{OperationLike, WalkOrder, WalkResult},
};
use xla_dialects::stablehlo::{RngAlgorithm, RngDistribution};

/// The algorithm `DEFAULT` stands for.
pub const DEFAULT_ALGORITHM: RngAlgorithm = RngAlgorithm::PHILOX;

/// The Threefry key of `stablehlo.rng` (its low and high 32-bit words).
pub const RNG_SEED: u64 = 42;

type V<'c, 'b> = Value<'c, 'b>;

/// Threefry-2x32 with 20 rounds, on i32 values.
fn threefry<'c, 'b>(e: &Emitter<'c, 'b>, key: [V<'c, 'b>; 2], input: [V<'c, 'b>; 2]) -> BuildResult<[V<'c, 'b>; 2]> {
    let ty = input[0].r#type();
    const ROTATIONS: [i128; 8] = [13, 15, 26, 6, 17, 29, 16, 24];
    let parity = e.int(0x1BD1_1BDA, ty)?;
    let ks = [key[0], key[1], e.binary("arith.xori", e.binary("arith.xori", key[0], key[1])?, parity)?];
    let mut x0 = e.binary("arith.addi", input[0], ks[0])?;
    let mut x1 = e.binary("arith.addi", input[1], ks[1])?;
    for block in 0..5usize {
        let rotations = if block % 2 == 0 { &ROTATIONS[..4] } else { &ROTATIONS[4..] };
        for &rotation in rotations {
            x0 = e.binary("arith.addi", x0, x1)?;
            let left = e.binary("arith.shli", x1, e.int(rotation, ty)?)?;
            let right = e.binary("arith.shrui", x1, e.int(32 - rotation, ty)?)?;
            x1 = e.binary("arith.xori", x0, e.binary("arith.ori", left, right)?)?;
        }
        x0 = e.binary("arith.addi", x0, ks[(block + 1) % 3])?;
        x1 = e.binary("arith.addi", x1, ks[(block + 2) % 3])?;
        x1 = e.binary("arith.addi", x1, e.int(block as i128 + 1, ty)?)?;
    }
    Ok([x0, x1])
}

/// Philox-4x32 with 10 rounds, on i32 values.
fn philox<'c, 'b>(e: &Emitter<'c, 'b>, key: [V<'c, 'b>; 2], input: [V<'c, 'b>; 4]) -> BuildResult<[V<'c, 'b>; 4]> {
    let ty = input[0].r#type();
    let wide = integer_type(e.context, 64)?;
    let mul_hi_lo = |x: V<'c, 'b>, k: i128| -> BuildResult<(V<'c, 'b>, V<'c, 'b>)> {
        let product = e.binary("arith.muli", e.op("arith.extui", &[x], wide)?, e.int(k, wide)?)?;
        let low = e.op("arith.trunci", &[product], ty)?;
        let high = e.op("arith.trunci", &[e.binary("arith.shrui", product, e.int(32, wide)?)?], ty)?;
        Ok((high, low))
    };
    let [mut k0, mut k1] = key;
    let mut x = input;
    for round in 0..10 {
        if round > 0 {
            k0 = e.binary("arith.addi", k0, e.int(0x9E37_79B9, ty)?)?;
            k1 = e.binary("arith.addi", k1, e.int(0xBB67_AE85, ty)?)?;
        }
        let (high0, low0) = mul_hi_lo(x[0], 0xD251_1F53)?;
        let (high1, low1) = mul_hi_lo(x[2], 0xCD9E_8D57)?;
        x = [
            e.binary("arith.xori", e.binary("arith.xori", high1, x[1])?, k0)?,
            low1,
            e.binary("arith.xori", e.binary("arith.xori", high0, x[3])?, k1)?,
            low0,
        ];
    }
    Ok(x)
}

/// The low and high 32-bit words of an i64.
fn split<'c, 'b>(e: &Emitter<'c, 'b>, value: V<'c, 'b>) -> BuildResult<[V<'c, 'b>; 2]> {
    let narrow = integer_type(e.context, 32)?;
    let high = e.binary("arith.shrui", value, e.int(32, value.r#type())?)?;
    Ok([e.op("arith.trunci", &[value], narrow)?, e.op("arith.trunci", &[high], narrow)?])
}

/// `low | high << 32` as an i64.
fn join<'c, 'b>(e: &Emitter<'c, 'b>, low: V<'c, 'b>, high: V<'c, 'b>) -> BuildResult<V<'c, 'b>> {
    let wide = integer_type(e.context, 64)?;
    let low = e.op("arith.extui", &[low], wide)?;
    let high = e.binary("arith.shli", e.op("arith.extui", &[high], wide)?, e.int(32, wide)?)?;
    e.binary("arith.ori", low, high)
}

/// The row-major linear index (an i64) of the current element of an
/// all-parallel generic over `shape`, with `dims[d]` replacing the loop
/// index of dimension `d` where given.
fn linear_index<'c, 'b>(e: &Emitter<'c, 'b>, shape: &[i64], coordinates: &[V<'c, 'b>]) -> BuildResult<V<'c, 'b>> {
    let mut linear = e.index(0)?;
    for (d, &coordinate) in coordinates.iter().enumerate() {
        linear = e.add(e.binary("arith.muli", linear, e.index(shape[d])?)?, coordinate)?;
    }
    e.op("arith.index_cast", &[linear], integer_type(e.context, 64)?)
}

/// Width in bits of an output element (integer or float).
fn bit_width(ty: Type) -> BuildResult<u32> {
    match ElementKind::of(ty) {
        Some(ElementKind::SignlessInt(bits) | ElementKind::Float(bits)) if matches!(bits, 8 | 16 | 32 | 64) => Ok(bits),
        _ => Err(format!("random bits of element type {ty} are not supported").into()),
    }
}

/// `bits` (an i32 or i64) as an element of type `element`: truncated to
/// its width, then bitcast if it is a float.
fn to_element<'c, 'b>(e: &Emitter<'c, 'b>, bits: V<'c, 'b>, element: Type<'c>) -> BuildResult<V<'c, 'b>> {
    let width = bit_width(element)?;
    let int = integer_type(e.context, width)?;
    let bits = if bits.r#type() == int { bits } else { e.op("arith.trunci", &[bits], int)? };
    if int == element { Ok(bits) } else { e.op("arith.bitcast", &[bits], element) }
}

/// Where the split of XLA's 32-bit Threefry generator happens: the first
/// even dimension, else the first largest one.
fn split_dimension(shape: &[i64]) -> usize {
    if let Some(d) = shape.iter().position(|s| s % 2 == 0) {
        return d;
    }
    let mut best = 0;
    for (d, &size) in shape.iter().enumerate() {
        if size > shape[best] {
            best = d;
        }
    }
    best
}

/// Lowers `stablehlo.rng_bit_generator`.
pub fn lower_rng_bit_generator<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let context = rewrite.context;
    let location = op.location();
    let state: Value = op.operand(0)?;
    let state: V<'c, 'c> = unsafe_erase(state);
    let state_type = state.r#type();
    let state_size = static_shape(state_type)?;
    let output_type = op.result(1)?.r#type();
    let shape = static_shape(output_type)?;
    let element = element_type(output_type)?;
    let width = bit_width(element)?;
    let algorithm = op
        .attribute("rng_algorithm")
        .ok()
        .and_then(RngAlgorithm::from_attribute)
        .ok_or("missing or malformed rng_algorithm")?;
    let algorithm = if algorithm == RngAlgorithm::DEFAULT { DEFAULT_ALGORITHM } else { algorithm };
    let i64_type = integer_type(context, 64)?;
    if element_type(state_type)? != i64_type {
        return Err(format!("the state must be a tensor of 64-bit integers, got {state_type}").into());
    }
    let state_length = match (algorithm, state_size.as_slice()) {
        (RngAlgorithm::THREE_FRY, [2]) => 2,
        (RngAlgorithm::PHILOX, [n @ (2 | 3)]) => *n,
        _ => return Err(format!("a {algorithm} state must be ui64[2]{}, got {state_type}", if algorithm == RngAlgorithm::PHILOX { " or ui64[3]" } else { "" }).into()),
    };
    let count: i64 = shape.iter().product();
    let rank = shape.len();

    // (counters used, the value of each element)
    let advance: i64;
    let output = match algorithm {
        RngAlgorithm::THREE_FRY if width == 64 => {
            advance = count;
            rewrite.filled(location, output_type, |e| {
                let key = split(e, read_state(e, state, 0)?)?;
                let at: Vec<V> = (0..rank).map(|d| e.loop_index(d)).collect::<BuildResult<_>>()?;
                let counter = e.binary("arith.addi", read_state(e, state, 1)?, linear_index(e, &shape, &at)?)?;
                let [x0, x1] = threefry(e, key, split(e, counter)?)?;
                to_element(e, join(e, x0, x1)?, element)
            })?
        }
        RngAlgorithm::THREE_FRY => {
            let split_dim = split_dimension(&shape);
            let mut half = shape.clone();
            if rank > 0 {
                half[split_dim] = (shape[split_dim] + 1) / 2;
            }
            advance = half.iter().product();
            rewrite.filled(location, output_type, |e| {
                let key = split(e, read_state(e, state, 0)?)?;
                let mut at: Vec<V> = (0..rank).map(|d| e.loop_index(d)).collect::<BuildResult<_>>()?;
                let second = if rank > 0 {
                    let c = at[split_dim];
                    at[split_dim] = e.binary("arith.divui", c, e.index(2)?)?;
                    Some(e.cmpi("ne", e.binary("arith.remui", c, e.index(2)?)?, e.index(0)?)?)
                } else {
                    None
                };
                let counter = e.binary("arith.addi", read_state(e, state, 1)?, linear_index(e, &half, &at)?)?;
                let [x0, x1] = threefry(e, key, split(e, counter)?)?;
                let bits = match second {
                    Some(second) => e.select(second, x1, x0)?,
                    None => x0,
                };
                to_element(e, bits, element)
            })?
        }
        _ => {
            // PHILOX: four 32-bit words (two 64-bit ones) per counter.
            let per_counter = if width == 64 { 2 } else { 4 };
            advance = (count + per_counter - 1) / per_counter;
            rewrite.filled(location, output_type, |e| {
                let key = split(e, read_state(e, state, 0)?)?;
                let at: Vec<V> = (0..rank).map(|d| e.loop_index(d)).collect::<BuildResult<_>>()?;
                let linear = linear_index(e, &shape, &at)?;
                let per = e.int(per_counter as i128, i64_type)?;
                let vector = e.binary("arith.divui", linear, per)?;
                let lane = e.binary("arith.remui", linear, per)?;
                let (low, high) = philox_counter(e, state, state_length, vector)?;
                let [l0, l1] = split(e, low)?;
                let [h0, h1] = split(e, high)?;
                let words = philox(e, key, [l0, l1, h0, h1])?;
                let bits = if width == 64 {
                    let first = join(e, words[0], words[1])?;
                    let second = join(e, words[2], words[3])?;
                    let is_first = e.cmpi("eq", lane, e.int(0, i64_type)?)?;
                    e.select(is_first, first, second)?
                } else {
                    let mut bits = words[3];
                    for k in (0..3).rev() {
                        let is_k = e.cmpi("eq", lane, e.int(k as i128, i64_type)?)?;
                        bits = e.select(is_k, words[k], bits)?;
                    }
                    bits
                };
                to_element(e, bits, element)
            })?
        }
    };
    let new_state = rewrite.filled(location, state_type, |e| {
        let i = e.loop_index(0)?;
        let key = read_state(e, state, 0)?;
        let step = e.int(advance as i128, i64_type)?;
        let (low, high) = if algorithm == RngAlgorithm::PHILOX {
            philox_counter(e, state, state_length, step)?
        } else {
            (e.binary("arith.addi", read_state(e, state, 1)?, step)?, key)
        };
        let is_key = e.cmpi("eq", i, e.index(0)?)?;
        let is_low = e.cmpi("eq", i, e.index(1)?)?;
        let rest = e.select(is_low, low, high)?;
        e.select(is_key, key, rest)
    })?;
    rewrite.rewriter.replace_op_with_values(op, &[new_state, output]);
    Ok(())
}

/// `state[i]`.
fn read_state<'c, 'b>(e: &Emitter<'c, 'b>, state: V<'c, 'c>, i: i64) -> BuildResult<V<'c, 'b>> {
    e.extract(state, &[e.index(i)?])
}

/// The 128-bit Philox counter plus `delta` (an i64), as (low, high) words:
/// `(state[1], state[2])` for a three-element state, `(state[1], state[0])`
/// for a two-element one (as XLA reads it).
fn philox_counter<'c, 'b>(
    e: &Emitter<'c, 'b>,
    state: V<'c, 'c>,
    state_length: i64,
    delta: V<'c, 'b>,
) -> BuildResult<(V<'c, 'b>, V<'c, 'b>)> {
    let low = read_state(e, state, 1)?;
    let high = read_state(e, state, if state_length == 3 { 2 } else { 0 })?;
    let new_low = e.binary("arith.addi", low, delta)?;
    let carry = e.cmpi("ult", new_low, low)?;
    let bumped = e.binary("arith.addi", high, e.int(1, high.r#type())?)?;
    Ok((new_low, e.select(carry, bumped, high)?))
}

fn unsafe_erase<'c>(value: Value<'c, '_>) -> Value<'c, 'c> {
    // SAFETY: an operand of the matched op, live for the whole rewrite.
    unsafe { crate::builders::detach(value) }
}

/// The number of `stablehlo.rng` ops after `op` in its function (see the
/// module documentation).
fn stream_of(op: OperationRef) -> u32 {
    let mut function = op.parent_operation();
    while let Some(parent) = function {
        if parent.name().as_string_ref().as_str() == Ok("func.func") {
            break;
        }
        function = parent.parent_operation();
    }
    let Some(function) = function else { return 0 };
    let (mut seen, mut after) = (false, 0u32);
    function.walk(WalkOrder::PreOrder, |inner| {
        if inner.to_raw().ptr == op.to_raw().ptr {
            seen = true;
        } else if seen && inner.name().as_string_ref().as_str() == Ok("stablehlo.rng") {
            after += 1;
        }
        WalkResult::Advance
    });
    after
}

/// Lowers `stablehlo.rng` (UNIFORM on floats and integers, NORMAL on floats).
pub fn lower_rng<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    let location = op.location();
    let a: V<'c, 'c> = unsafe_erase(op.operand(0)?);
    let b: V<'c, 'c> = unsafe_erase(op.operand(1)?);
    let result_type = op.result(0)?.r#type();
    let shape = static_shape(result_type)?;
    let element = element_type(result_type)?;
    let original = crate::signedness::original_element(op, true, element);
    let distribution = op
        .attribute("rng_distribution")
        .ok()
        .and_then(RngDistribution::from_attribute)
        .ok_or("missing or malformed rng_distribution")?;
    let stream = i128::from(stream_of(op));
    let kind = ElementKind::of(element);
    let is_float = matches!(kind, Some(ElementKind::Float(_)));
    if distribution == RngDistribution::NORMAL && !is_float {
        return Err(format!("NORMAL random numbers of element type {original} are not supported (floats only)").into());
    }
    if !is_float && !matches!(kind, Some(ElementKind::SignlessInt(8 | 16 | 32 | 64))) {
        return Err(format!("random numbers of element type {original} are not supported").into());
    }
    let unsigned = matches!(ElementKind::of(original), Some(ElementKind::UnsignedInt(_)));
    let parameters = RngElement { shape: &shape, element, distribution, stream, unsigned, a, b };
    let output = rewrite.filled(location, result_type, |e| rng_element(e, &parameters))?;
    rewrite.rewriter.replace_op_with_values(op, &[output]);
    Ok(())
}

/// What [`rng_element`] needs to know about one `stablehlo.rng`.
struct RngElement<'s, 'c> {
    shape: &'s [i64],
    element: Type<'c>,
    distribution: RngDistribution,
    stream: i128,
    unsigned: bool,
    a: V<'c, 'c>,
    b: V<'c, 'c>,
}

/// The body computing one element of a `stablehlo.rng`.
fn rng_element<'c, 'b>(e: &Emitter<'c, 'b>, p: &RngElement<'_, 'c>) -> BuildResult<V<'c, 'b>> {
    let context = e.context;
    let (shape, element, distribution, stream, unsigned) = (p.shape, p.element, p.distribution, p.stream, p.unsigned);
    let rank = shape.len();
    let is_float = matches!(ElementKind::of(element), Some(ElementKind::Float(_)));
    let i32_type = integer_type(context, 32)?;
    let i64_type = integer_type(context, 64)?;
    let f32_type = Type::float32(context);
    let f64_type = Type::float64(context);
    let key = [e.int(i128::from(RNG_SEED as u32), i32_type)?, e.int(i128::from((RNG_SEED >> 32) as u32), i32_type)?];
    let at: Vec<V> = (0..rank).map(|d| e.loop_index(d)).collect::<BuildResult<_>>()?;
    let index = e.op("arith.trunci", &[linear_index(e, shape, &at)?], i32_type)?;
    let draw = |j: i128| threefry(e, key, [index, e.int(2 * stream + j, i32_type)?]);
    let lower = e.extract(p.a, &[])?;
    let upper = e.extract(p.b, &[])?;
    if !is_float {
        // a + bits64 mod (b - a), in 64 bits.
        let widen = |v: V<'c, 'b>| -> BuildResult<V<'c, 'b>> {
            if v.r#type() == i64_type { Ok(v) } else { e.op(if unsigned { "arith.extui" } else { "arith.extsi" }, &[v], i64_type) }
        };
        let (low, high) = (widen(lower)?, widen(upper)?);
        let [x0, x1] = draw(0)?;
        let bits = join(e, x0, x1)?;
        let range = e.binary("arith.subi", high, low)?;
        let empty = if unsigned { e.cmpi("ule", high, low)? } else { e.cmpi("sle", high, low)? };
        let one = e.int(1, i64_type)?;
        let safe_range = e.select(empty, one, range)?;
        let offset = e.binary("arith.remui", bits, safe_range)?;
        let value = e.binary("arith.addi", low, offset)?;
        let value = e.select(empty, low, value)?;
        return if element == i64_type { Ok(value) } else { e.op("arith.trunci", &[value], element) };
    }
    // Compute in f32 (f16, bf16, f32) or f64.
    let wide = element == f64_type;
    let compute = if wide { f64_type } else { f32_type };
    let to_compute = |v: V<'c, 'b>| -> BuildResult<V<'c, 'b>> {
        if v.r#type() == compute { Ok(v) } else { e.op("arith.extf", &[v], compute) }
    };
    // A uniform number in [0, 1) from the top mantissa-width bits.
    // Uniform numbers in [0, 1) from the top mantissa-width bits of a draw:
    // one from each 32-bit word (f32), or one from both (f64).
    let uniforms = |j: i128| -> BuildResult<Vec<V<'c, 'b>>> {
        let [x0, x1] = draw(j)?;
        if wide {
            let bits = e.binary("arith.shrui", join(e, x0, x1)?, e.int(12, i64_type)?)?;
            let value = e.op("arith.uitofp", &[bits], f64_type)?;
            Ok(vec![e.binary("arith.mulf", value, e.float(2f64.powi(-52), f64_type)?)?])
        } else {
            [x0, x1]
                .into_iter()
                .map(|word| {
                    let bits = e.binary("arith.shrui", word, e.int(9, i32_type)?)?;
                    let value = e.op("arith.uitofp", &[bits], f32_type)?;
                    e.binary("arith.mulf", value, e.float(2f64.powi(-23), f32_type)?)
                })
                .collect()
        }
    };
    let (low, high) = (to_compute(lower)?, to_compute(upper)?);
    let value = match distribution {
        RngDistribution::UNIFORM => {
            let u = uniforms(0)?[0];
            let scaled = e.binary("arith.mulf", u, e.binary("arith.subf", high, low)?)?;
            e.binary("arith.addf", scaled, low)?
        }
        RngDistribution::NORMAL => {
            let first = uniforms(0)?;
            let (u1, u2) = if wide { (first[0], uniforms(1)?[0]) } else { (first[0], first[1]) };
            let one_minus = e.binary("arith.subf", e.float(1.0, compute)?, u1)?;
            let radius = e.unary("math.sqrt", e.binary("arith.mulf", e.float(-2.0, compute)?, e.unary("math.log", one_minus)?)?)?;
            let angle = e.binary("arith.mulf", e.float(2.0 * std::f64::consts::PI, compute)?, u2)?;
            let z = e.binary("arith.mulf", radius, e.unary("math.cos", angle)?)?;
            e.binary("arith.addf", low, e.binary("arith.mulf", high, z)?)?
        }
    };
    let value = if compute == element { value } else { e.op("arith.truncf", &[value], element)? };
    if distribution == RngDistribution::UNIFORM {
        // Keep [a, b): a value rounded up to b becomes a.
        let below = e.cmpf("olt", value, upper)?;
        e.select(below, value, lower)
    } else {
        Ok(value)
    }
}
