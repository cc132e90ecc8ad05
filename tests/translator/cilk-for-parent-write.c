// XFAIL: *
// BUG: a cilk_for body that assigns a variable of the enclosing function
// writes a copy (the body runs in a task of its own, possibly in another
// process, with the variables it uses copied in), so the write is lost
// silently, even on one process, where the serial elision (and a race-free
// Cilk program: one iteration writes) keeps it:
//   int last = -1;
//   cilk_for (int i = 0; i < 4; i++) { if (i == 3) last = i; }
//   // last is still -1
// The C translation then also warns about its own copy under -Wall
// ("variable 'last' set but not used", at the user's line). Since ito cannot
// share the parent's variables between processes, the translator must at
// least say so: a diagnostic naming the variable at the assignment. (The
// comment in EmitCxx.cpp says the diagnostics report writes to the parent's
// arrays; there are none yet.)
// RUN: %ito-translate %s -- -I %ito-include 2>&1 | FileCheck %s
// CHECK: cilk-for-parent-write.c{{(.tmp.cpp)?}}:[[#@LINE+10]]:{{[0-9]+}}: {{warning|error}}: {{.*}}'last'
// RUN: cp %s %t.cpp
// RUN: %ito-translate %t.cpp -- -I %ito-include 2>&1 | FileCheck %s

#include <cilk/cilk.h>

int main(void) {
  int last = -1;
  cilk_for (int i = 0; i < 4; i++) {
    if (i == 3)
      last = i;
  }
  return last == 3 ? 0 : 1;
}
