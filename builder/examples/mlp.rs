//! A two-layer perceptron with a softmax, built with the builder API:
//! `softmax(relu(x · w1 + b1) · w2 + b2)` over a batch, with dot_general,
//! broadcast adds, `max(0, ·)`, and reductions (max and sum) for a stable
//! softmax. Compiled, run, and checked against the same math on the host.
//!
//! `cargo run -p xla-builder --example mlp`

use xla_builder::{BuildError, DotDimensionNumbers, ElementType, Literal, Shape, XlaBuilder, XlaComputation, XlaOp};

const BATCH: usize = 4;
const INPUT: usize = 3;
const HIDDEN: usize = 8;
const OUTPUT: usize = 2;

/// `x · w + b` for `x: [batch, k]`, `w: [k, n]`, `b: [n]`.
fn dense(b: &XlaBuilder, x: XlaOp, w: XlaOp, bias: XlaOp, n: i64) -> Result<XlaOp, BuildError> {
    let matmul = DotDimensionNumbers { lhs_contracting: vec![1], rhs_contracting: vec![0], ..Default::default() };
    let product = b.dot_general(x, w, &matmul)?;
    b.add(product, b.broadcast_in_dim(bias, &[BATCH as i64, n], &[1])?)
}

/// Builds `mlp(x, w1, b1, w2, b2) -> probabilities`.
pub fn build_mlp() -> Result<XlaComputation, BuildError> {
    let f32 = ElementType::F32;
    let b = XlaBuilder::new("mlp");
    let x = b.parameter(0, &Shape::array(f32, &[BATCH as i64, INPUT as i64]), "x")?;
    let w1 = b.parameter(1, &Shape::array(f32, &[INPUT as i64, HIDDEN as i64]), "w1")?;
    let b1 = b.parameter(2, &Shape::array(f32, &[HIDDEN as i64]), "b1")?;
    let w2 = b.parameter(3, &Shape::array(f32, &[HIDDEN as i64, OUTPUT as i64]), "w2")?;
    let b2 = b.parameter(4, &Shape::array(f32, &[OUTPUT as i64]), "b2")?;

    let hidden = dense(&b, x, w1, b1, HIDDEN as i64)?;
    let zeros = b.broadcast_in_dim(b.zero(f32)?, &[BATCH as i64, HIDDEN as i64], &[])?;
    let relu = b.max(hidden, zeros)?;
    let logits = dense(&b, relu, w2, b2, OUTPUT as i64)?;

    // softmax over dimension 1: exp(l - max) / sum(exp(l - max))
    let max = b.binary_computation("max", f32, |sb, p, q| sb.max(p, q))?;
    let add = b.binary_computation("add", f32, |sb, p, q| sb.add(p, q))?;
    let row_max = b.reduce(logits, b.constant_r0(f32::NEG_INFINITY)?, &max, &[1])?;
    let shifted = b.sub(logits, b.broadcast_in_dim(row_max, &[BATCH as i64, OUTPUT as i64], &[0])?)?;
    let exps = b.exp(shifted)?;
    let sums = b.reduce(exps, b.constant_r0(0.0f32)?, &add, &[1])?;
    let probabilities = b.div(exps, b.broadcast_in_dim(sums, &[BATCH as i64, OUTPUT as i64], &[0])?)?;
    b.build(&[probabilities])
}

fn weights(rows: usize, cols: usize, seed: usize) -> Vec<f32> {
    (0..rows * cols).map(|i| (((i * 7 + seed * 3) % 11) as f32 - 5.0) * 0.1).collect()
}

/// The same network on the host.
fn reference(x: &[f32], w1: &[f32], b1: &[f32], w2: &[f32], b2: &[f32]) -> Vec<f32> {
    let mut out = Vec::new();
    for r in 0..BATCH {
        let hidden: Vec<f32> =
            (0..HIDDEN).map(|j| ((0..INPUT).map(|k| x[r * INPUT + k] * w1[k * HIDDEN + j]).sum::<f32>() + b1[j]).max(0.0)).collect();
        let logits: Vec<f32> = (0..OUTPUT).map(|j| (0..HIDDEN).map(|k| hidden[k] * w2[k * OUTPUT + j]).sum::<f32>() + b2[j]).collect();
        let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let exps: Vec<f32> = logits.iter().map(|l| (l - max).exp()).collect();
        let sum: f32 = exps.iter().sum();
        out.extend(exps.iter().map(|e| e / sum));
    }
    out
}

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mlp = build_mlp()?;
    println!("{}", mlp.to_mlir_text());
    let x: Vec<f32> = (0..BATCH * INPUT).map(|i| i as f32 * 0.25 - 1.0).collect();
    let (w1, b1) = (weights(INPUT, HIDDEN, 1), weights(1, HIDDEN, 2));
    let (w2, b2) = (weights(HIDDEN, OUTPUT, 3), weights(1, OUTPUT, 4));
    let inputs = [
        Literal::from_slice(&x, &[BATCH, INPUT])?,
        Literal::from_slice(&w1, &[INPUT, HIDDEN])?,
        Literal::vec1(&b1),
        Literal::from_slice(&w2, &[HIDDEN, OUTPUT])?,
        Literal::vec1(&b2),
    ];
    println!("x = {}", inputs[0]);
    let results = mlp.compile(&Default::default())?.execute(&inputs)?;
    println!("probabilities = {}", results[0]);
    let got = results[0].to_vec::<f32>()?;
    let expected = reference(&x, &w1, &b1, &w2, &b2);
    for (g, e) in got.iter().zip(&expected) {
        assert!((g - e).abs() < 1e-5, "mlp result {got:?} vs host {expected:?}");
    }
    for row in got.chunks(OUTPUT) {
        assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5, "each row sums to 1");
    }
    println!("ok: matches the values computed on the host");
    Ok(())
}
