// A test-and-test-and-set spin lock as C programs write it: spin on a
// plain read of a volatile flag until it looks free, then try to take it
// with __sync_lock_test_and_set. Between nodes a plain read would see a
// cached copy that never changes (the job hung); ito-cc reads a volatile
// at its home.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: total 20000 buckets 20000

#include <cilk/cilk.h>
#include <stdio.h>

static volatile int total_lock;
static long total;

struct bucket {
  volatile int lock;
  long count;
};
static struct bucket buckets[8];

static void acquire(volatile int *lock) {
  while (__sync_lock_test_and_set(lock, 1))
    while (*lock)
      ;
}

static void release(volatile int *lock) { __sync_lock_release(lock); }

int main(void) {
  cilk_for (int i = 0; i < 20000; i++) {
    acquire(&total_lock);
    total++;
    release(&total_lock);
    struct bucket *b = &buckets[(i * 7) % 8];
    acquire(&b->lock);
    b->count++;
    release(&b->lock);
  }
  long sum = 0;
  for (int k = 0; k < 8; k++)
    sum += buckets[k].count;
  printf("total %ld buckets %ld\n", total, sum);
  return 0;
}
