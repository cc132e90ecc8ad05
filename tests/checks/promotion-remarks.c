// -Rito-promotion: each local the translation moves off the stack, with
// where a child may reach it; off by default, unknown -Rito- names are
// errors.
// RUN: %ito-translate %s -- -Rito-promotion -I %ito-include -Xclang -verify
// RUN: %ito-translate -o %t.c %s -- -I %ito-include 2>&1 | count 0
// RUN: %ito-translate -o %t.c %s -- -Rito-promotion -Rno-ito-promotion -I %ito-include 2>&1 | count 0
// RUN: %clang -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--Rito-promotion -Xclang -verify %s
// RUN: not %ito-cc --ito-check-only -Rito-promotions %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: unknown remark option '-Rito-promotions'
// RUN: %ito-cc --ito-check-only -Rito-promotion %s 2>&1 | FileCheck %s --check-prefix=DRIVER
// DRIVER: promotion-remarks.c:[[#@LINE+11]]:8: remark: 'count' of 'sum' is moved to global memory, where tasks in any process reach it (an allocation each time it is declared) [-Rito-promotion]

#include <alloca.h>
#include <cilk/cilk.h>

void add(long *to, long v);

long sum(const int *a, int n) {
  int squares[4] = {0, 1, 4, 9}; // only indexed here: stays
  long tmp[2];                    // handed to what cannot fork: stays
  __builtin_memset(tmp, 0, sizeof tmp);
  long count = 0; // expected-remark {{'count' of 'sum' is moved to global memory, where tasks in any process reach it (an allocation each time it is declared)}}
  cilk_spawn add(&count, a[0]); // expected-note {{its address is taken here}}
  long flags[8]; // expected-remark {{'flags' of 'sum' is moved to global memory}}
  cilk_for (int i = 0; i < 8; i++)
    flags[i] = a[i % n]; // expected-note {{the cilk_for body uses it here, not only reading its value}}
  char *scratch = alloca(64); // expected-remark {{memory from alloca in 'sum' is moved to global memory, where tasks in any process reach it (freed when 'sum' returns)}}
  cilk_spawn add((long *)scratch, 1);
  cilk_sync;
  return count + squares[n % 4] + tmp[0] + flags[7];
}

void run(void) {
  int data[16] = {0}; // expected-remark {{'data' of 'run' is moved to global memory}}
  sum(data, 16);      // expected-note {{it is used here as a pointer to its first element}}
}
