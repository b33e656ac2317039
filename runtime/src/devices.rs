//! Programs over several devices: the device model, the communicator that
//! carries collectives between devices, and the runtime ABI that compiled
//! code calls for them.
//!
//! # Device model
//!
//! A module written for several devices states how many in its attributes
//! `mhlo.num_replicas` and `mhlo.num_partitions` (JAX sets both). The
//! program has `num_replicas × num_partitions` devices; device `d` is
//! replica `d / num_partitions`, partition `d % num_partitions` (StableHLO's
//! flattened id). Every device runs the same compiled entry point (SPMD):
//! the lowering (`xla-sdy-partition`, then the collectives' expansion in
//! `stablehlo-legalize-to-linalg`) turned the program into one whose
//! arguments and results are the *global* arrays on every device and whose
//! collectives call this runtime. Devices are either threads of one process
//! sharing one executable ([`LocalCommunicator`]), or processes of an MPI
//! job, one device per rank (`mpi.rs`).
//!
//! # Runtime ABI (what the lowering calls; see
//! `lowering/src/stablehlo_to_linalg/spmd.rs`)
//!
//! ```c
//! int64_t xla_device_id(void);  // this device's flattened id (0 outside a device)
//! // kind: 0 all_gather, 1 all_to_all, 2 collective_permute; buffers by
//! // address and size in bytes. table: for 0 and 1 the process groups,
//! // `group_size` flattened device ids per group, one group after the other;
//! // for 2 the (source, target) pairs. site: the collective op's name and
//! // location (UTF-8), for messages and to tell different ops apart.
//! void xla_collective(int64_t kind, const char *send, int64_t send_bytes,
//!                     char *recv, int64_t recv_bytes, const int64_t *table,
//!                     int64_t table_len, int64_t group_size,
//!                     const char *site, int64_t site_len);
//! ```
//!
//! - all_gather: `recv` is the group members' `send` buffers concatenated in
//!   group order.
//! - all_to_all: `send` is `group_size` equal chunks; chunk `j` goes to the
//!   member at position `j`, and `recv`'s chunk `i` comes from member `i`.
//! - collective_permute: `recv` is the `send` of the device whose pair names
//!   this device as target, or zeros when none does.
//!
//! Reductions are not the communicator's business: the lowering gathers the
//! values and folds them in compiled code in group order, so a program gives
//! bitwise the same results on every run and with every communicator.
//!
//! # Failure
//!
//! A collective never waits forever: each waits at most the timeout
//! ([`collective_timeout`]: `XLA_MLIR_COLLECTIVE_TIMEOUT` seconds, default
//! 60) and then fails naming the devices that did not arrive. A device whose
//! program fails (or ends without reaching a collective that others wait in)
//! releases the others at once with an error naming it. In compiled code
//! the failure unwinds through `xla_runtime_failed` (csrc/guard.c) to the
//! guarded call, which returns [`crate::RuntimeError::Collective`].

use std::{
    cell::RefCell,
    sync::{Arc, Condvar, Mutex},
    time::{Duration, Instant},
};

/// The number of devices a module is written for: (replicas, partitions),
/// from `mhlo.num_replicas` / `mhlo.num_partitions` (1 where absent).
pub fn module_devices(module: &melior::ir::Module) -> (usize, usize) {
    use melior::ir::{attribute::IntegerAttribute, operation::OperationLike};
    let op = module.as_operation();
    let read = |name: &str| {
        op.attribute(name).ok().and_then(|a| IntegerAttribute::try_from(a).ok()).map(|a| a.value().max(1) as usize).unwrap_or(1)
    };
    (read("mhlo.num_replicas"), read("mhlo.num_partitions"))
}

