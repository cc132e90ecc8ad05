// A spawn whose arguments span several lines keeps the lines after it in
// place: the line breaks inside the arguments (copied into the lambda's
// captures) count among those the replacement keeps, not twice.
//   int x = cilk_spawn f(n +
//                        1);
//   int line = __LINE__;   // its own line
// Each `int line_X = __LINE__;` below must read its own line once the
// translation is preprocessed.
// (Receivers are read before their sync on purpose: -Wno-ito-receiver-race.)
// RUN: %ito-translate %s -- -Wno-ito-receiver-race -std=c++17 -I %ito-include > %t.cpp
// RUN: %clangxx -std=c++17 -E -P -I %ito-include %t.cpp | FileCheck %s

#include <cilk/cilk.h>

static int f(int n) { return n; }
static void v(int n) { (void)n; }

int on_lines(int n) {
  int x = cilk_spawn f(n +
                       1);
  int line_after_spawn = __LINE__;
  // CHECK: line_after_spawn = [[#@LINE-1]];
  x = cilk_spawn f(n +
                   2);
  int line_after_assign = __LINE__;
  // CHECK: line_after_assign = [[#@LINE-1]];
  cilk_spawn v(n +
               3);
  int line_after_statement = __LINE__;
  // CHECK: line_after_statement = [[#@LINE-1]];
  cilk_sync;
  return x + line_after_spawn + line_after_assign + line_after_statement;
}
