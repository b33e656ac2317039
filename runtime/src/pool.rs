//! The process's thread pool, and the runtime ABI through which compiled code
//! runs its parallel loops on it.
//!
//! `xla-cpu-parallel-tasks` (lowering) outlines each outermost `scf.parallel`
//! loop worth it into a task `void task(void *ctx, int64_t begin, int64_t
//! end)` running iterations `[begin, end)`, and replaces the loop with
//!
//! ```c
//! void xla_parallel_for(void (*task)(void *, int64_t, int64_t), void *ctx,
//!                       int64_t iterations, int64_t cost_per_iteration);
//! ```
//!
//! That symbol is `csrc/guard.c`'s: it runs the loop inline when the work is
//! small (below [`MIN_PARALLEL_COST`] estimated operations, or what
//! [`set_min_parallel_cost`] set), when the pool has one thread, when called
//! from one of the pool's own threads (a nested parallel region: never a
//! deadlock), or when the pool is running another thread's loop (a second
//! caller does not wait); otherwise it calls [`xla_pool_run`], which cuts
//! the iterations into contiguous chunks of at least half that cost, at
//! most [`CHUNKS_PER_THREAD`] (4) per thread, and the calling thread and the
//! workers claim them one at a time until none is left (so a thread that
//! runs slower, as on a shared VM, takes fewer).
//!
//! One pool per process, built on first use, shared by every executable and
//! by every thread that runs one: the thread count minus one workers (the
//! caller works too). An idle worker spins for 100 µs on the job counter
//! before it sleeps, so back-to-back parallel loops start within about a
//! microsecond, as OpenMP runtimes do (rayon's pool, tried first, took
//! 26 µs per loop to wake its workers here; see `bench/parallel/` and
//! ARCHITECTURE.md). Its size is fixed when it starts: [`set_num_threads`]
//! (`xla-run --threads`), else `XLA_MLIR_NUM_THREADS`, else the cores this
//! process may use (`std::thread::available_parallelism`, which honours
//! affinity masks and cgroup quotas).
//!
//! Results do not depend on the thread count: only loops whose iterations
//! are independent (parallel dimensions; reductions stay inside one
//! iteration) are split, and each iteration computes exactly what it
//! computes sequentially.
//!
//! Allocation failure in a task (`xla_allocation_failed`): each chunk runs
//! under its own guard on its thread; the failure is carried back and
//! `xla_parallel_for` raises it again on the calling thread, which unwinds
//! to that thread's guard (see `csrc/guard.c`).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Below this many estimated operations a loop runs inline (waking the pool
/// costs a few microseconds; one operation is about a nanosecond); each
/// chunk gets at least half of it. The compiler's default, so that what it
/// outlines and what the pool splits agree.
pub const MIN_PARALLEL_COST: i64 = xla_lowering::parallel_tasks::DEFAULT_MIN_COST;

static MIN_COST: AtomicI64 = AtomicI64::new(MIN_PARALLEL_COST);

/// Sets the least estimated work that runs on the pool (0: every loop of
/// two or more iterations is split, up to 4 chunks per thread; for tests).
pub fn set_min_parallel_cost(cost: i64) {
    MIN_COST.store(cost.max(0), Ordering::Relaxed);
}

/// The environment variable that sets the pool's size.
pub const NUM_THREADS_VARIABLE: &str = "XLA_MLIR_NUM_THREADS";

static REQUESTED: OnceLock<usize> = OnceLock::new();
static POOL: OnceLock<Option<&'static Pool>> = OnceLock::new();

/// A task of compiled code: iterations `[begin, end)` with its context.
pub type Task = unsafe extern "C" fn(*mut std::ffi::c_void, i64, i64);

/// Errors of the pool's configuration.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PoolError {
    #[error("the thread count must be at least 1")]
    Zero,
    #[error("the thread pool's size is already fixed at {running} thread(s); it cannot change to {requested}")]
    AlreadyFixed { running: usize, requested: usize },
    #[error("{NUM_THREADS_VARIABLE}={0:?} is not a thread count (a positive integer)")]
    BadVariable(String),
    #[error("{MIN_COST_VARIABLE}={0:?} is not a cost (an integer, 0 or more)")]
    BadCost(String),
}

