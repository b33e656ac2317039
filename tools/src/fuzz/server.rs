//! The fork server: crash and hang isolation without nightly Rust.
//!
//! The parent never creates an MLIR context (MLIR and LLVM may start
//! threads, and a forked copy of a threaded process is not safe to use). It
//! maps one shared, anonymous memory region, forks `jobs` workers and
//! watches them. Each worker creates its own context, then claims input
//! indices from a shared counter; before each input it writes the index and
//! the mutant's bytes into its slot, and it bumps a heartbeat at every stage
//! change. Counters live in the slot too, so they survive the worker.
//!
//! When a worker dies by a signal or exits with a status other than 0, the
//! parent saves the input from its slot (`crash-STAGE-INDEX.mlir`, with the
//! worker's output for that input in `.log`) and forks a replacement. When a
//! worker's heartbeat stops for longer than the stage's limit, the parent
//! kills it: in parse/lower that is a compiler hang (a bug, saved as
//! `hang-...`); in run it is a program that runs too long or for ever
//! (an execution timeout, not a bug; the first few are saved as `timeout-...`).

use super::mutate::{Rng, Seed, mutant};
use super::target::{Limits, Stage, Target, screen};
use std::{
    io::Write,
    path::PathBuf,
    sync::atomic::{AtomicU32, AtomicU64, Ordering},
    time::{Duration, Instant},
};

/// Mutants larger than this are not run (none of the seeds' mutants are).
const MAX_INPUT: usize = 1 << 20;
pub const MAX_JOBS: usize = 16;
/// Files saved per kind of finding; later ones are only counted.
const MAX_SAVED: usize = 50;

#[derive(Clone, Copy)]
#[repr(usize)]
enum Counter {
    Inputs,
    Verified,
    LoweringTried,
    Lowered,
    Ran,
    RunErrors,
    Silent,
    TooLarge,
    RoundTrip,
}
const COUNTERS: usize = 9;

#[repr(C)]
struct Slot {
    heartbeat: AtomicU64,
    index: AtomicU64,
    stage: AtomicU32,
    len: AtomicU32,
    counters: [AtomicU64; COUNTERS],
    /// The indices this worker process has taken so far (its first
    /// `MAX_HISTORY`): a crash that depends on what the process did before
    /// is reproduced by replaying them in order (`--replay-history`).
    history_len: AtomicU64,
    history: [AtomicU64; MAX_HISTORY],
    bytes: [u8; MAX_INPUT],
}

/// Workers are replaced after at most this many inputs.
pub const MAX_HISTORY: usize = 8192;

#[repr(C)]
struct Shared {
    next: AtomicU64,
    stop: AtomicU32,
    slots: [Slot; MAX_JOBS],
}

#[derive(Clone, Debug)]
pub struct Options {
    pub seed: u64,
    /// Stop after this many inputs (all workers together).
    pub iterations: Option<u64>,
    /// Stop after this many seconds.
    pub time: Option<f64>,
    pub jobs: usize,
    pub out: PathBuf,
    /// Seconds without progress in parse/lower before a hang is declared.
    pub timeout: f64,
    /// Seconds a compiled program may run.
    pub exec_timeout: f64,
    /// Address-space limit of a worker, in MiB (0: none).
    pub memory_mb: u64,
    /// Inputs a worker processes before it is replaced (bounds the growth
    /// of the context's uniqued types and attributes).
    pub recycle: u64,
    /// Seconds between progress lines (0: none).
    pub progress: f64,
    pub limits: Limits,
}

#[derive(Debug, Default)]
pub struct Summary {
    pub inputs: u64,
    pub verified: u64,
    pub lowering_tried: u64,
    pub lowered: u64,
    pub ran: u64,
    pub run_errors: u64,
    pub too_large: u64,
    pub silent: u64,
    pub roundtrip: u64,
    pub crashes: u64,
    pub hangs: u64,
    pub exec_timeouts: u64,
    pub seconds: f64,
    /// Saved reproducers of crashes, hangs and silent failures.
    pub saved: Vec<PathBuf>,
}

