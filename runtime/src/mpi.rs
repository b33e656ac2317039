//! Devices as the processes of an MPI job, one device per rank: the
//! [`MpiCommunicator`], over the C shim `csrc/mpi.c`.
//!
//! Every rank runs the same compiled program on the same global inputs as
//! device `rank` (see [`crate::devices`]); the collectives' byte buffers
//! travel with MPI: all_gather as `MPI_Allgather` and all_to_all as
//! `MPI_Alltoall` on a communicator per process group (split from the
//! world once per distinct group table, in group order), and
//! collective_permute as an `MPI_Isend` / `MPI_Irecv` pair. The reductions
//! stay in compiled code, so a run under MPI gives bitwise the results of
//! the in-process run.
//!
//! # Never hang
//!
//! MPI's collectives wait for ever for a rank that does not come. So each
//! exchange starts with an *arrival handshake*: every rank sends every other
//! rank a small header (kind, number, byte size, hash of the group table)
//! and waits for theirs, polling the nonblocking operations until the
//! deadline ([`crate::devices::collective_timeout`]). Missing headers name
//! the devices that did not arrive ("all_gather #3 timed out after 60.0 s:
//! device(s) 2 did not reach it"); headers that disagree (another kind or
//! number, other groups, other sizes) fail at once. Only when every rank
//! has arrived at the same exchange does the data move, with MPI's blocking
//! calls (its own waiting is much faster than polling with a deadline; a
//! rank that dies in between ends the job through mpirun). A
//! device that ends its program sends a "finished" header instead, which
//! a peer still waiting for a collective reports at once, and waits for
//! everyone else's (the end of a run is a barrier with the same deadline).
//!
//! A device that fails prints its error and calls `MPI_Abort`: mpirun then
//! ends every process of the job and exits with a status other than 0.
//!
//! Without MPI at build time (see `runtime/build.rs`), this module is a stub
//! whose [`world`] says how to get MPI support.

use std::sync::Arc;

/// Whether this build can run programs under MPI (xla-run `--version`
/// prints it).
pub const SUPPORTED: bool = cfg!(xla_mpi);

/// The message of a build without MPI.
pub const NO_SUPPORT: &str = "this build has no MPI support: install libopenmpi-dev and rebuild (cargo build; `touch runtime/build.rs` if MPI was installed after the last build)";

/// Whether this process was started by an MPI launcher (mpirun / mpiexec of
/// Open MPI, or of a PMI-based MPI such as MPICH): then it is one rank of a
/// job.
pub fn launched_by_mpirun() -> bool {
    ["OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"].iter().any(|name| std::env::var_os(name).is_some())
}

/// The world communicator of this MPI job: `None` when the process was not
/// started by mpirun (nothing is initialized then); MPI is initialized on
/// the first call (and finalized at exit).
pub fn world() -> Result<Option<Arc<MpiCommunicator>>, String> {
    if !launched_by_mpirun() {
        return Ok(None);
    }
    imp::world().map(Some)
}

/// Ends this process with `code`, and under MPI the whole job
/// (`MPI_Abort`): a plain exit would wait in `MPI_Finalize` for peers that
/// may never get there (xla-run's `--timeout` ends a run this way).
pub fn exit_job(code: i32) -> ! {
    imp::exit_job(code)
}

pub use imp::MpiCommunicator;

#[cfg(xla_mpi)]
mod imp {
    use crate::devices::{Communicator, Exchange, Kind, collective_timeout};
    use std::{
        collections::HashMap,
        ffi::{c_char, c_int, c_void},
        sync::{Arc, Mutex, OnceLock},
        time::{Duration, Instant},
    };

    unsafe extern "C" {
        fn xla_mpi_init(rank: *mut c_int, size: *mut c_int) -> c_int;
        fn xla_mpi_abort(code: c_int) -> !;
        fn xla_mpi_error_string(code: c_int, buffer: *mut c_char, capacity: c_int);
        fn xla_mpi_split(color: c_int, key: c_int, id: *mut c_int) -> c_int;
        fn xla_mpi_requests_new(capacity: c_int) -> *mut c_void;
        fn xla_mpi_requests_free(set: *mut c_void);
        fn xla_mpi_isend(set: *mut c_void, data: *const c_void, bytes: c_int, to: c_int, tag: c_int, comm: c_int) -> c_int;
        fn xla_mpi_irecv(set: *mut c_void, data: *mut c_void, bytes: c_int, from: c_int, tag: c_int, comm: c_int) -> c_int;
        fn xla_mpi_wait_all(set: *mut c_void) -> c_int;
        fn xla_mpi_allgather(send: *const c_void, bytes: c_int, recv: *mut c_void, comm: c_int) -> c_int;
        fn xla_mpi_alltoall(send: *const c_void, chunk: c_int, recv: *mut c_void, comm: c_int) -> c_int;
        fn xla_mpi_test(set: *mut c_void, done: *mut u8, all: *mut c_int) -> c_int;
    }

