// <stdatomic.h> on locals of main that cilk_for bodies update: its generic
// functions are macros, and the locals are written as their arguments
// (`atomic_fetch_add(&hits, 1)`). Such a use is rewritten where the program
// spells it, so the local moves off the stack like any other a child
// reaches. Before, the local stayed on the stack, each iteration updated a
// copy (with only a -Wito-maybe-stack-sharing warning) and the program
// printed hits 0, firsts 8, slot 0 at every np.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t 2>&1 | count 0
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: hits 1000 firsts 1 slot -1 biggest 999

#include <cilk/cilk.h>
#include <stdatomic.h>
#include <stdio.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))

static void set_to(int *p, int v) { *p = v; }

int main(void) {
  atomic_int hits = 0;
  cilk_for(int i = 0; i < 1000; i++) atomic_fetch_add(&hits, 1);
  atomic_flag f = ATOMIC_FLAG_INIT;
  atomic_int firsts = 0;
  cilk_for(int i = 0; i < 1000; i++) if (!atomic_flag_test_and_set(&f))
      atomic_fetch_add_explicit(&firsts, 1, memory_order_relaxed);
  atomic_int slot = 0;
  cilk_for(int i = 1; i <= 100; i++) {
    int e = 0;
    atomic_compare_exchange_strong(&slot, &e, -1);
  }
  // A local that a child reaches, spelled once in a macro's argument that
  // the macro expands twice: one rewrite.
  int biggest = 0;
  cilk_spawn set_to(&biggest, 998);
  cilk_sync;
  for (int i = 0; i < 1000; i++)
    biggest = MAX(biggest, i);
  printf("hits %d firsts %d slot %d biggest %d\n", atomic_load(&hits),
         atomic_load(&firsts), atomic_load(&slot), biggest);
  return 0;
}
