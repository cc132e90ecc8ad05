// Large malloc'd arrays between nodes are spread over the processes' homes
// (runtime/src/memory/distributed_allocation.cpp), and cilk_for splits its
// range as they are spread (ito/detail/loop_affinity.h). The program is
// plain Cilk: a stencil over two malloc'd arrays swapped each step, a
// calloc'd array that must read zero (fresh, and again after a freed array
// of the same size left its bytes in the homes), an array grown by realloc
// and one from aligned_alloc, a spawn tree summing one, and small arrays
// that stay in the heap of the process that made them. Every run prints
// the serial elision's lines. Between nodes the large arrays are
// distributed, and a stolen half of the stencil's loop works on its own
// part: each step fetches only the rows at the boundary, so the process
// that did not start the loop fetches far less than its half of the grid
// (the STATS check; with ITO_DISTRIBUTE_SIZE=0 it fetches every row it
// reads, 8 MB a step).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: env ITO_CACHE_SIZE=8m %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: env ITO_DISTRIBUTE_SIZE=0 %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: env ITO_LOOP_AFFINITY=0 %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: env ITO_STATS=json:%t.json %ito-run -n 2 --internode %t > /dev/null
// RUN: %python %S/Inputs/stats_bounds.py %t.json "1.fetched_bytes<=20000000" "total.distributed_allocations>=7"
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: stencil {{[0-9.]+}}
// CHECK: calloc zero 0 0
// CHECK: realloc kept 1
// CHECK: aligned 1 {{[0-9.]+}}
// CHECK: tree {{[0-9]+}}
// CHECK: small {{[0-9]+}}

#include <cilk/cilk.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { n = 1 << 20, steps = 20 }; // 8 MB of doubles per array

static long tree_sum(const long *a, long lo, long hi) {
  if (hi - lo < 4096) {
    long s = 0;
    for (long i = lo; i < hi; i++)
      s += a[i];
    return s;
  }
  long mid = lo + (hi - lo) / 2;
  long left = cilk_spawn tree_sum(a, lo, mid);
  long right = tree_sum(a, mid, hi);
  cilk_sync;
  return left + right;
}

static long count_nonzero(const long *a, long m) {
  long c = 0;
  for (long i = 0; i < m; i++)
    c += a[i] != 0;
  return c;
}

int main(void) {
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  cilk_for(long i = 0; i < n; i++) {
    a[i] = (double)(i % 1000) / 1000.0;
    b[i] = 0;
  }
  for (int s = 0; s < steps; s++) {
    cilk_for(long i = 1; i < n - 1; i++) b[i] =
        0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1];
    b[0] = a[0];
    b[n - 1] = a[n - 1];
    double *t = a;
    a = b;
    b = t;
  }
  double total = 0;
  for (long i = 0; i < n; i++)
    total += a[i];
  printf("stencil %.6f\n", total);

  // calloc: zero when fresh, and zero again where a freed array of the
  // same size was written everywhere.
  const long m = 6 << 17; // 6 MB of longs
  long *z = calloc(m, sizeof(long));
  long fresh = count_nonzero(z, m);
  cilk_for(long i = 0; i < m; i++) z[i] = i + 1;
  free(z);
  free(a);
  free(b);
  z = calloc(m, sizeof(long));
  printf("calloc zero %ld %ld\n", fresh, count_nonzero(z, m));
  free(z);

  // realloc: the first 5 MB survive the move to a larger array.
  const long r0 = 5 << 17, r1 = 12 << 17;
  long *r = malloc(r0 * sizeof(long));
  cilk_for(long i = 0; i < r0; i++) r[i] = 3 * i;
  r = realloc(r, r1 * sizeof(long));
  cilk_for(long i = r0; i < r1; i++) r[i] = 3 * i;
  int kept = 1;
  for (long i = 0; i < r1; i++)
    kept &= r[i] == 3 * i;
  printf("realloc kept %d\n", kept);

  // aligned_alloc of a large array.
  double *al = aligned_alloc(4096, n * sizeof(double));
  cilk_for(long i = 0; i < n; i++) al[i] = 1.0 / (1 + i % 7);
  double as = 0;
  for (long i = 0; i < n; i++)
    as += al[i];
  printf("aligned %d %.6f\n", (uintptr_t)al % 4096 == 0, as);
  free(al);

  printf("tree %ld\n", tree_sum(r, 0, r1));
  free(r);

  // Small arrays stay where they were made; tasks still share them.
  long *small = malloc(1000 * sizeof(long));
  cilk_for(long i = 0; i < 1000; i++) small[i] = i * i;
  long ss = 0;
  for (long i = 0; i < 1000; i++)
    ss += small[i];
  printf("small %ld\n", ss);
  free(small);
  return 0;
}
