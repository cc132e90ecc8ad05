// The C++ side of atomics.c: std::atomic's read-modify-write members and
// operators are recorded like the C builtins, so a job on several nodes
// stops with one message instead of losing increments; loads and stores
// alone are not refused.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: not %ito-run -n 4 --internode %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=REFUSED --input-file=%t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: leaves 65536 visits 131071
// REFUSED: this program synchronizes through memory (an atomic update or a lock at {{.*}}atomics.cpp:[[#@LINE+13]]), {{.*}} with 4 nodes updates would be lost
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include -DLOADS_ONLY | grep -v '^ *//' | FileCheck %s --check-prefix=NONE
// NONE-NOT: ito_atomic_site

#include <atomic>
#include <cilk/cilk.h>
#include <cstdio>

#ifndef LOADS_ONLY
std::atomic<long> leaves{0};
std::atomic<long> visits{0};

void walk(int d) {
  visits++;
  if (d == 0) {
    leaves.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  cilk_spawn walk(d - 1);
  walk(d - 1);
  cilk_sync;
}

int main() {
  walk(16);
  std::printf("leaves %ld visits %ld\n", leaves.load(), visits.load());
  return 0;
}
#else
std::atomic<long> level{0};
long peek() { return level.load(); }
void set(long v) { level.store(v); }
#endif
