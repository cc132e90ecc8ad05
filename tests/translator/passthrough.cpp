// A C++ file without Cilk constructs (nor a main, which with <cilk/cilk.h>
// makes a Cilk program) translates to itself, byte for byte.
// RUN: %ito-translate %s -o %t.cpp -- -std=c++17 -I %ito-include
// RUN: diff %s %t.cpp
// RUN: %clangxx -fsyntax-only -std=c++17 -Wall -Werror -I %ito-include %t.cpp

#include <cilk/cilk.h>
#include <cstddef>
#include <cstdio>
#include <vector>

namespace {

template <typename T> T sum(const std::vector<T> &Values) {
  T Sum{};
  for (const T &Value : Values)
    Sum += Value;
  return Sum;
}

struct Counter {
  std::size_t N = 0;
  void add() {
    if (1)
      ++N;
  }
};

} // namespace

int report() {
  std::vector<int> Values{1, 2, 3};
  auto Twice = [&] { return 2 * sum(Values); };
  Counter C;
  C.add();
  std::printf("%d %zu\n", Twice(), C.N);
  return 0;
}
