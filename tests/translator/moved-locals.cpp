// A local that the translation moves off the stack becomes a reference to
// the moved object. Where C++ looks at a name's declared type, the
// translation keeps it: `decltype(v)` names v's declared type (not
// `decltype((v))`, which was a reference already), and `return v;` moves,
// as from a local, also from a parameter and from a variable a spawn
// assigns (not in a lambda, whose v is a capture, nor from a function that
// returns a reference); a value, so that decltype(auto) deduces one.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include > %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -Wall -I %ito-include %t.cpp

#include <cilk/cilk.h>
#include <memory>
#include <type_traits>
#include <vector>

std::vector<int> filled(int n) {
  std::vector<int> v(n);
  cilk_for (int i = 0; i < n; ++i)
    v[i] = i;
  // CHECK: ::ito::cilk::__declared_t<decltype(v)> w = v;
  decltype(v) w = v;
  // CHECK: std::vector< ::ito::cilk::__declared_t<decltype(v)>> all;
  std::vector<decltype(v)> all;
  // CHECK: typename ::ito::cilk::__declared_t<decltype(v)>::value_type x = 0;
  typename decltype(v)::value_type x = 0;
  // CHECK: decltype((v)) r = v;
  decltype((v)) r = v;
  auto f = [&] { return v; };
  // CHECK: auto f = [&] { return v; };
  (void)w, (void)all, (void)x, (void)r, (void)f;
  // CHECK: return ::ito::cilk::__moved(v);
  return v;
}

std::vector<int> doubled(std::vector<int> v) {
  cilk_for (int i = 0; i < (int)v.size(); ++i)
    v[i] *= 2;
  // CHECK: return ::ito::cilk::__moved(v);
  return (v);
}

std::unique_ptr<int> made(int x);

std::unique_ptr<int> twice(int x) {
  std::unique_ptr<int> p = cilk_spawn made(x);
  cilk_sync;
  *p *= 2;
  // CHECK: return ::ito::cilk::__moved(p);
  return p;
}

decltype(auto) same(int n) {
  std::vector<int> v(n);
  cilk_for (int i = 0; i < n; ++i)
    v[i] = i;
  // CHECK: return ::ito::cilk::__moved(v);
  return v;
}
static_assert(!std::is_reference_v<decltype(same(1))>);
