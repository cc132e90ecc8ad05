// On error, ito-translate neither creates nor truncates its output file:
// for ill-formed Cilk, and for errors in the code.
// RUN: rm -f %t.c
// RUN: not %ito-translate %s -o %t.c -- -I %ito-include -DCILK
// RUN: not ls %t.c
// RUN: not %ito-translate %s -o %t.c -- -I %ito-include -DBROKEN
// RUN: not ls %t.c
// RUN: echo "previous output" > %t.c
// RUN: not %ito-translate %s -o %t.c -- -I %ito-include -DCILK
// RUN: not %ito-translate %s -o %t.c -- -I %ito-include -DBROKEN
// RUN: FileCheck --check-prefix=KEPT --input-file=%t.c %s
// KEPT: previous output
// And without errors, it replaces the file.
// RUN: %ito-translate %s -o %t.c -- -I %ito-include
// RUN: diff %s %t.c

#include <cilk/cilk.h>

int f(int n) { return n; }

int g(int n) {
#ifdef CILK
  int x = f(n) + cilk_spawn f(n); /* a spawn inside an expression */
  cilk_sync;
  return x;
#elif defined(BROKEN)
  return n +;
#else
  return f(n);
#endif
}