    /// csrc/mpi.c's communicators: the handshakes', the permutes'.
    const HANDSHAKE_COMM: c_int = 0;
    const DATA_COMM: c_int = 1;
    const TAG: c_int = 1;
    /// The kind code of a "finished" header (0..2 are [`Kind`]'s ABI codes).
    const FINISHED: u64 = 3;

    fn kind_code(kind: Kind) -> u64 {
        match kind {
            Kind::AllGather => 0,
            Kind::AllToAll => 1,
            Kind::Permute => 2,
        }
    }

    fn kind_name(code: u64) -> &'static str {
        match code {
            0 => "all_gather",
            1 => "all_to_all",
            2 => "collective_permute",
            FINISHED => "the end of its program",
            _ => "an unknown exchange",
        }
    }

    /// What a rank sends its peers when it reaches an exchange.
    #[derive(Clone, Copy, Default, PartialEq, Eq)]
    #[repr(C)]
    struct Header {
        kind: u64,
        seq: u64,
        /// Its send buffer's size.
        bytes: u64,
        /// A hash of the group table (every device must use the same).
        table: u64,
    }

    impl Header {
        fn at(&self) -> String {
            if self.kind == FINISHED { kind_name(FINISHED).into() } else { format!("{} #{}", kind_name(self.kind), self.seq) }
        }
    }

    fn check(code: c_int, what: &str) -> Result<(), String> {
        if code == 0 {
            return Ok(());
        }
        let mut buffer = [0 as c_char; 512];
        // SAFETY: the shim writes at most `capacity` bytes, NUL-terminated.
        let text = unsafe {
            xla_mpi_error_string(code, buffer.as_mut_ptr(), buffer.len() as c_int);
            std::ffi::CStr::from_ptr(buffer.as_ptr())
        };
        Err(format!("{what}: MPI error: {}", text.to_string_lossy()))
    }

    /// A byte count for MPI (an `int`).
    fn count(bytes: usize, label: &str) -> Result<c_int, String> {
        c_int::try_from(bytes).map_err(|_| format!("{label}: {bytes} bytes are more than one MPI message of this runtime carries (2 GiB)"))
    }

    /// Pending nonblocking operations (csrc/mpi.c's `xla_mpi_requests`).
    struct Requests {
        raw: *mut c_void,
        count: usize,
    }

    impl Requests {
        fn new(capacity: usize) -> Result<Self, String> {
            // SAFETY: plain allocation in C.
            let raw = unsafe { xla_mpi_requests_new(capacity as c_int) };
            if raw.is_null() {
                return Err("cannot allocate MPI requests".into());
            }
            Ok(Self { raw, count: 0 })
        }

        /// Polls every operation until all are complete or `deadline`
        /// passes; then `Err` with which are not (by index).
        fn wait(&self, deadline: Instant, label: &str) -> Result<Result<(), Vec<usize>>, String> {
            let mut done = vec![0u8; self.count];
            let start = Instant::now();
            loop {
                let mut all: c_int = 0;
                // SAFETY: `done` has one byte per operation of the set.
                check(unsafe { xla_mpi_test(self.raw, done.as_mut_ptr(), &mut all) }, label)?;
                if all != 0 {
                    return Ok(Ok(()));
                }
                let now = Instant::now();
                if now >= deadline {
                    return Ok(Err(done.iter().enumerate().filter(|(_, d)| **d == 0).map(|(i, _)| i).collect()));
                }
                // Busy for the first milliseconds (an exchange whose peers
                // are all there completes in microseconds), then gently:
                // ranks often share cores with each other.
                if now - start < Duration::from_millis(2) {
                    std::thread::yield_now();
                } else {
                    std::thread::sleep(Duration::from_micros(200));
                }
            }
        }

        /// Frees the set once every operation is complete (an unfinished
        /// set is leaked: the job is about to end).
        fn release(self) {
            // SAFETY: created in `new`; every operation has completed.
            unsafe { xla_mpi_requests_free(self.raw) }
        }
    }

    /// `Err` with the shim's message when a post fails.
    fn post(requests: &mut Requests, code: c_int, label: &str) -> Result<(), String> {
        requests.count += 1;
        check(code, label)
    }

    struct State {
        /// Communicators of the process groups by group table (and size).
        groups: HashMap<(Vec<i64>, usize), c_int>,
        /// The number of the device's last exchange.
        seq: u64,
    }

    /// The devices of a program as the ranks of the MPI job (device =
    /// rank). See the module docs.
    pub struct MpiCommunicator {
        rank: usize,
        size: usize,
        timeout: Duration,
        /// MPI is called by one thread at a time (MPI_THREAD_SERIALIZED).
        state: Mutex<State>,
    }

    static WORLD: OnceLock<Result<Arc<MpiCommunicator>, String>> = OnceLock::new();

    pub(super) fn exit_job(code: i32) -> ! {
        if let Some(Ok(_)) = WORLD.get() {
            // SAFETY: MPI is initialized; this ends the job.
            unsafe { xla_mpi_abort(code) }
        }
        std::process::exit(code)
    }

    pub(super) fn world() -> Result<Arc<MpiCommunicator>, String> {
        WORLD
            .get_or_init(|| {
                let (mut rank, mut size) = (0, 0);
                // SAFETY: initializes MPI once (the lock).
                check(unsafe { xla_mpi_init(&mut rank, &mut size) }, "cannot initialize MPI")?;
                Ok(Arc::new(MpiCommunicator {
                    rank: rank as usize,
                    size: size as usize,
                    timeout: collective_timeout(),
                    state: Mutex::new(State { groups: HashMap::new(), seq: 0 }),
                }))
            })
            .clone()
    }

    pub(super) fn table_hash(table: &[i64], group_size: usize) -> u64 {
        // FNV-1a: the same on every rank (std's hasher is seeded per process).
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for word in table.iter().map(|&id| id as u64).chain([group_size as u64]) {
            for byte in word.to_le_bytes() {
                hash = (hash ^ byte as u64).wrapping_mul(0x100_0000_01b3);
            }
        }
        hash
    }

    /// A hash of the collective op an exchange comes from (its name and
    /// location), so that devices at different ops never pair up.
    pub(super) fn site_hash(site: &str) -> u64 {
        let mut hash = 0x8422_2325_cbf2_9ce4u64;
        for byte in site.bytes() {
            hash = (hash ^ byte as u64).wrapping_mul(0x100_0000_01b3);
        }
        hash
    }

    fn device_list(devices: &[usize]) -> String {
        devices.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
    }

    impl MpiCommunicator {
        /// This process's rank: the device it runs as.
        pub fn rank(&self) -> usize {
            self.rank
        }

        /// Sends `mine` to every other rank and receives theirs, within the
        /// timeout. `Ok(headers)` by rank (`mine` at this rank's place).
        fn handshake(&self, label: &str, mine: Header) -> Result<Vec<Header>, String> {
            let peers: Vec<usize> = (0..self.size).filter(|&r| r != self.rank).collect();
            let send = Box::new(mine);
            let mut received = vec![Header::default(); self.size];
            received[self.rank] = mine;
            let bytes = std::mem::size_of::<Header>() as c_int;
            let mut requests = Requests::new(2 * peers.len())?;
            let posted = (|| {
                for &peer in &peers {
                    // SAFETY: the header buffers outlive the operations: they
                    // complete before this returns, or the set and the
                    // buffers are leaked (below).
                    unsafe {
                        let code = xla_mpi_irecv(requests.raw, (&mut received[peer] as *mut Header).cast(), bytes, peer as c_int, TAG, HANDSHAKE_COMM);
                        post(&mut requests, code, label)?;
                    }
                }
                for &peer in &peers {
                    // SAFETY: as above.
                    unsafe {
                        let code = xla_mpi_isend(requests.raw, (&*send as *const Header).cast(), bytes, peer as c_int, TAG, HANDSHAKE_COMM);
                        post(&mut requests, code, label)?;
                    }
                }
                requests.wait(Instant::now() + self.timeout, label)
            })();
            match posted {
                Ok(Ok(())) => {
                    requests.release();
                    Ok(received)
                }
                Err(message) => {
                    // Operations may still be pending on the buffers.
                    std::mem::forget(received);
                    std::mem::forget(send);
                    Err(message)
                }
                Ok(Err(pending)) => {
                    // Receives come first in the set: their peers did not arrive.
                    let missing: Vec<usize> = pending.iter().filter(|&&i| i < peers.len()).map(|&i| peers[i]).collect();
                    std::mem::forget(received);
                    std::mem::forget(send);
                    Err(format!(
                        "{label} timed out after {:.1} s: device(s) {} did not reach it (device {} waited)",
                        self.timeout.as_secs_f64(),
                        if missing.is_empty() { "(none: a send did not complete)".into() } else { device_list(&missing) },
                        self.rank
                    ))
                }
            }
        }

        /// The communicator of the process groups of `exchange` (split from
        /// the world on first use: every rank reaches this at the same
        /// exchange, which the handshake made sure of).
        fn group_comm(&self, state: &mut State, exchange: &Exchange) -> Result<c_int, String> {
            let key = (exchange.table.to_vec(), exchange.group_size);
            if let Some(&id) = state.groups.get(&key) {
                return Ok(id);
            }
            let (group, position) = exchange.group_of(self.rank, self.size)?;
            let size = exchange.group_size.max(1);
            let color = exchange.table.chunks(size).position(|g| g.iter().map(|&d| d as usize).eq(group.iter().copied())).unwrap_or(0);
            let mut id = 0;
            // SAFETY: collective over the world, which every rank calls here.
            check(unsafe { xla_mpi_split(color as c_int, position as c_int, &mut id) }, &exchange.label())?;
            state.groups.insert(key, id);
            Ok(id)
        }

        fn run(&self, exchange: &Exchange, send: &[u8], recv: &mut [u8]) -> Result<(), String> {
            let label = exchange.label();
            let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
            state.seq = exchange.seq;
            let mine = Header {
                kind: kind_code(exchange.kind),
                seq: exchange.seq,
                bytes: send.len() as u64,
                table: table_hash(exchange.table, exchange.group_size) ^ site_hash(exchange.site),
            };
            let headers = self.handshake(&label, mine)?;
            for (device, header) in headers.iter().enumerate() {
                if header.kind == FINISHED {
                    return Err(format!("{label}: device {device} finished its program without reaching this collective (device {} waits in it)", self.rank));
                }
                if header.kind != mine.kind || header.seq != mine.seq {
                    return Err(format!("devices disagree on the collective: device {} is at {label}, device {device} at {}", self.rank, header.at()));
                }
                if header.table != mine.table {
                    return Err(format!(
                        "devices disagree on the collective: device {} is at {label}, device {device} at another collective op or process groups",
                        self.rank
                    ));
                }
            }
            match exchange.kind {
                Kind::AllGather | Kind::AllToAll => {
                    let (group, _) = exchange.group_of(self.rank, self.size)?;
                    if let Some(&other) = group.iter().find(|&&d| headers[d].bytes != mine.bytes) {
                        return Err(format!("{label}: device {other} sends {} bytes, device {} sends {}", headers[other].bytes, self.rank, send.len()));
                    }
                    let comm = self.group_comm(&mut state, exchange)?;
                    if exchange.kind == Kind::AllGather {
                        if recv.len() != send.len() * group.len() {
                            return Err(format!("{label}: receives {} bytes, expected {} × {}", recv.len(), group.len(), send.len()));
                        }
                        let bytes = count(send.len(), &label)?;
                        // SAFETY: `recv` holds one `send` per member.
                        check(unsafe { xla_mpi_allgather(send.as_ptr().cast(), bytes, recv.as_mut_ptr().cast(), comm) }, &label)
                    } else {
                        if send.len() % group.len() != 0 || recv.len() != send.len() {
                            return Err(format!("{label}: {} bytes do not split into {} chunks", send.len(), group.len()));
                        }
                        let chunk = count(send.len() / group.len(), &label)?;
                        // SAFETY: `send` and `recv` hold one chunk per member.
                        check(unsafe { xla_mpi_alltoall(send.as_ptr().cast(), chunk, recv.as_mut_ptr().cast(), comm) }, &label)
                    }
                }
                Kind::Permute => {
                    let (to, from) = exchange.pairs_of(self.rank, self.size)?;
                    let mut requests = Requests::new(2)?;
                    match from {
                        Some(source) => {
                            if headers[source].bytes != recv.len() as u64 {
                                return Err(format!("{label}: device {source} sends {} bytes, device {} expects {}", headers[source].bytes, self.rank, recv.len()));
                            }
                            let bytes = count(recv.len(), &label)?;
                            // SAFETY: `recv` outlives the operation (waited for below).
                            let code = unsafe { xla_mpi_irecv(requests.raw, recv.as_mut_ptr().cast(), bytes, source as c_int, TAG, DATA_COMM) };
                            post(&mut requests, code, &label)?;
                        }
                        None => recv.fill(0),
                    }
                    if let Some(target) = to {
                        let bytes = count(send.len(), &label)?;
                        // SAFETY: `send` outlives the operation (waited for below).
                        let code = unsafe { xla_mpi_isend(requests.raw, send.as_ptr().cast(), bytes, target as c_int, TAG, DATA_COMM) };
                        post(&mut requests, code, &label)?;
                    }
                    // SAFETY: a live set.
                    check(unsafe { xla_mpi_wait_all(requests.raw) }, &label)?;
                    requests.release();
                    Ok(())
                }
            }
        }
    }

    impl Communicator for MpiCommunicator {
        fn device_count(&self) -> usize {
            self.size
        }

        fn exchange(&self, me: usize, exchange: &Exchange, send: &[u8], recv: &mut [u8]) -> Result<(), String> {
            if me != self.rank {
                return Err(format!("device {me} cannot run in MPI rank {}: each rank runs its own device", self.rank));
            }
            self.run(exchange, send, recv)
        }

        fn fail(&self, me: usize, reason: &str) {
            let program = std::env::args().next().map(|p| p.rsplit('/').next().unwrap_or("").to_owned()).unwrap_or_default();
            // One write: mpirun interleaves the ranks' streams.
            let message = format!("{program}: error: device {me} (MPI rank {}) failed: {reason}\n{program}: note: ending the MPI job (MPI_Abort)\n", self.rank);
            let _ = std::io::Write::write_all(&mut std::io::stderr(), message.as_bytes());
            // SAFETY: ends the job; the shim flushes the C streams first.
            unsafe { xla_mpi_abort(1) }
        }

        fn finish(&self, me: usize) {
            let state = self.state.lock().unwrap_or_else(|p| p.into_inner());
            let mine = Header { kind: FINISHED, seq: state.seq, bytes: 0, table: 0 };
            let label = format!("the end of device {me}'s program");
            let headers = match self.handshake(&label, mine) {
                Ok(headers) => headers,
                Err(message) => {
                    drop(state);
                    return self.fail(me, &message);
                }
            };
            let waiting: Vec<usize> = (0..self.size).filter(|&d| headers[d].kind != FINISHED).collect();
            if !waiting.is_empty() {
                // Those peers report it themselves when our header reaches
                // them (they abort the job); in case they do not:
                std::thread::sleep(self.timeout);
                let at: Vec<String> = waiting.iter().map(|&d| format!("device {d} waits in {}", headers[d].at())).collect();
                drop(state);
                self.fail(me, &format!("device {me} finished its program without reaching the collective that {}", at.join(", ")));
            }
        }
    }
}

