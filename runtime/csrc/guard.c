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

/* Calls function(arguments). Returns 0 when it returned, or 1 when an
 * allocation of compiled code failed; then *size is the size it asked for. */
int xla_guarded_call(void (*function)(void **), void **arguments, uint64_t *size) {
  jmp_buf here;
  jmp_buf *outer = active;
  if (setjmp(here) != 0) {
    active = outer;
    *size = failed_size;
    return 1;
  }
  active = &here;
  function(arguments);
  active = outer;
  return 0;
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
