// The C library's random numbers in a Cilk program: rand(), random() and
// the drand48() family (seed48, lcong48, and erand48 and its siblings on
// the caller's state) draw glibc's very sequences (checked against a
// build with glibc's own), from one state for all processes, so serial
// code that draws between parallel phases gets the serial elision's
// numbers wherever main goes on after a sync.
// RUN: %clang -O2 -I %ito-include -DITO_SERIAL %s -o %t.glibc
// RUN: %t.glibc > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected --match-full-lines
// CHECK: unseeded 1693201271553224
// CHECK-NEXT: phase 0 {{-?[0-9]+}} fib 832040

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main(void) {
  long s = 0;
  for (int i = 0; i < 5; i++)
    s = s * 31 + rand();
  printf("unseeded %ld\n", s);
  srand(12345);
  for (int phase = 0; phase < 6; phase++) {
    // Serial draws, then a parallel phase after which main may go on in
    // another process.
    for (int i = 0; i < 1000; i++)
      s = s * 31 + rand() + random() + lrand48() + mrand48();
    s += (long)(drand48() * 1e9);
    if (phase == 3) {
      srandom(7);
      srand48(987654321);
    }
    if (phase == 4) {
      unsigned short seed[3] = {1, 2, 3};
      unsigned short *old = seed48(seed);
      s += old[0] + old[1] + old[2];
    }
    if (phase == 5) {
      unsigned short param[7] = {5, 6, 7, 11, 0, 1, 3};
      lcong48(param);
    }
    unsigned short own[3] = {9, 8, (unsigned short)phase};
    for (int i = 0; i < 10; i++)
      s = s * 31 + nrand48(own) + jrand48(own) + (long)(erand48(own) * 1e6);
    printf("phase %d %ld fib %ld\n", phase, s, fib(30));
  }
  return 0;
}
