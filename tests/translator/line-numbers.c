// User code keeps its line numbers in the translation: the translated
// statements stay on their lines, and code that moves or is added is
// bracketed by #line markers. Each `int line_X = __LINE__;` below must read
// its own line once the translation is preprocessed.
// (Receivers are read before their sync on purpose: -Wno-ito-receiver-race.)
// RUN: %ito-translate %s -- -Wno-ito-receiver-race -I %ito-include > %t.c
// RUN: %clang -E -P -I %ito-include %t.c | FileCheck %s
// The translation's diagnostics name the original file.
// RUN: %clang -fsyntax-only -I %ito-include -Wunused-variable %t.c 2>&1 | FileCheck %s --check-prefix=DIAG

#include <cilk/cilk.h>

int line_top = __LINE__;
// CHECK: line_top = [[#@LINE-1]];

static int f(int n) { return n; }
static void v(int n) { (void)n; }

int spawns(int n) {
  int line_start = __LINE__;
  // CHECK: line_start = [[#@LINE-1]];
  int x = cilk_spawn f(n);
  int line_after_init = __LINE__;
  // CHECK: line_after_init = [[#@LINE-1]];
  x = cilk_spawn f(n);
  cilk_spawn v(n);
  int line_after_spawns = __LINE__;
  // CHECK: line_after_spawns = [[#@LINE-1]];
  if (n > 2)
    return x;
  int line_after_return = __LINE__;
  // CHECK: line_after_return = [[#@LINE-1]];
  cilk_sync;
  int line_after_sync = __LINE__;
  // CHECK: line_after_sync = [[#@LINE-1]];
  int unused_in_spawns = 0;
  // DIAG: {{.*}}line-numbers.c:[[#@LINE-1]]:7: warning: unused variable 'unused_in_spawns'
  return x + line_start + line_after_init + line_after_spawns +
         line_after_return + line_after_sync;
}

int line_between = __LINE__;
// CHECK: line_between = [[#@LINE-1]];

int scopes(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    cilk_scope {
      int a = cilk_spawn f(i);
      if (i == 2)
        continue;
      int line_in_scope = __LINE__;
      // CHECK: line_in_scope = [[#@LINE-1]];
      s += a + line_in_scope;
    }
    int line_after_scope = __LINE__;
    // CHECK: line_after_scope = [[#@LINE-1]];
    s += line_after_scope;
  }
  return s;
}

// (The bodies of the C cilk_for loops move out of the function, in no
// particular order.)
void loops(int n, int *out) {
  int line_before_for = __LINE__;
  // CHECK: line_before_for = [[#@LINE-1]];
#pragma cilk grainsize 2
  cilk_for (int i = 0; i < n; i++) { out[i] = i + __LINE__; }
  // CHECK-DAG: out[i] = i + [[#@LINE-1]];
  cilk_for (int i = 0; i < n; i++) {
    int line_in_body = __LINE__;
    // CHECK-DAG: line_in_body = [[#@LINE-1]];
    int y = cilk_spawn f(i);
    int line_in_body_after_spawn = __LINE__;
    // CHECK-DAG: line_in_body_after_spawn = [[#@LINE-1]];
    out[i] = y + line_in_body + line_in_body_after_spawn;
    int unused_in_body = 0;
    // DIAG: {{.*}}line-numbers.c:[[#@LINE-1]]:9: warning: unused variable 'unused_in_body'
  }
  (void)line_before_for;
}

// Loops that span several lines keep the lines after them in place. (Spawns
// whose arguments span lines: line-numbers-multiline-spawn.c.)
void on_lines(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) {
    out[i] = i;
  }
  int line_after_for_body = __LINE__;
  // CHECK: line_after_for_body = [[#@LINE-1]];
  cilk_for (int i = 0;
            i < n;
            i++) { out[i] = i; }
  int line_after_for_head = __LINE__;
  // CHECK: line_after_for_head = [[#@LINE-1]];
  out[0] = line_after_for_body + line_after_for_head;
}

int line_bottom = __LINE__;
// CHECK: line_bottom = [[#@LINE-1]];

int main(void) {
  int line_in_main = __LINE__;
  // CHECK: line_in_main = [[#@LINE-1]];
  int out[8];
  loops(8, out);
  return spawns(1) + scopes(3) + out[0] + line_in_main;
}

int line_after_main = __LINE__;
// CHECK: line_after_main = [[#@LINE-1]];
