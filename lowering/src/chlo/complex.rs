//! The CHLO trigonometric and hyperbolic ops on complex<f32>/complex<f64>,
//! on the principal branches numpy uses. complex<f32> is computed in
//! complex<f64> and rounded once.
//!
//! With s₁, s₂ principal square roots (Kahan, "Branch cuts for complex
//! elementary functions", 1987, which keeps the signs of zeros on the cuts):
//!
//! ```text
//! asin(z)  = atan2(x, Re(s₁ s₂)) + i asinh(Im(conj(s₁) s₂)),  s₁ = √(1 - z), s₂ = √(1 + z)
//! acos(z)  = 2 atan2(Re s₁, Re s₂) + i asinh(Im(conj(s₂) s₁))
//! acosh(z) = asinh(Re(conj(s₁) s₂)) + 2i atan2(Im s₁, Re s₂),  s₁ = √(z - 1), s₂ = √(z + 1)
//! asinh(z) = -i asin(iz)
//! atanh(z) = (log1p(z) - log1p(-z)) / 2,   atan(z) = -i atanh(iz)
//! sinh(x + iy) = sinh x cos y + i cosh x sin y,   cosh(x + iy) = cosh x cos y + i sinh x sin y
//! ```
//!
//! (tan has its own rewrite, stablehlo.tan, which takes complex operands.)
//! Accuracy against numpy (test/examples/complex_trig*, a grid around the
//! branch points and on both sides of every cut): complex64 results within
//! 2e-7 relative + 1e-9 absolute per part (the rounding to complex64),
//! complex128 within 1e-14 relative + 1e-15 absolute. Not handled: |z| near
//! the f64 overflow threshold (the products overflow), and points exactly on
//! a cut take the side of the sign of zero Kahan's formulas give, which may
//! differ from numpy's.

use super::{Hlo, V};
use crate::builders::{BuildResult, element_type};
use melior::ir::{Type, ValueLike};

/// Complex values as (re, im) tensors of the part type.
#[derive(Clone, Copy)]
pub(super) struct C<'c> {
    pub(super) re: V<'c>,
    pub(super) im: V<'c>,
}

pub(super) fn mul<'c>(h: &Hlo<'c, '_, '_>, a: C<'c>, b: C<'c>) -> BuildResult<C<'c>> {
    Ok(C {
        re: h.sub(h.mul(a.re, b.re)?, h.mul(a.im, b.im)?)?,
        im: h.add(h.mul(a.re, b.im)?, h.mul(a.im, b.re)?)?,
    })
}

fn conj<'c>(h: &Hlo<'c, '_, '_>, a: C<'c>) -> BuildResult<C<'c>> {
    Ok(C { re: a.re, im: h.unary("negate", a.im)? })
}

/// The value of complex tensor `z` as parts of type `part`.
pub(super) fn split<'c>(h: &Hlo<'c, '_, '_>, z: V<'c>, part: Type<'c>) -> BuildResult<C<'c>> {
    Ok(C {
        re: h.op("stablehlo.real", &[z], h.tensor(part), &[])?,
        im: h.op("stablehlo.imag", &[z], h.tensor(part), &[])?,
    })
}

pub(super) fn join<'c>(h: &Hlo<'c, '_, '_>, a: C<'c>, complex: Type<'c>) -> BuildResult<V<'c>> {
    h.op("stablehlo.complex", &[a.re, a.im], complex, &[])
}

/// Principal square root of `a` (through stablehlo.sqrt on complex<f64>).
pub(super) fn sqrt<'c>(h: &Hlo<'c, '_, '_>, a: C<'c>, complex: Type<'c>, part: Type<'c>) -> BuildResult<C<'c>> {
    split(h, h.unary("sqrt", join(h, a, complex)?)?, part)
}

fn log1p<'c>(h: &Hlo<'c, '_, '_>, a: C<'c>, complex: Type<'c>, part: Type<'c>) -> BuildResult<C<'c>> {
    split(h, h.unary("log_plus_one", join(h, a, complex)?)?, part)
}

fn asin<'c>(h: &Hlo<'c, '_, '_>, z: C<'c>, complex: Type<'c>, part: Type<'c>) -> BuildResult<C<'c>> {
    let one = h.c(1.0, z.re)?;
    let s1 = sqrt(h, C { re: h.sub(one, z.re)?, im: h.unary("negate", z.im)? }, complex, part)?;
    let s2 = sqrt(h, C { re: h.add(one, z.re)?, im: z.im }, complex, part)?;
    let product = mul(h, s1, s2)?;
    let cross = mul(h, conj(h, s1)?, s2)?;
    Ok(C { re: h.binary("atan2", z.re, product.re)?, im: super::special::real_asinh(h, cross.im)? })
}

