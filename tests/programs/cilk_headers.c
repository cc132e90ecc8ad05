// The rest of the Cilk library surface a program includes: a reducer made
// at run time with __cilkrts_reducer_register and reached through
// __cilkrts_reducer_lookup (an array of counters in the heap, one reducer
// each), the Cilkscale calls that measure a region (zero without
// instrumentation, as under OpenCilk), and the race detector's annotations
// (accepted, doing nothing).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// CHECK: histogram 10000 10000 10000 10000 10000 10000 10000 10000 total 80000 checking 0

#include <cilk/cilk.h>
#include <cilk/cilk_api.h>
#include <cilk/cilksan.h>
#include <cilk/cilkscale.h>
#include <stdio.h>
#include <stdlib.h>

#define BINS 8

static void zero(void *v) { *(long *)v = 0; }
static void add(void *l, void *r) { *(long *)l += *(long *)r; }

static long *bins;

static void count(int lo, int hi) {
  if (hi - lo <= 64) {
    for (int i = lo; i < hi; i++) {
      long *bin = __cilkrts_reducer_lookup(&bins[i % BINS], sizeof(long),
                                           (void *)zero, (void *)add);
      ++*bin;
    }
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn count(lo, mid);
  count(mid, hi);
  cilk_sync;
}

int main(void) {
  Cilksan_fake_mutex m;
  __cilksan_register_lock_explicit(&m);
  __cilksan_disable_checking();
  bins = calloc(BINS, sizeof *bins);
  for (int b = 0; b < BINS; b++)
    __cilkrts_reducer_register(&bins[b], sizeof(long), zero, add);
  wsp_t start = wsp_getworkspan();
  count(0, 80000);
  wsp_t end = wsp_getworkspan();
  wsp_dump(wsp_sub(end, start), "count");
  long total = 0;
  printf("histogram");
  for (int b = 0; b < BINS; b++) {
    printf(" %ld", bins[b]);
    total += bins[b];
    __cilkrts_reducer_unregister(&bins[b]);
  }
  printf(" total %ld checking %d\n", total, (int)__cilksan_is_checking_enabled());
  free(bins);
  return 0;
}