/// Sets the pool's size before it is fixed (by the first parallel loop, or
/// the first call of [`num_threads`]). Setting the size it already has is
/// not an error.
pub fn set_num_threads(threads: usize) -> Result<(), PoolError> {
    if threads == 0 {
        return Err(PoolError::Zero);
    }
    let chosen = *REQUESTED.get_or_init(|| threads);
    if chosen != threads {
        return Err(PoolError::AlreadyFixed { running: chosen, requested: threads });
    }
    Ok(())
}

/// The environment variable that sets the least work run on the pool.
pub const MIN_COST_VARIABLE: &str = "XLA_MLIR_PARALLEL_MIN_COST";

/// The threshold asked for by `XLA_MLIR_PARALLEL_MIN_COST`, if set.
pub fn min_cost_from_environment() -> Result<Option<i64>, PoolError> {
    match std::env::var(MIN_COST_VARIABLE) {
        Err(_) => Ok(None),
        Ok(text) => match text.trim().parse::<i64>() {
            Ok(n) if n >= 0 => Ok(Some(n)),
            _ => Err(PoolError::BadCost(text)),
        },
    }
}

/// The thread count asked for by `XLA_MLIR_NUM_THREADS`, if set.
pub fn threads_from_environment() -> Result<Option<usize>, PoolError> {
    match std::env::var(NUM_THREADS_VARIABLE) {
        Err(_) => Ok(None),
        Ok(text) => match text.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => Err(PoolError::BadVariable(text)),
        },
    }
}

/// The pool's size: what was set, else the environment's, else the cores
/// this process may use. A malformed `XLA_MLIR_NUM_THREADS` counts as unset
/// here (the tools report it before running anything).
pub fn num_threads() -> usize {
    *REQUESTED.get_or_init(|| {
        threads_from_environment()
            .ok()
            .flatten()
            .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
    })
}

/// One parallel loop being run: its chunks are claimed one at a time by
/// the calling thread and the workers.
struct Job {
    task: Task,
    ctx: Shared,
    iterations: i64,
    chunks: i64,
    /// The next chunk to claim.
    next: AtomicI64,
    /// Chunks finished.
    done: AtomicI64,
    failed_size: AtomicU64,
    failed: AtomicBool,
}

impl Job {
    /// Claims and runs chunks until none is left.
    fn work(&self) {
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            if index >= self.chunks {
                return;
            }
            let (begin, end) = chunk_bounds(index, self.chunks, self.iterations);
            let mut size = 0u64;
            // SAFETY: the contract of `xla_pool_run`; the guard catches
            // this thread's allocation failure.
            if unsafe { xla_guarded_task(self.task, self.ctx.0, begin, end, &mut size) } != 0 {
                self.failed_size.store(size, Ordering::Relaxed);
                self.failed.store(true, Ordering::Release);
            }
            self.done.fetch_add(1, Ordering::Release);
        }
    }
}

/// The workers and how they are woken: a new job bumps `generation`; an
/// idle worker spins on it for [`SPIN`] (back-to-back parallel loops then
/// start within a microsecond), then sleeps on `wake`.
struct Pool {
    workers: usize,
    generation: AtomicU64,
    job: Mutex<Option<Arc<Job>>>,
    /// Held while a job runs: one job at a time; a second thread that
    /// finds the pool busy runs its loop inline rather than wait.
    busy: Mutex<()>,
    sleeping: Mutex<usize>,
    wake: Condvar,
}

/// How long an idle worker spins before it sleeps.
const SPIN: Duration = Duration::from_micros(100);

thread_local! {
    /// Set on the pool's threads: a parallel loop there runs inline.
    static IS_WORKER: Cell<bool> = const { Cell::new(false) };
}

