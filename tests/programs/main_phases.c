// main reads standard input after every kind of parallel phase: a
// cilk_scope, a cilk_for, a call that forks inside a loop's condition and
// inside printf's arguments, a spawn whose continuation syncs last. Each
// read would hang or see end of input if main were not back in process 0.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial < %S/Inputs/queries.txt > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t < %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 4 %t < %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t < %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t < %S/Inputs/queries.txt | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: scope 20 6765 4181
// CHECK-NEXT: loop 25 sum 316
// CHECK-NEXT: condition 22 rounds 3
// CHECK-NEXT: argument 26 121393
// CHECK-NEXT: continuation 18 2584
// CHECK-NEXT: rest 24 27 21

#include <cilk/cilk.h>
#include <stdio.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

static int next(void) {
  int v;
  return scanf("%d", &v) == 1 ? v : -1;
}

int main(void) {
  long a, b;
  cilk_scope {
    a = cilk_spawn fib(20);
    b = fib(19);
  }
  printf("scope %d %ld %ld\n", next(), a, b);

  long part[25];
  cilk_for (int i = 0; i < 25; i++)
    part[i] = i + fib(i % 3);
  long sum = 0;
  for (int i = 0; i < 25; i++)
    sum += part[i];
  printf("loop %d sum %ld\n", next(), sum);

  int rounds = 0;
  while (fib(rounds + 20) < 20000)
    rounds++;
  printf("condition %d rounds %d\n", next(), rounds);

  int q = next();
  printf("argument %d %ld\n", q, fib(q));

  long small = cilk_spawn fib(2);
  long big = fib(18);
  cilk_sync;
  printf("continuation %d %ld\n", next(), big + small - 1);

  int x = next(), y = next(), z = next();
  printf("rest %d %d %d\n", x, y, z);
  return 0;
}