#[cfg(not(xla_mpi))]
mod imp {
    use crate::devices::{Communicator, Exchange};
    use std::sync::Arc;

    /// Without MPI support no communicator exists ([`super::world`] fails).
    pub struct MpiCommunicator {
        never: std::convert::Infallible,
    }

    pub(super) fn world() -> Result<Arc<MpiCommunicator>, String> {
        Err(super::NO_SUPPORT.into())
    }

    pub(super) fn exit_job(code: i32) -> ! {
        std::process::exit(code)
    }

    impl MpiCommunicator {
        pub fn rank(&self) -> usize {
            match self.never {}
        }
    }

    impl Communicator for MpiCommunicator {
        fn device_count(&self) -> usize {
            match self.never {}
        }
        fn exchange(&self, _: usize, _: &Exchange, _: &[u8], _: &mut [u8]) -> Result<(), String> {
            match self.never {}
        }
        fn fail(&self, _: usize, _: &str) {
            match self.never {}
        }
        fn finish(&self, _: usize) {
            match self.never {}
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn not_under_mpirun_there_is_no_world() {
        // `cargo test` is not started by mpirun (the MPI runs are lit tests:
        // test/Execution/mpi-*.test).
        if !super::launched_by_mpirun() {
            assert!(super::world().unwrap().is_none());
        }
    }

    #[cfg(xla_mpi)]
    #[test]
    fn group_tables_hash_by_content_and_order() {
        use super::imp::table_hash;
        assert_eq!(table_hash(&[0, 1, 2, 3], 4), table_hash(&[0, 1, 2, 3], 4));
        assert_ne!(table_hash(&[0, 1, 2, 3], 4), table_hash(&[1, 0, 2, 3], 4));
        assert_ne!(table_hash(&[0, 1, 2, 3], 4), table_hash(&[0, 1, 2, 3], 2));
    }
}
