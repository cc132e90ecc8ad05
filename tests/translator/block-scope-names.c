// In C, code that the translation moves to file scope (a spawn's argument
// block, a cilk_for body's function) or to the start of the task block names
// what is declared inside the function through what it stands for: block-
// scope typedefs by the type they name, the function's enumerators by their
// values, its static variables through their addresses, and a struct
// declared in the function through a twin at file scope with the same
// members (C++, where everything stays in place, needs none). A struct whose
// members are of the function's types too is a clear error.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: cp %s %t.cpp
// RUN: %ito-c++ -O2 -Wno-ito-stack-sharing %t.cpp -o %t.cxx
// RUN: %ito-run -n 1 %t.cxx | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-c++ -O2 -Wno-ito-stack-sharing -DLOCAL_STRUCT %t.cpp -o %t.cxx2
// RUN: %ito-run -n 1 %t.cxx2 | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-cc -O2 -Wno-ito-stack-sharing %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-cc -O2 -Wno-ito-stack-sharing -DLOCAL_STRUCT %s -o %t.local
// RUN: %ito-run -n 1 %t.local | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: not %ito-cc -O2 -Wno-ito-stack-sharing -DLOCAL_STRUCT -DNESTED %s -o %t.bad 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: block-scope-names.c:[[#@LINE+23]]:5: error: in C, the body of a 'cilk_for' cannot use 'c', of type 'struct cfg' declared in its function (the body becomes a function of its own), whose members are of types of the function too; declare the types at file scope
// RUN: not %ito-cc -O2 -Wno-ito-stack-sharing -DENUM_TYPE %s -o %t.bad 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: block-scope-names.c:[[#@LINE+63]]:5: error: in C, the body of a 'cilk_for' cannot use 'enum mode', a type of its function (the body becomes a function of its own); declare it at file scope
// (The bodies write the root's arrays: one process only, -Wno-ito-stack-sharing.)

#include <cilk/cilk.h>
#include <stdio.h>

static int sq(int n) { return n * n; }

int main(void) {
  typedef int (*op)(int);
  typedef long wide;
#ifdef NESTED
  struct unit {
    int n;
  };
#endif
  struct cfg {
    int scale;
#ifdef NESTED
    struct unit u;
#endif
  } c = {3};
  static const int table[4] = {10, 20, 30, 40};
  enum { SCALE = 2 };
  op f = sq;
  wide w = 7;
  wide r;
  int a = cilk_spawn f(3);
  r = cilk_spawn sq(4);
  cilk_sync;
  int out[4];
  int *p = out;
#ifdef LOCAL_STRUCT
  cilk_for (int i = 0; i < 4; i++) {
    p[i] = (int)(w * c.scale) + i;
  }
#else
  int scale = c.scale;
  cilk_for (int i = 0; i < 4; i++) {
    wide x = w * scale;
    p[i] = (int)x + i;
  }
#endif
  int q[4];
  int *pq = q;
  cilk_for (int i = 0; i < 4; i++) {
    pq[i] = table[i] * SCALE;
  }
  printf("%d %ld %d %d %d %d\n", a, r, out[0], out[3], q[0], q[3]);
  // Nested: the inner loop's context names the static and the enumerator
  // inside the outer loop's body. (Before, the two rewrites of their uses
  // overlapped into code that did not compile.)
  static long tri[8][8];
  cilk_for (int i = 0; i < 8; i++)
    cilk_for (int j = 0; j < 8; j++) tri[i][j] = (i + j) * SCALE;
  long t = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      t += tri[i][j];
  printf("%ld\n", t);
#ifdef ENUM_TYPE
  enum mode { SLOW, FAST };
  cilk_for (int i = 0; i < 4; i++) {
    enum mode m = i ? FAST : SLOW;
    p[i] = m;
  }
#endif
  return 0;
}
// CHECK: 9 16 21 24 20 80
// CHECK-NEXT: 896
