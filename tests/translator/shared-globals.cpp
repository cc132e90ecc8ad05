// C++: variables at namespace scope, objects with constructors and static
// data members defined in the source are shared, and static locals that a
// constant initializes; static locals built at run time, or of inline
// functions and function templates, are one object built once in storage
// that is shared; inline variables are shared too, and so are variable
// templates and static data members of class templates (their
// instantiations inherit the section); constants and constexpr ones are
// not.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include > %t.cpp
// RUN: grep -v -e '^ *// [^#]' -e '^ *//$' -e '^ *$' %t.cpp | FileCheck %s --implicit-check-not=ito_globals --implicit-check-not=ito_zglobals --implicit-check-not=scalars
// RUN: %clangxx -std=c++17 -fsyntax-only -Werror -I %ito-include %t.cpp

#include <cilk/cilk.h>
#include <string>
#include <vector>

// CHECK: __attribute__((section("ito_globals"))) std::vector<int> values;
std::vector<int> values;
// CHECK: __attribute__((section("ito_globals"))) std::string name = "x";
std::string name = "x";
namespace config {
// CHECK: __attribute__((section("ito_gscalars"), aligned(16))) int scale = 2;
int scale = 2;
} // namespace config
struct counters {
  static long hits;
  // CHECK: __attribute__((section("ito_gscalars"), aligned(16))) static inline int inlined = 0;
  static inline int inlined = 0;
};
// CHECK: __attribute__((section("ito_gscalars"), aligned(16))) long counters::hits = 0;
long counters::hits = 0;
// CHECK: template <class T> __attribute__((section("ito_globals"))) T zero = T();
template <class T> T zero = T();
template <class T> struct table {
  // CHECK: __attribute__((section("ito_globals"))) static inline int uses = 0;
  static inline int uses = 0;
  static std::vector<T> rows;
  static T scale;
};
// CHECK: template <class T> __attribute__((section("ito_zglobals"))) std::vector<T> table<T>::rows;
template <class T> std::vector<T> table<T>::rows;
// CHECK: template <class T> __attribute__((section("ito_globals"))) T table<T>::scale = T(1);
template <class T> T table<T>::scale = T(1);
// An explicit specialization: without the pragma, clang warns that the
// section comes after the member's declaration (-Wsection).
// CHECK: template <> __attribute__((section("ito_gscalars"), aligned(16))) _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Wsection\"") double table<double>::scale _Pragma("clang diagnostic pop") = 0.5;
template <> double table<double>::scale = 0.5;
template <class T> T &one() {
  // CHECK: __attribute__((section("ito_zglobals"))) static ::ito::cilk::__shared_static<__ito_t_v> __ito_ss_v; static __ito_t_v &v = __ito_ss_v.__get([&](void *__ito_m) { ::new (__ito_m) __ito_t_v{1}; });
  static T v{1};
  return v;
}
constexpr int width = 8;
const std::string label = "label";

inline int in_inline() {
  // CHECK: typedef int __ito_t_once; __attribute__((section("ito_zglobals"))) static ::ito::cilk::__shared_static<__ito_t_once> __ito_ss_once; static __ito_t_once &once = __ito_ss_once.__get([&](void *__ito_m) { ::new (__ito_m) __ito_t_once(1); });
  static int once = 1;
  return once;
}

long work(int k) {
  // CHECK: __attribute__((section("ito_zscalars"), aligned(16))) static long calls;
  static long calls;
  // CHECK: __attribute__((section("ito_globals"))) static int table[2] = {1, 2};
  static int table[2] = {1, 2};
  // CHECK: __attribute__((section("ito_zglobals"))) static ::ito::cilk::__shared_static<__ito_t_built> __ito_ss_built; static __ito_t_built &built = __ito_ss_built.__get([&](void *__ito_m) { ::new (__ito_m) __ito_t_built(4); });
  static std::vector<int> built(4); // built at run time, once
  calls++;
  return k * config::scale + counters::hits + width + table[k % 2] +
         (long)built.size() + in_inline();
}

long run(int k) {
  long x = cilk_spawn work(k);
  long y = work(k + 1);
  cilk_sync;
  return x + y + zero<long> + (long)values.size() + (long)name.size() +
         (long)label.size() + counters::inlined + one<long>() +
         table<long>::uses + (long)table<long>::rows.size() +
         table<long>::scale + (long)table<double>::scale;
}
