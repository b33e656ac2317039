// Calls the AOT-compiled aot-layout.mlir with x and z column-major
// (minor_to_major {0,1}) and prints the buffers in memory order.
#include <stdio.h>
#include "colmajor.h"

int main(void) {
  // x = [[1, 2, 3], [4, 5, 6]], stored column by column.
  const float x[6] = {1, 4, 2, 5, 3, 6};
  const float y[3] = {10, 100, 1000};
  float z[6], s[2];
  if (colmajor(x, y, z, s) != COLMAJOR_OK) return 1;
  for (int i = 0; i < 6; ++i) printf("z[%d] = %g\n", i, z[i]);
  for (int i = 0; i < 2; ++i) printf("s[%d] = %g\n", i, s[i]);
  return 0;
}