/// `--devices N`: a module that states its device count must agree with
/// `devices`; one that does not (or states 1) becomes `devices` replicas
/// (`mhlo.num_replicas = devices`).
pub fn set_device_count(context: &melior::Context, module: &melior::ir::Module, devices: usize) -> Result<(), String> {
    use melior::ir::{attribute::IntegerAttribute, r#type::IntegerType};
    let (replicas, partitions) = module_devices(module);
    let stated = replicas * partitions;
    if stated > 1 {
        if stated != devices {
            return Err(format!(
                "the module is written for {stated} devices (mhlo.num_replicas = {replicas}, mhlo.num_partitions = {partitions}), but --devices {devices} was given"
            ));
        }
        return Ok(());
    }
    if devices > 1 {
        let attribute = IntegerAttribute::new(IntegerType::new(context, 32).into(), devices as i64);
        let name = std::ffi::CString::new("mhlo.num_replicas").expect("no NUL");
        // SAFETY: the module and the attribute are live, of one context; the
        // name outlives the call, which copies it.
        unsafe {
            mlir_sys::mlirOperationSetAttributeByName(
                module.as_operation().to_raw(),
                mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()),
                melior::ir::AttributeLike::to_raw(&attribute),
            )
        };
    }
    Ok(())
}

/// Sets `mhlo.num_replicas` and `mhlo.num_partitions` of `module` (the
/// builder's way of compiling for several devices).
pub fn set_module_devices(context: &melior::Context, module: &melior::ir::Module, replicas: usize, partitions: usize) {
    use melior::ir::{attribute::IntegerAttribute, r#type::IntegerType};
    for (name, count) in [("mhlo.num_replicas", replicas), ("mhlo.num_partitions", partitions)] {
        let attribute = IntegerAttribute::new(IntegerType::new(context, 32).into(), count.max(1) as i64);
        let name = std::ffi::CString::new(name).expect("no NUL");
        // SAFETY: the module and the attribute are live, of one context; the
        // name outlives the call, which copies it.
        unsafe {
            mlir_sys::mlirOperationSetAttributeByName(
                module.as_operation().to_raw(),
                mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()),
                melior::ir::AttributeLike::to_raw(&attribute),
            )
        };
    }
}

/// How long a collective waits for its peers.
pub fn collective_timeout() -> Duration {
    std::env::var("XLA_MLIR_COLLECTIVE_TIMEOUT")
        .ok()
        .and_then(|text| text.trim().parse::<f64>().ok())
        .filter(|seconds| seconds.is_finite() && *seconds > 0.0)
        .map(Duration::from_secs_f64)
        .unwrap_or(Duration::from_secs(60))
}

/// The kinds of exchange of the runtime ABI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    AllGather,
    AllToAll,
    Permute,
}

impl Kind {
    fn from_abi(kind: i64) -> Option<Self> {
        match kind {
            0 => Some(Self::AllGather),
            1 => Some(Self::AllToAll),
            2 => Some(Self::Permute),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::AllGather => "all_gather",
            Self::AllToAll => "all_to_all",
            Self::Permute => "collective_permute",
        }
    }
}

/// One collective exchange, as a device asks for it.
#[derive(Clone, Copy, Debug)]
pub struct Exchange<'a> {
    pub kind: Kind,
    /// Its number among this device's collectives (from 1): every device
    /// of an SPMD program performs the same sequence.
    pub seq: u64,
    /// Groups (`group_size` ids each) or pairs, see the module docs.
    pub table: &'a [i64],
    pub group_size: usize,
    /// The collective op it comes from, for messages and to tell exchanges
    /// of different ops apart: "stablehlo.all_reduce at prog.mlir:7:10".
    pub site: &'a str,
}

impl Exchange<'_> {
    /// "all_gather #3 of stablehlo.all_reduce at prog.mlir:7:10", for
    /// messages.
    pub fn label(&self) -> String {
        if self.site.is_empty() {
            format!("{} #{}", self.kind.name(), self.seq)
        } else {
            format!("{} #{} of {}", self.kind.name(), self.seq, self.site)
        }
    }

    /// The group of device `me` and its position in it.
    pub fn group_of(&self, me: usize, devices: usize) -> Result<(Vec<usize>, usize), String> {
        let size = self.group_size.max(1);
        if self.table.is_empty() || self.table.len() % size != 0 {
            return Err(format!("{}: malformed process groups ({} ids in groups of {size})", self.label(), self.table.len()));
        }
        if let Some(bad) = self.table.iter().find(|&&id| id < 0 || id as usize >= devices) {
            return Err(format!("{}: a process group names device {bad}, but the program runs on {devices} devices", self.label()));
        }
        for group in self.table.chunks(size) {
            if let Some(position) = group.iter().position(|&id| id as usize == me) {
                return Ok((group.iter().map(|&id| id as usize).collect(), position));
            }
        }
        Err(format!("{}: device {me} is in none of the process groups", self.label()))
    }

    /// For a permute: (the device `me` sends to, the device it receives from).
    pub fn pairs_of(&self, me: usize, devices: usize) -> Result<(Option<usize>, Option<usize>), String> {
        if self.table.len() % 2 != 0 {
            return Err(format!("{}: malformed source-target pairs", self.label()));
        }
        if let Some(bad) = self.table.iter().find(|&&id| id < 0 || id as usize >= devices) {
            return Err(format!("{}: a source-target pair names device {bad}, but the program runs on {devices} devices", self.label()));
        }
        let mut to = None;
        let mut from = None;
        for pair in self.table.chunks(2) {
            if pair[0] as usize == me {
                to = Some(pair[1] as usize);
            }
            if pair[1] as usize == me {
                from = Some(pair[0] as usize);
            }
        }
        Ok((to, from))
    }
}

