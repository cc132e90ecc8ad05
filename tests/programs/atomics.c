// Atomic updates of shared data are atomic among the processes of one node
// only (global memory is coherent at forks and joins; another node works on
// a cached copy). So a program that updates atomically gives the serial
// answer on one node and, on several, stops at start-up with one message
// that names the update. Before, np 2 --internode printed 109146 hits
// instead of 262144. Atomic loads and stores alone are not refused.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: not %ito-run -n 2 --internode %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=REFUSED --input-file=%t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: hits 262144 max 18 flags 3
// REFUSED: ito: error (rank {{[0-9]+}}): this program synchronizes through memory (an atomic update or a lock at {{.*}}atomics.c:[[#@LINE+22]]), which works among the processes of one node only; with 2 nodes updates would be lost.
// REFUSED-NOT: error
//
// The forms of update the translation records, and what it does not.
// RUN: %ito-translate %s -- -I %ito-include -DFORM=1 | grep -v '^ *//' | FileCheck %s --check-prefix=SITE
// RUN: %ito-translate %s -- -I %ito-include -DFORM=2 | grep -v '^ *//' | FileCheck %s --check-prefix=SITE
// RUN: %ito-translate %s -- -I %ito-include -DFORM=3 | grep -v '^ *//' | FileCheck %s --check-prefix=SITE
// RUN: %ito-translate %s -- -I %ito-include -DFORM=4 | grep -v '^ *//' | FileCheck %s --check-prefix=NONE
// SITE: static const char *const __ito_atomic_site __attribute__((section("ito_atomic_sites"), used)) = "{{.*}}atomics.c:{{[0-9]+}}";
// NONE-NOT: ito_atomic_site

#include <cilk/cilk.h>
#include <stdatomic.h>
#include <stdio.h>

#ifndef FORM
static long hits;
static int deepest;
static int flags;

static void walk(int d) {
  if (d == 0) {
    __atomic_fetch_add(&hits, 1, __ATOMIC_RELAXED);
    return;
  }
  int seen = __atomic_load_n(&deepest, __ATOMIC_RELAXED);
  while (d > seen &&
         !__atomic_compare_exchange_n(&deepest, &seen, d, 0, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED))
    ;
  cilk_spawn walk(d - 1);
  walk(d - 1);
  cilk_sync;
  __sync_fetch_and_or(&flags, d == 1 ? 1 : 2);
}

int main(void) {
  walk(18);
  printf("hits %ld max %d flags %d\n", hits, deepest, flags);
  return 0;
}
#elif FORM == 1
_Atomic long counter;
void bump(void) { counter += 2; }
#elif FORM == 2
atomic_long counter;
void bump(void) { atomic_fetch_add(&counter, 1); }
#elif FORM == 3
long counter;
void bump(void) { __sync_add_and_fetch(&counter, 1); }
#else
_Atomic long counter;
long peek(void) { return atomic_load(&counter); }
void set(long v) { atomic_store(&counter, v); }
#endif
