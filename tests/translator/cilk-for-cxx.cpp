// cilk_for in C++: the loop head becomes a call of ito::cilk::parallel_for
// with the trip count, the grain size and a lambda that runs a range of
// iterations; the body stays where it is, on its lines. The loop shapes: <,
// <=, >, >= and != (either side), with ++, --, += and -=; iterators;
// range-based, over a random-access range; the grain size of `#pragma cilk
// grainsize N` and `#pragma cilk grainsize = N`; spawns and cilk_scope in
// the body; cilk_for in cilk_for; this in a member function.
//
// Comment and blank lines are dropped from the translation before FileCheck
// reads it (but for the pragmas, which are commented out in the
// translation), so that no pattern can match its own CHECK line.
// (Several loops here break the migration rules, which the checks report;
// this test is about the translation: -Wno-ito-... for those checks.)
// RUN: %ito-translate %s -- -Wno-ito-stack-sharing -Wno-ito-receiver-race -Wno-ito-local-heap -std=c++17 -I %ito-include > %t.cpp
// RUN: grep -v -e '^ *// [^#]' -e '^ *//$' -e '^ *$' %t.cpp | FileCheck %s
// RUN: %clangxx -fsyntax-only -std=c++17 -Wall -I %ito-include %t.cpp

#include <cilk/cilk.h>
#include <vector>

int f(int n) { return n; }

void shapes(int n, int *out) {
  // CHECK-LABEL: {{^}}void shapes(int n, int *out) {
  cilk_for (int i = 0; i < n; ++i) {
    out[i] = i;
  }
  // CHECK-NEXT: {{^}}  { {{.*}} __ito_b = (0); auto __ito_e = (n); ito::cilk::__parallel_for((long long)(__ito_b < __ito_e ? {{.*}}), 0, [{{.*}}](long long __lo, long long __hi) mutable { {{.*}}int i = __ito_b + __k * 1;{{.*}}{{[{]$}}
  // CHECK-NEXT: {{^}}    out[i] = i;
  // CHECK-NEXT: {{^}}  } {{.*}}}); }{{$}}
  cilk_for (int i = 0; i <= n; i++) {
    out[i] = i;
  }
  // CHECK-NEXT: parallel_for((long long)(__ito_b <= __ito_e ? {{.*}}int i = __ito_b + __k * 1;
  // CHECK-NEXT: {{^}}    out[i] = i;
  // CHECK-NEXT: {{^}}  } {{.*}}}); }{{$}}
  cilk_for (int i = n; i > 0; --i) {
    out[i] = i;
  }
  // CHECK-NEXT: {{.*}} __ito_b = (n); auto __ito_e = (0); ito::cilk::__parallel_for((long long)(__ito_b > __ito_e ? {{.*}}int i = __ito_b + __k * -1;
  // CHECK-NEXT: {{^}}    out[i] = i;
  // CHECK-NEXT: {{^}}  } {{.*}}}); }{{$}}
  cilk_for (int i = n; i >= 0; i -= 2) {
    out[i] = i;
  }
  // CHECK-NEXT: parallel_for((long long)(__ito_b >= __ito_e ? {{.*}}int i = __ito_b + __k * -(2);
  // CHECK-NEXT: {{^}}    out[i] = i;
  // CHECK-NEXT: {{^}}  } {{.*}}}); }{{$}}
  cilk_for (int i = 0; i != n; i += 3) {
    out[i] = i;
  }
  // CHECK-NEXT: parallel_for({{.*}}int i = __ito_b + __k * (3);
  // CHECK-NEXT: {{^}}    out[i] = i;
  // CHECK-NEXT: {{^}}  } {{.*}}}); }{{$}}
  cilk_for (int i = n; 0 <= i; i--) {
    out[i] = i;
  }
  // CHECK-NEXT: parallel_for((long long)(__ito_b >= __ito_e ? {{.*}}int i = __ito_b + __k * -1;
  // CHECK-NEXT: {{^}}    out[i] = i;
  // CHECK-NEXT: {{^}}  } {{.*}}}); }{{$}}
}

long iterators(const std::vector<int> &v) {
  // CHECK-LABEL: {{^}}long iterators(const std::vector<int> &v) {
  long s = 0;
  cilk_for (auto it = v.begin(); it != v.end(); ++it) {
    s += *it;
  }
  // CHECK: {{^}}  { {{.*}} __ito_b = (v.begin()); auto __ito_e = (v.end()); ito::cilk::__parallel_for({{.*}}auto it = __ito_b + __k * 1;
  return s;
}

