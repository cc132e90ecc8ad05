// ITO_TRACE (ito-run --trace FILE) writes a timeline in the Chrome
// trace-event format: checked by a JSON parser for its tracks, slices that
// do not overlap, and steal arrows from one process to another. Written
// as an ordinary Cilk program.
//
// RUN: %ito-cc -O1 %s -o %t
// RUN: %ito-run -n 2 --trace %t.two.json %t | FileCheck %s
// RUN: %python %S/Inputs/check_trace.py %t.two.json --ranks 2 --need run --need idle --need steal
// With every process its own node: waits for data and write-backs.
// RUN: %ito-run -n 3 --internode --trace %t.three.json %t | FileCheck %s
// RUN: %python %S/Inputs/check_trace.py %t.three.json --ranks 3 --need run --need steal --need wait --need release --need acquire --need 'range fetch'
// CHECK: sum 8379796224
//
// A buffer too small: the trace says how many events it dropped.
// RUN: env ITO_TRACE_EVENTS=10 %ito-run -n 2 --trace %t.small.json %t 2>%t.small.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=SMALL --input-file=%t.small.err
// RUN: %python %S/Inputs/check_trace.py %t.small.json --ranks 2
// RUN: FileCheck %s --check-prefix=DROPPED --input-file=%t.small.json
// SMALL: ito: warning{{.*}}: ITO_TRACE: {{[0-9]+}} events were dropped (the buffer holds 10 per process); raise ITO_TRACE_EVENTS for the whole run
// DROPPED: events dropped: the buffer was full (raise ITO_TRACE_EVENTS)
//
// RUN: not %ito-run --trace 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: ito-run: error: --trace needs a file to write the timeline into

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static long sum(long *v, long lo, long hi) {
  if (hi - lo <= 4096) {
    long s = 0;
    for (long i = lo; i < hi; i++) {
      s += v[i];
      v[i] += 1; // written back at the sync when another node ran this
    }
    return s;
  }
  long mid = lo + (hi - lo) / 2;
  long a = cilk_spawn sum(v, lo, mid);
  long b = sum(v, mid, hi);
  cilk_sync;
  return a + b;
}

int main(void) {
  long n = 1L << 22;
  long *v = malloc(n * sizeof *v);
  for (long i = 0; i < n; i++)
    v[i] = i % 1000;
  long total = 0;
  for (int r = 0; r < 4; r++)
    total += sum(v, 0, n) - r * n;
  printf("sum %ld\n", total);
  free(v);
  return 0;
}
