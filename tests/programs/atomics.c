// Atomic operations on shared data are atomic between nodes too: ito-cc's
// pass turns each atomic instruction into a libito call that, between
// nodes, does it at the memory's home (runtime/src/memory/
// global_atomics.cpp). Before, global memory being coherent at forks and
// joins only, np 2 --internode printed 109146 hits instead of 262144 (and
// later such a job was refused at start-up).
// Covered: __atomic and __sync builtins, <stdatomic.h> on _Atomic
// variables, ++ and += of an _Atomic, a CAS loop for a maximum, a
// lock-free stack of malloc'd nodes pushed by tasks with a pointer CAS,
// atomic flags set with or, and a CAS-claimed array (each slot's claimer
// writes it once, read after the sync), and a histogram bumped from a
// cilk_for body.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: env ITO_STATS=json:- %ito-run -n 2 --internode %t 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: hits 262144 max 18 flags 3 bumps 262143 stacked 131072 sum 8589869056 claimed 4096 owners-ok 1 binned 262144 fullest {{[0-9]+}}
// STATS: "total": {{.*}}"remote_atomics": {{[1-9][0-9]*}},

#include <cilk/cilk.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static long hits;
static int deepest;
static int flags;
static _Atomic long bumps;
static atomic_long claimed;

struct node {
  long value;
  struct node *next;
};
static struct node *stack;

static int *owner; // 4096 slots, each claimed once
static int *first; // the depth that claimed it

static void push(long v) {
  struct node *n = malloc(sizeof *n);
  n->value = v;
  n->next = __atomic_load_n(&stack, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(&stack, &n->next, n, 1,
                                      __ATOMIC_RELEASE, __ATOMIC_RELAXED))
    ;
}

static void walk(int d, long id) {
  if (d == 0) {
    __atomic_fetch_add(&hits, 1, __ATOMIC_RELAXED);
    int slot = (int)(id % 4096);
    if (__sync_bool_compare_and_swap(&owner[slot], 0, 1)) {
      first[slot] = (int)(id / 4096) + 1;
      atomic_fetch_add(&claimed, 1);
    }
    return;
  }
  if (d <= 17)
    bumps += 1;
  else
    bumps++;
  if (d == 1)
    push(id);
  int seen = __atomic_load_n(&deepest, __ATOMIC_RELAXED);
  while (d > seen &&
         !__atomic_compare_exchange_n(&deepest, &seen, d, 0, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED))
    ;
  cilk_spawn walk(d - 1, 2 * id);
  walk(d - 1, 2 * id + 1);
  cilk_sync;
  __sync_fetch_and_or(&flags, d == 1 ? 1 : 2);
}

// A histogram whose bins cilk_for bodies bump (the body becomes a function
// of its own in the translation; its atomics are the program's too).
static long bins[64];

int main(void) {
  owner = calloc(4096, sizeof *owner);
  first = calloc(4096, sizeof *first);
  walk(18, 0);
  unsigned char *data = malloc(1 << 18);
  for (int i = 0; i < 1 << 18; i++)
    data[i] = (unsigned char)((i * 2654435761u) >> 24) % 64;
  cilk_for (int i = 0; i < 1 << 18; i++)
    __sync_fetch_and_add(&bins[data[i]], 1);
  long binned = 0, fullest = 0;
  for (int k = 0; k < 64; k++) {
    binned += bins[k];
    fullest = bins[k] > fullest ? bins[k] : fullest;
  }
  long stacked = 0, sum = 0;
  for (struct node *n = stack; n; n = n->next) {
    stacked++;
    sum += n->value;
  }
  // Every slot was claimed once, by some leaf with that slot.
  int ok = 1;
  for (int i = 0; i < 4096; i++)
    ok &= owner[i] == 1 && first[i] >= 1 && first[i] <= 64;
  printf("hits %ld max %d flags %d bumps %ld stacked %ld sum %ld claimed %ld "
         "owners-ok %d binned %ld fullest %ld\n",
         hits, deepest, flags, (long)bumps, stacked, sum, (long)claimed, ok,
         binned, fullest);
  return 0;
}