impl Summary {
    pub fn line(&self) -> String {
        format!(
            "fuzz: {} inputs, {} verified, {} lowered ({} through the pipeline), {} run; {} crashes, {} hangs",
            self.inputs, self.verified, self.lowered, self.lowering_tried, self.ran, self.crashes, self.hangs
        )
    }
    pub fn details(&self) -> String {
        format!(
            "fuzz: {:.1} s ({:.0} inputs/s); {} failures without a diagnostic; {} print/parse round-trip failures; {} execution timeouts (not bugs); {} run errors; {} too large",
            self.seconds,
            self.inputs as f64 / self.seconds.max(1e-9),
            self.silent,
            self.roundtrip,
            self.exec_timeouts,
            self.run_errors,
            self.too_large
        )
    }
}

fn shared_memory() -> &'static Shared {
    let size = std::mem::size_of::<Shared>();
    // SAFETY: a fresh anonymous shared mapping, zero-filled; all-zero bytes
    // are a valid `Shared` (atomics and byte arrays). It is never unmapped.
    unsafe {
        let ptr = libc::mmap(
            std::ptr::null_mut(),
            size,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        assert!(ptr != libc::MAP_FAILED, "cannot map {size} bytes of shared memory");
        &*(ptr as *const Shared)
    }
}

fn counter(slot: &Slot, c: Counter) -> &AtomicU64 {
    &slot.counters[c as usize]
}

/// The worker: never returns.
fn worker(id: usize, shared: &'static Shared, seeds: &[Seed], valid: &[usize], options: &Options) -> ! {
    let slot = &shared.slots[id];
    // SAFETY: plain system calls on this process.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        if options.memory_mb > 0 {
            let bytes = options.memory_mb << 20;
            let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
            libc::setrlimit(libc::RLIMIT_AS, &limit);
        }
        // No core files for the crashes we provoke.
        let none = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        libc::setrlimit(libc::RLIMIT_CORE, &none);
    }
    // The worker's stdout and stderr go to its log, emptied before each input.
    let log_path = options.out.join(format!("worker{id}.log"));
    let log = std::fs::OpenOptions::new().create(true).append(true).open(&log_path).expect("the output directory is writable");
    use std::os::fd::AsRawFd;
    // SAFETY: duplicating a valid descriptor over the standard ones.
    unsafe {
        libc::ftruncate(log.as_raw_fd(), 0);
        libc::dup2(log.as_raw_fd(), 1);
        libc::dup2(log.as_raw_fd(), 2);
    }
    slot.stage.store(Stage::Startup as u32, Ordering::SeqCst);
    slot.heartbeat.fetch_add(1, Ordering::SeqCst);
    let target = Target::new(false);
    let limit = options.iterations.unwrap_or(u64::MAX);
    let mut done = 0;
    slot.history_len.store(0, Ordering::SeqCst);
    let mut saved_silent = 0;
    loop {
        if shared.stop.load(Ordering::SeqCst) != 0 || done >= options.recycle {
            break;
        }
        let index = shared.next.fetch_add(1, Ordering::SeqCst);
        if index >= limit {
            break;
        }
        let mut rng = Rng::for_input(options.seed, index);
        let (_, text) = mutant(seeds, valid, &mut rng);
        counter(slot, Counter::Inputs).fetch_add(1, Ordering::SeqCst);
        let taken = slot.history_len.load(Ordering::SeqCst) as usize;
        if taken < MAX_HISTORY {
            slot.history[taken].store(index, Ordering::SeqCst);
            slot.history_len.store(taken as u64 + 1, Ordering::SeqCst);
        }
        done += 1;
        if text.len() > MAX_INPUT {
            counter(slot, Counter::TooLarge).fetch_add(1, Ordering::SeqCst);
            continue;
        }
        // SAFETY: only this worker writes its slot's bytes; the parent reads
        // them only after the worker has died.
        unsafe {
            let bytes = slot.bytes.as_ptr() as *mut u8;
            std::ptr::copy_nonoverlapping(text.as_ptr(), bytes, text.len());
            libc::ftruncate(log.as_raw_fd(), 0);
        }
        slot.len.store(text.len() as u32, Ordering::SeqCst);
        slot.index.store(index, Ordering::SeqCst);
        let outcome = target.process(&text, &format!("input{index}.mlir"), &options.limits, &mut rng, &mut |stage| {
            slot.stage.store(stage as u32, Ordering::SeqCst);
            slot.heartbeat.fetch_add(1, Ordering::SeqCst);
        });
        let bump = |c: Counter, yes: bool| {
            if yes {
                counter(slot, c).fetch_add(1, Ordering::SeqCst);
            }
        };
        bump(Counter::Verified, outcome.verified);
        bump(Counter::LoweringTried, outcome.lowering_tried);
        bump(Counter::Lowered, outcome.lowered);
        bump(Counter::Ran, outcome.ran);
        bump(Counter::RunErrors, outcome.run_error);
        if let Some(why) = &outcome.roundtrip_failure {
            bump(Counter::RoundTrip, true);
            if saved_silent < MAX_SAVED {
                saved_silent += 1;
                let _ = std::fs::write(options.out.join(format!("roundtrip-{index}.mlir")), &text);
                let _ = std::fs::write(options.out.join(format!("roundtrip-{index}.txt")), why);
            }
        }
        if let Some(stage) = outcome.silent_failure {
            bump(Counter::Silent, true);
            if saved_silent < MAX_SAVED {
                saved_silent += 1;
                let _ = std::fs::write(options.out.join(format!("silent-{stage}-{index}.mlir")), &text);
            }
        }
    }
    drop(target);
    let _ = std::io::stdout().flush();
    // SAFETY: ends the worker without running the parent's exit handlers.
    unsafe { libc::_exit(0) }
}

