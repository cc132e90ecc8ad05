// __func__, __FUNCTION__ and __PRETTY_FUNCTION__ (and so assert's message)
// in the body of a cilk_for name the user's function, as in the serial
// elision, not the function or lambda the translation makes of the body;
// the lines of the body stay the user's.
// RUN: %ito-cc --ito-no-translate %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: cp %s %t.cpp
// RUN: %ito-c++ %t.cpp -o %t.cxx
// RUN: %ito-run -n 1 %t.cxx | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-cc %s -o %t
// RUN: %ito-run -n 1 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <stdio.h>

int main(void) {
  cilk_for (int i = 0; i < 1; i++) {
    printf("in %s %s %s line %d\n", __func__, __FUNCTION__,
           __PRETTY_FUNCTION__, __LINE__);
  }
  printf("after %s line %d\n", __func__, __LINE__);
  return 0;
}
// CHECK: in main main {{(int )?}}main{{(\(void\)|\(\))?}} line 19
// CHECK: after main line 21
