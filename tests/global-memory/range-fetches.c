// Loops over another node's heap and file-scope data, announced before they
// run (ito-cc's range fetches, clang-plugin/lib/Passes/RangeFetches.cpp;
// runtime/src/memory/fault_access.cpp): copies between heap arrays, a
// row-major nest that updates a grid in place, a loop that walks an array
// backwards, a loop over a file-scope array, and tasks that write
// interleaved halves of each other's blocks (the announced write ranges
// overlap, each block keeps both writers' bytes). Bounds far wider than
// the cache's share for one fetch, and a cache so small that ranges are cut
// short, still give the serial answer; between nodes the ranges fetch.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: env ITO_CACHE_SIZE=1m %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: env ITO_STATS=json:- %ito-run -n 2 --internode %t 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: copied 0 grid 0 backwards 0 table 0 halves 0
// STATS: "total": {{.*}}"range_fetches": {{[1-9][0-9]*}}, "range_blocks": {{[1-9][0-9]*}},

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

enum { chunks = 64 };
static long table[1 << 16];

static void spin(long i) {
  volatile long x = i;
  for (int k = 0; k < 2000; k++)
    x = x * 3 + 1;
}

static void scale(double *dst, const double *src, long n) {
  for (long i = 0; i < n; i++)
    dst[i] = src[i] * 2;
}

int main(void) {
  const long n = 4L << 20, rows = 512, cols = 1024;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double *grid = malloc(rows * cols * sizeof *grid);
  for (long i = 0; i < n; i++)
    a[i] = (double)(i % 1000);
  for (long i = 0; i < rows * cols; i++)
    grid[i] = (double)i;
  for (long i = 0; i < (1 << 16); i++)
    table[i] = i * 3;

  cilk_for(int c = 0; c < chunks; c++) {
    spin(c);
    scale(b + c * (n / chunks), a + c * (n / chunks), n / chunks);
  }
  long copied = 0;
  for (long i = 0; i < n; i++)
    copied += b[i] != 2 * (double)(i % 1000);

  cilk_for(int c = 0; c < chunks; c++) {
    spin(c);
    const long r0 = c * (rows / chunks), r1 = r0 + rows / chunks;
    for (long r = r0; r < r1; r++)
      for (long k = 0; k < cols; k++)
        grid[r * cols + k] += 1;
  }
  long bad_grid = 0;
  for (long i = 0; i < rows * cols; i++)
    bad_grid += grid[i] != (double)i + 1;

  long back[chunks] = {0}, sums[chunks] = {0};
  cilk_for(int c = 0; c < chunks; c++) {
    spin(c);
    for (long i = (c + 1) * (n / chunks) - 1; i >= c * (n / chunks); i--)
      back[c] += b[i] != 2 * (double)(i % 1000);
    for (long i = c * 1024; i < (c + 1) * 1024; i++)
      sums[c] += table[i];
  }
  long backwards = 0, table_bad = 0;
  for (int c = 0; c < chunks; c++) {
    backwards += back[c];
    long want = 0;
    for (long i = c * 1024; i < (c + 1) * 1024; i++)
      want += i * 3;
    table_bad += sums[c] != want;
  }

  // Task 2c writes the even elements of chunk c, task 2c+1 the odd ones.
  cilk_for(int t = 0; t < 2 * chunks; t++) {
    spin(t);
    const long lo = t / 2 * (n / chunks), hi = lo + n / chunks;
    for (long i = lo + t % 2; i < hi; i += 2)
      a[i] = (double)-i;
  }
  long halves = 0;
  for (long i = 0; i < n; i++)
    halves += a[i] != (double)-i;
  printf("copied %ld grid %ld backwards %ld table %ld halves %ld\n", copied,
         bad_grid, backwards, table_bad, halves);
  free(grid);
  free(b);
  free(a);
  return 0;
}
