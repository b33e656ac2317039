#!/usr/bin/env python3
"""Benchmarks xla-run against a named baseline, in one run.

Each benchmark is a JAX function and fixed inputs. The script lowers it with
`jax.jit(f).lower(*args).as_text()`, so both sides compile the same
StableHLO, times our JIT with `xla-run --bench N` (median of N runs after a
warm-up, outputs preallocated), and times the baseline on the same inputs:

  --baseline jax     XLA's own CPU compiler through jax.jit (default)
  --baseline numpy   the same computation written with numpy (where given)

Both sides must produce the same values (per-benchmark tolerance, checked by
`xla-run --expect` against the baseline's outputs): a benchmark whose values
differ, or that fails to compile or run, is listed as FAILED and left out of
the geomeans (never dropped silently).

Printed (and written with --json FILE): per benchmark ours, baseline, the
ratio ours/baseline (lower is better); the geomean of the ratios, and the
geomean over the benchmarks where the baseline takes at least 0.5 ms; each
side's dispatch overhead (the time of a trivial program, an add of two
scalars), and ratios with it subtracted from both sides, so sub-0.1 ms
programs are compared fairly; and the machine: FMA peak (GFLOP/s, f32, one
core and all cores) and copy bandwidth (GB/s), measured by a small C program
compiled with `cc -O3 -march=native` (independent of both compilers).

XLA runs with its own thread pool (all cores) unless --xla-single-thread.
`--threads N` is passed on as `xla-run --threads N` when xla-run has that
option (otherwise noted, and ours runs as xla-run always does).

`--compile-time` also measures each side's compile time, best of 3: XLA's
CPU client compiling the same module (not tracing or lowering), ours
what `xla-run --timing`'s stage report gives parsing, the MLIR pipeline
and LLVM (optimization and machine code), that is everything but the run.

`--keep DIR` writes each program (`NAME.mlir`, its inputs `NAME.inI.npy` and
XLA's outputs `NAME.expectedI.npy`) into DIR and keeps them, to rerun one by
hand (`xla-run DIR/NAME.mlir --input ... --timing`).

`--xla-run-arg ARG` (repeatable) adds ARG to every xla-run call;
`--ab-arg ARG` (repeatable) also times ours with those arguments (values
checked too), alternating with the plain runs, and prints the two times and
their ratio B/A: an A/B comparison of a compiler option in one run.

Needs jax and numpy (`pip install jax`) and a C compiler; the xla-run binary
comes from --xla-run or target/release, then target/debug.

    python3 bench/bench.py [--baseline jax] [--runs 20] [--only matmul] [--json out.json]
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Set once jax is imported (after the options: --xla-single-thread sets
# XLA_FLAGS, which must precede the import).
jax = jnp = np = None


def import_jax(single_thread):
    global jax, jnp, np
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    if single_thread:
        os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                                   " --xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1").strip()
    import jax as jax_module
    import jax.numpy as jnp_module
    import numpy as np_module
    jax, jnp, np = jax_module, jnp_module, np_module
    jax.config.update("jax_enable_x64", True)  # the f64 math benchmarks


def rand(rs, *shape):
    return rs.uniform(-1, 1, size=shape).astype(np.float32)


# --- programs ---------------------------------------------------------------

def elementwise_chain(x):
    """20 transcendental/element-wise ops (sin, cos, tanh, log, mul, add)."""
    for _ in range(4):
        x = jnp.sin(x)
        x = jnp.cos(x) * 1.5
        x = jnp.tanh(x)
        x = jnp.log(x * x + 1.0)
        x = x + 0.25
    return x


def layernorm(x, gamma, beta):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta


def layernorm_fast_variance(x, gamma, beta):
    """flax.linen.LayerNorm's default (use_fast_variance=True): the variance
    as E[x²] - E[x]², two sibling reductions of x."""
    mean = jnp.mean(x, axis=-1, keepdims=True)
    mean2 = jnp.mean(x * x, axis=-1, keepdims=True)
    var = jnp.maximum(mean2 - mean * mean, 0.0)
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta


def mlp(x, w1, b1, w2, b2, w3, b3):
    h = jax.nn.relu(x @ w1 + b1)
    h = jax.nn.relu(h @ w2 + b2)
    return jax.nn.log_softmax(h @ w3 + b3)


def conv(x, k):
    return jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


def cnn(params, x):
    """conv 3x3 (3→16), relu, 2x2 average pool, conv 3x3 (16→32), relu,
    global average pool, dense 32→10, log_softmax."""
    k1, k2, w, b = params
    h = jax.nn.relu(conv(x, k1))
    n, hh, ww, c = h.shape
    h = h.reshape(n, hh // 2, 2, ww // 2, 2, c).mean(axis=(2, 4))
    h = jax.nn.relu(conv(h, k2))
    h = h.mean(axis=(1, 2))
    return jax.nn.log_softmax(h @ w + b)


def cnn_loss(params, x, labels):
    logits = cnn(params, x)
    return -jnp.mean(jnp.sum(logits * labels, axis=-1))


def attention(x, wq, wk, wv, wo):
    """One self-attention block: 4 heads of 64 over 256 positions, output
    projection, residual and layer norm."""
    s, d = x.shape
    heads = 4
    split = lambda t: t.reshape(s, heads, d // heads).transpose(1, 0, 2)  # noqa: E731
    q, k, v = split(x @ wq), split(x @ wk), split(x @ wv)
    scores = jnp.einsum("hqd,hkd->hqk", q, k) / jnp.sqrt(jnp.float32(d // heads))
    out = jnp.einsum("hqk,hkd->hqd", jax.nn.softmax(scores, axis=-1), v)
    out = out.transpose(1, 0, 2).reshape(s, d) @ wo
    return layernorm(x + out, jnp.ones(d, jnp.float32), jnp.zeros(d, jnp.float32))


def rnn_scan(xs, h0, w, u, b):
    """A tanh RNN as lax.scan: each step reads one input row (dynamic_slice)
    and writes one output row (dynamic_update_slice) of the stacked result."""
    def step(h, x):
        h = jnp.tanh(x @ w + h @ u + b)
        return h, h
    return jax.lax.scan(step, h0, xs)


class Bench:
    """A program: name, JAX function, inputs, numpy version (or None),
    tolerance of the value check."""

    def __init__(self, name, f, args, numpy_f=None, rtol=1e-3, atol=1e-4):
        self.name, self.f, self.args, self.numpy_f, self.rtol, self.atol = name, f, args, numpy_f, rtol, atol


def benchmarks():
    rs = np.random.RandomState(0)
    # Programs added later draw from their own stream: the others keep
    # their inputs.
    rs2 = np.random.RandomState(1)
    cnn_params = (rand(rs, 3, 3, 3, 16) * 0.5, rand(rs, 3, 3, 16, 32) * 0.2, rand(rs, 32, 10) * 0.3, rand(rs, 10) * 0.1)
    images = rand(rs, 8, 32, 32, 3)
    labels = np.eye(10, dtype=np.float32)[rs.randint(0, 10, size=8)]
    return [
        Bench("axpy_16M", lambda a, x, y: a * x + y, (np.float32(2.5), rand(rs, 1 << 24), rand(rs, 1 << 24)),
              lambda a, x, y: a * x + y),
        Bench("gelu_tanh_256x1024", lambda x: jax.nn.gelu(x, approximate=True), (rand(rs, 256, 1024) * 4,)),
        Bench("gelu_erf_256x1024", lambda x: jax.nn.gelu(x, approximate=False), (rand(rs, 256, 1024) * 4,)),
        Bench("chain20_512x512", elementwise_chain, (rand(rs, 512, 512),)),
        Bench("softmax_1024", lambda x: jax.nn.softmax(x, axis=-1), (rand(rs, 1024, 1024),)),
        Bench("layernorm_512x1024", layernorm, (rand(rs, 512, 1024), rand(rs, 1024), rand(rs, 1024))),
        Bench("layernorm_fast_var_512x1024", layernorm_fast_variance,
              (rand(rs2, 512, 1024), rand(rs2, 1024), rand(rs2, 1024))),
        Bench("top_k_5_of_1000x512", lambda x: jax.lax.top_k(x, 5), (rand(rs, 512, 1000),), rtol=0, atol=0),
        Bench("matmul_256", lambda a, b: a @ b, (rand(rs, 256, 256), rand(rs, 256, 256)), lambda a, b: a @ b),
        Bench("matmul_512", lambda a, b: a @ b, (rand(rs, 512, 512), rand(rs, 512, 512)), lambda a, b: a @ b),
        Bench("matmul_1024", lambda a, b: a @ b, (rand(rs, 1024, 1024), rand(rs, 1024, 1024)), lambda a, b: a @ b,
              atol=1e-3),
        Bench("matmul_2048", lambda a, b: a @ b, (rand(rs, 2048, 2048), rand(rs, 2048, 2048)), lambda a, b: a @ b,
              atol=1e-3),
        Bench("mlp_64x784", lambda x, w1, w2: jax.nn.log_softmax(jnp.maximum(x @ w1, 0) @ w2),
              (rand(rs, 64, 784), rand(rs, 784, 256), rand(rs, 256, 10))),
        Bench("mlp3_256x512", mlp, (rand(rs, 256, 512), rand(rs, 512, 1024) * 0.05, rand(rs, 1024) * 0.1,
                                    rand(rs, 1024, 1024) * 0.05, rand(rs, 1024) * 0.1, rand(rs, 1024, 10) * 0.05,
                                    rand(rs, 10) * 0.1), atol=1e-3),
        Bench("conv3x3_32x32x16", conv, (rand(rs, 1, 32, 32, 16), rand(rs, 3, 3, 16, 16))),
        Bench("cnn_forward_8x32x32", cnn, (cnn_params, images), atol=1e-3),
        Bench("cnn_grad_8x32x32", jax.grad(cnn_loss), (cnn_params, images, labels), atol=1e-3),
        Bench("attention_256x256", attention, (rand(rs, 256, 256), rand(rs, 256, 256) * 0.1, rand(rs, 256, 256) * 0.1,
                                               rand(rs, 256, 256) * 0.1, rand(rs, 256, 256) * 0.1), atol=1e-3),
        Bench("rnn_scan_16x32x256", rnn_scan, (rand(rs, 16, 32, 128), rand(rs, 32, 256) * 0.1, rand(rs, 128, 256) * 0.05,
                                               rand(rs, 256, 256) * 0.05, rand(rs, 256) * 0.1), atol=1e-3),
        Bench("rnn_scan_256x8x64", rnn_scan, (rand(rs, 256, 8, 64), rand(rs, 8, 64) * 0.1, rand(rs, 64, 64) * 0.1,
                                              rand(rs, 64, 64) * 0.1, rand(rs, 64) * 0.1), atol=1e-3),
        Bench("take_rows_8192_of_50000x256", lambda t, i: jnp.take(t, i, axis=0) * 2.0,
              (rand(rs, 50000, 256), rs.randint(0, 50000, size=8192).astype(np.int32)),
              lambda t, i: np.take(t, i, axis=0) * 2.0),
        Bench("reduce_sum_4M", lambda x: jnp.sum(x, axis=1), (rand(rs, 2048, 2048),), lambda x: x.sum(axis=1)),
        Bench("row_sum_and_max_4096x2048", lambda x: (jnp.sum(x, axis=1), jnp.max(x, axis=1)), (rand(rs2, 4096, 2048),),
              lambda x: (x.sum(axis=1), x.max(axis=1))),
        Bench("cumsum_1024", lambda x: jnp.cumsum(x, axis=1), (rand(rs, 64, 1024),), lambda x: np.cumsum(x, axis=1)),
        Bench("sort_16k", lambda x: jnp.sort(x), (rand(rs, 16384),), lambda x: np.sort(x), rtol=0, atol=0),
        Bench("sort_rows_256x1024", lambda x: jnp.sort(x, axis=-1), (rand(rs, 256, 1024),),
              lambda x: np.sort(x, axis=-1), rtol=0, atol=0),
        # Transcendental functions (xla-polynomial-math), 1M elements, f32 and f64.
        *[Bench(f"{name}_1M_{t}", f, (positive(rs, t) if name in ("log", "pow") else wide(rs, t),) * (2 if name == "pow" else 1))
          for t in ("f32", "f64")
          for name, f in [("tanh", jnp.tanh), ("sin", jnp.sin), ("log", jnp.log), ("exp", jnp.exp), ("pow", jax.lax.pow)]],
    ]


def wide(rs, t):
    return rs.uniform(-10, 10, size=1 << 20).astype(np.float32 if t == "f32" else np.float64)


def positive(rs, t):
    return rs.uniform(0.01, 10, size=1 << 20).astype(np.float32 if t == "f32" else np.float64)


# The trivial program that measures each side's dispatch overhead.
DISPATCH = ("dispatch_add_scalars", lambda a, b: a + b, lambda: (np.float32(1.5), np.float32(2.25)), lambda a, b: a + b)


# --- machine peak -----------------------------------------------------------

PEAK_C = r"""
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__AVX512F__)
#define LANES 16
#elif defined(__AVX__)
#define LANES 8
#else
#define LANES 4
#endif
typedef float vf __attribute__((vector_size(LANES * 4)));
#define CHAINS 12 /* independent FMA chains: cover latency x ports */

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static long iterations;
static size_t copy_bytes;
static int copy_reps;
static pthread_barrier_t barrier;
static volatile float sink;