// Range-based: iteration k binds the declaration to *(begin + k); the range
// is evaluated once.
void ranges(const std::vector<int> &v, int *out) {
  // CHECK-LABEL: {{^}}void ranges(const std::vector<int> &v, int *out) {
  cilk_for (int x : v) {
    out[x] = x;
  }
  // CHECK-NEXT: {{^}}  { auto &&__ito_r = (v); {{.*}}__parallel_for({{.*}}, 0, [{{.*}}](long long __lo, long long __hi) mutable { {{.*}}int x = *(__ito_b + __k);{{.*}}{{[{]$}}
  // CHECK-NEXT: {{^}}    out[x] = x;
  // CHECK-NEXT: {{^}}  } {{.*}}}); }{{$}}
#pragma cilk grainsize 16
  cilk_for (const auto &x : v) {
    int y = cilk_spawn f(x);
    out[x] += y;
  }
  // CHECK-NEXT: {{^}}// #pragma cilk grainsize 16
  // CHECK-NEXT: {{^}}  { auto &&__ito_r = (v); {{.*}}__parallel_for({{.*}}, (16), [{{.*}}const auto &x = *(__ito_b + __k);{{.*}}{{[{]}}ito::cilk::__spawn<int> __ito_s[[S:[0-9]+]];
  // CHECK-NEXT: {{^}}    int y; __ito_s[[S]].__fork(&y,
  // CHECK-NEXT: {{^}}    out[x] += y;
  // CHECK-NEXT: {{^}}  __ito_s[[S]].__sync(); } {{.*}}}); }{{$}}
}

void grainsizes(int n, int *out) {
  // CHECK-LABEL: {{^}}void grainsizes(int n, int *out) {
#pragma cilk grainsize 4
  cilk_for (int i = 0; i < n; i++) {
    out[i] = i;
  }
  // CHECK-NEXT: {{^}}// #pragma cilk grainsize 4
  // CHECK-NEXT: parallel_for({{.*}}, (4), [
#pragma cilk grainsize = n / 2
  _Cilk_for (int i = 0; i < n; i++) {
    out[i] = i;
  }
  // CHECK: {{^}}// #pragma cilk grainsize = n / 2
  // CHECK-NEXT: parallel_for({{.*}}, (n / 2), [
  cilk_for (int i = 0; i < n; i++) {
    out[i] = i;
  }
  // CHECK: parallel_for({{.*}}, 0, [
}

// A spawn in the body: one iteration is a task block, with its own spawn
// state, synced at its end.
void spawn_in_body(int n, int *out) {
  // CHECK-LABEL: {{^}}void spawn_in_body(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) {
    int x = cilk_spawn f(i);
    int y = f(i + 1);
    cilk_sync;
    out[i] = x + y;
  }
  // CHECK-NEXT: parallel_for({{.*}}{{[{]}}ito::cilk::__spawn<int> __ito_s[[S:[0-9]+]];
  // CHECK-NEXT: {{^}}    int x; __ito_s[[S]].__fork(&x,
  // CHECK-NEXT: {{^}}    int y = f(i + 1);
  // CHECK-NEXT: {{^}}    do { __ito_s[[S]].__sync(); } while (0);
  // CHECK-NEXT: {{^}}    out[i] = x + y;
  // CHECK-NEXT: {{^}}  __ito_s[[S]].__sync(); } {{.*}}}); }{{$}}
}

void scope_in_body(int n, int *out) {
  // CHECK-LABEL: {{^}}void scope_in_body(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) {
    cilk_scope {
      out[i] = cilk_spawn f(i);
    }
  }
  // CHECK-NEXT: parallel_for(
  // CHECK-NEXT: {{[{]}}ito::cilk::__spawn<int> __ito_s[[S:[0-9]+]];
  // CHECK-NEXT: {{^}}      __ito_s[[S]].__fork(&(out[i]),
  // CHECK-NEXT: {{^}}    __ito_s[[S]].__sync(); }
  // CHECK-NEXT: {{^}}  } {{.*}}}); }{{$}}
}

void nested_for(int n, int *out) {
  // CHECK-LABEL: {{^}}void nested_for(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) {
    cilk_for (int j = 0; j < n; j++) {
      out[i * n + j] = f(j);
    }
  }
  // CHECK-NEXT: parallel_for({{.*}}int i = __ito_b + __k * 1;
  // CHECK-NEXT: parallel_for({{.*}}[{{.*}}i{{.*}}](long long __lo, long long __hi){{.*}}int j = __ito_b + __k * 1;
  // CHECK-NEXT: {{^}}      out[i * n + j] = f(j);
  // CHECK-NEXT: {{^}}    } {{.*}}}); }{{$}}
  // CHECK-NEXT: {{^}}  } {{.*}}}); }{{$}}
}

struct Grid {
  int cells[16];
  int scale = 2;
  void fill(int n) {
    // CHECK-LABEL: {{^}}  void fill(int n) {
    cilk_for (int i = 0; i < n; i++) {
      cells[i] = scale * i;
    }
    // The member's object is captured: this.
    // CHECK-NEXT: parallel_for({{.*}}[{{.*}}this{{.*}}](long long __lo, long long __hi)
  }
};

int main() {
  int out[64];
  shapes(8, out);
  std::vector<int> v{1, 2, 3};
  ranges(v, out);
  grainsizes(8, out);
  spawn_in_body(8, out);
  scope_in_body(8, out);
  nested_for(8, out);
  Grid g;
  g.fill(16);
  return (int)iterators(v) + out[0] + g.cells[0];
}
