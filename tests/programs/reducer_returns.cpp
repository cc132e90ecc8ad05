// Reducers where C++ code hands them on: `return s;` of a reducer from a
// function that returns its value type, and a Cilk Plus reducer's member
// call through `->` in main after a cilk_for (main comes back to process 0
// after it). Written as an ordinary Cilk program.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: sum 499500 sum2 499500
// CHECK-NEXT: max at 30 (value 100)

#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>
#include <cilk/reducer_min_max.h>

#include <cstdio>

long sum(int n) {
  cilk::opadd_reducer<long> s = 0;
  cilk_for (int i = 0; i < n; ++i)
    s += i;
  return s;
}

long sum_parenthesized(int n) {
  cilk::opadd_reducer<long> s = 0;
  cilk_for (int i = 0; i < n; ++i)
    s += i;
  return (s);
}

int main() {
  std::printf("sum %ld sum2 %ld\n", sum(1000), sum_parenthesized(1000));
  cilk::reducer<cilk::op_max_index<int, int>> mx;
  cilk_for (int i = 0; i < 1000; ++i)
    mx->calc_max(i, (i * 37) % 101);
  std::printf("max at %d (value %d)\n", mx->get_index_value(),
              mx->get_value());
  return 0;
}
