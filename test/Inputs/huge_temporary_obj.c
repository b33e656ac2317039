// Links the --emit=obj object of huge-temporary.mlir and defines its own
// allocation-failure hook, overriding the object's weak default (abort).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void xla_allocation_failed(uint64_t size) {
  printf("hook: %llu bytes\n", (unsigned long long)size);
  exit(3);
}

struct memref0 { float *allocated, *aligned; int64_t offset; };
void _mlir_ciface_main(struct memref0 *a, struct memref0 *r);

int main(void) {
  float a = 1, r = 0;
  struct memref0 in = {&a, &a, 0}, out = {&r, &r, 0};
  _mlir_ciface_main(&in, &out);
  printf("returned\n");
  return 0;
}
