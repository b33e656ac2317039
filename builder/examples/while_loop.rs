//! A while loop built with the builder API: power iteration. The loop
//! state is `(i, a, v)`; the condition is `i < steps`, the body computes
//! `v <- a·v / |a·v|`. The dominant eigenvalue `v·(a·v)` of
//! `[[2, 1], [1, 3]]` is `(5 + sqrt 5) / 2`.
//!
//! `cargo run -p xla-builder --example while_loop`

use xla_builder::{BuildError, DotDimensionNumbers, ElementType, Literal, Shape, XlaBuilder, XlaComputation};

/// Builds `power_iteration(a: f32[2,2], v: f32[2], steps: i32) -> (eigenvalue, eigenvector)`.
pub fn build_power_iteration() -> Result<XlaComputation, BuildError> {
    let (f32, i32) = (ElementType::F32, ElementType::I32);
    let matrix = Shape::array(f32, &[2, 2]);
    let vector = Shape::array(f32, &[2]);
    let matvec = DotDimensionNumbers { lhs_contracting: vec![1], rhs_contracting: vec![0], ..Default::default() };
    let dot = DotDimensionNumbers { lhs_contracting: vec![0], rhs_contracting: vec![0], ..Default::default() };

    let b = XlaBuilder::new("power_iteration");
    let a = b.parameter(0, &matrix, "a")?;
    let v = b.parameter(1, &vector, "v")?;
    let steps = b.parameter(2, &Shape::scalar(i32), "steps")?;

    let condition = b.computation("condition", |sb| {
        let i = sb.parameter(0, &Shape::scalar(i32), "i")?;
        let steps = sb.parameter(1, &Shape::scalar(i32), "steps")?;
        sb.parameter(2, &matrix, "a")?;
        sb.parameter(3, &vector, "v")?;
        Ok(vec![sb.lt(i, steps)?])
    })?;
    let body = b.computation("body", |sb| {
        let i = sb.parameter(0, &Shape::scalar(i32), "i")?;
        let steps = sb.parameter(1, &Shape::scalar(i32), "steps")?;
        let a = sb.parameter(2, &matrix, "a")?;
        let v = sb.parameter(3, &vector, "v")?;
        let av = sb.dot_general(a, v, &matvec)?;
        let norm = sb.sqrt(sb.dot_general(av, av, &dot)?)?;
        let next = sb.div(av, sb.broadcast_in_dim(norm, &[2], &[])?)?;
        Ok(vec![sb.add(i, sb.constant_r0(1i32)?)?, steps, a, next])
    })?;
    let state = b.while_loop(&condition, &body, &[b.constant_r0(0i32)?, steps, a, v])?;
    let v = state[3];
    let eigenvalue = b.dot_general(v, b.dot_general(a, v, &matvec)?, &dot)?;
    b.build(&[eigenvalue, v])
}

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let computation = build_power_iteration()?;
    println!("{}", computation.to_mlir_text());
    let inputs = [Literal::matrix(&[[2.0f32, 1.0], [1.0, 3.0]]), Literal::vec1(&[1.0f32, 0.0]), Literal::scalar(50i32)];
    println!("a = {}, v0 = {}, steps = {}", inputs[0], inputs[1], inputs[2]);
    let results = computation.compile(&Default::default())?.execute(&inputs)?;
    println!("eigenvalue = {}, eigenvector = {}", results[0], results[1]);
    let eigenvalue = results[0].to_scalar::<f32>()?;
    let expected = (5.0 + 5f32.sqrt()) / 2.0;
    assert!((eigenvalue - expected).abs() < 1e-4, "eigenvalue {eigenvalue} vs {expected}");
    println!("ok: the dominant eigenvalue is (5 + sqrt 5) / 2 = {expected}");
    Ok(())
}
