// File-scope data that a macro declares, when the macro begins with the
// declaration (`DECLARE_TABLE(squares, N);`, Cilk Plus's
// CILK_C_REDUCER_OPADD): one copy for every process, like data written out.
// Main fills a table before the parallel phase, tasks read it and write
// another, main reads that after the sync. Before, each process kept its
// own copy of such data (with -Wito-static-write on the tasks' writes):
// tasks elsewhere read zeros and their writes were lost.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// CHECK: sum of squares 332833500 doubled 665667000 scale 2

#include <cilk/cilk.h>
#include <stdio.h>

#define N 1000
#define DECLARE_TABLE(name, n) static long name[n]
#define DECLARE_PARAMETER(name, value) int name = value

DECLARE_TABLE(squares, N);
DECLARE_TABLE(doubled, N);
DECLARE_PARAMETER(scale, 1);

static long work(long x) {
  long s = 0;
  for (int k = 0; k < 2000; k++)
    s += (x + k) % 3;
  return s >= 0 ? x : -x;
}

static void fill(int lo, int hi) {
  if (hi - lo <= 16) {
    for (int i = lo; i < hi; i++)
      doubled[i] = scale * work(squares[i]);
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn fill(lo, mid);
  fill(mid, hi);
  cilk_sync;
}

int main(void) {
  for (int i = 0; i < N; i++)
    squares[i] = (long)i * i;
  scale = 2;
  fill(0, N);
  long sum = 0, twice = 0;
  for (int i = 0; i < N; i++) {
    sum += squares[i];
    twice += doubled[i];
  }
  printf("sum of squares %ld doubled %ld scale %d\n", sum, twice, scale);
  return 0;
}
