//! The seed's axpy, `alpha * x + y`, built with the builder API: the scalar
//! `alpha` is broadcast over the vectors, the computation is printed as
//! MLIR, compiled for the CPU and run, and the result is checked.
//!
//! `cargo run -p xla-builder --example axpy`

use xla_builder::{BuildError, ElementType, Literal, Shape, XlaBuilder, XlaComputation};

/// Builds `axpy(alpha: f32, x: f32[n], y: f32[n]) -> f32[n]`.
pub fn build_axpy(n: i64) -> Result<XlaComputation, BuildError> {
    let b = XlaBuilder::new("axpy");
    let alpha = b.parameter(0, &Shape::scalar(ElementType::F32), "alpha")?;
    let x = b.parameter(1, &Shape::array(ElementType::F32, &[n]), "x")?;
    let y = b.parameter(2, &Shape::array(ElementType::F32, &[n]), "y")?;
    let alpha_x = b.mul(b.broadcast_in_dim(alpha, &[n], &[])?, x)?;
    let sum = b.add(alpha_x, y)?;
    b.build(&[sum])
}

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let axpy = build_axpy(8)?;
    println!("{}", axpy.to_mlir_text());
    let alpha = 3.0f32;
    let x: Vec<f32> = (1..=8).map(|i| i as f32).collect();
    let y: Vec<f32> = (1..=8).map(|i| 0.5 * i as f32).collect();
    let inputs = [Literal::scalar(alpha), Literal::vec1(&x), Literal::vec1(&y)];
    for (name, input) in ["alpha", "x", "y"].iter().zip(&inputs) {
        println!("{name} = {input}");
    }
    let results = axpy.compile(&Default::default())?.execute(&inputs)?;
    println!("alpha * x + y = {}", results[0]);
    let expected: Vec<f32> = x.iter().zip(&y).map(|(x, y)| alpha * x + y).collect();
    assert_eq!(results[0].to_vec::<f32>()?, expected, "axpy result");
    println!("ok: matches the values computed on the host");
    Ok(())
}
