// Locals that children reach through an address that a call makes, with no
// `&` in the program: a std::array element bound to a reference parameter
// (res[i]), a reference to one kept in a variable, a range-based for's
// reference over a std::array, std::get of a tuple, *optional, a getter
// that returns a reference to a member, data() of a std::array and of a
// short std::string, a member function that returns a pointer to its
// array, iterators into a std::string, and a function that stores the
// address of its reference parameter in a global. Each local moves to
// global memory. Before, none did and nothing was reported: at np 2 the
// children's writes were lost (0 0 0 0 instead of 100 101 102 103).
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %until-stolen %ito-run -n 2 %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: array 100 101 102 103 slot 101 range 104 105 106
// CHECK-NEXT: tuple 102 optional 101 getter 103
// CHECK-NEXT: data 10 11 12 20 21 22 HELLO world buf 10 11 12 20 21 22
// CHECK-NEXT: iterators HEllo WORLD global 100 101 102

#include <cilk/cilk.h>
#include <array>
#include <cctype>
#include <cstdio>
#include <optional>
#include <string>
#include <tuple>

static volatile unsigned long sink;
static void busy(long k) {
  unsigned long x = k + 1;
  for (int i = 0; i < 300000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
}
static void compute(long &out, int k) {
  busy(k);
  out = 100 + k;
}
static void fill(int *p, int n, int k) {
  busy(k);
  for (int i = 0; i < n; i++)
    p[i] = k * 10 + i;
}
static void upcase(char *p, int n) {
  busy(n);
  for (int i = 0; i < n; i++)
    p[i] = (char)std::toupper(p[i]);
}
static void upcase_range(std::string::iterator b, std::string::iterator e) {
  busy(e - b);
  for (; b != e; ++b)
    *b = (char)std::toupper(*b);
}

struct Point {
  long v = 0;
  long &x() { return v; }
};
struct Buf {
  int v[6];
  int *ptr() { return v; }
};
struct Ctx {
  long hits[3];
};
static Ctx *current;
static void set_ctx(Ctx &c) { current = &c; }
static void work(int k) {
  busy(k);
  current->hits[k] = 100 + k;
}

int main() {
  std::array<long, 4> res{};
  for (int i = 0; i < 4; i++)
    cilk_spawn compute(res[i], i);
  cilk_sync;
  std::array<long, 2> pair{};
  long &slot = pair[1];
  cilk_spawn compute(slot, 1);
  cilk_sync;
  std::array<long, 3> each{};
  int k = 4;
  for (auto &x : each)
    cilk_spawn compute(x, k++);
  cilk_sync;
  std::printf("array %ld %ld %ld %ld slot %ld range %ld %ld %ld\n", res[0],
              res[1], res[2], res[3], pair[1], each[0], each[1], each[2]);

  std::tuple<long, int> t{0, 0};
  std::optional<long> o = 0L;
  Point p;
  cilk_spawn compute(std::get<0>(t), 2);
  cilk_spawn compute(*o, 1);
  compute(p.x(), 3);
  cilk_sync;
  std::printf("tuple %ld optional %ld getter %ld\n", std::get<0>(t), *o, p.v);

  std::array<int, 6> arr{};
  cilk_spawn fill(arr.data(), 3, 1);
  fill(arr.data() + 3, 3, 2);
  cilk_sync;
  std::string s = "hello", w = "world";
  cilk_spawn upcase(s.data(), 2);
  upcase(s.data() + 2, 3);
  cilk_sync;
  Buf b{};
  cilk_spawn fill(b.ptr(), 3, 1);
  fill(b.ptr() + 3, 3, 2);
  cilk_sync;
  std::printf("data %d %d %d %d %d %d %s %s buf %d %d %d %d %d %d\n", arr[0],
              arr[1], arr[2], arr[3], arr[4], arr[5], s.c_str(), w.c_str(),
              b.v[0], b.v[1], b.v[2], b.v[3], b.v[4], b.v[5]);

  std::string h = "hello", u = "world";
  cilk_spawn upcase_range(h.begin(), h.begin() + 2);
  upcase_range(u.begin(), u.end());
  cilk_sync;
  Ctx c{};
  set_ctx(c);
  cilk_spawn work(0);
  cilk_spawn work(1);
  work(2);
  cilk_sync;
  std::printf("iterators %s %s global %ld %ld %ld\n", h.c_str(), u.c_str(),
              c.hits[0], c.hits[1], c.hits[2]);
  return 0;
}
