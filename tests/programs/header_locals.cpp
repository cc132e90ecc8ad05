// C++: locals of the program's own header code, which has no Cilk keyword,
// written by tasks: a PBBS-style par_do whose lambdas capture a recursive
// sum's locals by reference, and a method's local std::atomic. ito
// translates the header too and moves them off the stack. Written as an
// ordinary Cilk program.
// RUN: %ito-c++ --ito-no-translate -O2 -I%S/Inputs %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -I%S/Inputs %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: env ITO_STEAL_SEED=2 %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: sum 1498500000
// CHECK-NEXT: tally 20007

#include <cilk/cilk.h>

#include <cstdio>
#include <vector>

#include "header_locals.hpp"

void par_do(const std::function<void()> &left,
            const std::function<void()> &right) {
  cilk_spawn left();
  right();
  cilk_sync;
}

void parallel_tally(std::atomic<long> &tally, int n) {
  cilk_for (int i = 0; i < n; i++)
    tally.fetch_add(1, std::memory_order_relaxed);
}

int main() {
  std::vector<long> v(1000000);
  for (long i = 0; i < 1000000; i++)
    v[i] = i % 3000;
  std::printf("sum %ld\n", tree_sum(v.data(), (long)v.size()));
  Tallier t;
  std::printf("tally %ld\n", t.run(20000));
  return 0;
}