fn spawn(id: usize, shared: &'static Shared, seeds: &[Seed], valid: &[usize], options: &Options) -> libc::pid_t {
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    // SAFETY: the parent is single-threaded and holds no MLIR state.
    let pid = unsafe { libc::fork() };
    match pid {
        -1 => panic!("fork failed: {}", std::io::Error::last_os_error()),
        0 => {
            // The tools' large stack (MLIR recurses once per nesting level),
            // on a thread of the fresh child.
            let seeds = seeds.to_vec();
            let valid = valid.to_vec();
            let options = options.clone();
            let code = match crate::call_with_large_stack(move || -> i32 { worker(id, shared, &seeds, &valid, &options) }) {
                Ok(code) => code,
                Err(None) => 101,
                Err(Some(_)) => 102,
            };
            // SAFETY: ends the child without the parent's exit handlers.
            unsafe { libc::_exit(code) }
        }
        pid => pid,
    }
}

/// [`screen`] in a child process (the parent must stay free of MLIR), its
/// answer passed back through a pipe. Empty if the child fails.
fn screen_in_child(seeds: &[Seed]) -> Vec<usize> {
    let mut fds = [0; 2];
    // SAFETY: plain system calls; the child only writes to the pipe and exits.
    unsafe {
        if libc::pipe(fds.as_mut_ptr()) != 0 {
            return Vec::new();
        }
        let _ = std::io::stdout().flush();
        let pid = libc::fork();
        if pid == 0 {
            libc::close(fds[0]);
            let seeds = seeds.to_vec();
            let valid = crate::call_with_large_stack(move || screen(&Target::new(false), &seeds)).unwrap_or_default();
            let bytes: Vec<u8> = valid.iter().flat_map(|&i| (i as u32).to_le_bytes()).collect();
            let mut written = 0;
            while written < bytes.len() {
                let n = libc::write(fds[1], bytes[written..].as_ptr().cast(), bytes.len() - written);
                if n <= 0 {
                    break;
                }
                written += n as usize;
            }
            libc::_exit(0);
        }
        libc::close(fds[1]);
        use std::io::Read;
        use std::os::fd::FromRawFd;
        let mut pipe = std::fs::File::from_raw_fd(fds[0]);
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        if pid > 0 {
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
        bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as usize).collect()
    }
}

fn signal_name(signal: i32) -> String {
    match signal {
        libc::SIGSEGV => "SIGSEGV".into(),
        libc::SIGABRT => "SIGABRT".into(),
        libc::SIGBUS => "SIGBUS".into(),
        libc::SIGILL => "SIGILL".into(),
        libc::SIGFPE => "SIGFPE".into(),
        libc::SIGKILL => "SIGKILL".into(),
        libc::SIGTRAP => "SIGTRAP".into(),
        other => format!("signal {other}"),
    }
}

struct Worker {
    pid: Option<libc::pid_t>,
    heartbeat: u64,
    since: Instant,
    /// The worker's CPU seconds when its heartbeat last changed.
    cpu_since: f64,
}

/// A worker is hung when it used this many times its time limit in wall
/// time without progress, even without using the CPU (blocked).
const BLOCKED_FACTOR: f64 = 10.0;

