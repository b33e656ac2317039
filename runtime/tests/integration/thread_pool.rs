//! The thread pool (`runtime/src/pool.rs`) and the parallel loops of
//! compiled code: many executables at once, one executable run from several
//! threads, nested parallel regions, and results that do not depend on how
//! the work is split.

use std::sync::Arc;
use xla_dialects::{SourceSession, create_context};
use xla_runtime::{CpuExecutable, ElementType, HostTensor, pool};

/// Programs with large parallel loops: element-wise, a row reduction, a
/// contraction (row blocks), a while loop around element-wise work.
const PROGRAMS: &[&str] = &[
    "func.func @main(%x: tensor<512x256xf32>) -> tensor<512x256xf32> {
       %0 = stablehlo.multiply %x, %x : tensor<512x256xf32>
       %1 = stablehlo.add %0, %x : tensor<512x256xf32>
       return %1 : tensor<512x256xf32>
     }",
    "func.func @main(%x: tensor<512x256xf32>) -> tensor<512xf32> {
       %z = stablehlo.constant dense<0.0> : tensor<f32>
       %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<512x256xf32>, tensor<f32>) -> tensor<512xf32>
       return %0 : tensor<512xf32>
     }",
    "func.func @main(%x: tensor<512x256xf32>) -> tensor<512x512xf32> {
       %0 = stablehlo.dot_general %x, %x, contracting_dims = [1] x [1] : (tensor<512x256xf32>, tensor<512x256xf32>) -> tensor<512x512xf32>
       return %0 : tensor<512x512xf32>
     }",
    "func.func @main(%x: tensor<512x256xf32>) -> tensor<512x256xf32> {
       %c0 = stablehlo.constant dense<0> : tensor<i32>
       %c1 = stablehlo.constant dense<1> : tensor<i32>
       %c4 = stablehlo.constant dense<4> : tensor<i32>
       %h = stablehlo.constant dense<0.5> : tensor<512x256xf32>
       %r:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<512x256xf32>
        cond {
         %p = stablehlo.compare LT, %i, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
         stablehlo.return %p : tensor<i1>
       } do {
         %n = stablehlo.add %i, %c1 : tensor<i32>
         %m = stablehlo.multiply %v, %h : tensor<512x256xf32>
         %s = stablehlo.add %m, %x : tensor<512x256xf32>
         stablehlo.return %n, %s : tensor<i32>, tensor<512x256xf32>
       }
       return %r#1 : tensor<512x256xf32>
     }",
];

fn input() -> HostTensor {
    let values: Vec<f32> = (0..512 * 256).map(|i| ((i * 37) % 101) as f32 / 101.0 - 0.5).collect();
    let data = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    HostTensor::new(ElementType::F32, vec![512, 256], data).expect("sizes agree")
}

fn compile(text: &str) -> CpuExecutable {
    let context = create_context();
    let session = SourceSession::new(&context, text, "program.mlir", false);
    let mut module = session.parse_module().expect("the test program parses");
    CpuExecutable::compile(&context, &mut module, "main").expect("the test program compiles")
}

fn bytes(outputs: &[HostTensor]) -> Vec<Vec<u8>> {
    outputs.iter().map(|t| t.data.clone()).collect()
}

/// Every parallel loop outlined and split (threshold 0), for the tests of
/// this module; restored when dropped.
struct SplitEverything;

impl SplitEverything {
    fn new() -> Self {
        xla_lowering::parallel_tasks::set_min_cost(0);
        pool::set_min_parallel_cost(0);
        Self
    }
}

impl Drop for SplitEverything {
    fn drop(&mut self) {
        xla_lowering::parallel_tasks::set_min_cost(xla_lowering::parallel_tasks::DEFAULT_MIN_COST);
        pool::set_min_parallel_cost(pool::MIN_PARALLEL_COST);
    }
}

