// C++: a spawned call's value may be at most 192 bytes: a bigger one is an
// error at the keyword; in a template, where the type is only known at
// instantiation, the runtime's own check stops the compile.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include -Xclang -verify
// RUN: not %ito-c++ -std=c++17 -DTEMPLATE -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=TEMPLATE
// TEMPLATE: error: static assertion failed {{.*}}at most 192 bytes

#include <cilk/cilk.h>

struct big {
  long v[25]; // 200 bytes
};
struct fits {
  long v[24]; // 192 bytes
};

static big make_big(int) { return big{}; }
static fits make_fits(int) { return fits{}; }

template <typename T> T make_t() { return T{}; }
template <typename T> long use() {
  T a = cilk_spawn make_t<T>();
  cilk_sync;
  return a.v[0];
}

long f() {
#ifndef TEMPLATE
  big b = cilk_spawn make_big(1); // expected-error {{the value of a spawned call may be at most 192 bytes (this one has 200); return a pointer to the data instead}}
#else
  big b = make_big(1);
#endif
  fits s = cilk_spawn make_fits(2);
  cilk_sync;
  return b.v[0] + s.v[0] + use<fits>() + use<big>();
}