/// CPU seconds (user + system, all threads) used by process `pid`.
fn cpu_seconds(pid: libc::pid_t) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return 0.0 };
    // Fields after the command name (which may hold spaces): state is the
    // first, utime and stime the 12th and 13th.
    let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else { return 0.0 };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    (ticks(11) + ticks(12)) / per_second
}

/// Runs the campaign; progress lines and findings go to stdout.
pub fn run(seeds: &[Seed], options: &Options) -> Summary {
    let valid = screen_in_child(seeds);
    println!("fuzz: {} of {} seeds verify", valid.len(), seeds.len());
    let shared = shared_memory();
    let jobs = options.jobs.clamp(1, MAX_JOBS);
    let start = Instant::now();
    let mut summary = Summary::default();
    let mut saved: std::collections::HashMap<&'static str, usize> = Default::default();
    let mut workers: Vec<Worker> = (0..jobs)
        .map(|id| Worker { pid: Some(spawn(id, shared, seeds, &valid, options)), heartbeat: 0, since: Instant::now(), cpu_since: 0.0 })
        .collect();
    let mut last_progress = Instant::now();
    let limit = options.iterations.unwrap_or(u64::MAX);
    let mut aborted = None;
    loop {
        std::thread::sleep(Duration::from_millis(20));
        if options.time.is_some_and(|t| start.elapsed().as_secs_f64() >= t) {
            shared.stop.store(1, Ordering::SeqCst);
        }
        let finished = || shared.stop.load(Ordering::SeqCst) != 0 || shared.next.load(Ordering::SeqCst) >= limit;
        for (id, worker) in workers.iter_mut().enumerate() {
            let Some(pid) = worker.pid else { continue };
            let slot = &shared.slots[id];
            let mut status = 0;
            // SAFETY: waiting for our own child.
            let waited = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
            let mut died = None;
            if waited == pid {
                worker.pid = None;
                if libc::WIFSIGNALED(status) {
                    died = Some(format!("killed by {}", signal_name(libc::WTERMSIG(status))));
                } else if libc::WIFEXITED(status) && libc::WEXITSTATUS(status) != 0 {
                    died = Some(format!("exit status {}", libc::WEXITSTATUS(status)));
                }
            } else {
                let heartbeat = slot.heartbeat.load(Ordering::SeqCst);
                if heartbeat != worker.heartbeat {
                    worker.heartbeat = heartbeat;
                    worker.since = Instant::now();
                    worker.cpu_since = cpu_seconds(pid);
                } else if worker.since.elapsed().as_secs_f64() > options.timeout.min(options.exec_timeout) {
                    let stage = Stage::from_u32(slot.stage.load(Ordering::SeqCst));
                    let allowed = match stage {
                        Stage::Run => options.exec_timeout,
                        // Creating a context takes seconds in a debug build on a busy machine.
                        Stage::Startup => options.timeout.max(120.0),
                        _ => options.timeout,
                    };
                    // Time is counted in the worker's CPU seconds, so a
                    // worker starved by a busy machine is not taken for a
                    // hung one; a blocked one is caught by wall time.
                    let wall = worker.since.elapsed().as_secs_f64();
                    let stalled = if wall > allowed { cpu_seconds(pid) - worker.cpu_since } else { 0.0 };
                    if stalled > allowed || wall > allowed * BLOCKED_FACTOR {
                        // SAFETY: our own child.
                        unsafe {
                            libc::kill(pid, libc::SIGKILL);
                            libc::waitpid(pid, &mut status, 0);
                        }
                        worker.pid = None;
                        let index = slot.index.load(Ordering::SeqCst);
                        let stalled = format!("{stalled:.0} s of CPU time ({wall:.0} s)");
                        if stage == Stage::Startup {
                            aborted = Some(format!("a worker made no progress for {stalled} while starting"));
                        } else if stage == Stage::Run {
                            summary.exec_timeouts += 1;
                            save(options, id, slot, "timeout", stage, index, None, &mut saved, &mut Vec::new());
                        } else {
                            summary.hangs += 1;
                            let what = format!("hang: no progress for {stalled} in {}", stage.name());
                            println!("fuzz: input {index}: {what}");
                            save(options, id, slot, "hang", stage, index, Some(&what), &mut saved, &mut summary.saved);
                        }
                    }
                }
            }
            if let Some(how) = died {
                let stage = Stage::from_u32(slot.stage.load(Ordering::SeqCst));
                let index = slot.index.load(Ordering::SeqCst);
                if stage == Stage::Startup {
                    let log = std::fs::read_to_string(options.out.join(format!("worker{id}.log"))).unwrap_or_default();
                    aborted = Some(format!("a worker died outside any input ({how}, {}):\n{log}", stage.name()));
                } else {
                    summary.crashes += 1;
                    println!("fuzz: input {index}: crash in {}: {how}", stage.name());
                    save(options, id, slot, "crash", stage, index, Some(&how), &mut saved, &mut summary.saved);
                }
            }
            if worker.pid.is_none() && !finished() && aborted.is_none() {
                worker.pid = Some(spawn(id, shared, seeds, &valid, options));
                worker.since = Instant::now();
                worker.cpu_since = 0.0;
                worker.heartbeat = slot.heartbeat.load(Ordering::SeqCst);
            }
        }
        if let Some(reason) = &aborted {
            println!("fuzz: stopping: {reason}");
            for worker in &mut workers {
                if let Some(pid) = worker.pid.take() {
                    // SAFETY: our own children.
                    unsafe {
                        libc::kill(pid, libc::SIGKILL);
                        libc::waitpid(pid, std::ptr::null_mut(), 0);
                    }
                }
            }
            summary.crashes += 1;
            break;
        }
        if workers.iter().all(|w| w.pid.is_none()) {
            break;
        }
        if options.progress > 0.0 && last_progress.elapsed().as_secs_f64() >= options.progress {
            last_progress = Instant::now();
            let current = totals(shared, jobs, &summary, start);
            println!("{} [{:.0} s, {:.0}/s]", current.line(), current.seconds, current.inputs as f64 / current.seconds.max(1e-9));
        }
    }
    let mut result = totals(shared, jobs, &summary, start);
    result.saved = std::mem::take(&mut summary.saved);
    result
}

