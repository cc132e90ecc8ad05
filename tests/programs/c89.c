/* Cilk in C89 (-ansi, -std=c89): ito's headers said `static inline`, which
 * C89 does not know ("unknown type name 'inline'"); they say __inline__
 * now. A spawn, a sync and a cilk_for, declarations first, as C89 wants. */
/* RUN: %ito-cc --ito-no-translate -ansi -O2 %s -o %t.serial
 * RUN: %t.serial > %t.expected
 * RUN: %ito-cc -ansi -O2 %s -o %t
 * RUN: %ito-run -n 2 %t | diff %t.expected -
 * RUN: %ito-cc -std=c89 -O2 %s -o %t.89
 * RUN: %ito-run -n 2 --internode %t.89 | diff %t.expected -
 * RUN: FileCheck %s --input-file=%t.expected
 * CHECK: fib 6765 squares 328350
 */
#include <cilk/cilk.h>
#include <stdio.h>

static long fib(int n) {
  long x, y;
  if (n < 2)
    return n;
  x = cilk_spawn fib(n - 1);
  y = fib(n - 2);
  cilk_sync;
  return x + y;
}

static long sq[100];

int main(void) {
  long s = 0;
  int i;
  cilk_for (int k = 0; k < 100; k++)
    sq[k] = (long)k * k;
  for (i = 0; i < 100; i++)
    s += sq[i];
  printf("fib %ld squares %ld\n", fib(20), s);
  return 0;
}