fn acos<'c>(h: &Hlo<'c, '_, '_>, z: C<'c>, complex: Type<'c>, part: Type<'c>) -> BuildResult<C<'c>> {
    let one = h.c(1.0, z.re)?;
    let s1 = sqrt(h, C { re: h.sub(one, z.re)?, im: h.unary("negate", z.im)? }, complex, part)?;
    let s2 = sqrt(h, C { re: h.add(one, z.re)?, im: z.im }, complex, part)?;
    let cross = mul(h, conj(h, s2)?, s1)?;
    Ok(C {
        re: h.mul(h.c(2.0, z.re)?, h.binary("atan2", s1.re, s2.re)?)?,
        im: super::special::real_asinh(h, cross.im)?,
    })
}

fn acosh<'c>(h: &Hlo<'c, '_, '_>, z: C<'c>, complex: Type<'c>, part: Type<'c>) -> BuildResult<C<'c>> {
    let one = h.c(1.0, z.re)?;
    let s1 = sqrt(h, C { re: h.sub(z.re, one)?, im: z.im }, complex, part)?;
    let s2 = sqrt(h, C { re: h.add(z.re, one)?, im: z.im }, complex, part)?;
    let cross = mul(h, conj(h, s1)?, s2)?;
    Ok(C {
        re: super::special::real_asinh(h, cross.re)?,
        im: h.mul(h.c(2.0, z.re)?, h.binary("atan2", s1.im, s2.re)?)?,
    })
}

fn atanh<'c>(h: &Hlo<'c, '_, '_>, z: C<'c>, complex: Type<'c>, part: Type<'c>) -> BuildResult<C<'c>> {
    let up = log1p(h, z, complex, part)?;
    let down = log1p(h, C { re: h.unary("negate", z.re)?, im: h.unary("negate", z.im)? }, complex, part)?;
    let half = h.c(0.5, z.re)?;
    Ok(C { re: h.mul(half, h.sub(up.re, down.re)?)?, im: h.mul(half, h.sub(up.im, down.im)?)? })
}

/// i z and -i z.
fn times_i<'c>(h: &Hlo<'c, '_, '_>, z: C<'c>) -> BuildResult<C<'c>> {
    Ok(C { re: h.unary("negate", z.im)?, im: z.re })
}
fn times_minus_i<'c>(h: &Hlo<'c, '_, '_>, z: C<'c>) -> BuildResult<C<'c>> {
    Ok(C { re: z.im, im: h.unary("negate", z.re)? })
}

/// `chlo.{asin, acos, atan, asinh, acosh, atanh, sinh, cosh}` of the complex
/// tensor `x`.
pub fn lower<'c>(h: &Hlo<'c, '_, '_>, name: &str, x: V<'c>) -> BuildResult<V<'c>> {
    let element = element_type(x.r#type())?;
    let complex = crate::builders::complex_type(Type::float64(h.context()));
    let part = h.f64();
    let complex_tensor = h.tensor(complex);
    let wide = if element == complex { x } else { h.op("stablehlo.convert", &[x], complex_tensor, &[])? };
    let z = split(h, wide, part)?;
    let result = match name {
        "chlo.asin" => asin(h, z, complex_tensor, part)?,
        "chlo.acos" => acos(h, z, complex_tensor, part)?,
        "chlo.acosh" => acosh(h, z, complex_tensor, part)?,
        "chlo.asinh" => times_minus_i(h, asin(h, times_i(h, z)?, complex_tensor, part)?)?,
        "chlo.atanh" => atanh(h, z, complex_tensor, part)?,
        "chlo.atan" => times_minus_i(h, atanh(h, times_i(h, z)?, complex_tensor, part)?)?,
        "chlo.sinh" | "chlo.cosh" => {
            let sinh = super::special::real_hyperbolic(h, z.re, false)?;
            let cosh = super::special::real_hyperbolic(h, z.re, true)?;
            let (cos, sin) = (h.unary("cosine", z.im)?, h.unary("sine", z.im)?);
            if name == "chlo.sinh" {
                C { re: h.mul(sinh, cos)?, im: h.mul(cosh, sin)? }
            } else {
                C { re: h.mul(cosh, cos)?, im: h.mul(sinh, sin)? }
            }
        }
        other => return Err(format!("{other} on complex elements is not supported yet").into()),
    };
    let value = join(h, result, complex_tensor)?;
    if element == complex { Ok(value) } else { h.op("stablehlo.convert", &[value], x.r#type(), &[]) }
}
