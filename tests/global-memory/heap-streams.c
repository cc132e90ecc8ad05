// Tasks that stream through another node's heap data: a fault in a run of
// faults at consecutive blocks fetches the blocks ahead too (read-ahead,
// runtime/src/memory/fault_access.cpp). Pairs of tasks write interleaved
// 64-byte lines of one chunk of an array, each front to back, so the
// blocks one fetches ahead (writable, with twins) are blocks that others
// write at the same time: every line must keep its writer's bytes. Then
// tasks read the array in chunks, forwards and backwards, and a task
// copies one half over the other with memcpy. The same with read-ahead
// off, and with a cache so small that a window is cut short. The ranges
// ito-cc announces before the loops are ignored (ITO_RANGE_FETCHES=0) but
// once: here the faults themselves are tested.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: env ITO_RANGE_FETCHES=0 %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: env ITO_RANGE_FETCHES=0 %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: env ITO_RANGE_FETCHES=0 ITO_FAULT_AHEAD=0 %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: env ITO_RANGE_FETCHES=0 ITO_CACHE_SIZE=1m %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: env ITO_RANGE_FETCHES=0 ITO_STATS=json:- %ito-run -n 2 --internode %t 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: lines 131072 wrong 0 sum 1069547520 backwards 0 copied 0
// STATS: "total": {{.*}}"fault_ahead_blocks": {{[1-9][0-9]*}},

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { line = 64, chunks = 32 };

static unsigned char value(long i) {
  return (unsigned char)(i * 13 + i / 65536);
}

// A little work per line, so that the tasks spread over processes.
static void spin(long i) {
  volatile long x = i;
  for (int k = 0; k < 300; k++)
    x = x * 3 + 1;
}

// One writer: every other line of [lo, hi), starting at line p, front to
// back.
static void write_lines(unsigned char *b, long lo, long hi, int p) {
  for (long i = lo + p * line; i < hi; i += 2 * line) {
    spin(i);
    for (int k = 0; k < line; k++)
      b[i + k] = value(i + k);
  }
}

int main(void) {
  const long n = 8L << 20;
  unsigned char *b = malloc(n);
  memset(b, 0, n);
  cilk_for(int j = 0; j < 2 * chunks; j++)
      write_lines(b, j / 2 * (n / chunks), (j / 2 + 1) * (n / chunks), j % 2);

  long wrong[chunks] = {0}, sums[chunks] = {0}, back[chunks] = {0};
  cilk_for(int c = 0; c < chunks; c++) {
    const long lo = c * (n / chunks), hi = lo + n / chunks;
    for (long i = lo; i < hi; i++) {
      if (i % line == 0)
        spin(i);
      wrong[c] += b[i] != value(i);
      sums[c] += b[i];
    }
    for (long i = hi; i-- > lo;)
      back[c] += b[i] != value(i);
  }
  long w = 0, s = 0, bw = 0;
  for (int c = 0; c < chunks; c++) {
    w += wrong[c];
    s += sums[c];
    bw += back[c];
  }

  long copied = 0;
  cilk_spawn memcpy(b, b + n / 2, n / 2);
  cilk_sync;
  cilk_for(int c = 0; c < chunks; c++) {
    long bad = 0;
    for (long i = c * (n / 2 / chunks); i < (c + 1) * (n / 2 / chunks); i++)
      bad += b[i] != value(i + n / 2);
    wrong[c] = bad;
  }
  for (int c = 0; c < chunks; c++)
    copied += wrong[c];
  printf("lines %ld wrong %ld sum %ld backwards %ld copied %ld\n", n / line, w,
         s, bw, copied);
  free(b);
  return 0;
}
