// UndefinedBehaviorSanitizer in tasks on other processes: the overflow is
// reported with its file and line by the process that ran the task, and
// the program goes on, as without ito.
// REQUIRES: asan
// RUN: %ito-cc -g -O1 -fsanitize=undefined %s -o %t
// RUN: %ito-run -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out
// RUN: %ito-run -n 2 --internode %t > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out
// CHECK-DAG: undefined.c:[[@LINE+7]]:{{[0-9]+}}: runtime error: signed integer overflow
// CHECK-DAG: total -2147483616

#include <cilk/cilk.h>
#include <limits.h>
#include <stdio.h>

static int grow(int x) { return x + INT_MAX; }

static int tree(int lo, int hi) {
  if (hi - lo == 1)
    return lo == 33 ? grow(lo) : 0;
  int mid = (lo + hi) / 2;
  int a = cilk_spawn tree(lo, mid);
  int b = tree(mid, hi);
  cilk_sync;
  return a + b;
}

int main(void) {
  printf("total %d\n", tree(0, 64));
  return 0;
}
