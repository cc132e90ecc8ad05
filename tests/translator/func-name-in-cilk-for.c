// XFAIL: *
// BUG: __func__ (and so assert's message) in the body of a cilk_for names
// the function the translation made of the body, not the user's function:
// "__ito_f1" in C, "operator()" in C++, where the serial elision says "main".
// RUN: %ito-cc --ito-no-translate %s -o %t.serial
// RUN: %t.serial | FileCheck %s
// RUN: cp %s %t.cpp
// RUN: %ito-c++ %t.cpp -o %t.cxx
// RUN: %ito-run -n 1 %t.cxx | FileCheck %s
// RUN: %ito-cc %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s

#include <cilk/cilk.h>
#include <stdio.h>

int main(void) {
  cilk_for (int i = 0; i < 1; i++) {
    printf("in %s\n", __func__);
  }
  return 0;
}
// CHECK: in main
