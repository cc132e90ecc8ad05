// Diagnostics in a C++ Cilk source point at the original file and line, each
// once: warnings from the compile of the translation (clang reports unused
// variables as their scopes end: CHECK-DAG), errors from the translator's
// parse.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ito-c++ -std=c++17 -Wunused-variable -c %s -o %t.dir/ok.o 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not %ito-c++ -std=c++17 -DBROKEN -c %s -o %t.dir/broken.o 2>&1 | FileCheck %s --check-prefix=BROKEN --implicit-check-not=error:

#include <cilk/cilk.h>

static int f(int n) { return n; }

template <typename T> T tf(T n) {
  T x = cilk_spawn f(n);
  int in_template = 0;
  // CHECK-DAG: {{^}}{{.*}}cilk-diagnostic-lines.cpp:[[#@LINE-1]]:7: warning: unused variable 'in_template'
  cilk_sync;
  return x;
}

struct S {
  int v;
  int twice() const { return 2 * v; }
  int both() const {
    int a = cilk_spawn twice();
    int in_member = 0;
    // CHECK-DAG: {{^}}{{.*}}cilk-diagnostic-lines.cpp:[[#@LINE-1]]:9: warning: unused variable 'in_member'
    cilk_sync;
    return a;
  }
};

int user(int n, int *out) {
  auto l = [n]() {
    int y = cilk_spawn f(n);
    int in_lambda = 0;
    // CHECK-DAG: {{^}}{{.*}}cilk-diagnostic-lines.cpp:[[#@LINE-1]]:9: warning: unused variable 'in_lambda'
    cilk_sync;
    return y;
  };
  cilk_for (int i = 0; i < n; i++) {
    int in_body = 0;
    // CHECK-DAG: {{^}}{{.*}}cilk-diagnostic-lines.cpp:[[#@LINE-1]]:9: warning: unused variable 'in_body'
    out[i] = f(i);
  }
  int after_for = 0;
  // CHECK-DAG: {{^}}{{.*}}cilk-diagnostic-lines.cpp:[[#@LINE-1]]:7: warning: unused variable 'after_for'
  S s{n};
  return l() + tf(n) + s.both();
}

#ifdef BROKEN
int broken(int n) {
  int x = cilk_spawn f(n);
  cilk_sync;
  return x + undeclared;
  // BROKEN: {{^}}{{.*}}cilk-diagnostic-lines.cpp:[[#@LINE-1]]:14: error: use of undeclared identifier 'undeclared'
}
#endif
