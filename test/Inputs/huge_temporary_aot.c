// Calls the AOT-compiled huge-temporary.mlir, whose temporary cannot be
// allocated, and prints the status it returns.
#include <stdio.h>
#include "huge.h"

int main(void) {
  const float a = 1;
  float r = -1;
  int status = huge(&a, &r);
  printf("status %d%s\n", status, status == HUGE_OUT_OF_MEMORY ? " (HUGE_OUT_OF_MEMORY)" : "");
  // The entry point is usable again afterwards.
  status = huge(&a, &r);
  printf("again %d\n", status);
  return 0;
}