/// Carries the collectives of one program run between its devices.
pub trait Communicator: Send + Sync {
    /// The devices of the run.
    fn device_count(&self) -> usize;
    /// Device `me`'s part of `exchange`: `send` is its contribution, `recv`
    /// what it gets (see the module docs). Waits for the peers.
    fn exchange(&self, me: usize, exchange: &Exchange, send: &[u8], recv: &mut [u8]) -> Result<(), String>;
    /// Device `me` failed (`reason`): peers waiting for it give up now.
    fn fail(&self, me: usize, reason: &str);
    /// Device `me` has run its program to the end.
    fn finish(&self, me: usize);
}

/// Fills `recv` from the members' `send` buffers: the data movement of an
/// exchange, once every member's buffer can be read (`peer(d)` is device
/// `d`'s send buffer).
pub fn move_data<'p>(
    me: usize,
    devices: usize,
    exchange: &Exchange,
    send_len: usize,
    recv: &mut [u8],
    peer: impl Fn(usize) -> &'p [u8],
) -> Result<(), String> {
    let label = exchange.label();
    match exchange.kind {
        Kind::AllGather => {
            let (group, _) = exchange.group_of(me, devices)?;
            if recv.len() != send_len * group.len() {
                return Err(format!("{label}: receives {} bytes, expected {} × {send_len}", recv.len(), group.len()));
            }
            for (k, &member) in group.iter().enumerate() {
                let data = peer(member);
                if data.len() != send_len {
                    return Err(format!("{label}: device {member} sends {} bytes, device {me} expects {send_len}", data.len()));
                }
                recv[k * send_len..(k + 1) * send_len].copy_from_slice(data);
            }
        }
        Kind::AllToAll => {
            let (group, position) = exchange.group_of(me, devices)?;
            let count = group.len();
            if send_len % count != 0 || recv.len() != send_len {
                return Err(format!("{label}: {send_len} bytes do not split into {count} chunks"));
            }
            let chunk = send_len / count;
            for (k, &member) in group.iter().enumerate() {
                let data = peer(member);
                if data.len() != send_len {
                    return Err(format!("{label}: device {member} sends {} bytes, device {me} expects {send_len}", data.len()));
                }
                recv[k * chunk..(k + 1) * chunk].copy_from_slice(&data[position * chunk..(position + 1) * chunk]);
            }
        }
        Kind::Permute => {
            let (_, from) = exchange.pairs_of(me, devices)?;
            match from {
                Some(source) => {
                    let data = peer(source);
                    if data.len() != recv.len() {
                        return Err(format!("{label}: device {source} sends {} bytes, device {me} expects {}", data.len(), recv.len()));
                    }
                    recv.copy_from_slice(data);
                }
                None => recv.fill(0),
            }
        }
    }
    Ok(())
}

/// What a device posted for the current exchange.
#[derive(Clone, Copy)]
struct Post {
    ptr: usize,
    len: usize,
    kind: Kind,
    seq: u64,
    /// The exchange's site (address and length: it lives until the second
    /// barrier, like the buffer).
    site: (usize, usize),
}

struct LocalState {
    posts: Vec<Option<Post>>,
    /// Barriers each device has entered.
    entered: Vec<u64>,
    arrived: usize,
    generation: u64,
    finished: Vec<bool>,
    failure: Option<String>,
}

