// cilk_for in C++ between nodes: inner loops, started by whichever process
// runs an outer iteration, cover every index once, and when both halves
// throw, the exception that reaches the handler is the left one's, as in
// the serial loop. (cilk_for forks its left half wherever it starts: a
// reducer needs the child to be the left half; the loop patterns of
// ito/patterns.hpp split by the processes' parts instead.)
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: env ITO_STEAL_SEED=5 %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: covered 1
// CHECK: outer 0: first bad 3
// CHECK: outer 7: first bad 10
// CHECK: sum {{[0-9]+}}

#include <cilk/cilk.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

static void spin(int n) {
  volatile long x = n;
  for (int k = 0; k < n; k++)
    x = x * 3 + 1;
}

int main() {
  const int outer = 8, inner = 400;
  std::vector<int> hits(outer * inner, 0);
  cilk_for (int o = 0; o < outer; o++) {
    spin(20000);
    cilk_for (int i = 0; i < inner; i++) {
      spin(200);
      hits[o * inner + i]++;
    }
  }
  bool once = true;
  for (int h : hits)
    once &= h == 1;
  std::printf("covered %d\n", once);

  std::vector<std::string> first(outer);
  cilk_for (int o = 0; o < outer; o++) {
    try {
      // Throws in both halves: at o + 3 and near the end.
      cilk_for (int i = 0; i < inner; i++) {
        spin(300);
        if (i == o + 3 || i == inner - 5 - o)
          throw std::runtime_error(std::to_string(i));
      }
      first[o] = "none";
    } catch (const std::runtime_error &e) {
      first[o] = e.what();
    }
  }
  for (int o = 0; o < outer; o++)
    std::printf("outer %d: first bad %s\n", o, first[o].c_str());

  long sum = 0;
  std::vector<long> parts(outer * inner);
  cilk_for (int k = 0; k < outer * inner; k++)
    parts[k] = (long)k * k % 1009;
  for (long p : parts)
    sum += p;
  std::printf("sum %ld\n", sum);
  return 0;
}
