// Printing from tasks: spawned leaves print a line each with printf (some
// with fflush), and report to stderr with fprintf; main prints a header
// before the spawns and a total after the sync. The leaves' order may
// differ from the serial one, so the lines are compared sorted, and the
// header must come first and the total last (the sync orders them).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.out 2> %t.err
// RUN: sort %t.out > %t.sorted
// RUN: sort %t.err > %t.err.sorted
// RUN: head -n 1 %t.out > %t.first
// RUN: tail -n 1 %t.out > %t.last
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t > %t.1 2> %t.1.err
// RUN: sort %t.1 | diff %t.sorted -
// RUN: sort %t.1.err | diff %t.err.sorted -
// RUN: head -n 1 %t.1 | diff %t.first -
// RUN: tail -n 1 %t.1 | diff %t.last -
// RUN: %ito-run -n 2 %t > %t.2 2> %t.2.err
// RUN: sort %t.2 | diff %t.sorted -
// RUN: sort %t.2.err | diff %t.err.sorted -
// RUN: head -n 1 %t.2 | diff %t.first -
// RUN: tail -n 1 %t.2 | diff %t.last -
// RUN: %ito-run -n 4 %t > %t.4 2> %t.4.err
// RUN: sort %t.4 | diff %t.sorted -
// RUN: sort %t.4.err | diff %t.err.sorted -
// RUN: head -n 1 %t.4 | diff %t.first -
// RUN: tail -n 1 %t.4 | diff %t.last -
// RUN: %ito-run -n 2 --internode %t > %t.2i 2> %t.2i.err
// RUN: sort %t.2i | diff %t.sorted -
// RUN: sort %t.2i.err | diff %t.err.sorted -
// RUN: head -n 1 %t.2i | diff %t.first -
// RUN: tail -n 1 %t.2i | diff %t.last -
// RUN: %ito-run -n 4 --internode %t > %t.4i 2> %t.4i.err
// RUN: sort %t.4i | diff %t.sorted -
// RUN: sort %t.4i.err | diff %t.err.sorted -
// RUN: head -n 1 %t.4i | diff %t.first -
// RUN: tail -n 1 %t.4i | diff %t.last -
// RUN: FileCheck %s --input-file=%t.sorted
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err.sorted
// CHECK: collatz 0 segments 64 of 2000
// CHECK-NEXT: segment 00 first 1 longest {{[0-9]+}} steps {{[0-9]+}}
// CHECK: segment 63 first 126001 longest {{[0-9]+}} steps {{[0-9]+}}
// CHECK-NEXT: total steps {{[0-9]+}} longest {{[0-9]+}} steps {{[0-9]+}}
// ERR-COUNT-13: note: segment {{[0-9]+}} has a chain over 330
// ERR-NOT: note

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#define SEGMENTS 64
#define WIDTH 2000

struct result {
  long steps;
  long best;
  long best_steps;
};

static long chain(long x) {
  long s = 0;
  while (x != 1) {
    x = x % 2 ? 3 * x + 1 : x / 2;
    s++;
  }
  return s;
}

static struct result segment(int k) {
  struct result r = {0, 0, -1};
  long first = (long)k * WIDTH + 1;
  for (long x = first; x < first + WIDTH; x++) {
    long s = chain(x);
    r.steps += s;
    if (s > r.best_steps) {
      r.best_steps = s;
      r.best = x;
    }
  }
  printf("segment %02d first %ld longest %ld steps %ld\n", k, first, r.best,
         r.best_steps);
  if (k % 3 == 0)
    fflush(stdout);
  if (r.best_steps > 330)
    fprintf(stderr, "note: segment %d has a chain over 330\n", k);
  return r;
}

static struct result range(int lo, int hi) {
  if (hi - lo == 1)
    return segment(lo);
  int mid = lo + (hi - lo) / 2;
  struct result a = cilk_spawn range(lo, mid);
  struct result b = range(mid, hi);
  cilk_sync;
  a.steps += b.steps;
  if (b.best_steps > a.best_steps) {
    a.best_steps = b.best_steps;
    a.best = b.best;
  }
  return a;
}

int main(void) {
  printf("collatz 0 segments %d of %d\n", SEGMENTS, WIDTH);
  struct result r = range(0, SEGMENTS);
  printf("total steps %ld longest %ld steps %ld\n", r.steps, r.best,
         r.best_steps);
  return 0;
}
