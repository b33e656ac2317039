//! An XlaBuilder-style API: build StableHLO computations op by op from
//! Rust, compile them for the CPU and run them on host literals.
//!
//! - [`XlaBuilder`] makes one computation: [`parameter`](XlaBuilder::parameter)s,
//!   then one method per op of the dialect (`add`, `dot_general`, `reduce`,
//!   `while_loop`, `conv_general_dilated`, ...), each returning an [`XlaOp`]
//!   handle or a [`BuildError`].
//! - Result types are **inferred by the dialect's own C++ shape functions**
//!   (`InferTypeOpInterface`): the builder creates each op with result type
//!   inference and verifies it, and a rejected op comes back as a
//!   [`BuildError`] carrying the dialect's diagnostic, which names the op and
//!   the violated rule. Ops whose result type is a free choice take it as an
//!   argument (`convert`'s element type, `reshape`'s and `broadcast_in_dim`'s
//!   dimensions, `iota`'s shape, `rng_bit_generator`'s output shape,
//!   `custom_call`'s result shapes, constants' data). Where the dialect has
//!   no shape function for an op yet, the builder says so
//!   ([`BuildError::InferenceUnavailable`]) rather than guessing.
//! - Nested computations (reduction bodies, comparators, loop conditions
//!   and bodies, branches) are computations too, built with
//!   [`XlaBuilder::computation`] or a [`sub-builder`](XlaBuilder::create_sub_builder).
//! - [`XlaBuilder::build`] gives an [`XlaComputation`]: a verified module
//!   with one `func.func` named like the builder, printable as MLIR text
//!   (`xla-opt` and `xla-run` accept it). [`XlaComputation::compile`] lowers
//!   it with `xla-cpu-pipeline` and JIT-compiles it into an [`Executable`],
//!   which runs on [`Literal`]s.
//!
//! # Where result types come from
//!
//! - **Inferred by the dialect** (C++ `inferReturnTypes`): every element-wise
//!   op, compare, select, clamp, reduce_precision, constants, broadcast,
//!   transpose, reverse, slice, dynamic_slice, dynamic_update_slice,
//!   concatenate, pad, gather, scatter, dot, dot_general, convolution,
//!   reduce, reduce_window, select_and_scatter, sort, map, while, if, case,
//!   tuple, get_tuple_element, optimization_barrier, fft, cholesky,
//!   triangular_solve, batch_norm_*, get_dimension_size, all_reduce,
//!   all_gather, reduce_scatter, all_to_all, collective_permute,
//!   collective_broadcast, replica_id, partition_id,
//!   create_token, after_all.
//!   dot_general's and convolution's element type is free: the dialect
//!   infers the shape and [`XlaBuilder::dot_general_with_options`] may pick
//!   the element type.
//! - **Given by the caller** (the result type is a free choice):
//!   convert and bitcast_convert (element type), reshape and
//!   broadcast_in_dim (dimensions), iota (shape), rng_bit_generator (output
//!   shape), rng (dimensions), custom_call (result shapes), infeed and
//!   recv_from_host (the shapes read), outfeed and send_to_host (a token).
//! - An op the dialect cannot infer a result type for would be refused
//!   ([`BuildError::InferenceUnavailable`]) rather than typed by Rust code;
//!   every op the builder offers infers today (all_gather and
//!   reduce_scatter take the group size from `replica_groups`).
//!
//! # Example: axpy
//!
//! `alpha * x + y` with a scalar `alpha` broadcast over the vectors:
//!
//! ```
//! use xla_builder::{ElementType, Literal, Shape, XlaBuilder};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let b = XlaBuilder::new("axpy");
//! let alpha = b.parameter(0, &Shape::scalar(ElementType::F32), "alpha")?;
//! let x = b.parameter(1, &Shape::array(ElementType::F32, &[4]), "x")?;
//! let y = b.parameter(2, &Shape::array(ElementType::F32, &[4]), "y")?;
//! let alpha_x = b.mul(b.broadcast_in_dim(alpha, &[4], &[])?, x)?;
//! let axpy = b.build(&[b.add(alpha_x, y)?])?;
//!
//! println!("{}", axpy.to_mlir_text());
//! let results = axpy.execute(&[
//!     Literal::scalar(2.0f32),
//!     Literal::vec1(&[1.0f32, 2.0, 3.0, 4.0]),
//!     Literal::vec1(&[10.0f32, 20.0, 30.0, 40.0]),
//! ])?;
//! assert_eq!(results[0].to_vec::<f32>()?, vec![12.0, 24.0, 36.0, 48.0]);
//! # Ok(())
//! # }
//! ```
//!
//! Host transfers (`infeed`, `outfeed`, `send_to_host`, `recv_from_host`)
//! run with [`Executable::execute_with_host_transfer`] and a handler:
//! [`HostCallbacks`] (closures) or [`HostQueues`] (queues).
//!
//! `cargo run -p xla-builder --example axpy` runs the same program; the
//! `mlp` and `while_loop` examples show dot_general/reduce and loops.

mod attrs;
mod builder;
mod computation;
mod error;
mod host_transfer;
mod literal;
mod ops;
mod shape;

pub use attrs::{ConvDimensionNumbers, GatherDimensionNumbers, ScatterDimensionNumbers};
pub use builder::{XlaBuilder, XlaOp};
pub use computation::{CompileOptions, Device, Executable, XlaComputation};
pub use error::{BuildError, LiteralError, RunError};
pub use host_transfer::{HostCallbacks, HostQueues, HostTransfer, Transfer, TransferKind};
pub use literal::Literal;
pub use shape::{BF16, C64, C128, F16, NativeType, Shape};
pub use xla_dialects::stablehlo::{
    ComparisonDirection, ComparisonType, CustomCallApiVersion, DotDimensionNumbers, FftType, Precision, RngAlgorithm, RngDistribution,
    Transpose,
};
pub use xla_runtime::{ElementType, layout::Layout};
