//! Host-side decoding and encoding of the narrow float formats (printing,
//! comparing, inline values), with the formats and rounding rules of
//! `xla_lowering::narrow_float` (which documents them): round to nearest,
//! ties to even, overflow and NaN as `ml_dtypes` converts.

use super::ElementType;
use xla_lowering::narrow_float::{FORMATS, NarrowFloat, Specials};

/// A narrow float format (re-exported from the lowering).
pub type Format = NarrowFloat;

/// The format of `ty`, if it is a narrow float type.
pub fn format_of(ty: ElementType) -> Option<Format> {
    FORMATS.iter().copied().find(|f| f.name == ty.mlir_name())
}

/// The value of `bits` (the low `width` bits of the byte) in `format`, exactly.
pub fn decode(format: Format, bits: u8) -> f64 {
    let (e, m) = (format.exponent_bits, format.mantissa_bits);
    let bits = u32::from(bits) & ((1u32 << format.width()) - 1);
    let magnitude = bits & ((1 << (e + m)) - 1);
    let negative = format.has_sign() && bits >> (e + m) != 0;
    let (exponent, mantissa) = (magnitude >> m, magnitude & ((1 << m) - 1));
    let value = match format.specials {
        Specials::Ieee if exponent == (1 << e) - 1 => {
            if mantissa == 0 { f64::INFINITY } else { f64::NAN }
        }
        Specials::FiniteAllOnesNan if magnitude == (1 << (e + m)) - 1 => f64::NAN,
        Specials::FiniteNegativeZeroNan if negative && magnitude == 0 => return f64::NAN,
        Specials::ExponentOnly if bits == 0xff => f64::NAN,
        Specials::ExponentOnly => 2f64.powi(exponent as i32 - format.bias),
        _ if exponent == 0 => f64::from(mantissa) * 2f64.powi(1 - format.bias - m as i32),
        _ => f64::from((1 << m) | mantissa) * 2f64.powi(exponent as i32 - format.bias - m as i32),
    };
    if negative { -value } else { value }
}

