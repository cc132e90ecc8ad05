// -Wito-stack-sharing (C++): references, std::ref, member calls on local
// objects, lambdas that capture by reference, in Cilk code and in code
// written against libito; with the [&] -> [=] fix-it where it is safe.
// RUN: %ito-translate %s -- -fno-ito-promote -std=c++17 -I %ito-include -Xclang -verify
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%ito-plugin -fplugin-arg-ito--fno-ito-promote -Xclang -verify %s
// RUN: not %ito-translate %s -- -fno-ito-promote -std=c++17 -I %ito-include -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s

#include <cilk/cilk.h>
#include <atomic>
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
  counter c; // expected-note 2 {{'c' is declared here, on the stack of 'cilk_code'}}
  cilk_spawn bump(x); // expected-error {{spawned task binds reference parameter 'r' of 'bump' to local variable 'x' of 'cilk_code'}}
  cilk_spawn call(std::ref(x)); // expected-error {{spawned task receives the address of local variable 'x'}}
  cilk_spawn c.add(1); // expected-error {{spawned task runs 'add' on local variable 'c' of 'cilk_code'}}
  void (counter::*add)(int) = &counter::add;
  cilk_spawn (c.*add)(2); // expected-error {{spawned task runs a member function (through a pointer to member) on local variable 'c' of 'cilk_code'}}
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

struct span {
  int *data;
  int size;
};
void consume(span s);

void wrapped(int n) {
  int acc = 0; // expected-note 2 {{'acc' is declared here, on the stack of 'wrapped'}}
  int v[4]; // expected-note {{'v' is declared here, on the stack of 'wrapped'}}
  span s{v, n}; // expected-note {{'s.data' gets that address here}}
  cilk_spawn consume(s); // expected-error {{spawned task receives 's', whose field 'data' holds the address of local array 'v' of 'wrapped'}}
  std::function<void()> g = [&] { acc++; }; // expected-error {{spawned task captures by reference (with [&]) local variable 'acc' of 'wrapped'}}
  cilk_spawn g();
  cilk_spawn std::bind(bump, std::ref(acc))(); // expected-error {{spawned task receives a std::ref to local variable 'acc' of 'wrapped'}}
  cilk_sync;
}

// Once per template, however often it is instantiated.
template <class T> void fill(T *p);
template <class T> T twice_sum(int n) {
  T local[4] = {}; // expected-note {{'local' is declared here, on the stack of 'twice_sum'}}
  cilk_spawn fill(local); // expected-error {{spawned task receives the address of local array 'local' of 'twice_sum'}}
  cilk_sync;
  return local[0] + n;
}
int ti = twice_sum<int>(1);
long tl = twice_sum<long>(2);

// What depends on the template's parameter is checked in its instantiations,
// and reported at the template, once, naming the first.
void grow(int &x);
void grow(long &x);
template <class T> T grown(int n) {
  T v = n; // expected-note {{'v' is declared here, on the stack of 'grown'}}
  cilk_spawn grow(v); // expected-error {{spawned task binds reference parameter 'x' of 'grow' to local variable 'v' of 'grown'}}
  cilk_sync;
  return v;
}
int gi = grown<int>(1); // expected-note {{in the instantiation of 'grown<int>' required here}}
long gl = grown<long>(2);

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

// A cilk_for body writes through a reference parameter: the object is the
// caller's, not a copy of the body's (nothing to report here; the caller's
// argument is what the checks look at).
void tally_into(int &tally, int n) {
  cilk_for (int i = 0; i < n; i++)
    __atomic_fetch_add(&tally, 1, __ATOMIC_RELAXED);
}
void tally_atomic(std::atomic<long> &tally, int n) {
  cilk_for (int i = 0; i < n; i++)
    tally.fetch_add(1, std::memory_order_relaxed);
}
