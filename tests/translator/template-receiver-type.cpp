// In a template, `T v = cilk_spawn f(...)` declares v of type T, whatever
// the call's type: converting the value as the elision does.
//   template <class T> T half_sum(int a, int b) {
//     T x = cilk_spawn id(a); ... return x / 2 + y / 2; }  // id returns int
// is 1.5 for half_sum<double>(1, 2) (x a double), not 1.
// RUN: %ito-c++ -std=c++17 --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-c++ -std=c++17 -O2 %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <cstdio>

static int id(int n) { return n; }

template <typename T> T half_sum(int a, int b) {
  T x = cilk_spawn id(a);
  T y = id(b);
  cilk_sync;
  return x / 2 + y / 2;
}

int main() {
  std::printf("%.2f %d\n", half_sum<double>(1, 2), half_sum<int>(1, 2));
  return 0;
}
// CHECK: 1.50 1
