// Until the translator lands, a Cilk program built by ito-cc gets the serial
// elision from ito's <cilk/cilk.h>, and runs.
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s

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

int main(void) {
  int sum = 0;
  cilk_for (int i = 0; i < 10; i++)
    sum += i;
  cilk_scope { sum += _Cilk_spawn fib(20); }
  printf("%d\n", sum);
  return 0;
}

// CHECK: 6810
