// User code keeps its line numbers in the C++ translation: everything stays
// on its line. Each `int line_X = __LINE__;` below must read its own line
// once the translation is preprocessed.
// (Receivers are read before their sync on purpose: -Wno-ito-receiver-race.)
// RUN: %ito-translate %s -- -Wno-ito-receiver-race -std=c++17 -I %ito-include > %t.cpp
// RUN: %clangxx -std=c++17 -E -P -I %ito-include %t.cpp | FileCheck %s
// The translation's diagnostics name the original file.
// RUN: %clangxx -std=c++17 -fsyntax-only -I %ito-include -Wunused-variable %t.cpp 2>&1 | FileCheck %s --check-prefix=DIAG

#include <cilk/cilk.h>

int line_top = __LINE__;
// CHECK: line_top = [[#@LINE-1]];

static int f(int n) { return n; }
static void v(int n) { (void)n; }

template <typename T> T tf(T n) {
  T x = cilk_spawn f(n);
  int line_in_template = __LINE__;
  // CHECK: line_in_template = [[#@LINE-1]];
  cilk_sync;
  return x + line_in_template;
}

int spawns(int n) {
  int x = cilk_spawn f(n);
  int line_after_init = __LINE__;
  // CHECK: line_after_init = [[#@LINE-1]];
  x = cilk_spawn f(n);
  cilk_spawn v(n);
  if (n > 2)
    return x;
  int line_after_return = __LINE__;
  // CHECK: line_after_return = [[#@LINE-1]];
  cilk_sync;
  int line_after_sync = __LINE__;
  // CHECK: line_after_sync = [[#@LINE-1]];
  int unused_in_spawns = 0;
  // DIAG: {{.*}}line-numbers.cpp:[[#@LINE-1]]:7: warning: unused variable 'unused_in_spawns'
  auto lambda = [n]() {
    int y = cilk_spawn f(n);
    int line_in_lambda = __LINE__;
    // CHECK: line_in_lambda = [[#@LINE-1]];
    cilk_sync;
    return y + line_in_lambda;
  };
  return x + line_after_init + line_after_return + line_after_sync +
         lambda() + tf(n);
}

void loops(int n, int *out) {
  cilk_scope {
    int a = cilk_spawn f(n);
    int line_in_scope = __LINE__;
    // CHECK: line_in_scope = [[#@LINE-1]];
    out[0] = a + line_in_scope;
  }
#pragma cilk grainsize 2
  cilk_for (int i = 0; i < n; i++) {
    int line_in_body = __LINE__;
    // CHECK: line_in_body = [[#@LINE-1]];
    int y = cilk_spawn f(i);
    int line_in_body_after_spawn = __LINE__;
    // CHECK: line_in_body_after_spawn = [[#@LINE-1]];
    out[i] = y + line_in_body + line_in_body_after_spawn;
    int unused_in_body = 0;
    // DIAG: {{.*}}line-numbers.cpp:[[#@LINE-1]]:9: warning: unused variable 'unused_in_body'
  }
  int line_after_for = __LINE__;
  // CHECK: line_after_for = [[#@LINE-1]];
  out[1] = line_after_for;
}

static const int values[] = {1, 2, 3};

// Loops that span several lines keep the lines after them in place. (Spawns
// whose arguments span lines: line-numbers-multiline-spawn.cpp.)
void on_lines(int n, int *out) {
  cilk_for (int i = 0;
            i < n;
            i++) { out[i] = i; }
  int line_after_for_head = __LINE__;
  // CHECK: line_after_for_head = [[#@LINE-1]];
  cilk_for (int v :
            values) {
    int line_in_range_body = __LINE__;
    // CHECK: line_in_range_body = [[#@LINE-1]];
    out[v] = line_in_range_body;
  }
  int line_after_range_for = __LINE__;
  // CHECK: line_after_range_for = [[#@LINE-1]];
  out[0] = line_after_for_head + line_after_range_for;
}

int main() {
  int line_in_main = __LINE__;
  // CHECK: line_in_main = [[#@LINE-1]];
  int out[8];
  loops(8, out);
  return spawns(1) + out[0] + line_in_main;
}

int line_after_main = __LINE__;
// CHECK: line_after_main = [[#@LINE-1]];
