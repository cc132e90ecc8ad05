// ito-cc's pass turns each atomic instruction that may touch shared memory
// into a libito call (clang-plugin/lib/Passes/GlobalAtomics.cpp), at every
// -O level, and so does each volatile load and store (relaxed); atomics on
// the function's own stack, thread_local data and the
// guards of C++ static locals stay instructions. Values travel in 64 bits;
// the arguments after them are the operation, the width and the memory
// order (bit 1 acquire, bit 2 release).
// RUN: %ito-cc -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %ito-cc -O2 -S -emit-llvm %s -o - | FileCheck %s
// The serial elision keeps the instructions.
// RUN: %ito-cc --ito-no-translate -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SERIAL
// SERIAL-NOT: __ito_atomic
// SERIAL: atomicrmw add

#include <stdatomic.h>

long counter;
_Atomic int level;
_Thread_local long mine;
double total;
void *top;

// CHECK-LABEL: define{{.*}} @bump(
// CHECK: call i64 @__ito_atomic_rmw(ptr{{.*}} @counter, i64 {{.*}}, i32 1, i32 8, i32 0)
long bump(void) { return __atomic_fetch_add(&counter, 2, __ATOMIC_RELAXED); }

// CHECK-LABEL: define{{.*}} @sync_sub(
// CHECK: call i64 @__ito_atomic_rmw(ptr{{.*}} @counter, i64 {{.*}}, i32 2, i32 8, i32 3)
long sync_sub(void) { return __sync_sub_and_fetch(&counter, 1); }

// CHECK-LABEL: define{{.*}} @claim(
// CHECK: [[OLD:%.*]] = {{.*}}call i64 @__ito_atomic_cas(ptr {{.*}}, i64 {{.*}}, i64 {{.*}}, i32 4, i32 3)
// CHECK: icmp eq i64 [[OLD]],
int claim(int *slot) { return __sync_bool_compare_and_swap(slot, 0, 1); }

// CHECK-LABEL: define{{.*}} @level_up(
// CHECK: call i64 @__ito_atomic_rmw(ptr{{.*}} @level, i64 {{.*}}, i32 1, i32 4, i32 3)
void level_up(void) { level += 1; }

// CHECK-LABEL: define{{.*}} @peek(
// CHECK: call i64 @__ito_atomic_load(ptr{{.*}} @level, i32 4, i32 1)
int peek(void) { return atomic_load_explicit(&level, memory_order_acquire); }

// CHECK-LABEL: define{{.*}} @set(
// CHECK: call void @__ito_atomic_store(ptr{{.*}} @level, i64 {{.*}}, i32 4, i32 2)
void set(int v) { atomic_store_explicit(&level, v, memory_order_release); }

// CHECK-LABEL: define{{.*}} @swap_top(
// CHECK: call i64 @__ito_atomic_rmw(ptr{{.*}} @top, i64 {{.*}}, i32 0, i32 8, i32 3)
void *swap_top(void *p) { return __atomic_exchange_n(&top, p, __ATOMIC_SEQ_CST); }

// CHECK-LABEL: define{{.*}} @add_total(
// CHECK: call i64 @__ito_atomic_cas(ptr{{.*}} @total,
void add_total(double x) {
  double seen = total, want;
  do
    want = seen + x;
  while (!__atomic_compare_exchange(&total, &seen, &want, 0, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST));
}

// CHECK-LABEL: define{{.*}} @fence(
// CHECK: call void @__ito_atomic_fence(i32 3)
void fence(void) { atomic_thread_fence(memory_order_seq_cst); }

// CHECK-LABEL: define{{.*}} @local_only(
// CHECK-NOT: __ito_atomic
// CHECK: ret
long local_only(void) {
  long here = 0;
  __atomic_fetch_add(&here, 1, __ATOMIC_SEQ_CST);
  __atomic_fetch_add(&mine, 1, __ATOMIC_SEQ_CST);
  return here + mine;
}

// A volatile flag is read and written as a relaxed atomic (a wait on it
// would read a cached copy between nodes); a volatile local stays.
// CHECK-LABEL: define{{.*}} @wait_ready(
// CHECK: call i64 @__ito_atomic_load(ptr{{.*}} @ready, i32 4, i32 0)
// CHECK: call void @__ito_atomic_store(ptr{{.*}} @ready, i64 0, i32 4, i32 0)
// CHECK-LABEL: define{{.*}} @delay(
// CHECK-NOT: __ito_atomic
// CHECK: ret
volatile int ready;
void wait_ready(void) {
  while (!ready)
    ;
  ready = 0;
}
void delay(void) {
  for (volatile int d = 0; d < 100; d++)
    ;
}

// A cilk_for body, which the C translation makes a function of its own
// (__ito_f1): its atomics are the program's.
// CHECK-LABEL: define{{.*}} @__ito_f{{[0-9]+}}(
// CHECK: call i64 @__ito_atomic_rmw(
#include <cilk/cilk.h>
long bins[16];
void bin(const unsigned char *d, int n) {
  cilk_for (int i = 0; i < n; i++)
    __sync_fetch_and_add(&bins[d[i] % 16], 1);
}

long serial_use(void) { return __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST); }
