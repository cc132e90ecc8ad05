// Receivers whose address cannot be taken: a bit-field is assigned at the
// sync through the object that holds it (also in a loop, through a pointer,
// in C and C++); a `register` receiver loses the keyword (C).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: cp %s %t.cpp
// RUN: %ito-c++ -O2 -DCXX %t.cpp -o %t.cxx
// RUN: %ito-run -n 2 %t.cxx | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <stdio.h>

struct flags {
  unsigned a : 4;
  unsigned b : 4;
};

static unsigned f(unsigned n) { return n; }

int main(void) {
  struct flags fl = {0, 0};
  fl.a = cilk_spawn f(5);
  fl.b = cilk_spawn f(9);
#ifndef CXX
  register unsigned r; // (register is not C++17)
#else
  unsigned r;
#endif
  r = cilk_spawn f(6);
  struct flags many[3] = {{0, 0}, {0, 0}, {0, 0}};
  struct flags *p = &many[0];
  for (unsigned i = 0; i < 3; i++)
    many[i].a = cilk_spawn f(i + 1);
  p->b = cilk_spawn f(7);
  cilk_sync;
  printf("%u %u %u\n", fl.a, fl.b, r);
  printf("%u %u %u %u\n", many[0].a, many[1].a, many[2].a, many[0].b);
  return 0;
}
// CHECK: 5 9 6
// CHECK-NEXT: 1 2 3 7
