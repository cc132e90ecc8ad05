// C++: a spawned call's const reference parameter refers to the parent's
// object itself, as in the serial elision, when every process reaches it
// (the heap, file-scope data, a local moved off the stack): a recursive
// sum over `const std::vector<long> &` does not copy the vector at every
// spawn, and the child sees the very object (same address). A temporary
// on the parent's stack is copied for the child instead.
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++17 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected --match-full-lines
// CHECK: local sum 600000 same 1
// CHECK-NEXT: heap sum 600000 same 1
// CHECK-NEXT: global sum 600000 same 1
// CHECK-NEXT: temporary sum 100

#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

static const std::vector<long> *expected;
static std::vector<long> global_values;

struct result {
  long sum;
  bool same; // every leaf saw the object the caller passed
};

static result sum(const std::vector<long> &v, size_t lo, size_t hi) {
  if (hi - lo <= 1000) {
    long s = 0;
    for (size_t i = lo; i < hi; i++)
      s += v[i];
    return {s, &v == expected || expected == nullptr};
  }
  size_t mid = lo + (hi - lo) / 2;
  result a = cilk_spawn sum(v, lo, mid);
  result b = sum(v, mid, hi);
  cilk_sync;
  return {a.sum + b.sum, a.same && b.same};
}

int main() {
  std::vector<long> local(200000, 3);
  expected = &local;
  result r = sum(local, 0, local.size());
  std::printf("local sum %ld same %d\n", r.sum, r.same);

  auto *heap = new std::vector<long>(200000, 3);
  expected = heap;
  r = sum(*heap, 0, heap->size());
  std::printf("heap sum %ld same %d\n", r.sum, r.same);
  delete heap;

  global_values.assign(200000, 3);
  expected = &global_values;
  r = sum(global_values, 0, global_values.size());
  std::printf("global sum %ld same %d\n", r.sum, r.same);

  expected = nullptr;
  r = sum(std::vector<long>(100, 1), 0, 100);
  std::printf("temporary sum %ld\n", r.sum);
}
