// A cilk_for counting an unsigned variable down to 0 (i != 0, --i) runs
// every iteration, and so does one that counts past 0 to the type's
// largest value (i != (unsigned)-1: the count wraps at the type's width,
// not at 64 bits), or up through the wrap (an unsigned char from 250 to 3).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: cp %s %t.cpp
// RUN: %ito-c++ -O2 %t.cpp -o %t.cxx
// RUN: %ito-run -n 2 %t.cxx | env LC_ALL=C sort | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <stddef.h>
#include <stdio.h>

int main(void) {
  size_t n = 5;
  cilk_for (size_t i = n; i != 0; --i) {
    printf("ne-- %zu\n", i);
    fflush(stdout);
  }
  cilk_for (unsigned i = 6; i != 0; i -= 3) {
    printf("ne-=3 %u\n", i);
    fflush(stdout);
  }
  cilk_for (unsigned i = 2; i != (unsigned)-1; --i) {
    printf("wrap-- %u\n", i);
    fflush(stdout);
  }
  cilk_for (unsigned char c = 254; c != 2; c += 2) {
    printf("wrap+=2 %d\n", c);
    fflush(stdout);
  }
  cilk_for (unsigned i = 3; i > 0; i--) {
    printf("gt-- %u\n", i);
    fflush(stdout);
  }
  return 0;
}
// CHECK: gt-- 1
// CHECK-NEXT: gt-- 2
// CHECK-NEXT: gt-- 3
// CHECK-NEXT: ne-- 1
// CHECK-NEXT: ne-- 2
// CHECK-NEXT: ne-- 3
// CHECK-NEXT: ne-- 4
// CHECK-NEXT: ne-- 5
// CHECK-NEXT: ne-=3 3
// CHECK-NEXT: ne-=3 6
// CHECK-NEXT: wrap+=2 0
// CHECK-NEXT: wrap+=2 254
// CHECK-NEXT: wrap-- 0
// CHECK-NEXT: wrap-- 1
// CHECK-NEXT: wrap-- 2
// CHECK-NOT: {{.}}
