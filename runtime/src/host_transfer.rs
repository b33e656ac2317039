//! Host transfers: what compiled `infeed`, `outfeed` and host `send` /
//! `recv` ops do at run time.
//!
//! The lowering (`lowering/src/stablehlo_to_linalg/host_transfer.rs`) makes
//! each such op a call of the runtime ABI
//!
//! ```c
//! // kind: 0 infeed, 1 outfeed, 2 send to the host, 3 receive from the host.
//! void xla_host_transfer(int64_t kind, int64_t channel, const int64_t *buffers,
//!                        int64_t count, const char *info, int64_t info_len);
//! ```
//!
//! (`csrc/guard.c`, which calls [`xla_host_transfer_run`] here). Every call
//! goes to the [`HostTransfer`] handler that the thread running the program
//! installed with [`with_host_transfer`]; a run without one fails at its
//! first transfer. The calls come in program order, which respects the
//! program's token order (see the lowering), on the thread that called the
//! entry point.
//!
//! [`HostQueues`] is the plain handler: infeed values and values per recv
//! channel filled before the run and consumed in order, outfeed values and
//! values per send channel collected. Nothing blocks: a transfer that finds
//! its queue empty fails at once, naming the op (its location and config),
//! and the run fails with that message. A value returned by a handler must
//! have exactly the tensors the op states (count, element types, shapes),
//! else the run fails the same way.

use crate::{ElementType, HostTensor, TensorSpec};
use std::cell::Cell;
use std::collections::{BTreeMap, VecDeque};

/// What a transfer does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransferKind {
    Infeed,
    Outfeed,
    SendToHost,
    RecvFromHost,
}

impl TransferKind {
    fn from_abi(kind: i64) -> Option<Self> {
        [Self::Infeed, Self::Outfeed, Self::SendToHost, Self::RecvFromHost].get(usize::try_from(kind).ok()?).copied()
    }

    /// Whether the host provides the values (infeed, recv).
    pub fn reads_from_host(self) -> bool {
        matches!(self, Self::Infeed | Self::RecvFromHost)
    }
}

/// One transfer, as compiled code asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transfer {
    pub kind: TransferKind,
    /// The channel id of a send or recv (`channel_handle`'s `handle`).
    pub channel: Option<i64>,
    /// The op and its location: `stablehlo.infeed at f.mlir:3:8`.
    pub site: String,
    /// `infeed_config` / `outfeed_config` (empty for send and recv).
    pub config: String,
    /// The tensors, in the op's order, with the element types it states.
    pub specs: Vec<TensorSpec>,
}

impl Transfer {
    /// The op for messages: site, then config or channel.
    pub fn describe(&self) -> String {
        match (self.kind, self.channel) {
            (TransferKind::Infeed, _) => format!("{} (infeed_config {:?})", self.site, self.config),
            (TransferKind::Outfeed, _) => format!("{} (outfeed_config {:?})", self.site, self.config),
            (_, Some(channel)) => format!("{} (channel {channel})", self.site),
            (_, None) => self.site.clone(),
        }
    }

    /// Parses the ABI's info bytes (NUL separated: site, config, then one
    /// "<element type> <dims>..." per tensor).
    fn parse(kind: TransferKind, channel: i64, info: &[u8], count: usize) -> Result<Self, String> {
        let text = std::str::from_utf8(info).map_err(|_| "host transfer: info is not UTF-8".to_string())?;
        let mut parts = text.split('\0');
        let site = parts.next().unwrap_or_default().to_owned();
        let config = parts.next().unwrap_or_default().to_owned();
        let specs = parts
            .map(|spec| {
                let mut words = spec.split(' ');
                let element = words.next().unwrap_or_default();
                let element_type =
                    ElementType::from_mlir_name(element).ok_or_else(|| format!("{site}: host transfer of unknown element type `{element}`"))?;
                let shape = words.map(|d| d.parse::<usize>().map_err(|_| format!("{site}: bad dimension `{d}`"))).collect::<Result<_, _>>()?;
                Ok(TensorSpec { element_type, shape })
            })
            .collect::<Result<Vec<_>, String>>()?;
        if specs.len() != count {
            return Err(format!("{site}: {count} buffers for {} tensors", specs.len()));
        }
        let channel = matches!(kind, TransferKind::SendToHost | TransferKind::RecvFromHost).then_some(channel);
        Ok(Self { kind, channel, site, config, specs })
    }
}

