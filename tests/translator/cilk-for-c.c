// cilk_for in C: the body moves to a function of its own at file scope that
// runs a range of iterations (with #line markers, so it keeps its lines),
// the loop becomes a call of ito_abi_for with the trip count, and the
// variables the body uses travel by value in a context block. The loop
// shapes: <, <=, >, >= and != (either side), with ++, --, += and -=; the
// grain size of `#pragma cilk grainsize N` and `#pragma cilk grainsize = N`;
// spawns and cilk_scope in the body; cilk_for in cilk_for.
//
// Comment and blank lines are dropped from the translation before FileCheck
// reads it (but for the pragmas, which are commented out in the
// translation), so that no pattern can match its own CHECK line.
// RUN: %ito-translate %s -- -I %ito-include > %t.c
// RUN: grep -v -e '^ *// [^#]' -e '^ *//$' -e '^ *$' %t.c | FileCheck %s
// RUN: %clang -fsyntax-only -Wall -Werror -I %ito-include %t.c

#include <cilk/cilk.h>

int f(int n) { return n; }

// CHECK: struct __ito_c[[F1:[0-9]+]] { int *out; {{.*}} };
// CHECK: #line [[#@LINE+1]] "{{.*}}cilk-for-c.c"
void lt_preincrement(int n, int *out) {
  cilk_for (int i = 0; i < n; ++i) {
    out[i] = i;
  }
  // The begin value goes to the context; the trip count compares the begin
  // and end values, each evaluated once.
  // CHECK: { struct __ito_c[[F1]] __ito_c = { out, (0), 1 }; {{.*}}__ito_e = (n); ito_abi_for(0, (long long)(__ito_b < __ito_e ? {{.*}}), 0, __ito_f[[F1]], &__ito_c, sizeof __ito_c); }
  // CHECK: static void __ito_f[[F1]](long long __lo, long long __hi, void *__p) {
  // CHECK-NEXT: struct __ito_c[[F1]] *__c = (struct __ito_c[[F1]] *)__p;
  // CHECK-NEXT: int *out = __c->out;
  // CHECK-NEXT: for (long long __k = __lo; __k < __hi; __k++) {
  // CHECK-NEXT: int i = __c->__begin + __k * (1);
  // CHECK: #line [[#@LINE-11]] "{{.*}}cilk-for-c.c"
  // CHECK-NEXT: {{^ *}}{{[{]$}}
  // CHECK-NEXT: {{^}}    out[i] = i;
}

// CHECK: #line [[#@LINE+1]] "{{.*}}cilk-for-c.c"
void le_postincrement(int n, int *out) {
  cilk_for (int i = 0; i <= n; i++) {
    out[i] = i;
  }
  // CHECK: ito_abi_for(0, (long long)(__ito_b <= __ito_e ? {{.*}}), 0, __ito_f{{[0-9]+}},
  // CHECK: #line [[#@LINE-4]] "{{.*}}cilk-for-c.c"
  // CHECK-NEXT: {{^ *}}{{[{]$}}
  // CHECK-NEXT: {{^}}    out[i] = i;
}

void gt_predecrement(int n, int *out) {
  cilk_for (int i = n; i > 0; --i) {
    out[i] = i;
  }
  // The step is -1.
  // CHECK: { struct __ito_c{{[0-9]+}} __ito_c = { out, (n), -1 }; {{.*}}__ito_e = (0); ito_abi_for(0, (long long)(__ito_b > __ito_e ? {{.*}}), 0, __ito_f{{[0-9]+}},
}

void ge_minus_assign(int n, int *out) {
  cilk_for (int i = n; i >= 0; i -= 2) {
    out[i] = i;
  }
  // CHECK: { struct __ito_c{{[0-9]+}} __ito_c = { out, (n), -(2) }; {{.*}}ito_abi_for(0, (long long)(__ito_b >= __ito_e ? {{.*}}), 0, __ito_f{{[0-9]+}},
  // A constant step is written in the body.
  // CHECK: int i = __c->__begin + __k * (-(2));
}

void ne_plus_assign(int n, int step, int *out) {
  cilk_for (int i = 0; i != n; i += step) {
    out[i] = i;
  }
  // CHECK: { struct __ito_c{{[0-9]+}} __ito_c = { out, (0), (step) }; {{.*}}ito_abi_for(0, ({{.*}}), 0, __ito_f{{[0-9]+}},
  // CHECK: int i = __c->__begin + __k * __c->__step;
}

