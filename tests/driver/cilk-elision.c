// --ito-no-translate builds a Cilk program as its serial elision, from ito's
// <cilk/cilk.h>; the same program translated runs in parallel and agrees.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s
// RUN: %ito-run -n 2 %t | FileCheck %s
// RUN: %ito-run -n 2 --internode %t | FileCheck %s

#include <cilk/cilk.h>
#include <stdio.h>

static int fib(int n) {
  if (n < 2)
    return n;
  int x = cilk_spawn fib(n - 1);
  int y = fib(n - 2);
  cilk_sync;
  return x + y;
}

static int sum_to(int n) {
  int s = 0;
  for (int i = 0; i <= n; i++)
    s += i;
  return s;
}

int main(void) {
  int sum = 0;
  cilk_scope { sum = _Cilk_spawn sum_to(9); }
  int f = 0;
  cilk_scope { f = _Cilk_spawn fib(20); }
  printf("%d\n", sum + f);
  return 0;
}

// CHECK: 6810
// CHECK-NOT: 6810
