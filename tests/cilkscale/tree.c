// Work and span of a balanced tree of spawns whose leaves take known times
// (-fcilktool=cilkscale): the program measures each leaf itself and says
// what the totals must be; Cilkscale's CSV must agree within 10%, on any
// number of processes, on one node or between nodes. The values cross
// processes as struct values of spawned calls (with their triples after
// them), and the region's row comes from wsp_getworkspan/wsp_sub/wsp_dump.
// RUN: %ito-cc -O2 -fcilktool=cilkscale %s -o %t
// RUN: %python %S/check_cilkscale.py %ito-run -n 1 %t | FileCheck %s
// RUN: %python %S/check_cilkscale.py %ito-run -n 2 %t | FileCheck %s
// RUN: %python %S/check_cilkscale.py %ito-run -n 4 %t | FileCheck %s
// RUN: %python %S/check_cilkscale.py %ito-run -n 2 --internode %t | FileCheck %s
// RUN: %python %S/check_cilkscale.py --csv-file %ito-run -n 3 --internode %t | FileCheck %s
// The same source without the flag: no measurements, no CSV.
// RUN: %ito-cc -O2 %s -o %t.plain
// RUN: %ito-run -n 2 %t.plain 2>&1 | FileCheck %s --check-prefix=PLAIN
// CHECK: done
// PLAIN-NOT: tag,work
// PLAIN: done

#include <cilk/cilk.h>
#include <cilk/cilkscale.h>
#include <stdio.h>
#include <time.h>

static volatile unsigned long sink;

static long long now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

// A leaf of 1 to 4 units of about 0.3 ms; returns how long it took.
static long long leaf(int units) {
  long long t0 = now();
  unsigned long x = units;
  for (long i = 0; i < units * 200000L; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return now() - t0;
}

typedef struct {
  long long work, span;
} cost;

static cost tree(int depth, int id) {
  if (depth == 0) {
    long long d = leaf(1 + id % 4);
    cost c = {d, d};
    return c;
  }
  cost a = cilk_spawn tree(depth - 1, 2 * id);
  cost b = tree(depth - 1, 2 * id + 1);
  cilk_sync;
  cost c = {a.work + b.work, a.span > b.span ? a.span : b.span};
  return c;
}

int main(void) {
  wsp_t start = wsp_getworkspan();
  cost first = tree(5, 0);
  wsp_t end = wsp_getworkspan();
  wsp_dump(wsp_sub(end, start), "tree");
  // A second tree after the first: the program's span is the sum.
  cost second = tree(4, 1);
  fprintf(stderr, "expected tree %.6f %.6f\n", first.work * 1e-9,
          first.span * 1e-9);
  fprintf(stderr, "expected - %.6f %.6f\n",
          (first.work + second.work) * 1e-9,
          (first.span + second.span) * 1e-9);
  printf("done\n");
  return 0;
}
