// A bad value of an ITO_* variable stops the job at start-up with one
// message, from one process, naming the variable and what it takes; options
// read before the processes had met (the layout, statistics, the rank to
// debug) were reported once per process before.
// RUN: %ito-cc -O1 %s -o %t
// RUN: env ITO_FORCE_INTERNODE=maybe not %ito-run -n 2 %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=BOOL --input-file=%t.err
// BOOL: ito: error (rank {{[01]}}): ITO_FORCE_INTERNODE=maybe is not a boolean; use 1 or 0
// RUN: count 1 < %t.err
// RUN: env ITO_STATS=loud not %ito-run -n 2 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t.err
// STATS: ITO_STATS=loud is not understood; use 1 (a table on standard error), json:FILE (JSON into FILE) or 0
// RUN: count 1 < %t.err
// RUN: env ITO_DEBUG_RANK=first not %ito-run -n 2 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=RANK --input-file=%t.err
// RANK: ITO_DEBUG_RANK=first is not a rank; give the number of the process to debug (e.g. 1)
// RUN: count 1 < %t.err
// Counts are whole numbers, not sizes.
// RUN: env ITO_NODE_SIZE=2k not %ito-run -n 2 %t 2> %t.err
// RUN: FileCheck %s --check-prefix=COUNT --input-file=%t.err
// COUNT: ITO_NODE_SIZE=2k is not a count; use a whole number (e.g. 16)
// RUN: count 1 < %t.err
// RUN: env ITO_STEAL_SEED=-1 not %ito-run -n 2 %t 2>&1 | FileCheck %s --check-prefix=SEED
// SEED: ITO_STEAL_SEED=-1 is not a count; use a whole number (e.g. 16)
// RUN: env ITO_DEQUE_SLOTS=4 not %ito-run -n 1 %t 2>&1 | FileCheck %s --check-prefix=SLOTS
// SLOTS: ITO_DEQUE_SLOTS=4 is too small; use at least 16
// Sizes of zero, and sizes beyond the address space.
// RUN: env ITO_GLOBAL_HEAP_SIZE=0 not %ito-run -n 2 %t 2>&1 | FileCheck %s --check-prefix=ZERO-HEAP
// ZERO-HEAP: ITO_GLOBAL_HEAP_SIZE=0 is too small; give it at least 1m
// RUN: env ITO_COLLECTIVE_HEAP_SIZE=0 not %ito-run -n 2 %t 2>&1 | FileCheck %s --check-prefix=ZERO-COLL
// ZERO-COLL: ITO_COLLECTIVE_HEAP_SIZE=0 is too small; give it at least 1m
// RUN: env ITO_STACK_SIZE=0 not %ito-run -n 2 %t 2>&1 | FileCheck %s --check-prefix=ZERO-STACK
// ZERO-STACK: ITO_STACK_SIZE=0 is too small; give it at least 1m
// RUN: env ITO_TASK_HEAP_SIZE=0 not %ito-run -n 2 %t 2>&1 | FileCheck %s --check-prefix=ZERO-TASKS
// ZERO-TASKS: ITO_TASK_HEAP_SIZE=0 is too small; give it at least 1m
// RUN: env ITO_CACHE_SIZE=99999999999999g not %ito-run -n 2 %t 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: ITO_CACHE_SIZE=99999999999999g is larger than this machine can address
// RUN: env ITO_STACK_SIZE=100000g not %ito-run -n 1 %t 2>&1 | FileCheck %s --check-prefix=HUGE-STACK
// HUGE-STACK: cannot reserve {{.*}}: Cannot allocate memory; the size is more than the address space has room for there (docs/runtime-options.md)
// RUN: env ITO_STACK_SIZE=4m ITO_DEQUE_SLOTS=64 ITO_NODE_SIZE=1 ITO_STEAL_SEED=3 %ito-run -n 2 %t | FileCheck %s --check-prefix=GOOD
// GOOD: 100 55
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static int fib(int n) {
  if (n < 2)
    return n;
  int a = cilk_spawn fib(n - 1);
  int b = fib(n - 2);
  cilk_sync;
  return a + b;
}

int main(void) {
  int *v = malloc(100 * sizeof *v);
  cilk_for(int i = 0; i < 100; i++) v[i] = fib(10);
  int n = 0;
  for (int i = 0; i < 100; i++)
    n += v[i] == 55;
  printf("%d %d\n", n, v[0]);
  free(v);
  return 0;
}
