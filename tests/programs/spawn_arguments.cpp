// Spawned calls as C++ programs write them, each of which was a compile
// error or a wrong answer before:
// - a local passed to a `const &` parameter of a leaf: the child must see
//   the object itself, not a copy (a `mutable` counter or memo written
//   through the const reference was lost; a std::vector of unique_ptr or a
//   struct with a mutable std::mutex stopped the program: "cannot be
//   copied");
// - `T v = cilk_spawn f();` where T has no default constructor, a const
//   member (no assignment) or cannot move at all (built where the child
//   runs, as the serial elision's copy elision does: no move);
// - `auto [a, b] = cilk_spawn f();`;
// - a pack expansion in the arguments, `f(args...)` and
//   `f(std::forward<Args>(args)...)`;
// - under C++20, a cilk_for over iterators compared with != or <
//   (rewritten comparisons).
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++20 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-c++ -O2 -std=c++20 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t.17
// RUN: %ito-run -n 2 --internode %t.17 | diff %t.expected -
// CHECK: counter 2 memo 41 fib 102334155
// CHECK-NEXT: unique 4950 locked 84
// CHECK-NEXT: range 0 50 result 1 1.5 2 3.0 pinned 42 moves 0
// CHECK-NEXT: bound 7 49 pair 3 hello
// CHECK-NEXT: packs 6 forwarded 10 iterators 2000 1000 3000
// CHECK-NEXT: deduced 4 abab local 9
// CHECK-NEXT: converted hello 5 7

#include <cilk/cilk.h>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

struct Counter {
  mutable long calls = 0;
  void hit() const { ++calls; }
};
static void touch(const Counter &c) { c.hit(); }

struct Memo {
  mutable std::vector<long> table;
  long fib(int n) const {
    if ((int)table.size() <= n)
      table.resize(n + 1, -1);
    if (n < 2)
      return n;
    if (table[n] < 0)
      table[n] = fib(n - 1) + fib(n - 2);
    return table[n];
  }
};
static long use_memo(const Memo &m, int n) { return m.fib(n); }

static long sum_owned(const std::vector<std::unique_ptr<int>> &v, int lo,
                      int hi) {
  long s = 0;
  for (int i = lo; i < hi; i++)
    s += *v[i];
  return s;
}

struct Guarded {
  mutable std::mutex lock;
  int value = 42;
  int get() const {
    std::lock_guard<std::mutex> g(lock);
    return value;
  }
};
static int read_guarded(const Guarded &g) { return g.get(); }

struct Range {
  long lo, hi;
  Range(long l, long h) : lo(l), hi(h) {}
};
static Range half(long n) { return Range(0, n / 2); }

struct Result {
  const int id;
  double value;
};
static Result compute(int id) { return Result{id, id * 1.5}; }

static int moves = 0;
struct Pinned {
  int x;
  explicit Pinned(int v) : x(v) {}
  Pinned(const Pinned &) = delete;
  Pinned(Pinned &&) = delete;
};
static Pinned make_pinned(int v) { return Pinned(v * 2); }

struct Tracked {
  std::vector<int> v;
  explicit Tracked(int n) : v(n, 1) {}
  Tracked(Tracked &&o) noexcept : v(std::move(o.v)) { ++moves; }
  Tracked(const Tracked &o) : v(o.v) { ++moves; }
};
static Tracked make_tracked(int n) { return Tracked(n); }

static std::pair<int, int> square(int x) { return {x, x * x}; }
static std::pair<int, std::string> named(int x) { return {x, "hello"}; }

template <class... A> long add_all(A... a) { return (0L + ... + a); }
template <class... A> long par_add(A... a) {
  long r = cilk_spawn add_all(a...);
  cilk_sync;
  return r;
}
template <class F, class... Args> auto call_async(F f, Args &&...args) {
  auto r = cilk_spawn f(std::forward<Args>(args)...);
  cilk_sync;
  return r;
}

static const char *greeting() { return "hello"; }
struct Pair {
  int a, b;
};
struct Wide {
  std::string s;
  operator Pair() const { return Pair{(int)s.size(), 7}; }
};
static Wide widen(int n) { return Wide{std::string(n, 'w')}; }

namespace shapes {
struct Point {
  int a;
};
} // namespace shapes
static auto make_point() { return shapes::Point{4}; }
template <class T> static auto twice_of(T x) { return x + x; }

int main() {
  Counter c;
  cilk_spawn touch(c);
  touch(c);
  cilk_sync;
  Memo m;
  long f = cilk_spawn use_memo(m, 40);
  cilk_sync;
  std::printf("counter %ld memo %zu fib %ld\n", c.calls, m.table.size(), f);

  std::vector<std::unique_ptr<int>> owned;
  for (int i = 0; i < 100; i++)
    owned.push_back(std::make_unique<int>(i));
  long a = cilk_spawn sum_owned(owned, 0, 50);
  long b = sum_owned(owned, 0, 50);
  cilk_sync;
  (void)b;
  Guarded g;
  int x = cilk_spawn read_guarded(g);
  int y = read_guarded(g);
  cilk_sync;
  long c2 = cilk_spawn sum_owned(owned, 50, 100);
  cilk_sync;
  std::printf("unique %ld locked %d\n", a + c2, x + y);

  Range r = cilk_spawn half(100);
  Result res = cilk_spawn compute(1);
  Result res2 = compute(2);
  Pinned p = cilk_spawn make_pinned(21);
  Tracked t = cilk_spawn make_tracked(1000);
  cilk_sync;
  std::printf("range %ld %ld result %d %.1f %d %.1f pinned %d moves %d\n",
              r.lo, r.hi, res.id, res.value, res2.id, res2.value, p.x,
              moves + (int)t.v.size() - 1000);

  auto [u, v] = cilk_spawn square(7);
  auto [n, s] = cilk_spawn named(3);
  cilk_sync;
  std::printf("bound %d %d pair %d %s\n", u, v, n, s.c_str());

  std::vector<int> items(1000, 1);
  cilk_for (auto it = items.begin(); it != items.end(); ++it) *it += 1;
  long total = 0;
  for (int i : items)
    total += i;
  std::vector<long> other(1000, 0);
  cilk_for (auto it = other.begin(); it < other.end(); ++it) *it = 1;
  long total2 = 0;
  for (long i : other)
    total2 += i;
  std::printf("packs %ld forwarded %ld iterators %ld %ld %ld\n",
              par_add(1, 2, 3),
              call_async([](int p, int q) { return long(p + q); }, 4, 6),
              total, total2, total + total2);
  // `auto` receivers of class types deduced through `auto` returns.
  auto pt = cilk_spawn make_point();
  auto str = cilk_spawn twice_of(std::string("ab"));
  cilk_sync;
  // Of a class main declares (the spawn's state cannot be declared at the
  // start of the block, before the class).
  struct Local {
    int a;
  };
  auto make_local = [](int i) { return Local{i}; };
  Local l = cilk_spawn make_local(9);
  cilk_sync;
  std::printf("deduced %d %s local %d\n", pt.a, str.c_str(), l.a);
  // A receiver of another type than the call's, which its initialization
  // converts (a converting constructor, a conversion function): before,
  // "'cilk_spawn' can only be a whole statement...".
  std::string hello = cilk_spawn greeting();
  Pair pair = cilk_spawn widen(5);
  cilk_sync;
  std::printf("converted %s %d %d\n", hello.c_str(), pair.a, pair.b);
  return 0;
}
