//! The compiler-rt conversions to bf16 that LLVM's code generator may
//! call, provided to the JIT.
//!
//! The lowering computes bf16 in f32 and rounds with integer code, but
//! LLVM's optimizer may still leave bf16 values in IR that the x86 back
//! end legalizes through f32: InstCombine moves the bit cast of the NaN
//! case of that rounding code (`select %nan, i16 0x7FC0, %bits`) onto the
//! select's operands, and a `select` of two `bfloat`s is then promoted to
//! f32 and rounded back with a call of `__truncsfbf2`. CPUs with AVX-512
//! BF16 convert natively; elsewhere (AVX2) the JIT found no such symbol
//! and failed (`test/Execution/scan.mlir`'s bf16 cumulative sum under the
//! GPU emulation pipeline, 2026-11-27, on an AMD EPYC host). These are
//! the two conversions to bf16, with the x86-64 calling convention of
//! `bfloat` values (in the low 16 bits of an XMM register, as the low bits
//! of an `f32` here): round to nearest, ties to even; NaN stays a quiet
//! NaN of the same sign.
//!
//! Not handled: an object compiled ahead of time whose code calls them
//! needs a runtime library that has them (compiler-rt; libgcc only from
//! GCC 13 on, not Debian bookworm's GCC 12). Whether LLVM emits the call
//! for a given program depends on the target CPU and on the optimizer.

/// f32 bits to bf16 bits, rounded to nearest even.
fn bf16_bits(bits: u32) -> u16 {
    if f32::from_bits(bits).is_nan() {
        return ((bits >> 16) as u16) | 0x0040;
    }
    let rounding = 0x7FFF + ((bits >> 16) & 1);
    // No overflow: the largest finite magnitude is 0x7F7F_FFFF.
    ((bits + rounding) >> 16) as u16
}

/// `__truncsfbf2`: f32 to bf16.
extern "C" fn truncsfbf2(x: f32) -> f32 {
    f32::from_bits(u32::from(bf16_bits(x.to_bits())))
}

/// `__truncdfbf2`: f64 to bf16, rounded once: first to f32 by rounding to
/// odd (toward zero, then the last bit set if anything was dropped), which
/// keeps enough bits (24 > 8 + 2) for the second rounding to be exact.
extern "C" fn truncdfbf2(x: f64) -> f32 {
    if x.is_nan() {
        return f32::from_bits(u32::from(((x.to_bits() >> 48) as u16) | 0x7FC0));
    }
    let mut single = x as f32;
    if single.is_infinite() && x.is_finite() {
        single = f32::MAX.copysign(single);
    } else if f64::from(single).abs() > x.abs() {
        single = f32::from_bits(single.to_bits() - 1);
    }
    let mut bits = single.to_bits();
    if f64::from(single) != x {
        bits |= 1;
    }
    f32::from_bits(u32::from(bf16_bits(bits)))
}

/// The symbols, for `mlirExecutionEngineRegisterSymbol`.
pub fn symbols() -> [(&'static str, *mut std::ffi::c_void); 2] {
    [
        ("__truncsfbf2", truncsfbf2 as extern "C" fn(f32) -> f32 as *mut std::ffi::c_void),
        ("__truncdfbf2", truncdfbf2 as extern "C" fn(f64) -> f32 as *mut std::ffi::c_void),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bf16(x: f32) -> u16 {
        truncsfbf2(x).to_bits() as u16
    }

    fn bf16_of_f64(x: f64) -> u16 {
        truncdfbf2(x).to_bits() as u16
    }

    #[test]
    fn rounds_to_nearest_even() {
        assert_eq!(bf16(1.0), 0x3F80);
        // 1 + 2^-8 is the tie between 1 and 1 + 2^-7: even, 1.
        assert_eq!(bf16(1.0 + 2f32.powi(-8)), 0x3F80);
        assert_eq!(bf16(1.0 + 3.0 * 2f32.powi(-8)), 0x3F82);
        assert_eq!(bf16(-2.0), 0xC000);
        assert_eq!(bf16(f32::INFINITY), 0x7F80);
        assert_eq!(bf16(f32::MAX), 0x7F80);
        assert_eq!(bf16(-0.0), 0x8000);
        assert_eq!(bf16(f32::NAN) & 0x7FC0, 0x7FC0);
        assert_eq!(bf16(-f32::NAN) & 0x8000, 0x8000);
    }

    #[test]
    fn f64_rounds_once() {
        // test/Execution/convert-f64-bf16.mlir's cases: through f32 first
        // would land on the tie and round to 1.0.
        assert_eq!(bf16_of_f64(1.0039062500009095), 0x3F81);
        assert_eq!(bf16_of_f64(1.0039062499990905), 0x3F80);
        assert_eq!(bf16_of_f64(1.01171875), 0x3F82);
        assert_eq!(bf16_of_f64(-1.0039062500009095), 0xBF81);
        assert_eq!(bf16_of_f64(1e300), 0x7F80);
        assert_eq!(bf16_of_f64(-1e-300), 0x8000);
        assert_eq!(bf16_of_f64(f64::NAN) & 0x7FC0, 0x7FC0);
    }
}