impl Pool {
    fn start(workers: usize) -> &'static Pool {
        let pool: &'static Pool = Box::leak(Box::new(Pool {
            workers,
            generation: AtomicU64::new(0),
            job: Mutex::new(None),
            busy: Mutex::new(()),
            sleeping: Mutex::new(0),
            wake: Condvar::new(),
        }));
        for index in 0..workers {
            let spawned = std::thread::Builder::new().name(format!("xla-worker-{index}")).spawn(move || pool.worker());
            if spawned.is_err() {
                // Fewer workers than asked for: the jobs still complete
                // (the calling thread claims every chunk left).
                break;
            }
        }
        pool
    }

    fn worker(&self) {
        IS_WORKER.with(|w| w.set(true));
        let mut seen = self.generation.load(Ordering::Acquire);
        loop {
            let start = Instant::now();
            let mut spins = 0u32;
            while self.generation.load(Ordering::Acquire) == seen {
                std::hint::spin_loop();
                spins += 1;
                if spins % 256 == 0 && start.elapsed() > SPIN {
                    let mut sleeping = self.sleeping.lock().unwrap_or_else(|e| e.into_inner());
                    *sleeping += 1;
                    while self.generation.load(Ordering::Acquire) == seen {
                        sleeping = self.wake.wait(sleeping).unwrap_or_else(|e| e.into_inner());
                    }
                    *sleeping -= 1;
                }
            }
            seen = self.generation.load(Ordering::Acquire);
            let job = self.job.lock().unwrap_or_else(|e| e.into_inner()).clone();
            if let Some(job) = job {
                job.work();
            }
        }
    }

    /// Runs `job` on the calling thread and the workers; returns when every
    /// chunk is done. `None` when the pool is busy with another thread's job.
    fn run(&self, job: Job) -> Option<Arc<Job>> {
        let _turn = self.busy.try_lock().ok()?;
        let job = Arc::new(job);
        *self.job.lock().unwrap_or_else(|e| e.into_inner()) = Some(job.clone());
        self.generation.fetch_add(1, Ordering::AcqRel);
        {
            let sleeping = self.sleeping.lock().unwrap_or_else(|e| e.into_inner());
            if *sleeping > 0 {
                self.wake.notify_all();
            }
        }
        job.work();
        let start = Instant::now();
        let mut spins = 0u32;
        while job.done.load(Ordering::Acquire) < job.chunks {
            std::hint::spin_loop();
            spins += 1;
            if spins % 256 == 0 && start.elapsed() > SPIN {
                std::thread::yield_now();
            }
        }
        *self.job.lock().unwrap_or_else(|e| e.into_inner()) = None;
        Some(job)
    }
}

/// The pool, started on first use; `None` with one thread (everything
/// inline). It has one worker fewer than the thread count: the thread that
/// calls `xla_parallel_for` claims chunks too.
fn pool() -> Option<&'static Pool> {
    *POOL.get_or_init(|| {
        let threads = num_threads();
        (threads > 1).then(|| Pool::start(threads - 1))
    })
}

/// Whether `iterations` of `cost` each are worth running on the pool from
/// this thread (see the module's description).
fn worth_splitting(iterations: i64, cost: i64) -> Option<&'static Pool> {
    if iterations < 2 || iterations.saturating_mul(cost.max(1)) < MIN_COST.load(Ordering::Relaxed) {
        return None;
    }
    // A nested parallel region (a task running an executable that has
    // parallel loops) runs inline on its thread.
    if IS_WORKER.with(|w| w.get()) {
        return None;
    }
    pool()
}

/// Chunks per thread at most: a thread that is slowed down (a busy
/// neighbour on a shared machine, a core at a lower clock) takes fewer
/// chunks, the others more.
pub const CHUNKS_PER_THREAD: i64 = 4;

/// How `iterations` of `cost` are cut: the number of contiguous chunks, each
/// at least `min_cost / 2` of work, at most [`CHUNKS_PER_THREAD`] per thread.
pub fn chunk_count(iterations: i64, cost: i64, threads: usize, min_cost: i64) -> i64 {
    let by_cost = iterations.saturating_mul(cost.max(1)) / (min_cost / 2).max(1);
    by_cost.clamp(1, iterations.max(1)).min(threads as i64 * CHUNKS_PER_THREAD)
}

