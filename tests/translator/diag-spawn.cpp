// C++: a cilk_spawn may only be a whole statement, the right side of an
// assignment statement (also an overloaded operator=), or the initializer of
// a variable, in a function or a lambda; and it must spawn a call. Every
// other use is an error at the keyword.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include -Xclang -verify
// RUN: not %ito-translate %s -- -std=c++17 -I %ito-include 2>&1 | FileCheck %s --implicit-check-not=error:

#include <cilk/cilk.h>
#include <string>

int f(int n) { return n; }
std::string str(int n) { return std::to_string(n); }

int global = cilk_spawn f(1); // expected-error {{'cilk_spawn' can only be a whole statement, the right side of an assignment statement, or the initializer of a variable}}
// CHECK-DAG: diag-spawn.cpp:[[@LINE-1]]:14: error: 'cilk_spawn' can only be

struct Member {
  int m = cilk_spawn f(2); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.cpp:[[@LINE-1]]:11: error: 'cilk_spawn' can only be
  int get() const { return m; }
};

int positions(int n) {
  std::string s;
  s += cilk_spawn str(n); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.cpp:[[@LINE-1]]:8: error: 'cilk_spawn' can only be
  s = s + cilk_spawn str(n); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.cpp:[[@LINE-1]]:11: error: 'cilk_spawn' can only be
  auto l = [](int k) { return k; };
  int x = l(cilk_spawn f(n)); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.cpp:[[@LINE-1]]:13: error: 'cilk_spawn' can only be
  auto m = [n]() { return cilk_spawn f(n); }; // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.cpp:[[@LINE-1]]:27: error: 'cilk_spawn' can only be
  Member obj;
  int y = cilk_spawn obj.m; // expected-error {{'cilk_spawn' must be followed by a call}}
  // CHECK-DAG: diag-spawn.cpp:[[@LINE-1]]:11: error: 'cilk_spawn' must be followed by a call
  int *p = cilk_spawn new int(3); // expected-error {{'cilk_spawn' must be followed by a call}}
  // CHECK-DAG: diag-spawn.cpp:[[@LINE-1]]:12: error: 'cilk_spawn' must be followed by a call
  cilk_sync;
  return x + y + *p + m() + (int)s.size();
}

int returned(int n) {
  return cilk_spawn f(n); // expected-error {{'cilk_spawn' can only be}}
  // CHECK-DAG: diag-spawn.cpp:[[@LINE-1]]:10: error: 'cilk_spawn' can only be
}
