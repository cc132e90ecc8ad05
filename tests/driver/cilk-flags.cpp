// ito-c++ with a Cilk source: -std= and -D reach the translation as well as
// the compile; -c, -o, -S and -E as with clang++.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ito-c++ -std=c++20 -DBASE=7 -O2 -c %s -o %t.dir/flags.o
// RUN: %ito-c++ %t.dir/flags.o -o %t.dir/prog
// RUN: %ito-run -n 2 %t.dir/prog | FileCheck %s
// CHECK: 49 610
// RUN: %ito-c++ -std=c++20 -DBASE=7 -S %s -o %t.dir/flags.s
// RUN: FileCheck %s --check-prefix=ASM --input-file=%t.dir/flags.s
// ASM-DAG: {{^}}main:
// ASM-DAG: {{^}}__ito_cilk_program:
// RUN: %ito-c++ -std=c++20 -DBASE=7 -E %s | FileCheck %s --check-prefix=PRE
// PRE: namespace ito::cilk {
// PRE: int x = _Cilk_spawn fib(n - 1);
// PRE: auto f = _Cilk_spawn fib(15);
// PRE-NOT: __ito_s1
// Without -std=c++20 the translation already fails (consteval is C++20).
// RUN: not %ito-c++ -std=c++17 -DBASE=7 -c %s -o %t.dir/cxx17.o 2>&1 | FileCheck %s --check-prefix=CXX17
// CXX17: cilk-flags.cpp:[[#@LINE+7]]:1: error: unknown type name 'consteval'
// RUN: not ls %t.dir/cxx17.o

#include <cilk/cilk.h>

#include <cstdio>

consteval int square(int v) { return v * v; }

static int fib(int n) {
  if (n < 2)
    return n;
  int x = cilk_spawn fib(n - 1);
  int y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main() {
  auto f = cilk_spawn fib(15);
  cilk_sync;
  std::printf("%d %d\n", square(BASE), f);
  return 0;
}
