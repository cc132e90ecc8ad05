// Recursive lambdas that spawn themselves, two common C++ idioms: a
// std::function local captured by reference by the lambda it holds (with
// a vector of main's, also by reference), and a generic lambda given
// itself as an argument. Before, the first was rejected
// (-Wito-stack-sharing: main, which holds no Cilk code itself, was not
// looked at for what its lambdas capture), and the second translated to
// code that did not compile (an instantiation's arguments counted from
// the object of its operator()).
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// CHECK: sum 4096 fib 6765 count 1024

#include <cilk/cilk.h>

#include <cstdio>
#include <functional>
#include <vector>

int main() {
  std::vector<long> leaves(1024);
  for (int i = 0; i < 1024; i++)
    leaves[i] = 4;
  std::function<long(int, int)> sum = [&](int lo, int hi) -> long {
    if (hi - lo == 1)
      return leaves[lo];
    int mid = (lo + hi) / 2;
    long a = cilk_spawn sum(lo, mid);
    long b = sum(mid, hi);
    cilk_sync;
    return a + b;
  };

  auto fib = [](auto &&self, int n) -> long {
    if (n < 2)
      return n;
    long a = cilk_spawn self(self, n - 1);
    long b = self(self, n - 2);
    cilk_sync;
    return a + b;
  };

  // A std::function that a cilk_for in another lambda calls.
  long counted[1024];
  std::function<void(int)> mark = [&](int i) { counted[i] = 1; };
  auto run = [&] {
    cilk_for (int i = 0; i < 1024; i++)
      mark(i);
  };
  run();
  long count = 0;
  for (long c : counted)
    count += c;
  std::printf("sum %ld fib %ld count %ld\n", sum(0, 1024), fib(fib, 20),
              count);
  return 0;
}