/// What a program's host transfers go to. Each method gets the transfer
/// (op, location, config, tensor specs); an error ends the run with the
/// message, prefixed by the op's description. The defaults refuse.
pub trait HostTransfer {
    /// The next infeed value: one tensor per spec of `transfer`.
    fn infeed(&mut self, transfer: &Transfer) -> Result<Vec<HostTensor>, String> {
        let _ = transfer;
        Err("this run has no infeed values".into())
    }

    /// One outfeed value (one tensor per spec).
    fn outfeed(&mut self, transfer: &Transfer, values: Vec<HostTensor>) -> Result<(), String> {
        let _ = (transfer, values);
        Err("this run takes no outfeed values".into())
    }

    /// The values of a `send` to the host on `channel`.
    fn send_to_host(&mut self, transfer: &Transfer, channel: i64, values: Vec<HostTensor>) -> Result<(), String> {
        let _ = (transfer, values);
        Err(format!("this run takes no values sent to the host on channel {channel}"))
    }

    /// The values of a `recv` from the host on `channel`.
    fn recv_from_host(&mut self, transfer: &Transfer, channel: i64) -> Result<Vec<HostTensor>, String> {
        let _ = transfer;
        Err(format!("this run has no values to receive from the host on channel {channel}"))
    }
}

/// Queues filled before a run and read after it (see the module docs).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HostQueues {
    /// Infeed values, consumed front first; each value is one tensor per
    /// tensor result of the infeed op.
    pub infeed: VecDeque<Vec<HostTensor>>,
    /// Outfeed values in the order the program wrote them.
    pub outfeed: Vec<Vec<HostTensor>>,
    /// Per channel, the values for `recv` from the host, front first.
    pub recv: BTreeMap<i64, VecDeque<Vec<HostTensor>>>,
    /// Per channel, the values `send` to the host wrote, in order.
    pub sent: BTreeMap<i64, Vec<Vec<HostTensor>>>,
    infeeds_read: usize,
}

impl HostQueues {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many infeed values the runs read so far.
    pub fn infeeds_read(&self) -> usize {
        self.infeeds_read
    }
}

impl HostTransfer for HostQueues {
    fn infeed(&mut self, _: &Transfer) -> Result<Vec<HostTensor>, String> {
        let value = self.infeed.pop_front().ok_or_else(|| match self.infeeds_read {
            0 => "no infeed value was given".to_string(),
            n => format!("no infeed value left ({n} given, all read by earlier infeeds)"),
        })?;
        self.infeeds_read += 1;
        Ok(value)
    }

    fn outfeed(&mut self, _: &Transfer, values: Vec<HostTensor>) -> Result<(), String> {
        self.outfeed.push(values);
        Ok(())
    }

    fn send_to_host(&mut self, _: &Transfer, channel: i64, values: Vec<HostTensor>) -> Result<(), String> {
        self.sent.entry(channel).or_default().push(values);
        Ok(())
    }

    fn recv_from_host(&mut self, _: &Transfer, channel: i64) -> Result<Vec<HostTensor>, String> {
        self.recv
            .get_mut(&channel)
            .and_then(VecDeque::pop_front)
            .ok_or_else(|| format!("no value left to receive from the host on channel {channel}"))
    }
}

