// -Wito-stack-sharing (C++): references, std::ref, member calls on local
// objects, lambdas that capture by reference, in Cilk code and in code
// written against libito; with the [&] -> [=] fix-it where it is safe.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include -Xclang -verify
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -Xclang -verify %s
// RUN: not %ito-translate %s -- -std=c++17 -I %ito-include -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s

#include <cilk/cilk.h>
#include <functional>
#include <ito/ito.hpp>

void bump(int &r) { r++; }
int read(const int &r) { return r; }
int byval(int v) { return v; }
void call(std::reference_wrapper<int> r) { r.get()++; }
template <class F> void run(F f) { f(); }

struct counter {
  int n = 0;
  void add(int k) { n += k; }
  int get() const { return n; }
};

int cilk_code() {
  int x = 0; // expected-note 4 {{'x' is declared here, on the stack of 'cilk_code'}}
  counter c; // expected-note {{'c' is declared here, on the stack of 'cilk_code'}}
  cilk_spawn bump(x); // expected-error {{spawned task binds reference parameter 'r' of 'bump' to local variable 'x' of 'cilk_code'}}
  cilk_spawn call(std::ref(x)); // expected-error {{spawned task receives the address of local variable 'x'}}
  cilk_spawn c.add(1); // expected-error {{spawned task runs 'add' on local variable 'c' of 'cilk_code'}}
  cilk_spawn run([&] { x++; }); // expected-error {{spawned task captures by reference (with [&]) local variable 'x' of 'cilk_code'}}
  cilk_spawn [&x] { return x; }(); // expected-error {{spawned task captures by reference local variable 'x'}}
  // Near misses: copies.
  int y = cilk_spawn read(x); // const T&: the child gets a copy
  int z = cilk_spawn byval(x);
  cilk_spawn run([=] { (void)x; });
  cilk_spawn run([x]() mutable { x++; });
  cilk_sync;
  return x + y + z + c.get();
}

long fib(int n) {
  if (n < 2)
    return n;
  long a = 0; // expected-note 3 {{'a' is declared here, on the stack of 'fib'}}
  long b = 0;
  // CHECK: stack-sharing.cpp:[[@LINE+2]]:36: error: task captures by reference
  // CHECK: fix-it:"{{.*}}stack-sharing.cpp":{[[@LINE+1]]:24-[[@LINE+1]]:25}:"="
  ito::thread<long> t([&] { return a + fib(n - 1); }); // expected-error {{task captures by reference (with [&]) local variable 'a' of 'fib', and also 'n'}}
  ito::parallel_invoke([&a, n] { a = fib(n - 1); }, // expected-error {{task captures by reference local variable 'a' of 'fib'}}
                       [n, &b2 = a] { return fib(n - 2) + b2; }); // expected-error {{task captures by reference local variable 'a' of 'fib'}}
  // Near miss: by value, and what the child makes for itself.
  ito::thread<long> u([=] { return b + fib(n - 2); });
  ito::thread<long> v([n] { long own = 0; return own + fib(n - 2); });
  return t.join() + u.join() + v.join() + b;
}
