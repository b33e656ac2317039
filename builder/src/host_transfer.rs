//! Host transfers from the builder's side: [`HostCallbacks`] lets the
//! caller answer a program's infeeds and host receives and take its
//! outfeeds and host sends as [`Literal`]s, with closures;
//! [`HostQueues`] (the runtime's) is the ready-made queue object. Either
//! goes to [`Executable::execute_with_host_transfer`](crate::Executable::execute_with_host_transfer).
//!
//! ```
//! use xla_builder::{ElementType, HostCallbacks, Literal, Shape, XlaBuilder};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let b = XlaBuilder::new("double_infeed");
//! let token = b.create_token()?;
//! let (x, token) = b.infeed(token, &[Shape::array(ElementType::F32, &[2])], "")?;
//! let doubled = b.add(x[0], x[0])?;
//! b.outfeed(&[doubled], token, "")?;
//! let executable = b.build(&[doubled])?.compile(&Default::default())?;
//!
//! let mut seen = Vec::new();
//! let mut callbacks = HostCallbacks::new()
//!     .on_infeed(|_| Ok(vec![Literal::vec1(&[1.5f32, -2.0])]))
//!     .on_outfeed(|_, values| {
//!         seen.push(values);
//!         Ok(())
//!     });
//! executable.execute_with_host_transfer(&[], &mut callbacks)?;
//! drop(callbacks);
//! assert_eq!(seen[0][0].to_vec::<f32>()?, vec![3.0, -4.0]);
//! # Ok(())
//! # }
//! ```

use crate::Literal;
pub use xla_runtime::host_transfer::{HostQueues, HostTransfer, Transfer, TransferKind};
use xla_runtime::HostTensor;

type Source<'a> = Box<dyn FnMut(&Transfer) -> Result<Vec<Literal>, String> + 'a>;
type Sink<'a> = Box<dyn FnMut(&Transfer, Vec<Literal>) -> Result<(), String> + 'a>;

/// Closures answering a program's host transfers; a transfer without its
/// closure fails the run with a message naming the op. The closures get
/// the [`Transfer`]: the op's location, config, channel (`transfer.channel`)
/// and tensor specs; values handed back must match the specs.
#[derive(Default)]
pub struct HostCallbacks<'a> {
    infeed: Option<Source<'a>>,
    outfeed: Option<Sink<'a>>,
    send: Option<Sink<'a>>,
    recv: Option<Source<'a>>,
}

impl<'a> HostCallbacks<'a> {
    pub fn new() -> Self {
        Self::default()
    }

    /// What each `infeed` reads.
    pub fn on_infeed(mut self, f: impl FnMut(&Transfer) -> Result<Vec<Literal>, String> + 'a) -> Self {
        self.infeed = Some(Box::new(f));
        self
    }

    /// Takes each `outfeed`'s values.
    pub fn on_outfeed(mut self, f: impl FnMut(&Transfer, Vec<Literal>) -> Result<(), String> + 'a) -> Self {
        self.outfeed = Some(Box::new(f));
        self
    }

    /// Takes the values of each `send` to the host (any channel).
    pub fn on_send_to_host(mut self, f: impl FnMut(&Transfer, Vec<Literal>) -> Result<(), String> + 'a) -> Self {
        self.send = Some(Box::new(f));
        self
    }

    /// What each `recv` from the host (any channel) receives.
    pub fn on_recv_from_host(mut self, f: impl FnMut(&Transfer) -> Result<Vec<Literal>, String> + 'a) -> Self {
        self.recv = Some(Box::new(f));
        self
    }
}

fn tensors(literals: Vec<Literal>) -> Vec<HostTensor> {
    literals.into_iter().map(Literal::into_host_tensor).collect()
}

fn literals(tensors: Vec<HostTensor>) -> Vec<Literal> {
    tensors.into_iter().map(Literal::from_host_tensor).collect()
}

impl HostTransfer for HostCallbacks<'_> {
    fn infeed(&mut self, transfer: &Transfer) -> Result<Vec<HostTensor>, String> {
        let f = self.infeed.as_mut().ok_or("no on_infeed callback was given")?;
        f(transfer).map(tensors)
    }

    fn outfeed(&mut self, transfer: &Transfer, values: Vec<HostTensor>) -> Result<(), String> {
        let f = self.outfeed.as_mut().ok_or("no on_outfeed callback was given")?;
        f(transfer, literals(values))
    }

    fn send_to_host(&mut self, transfer: &Transfer, _channel: i64, values: Vec<HostTensor>) -> Result<(), String> {
        let f = self.send.as_mut().ok_or("no on_send_to_host callback was given")?;
        f(transfer, literals(values))
    }

    fn recv_from_host(&mut self, transfer: &Transfer, _channel: i64) -> Result<Vec<HostTensor>, String> {
        let f = self.recv.as_mut().ok_or("no on_recv_from_host callback was given")?;
        f(transfer).map(tensors)
    }
}