type Handler = *mut (dyn HostTransfer + 'static);

thread_local! {
    /// The handler of the run on this thread (taken out while it runs).
    static HANDLER: Cell<Option<Handler>> = const { Cell::new(None) };
    /// The message of the last failed transfer of this thread.
    static LAST_ERROR: Cell<Option<String>> = const { Cell::new(None) };
}

/// Runs `f` with `handler` receiving the host transfers of compiled code
/// that `f` runs on this thread.
pub fn with_host_transfer<R>(handler: &mut dyn HostTransfer, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Handler>);
    impl Drop for Restore {
        fn drop(&mut self) {
            HANDLER.with(|h| h.set(self.0));
        }
    }
    let pointer: *mut (dyn HostTransfer + '_) = handler;
    // SAFETY: only the lifetime is erased; the pointer is removed again
    // (Restore) before `handler`'s borrow ends, so it is never used after.
    let pointer: Handler = unsafe { std::mem::transmute(pointer) };
    let _restore = Restore(HANDLER.with(|h| h.replace(Some(pointer))));
    f()
}

/// The message of the last failed host transfer of this thread, if any
/// (taken: a second call gives `None`).
pub(crate) fn take_error() -> Option<String> {
    LAST_ERROR.with(|e| e.take())
}

/// Checks the values a handler gave against the op's specs.
fn check_values(transfer: &Transfer, values: &[HostTensor]) -> Result<(), String> {
    let what = if transfer.kind == TransferKind::Infeed { "infeed value" } else { "received value" };
    let wanted = || transfer.specs.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
    if values.len() != transfer.specs.len() {
        return Err(format!("the {what} has {} tensor(s), but the op reads {} ({})", values.len(), transfer.specs.len(), wanted()));
    }
    for (i, (value, spec)) in values.iter().zip(&transfer.specs).enumerate() {
        let given = TensorSpec { element_type: value.element_type, shape: value.shape.clone() };
        if &given != spec || Some(value.data.len()) != spec.byte_size() {
            return Err(format!("tensor {i} of the {what} is {given}, but the op reads {spec}"));
        }
    }
    Ok(())
}

/// One transfer (see [`xla_host_transfer_run`]).
fn run(transfer: &Transfer, buffers: &[i64]) -> Result<(), String> {
    let handler = HANDLER.with(|h| h.take()).ok_or_else(|| {
        let what = match transfer.kind {
            TransferKind::Infeed => "infeed values",
            TransferKind::Outfeed => "an outfeed",
            TransferKind::SendToHost => "a receiver for values sent to the host",
            TransferKind::RecvFromHost => "values to receive from the host",
        };
        format!("this run has no host transfer handler, so no {what} (xla-run: --infeed, --outfeed-dir, --recv, --send-dir)")
    })?;
    struct Restore(Handler);
    impl Drop for Restore {
        fn drop(&mut self) {
            HANDLER.with(|h| h.set(Some(self.0)));
        }
    }
    let _restore = Restore(handler);
    // SAFETY: installed by `with_host_transfer`, whose borrow outlives the
    // run; taken out of the slot while in use, so this is the only reference.
    let handler = unsafe { &mut *handler };
    if transfer.kind.reads_from_host() {
        let values = match (transfer.kind, transfer.channel) {
            (TransferKind::RecvFromHost, Some(channel)) => handler.recv_from_host(transfer, channel)?,
            _ => handler.infeed(transfer)?,
        };
        check_values(transfer, &values)?;
        for (value, &address) in values.iter().zip(buffers) {
            // SAFETY: compiled code passes a live buffer of the spec's byte
            // size for each tensor, and `check_values` made the value's
            // bytes exactly that size.
            unsafe { std::ptr::copy_nonoverlapping(value.data.as_ptr(), address as usize as *mut u8, value.data.len()) };
        }
    } else {
        let values = transfer
            .specs
            .iter()
            .zip(buffers)
            .map(|(spec, &address)| {
                let bytes = spec.byte_size().ok_or("a tensor too large for memory")?;
                // SAFETY: compiled code passes a live buffer of the spec's
                // byte size for each tensor.
                let data = unsafe { std::slice::from_raw_parts(address as usize as *const u8, bytes) }.to_vec();
                HostTensor::new(spec.element_type, spec.shape.clone(), data).map_err(|e| e.to_string())
            })
            .collect::<Result<Vec<_>, String>>()?;
        match (transfer.kind, transfer.channel) {
            (TransferKind::SendToHost, Some(channel)) => handler.send_to_host(transfer, channel, values)?,
            _ => handler.outfeed(transfer, values)?,
        }
    }
    Ok(())
}

/// Called by `xla_host_transfer` (csrc/guard.c): 0, or 1 with the message
/// kept for [`take_error`].
#[unsafe(no_mangle)]
extern "C" fn xla_host_transfer_run(kind: i64, channel: i64, buffers: *const i64, count: i64, info: *const u8, info_len: i64) -> std::ffi::c_int {
    let count = count.max(0) as usize;
    // SAFETY: compiled code passes `count` buffer addresses and the info's
    // `info_len` bytes.
    let (buffers, info) = unsafe {
        (std::slice::from_raw_parts(buffers, count), std::slice::from_raw_parts(info, info_len.max(0) as usize))
    };
    let result = TransferKind::from_abi(kind)
        .ok_or_else(|| format!("unknown host transfer kind {kind}"))
        .and_then(|kind| Transfer::parse(kind, channel, info, count))
        .and_then(|transfer| {
            // A panicking handler must not unwind into compiled code.
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&transfer, buffers)));
            let ran = ran.unwrap_or_else(|panic| {
                let message = panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned());
                Err(format!("the host transfer handler panicked: {}", message.unwrap_or_default()))
            });
            ran.map_err(|e| format!("{}: {e}", transfer.describe()))
        });
    match result {
        Ok(()) => 0,
        Err(message) => {
            LAST_ERROR.with(|e| e.set(Some(message)));
            1
        }
    }
}

