// Preprocessor conditionals around a cilk_for's parts: a body chosen by
// #ifdef/#else without braces, and the common switch between a parallel
// and a serial loop header (`#if PAR cilk_for ... #else for ... #endif`).
// The translation replaced the loop with a call and dropped the directives
// inside it, leaving `#endif without #if` or an unterminated conditional;
// now the directives stay where they were. Both configurations of each.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-cc --ito-no-translate -O2 -DTWICE -DPAR=0 %s -o %t.serial2
// RUN: %t.serial2 > %t.expected2
// RUN: %ito-cc -O2 -Werror -DTWICE -DPAR=0 %s -o %t.2
// RUN: %ito-run -n 2 %t.2 | diff %t.expected2 -
// RUN: FileCheck %s --input-file=%t.expected
// RUN: FileCheck %s --input-file=%t.expected2 --check-prefix=OTHER
// CHECK: body 99 header 14850 spawn 5
// OTHER: body 198 header 14850 spawn 6

#include <cilk/cilk.h>
#include <stdio.h>

#ifndef PAR
#define PAR 1
#endif

int a[100], b[100];

static int f(int x) { return x + 1; }

int main(void) {
  cilk_for (int i = 0; i < 100; i++)
#ifdef TWICE
    a[i] = 2 * i;
#else
    a[i] = i;
#endif

#if PAR
  cilk_for (int i = 0; i < 100; i++)
#else
  for (int i = 0; i < 100; i++)
#endif
    b[i] = i * 3;

  int x = cilk_spawn f(
#ifdef TWICE
      5
#else
      4
#endif
  );
  cilk_sync;
  long s = 0;
  for (int i = 0; i < 100; i++)
    s += b[i];
  printf("body %d header %ld spawn %d\n", a[99], s, x);
  return 0;
}
