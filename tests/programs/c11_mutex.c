// C11's <threads.h> mutex in tasks: mtx_lock/mtx_unlock around a counter
// and a list, mtx_trylock until it succeeds. glibc's mtx_lock goes to its
// own mutex code, past libito's pthread_mutex_lock: before, np 2 hung on
// one node (a private futex), and between nodes the lock protected nothing
// (np 2 --internode counted 7026 to 10053 of 20000). Now a C11 mutex is a
// pthread mutex of libito's: process-shared on one node, a lock word at its
// home between nodes.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// CHECK: count 20000 tried 20000 sum 199990000

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <threads.h>

static mtx_t lock, try_lock;
static long count, tried;

struct item {
  int value;
  struct item *next;
};
static struct item *items;

static void leaf(int i) {
  struct item *it = malloc(sizeof *it);
  it->value = i;
  mtx_lock(&lock);
  for (volatile int d = 0; d < 200; d++)
    ;
  count++;
  it->next = items;
  items = it;
  mtx_unlock(&lock);
  while (mtx_trylock(&try_lock) != thrd_success)
    ;
  tried++;
  mtx_unlock(&try_lock);
}

static void rec(int lo, int hi) {
  if (hi - lo == 1) {
    leaf(lo);
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn rec(lo, mid);
  rec(mid, hi);
  cilk_sync;
}

int main(void) {
  mtx_init(&lock, mtx_plain);
  mtx_init(&try_lock, mtx_plain);
  rec(0, 20000);
  long sum = 0;
  for (struct item *it = items; it; it = it->next)
    sum += it->value;
  printf("count %ld tried %ld sum %ld\n", count, tried, sum);
  mtx_destroy(&try_lock);
  mtx_destroy(&lock);
  return 0;
}
