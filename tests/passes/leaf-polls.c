// ito-cc's LeafPolls pass (clang-plugin/lib/Passes/LeafPolls.cpp) counts
// down to a poll in the code a long serial leaf runs: the loop right around
// an innermost loop, a loop that calls, a function that calls itself, a
// function whose address is taken (qsort's comparison), an innermost loop
// alone in its function. Innermost loops inside loops without calls
// (vectorized here), short ones, and code that forks, have none.
// RUN: %ito-cc -O2 -S -emit-llvm %s -o - | FileCheck %s
// The serial elision has none.
// RUN: %ito-cc --ito-no-translate -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SERIAL
// SERIAL-NOT: ito_sched_loop

#include <cilk/cilk.h>
#include <stdlib.h>

// A loop without calls counts its iterations in a register and takes the
// countdown 8 at a time.
// CHECK-LABEL: define{{.*}} @rows(
// CHECK: [[COUNT:%.*]] = phi i64 [ 0, %{{.*}} ], [ [[NEXT:%.*]], %{{.*}} ]
// CHECK: [[NEXT]] = add i64 [[COUNT]], 1
// CHECK-NEXT: [[LOW:%.*]] = and i64 [[NEXT]], 7
// CHECK-NEXT: icmp eq i64 [[LOW]], 0
// CHECK: [[LEFT:%.*]] = sub i64 {{%.*}}, 8
// CHECK-NEXT: store i64 [[LEFT]], ptr @ito_sched_loop_countdown
// CHECK: call void @ito_sched_loop_poll()
// CHECK: fadd <{{[0-9]+}} x double>
// CHECK-NOT: ito_sched_loop_poll
// CHECK-LABEL: {{^}$}}
void rows(double *a, int n, int m) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] += 1;
}

// An innermost loop with no loop around it (a coarse task's whole leaf may
// be one) counts in a register too, 64 iterations at a time: its vector
// loop and its remainder.
// CHECK-LABEL: define{{.*}} @flat(
// CHECK: and i64 {{%.*}}, 63
// CHECK: sub i64 {{%.*}}, 64
// CHECK: call void @ito_sched_loop_poll()
// CHECK: fmul <{{[0-9]+}} x double>
// CHECK-LABEL: {{^}$}}
void flat(double *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}

// Unless it is known to be short.
// CHECK-LABEL: define{{.*}} @short_flat(
// CHECK-NOT: ito_sched_loop
// CHECK-LABEL: {{^}$}}
void short_flat(double *a) {
  for (int i = 0; i < 500; i++)
    a[i] = a[i] * 3 + a[i + 1];
}

// CHECK-LABEL: define{{.*}} @walk(
// CHECK: call void @ito_sched_loop_poll()
long walk(long n) { return n < 2 ? n : walk(n - 1) + walk(n - 2); }

// CHECK-LABEL: define{{.*}} @fib(
// CHECK-NOT: ito_sched_loop
// CHECK: call void @ito_sched_poll()
// CHECK-NOT: ito_sched_loop
// CHECK-LABEL: {{^}$}}
long fib(long n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

// CHECK-LABEL: define{{.*}} @by_key(
// CHECK: call void @ito_sched_loop_poll()
static int by_key(const void *x, const void *y) {
  return *(const int *)x - *(const int *)y;
}
void sort(int *a, int n) { qsort(a, n, sizeof *a, by_key); }

void work(int);
// CHECK-LABEL: define{{.*}} @calls(
// CHECK: [[LEFT:%.*]] = sub i64 {{%.*}}, 1
// CHECK-NEXT: store i64 [[LEFT]], ptr @ito_sched_loop_countdown
// CHECK: call void @ito_sched_loop_poll()
// CHECK: call void @work(
void calls(int n) {
  for (int i = 0; i < n; i++)
    work(i);
}

// The spawn loop polls at its forks; the sync after it counts once per
// child.
// CHECK-LABEL: define{{.*}} @spawns(
// CHECK: call void @ito_sched_poll()
// CHECK: call ptr @ito_uat_fork(
// CHECK-NOT: ito_sched_poll()
// CHECK: call void @ito_sched_loop_poll()
void spawns(int n) {
  for (int i = 0; i < n; i++)
    cilk_spawn work(i);
  cilk_sync;
}
