// Spawns at several sites of one loop body, each writing to an output
// reducer: the lines must come out in the serial program's order, so the
// sync must join the children newest first across the sites (one list for
// the block), not site by site. A spawn outside the loop, before and after
// it, shares the order too.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// CHECK: first
// CHECK-NEXT: a 0 fib 4181
// CHECK-NEXT: b 0 fib 6765
// CHECK-NEXT: a 1 fib 4181
// CHECK: b 199 fib 6765
// CHECK-NEXT: last 1999000

#include <cilk/cilk.h>
#include <cilk/ostream_reducer.h>

#include <iostream>

static cilk::ostream_reducer<char> out(std::cout);

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

static void a(int i) { out << "a " << i << " fib " << fib(19) << "\n"; }
static void b(int i) { out << "b " << i << " fib " << fib(20) << "\n"; }
static long first() {
  out << "first\n";
  return fib(18);
}

int main() {
  long f = cilk_spawn first();
  for (int i = 0; i < 200; i++) {
    cilk_spawn a(i);
    cilk_spawn b(i);
  }
  long sum = cilk_spawn [] {
    long s = 0;
    for (int i = 0; i < 2000; i++)
      s += i;
    return s;
  }();
  cilk_sync;
  out << "last " << sum * (f == 2584) << std::endl;
  return 0;
}