static void *fma_thread(void *arg) {
    (void)arg;
    vf acc[CHAINS], a, b;
    for (int i = 0; i < LANES; i++) { a[i] = 0.999999f; b[i] = 1e-7f; }
    for (int c = 0; c < CHAINS; c++)
        for (int i = 0; i < LANES; i++) acc[c][i] = (float)(c + i);
    pthread_barrier_wait(&barrier);
    for (long it = 0; it < iterations; it++) {
        for (int c = 0; c < CHAINS; c++) acc[c] = acc[c] * a + b; /* contracted into one FMA */
    }
    float s = 0;
    for (int c = 0; c < CHAINS; c++) s += acc[c][0];
    sink = s;
    return NULL;
}

static void *copy_thread(void *arg) {
    (void)arg;
    char *src = malloc(copy_bytes), *dst = malloc(copy_bytes);
    memset(src, 1, copy_bytes);
    memset(dst, 2, copy_bytes);
    pthread_barrier_wait(&barrier);
    for (int r = 0; r < copy_reps; r++) {
        memcpy(dst, src, copy_bytes);
        __asm__ volatile("" : : "r"(dst) : "memory");
    }
    sink = dst[copy_bytes / 2];
    free(src);
    free(dst);
    return NULL;
}

/* Runs `body` on `threads` threads (started together); returns seconds. */
static double run(void *(*body)(void *), int threads) {
    pthread_t t[256];
    pthread_barrier_init(&barrier, NULL, threads + 1);
    for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, body, NULL);
    pthread_barrier_wait(&barrier);
    double start = now();
    for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
    double seconds = now() - start;
    pthread_barrier_destroy(&barrier);
    return seconds;
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 1;
    iterations = 50000000L;
    double best = 1e30;
    for (int r = 0; r < 3; r++) { double s = run(fma_thread, threads); if (s < best) best = s; }
    double flops = 2.0 * LANES * CHAINS * (double)iterations * threads;
    copy_bytes = 64u << 20; /* 64 MiB per thread: well beyond the caches */
    copy_reps = 10;
    double copy_best = 1e30;
    for (int r = 0; r < 3; r++) { double s = run(copy_thread, threads); if (s < copy_best) copy_best = s; }
    /* STREAM's convention: a copy moves 2 bytes (read + write) per byte. */
    double bytes = 2.0 * copy_bytes * copy_reps * threads;
    printf("{\"threads\": %d, \"lanes\": %d, \"fma_gflops\": %.1f, \"copy_gbs\": %.1f}\n", threads, LANES,
           flops / best * 1e-9, bytes / copy_best * 1e-9);
    return 0;
}
"""


def machine_peak(tmp):
    """FMA peak and copy bandwidth on 1 and all cores, or an error text."""
    source, binary = os.path.join(tmp, "peak.c"), os.path.join(tmp, "peak")
    with open(source, "w") as fh:
        fh.write(PEAK_C)
    cc = os.environ.get("CC", "cc")
    built = subprocess.run([cc, "-O3", "-march=native", "-pthread", source, "-o", binary], capture_output=True, text=True)
    if built.returncode != 0:
        return {"error": f"{cc} failed: {built.stderr.strip()[-300:]}"}
    cores = os.cpu_count() or 1
    result = {"cores": cores, "compiler": f"{cc} -O3 -march=native"}
    for label, threads in [("one_core", 1), ("all_cores", cores)]:
        ran = subprocess.run([binary, str(threads)], capture_output=True, text=True)
        if ran.returncode != 0:
            return {"error": f"peak program failed: {ran.stderr.strip()[-300:]}"}
        result[label] = json.loads(ran.stdout)
    return result


# --- running ----------------------------------------------------------------

def find_xla_run(explicit):
    for candidate in [explicit, os.path.join(ROOT, "target/release/xla-run"), os.path.join(ROOT, "target/debug/xla-run")]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit("bench: no xla-run binary (cargo build --release, or --xla-run PATH)")


def has_option(xla_run, option):
    shown = subprocess.run([xla_run, "--help"], capture_output=True, text=True)
    return re.search(r"(^|\s)" + re.escape(option) + r"\b", shown.stdout) is not None


def time_baseline(f, args, runs):
    out = f(*args)  # warm-up (and compile, for jax)
    if hasattr(out, "block_until_ready"):
        jax.block_until_ready(out)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        out = f(*args)
        jax.block_until_ready(out)
        times.append((time.perf_counter() - start) * 1e3)
    return float(np.median(times))


def leaves(value):
    return [np.asarray(leaf) for leaf in jax.tree_util.tree_leaves(value)]


def run_ours(xla_run, path, inputs, extra, timeout):
    try:
        return subprocess.run([xla_run, path, *inputs, *extra], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess([], 124, "", f"timed out after {timeout} s")


def last_line(text):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def measure(name, f, args, numpy_f, options, xla_run, thread_flags, tmp, rtol, atol):
    """One row of the table (a dict)."""
    row = {"name": name}
    jitted = jax.jit(f)
    path = os.path.join(tmp, f"{name}.mlir")
    with open(path, "w") as fh:
        fh.write(jitted.lower(*args).as_text())
    inputs = []
    for i, a in enumerate(jax.tree_util.tree_leaves(args)):
        p = os.path.join(tmp, f"{name}.in{i}.npy")
        np.save(p, np.array(a, order="C"))
        inputs += ["--input", p]
    expects = []
    for i, leaf in enumerate(leaves(jitted(*args))):
        p = os.path.join(tmp, f"{name}.expected{i}.npy")
        np.save(p, leaf)
        expects += ["--expect", p]
    # Baseline first: its time also sets the number of runs (about a second
    # per side, at least 5 runs).
    if options.baseline == "jax":
        # Inputs already on the (CPU) device, as ours are preloaded.
        base_ms = time_baseline(jitted, jax.device_put(args), options.runs)
    else:
        base_ms = time_baseline(numpy_f, args, options.runs)
    row["base_ms"] = base_ms
    runs = max(5, min(options.runs, int(1000 / max(base_ms, 1e-3))))
    check = run_ours(xla_run, path, inputs, [*expects, "--rtol", str(rtol), "--atol", str(atol)], options.timeout)
    row["matches"] = check.returncode == 0
    if check.returncode != 0:
        row["error"] = last_line(check.stderr or check.stdout)
    ours = run_ours(xla_run, path, inputs, ["--bench", str(runs), *thread_flags], options.timeout)
    if ours.returncode == 0:
        row["ours_ms"] = json.loads(ours.stdout)["median_ms"]
        row["ratio"] = row["ours_ms"] / base_ms
        row["runs"] = runs
    else:
        row["matches"] = False
        row.setdefault("error", last_line(ours.stderr or ours.stdout))
    if options.ab_arg and "ours_ms" in row:
        # A/B: B's values checked too; each side timed twice, alternating,
        # the lower median kept.
        b_check = run_ours(xla_run, path, inputs, [*expects, "--rtol", str(rtol), "--atol", str(atol), *options.ab_arg],
                           options.timeout)
        if b_check.returncode != 0:
            row["ab_error"] = last_line(b_check.stderr or b_check.stdout)
            return row
        a_times, b_times = [row["ours_ms"]], []
        for turn in ["b", "a", "b"]:
            extra = ["--bench", str(runs), *thread_flags, *(options.ab_arg if turn == "b" else [])]
            timed = run_ours(xla_run, path, inputs, extra, options.timeout)
            if timed.returncode != 0:
                row["ab_error"] = last_line(timed.stderr or timed.stdout)
                return row
            (b_times if turn == "b" else a_times).append(json.loads(timed.stdout)["median_ms"])
        row["ours_ms"] = min(a_times)
        row["ratio"] = row["ours_ms"] / base_ms
        row["ab_ms"] = min(b_times)
    if options.compile_time and options.baseline == "jax":
        measure_compile(row, xla_run, path, inputs, thread_flags, options.timeout)
    return row


def xla_compile_s(text):
    """Seconds of XLA's compile of the StableHLO module `text`, by the CPU
    client itself (`lowered.compile()` is cached in the process after the
    first call)."""
    from jax._src import xla_bridge
    from jax._src.lib import xla_client
    backend = xla_bridge.get_backend("cpu")
    devices = xla_client.DeviceList(tuple(backend.devices()[:1]))
    start = time.perf_counter()
    backend.compile_and_load(text, devices, xla_client.CompileOptions())
    return time.perf_counter() - start


def ours_compile_s(xla_run, path, inputs, extra, timeout):
    """Seconds of our compile: the stage report's stages but the run."""
    ran = run_ours(xla_run, path, inputs, ["--timing", *extra], timeout)
    if ran.returncode != 0:
        return None
    stages = re.findall(r"^  (\S.*?)\s+([0-9.]+) s\s+[0-9.]+%$", ran.stderr, re.MULTILINE)
    compile_s = sum(float(seconds) for stage, seconds in stages if stage not in ("running", "total"))
    return compile_s if stages else None


