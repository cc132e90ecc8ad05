// The C side of user_macros.cpp: Cilk-5 style `spawn` and `sync` macros, a
// spawn in a loop (whose state the translation keeps on a list whose
// members it names) and macros named like those members (next, sync).
// Before, the translation did not compile (`__n->sync` became
// `__n->cilk_sync`).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: fib 6765 parts 285 squares 338350

#include <cilk/cilk.h>
#include <stdio.h>

#define spawn cilk_spawn
#define sync cilk_sync
#define parallel_for cilk_for
#define next nxt
#define join joined

long fib(int n) {
  if (n < 2)
    return n;
  long x = spawn fib(n - 1);
  long y = fib(n - 2);
  sync;
  return x + y;
}

int square(int i) { return i * i; }

int main(void) {
  int parts[10];
  for (int i = 0; i < 10; i++)
    parts[i] = spawn square(i);
  sync;
  int p = 0;
  for (int i = 0; i < 10; i++)
    p += parts[i];
  long squares[101];
  parallel_for(int i = 0; i <= 100; i++) squares[i] = (long)i * i;
  long s = 0;
  for (int i = 0; i <= 100; i++)
    s += squares[i];
  printf("fib %ld parts %d squares %ld\n", fib(20), p, s);
  return 0;
}