/// Devices as threads of this process: each exchange is two barriers; in
/// between, every device copies what it receives straight out of its
/// peers' buffers (no intermediate copy).
pub struct LocalCommunicator {
    devices: usize,
    timeout: Duration,
    state: Mutex<LocalState>,
    wake: Condvar,
}

impl LocalCommunicator {
    pub fn new(devices: usize, timeout: Duration) -> Self {
        Self {
            devices,
            timeout,
            state: Mutex::new(LocalState {
                posts: vec![None; devices],
                entered: vec![0; devices],
                arrived: 0,
                generation: 0,
                finished: vec![false; devices],
                failure: None,
            }),
            wake: Condvar::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LocalState> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Waits until every device has entered this barrier.
    fn barrier(&self, mut state: std::sync::MutexGuard<'_, LocalState>, me: usize, label: &str) -> Result<(), String> {
        state.entered[me] += 1;
        let mine = state.entered[me];
        state.arrived += 1;
        if state.arrived == self.devices {
            state.arrived = 0;
            state.generation += 1;
            self.wake.notify_all();
            return Ok(());
        }
        let generation = state.generation;
        let deadline = Instant::now() + self.timeout;
        loop {
            if state.generation != generation {
                return Ok(());
            }
            if let Some(failure) = &state.failure {
                return Err(failure.clone());
            }
            let missing: Vec<usize> = (0..self.devices).filter(|&d| state.entered[d] < mine).collect();
            if let Some(&done) = missing.iter().find(|&&d| state.finished[d]) {
                let message = format!("{label}: device {done} finished its program without reaching this collective (device {me} waits in it)");
                state.failure = Some(message.clone());
                self.wake.notify_all();
                return Err(message);
            }
            let now = Instant::now();
            if now >= deadline {
                let names: Vec<String> = missing.iter().map(usize::to_string).collect();
                let message = format!(
                    "{label} timed out after {:.1} s: device(s) {} did not reach it (device {me} waited)",
                    self.timeout.as_secs_f64(),
                    names.join(", ")
                );
                state.failure = Some(message.clone());
                self.wake.notify_all();
                return Err(message);
            }
            state = self.wake.wait_timeout(state, deadline - now).unwrap_or_else(|p| p.into_inner()).0;
        }
    }
}

impl Communicator for LocalCommunicator {
    fn device_count(&self) -> usize {
        self.devices
    }

    fn exchange(&self, me: usize, exchange: &Exchange, send: &[u8], recv: &mut [u8]) -> Result<(), String> {
        let label = exchange.label();
        let mut state = self.lock();
        if let Some(failure) = &state.failure {
            return Err(failure.clone());
        }
        state.posts[me] = Some(Post {
            ptr: send.as_ptr() as usize,
            len: send.len(),
            kind: exchange.kind,
            seq: exchange.seq,
            site: (exchange.site.as_ptr() as usize, exchange.site.len()),
        });
        self.barrier(state, me, &label)?;
        // Every device has posted; the posts stay valid until the second
        // barrier, which no device passes before all have copied.
        let posts: Vec<Post> = {
            let state = self.lock();
            state.posts.iter().map(|p| p.expect("every device posted")).collect()
        };
        // SAFETY: each site stays valid until the second barrier.
        let site_of = |post: &Post| unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(post.site.0 as *const u8, post.site.1)) };
        let moved = match posts
            .iter()
            .enumerate()
            .find(|(_, p)| p.kind != exchange.kind || p.seq != exchange.seq || site_of(p) != exchange.site)
        {
            Some((other, post)) => Err(format!(
                "devices disagree on the collective: device {me} is at {label}, device {other} at {}",
                Exchange { kind: post.kind, seq: post.seq, table: &[], group_size: 0, site: site_of(post) }.label()
            )),
            None => move_data(me, self.devices, exchange, send.len(), recv, |d| {
                // SAFETY: device d's buffer is live and unmodified until the
                // second barrier below.
                unsafe { std::slice::from_raw_parts(posts[d].ptr as *const u8, posts[d].len) }
            }),
        };
        let mut state = self.lock();
        if let Err(message) = &moved {
            state.failure.get_or_insert_with(|| message.clone());
            self.wake.notify_all();
        }
        self.barrier(state, me, &label)?;
        moved
    }

