// Locks in tasks: a pthread mutex (C style) and a std::mutex with
// std::lock_guard protect counters that tasks update. On one node the
// processes share the mutexes' memory, and libito makes each mutex
// process-shared at its first lock (before, np 2 hung: a waiter in another
// process was never woken). On several nodes a lock cannot protect what is
// cached, and the job stops with one message (before, np 2 --internode
// printed 49152 of 65536).
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
// CHECK: leaves 65536 inner 65535
// REFUSED: this program synchronizes through memory (an atomic update or a lock at {{.*}}locks.cpp:[[#@LINE+13]]), {{.*}} with 2 nodes updates would be lost

#include <cilk/cilk.h>
#include <cstdio>
#include <mutex>
#include <pthread.h>

static pthread_mutex_t leaf_lock = PTHREAD_MUTEX_INITIALIZER;
static std::mutex inner_lock;
static long leaves, inner;

static void walk(int d) {
  if (d == 0) {
    pthread_mutex_lock(&leaf_lock);
    leaves++;
    pthread_mutex_unlock(&leaf_lock);
    return;
  }
  cilk_spawn walk(d - 1);
  walk(d - 1);
  cilk_sync;
  std::lock_guard<std::mutex> hold(inner_lock);
  inner++;
}

int main() {
  walk(16);
  std::printf("leaves %ld inner %ld\n", leaves, inner);
  return 0;
}
