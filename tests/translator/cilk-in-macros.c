// XFAIL: *
// BUG: Cilk keywords in the body of a user macro are found (at the macro's
// use) but translated from the wrong text: the source text of an expression
// that comes from the macro's body is the whole macro invocation, so
//   #define PFOR(i, n) cilk_for (int i = 0; i < (n); i++)
//   PFOR(i, 4) { ... }
// translates to `__ito_b = (PFOR(i, 4)); __ito_e = (PFOR(i, 4))` ("expected
// expression"), in C and C++; and in C++
//   #define SPAWN_F(r, x) r = cilk_spawn f(x)
//   SPAWN_F(a, 5);
// calls `SPAWN_F(a, 5)(__a0)` in the child. (C takes the callee's name and
// gets the spawn right.) Either the translation handles macros, or it
// reports the keyword in a macro as an error; it must not emit broken code.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s
// RUN: cp %s %t.cpp
// RUN: %ito-c++ -O2 %t.cpp -o %t.cxx
// RUN: %ito-run -n 1 %t.cxx | FileCheck %s

#include <cilk/cilk.h>
#include <stdio.h>

static int f(int n) { return n * 2; }

#define PFOR(i, n) cilk_for (int i = 0; i < (n); i++)
#define SPAWN_F(r, x) r = cilk_spawn f(x)
#define SYNC cilk_sync

int main(void) {
  int out[4];
  int *p = out; // one process: the body writes the root's array
  PFOR(i, 4) { p[i] = f(i); }
  int a;
  SPAWN_F(a, 5);
  SYNC;
  printf("%d %d %d\n", out[0], out[3], a);
  return 0;
}
// CHECK: 0 6 10
