// C++: a spawned call may return any value its serial elision can: plain
// data of any size, and values that own memory (std::vector, std::string,
// a struct holding them), also from a template. One that cannot travel
// between processes as bytes waits in the program's heap, which every
// process reaches, until the sync moves it into its receiver.
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++17 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected --match-full-lines
// CHECK: big 600 fits 552 template 828 900
// CHECK-NEXT: vector 4950 string 120 record 10 ab

#include <cilk/cilk.h>
#include <cstdio>
#include <string>
#include <vector>

struct big {
  long v[25]; // 200 bytes
};
struct fits {
  long v[24]; // 192 bytes
};
struct record {
  std::vector<int> values;
  std::string name;
};

template <class T> T make(int k) {
  T t{};
  for (long i = 0; i < (long)(sizeof t.v / sizeof t.v[0]); i++)
    t.v[i] = i * k;
  return t;
}
template <class T> long sum(const T &t) {
  long s = 0;
  for (long x : t.v)
    s += x;
  return s;
}
template <class T> long total(int k) {
  T a = cilk_spawn make<T>(k);
  cilk_sync;
  return sum(a);
}

static std::vector<int> range(int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; i++)
    v[i] = i;
  return v;
}
static std::string letters(int n) { return std::string(n, 'x'); }
static record make_record(int n) {
  return record{std::vector<int>(n, 1), "ab"};
}

int main() {
  big b = cilk_spawn make<big>(2);
  fits f = cilk_spawn make<fits>(2);
  long t1 = cilk_spawn total<fits>(3);
  long t2 = total<big>(3);
  cilk_sync;
  std::printf("big %ld fits %ld template %ld %ld\n", sum(b), sum(f), t1, t2);

  std::vector<int> v = cilk_spawn range(100);
  std::string s = cilk_spawn letters(120);
  record r = cilk_spawn make_record(10);
  cilk_sync;
  long sv = 0;
  for (int x : v)
    sv += x;
  long sr = 0;
  for (int x : r.values)
    sr += x;
  std::printf("vector %ld string %zu record %ld %s\n", sv, s.size(), sr,
              r.name.c_str());
}