    fn fail(&self, me: usize, reason: &str) {
        let mut state = self.lock();
        state.failure.get_or_insert_with(|| format!("device {me} failed: {reason}"));
        self.wake.notify_all();
    }

    fn finish(&self, me: usize) {
        let mut state = self.lock();
        state.finished[me] = true;
        self.wake.notify_all();
    }
}

/// The device this thread runs as.
struct Current {
    id: usize,
    communicator: Arc<dyn Communicator>,
    seq: u64,
}

thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
    static LAST_ERROR: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread as device `id` of `communicator`.
pub fn as_device<R>(id: usize, communicator: Arc<dyn Communicator>, f: impl FnOnce() -> R) -> R {
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            CURRENT.with(|c| c.borrow_mut().take());
        }
    }
    CURRENT.with(|c| *c.borrow_mut() = Some(Current { id, communicator, seq: 0 }));
    let _reset = Reset;
    f()
}

/// The message of the last failed collective of this thread.
pub(crate) fn take_error() -> String {
    LAST_ERROR.with(|e| e.borrow_mut().take()).unwrap_or_else(|| "a collective failed".into())
}

/// `xla_device_id` of the runtime ABI.
extern "C" fn xla_device_id() -> i64 {
    CURRENT.with(|c| c.borrow().as_ref().map_or(0, |c| c.id as i64))
}

/// The address of `xla_device_id`, registered with the JIT.
pub(crate) fn device_id_address() -> *mut std::ffi::c_void {
    xla_device_id as extern "C" fn() -> i64 as *mut std::ffi::c_void
}

/// Called by `xla_collective` (csrc/guard.c): 0, or 1 with the message kept
/// for [`take_error`].
#[unsafe(no_mangle)]
extern "C" fn xla_collective_run(
    kind: i64,
    send: *const u8,
    send_bytes: i64,
    recv: *mut u8,
    recv_bytes: i64,
    table: *const i64,
    table_len: i64,
    group_size: i64,
    site: *const u8,
    site_len: i64,
) -> std::ffi::c_int {
    let result = (|| {
        let kind = Kind::from_abi(kind).ok_or_else(|| format!("unknown collective kind {kind}"))?;
        // SAFETY: compiled code passes live buffers of these sizes (its
        // memrefs), the table of `table_len` ids and the site's bytes.
        let (send, recv, table, site) = unsafe {
            (
                std::slice::from_raw_parts(send, send_bytes.max(0) as usize),
                std::slice::from_raw_parts_mut(recv, recv_bytes.max(0) as usize),
                std::slice::from_raw_parts(table, table_len.max(0) as usize),
                std::slice::from_raw_parts(site, site_len.max(0) as usize),
            )
        };
        let site = std::str::from_utf8(site).unwrap_or("");
        CURRENT.with(|current| {
            let mut current = current.borrow_mut();
            match current.as_mut() {
                Some(device) => {
                    device.seq += 1;
                    let exchange = Exchange { kind, seq: device.seq, table, group_size: group_size.max(0) as usize, site };
                    device.communicator.exchange(device.id, &exchange, send, recv)
                }
                None => {
                    // Outside a device run: device 0 of 1.
                    let exchange = Exchange { kind, seq: 1, table, group_size: group_size.max(0) as usize, site };
                    move_data(0, 1, &exchange, send.len(), recv, |_| send)
                }
            }
        })
    })();
    match result {
        Ok(()) => 0,
        Err(message) => {
            LAST_ERROR.with(|e| *e.borrow_mut() = Some(message));
            1
        }
    }
}

unsafe extern "C" {
    /// csrc/guard.c: the ABI entry that compiled code calls.
    fn xla_collective();
}