/// `x` rounded to `format` (to nearest, ties to even), as its bits.
pub fn encode(format: Format, x: f64) -> u8 {
    let (e, m) = (format.exponent_bits, format.mantissa_bits);
    let sign_bit = 1u32 << (e + m);
    let negative = x.is_sign_negative();
    let sign = if negative && format.has_sign() { sign_bit } else { 0 };
    let nan = match format.specials {
        Specials::Ieee => sign | (((1 << e) - 1) << m) | (1 << (m - 1)),
        Specials::FiniteAllOnesNan => sign | (sign_bit - 1),
        Specials::FiniteNegativeZeroNan => sign_bit,
        // ml_dtypes' choice: a zero of the opposite sign.
        Specials::Finite => if negative { 0 } else { sign_bit },
        Specials::ExponentOnly => 0xff,
    };
    if x.is_nan() {
        return nan as u8;
    }
    let magnitude = x.abs();
    let overflow = match format.specials {
        Specials::Ieee => (sign | (((1 << e) - 1) << m)) as u8,
        Specials::Finite => (sign | format.max_finite_bits()) as u8,
        _ => nan as u8,
    };
    if magnitude.is_infinite() {
        return if format.specials == Specials::ExponentOnly { 0xff } else { overflow };
    }
    if format.specials == Specials::ExponentOnly {
        if x <= 0.0 || negative {
            return 0xff;
        }
        if magnitude < 2f64.powi(-127) {
            return 0; // no zero: clamps to 2^-127
        }
    }
    // Exact rounding of |x| to a multiple of the spacing at its binade.
    // (f8E8M0FNU has no subnormals: its smallest value is 2^-bias.)
    let min_exponent = if format.specials == Specials::ExponentOnly { -format.bias } else { 1 - format.bias };
    let binade = if magnitude == 0.0 { min_exponent } else { (magnitude.log2().floor() as i32).max(min_exponent) };
    // log2 may be off by one near powers of two: fix it up.
    let binade = if magnitude >= 2f64.powi(binade + 1) { binade + 1 } else if binade > min_exponent && magnitude < 2f64.powi(binade) { binade - 1 } else { binade };
    let quantum = 2f64.powi(binade - m as i32);
    let steps = magnitude / quantum; // exact: a power-of-two scaling
    let mut k = steps.floor();
    let rest = steps - k;
    if rest > 0.5 || (rest == 0.5 && k % 2.0 == 1.0) {
        k += 1.0;
    }
    let rounded = k * quantum;
    // Back to bits: the value is (1.mantissa) · 2^exponent or a subnormal.
    let value_bits = |value: f64| -> Option<u32> {
        if value == 0.0 {
            return Some(0);
        }
        let exponent = value.log2().floor() as i32;
        let exponent = if value >= 2f64.powi(exponent + 1) { exponent + 1 } else if value < 2f64.powi(exponent) { exponent - 1 } else { exponent };
        if format.specials != Specials::ExponentOnly && exponent < min_exponent {
            return Some((value / 2f64.powi(min_exponent - m as i32)) as u32);
        }
        let biased = u32::try_from(exponent + format.bias).ok()?;
        let mantissa = (value / 2f64.powi(exponent - m as i32)) as u32 - (1 << m);
        Some((biased << m) | mantissa)
    };
    let bits = value_bits(rounded).filter(|&b| b <= format.max_finite_bits());
    let Some(bits) = bits else {
        return overflow;
    };
    if bits == 0 && format.specials == Specials::FiniteNegativeZeroNan {
        return 0;
    }
    (sign | bits) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(name: &str) -> Format {
        FORMATS.iter().copied().find(|f| f.name == name).unwrap()
    }

    #[test]
    fn every_encoding_round_trips() {
        for format in FORMATS {
            for bits in 0..(1u32 << format.width()) {
                let value = decode(format, bits as u8);
                let back = encode(format, value);
                if value.is_nan() {
                    assert!(decode(format, back).is_nan(), "{} {bits:#x}", format.name);
                } else {
                    assert_eq!(u32::from(back), bits, "{} {bits:#x} = {value}", format.name);
                }
            }
        }
    }

    #[test]
    fn known_values() {
        // Values from the formats' definitions (OCP FP8/MX specs).
        assert_eq!(decode(format("f8E4M3FN"), 0x7e), 448.0);
        assert_eq!(decode(format("f8E5M2"), 0x7b), 57344.0);
        assert_eq!(decode(format("f8E4M3FNUZ"), 0x7f), 240.0);
        assert_eq!(decode(format("f8E4M3B11FNUZ"), 0x7f), 30.0);
        assert_eq!(decode(format("f4E2M1FN"), 0x7), 6.0);
        assert_eq!(decode(format("f6E2M3FN"), 0x1f), 7.5);
        assert_eq!(decode(format("f6E3M2FN"), 0x1f), 28.0);
        assert_eq!(decode(format("f8E8M0FNU"), 0x7f), 1.0);
        // Ties to even, overflow per format.
        assert_eq!(encode(format("f8E4M3FN"), 464.0), 0x7e);
        assert_eq!(encode(format("f8E4M3FN"), 465.0), 0x7f);
        assert_eq!(encode(format("f8E5M2"), 1e6), 0x7c);
        assert_eq!(encode(format("f4E2M1FN"), 100.0), 0x7);
        assert_eq!(encode(format("f4E2M1FN"), 0.25), 0x0);
        assert_eq!(encode(format("f4E2M1FN"), 0.75), 0x2);
        assert_eq!(encode(format("f8E4M3FNUZ"), -0.0), 0x0);
        assert_eq!(encode(format("f8E8M0FNU"), 3.0), 0x81); // 4.0: a tie, up to the even significand
        assert_eq!(encode(format("f8E8M0FNU"), 2.9), 0x80);
        assert_eq!(encode(format("f8E8M0FNU"), 0.0), 0xff);
    }
}
