// Calls the AOT-compiled aot-layout.mlir with padded layouts (aot.test):
// x column-major and padded to [3,5] (seed 002's example), z row-major and
// padded to [4,4] with the lowest value, s padded to 4 with ones. x's
// padding holds 99, which must never be read. Prints the buffers in memory
// order.
#include <stdio.h>
#include "padded.h"

int main(void) {
  // x = [[1, 2, 3], [4, 5, 6]]: the row-major [5, 3] array "a d 0 b e 0 c f 0 0 0 0 0 0 0".
  const float x[15] = {1, 4, 99, 2, 5, 99, 3, 6, 99, 99, 99, 99, 99, 99, 99};
  const float y[3] = {10, 100, 1000};
  float z[16], s[4];
  _Static_assert(sizeof x == PADDED_ARG0_BYTES, "x's buffer size");
  _Static_assert(sizeof z == PADDED_RESULT0_BYTES, "z's buffer size");
  _Static_assert(sizeof s == PADDED_RESULT1_BYTES, "s's buffer size");
  if (padded(x, y, z, s) != PADDED_OK) return 1;
  for (int i = 0; i < 16; ++i) printf("z[%d] = %g\n", i, z[i]);
  for (int i = 0; i < 4; ++i) printf("s[%d] = %g\n", i, s[i]);
  return 0;
}
