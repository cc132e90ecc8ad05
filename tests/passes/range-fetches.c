// ito-cc's RangeFetches pass (clang-plugin/lib/Passes/RangeFetches.cpp)
// announces, before a loop nest that calls nothing, the ranges its loads
// and stores touch, under a test of __ito_fetch_ranges: one announcement
// before a whole row-major nest; none for the stack, nor for a loop whose
// trip count is unknown.
// RUN: %ito-cc -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %ito-cc --ito-no-translate -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SERIAL
// SERIAL-NOT: ito_fetch_range

#include <cilk/cilk.h>

// CHECK-LABEL: define{{.*}} @rows(
// CHECK: load i8, ptr @__ito_fetch_ranges
// CHECK: call void @ito_fetch_range({{.*}}, i32 1)
// CHECK-NOT: ito_fetch_range
// CHECK-LABEL: {{^}$}}
void rows(double *a, long n, long m) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      a[i * m + j] += 1;
}

// CHECK-LABEL: define{{.*}} @on_stack(
// CHECK-NOT: ito_fetch_range
// CHECK-LABEL: {{^}$}}
long on_stack(long n) {
  volatile long t[64];
  for (long i = 0; i < 64; i++)
    t[i] = i * n;
  long s = 0;
  for (long i = 0; i < 64; i++)
    s += t[i];
  return s;
}

struct node {
  struct node *next;
  long v;
};

// CHECK-LABEL: define{{.*}} @list(
// CHECK-NOT: ito_fetch_range
// CHECK-LABEL: {{^}$}}
long list(struct node *p) {
  long s = 0;
  for (; p; p = p->next)
    s += p->v;
  return s;
}
