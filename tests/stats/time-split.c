// ITO_STATS splits each process's time in parallel regions into busy
// (running tasks), waiting for data from another node, stealing and idle,
// and says how the steals went. Checked by a JSON parser against what the
// program makes each process do, written as an ordinary Cilk program.
//
// "one": one long child and nothing else to do. Process 0 runs the child
// and is busy all along; process 1 steals the continuation, which waits at
// the sync, and is idle after: efficiency about one half.
// RUN: %ito-cc -O1 %s -o %t
// RUN: %ito-run -n 2 --stats=json %t.one.json %t one | FileCheck %s --check-prefix=ONE
// RUN: %python %S/Inputs/check_stats.py %t.one.json --ranks 2 --steals --busy 0:0.8:1 --busy 1:0:0.2 --efficiency 0.35:0.65
// ONE: spin done
//
// "sum": tasks sum a heap array that main filled; with every process its
// own node, tasks on process 1 wait for the data.
// RUN: %ito-run -n 2 --internode --stats=json %t.sum.json %t sum | FileCheck %s --check-prefix=SUM
// RUN: %python %S/Inputs/check_stats.py %t.sum.json --ranks 2 --steals --waiting
// RUN: env ITO_STATS=json:%t.sum3.json %ito-run -n 3 %t sum | FileCheck %s --check-prefix=SUM
// RUN: %python %S/Inputs/check_stats.py %t.sum3.json --ranks 3 --steals
// SUM: sum 8379796224
//
// The table: one row per process, then the totals.
// RUN: %ito-run -n 3 --stats %t sum 2>&1 >/dev/null | FileCheck %s --check-prefix=TABLE
// TABLE: {{^}}ito stats: 3 ranks, {{[0-9.]+}} s in parallel regions, parallel efficiency {{[0-9.]+}}% (busy time over ranks x region time)
// TABLE-NEXT: {{^}}rank busy% wait% steal% idle% forks steals/tries p50_us p99_us migr susp hit% fetched written faults
// TABLE-NEXT: {{^}}0 {{ *[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+/[0-9]+ }}
// TABLE-NEXT: {{^}}1 {{ *[0-9.]+ }}
// TABLE-NEXT: {{^}}2 {{ *[0-9.]+ }}
// TABLE-NEXT: {{^}}total {{ *[0-9.]+ }}
//
// Bad requests:
// RUN: not %ito-run --stats=json 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: ito-run: error: --stats=json needs a file to write (- for standard error)
// RUN: not %ito-run --stats=csv x %t 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: ito-run: error: --stats takes no value but json (--stats=json FILE), not 'csv'

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double spin(long n) {
  double x = 0;
  for (long i = 0; i < n; i++)
    x += (double)(i % 7) * 0.5;
  return x;
}

static long sum(const long *v, long lo, long hi) {
  if (hi - lo <= 4096) {
    long s = 0;
    for (long i = lo; i < hi; i++)
      s += v[i];
    return s;
  }
  long mid = lo + (hi - lo) / 2;
  long a = cilk_spawn sum(v, lo, mid);
  long b = sum(v, mid, hi);
  cilk_sync;
  return a + b;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "one") == 0) {
    double x = cilk_spawn spin(300000000);
    cilk_sync;
    printf("spin done%s\n", x > 0 ? "" : "?");
    return 0;
  }
  long n = 1L << 22;
  long *v = malloc(n * sizeof *v);
  for (long i = 0; i < n; i++)
    v[i] = i % 1000;
  long total = 0;
  for (int r = 0; r < 4; r++)
    total += sum(v, 0, n);
  printf("sum %ld\n", total);
  free(v);
  return 0;
}