#[test]
fn many_executables_on_many_threads_give_the_sequential_results() {
    let _turn = crate::SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let _split = SplitEverything::new();
    let x = input();
    // References: each program run with the pool bypassed (a task splits
    // nothing when the work is below the threshold).
    pool::set_min_parallel_cost(i64::MAX);
    let executables: Vec<Arc<CpuExecutable>> = PROGRAMS.iter().map(|p| Arc::new(compile(p))).collect();
    let references: Vec<Vec<Vec<u8>>> =
        executables.iter().map(|e| bytes(&e.execute(std::slice::from_ref(&x)).expect("runs"))).collect();
    pool::set_min_parallel_cost(0);
    // Six threads, each running every executable (shared) several times,
    // while the main thread compiles and runs fresh executables.
    let workers: Vec<_> = (0..6)
        .map(|t| {
            let executables = executables.clone();
            let references = references.clone();
            let x = x.clone();
            std::thread::spawn(move || {
                for round in 0..5 {
                    for (k, executable) in executables.iter().enumerate().cycle().skip(t).take(executables.len()) {
                        let got = bytes(&executable.execute(std::slice::from_ref(&x)).expect("runs"));
                        assert!(got == references[k], "program {k}, thread {t}, round {round}: results differ from the sequential run");
                    }
                }
            })
        })
        .collect();
    for (k, program) in PROGRAMS.iter().enumerate() {
        let fresh = compile(program);
        assert!(bytes(&fresh.execute(std::slice::from_ref(&x)).expect("runs")) == references[k], "program {k} compiled again");
    }
    for worker in workers {
        worker.join().expect("a worker thread panicked");
    }
}

/// A task that records its range and, when asked, opens a nested parallel
/// region over a sub-range (`xla_parallel_for` called from a task).
struct Recorder {
    seen: std::sync::Mutex<Vec<(i64, i64)>>,
    threads: std::sync::Mutex<std::collections::HashSet<std::thread::ThreadId>>,
    nested: bool,
}

impl Recorder {
    fn new(nested: bool) -> Self {
        Self { seen: Default::default(), threads: Default::default(), nested }
    }
}

unsafe extern "C" fn record(ctx: *mut std::ffi::c_void, begin: i64, end: i64) {
    // SAFETY: `ctx` is the `Recorder` the test passed.
    let recorder = unsafe { &*(ctx as *const Recorder) };
    if recorder.nested {
        let inner = Recorder::new(false);
        call_parallel_for(&inner, 1000, 1000);
        assert_eq!(covered(&inner), 1000, "a nested region covers its range");
    }
    recorder.threads.lock().unwrap().insert(std::thread::current().id());
    if recorder.nested && pool::num_threads() > 1 {
        // Hold this chunk until another thread has claimed one, so that the
        // calling thread cannot run every chunk before a sleeping worker
        // wakes (on a loaded machine that can take far longer than a fixed
        // sleep). A pool that never helps still fails the test, after 20 s.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while recorder.threads.lock().unwrap().len() < 2 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    recorder.seen.lock().unwrap().push((begin, end));
}

fn call_parallel_for(recorder: &Recorder, iterations: i64, cost: i64) {
    type ParallelFor = unsafe extern "C" fn(pool::Task, *mut std::ffi::c_void, i64, i64);
    // SAFETY: the address is `xla_parallel_for`, with this signature.
    let parallel_for: ParallelFor = unsafe { std::mem::transmute(pool::parallel_for_address()) };
    // SAFETY: `record` only reads the recorder, which outlives the call.
    unsafe { parallel_for(record, recorder as *const Recorder as *mut std::ffi::c_void, iterations, cost) };
}

/// The iterations the recorded ranges cover; panics on overlaps or gaps.
fn covered(recorder: &Recorder) -> i64 {
    let mut ranges = recorder.seen.lock().unwrap().clone();
    ranges.sort();
    let mut next = 0;
    for (begin, end) in ranges {
        assert_eq!(begin, next, "ranges are contiguous and disjoint");
        assert!(end > begin);
        next = end;
    }
    next
}

#[test]
fn parallel_for_covers_the_range_once_and_nests_without_deadlock() {
    let _turn = crate::SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let _split = SplitEverything::new();
    for iterations in [1, 2, 3, 17, 1000] {
        let recorder = Recorder::new(false);
        call_parallel_for(&recorder, iterations, 1 << 20);
        assert_eq!(covered(&recorder), iterations);
    }
    let none = Recorder::new(false);
    call_parallel_for(&none, 0, 1);
    assert!(none.seen.lock().unwrap().is_empty(), "no iterations, no call");
    let outer = Recorder::new(true);
    call_parallel_for(&outer, 64, 1 << 20);
    assert_eq!(covered(&outer), 64);
    if pool::num_threads() > 1 {
        assert!(outer.seen.lock().unwrap().len() > 1, "large work is split on {} threads", pool::num_threads());
        // The chunks ran on the calling thread and on the pool's.
        let threads = outer.threads.lock().unwrap().len();
        assert!(threads > 1, "the chunks of a split loop ran on {threads} thread(s)");
    }
}
