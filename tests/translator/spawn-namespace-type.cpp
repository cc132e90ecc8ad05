// Types named through a namespace (and aliases, nested classes) in spawned
// calls and receivers are spelled fully qualified in the translation.
// RUN: %ito-c++ -std=c++17 --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s --match-full-lines --implicit-check-not={{.}}
// RUN: %ito-c++ -std=c++17 -O2 %s -o %t
// RUN: %ito-run -n 2 %t | FileCheck %s --match-full-lines --implicit-check-not={{.}}

#include <cilk/cilk.h>
#include <cstdio>

namespace geo {
struct Point {
  int x, y;
};
Point make(int v) { return Point{v, -v}; }
using Coord = long;
Coord coord(int v) { return v * 10L; }
} // namespace geo

struct Outer {
  struct Inner {
    int a;
  };
  static Inner inner(int v) { return Inner{v}; }
};

int main() {
  geo::Point p = cilk_spawn geo::make(3);
  auto q = cilk_spawn geo::make(4);
  geo::Coord c = cilk_spawn geo::coord(5);
  Outer::Inner i = cilk_spawn Outer::inner(6);
  cilk_sync;
  std::printf("%d %d %d %ld %d\n", p.x, p.y, q.x, c, i.a);
  return 0;
}
// CHECK: 3 -3 4 50 6
