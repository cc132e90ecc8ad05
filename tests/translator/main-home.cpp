// The C++ side of main-home.c: a call whose value main goes on using is
// wrapped in __ito_home_after, which comes home before the value is used
// (lvalues stay lvalues; a class value is moved through); a class that
// cannot be moved is left alone. (Comment lines are dropped from the
// translation, so that no pattern matches its own CHECK line.)
//
// RUN: %ito-translate %s -- -I %ito-include | grep -v '^ *//' | FileCheck %s

#include <cilk/cilk.h>
#include <iostream>
#include <mutex>
#include <vector>

long work(long n) {
  if (n < 2)
    return n;
  long a = cilk_spawn work(n - 1);
  long b = work(n - 2);
  cilk_sync;
  return a + b;
}

std::vector<long> table(int n);
long &slot(int i);
std::mutex &guard();
struct Pinned {
  Pinned() = default;
  Pinned(const Pinned &) = delete;
  long v = 0;
};
Pinned pinned(long n);

// CHECK: {{^}}extern "C" void ito_abi_home(void);
// CHECK-NEXT: {{^}}extern "C++" template <class __T> static inline __T __ito_home_after(__T &&__v) { ito_abi_home(); return static_cast<__T &&>(__v); }
int main() {
  // CHECK: {{^}}  std::vector<long> t = table(10); ito_abi_home();
  std::vector<long> t = table(10);
  // CHECK: {{^}}  std::cout << ::__ito_home_after(work(20)) << ' ' << ::__ito_home_after(table(3)).size() << '\n';
  std::cout << work(20) << ' ' << table(3).size() << '\n';
  // CHECK: {{^}}  ::__ito_home_after(slot(1)) += 2;
  slot(1) += 2;
  // CHECK: {{^}}  std::cout << pinned(3).v << '\n';
  std::cout << pinned(3).v << '\n';
  // CHECK: {{^}}  std::lock_guard<std::mutex> lock(::__ito_home_after(guard()));
  std::lock_guard<std::mutex> lock(guard());
  return static_cast<int>(t.size());
}