/// Chunk `index` of `chunks` over `[0, iterations)`: sizes differ by at most one.
fn chunk_bounds(index: i64, chunks: i64, iterations: i64) -> (i64, i64) {
    let base = iterations / chunks;
    let extra = iterations % chunks;
    let begin = index * base + index.min(extra);
    (begin, begin + base + i64::from(index < extra))
}

/// A raw pointer that may cross to the pool's threads (the caller waits for
/// them, and compiled code's tasks only read the context).
#[derive(Clone, Copy)]
struct Shared(*mut std::ffi::c_void);
// SAFETY: see above; the context outlives the scope that uses it.
unsafe impl Send for Shared {}
unsafe impl Sync for Shared {}

unsafe extern "C" {
    /// `csrc/guard.c`: runs `task(ctx, begin, end)` under an allocation
    /// guard of this thread; 1 (and the size) when an allocation failed.
    fn xla_guarded_task(task: Task, ctx: *mut std::ffi::c_void, begin: i64, end: i64, size: *mut u64) -> std::ffi::c_int;
    /// `csrc/guard.c`: the runtime ABI's entry point (see the module's description).
    fn xla_parallel_for(task: Task, ctx: *mut std::ffi::c_void, iterations: i64, cost: i64);
}

/// The address of `xla_parallel_for`, registered with the JIT.
pub fn parallel_for_address() -> *mut std::ffi::c_void {
    xla_parallel_for as unsafe extern "C" fn(Task, *mut std::ffi::c_void, i64, i64) as *mut std::ffi::c_void
}

/// Called by `xla_parallel_for` (C): 0 when the loop ran inline here
/// (nothing done: the caller runs it), 1 when it ran on the pool, 2 when it
/// ran on the pool and a chunk's allocation failed (`*failed_size` set).
///
/// # Safety
/// `task` and `ctx` come from compiled code: `task(ctx, b, e)` may be called
/// for any disjoint sub-ranges of `[0, iterations)`, from any thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn xla_pool_run(task: Task, ctx: *mut std::ffi::c_void, iterations: i64, cost: i64, failed_size: *mut u64) -> i32 {
    let Some(pool) = worth_splitting(iterations, cost) else { return 0 };
    let chunks = chunk_count(iterations, cost, pool.workers + 1, MIN_COST.load(Ordering::Relaxed));
    if chunks < 2 {
        return 0;
    }
    let job = Job {
        task,
        ctx: Shared(ctx),
        iterations,
        chunks,
        next: AtomicI64::new(0),
        done: AtomicI64::new(0),
        failed_size: AtomicU64::new(0),
        failed: AtomicBool::new(false),
    };
    let Some(job) = pool.run(job) else { return 0 };
    if job.failed.load(Ordering::Acquire) {
        // SAFETY: the caller passes a writable slot.
        unsafe { *failed_size = job.failed_size.load(Ordering::Relaxed) };
        return 2;
    }
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_the_range_exactly() {
        for iterations in [1, 2, 3, 7, 64, 1000, 1001] {
            for chunks in 1..=iterations.min(9) {
                let mut next = 0;
                for index in 0..chunks {
                    let (begin, end) = chunk_bounds(index, chunks, iterations);
                    assert_eq!(begin, next);
                    assert!(end > begin);
                    next = end;
                }
                assert_eq!(next, iterations);
            }
        }
    }

    #[test]
    fn small_work_is_one_chunk() {
        let min = MIN_PARALLEL_COST;
        assert_eq!(chunk_count(10, 10, 8, min), 1);
        // At most CHUNKS_PER_THREAD chunks per thread.
        assert_eq!(chunk_count(1_000_000, 100, 8, min), 8 * CHUNKS_PER_THREAD);
        assert_eq!(chunk_count(3, 1 << 30, 8, min), 3);
        assert_eq!(chunk_count(1 << 20, 1, 2, min), 2 * CHUNKS_PER_THREAD);
        // Each chunk at least half the threshold: 4 here.
        assert_eq!(chunk_count(1 << 17, 1, 8, min), 4);
        assert_eq!(chunk_count(5, 1, 8, 0), 5);
    }
}
