// The runtime's own buffers are never spread over the processes like a
// large array of the program (runtime/src/platform/own_allocations.hpp).
// With small blocks and a small ITO_DISTRIBUTE_SIZE, a steal of frames
// larger than the threshold and a forwarded fwrite larger than it need
// message buffers that size; spread, MPI faulted inside its own progress
// engine on the parts another process is home to. The program also spreads
// an array of its own and prints the serial elision's lines.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: env ITO_BLOCK_SIZE=4k ITO_CACHE_SIZE=16m ITO_DISTRIBUTE_SIZE=64k %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: env ITO_BLOCK_SIZE=4k ITO_CACHE_SIZE=16m ITO_DISTRIBUTE_SIZE=64k %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: env ITO_BLOCK_SIZE=4k ITO_CACHE_SIZE=16m ITO_DISTRIBUTE_SIZE=64k ITO_STEAL_SEED=3 %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: deep {{[0-9]+}}
// CHECK: lines 64
// CHECK: array {{[0-9]+}}

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Frames of 80 KB each: a stolen continuation carries more than 64 KB of
// stack.
static long deep(int depth, long seed) {
  volatile char frame[80 * 1024];
  for (int i = 0; i < 80; i++)
    frame[i * 1024] = (char)(seed & 0x7f);
  if (depth == 0) {
    volatile long x = seed;
    for (int k = 0; k < 20000; k++)
      x = x * 3 + 1;
    return (long)frame[depth * 1024] + (x & 1);
  }
  long a = cilk_spawn deep(depth - 1, seed * 2 + 1);
  long b = deep(depth - 1, seed * 2 + 2);
  cilk_sync;
  return a + b + frame[1024];
}

int main(void) {
  printf("deep %ld\n", deep(7, 1));
  fflush(stdout);

  // 64 lines of 2 KB, 128 KB written by one fwrite in a continuation that
  // another process steals (between nodes): the output is forwarded to the
  // process that owns stdout in one message.
  enum { lines = 64, width = 2048 };
  char *text = malloc((size_t)lines * width);
  cilk_for(int l = 0; l < lines; l++) {
    memset(text + (size_t)l * width, 'a' + l % 26, width - 1);
    text[(size_t)l * width + width - 1] = '\n';
  }
  cilk_spawn deep(4, 7);
  fwrite(text, width, lines, stdout);
  cilk_sync;
  fflush(stdout);
  printf("lines %d\n", lines);

  long n = 1 << 17; // 1 MB of longs: spread with these settings
  long *a = malloc(n * sizeof(long));
  cilk_for(long i = 0; i < n; i++) a[i] = i % 977;
  long s = 0;
  for (long i = 0; i < n; i++)
    s += a[i];
  printf("array %ld\n", s);
  free(a);
  free(text);
  return 0;
}