def measure_compile(row, xla_run, path, inputs, extra, timeout):
    """Adds both sides' compile times (best of 3, seconds) to `row`."""
    with open(path) as fh:
        text = fh.read()
    xla = min(xla_compile_s(text) for _ in range(3))
    ours = [ours_compile_s(xla_run, path, inputs, extra, timeout) for _ in range(3)]
    row["xla_compile_s"] = xla
    if all(t is not None for t in ours):
        row["ours_compile_s"] = min(ours)
        row["compile_ratio"] = row["ours_compile_s"] / xla


def geomean(values):
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", choices=["jax", "numpy"], default="jax")
    parser.add_argument("--runs", type=int, default=20, help="most runs per side and benchmark (at least 5)")
    parser.add_argument("--only", help="regex of benchmark names")
    parser.add_argument("--xla-run")
    parser.add_argument("--threads", type=int, help="passed on as xla-run --threads N when xla-run has it")
    parser.add_argument("--xla-single-thread", action="store_true", help="run XLA without its thread pool")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per xla-run call")
    parser.add_argument("--no-peak", action="store_true", help="skip the FMA peak and bandwidth measurement")
    parser.add_argument("--json", metavar="FILE", help="also write everything as JSON to FILE")
    parser.add_argument("--compile-time", action="store_true",
                        help="also compare compile times (best of 3 each; XLA's CPU client compile, "
                             "ours the stages of xla-run --timing but the run)")
    parser.add_argument("--keep", metavar="DIR",
                        help="write each program's StableHLO, inputs and expected outputs into DIR and keep them")
    parser.add_argument("--xla-run-arg", action="append", default=[], metavar="ARG",
                        help="one more argument of every xla-run call (repeat for several)")
    parser.add_argument("--ab-arg", action="append", default=[], metavar="ARG",
                        help="A/B: also time ours with these xla-run arguments (repeat for several), "
                             "alternating twice with the plain runs; prints both and their ratio")
    options = parser.parse_args()
    import_jax(options.xla_single_thread)
    xla_run = find_xla_run(options.xla_run)
    base = options.baseline
    thread_flags, notes = [], []
    if options.threads is not None:
        if has_option(xla_run, "--threads"):
            thread_flags = ["--threads", str(options.threads)]
            thread_flags += options.xla_run_arg
        else:
            notes.append(f"xla-run has no --threads option: --threads {options.threads} ignored (ours single-threaded)")
    if options.threads is None or not has_option(xla_run, "--threads"):
        thread_flags += options.xla_run_arg
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        tmp = options.keep or scratch
        os.makedirs(tmp, exist_ok=True)
        peak = None if options.no_peak else machine_peak(tmp)
        name, f, make_args, numpy_f = DISPATCH
        dispatch = measure(name, f, make_args(), numpy_f, options, xla_run, thread_flags, tmp, 0, 0)
        for bench in benchmarks():
            if options.only and not re.search(options.only, bench.name):
                continue
            if base == "numpy" and bench.numpy_f is None:
                continue
            print(f"bench: {bench.name} ...", file=sys.stderr, flush=True)
            rows.append(measure(bench.name, bench.f, bench.args, bench.numpy_f, options, xla_run, thread_flags, tmp,
                                bench.rtol, bench.atol))
    ours_overhead = dispatch.get("ours_ms", 0.0)
    base_overhead = dispatch["base_ms"]
    for row in rows:
        if "ours_ms" in row:
            # With each side's dispatch overhead subtracted (floored at 1 us).
            row["ratio_without_dispatch"] = (max(row["ours_ms"] - ours_overhead, 1e-3) /
                                             max(row["base_ms"] - base_overhead, 1e-3))
    good = [r for r in rows if r.get("matches") and "ratio" in r]
    failed = [r["name"] for r in rows if not (r.get("matches") and "ratio" in r)]
    summary = {
        "geomean_ratio": geomean([r["ratio"] for r in good]),
        "geomean_ratio_programs": len(good),
        "geomean_ratio_baseline_at_least_0.5ms": geomean([r["ratio"] for r in good if r["base_ms"] >= 0.5]),
        "geomean_ratio_baseline_at_least_0.5ms_programs": len([r for r in good if r["base_ms"] >= 0.5]),
        "geomean_ratio_without_dispatch": geomean([r["ratio_without_dispatch"] for r in good]),
        "failed": failed,
    }
    compiled = [r for r in rows if "compile_ratio" in r]
    if compiled:
        summary["geomean_compile_ratio"] = geomean([r["compile_ratio"] for r in compiled])
        summary["compile_programs"] = len(compiled)
        summary["compile_at_most_xla"] = len([r for r in compiled if r["compile_ratio"] <= 1.0])
    report = {"baseline": base, "xla_run": xla_run, "threads_flags": thread_flags, "notes": notes,
              "ab_args": options.ab_arg,
              "xla_single_thread": options.xla_single_thread,
              "dispatch_overhead_ms": {"ours": ours_overhead, base: base_overhead, "ours_error": dispatch.get("error")},
              "machine": peak, "results": rows, "summary": summary,
              "jax_version": jax.__version__, "date": time.strftime("%Y-%m-%d %H:%M:%S %Z")}
    print_report(report, options)
    if options.json:
        with open(options.json, "w") as fh:
            json.dump(report, fh, indent=1)
            fh.write("\n")


