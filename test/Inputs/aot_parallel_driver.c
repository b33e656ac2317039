// Runs the AOT-compiled test/Inputs/aot-parallel.mlir on fixed inputs and
// writes its result (raw float32) to argv[1]. With -DWITH_POOL it defines
// xla_parallel_for, running each loop in 4 chunks on 4 threads (pthreads),
// and prints how many loops it ran; without, the object's weak default runs
// every loop on the calling thread.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef WITH_POOL
#include <pthread.h>

typedef void (*task_fn)(void *, int64_t, int64_t);
typedef struct {
  task_fn task;
  void *ctx;
  int64_t begin, end;
} Chunk;

static int loops;

static void *run_chunk(void *argument) {
  Chunk *chunk = argument;
  chunk->task(chunk->ctx, chunk->begin, chunk->end);
  return NULL;
}

void xla_parallel_for(task_fn task, void *ctx, int64_t iterations, int64_t cost) {
  (void)cost;
  enum { kThreads = 4 };
  pthread_t threads[kThreads];
  Chunk chunks[kThreads];
  ++loops;
  for (int t = 0; t < kThreads; ++t) {
    chunks[t] = (Chunk){task, ctx, iterations * t / kThreads, iterations * (t + 1) / kThreads};
    if (pthread_create(&threads[t], NULL, run_chunk, &chunks[t]) != 0) {
      fprintf(stderr, "pthread_create failed\n");
      exit(1);
    }
  }
  for (int t = 0; t < kThreads; ++t)
    pthread_join(threads[t], NULL);
}
#endif

static float a[192 * 256], b[256 * 320], out[192 * 320];

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  for (int i = 0; i < 192 * 256; ++i) a[i] = (float)((i * 37) % 101) / 101.0f - 0.5f;
  for (int i = 0; i < 256 * 320; ++i) b[i] = (float)((i * 53) % 97) / 97.0f - 0.5f;
  if (parallel(a, b, out) != PARALLEL_OK)
    return 1;
  FILE *file = fopen(argv[1], "wb");
  if (!file || fwrite(out, sizeof out, 1, file) != 1)
    return 1;
  fclose(file);
#ifdef WITH_POOL
  printf("parallel loops run on the driver's threads: %d\n", loops);
#endif
  return 0;
}
