// Locals that tasks share keep their C++ meaning once the translation
// moves them off the stack (it makes each name a reference to the moved
// object): `decltype(v)` is still v's declared type, so `decltype(v) w = v`
// copies and `std::vector<decltype(v)>` compiles; `return v;` still moves
// (or elides the copy), for move-only types too, from locals, parameters
// and variables a spawn assigns; a pack of references reaches a cilk_for
// body; and a const structured binding may be used in one in any way that
// reads it.
// RUN: %ito-c++ --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: copy 1 99 is-ref 0 history 1 elem 2.5
// CHECK: copies 0 last 999
// CHECK: squares 332833500 p 999
// CHECK: doubled copies 0 first 2
// CHECK: tree 1024 twice 42
// CHECK: packs 4999 9998
// CHECK: ab 5
// CHECK: cde 7

#include <cilk/cilk.h>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

struct Counted {
  static int copies;
  std::vector<int> d;
  explicit Counted(int n) : d(n, 1) {}
  Counted(const Counted &o) : d(o.d) { ++copies; }
  Counted(Counted &&) noexcept = default;
};
int Counted::copies = 0;

void decltypes() {
  std::vector<int> v(1000, 0);
  cilk_for (int i = 0; i < 1000; ++i)
    v[i] = i + 1;
  decltype(v) w = v; // a copy
  w[0] = 99;
  std::vector<decltype(v)> history;
  history.push_back(v);
  using Elem = decltype(v)::value_type;
  std::vector<double> part(8);
  cilk_for (int i = 0; i < 8; ++i)
    part[i] = i * 1.5;
  decltype(part)::value_type e = 2.5;
  std::printf("copy %d %d is-ref %d history %zu elem %.1f\n", v[0],
              static_cast<Elem>(w[0]), std::is_reference<decltype(v)>::value,
              history.size(), e);
}

Counted make(int n) {
  Counted out(n);
  cilk_for (int i = 0; i < n; ++i)
    out.d[i] = i;
  return out;
}

std::vector<std::unique_ptr<long>> squares(int n) {
  std::vector<std::unique_ptr<long>> v(n);
  cilk_for (int i = 0; i < n; ++i)
    v[i] = std::make_unique<long>(long(i) * i);
  return v;
}

std::unique_ptr<int[]> iota(int n) {
  auto p = std::make_unique<int[]>(n);
  cilk_for (int i = 0; i < n; ++i)
    p[i] = i;
  return p;
}

Counted doubled(Counted c) {
  cilk_for (std::size_t i = 0; i < c.d.size(); ++i)
    c.d[i] *= 2;
  return c;
}

struct Node {
  long leaves;
  std::unique_ptr<Node> left, right;
};

std::unique_ptr<Node> build(int depth) {
  if (depth == 0)
    return std::make_unique<Node>(Node{1, nullptr, nullptr});
  std::unique_ptr<Node> a = cilk_spawn build(depth - 1);
  std::unique_ptr<Node> b = build(depth - 1);
  cilk_sync;
  auto n = std::make_unique<Node>();
  n->leaves = a->leaves + b->leaves;
  n->left = std::move(a);
  n->right = std::move(b);
  return n;
}

std::unique_ptr<int> twice(int x) {
  std::unique_ptr<int> p = cilk_spawn std::make_unique<int>(x);
  cilk_sync;
  *p *= 2;
  return p;
}

template <typename... Vs> void fill_all(int n, Vs &...vs) {
  cilk_for (int i = 0; i < n; ++i) { ((vs[i] = i * int(sizeof(vs[i]) / 4)), ...); }
}

int main() {
  decltypes();
  Counted c = make(1000);
  std::printf("copies %d last %d\n", Counted::copies, c.d[999]);
  long sum = 0;
  for (const auto &s : squares(1000))
    sum += *s;
  std::printf("squares %ld p %d\n", sum, iota(1000)[999]);
  Counted d = doubled(Counted(1000));
  std::printf("doubled copies %d first %d\n", Counted::copies, d.d[0]);
  auto tree = build(10);
  std::printf("tree %ld twice %d\n", tree->leaves, *twice(21));
  std::vector<int> a(5000);
  std::vector<long> b(5000);
  fill_all(5000, a, b);
  std::printf("packs %d %ld\n", a[4999], b[4999]);
  std::map<std::string, int> m{{"ab", 1}, {"cde", 2}};
  for (const auto &[k, val] : m) {
    std::vector<int> t(3);
    cilk_for (int i = 0; i < 3; ++i)
      t[i] = val + i + int(k.size());
    std::printf("%s %d\n", k.c_str(), t[2]);
  }
}
