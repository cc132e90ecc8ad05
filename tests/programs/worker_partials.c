// Per-worker partial sums, as Cilk Plus programs wrote them before
// reducers: the program sets "nworkers" from its command line, sizes an
// array by __cilkrts_get_nworkers() and lets each leaf add into the slot of
// __cilkrts_get_worker_number(); main adds the slots up after the sync.
// Workers are processes here: the slots are written by different processes
// (on other nodes, into their cached copies of one block) and merged at the
// joins.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial 4 > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t 4 | diff %t.expected -
// RUN: %ito-run -n 2 %t 4 | diff %t.expected -
// RUN: %ito-run -n 4 %t 4 | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t 4 | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t 4 | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: set 0 sum 2096593489050

#include <cilk/cilk.h>
#include <cilk/cilk_api.h>
#include <stdio.h>
#include <stdlib.h>

static long *partial;

static void leaves(long lo, long hi) {
  if (hi - lo <= 4096) {
    long s = 0;
    for (long i = lo; i < hi; i++)
      s += i * i % 1000003;
    partial[__cilkrts_get_worker_number()] += s;
    return;
  }
  long mid = (lo + hi) / 2;
  cilk_spawn leaves(lo, mid);
  leaves(mid, hi);
  cilk_sync;
}

int main(int argc, char **argv) {
  int set = __cilkrts_set_param("nworkers", argc > 1 ? argv[1] : "1");
  unsigned n = __cilkrts_get_nworkers();
  partial = calloc(n, sizeof *partial);
  leaves(0, 1 << 22);
  long sum = 0;
  for (unsigned w = 0; w < n; w++)
    sum += partial[w];
  printf("set %d sum %ld\n", set, sum);
  free(partial);
  return 0;
}