void postdecrement_flipped(int n, int *out) {
  cilk_for (long i = n; 0 <= i; i--) {
    out[i] = (int)i;
  }
  // The loop variable on the right: 0 <= i is i >= 0.
  // CHECK: { struct __ito_c{{[0-9]+}} __ito_c = { out, (n), -1 }; long __ito_b = {{.*}}ito_abi_for(0, (long long)(__ito_b >= __ito_e ? {{.*}}), 0, __ito_f{{[0-9]+}},
  // CHECK: long i = __c->__begin + __k * (-1);
}

void grainsizes(int n, int *out) {
#pragma cilk grainsize 4
  cilk_for (int i = 0; i < n; i++) {
    out[i] = i;
  }
#pragma cilk grainsize = n / 2
  _Cilk_for (int i = 0; i < n; i++) {
    out[i] = i;
  }
  cilk_for (int i = 0; i < n; i++) {
    out[i] = i;
  }
  // The pragmas are commented out (they are taken), and their expressions are
  // the grain sizes; the third loop has none.
  // CHECK: {{^}}// #pragma cilk grainsize 4
  // CHECK-NEXT: ito_abi_for(0, {{.*}}, (4), __ito_f{{[0-9]+}},
  // CHECK: {{^}}// #pragma cilk grainsize = n / 2
  // CHECK-NEXT: ito_abi_for(0, {{.*}}, (n / 2), __ito_f{{[0-9]+}},
  // CHECK-NEXT: ito_abi_for(0, {{.*}}, 0, __ito_f{{[0-9]+}},
}

// A spawn in the body: the body (one iteration) is a task block of its own,
// with its own spawn state, synced at its end; the entry function goes after
// the enclosing function, like the body's.
void spawn_in_body(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) {
    int x = cilk_spawn f(i);
    int y = f(i + 1);
    cilk_sync;
    out[i] = x + y;
  }
  // CHECK: ito_abi_for(0, {{.*}}, 0, __ito_f[[F2:[0-9]+]],
  // CHECK-DAG: static void __ito_e[[E2:[0-9]+]](void *__p) {
  // CHECK-DAG: static void __ito_f[[F2]](long long __lo, long long __hi, void *__p) {
  // CHECK: {{[{]}}ito_abi_spawn __ito_s[[E2]] = ito_abi_spawn_init;
  // CHECK-NEXT: int x; {{.*}}ito_abi_fork(&__ito_s[[E2]], __ito_e[[E2]],
  // CHECK-NEXT: int y = f(i + 1);
  // CHECK-NEXT: do { (void)ito_abi_sync(&__ito_s[[E2]], {{.*}} } while (0);
  // CHECK-NEXT: out[i] = x + y;
  // CHECK-NEXT: ito_abi_sync(&__ito_s[[E2]],
}

// A cilk_scope in the body.
void scope_in_body(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) {
    cilk_scope {
      out[i] = cilk_spawn f(i);
    }
  }
  // CHECK: ito_abi_for(0, {{.*}}, 0, __ito_f[[F3:[0-9]+]],
  // CHECK: static void __ito_f[[F3]](long long __lo, long long __hi, void *__p) {
  // CHECK: {{^ *}}{{[{]}}ito_abi_spawn __ito_s[[E3:[0-9]+]] = ito_abi_spawn_init;
  // CHECK-NEXT: { __ito_r[[E3]] = &(out[i]); {{.*}}ito_abi_fork(&__ito_s[[E3]],
  // CHECK-NEXT: if (ito_abi_sync(&__ito_s[[E3]], {{.*}}) *__ito_r[[E3]] = __ito_v[[E3]]; }
}

// cilk_for in cilk_for: the inner loop's context takes the outer loop
// variable.
void nested_for(int n, int *out) {
  cilk_for (int i = 0; i < n; i++) {
    cilk_for (int j = 0; j < n; j++) {
      out[i * n + j] = f(j);
    }
  }
  // CHECK: ito_abi_for(0, {{.*}}, 0, __ito_f[[OUTER:[0-9]+]],
  // CHECK-DAG: static void __ito_f[[INNER:[0-9]+]](long long __lo, long long __hi, void *__p) {
  // CHECK-DAG: static void __ito_f[[OUTER]](long long __lo, long long __hi, void *__p) {
  // CHECK-DAG: { struct __ito_c[[INNER]] __ito_c = { {{.*}}i, {{.*}}ito_abi_for(0, {{.*}}, 0, __ito_f[[INNER]],
}

int main(void) {
  int out[64];
  lt_preincrement(8, out);
  le_postincrement(7, out);
  gt_predecrement(7, out);
  ge_minus_assign(7, out);
  ne_plus_assign(8, 2, out);
  postdecrement_flipped(7, out);
  grainsizes(8, out);
  spawn_in_body(8, out);
  scope_in_body(8, out);
  nested_for(8, out);
  return out[0];
}