def print_report(report, options):
    base = report["baseline"]
    label = "xla" if base == "jax" else base
    print(f"baseline: {base}" + (" (XLA CPU, single thread)" if report["xla_single_thread"] else
                                 " (XLA CPU, its own thread pool)" if base == "jax" else "") +
          f"; ours: {report['xla_run']} {' '.join(report['threads_flags'])}".rstrip())
    for note in report["notes"]:
        print(f"note: {note}")
    print("median times (ms); ratio = ours / baseline (lower is better); "
          "-dispatch: the ratio with each side's dispatch overhead subtracted")
    ab = report.get("ab_args")
    if ab:
        print(f"A/B: column 'B' is ours with {' '.join(ab)}; B/A = its time over ours' (A/B runs alternate; lower medians kept)")
    compile_columns = any("xla_compile_s" in r for r in report["results"])
    print(f"{'benchmark':28s} {'ours':>10s} {label:>10s} {'ratio':>8s} {'-dispatch':>9s}" +
          (f" {'B':>10s} {'B/A':>6s}" if ab else "") +
          (f" {'compile s':>9s} {'xla':>6s} {'ratio':>6s}" if compile_columns else "") + "  values")
    for row in report["results"]:
        ours = f"{row['ours_ms']:10.3f}" if "ours_ms" in row else f"{'-':>10s}"
        ratio = f"{row['ratio']:8.2f}" if "ratio" in row else f"{'-':>8s}"
        adjusted = f"{row['ratio_without_dispatch']:9.2f}" if "ratio_without_dispatch" in row else f"{'-':>9s}"
        status = "ok" if row.get("matches") and "ratio" in row else f"FAILED: {row.get('error', 'values differ')}"
        if row.get("ab_error"):
            status += f" (B FAILED: {row['ab_error']})"
        columns = ""
        if ab:
            columns = (f" {row['ab_ms']:10.3f} {row['ab_ms'] / row['ours_ms']:6.2f}" if "ab_ms" in row
                       else f" {'-':>10s} {'-':>6s}")
        if compile_columns:
            columns += (f" {row['ours_compile_s']:9.3f} {row['xla_compile_s']:6.3f} {row['compile_ratio']:6.2f}"
                        if "compile_ratio" in row else f" {'-':>9s} {'-':>6s} {'-':>6s}")
        print(f"{row['name']:28s} {ours} {row['base_ms']:10.3f} {ratio} {adjusted}{columns}  {status}")
    s = report["summary"]
    fmt = lambda v: "-" if v is None else f"{v:.2f}"  # noqa: E731
    print(f"geomean ratio: {fmt(s['geomean_ratio'])} over {s['geomean_ratio_programs']} programs; "
          f"where {label} >= 0.5 ms: {fmt(s['geomean_ratio_baseline_at_least_0.5ms'])} over "
          f"{s['geomean_ratio_baseline_at_least_0.5ms_programs']}; without dispatch: "
          f"{fmt(s['geomean_ratio_without_dispatch'])}")
    if s["failed"]:
        print(f"FAILED ({len(s['failed'])}, not in the geomeans): {', '.join(s['failed'])}")
    if "geomean_compile_ratio" in s:
        print(f"compile time: geomean ours / {label} {fmt(s['geomean_compile_ratio'])} over {s['compile_programs']} "
              f"programs; ours <= {label} on {s['compile_at_most_xla']}")
    d = report["dispatch_overhead_ms"]
    print(f"dispatch overhead (add of two f32 scalars): ours {d['ours'] * 1e3:.2f} us, "
          f"{label} {d[base] * 1e3:.2f} us" + (f" (ours failed: {d['ours_error']})" if d.get("ours_error") else ""))
    m = report["machine"]
    if m and "error" not in m:
        one, every = m["one_core"], m["all_cores"]
        print(f"machine ({m['compiler']}, {one['lanes']}-lane f32 vectors): FMA peak {one['fma_gflops']:.1f} GFLOP/s "
              f"on 1 core, {every['fma_gflops']:.1f} on {m['cores']} cores; copy bandwidth (read + write) "
              f"{one['copy_gbs']:.1f} GB/s on 1 core, {every['copy_gbs']:.1f} on {m['cores']}")
    elif m:
        print(f"machine: not measured ({m['error']})")


if __name__ == "__main__":
    main()