fn totals(shared: &Shared, jobs: usize, found: &Summary, start: Instant) -> Summary {
    let sum = |c: Counter| shared.slots[..jobs].iter().map(|s| counter(s, c).load(Ordering::SeqCst)).sum::<u64>();
    Summary {
        inputs: sum(Counter::Inputs),
        verified: sum(Counter::Verified),
        lowering_tried: sum(Counter::LoweringTried),
        lowered: sum(Counter::Lowered),
        ran: sum(Counter::Ran),
        run_errors: sum(Counter::RunErrors),
        too_large: sum(Counter::TooLarge),
        silent: sum(Counter::Silent),
        roundtrip: sum(Counter::RoundTrip),
        crashes: found.crashes,
        hangs: found.hangs,
        exec_timeouts: found.exec_timeouts,
        seconds: start.elapsed().as_secs_f64(),
        saved: Vec::new(),
    }
}

/// Saves the input of a dead or killed worker (and its log).
#[allow(clippy::too_many_arguments)]
fn save(
    options: &Options,
    id: usize,
    slot: &Slot,
    kind: &'static str,
    stage: Stage,
    index: u64,
    what: Option<&str>,
    saved: &mut std::collections::HashMap<&'static str, usize>,
    listed: &mut Vec<PathBuf>,
) {
    let count = saved.entry(kind).or_default();
    if *count >= MAX_SAVED {
        return;
    }
    *count += 1;
    let len = (slot.len.load(Ordering::SeqCst) as usize).min(MAX_INPUT);
    let bytes = &slot.bytes[..len];
    let base = options.out.join(format!("{kind}-{}-{index}", stage.name()));
    let path = base.with_extension("mlir");
    let _ = std::fs::write(&path, bytes);
    // The worker's output while it processed this input (its log is
    // emptied before each input).
    let _ = std::fs::copy(options.out.join(format!("worker{id}.log")), base.with_extension("log"));
    if let Some(what) = what {
        let taken = (slot.history_len.load(Ordering::SeqCst) as usize).min(MAX_HISTORY);
        let history: Vec<String> = slot.history[..taken].iter().map(|h| h.load(Ordering::SeqCst).to_string()).collect();
        let _ = std::fs::write(
            base.with_extension("txt"),
            format!("{what}\nseed {} index {index}\nhistory {}\n", options.seed, history.join(" ")),
        );
    }
    listed.push(path);
}

