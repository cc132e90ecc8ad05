// Diagnostics in a Cilk source point at the original file and line: errors
// (found when the translator parses the source) and warnings (found when
// clang compiles the translation, through its #line markers), each once
// (clang reports unused variables as their scopes end: CHECK-DAG).
// (A receiver is read before its sync on purpose: -Wno-ito-receiver-race.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ito-cc -Wno-ito-receiver-race -Wunused-variable -Wunused-but-set-variable -c %s -o %t.dir/ok.o 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not %ito-cc -Wno-ito-receiver-race -Werror=unused-variable -c %s -o %t.dir/werror.o 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: not ls %t.dir/werror.o
// RUN: not %ito-cc -Wno-ito-receiver-race -DBROKEN -c %s -o %t.dir/broken.o 2>&1 | FileCheck %s --check-prefix=BROKEN --implicit-check-not=error:
// RUN: not ls %t.dir/broken.o

#include <cilk/cilk.h>

static int f(int n) { return n; }

int spawns(int n) {
  int x = cilk_spawn f(n);
  int after_spawn = 0;
  // CHECK-DAG: {{^}}{{.*}}cilk-diagnostic-lines.c:[[#@LINE-1]]:7: warning: unused variable 'after_spawn'
  // WERROR-DAG: {{^}}{{.*}}cilk-diagnostic-lines.c:[[#@LINE-2]]:7: error: unused variable 'after_spawn'
  cilk_scope {
    int y = cilk_spawn f(n + 1);
    int in_scope = 0;
    // CHECK-DAG: {{^}}{{.*}}cilk-diagnostic-lines.c:[[#@LINE-1]]:9: warning: unused variable 'in_scope'
    x += y;
  }
  if (n > 3)
    return x;
  cilk_sync;
  int after_sync = 0;
  // CHECK-DAG: {{^}}{{.*}}cilk-diagnostic-lines.c:[[#@LINE-1]]:7: warning: unused variable 'after_sync'
  return x;
}

void loops(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) { out[i] = f(i); }
  int after_for = 0;
  // CHECK-DAG: {{^}}{{.*}}cilk-diagnostic-lines.c:[[#@LINE-1]]:7: warning: unused variable 'after_for'
  cilk_for (int i = 0; i < n; i++) {
    int z = cilk_spawn f(i);
    int in_body = 0;
    // CHECK-DAG: {{^}}{{.*}}cilk-diagnostic-lines.c:[[#@LINE-1]]:9: warning: unused variable 'in_body'
    cilk_sync;
    out[i] += z;
  }
}

#ifdef BROKEN
int broken(int n) {
  int x = cilk_spawn f(n);
  cilk_sync;
  return x + undeclared;
  // BROKEN: {{^}}{{.*}}cilk-diagnostic-lines.c:[[#@LINE-1]]:14: error: use of undeclared identifier 'undeclared'
}
#endif
