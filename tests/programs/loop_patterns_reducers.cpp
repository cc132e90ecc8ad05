// A Cilk program that also calls ito's loop patterns (ito/patterns.hpp),
// with a list reducer appended to in the leaves: the items come out in the
// serial order. Inner loops start in whichever process runs an outer leaf;
// between nodes, a process whose part of a loop is the right half would run
// that half first (ito/detail/loop_affinity.h) and reverse what the halves
// append, so a program that can use reducers splits its loops in serial
// order.
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s
// RUN: %ito-run -n 2 %t | FileCheck %s
// RUN: %ito-run -n 2 --internode %t | FileCheck %s
// RUN: %ito-run -n 3 --internode %t | FileCheck %s
// RUN: %ito-run -n 4 --internode %t | FileCheck %s
// CHECK: out of order 0 of 1536

#include <cilk/cilk.h>
#include <cilk/reducer_list.h>
#include <ito/ito.hpp>

#include <cstdio>
#include <list>

static void spin(int n) {
  volatile long x = n;
  for (int k = 0; k < n; k++)
    x = x * 3 + 1;
}

int main() {
  cilk::reducer<cilk::op_list_append<int>> items;
  ito::parallel_for(0, 24, 1, [&items](std::size_t i) {
    ito::parallel_for(0, 64, 1, [&items, i](std::size_t j) {
      spin(2000);
      items->push_back(static_cast<int>(i * 64 + j));
    });
  });
  long sum = 0;
  cilk_for (int k = 0; k < 4; k++)
    spin(k);
  int expect = 0, bad = 0;
  for (int x : items.get_value())
    if (x != expect++)
      bad++;
  std::printf("out of order %d of %d\n", bad, expect);
  return sum;
}