unsafe extern "C" {
    /// csrc/guard.c: the ABI entry that compiled code calls.
    fn xla_host_transfer();
}

/// The address of `xla_host_transfer`, registered with the JIT.
pub(crate) fn host_transfer_address() -> *mut std::ffi::c_void {
    xla_host_transfer as unsafe extern "C" fn() as *mut std::ffi::c_void
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transfer(kind: TransferKind, specs: Vec<TensorSpec>) -> Transfer {
        Transfer { kind, channel: None, site: "stablehlo.infeed at f.mlir:1:2".into(), config: "c".into(), specs }
    }

    #[test]
    fn info_is_parsed() {
        let t = Transfer::parse(TransferKind::RecvFromHost, 7, b"stablehlo.recv at f.mlir:3:4\0\0ui32 2 3\0f32", 2).unwrap();
        assert_eq!(t.channel, Some(7));
        assert_eq!(t.site, "stablehlo.recv at f.mlir:3:4");
        assert_eq!(
            t.specs,
            vec![TensorSpec { element_type: ElementType::U32, shape: vec![2, 3] }, TensorSpec { element_type: ElementType::F32, shape: vec![] }]
        );
        assert_eq!(t.describe(), "stablehlo.recv at f.mlir:3:4 (channel 7)");
        assert!(Transfer::parse(TransferKind::Infeed, 0, b"x\0\0f32 2", 2).is_err());
    }

    #[test]
    fn values_are_checked() {
        let spec = TensorSpec { element_type: ElementType::F32, shape: vec![2] };
        let t = transfer(TransferKind::Infeed, vec![spec]);
        assert!(check_values(&t, &[HostTensor::zeros(ElementType::F32, vec![2])]).is_ok());
        let wrong_type = check_values(&t, &[HostTensor::zeros(ElementType::F64, vec![2])]).unwrap_err();
        assert_eq!(wrong_type, "tensor 0 of the infeed value is tensor<2xf64>, but the op reads tensor<2xf32>");
        let wrong_count = check_values(&t, &[]).unwrap_err();
        assert_eq!(wrong_count, "the infeed value has 0 tensor(s), but the op reads 1 (tensor<2xf32>)");
    }

    #[test]
    fn queues_run_dry_with_a_message() {
        let mut queues = HostQueues::new();
        queues.infeed.push_back(vec![]);
        let t = transfer(TransferKind::Infeed, vec![]);
        assert!(queues.infeed(&t).is_ok());
        assert_eq!(queues.infeed(&t).unwrap_err(), "no infeed value left (1 given, all read by earlier infeeds)");
        assert!(queues.recv_from_host(&t, 3).unwrap_err().contains("channel 3"));
    }
}
