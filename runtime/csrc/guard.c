/* The JIT's side of allocation failure (see lowering/src/checked_alloc.rs):
 * compiled code calls xla_allocation_failed(size) when malloc fails, and
 * that call must not return. Rust cannot call setjmp, so the guarded call
 * lives here: xla_guarded_call runs a packed entry point under setjmp, and
 * xla_allocation_failed longjmps back to it. The frames skipped are those of
 * compiled code only, which hold no cleanups; the temporaries it allocated
 * before the failure are not freed (it keeps no list of them). */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The innermost guarded call of this thread, and the size that failed. */
static _Thread_local jmp_buf *active;
static _Thread_local uint64_t failed_size;

/* Calls run(closure) under a guard of this thread: 0 when it returned, or
 * 1 when an allocation of compiled code failed; then *size is the size it
 * asked for. Guards nest (the outer one is restored). */
static int guarded(void (*run)(void *), void *closure, uint64_t *size) {
  jmp_buf here;
  jmp_buf *outer = active;
  if (setjmp(here) != 0) {
    active = outer;
    *size = failed_size;
    return 1;
  }
  active = &here;
  run(closure);
  active = outer;
  return 0;
}

struct packed_call {
  void (*function)(void **);
  void **arguments;
};

static void run_packed_call(void *closure) {
  struct packed_call *call = closure;
  call->function(call->arguments);
}

/* Calls function(arguments) (a packed entry point) under the guard. */
int xla_guarded_call(void (*function)(void **), void **arguments, uint64_t *size) {
  struct packed_call call = {function, arguments};
  return guarded(run_packed_call, &call, size);
}

void xla_allocation_failed(uint64_t size) {
  if (!active) {
    /* Compiled code run outside xla_guarded_call: nowhere to unwind to. */
    fprintf(stderr, "error: out of memory: compiled code could not allocate %llu bytes\n",
            (unsigned long long)size);
    abort();
  }
  failed_size = size;
  longjmp(*active, 1);
}

/* ---- Parallel loops (see runtime/src/pool.rs) ---------------------------
 * Compiled code calls xla_parallel_for for each outlined parallel loop
 * (lowering: xla-cpu-parallel-tasks). The pool itself is Rust's; this C
 * frame sits between compiled code and it so that an allocation failure is
 * raised (longjmp) from C, never across Rust frames. */

typedef void (*xla_task)(void *ctx, int64_t begin, int64_t end);

/* Implemented in Rust: 0 = not split (the caller runs the loop), 1 = ran on
 * the pool, 2 = ran on the pool and a chunk's allocation failed. */
int xla_pool_run(xla_task task, void *ctx, int64_t iterations, int64_t cost, uint64_t *size);

struct task_call {
  xla_task task;
  void *ctx;
  int64_t begin, end;
};

static void run_task_call(void *closure) {
  struct task_call *call = closure;
  call->task(call->ctx, call->begin, call->end);
}

/* Runs task(ctx, begin, end) under this thread's own guard (a pool thread
 * has no guarded call of its own). 1 and *size when an allocation failed. */
int xla_guarded_task(xla_task task, void *ctx, int64_t begin, int64_t end, uint64_t *size) {
  struct task_call call = {task, ctx, begin, end};
  return guarded(run_task_call, &call, size);
}

void xla_parallel_for(xla_task task, void *ctx, int64_t iterations, int64_t cost) {
  if (iterations <= 0)
    return;
  uint64_t size = 0;
  switch (xla_pool_run(task, ctx, iterations, cost, &size)) {
  case 0:
    task(ctx, 0, iterations);
    return;
  case 2:
    xla_allocation_failed(size); /* does not return */
    return;
  default:
    return;
  }
}

/* ---- Collectives (see runtime/src/devices.rs) ----------------------------
 * Compiled code calls xla_collective (buffers as addresses, sizes in bytes).
 * The exchange itself is Rust's; when it fails (a peer that never came,
 * groups naming missing devices) this C frame unwinds to the guarded call,
 * with the size XLA_RUNTIME_FAILURE telling the caller that the message is
 * kept in Rust. */

#define XLA_RUNTIME_FAILURE UINT64_MAX

int xla_collective_run(int64_t kind, const char *send, int64_t send_bytes, char *recv, int64_t recv_bytes,
                       const int64_t *table, int64_t table_len, int64_t group_size, const char *site,
                       int64_t site_len);

void xla_collective(int64_t kind, const char *send, int64_t send_bytes, char *recv, int64_t recv_bytes,
                    const int64_t *table, int64_t table_len, int64_t group_size, const char *site,
                    int64_t site_len) {
  if (xla_collective_run(kind, send, send_bytes, recv, recv_bytes, table, table_len, group_size, site,
                         site_len) != 0) {
    if (!active) {
      fprintf(stderr, "error: a collective failed outside a guarded call\n");
      abort();
    }
    failed_size = XLA_RUNTIME_FAILURE;
    longjmp(*active, 1);
  }
}

/* ---- Host transfers (see runtime/src/host_transfer.rs) -------------------
 * Compiled code calls xla_host_transfer for infeed, outfeed and host
 * send/recv (lowering/src/stablehlo_to_linalg/host_transfer.rs). The queues
 * are Rust's; when a transfer fails (no infeed value left, a value of the
 * wrong shape) this C frame unwinds to the guarded call, as a failed
 * collective does. */

int xla_host_transfer_run(int64_t kind, int64_t channel, const int64_t *buffers, int64_t count, const char *info,
                          int64_t info_len);

void xla_host_transfer(int64_t kind, int64_t channel, const int64_t *buffers, int64_t count, const char *info,
                       int64_t info_len) {
  if (xla_host_transfer_run(kind, channel, buffers, count, info, info_len) != 0) {
    if (!active) {
      fprintf(stderr, "error: a host transfer failed outside a guarded call\n");
      abort();
    }
    failed_size = XLA_RUNTIME_FAILURE;
    longjmp(*active, 1);
  }
}
