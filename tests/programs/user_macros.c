// The C side of user_macros.cpp: Cilk-5 style `spawn` and `sync` macros, a
// spawn in a loop (whose state the translation keeps on a list whose
// members it names) and macros named like those members (next, sync).
// Before, the translation did not compile (`__n->sync` became
// `__n->cilk_sync`). Also macros whose bodies hold both a spawn and a sync
// (a `par_do` helper) and a macro that defines whole Cilk functions, one
// per element type: the translation sees them written out.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: fib 6765 parts 285 squares 338350
// CHECK-NEXT: par_do 2 4 sums 32631073 32631073.0

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

#define par_do(a, b)                                                         \
  {                                                                          \
    cilk_spawn a();                                                          \
    b();                                                                     \
    cilk_sync;                                                               \
  }

static long s1, s2;
static void f1(void) { s1 = 2; }
static void f2(void) { s2 = 4; }

#define DEFINE_SUM(T, NAME)                                                  \
  static T NAME(const T *a, int n) {                                         \
    if (n <= 1024) {                                                         \
      T s = 0;                                                               \
      for (int i = 0; i < n; i++)                                            \
        s += a[i];                                                           \
      return s;                                                              \
    }                                                                        \
    T x = cilk_spawn NAME(a, n / 2);                                         \
    T y = NAME(a + n / 2, n - n / 2);                                        \
    cilk_sync;                                                               \
    return x + y;                                                            \
  }

DEFINE_SUM(long, sum_long)
DEFINE_SUM(double, sum_double)

static long la[8076];
static double da[8076];

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
  par_do(f1, f2);
  for (int i = 0; i < 8076; i++)
    la[i] = da[i] = i * 1.0 + (i % 7);
  printf("par_do %ld %ld sums %ld %.1f\n", s1, s2, sum_long(la, 8076),
         sum_double(da, 8076));
  return 0;
}
