// Static locals of a Cilk source, as written for one machine: result slots
// that the iterations of a cilk_for write and main reads after it, a memo
// table that tasks fill (every task writes the same value for an entry), a
// call counter that only serial code bumps, and a scratch buffer used by
// serial code; one copy for all processes, like file-scope data.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t 2>&1 | count 0
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected --match-full-lines
// CHECK: fib(80) = 23416728348467685 filled 79 calls 3 scratch fib80
// CHECK-NEXT: slots 4096 sum {{[0-9]+}}

#include <cilk/cilk.h>
#include <stdio.h>
#include <string.h>

static long long fib(int n) {
  static long long memo[100];
  if (n < 2)
    return n;
  if (memo[n])
    return memo[n];
  long long a = cilk_spawn fib(n - 1);
  long long b = fib(n - 2);
  cilk_sync;
  memo[n] = a + b;
  return memo[n];
}

static int filled(void) {
  // What the tasks wrote, read here after the sync: the memo of fib is
  // not reachable, so fib(k) for every k reads it back through fib.
  int count = 0;
  for (int k = 2; k <= 80; k++)
    count += fib(k) > 0;
  return count;
}

static int next_call(void) {
  static int calls = 0;
  return ++calls;
}

static const char *label(int n) {
  static char scratch[32];
  snprintf(scratch, sizeof scratch, "fib%d", n);
  return scratch;
}

static long *slots(void) {
  static long s[4096];
  return s;
}

static long work(long i) {
  long x = i;
  for (int k = 0; k < 20000; k++)
    x = (x * 7 + k) % 1000003;
  return x;
}

int main(void) {
  long long f = fib(80);
  next_call();
  next_call();
  printf("fib(80) = %lld filled %d calls %d scratch %s\n", f, filled(),
         next_call(), label(80));
  cilk_for (int i = 0; i < 4096; i++)
    slots()[i] = work(i);
  long sum = 0;
  for (int i = 0; i < 4096; i++)
    sum += slots()[i];
  printf("slots 4096 sum %ld\n", sum);
  return 0;
}
