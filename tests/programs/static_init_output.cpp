// What the program's static initialization prints (a global object's
// constructor, a registration banner) comes out once, as in the serial
// program, though every process runs its own static initialization (then
// process 0's objects become everyone's).
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 3 %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --match-full-lines --implicit-check-not={{.}} --input-file=%t.expected
// CHECK: registry: 2 solvers
// CHECK-NEXT: fib 6765
// CHECK-NEXT: registry closed

#include <cilk/cilk.h>
#include <cstdio>
#include <iostream>

struct Registry {
  int solvers = 2;
  Registry() { std::cout << "registry: " << solvers << " solvers\n"; }
  ~Registry() { std::printf("registry closed\n"); }
} registry;

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

int main() {
  std::printf("fib %ld\n", fib(20));
  return 0;
}
