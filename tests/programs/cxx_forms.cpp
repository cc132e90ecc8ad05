// C++17 forms in Cilk code: structured bindings read in a cilk_for body
// (a lambda cannot capture them in C++17; the task copies their values),
// bindings a spawned call takes by reference and a cilk_for body writes
// (their hidden object moves to global memory), and spawned calls with
// braced-list arguments (a std::initializer_list parameter, a const
// std::vector & parameter), member calls spawned through a smart pointer
// and an iterator, and a generic lambda whose `auto` parameter a spawned
// call takes by reference (it moves, of decltype's type). Before, most
// failed to compile after translation, and the child's write through a
// binding was lost when the parent moved to another process.
// RUN: %ito-c++ --ito-no-translate -std=c++17 -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -std=c++17 -O2 -Werror %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: bindings 8600
// CHECK-NEXT: lists 10 11 26 member 5
// CHECK-NEXT: by-reference 10 20 bins 28
// CHECK-NEXT: arrows 8 13
// CHECK-NEXT: generic 110
// CHECK-NEXT: aggregate 44

#include <cilk/cilk.h>
#include <cstdio>
#include <initializer_list>
#include <map>
#include <memory>
#include <utility>
#include <vector>

static long sum(std::initializer_list<int> l) {
  long s = 0;
  for (int x : l)
    s += x;
  return s;
}
static volatile unsigned long sink;
static long spin(long v) {
  unsigned long x = 1;
  for (int i = 0; i < 300000; i++)
    x = x * 6364136223846793005UL + (x >> 7);
  sink = x;
  return v;
}
static void scale(long &out, int k) { out = spin(k) * 10; }
static void compute(long &out, int k) { out = spin(k * 10L); }
struct Acc {
  int base = 4;
  long twice() const { return 2 * base; }
  long run() {
    long a = cilk_spawn sum({base, 1});
    long b = cilk_spawn twice();
    cilk_sync;
    return a + b - 2 * base;
  }
};

struct Obj {
  long m;
  long get(int k) const { return spin(m + k); }
};
struct Hist {
  long bins[8];
  int n;
};

struct Ctx {
  long *acc;
  int n;
};
// Child and continuation write alternate elements of the caller's array.
static void fill(Ctx c, int k) {
  for (int i = k - 1; i < c.n; i += 2)
    c.acc[i] += spin(k * i);
}

static long total(const std::vector<int> &v) {
  long s = 0;
  for (int x : v)
    s += x;
  return s;
}

int main() {
  auto [lo, hi] = std::make_pair(3, 10);
  std::map<int, int> m{{1, 2}};
  const auto &[key, value] = *m.begin();
  std::vector<int> w(100);
  cilk_for (int i = 0; i < 100; i++)
    w[i] = lo * i / 2 + hi + key * value;
  long s = 0;
  for (int x : w)
    s += x;
  std::printf("bindings %ld\n", s);

  int five = 5;
  long a = cilk_spawn sum({1, 2, 3, 4});
  long b = cilk_spawn total({five, 6});
  long c = cilk_spawn sum({five, five, lo, hi, 3});
  cilk_sync;
  Acc acc;
  std::printf("lists %ld %ld %ld member %ld\n", a, b, c, acc.run());

  auto [p, q] = std::pair<long, long>{0, 0};
  cilk_spawn scale(p, 1);
  scale(q, 2);
  cilk_sync;
  auto [bins, count] = Hist{};
  cilk_for (int i = 0; i < 8; i++)
    bins[i] = spin(i);
  long t = count;
  for (long x : bins)
    t += x;
  std::printf("by-reference %ld %ld bins %ld\n", p, q, t);

  auto owner = std::make_unique<Obj>(Obj{7});
  std::vector<Obj> objs{{4}, {5}};
  auto it = objs.begin() + 1;
  long x = cilk_spawn owner->get(1);
  long y = cilk_spawn it->get(8);
  cilk_sync;
  std::printf("arrows %ld %ld\n", x, y);

  auto generic = [](auto v) {
    cilk_spawn compute(v, 5);
    long w;
    compute(w, 6);
    cilk_sync;
    return v + w;
  };
  std::printf("generic %ld\n", generic(0L));

  long parts[8] = {0};
  Ctx ctx = {parts, 8};
  cilk_spawn fill(ctx, 1);
  fill(ctx, 2);
  cilk_sync;
  long sum_acc = 0;
  for (long v : parts)
    sum_acc += v;
  std::printf("aggregate %ld\n", sum_acc);
  return 0;
}
