// In C++, a local of a function that may fork which a child may reach
// becomes a reference to an object built in the program's heap with its
// initializer as written, destroyed and freed at the end of its scope; the
// uses stay as they are. Reaching a child: arrays, address-taken variables,
// what is bound to a reference parameter of a spawned call or of a callee
// that may fork, the object of such a member call, captures by reference,
// what a cilk_for body uses other than by reading its value (captured by
// reference, then). A parameter that does is renamed and moved into one.
// RUN: %ito-translate %s -- -std=c++17 -I %ito-include > %t.cpp
// RUN: grep -v -e '^ *// [^#]' -e '^ *//$' -e '^ *$' %t.cpp | FileCheck %s --implicit-check-not=ito::cilk::__promoted
// RUN: %clangxx -std=c++17 -fsyntax-only -Wall -I %ito-include %t.cpp
// RUN: %ito-translate %s -- -std=c++17 -fno-ito-promote -I %ito-include -Wno-ito-stack-sharing | grep -v -e '^ *//' | FileCheck %s --check-prefix=NONE --implicit-check-not=ito::cilk::__promoted
// NONE: int counts[8] = {0};

#include <array>
#include <cilk/cilk.h>
#include <string>
#include <vector>

struct Point {
  int x, y;
  void shift(int d);
};

void fill(std::array<double, 16> &a);
void bump(int *p);
int read_only(const std::vector<int> &v) { return v[0]; } // cannot fork
int square(int v) { return v * v; } // cannot fork

template <class T> T sum(const T *p, int n) { // p: read, stays
  // CHECK: typedef T __ito_t_acc[2]; ::ito::cilk::__promoted<__ito_t_acc, alignof(__ito_t_acc)> __ito_h_acc; __ito_t_acc &acc = __ito_h_acc.__hold(::new (__ito_h_acc.__memory()) __ito_t_acc{});
  T acc[2] = {};
  cilk_for (int i = 0; i < n; i++) acc[i % 2] += p[i];
  return acc[0] + acc[1];
}

int work(std::vector<int> v, int n) {
  // CHECK: int work(std::vector<int> __ito_param_v, int n) { typedef std::vector<int> __ito_t_v; ::ito::cilk::__promoted<__ito_t_v, 8> __ito_h_v; __ito_t_v &v = __ito_h_v.__hold(::new (__ito_h_v.__memory()) __ito_t_v(static_cast<__ito_t_v &&>(__ito_param_v)));
  // CHECK: typedef int __ito_t_counts[8]; ::ito::cilk::__promoted<__ito_t_counts, 16> __ito_h_counts; __ito_t_counts &counts = __ito_h_counts.__hold(::new (__ito_h_counts.__memory()) __ito_t_counts{0});
  int counts[8] = {0};
  // CHECK: typedef std::array<double, 16> __ito_t_table; ::ito::cilk::__promoted<__ito_t_table, 8> __ito_h_table; __ito_t_table &table = __ito_h_table.__hold(::new (__ito_h_table.__memory()) __ito_t_table);
  std::array<double, 16> table;
  // CHECK: typedef struct Point __ito_t_p; ::ito::cilk::__promoted<__ito_t_p, 4> __ito_h_p; __ito_t_p &p = __ito_h_p.__hold(::new (__ito_h_p.__memory()) __ito_t_p{1, 2});
  Point p{1, 2};
  // CHECK: typedef int __ito_t_x; {{.*}} __ito_t_x &x = __ito_h_x.__hold(::new (__ito_h_x.__memory()) __ito_t_x(n + 1));
  // CHECK-SAME: int y = 3;
  int x = n + 1, y = 3;
  // CHECK: typedef std::string __ito_t_name; {{.*}} __ito_t_name(5, 'a'));
  std::string name(5, 'a');
  // CHECK: typedef long __ito_t_total; {{.*}} __ito_t_total(0));
  long total = 0;
  // Stays: only read in the loop, or handed to what cannot fork.
  int scale = square(y);
  std::vector<int> kept(4, 1);
  // CHECK: typedef std::vector<int> __ito_t_reads; {{.*}} __ito_t_reads(4, 1));
  std::vector<int> reads(4, 1); // its operator[] is a member call
  cilk_for (int i = 0; i < 8; i++) {
    counts[i] = i * scale + reads[0];
    v[i % v.size()] += name.size() > 3;
  }
  // CHECK: [__ito_b, &counts, scale, &reads, &v, &name](long long __lo
  cilk_spawn fill(table);
  cilk_spawn p.shift(2);
  cilk_spawn bump(&x);
  cilk_spawn [&] { total += counts[1]; }();
  read_only(kept);
  cilk_sync;
  return counts[7] + (int)table[0] + p.x + x + y + (int)total + v[0];
}

// A constant stays one (it may size an array); a lambda type cannot be
// spelled, so its object stays too (and is reported if a child reaches it).
int constants() {
  const int size = 4;
  constexpr int twice = 2 * size;
  // CHECK: typedef int __ito_t_buf[8]; {{.*}} __ito_t_buf{});
  // CHECK-NOT: __ito_t_size
  int buf[twice] = {};
  auto f = [&] { return size + buf[0]; };
  int r = cilk_spawn f();
  cilk_sync;
  return r;
}