/// The address of `xla_collective`, registered with the JIT.
pub(crate) fn collective_address() -> *mut std::ffi::c_void {
    xla_collective as unsafe extern "C" fn() as *mut std::ffi::c_void
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_all(devices: usize, body: impl Fn(usize, &LocalCommunicator) -> Result<Vec<u8>, String> + Sync) -> Vec<Result<Vec<u8>, String>> {
        let comm = LocalCommunicator::new(devices, Duration::from_secs(5));
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..devices)
                .map(|d| {
                    let comm = &comm;
                    let body = &body;
                    s.spawn(move || {
                        let r = body(d, comm);
                        match &r {
                            Ok(_) => comm.finish(d),
                            Err(e) => comm.fail(d, e),
                        }
                        r
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    }

    #[test]
    fn gather_all_to_all_permute() {
        let results = run_all(4, |d, comm| {
            let table = [0, 1, 2, 3];
            let mut gathered = vec![0u8; 8];
            comm.exchange(d, &Exchange { kind: Kind::AllGather, seq: 1, table: &table, group_size: 4, site: "" }, &[d as u8, 10 + d as u8], &mut gathered)?;
            assert_eq!(gathered, [0, 10, 1, 11, 2, 12, 3, 13]);
            // Two groups: {0, 2} and {1, 3}.
            let groups = [0, 2, 1, 3];
            let send: Vec<u8> = vec![10 * d as u8, 10 * d as u8 + 1];
            let mut got = vec![0u8; 2];
            comm.exchange(d, &Exchange { kind: Kind::AllToAll, seq: 2, table: &groups, group_size: 2, site: "" }, &send, &mut got)?;
            let pairs = [0, 1, 1, 2, 2, 0];
            let mut permuted = vec![9u8; 1];
            comm.exchange(d, &Exchange { kind: Kind::Permute, seq: 3, table: &pairs, group_size: 2, site: "" }, &[d as u8 + 1], &mut permuted)?;
            Ok([got, permuted].concat())
        });
        let values: Vec<Vec<u8>> = results.into_iter().map(Result::unwrap).collect();
        // Device 0 (position 0 of {0, 2}) gets chunk 0 of 0 and of 2.
        assert_eq!(values[0], [0, 20, 3]);
        assert_eq!(values[2], [1, 21, 2]);
        assert_eq!(values[1], [10, 30, 1]);
        // Nobody sends to 3: zeros.
        assert_eq!(values[3], [11, 31, 0]);
    }

    #[test]
    fn missing_device_times_out_and_is_named() {
        let comm = LocalCommunicator::new(3, Duration::from_millis(200));
        let table = [0, 1, 2];
        let results: Vec<Result<(), String>> = std::thread::scope(|s| {
            let hs: Vec<_> = (0..2)
                .map(|d| {
                    let comm = &comm;
                    s.spawn(move || {
                        let mut r = vec![0u8; 3];
                        comm.exchange(d, &Exchange { kind: Kind::AllGather, seq: 1, table: &table, group_size: 3, site: "" }, &[1], &mut r)
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for r in results {
            let message = r.unwrap_err();
            assert!(message.contains("device(s) 2 did not reach it"), "{message}");
        }
    }

    #[test]
    fn finished_or_failed_peer_releases_waiters() {
        let results = run_all(2, |d, comm| {
            if d == 1 {
                return Err("out of memory".into());
            }
            let mut r = vec![0u8; 2];
            comm.exchange(d, &Exchange { kind: Kind::AllGather, seq: 1, table: &[0, 1], group_size: 2, site: "" }, &[1], &mut r)?;
            Ok(r)
        });
        assert!(results[0].as_ref().unwrap_err().contains("device 1 failed: out of memory"), "{:?}", results[0]);
        let results = run_all(2, |d, comm| {
            if d == 1 {
                return Ok(vec![]);
            }
            let mut r = vec![0u8; 2];
            comm.exchange(d, &Exchange { kind: Kind::AllGather, seq: 1, table: &[0, 1], group_size: 2, site: "" }, &[1], &mut r)?;
            Ok(r)
        });
        assert!(results[0].as_ref().unwrap_err().contains("device 1 finished its program"), "{:?}", results[0]);
    }

    #[test]
    fn groups_are_checked() {
        let e = Exchange { kind: Kind::AllGather, seq: 4, table: &[0, 5], group_size: 2, site: "" };
        assert!(e.group_of(0, 4).unwrap_err().contains("names device 5"));
        let e = Exchange { kind: Kind::AllGather, seq: 4, table: &[0, 1], group_size: 2, site: "" };
        assert!(e.group_of(2, 4).unwrap_err().contains("device 2 is in none"));
    }
}
