//! Comparing results with expected values: integers and booleans exactly,
//! floats within `|actual - expected| <= atol + rtol * |expected|` (NaN
//! matches NaN, infinities must match exactly).

use crate::host_tensor::{ElementValue, HostTensor, position};

/// Float tolerance of a comparison.
#[derive(Clone, Copy, Debug)]
pub struct Tolerance {
    pub atol: f64,
    pub rtol: f64,
}

impl Default for Tolerance {
    fn default() -> Self {
        Self { atol: 1e-6, rtol: 1e-5 }
    }
}

/// One element, widened for comparison.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Element {
    Int(i128),
    Float(f64),
    Complex(f64, f64),
}

impl std::fmt::Display for Element {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Element::Int(value) => write!(f, "{value}"),
            Element::Float(value) => write!(f, "{value:e}"),
            Element::Complex(re, im) => write!(f, "({re:e}{im:+e}j)"),
        }
    }
}

fn elements(tensor: &HostTensor) -> Vec<Element> {
    tensor
        .element_values()
        .into_iter()
        .map(|value| match value {
            ElementValue::Int(v) => Element::Int(v),
            ElementValue::Float { value, .. } => Element::Float(value),
            ElementValue::Complex(re, im) => Element::Complex(re, im),
        })
        .collect()
}

fn float_close(actual: f64, expected: f64, tolerance: Tolerance) -> bool {
    if actual.is_nan() || expected.is_nan() {
        return actual.is_nan() && expected.is_nan();
    }
    if actual.is_infinite() || expected.is_infinite() {
        return actual == expected;
    }
    (actual - expected).abs() <= tolerance.atol + tolerance.rtol * expected.abs()
}

/// Checks `actual` against `expected`; the error lists the first
/// mismatching elements and how many there are.
pub fn compare(actual: &HostTensor, expected: &HostTensor, tolerance: Tolerance) -> Result<(), String> {
    // Raw one-byte .npy data (ml_dtypes arrays) takes the actual type.
    let typed = expected.as_type(actual.element_type);
    let expected = typed.as_deref().unwrap_or(expected);
    if actual.element_type != expected.element_type || actual.shape != expected.shape {
        return Err(format!(
            "expected {}{:?} but got {}{:?}",
            expected.element_type.mlir_name(),
            expected.shape,
            actual.element_type.mlir_name(),
            actual.shape
        ));
    }
    let mut mismatches = Vec::new();
    let mut count = 0usize;
    for (index, (a, e)) in elements(actual).into_iter().zip(elements(expected)).enumerate() {
        let equal = match (a, e) {
            (Element::Int(a), Element::Int(e)) => a == e,
            (Element::Float(a), Element::Float(e)) => float_close(a, e, tolerance),
            (Element::Complex(ar, ai), Element::Complex(er, ei)) => {
                float_close(ar, er, tolerance) && float_close(ai, ei, tolerance)
            }
            _ => false,
        };
        if !equal {
            count += 1;
            if mismatches.len() < 5 {
                mismatches.push(format!("at {}: got {a}, expected {e}", position(index, &actual.shape)));
            }
        }
    }
    if count == 0 {
        Ok(())
    } else {
        Err(format!(
            "{count} of {} elements differ (atol {}, rtol {}); {}",
            actual.num_elements(),
            tolerance.atol,
            tolerance.rtol,
            mismatches.join("; ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host_tensor::ElementType;

    fn f32s(values: &[f32]) -> HostTensor {
        let data = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        HostTensor::new(ElementType::F32, vec![values.len()], data).unwrap()
    }

    #[test]
    fn floats_within_tolerance_match() {
        let tolerance = Tolerance::default();
        assert!(compare(&f32s(&[1.0, f32::NAN, f32::INFINITY]), &f32s(&[1.000001, f32::NAN, f32::INFINITY]), tolerance).is_ok());
        let error = compare(&f32s(&[1.0, 2.0]), &f32s(&[1.0, 2.1]), tolerance).unwrap_err();
        assert!(error.starts_with("1 of 2 elements differ"), "{error}");
        assert!(error.contains("at [1]"), "{error}");
        assert!(compare(&f32s(&[f32::NAN]), &f32s(&[1.0]), tolerance).is_err());
        assert!(compare(&f32s(&[f32::INFINITY]), &f32s(&[f32::NEG_INFINITY]), tolerance).is_err());
    }

    #[test]
    fn shapes_and_types_must_agree() {
        let ints = HostTensor::new(ElementType::I32, vec![1], 1i32.to_le_bytes().to_vec()).unwrap();
        assert!(compare(&ints, &f32s(&[1.0]), Tolerance::default()).unwrap_err().contains("expected f32[1] but got i32[1]"));
        assert!(compare(&f32s(&[1.0, 2.0]), &f32s(&[1.0]), Tolerance::default()).is_err());
    }
}
