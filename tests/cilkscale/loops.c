// Work and span in C (-fcilktool=cilkscale): a cilk_for (the runtime's own
// loop, ito_abi_for, measures its halves) and a loop of spawns of one site
// before one sync, whose children all join at the sync. The program times
// its leaves itself; the CSV must agree within 10%.
// RUN: %ito-cc -O2 -fcilktool=cilkscale %s -o %t
// RUN: %python %S/check_cilkscale.py %ito-run -n 1 %t | FileCheck %s
// RUN: %python %S/check_cilkscale.py %ito-run -n 2 %t | FileCheck %s
// RUN: %python %S/check_cilkscale.py %ito-run -n 4 %t | FileCheck %s
// Between nodes the strands also wait for global memory (the arrays).
// RUN: %python %S/check_cilkscale.py --at-least %ito-run -n 2 --internode %t | FileCheck %s
// The serial elision: measurements are zero, nothing is printed.
// RUN: %ito-cc --ito-no-translate -O2 -fcilktool=cilkscale %s -o %t.serial
// RUN: %t.serial 2>&1 | FileCheck %s --check-prefix=SERIAL
// CHECK: ok
// SERIAL-NOT: tag,work
// SERIAL: ok

#include <cilk/cilk.h>
#include <cilk/cilkscale.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;

static long long now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void leaf(int units, long long *out) {
  long long t0 = now();
  *out = 0;
  unsigned long x = units;
  for (long i = 0; i < units * 200000L; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  *out = now() - t0;
}

static void expect(const char *tag, const long long *t, int n, double *work,
                   double *span) {
  long long w = 0, s = 0;
  for (int i = 0; i < n; i++) {
    w += t[i];
    if (t[i] > s)
      s = t[i];
  }
  fprintf(stderr, "expected %s %.6f %.6f\n", tag, w * 1e-9, s * 1e-9);
  *work += w * 1e-9;
  *span += s * 1e-9;
}

int main(void) {
  double work = 0, span = 0;
  long long *a = malloc(48 * sizeof *a);
  long long *b = malloc(20 * sizeof *b);

  wsp_t t0 = wsp_getworkspan();
#pragma cilk grainsize 1
  cilk_for (int i = 0; i < 48; i++)
    leaf(1 + i % 4, &a[i]);
  wsp_t t1 = wsp_getworkspan();
  wsp_dump(wsp_sub(t1, t0), "cilk_for");
  expect("cilk_for", a, 48, &work, &span);

  for (int i = 0; i < 20; i++)
    cilk_spawn leaf(1 + i % 3, &b[i]);
  cilk_sync;
  wsp_t t2 = wsp_getworkspan();
  wsp_dump(wsp_sub(t2, t1), "spawn-loop");
  expect("spawn-loop", b, 20, &work, &span);

  fprintf(stderr, "expected - %.6f %.6f\n", work, span);
  free(a);
  free(b);
  printf("ok\n");
  return 0;
}
