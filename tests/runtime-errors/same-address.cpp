// Tasks migrate with return addresses in their stacks, so every rank must
// run the same program at the same addresses; the runtime arranges it (no
// setarch) and stops with one message naming what differs when it cannot.
// RUN: %ito-c++ -O1 -std=c++17 %s -o %t.a
// RUN: %ito-c++ -O1 -std=c++17 -DOTHER_BUILD %s -o %t.b
// RUN: %ito-run -n 2 %t.a | FileCheck --check-prefix=SAME --match-full-lines --implicit-check-not={{.}} %s
// RUN: not %mpiexec -n 1 %t.a : -n 1 %t.b 2>&1 | FileCheck --check-prefix=BINARY %s
// RUN: env ITO_REEXEC=0 not %ito-run -n 2 %t.a 2>&1 | FileCheck --check-prefix=ASLR %s

#include <ito/ito.hpp>

#include <cstdio>

#ifdef OTHER_BUILD
volatile char padding[123457] = {1}; // a different executable
#endif

long fib(int n) {
  if (n < 2)
    return n;
  ito::thread<long> x(fib, n - 1);
  return x.join() + fib(n - 2);
}

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  long v = ito::root_exec(fib, 25);
  if (ito::is_master())
    std::printf("fib(25) = %ld\n", v);
}

// SAME: fib(25) = 75025
// BINARY: ito: error (rank 0): rank 1 runs a different executable than rank 0 (size {{[0-9]+}} vs {{[0-9]+}} bytes): every rank must run the same build of the program
// ASLR: ito: error (rank 0): rank 1 has the program at different addresses than rank 0 {{.*}}: address randomization could not be turned off (was ITO_REEXEC=0 set, or personality(2) denied?)
