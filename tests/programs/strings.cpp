// Strings in C++ as an ordinary Cilk program writes them: a local
// std::vector<std::string> whose elements a cilk_for builds (each iteration
// its own element, with std::to_string and concatenation), a spawned
// divide-and-conquer reduction over it for the total length and a hash,
// and spawned children that push_back into their own local vectors and
// return them by value to the parent, which merges them.
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++17 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: strings 5000 length 66668 hash {{[0-9]+}} first item0:0 last
// CHECK-SAME: item4999:24995
// CHECK-NEXT: collected 4 parts 2500 numbers ok sum 6248750 hash {{[0-9]+}}

#include <cilk/cilk.h>
#include <cstdio>
#include <string>
#include <vector>

struct summary {
  unsigned long length;
  unsigned long hash;
};

static unsigned long hash_string(const std::string &s) {
  unsigned long h = 1469598103934665603ul;
  for (char c : s)
    h = (h ^ (unsigned char)c) * 1099511628211ul;
  return h;
}

static summary reduce(const std::vector<std::string> &v, long lo, long hi) {
  if (hi - lo <= 64) {
    summary r = {0, 0};
    for (long i = lo; i < hi; i++) {
      r.length += v[i].size();
      r.hash = r.hash * 31 + hash_string(v[i]);
    }
    return r;
  }
  long mid = lo + (hi - lo) / 2;
  summary left = cilk_spawn reduce(v, lo, mid);
  summary right = reduce(v, mid, hi);
  cilk_sync;
  unsigned long scale = 1;
  for (long i = mid; i < hi; i++)
    scale *= 31;
  return {left.length + right.length, left.hash * scale + right.hash};
}

// The numbers of [lo, hi) whose digit sum is even, as strings.
static std::vector<std::string> collect(int lo, int hi) {
  std::vector<std::string> out;
  for (int i = lo; i < hi; i++) {
    int d = 0;
    for (int x = i; x > 0; x /= 10)
      d += x % 10;
    if (d % 2 == 0)
      out.push_back(std::to_string(i));
  }
  return out;
}

int main() {
  const long n = 5000;
  std::vector<std::string> words(n);
  cilk_for(long i = 0; i < n; i++) {
    std::string w = "item" + std::to_string(i);
    w += ":" + std::to_string(i * 5);
    words[i] = w;
  }
  summary s = reduce(words, 0, n);
  std::printf("strings %zu length %lu hash %lu first %s last %s\n",
              words.size(), s.length, s.hash, words.front().c_str(),
              words.back().c_str());

  std::vector<std::string> a = cilk_spawn collect(0, 1250);
  std::vector<std::string> b = cilk_spawn collect(1250, 2500);
  std::vector<std::string> c = cilk_spawn collect(2500, 3750);
  std::vector<std::string> d = collect(3750, 5000);
  cilk_sync;
  std::vector<std::string> all;
  for (auto *part : {&a, &b, &c, &d})
    all.insert(all.end(), part->begin(), part->end());
  long sum = 0;
  bool ok = true;
  unsigned long h = 0;
  for (size_t i = 0; i < all.size(); i++) {
    long x = std::stol(all[i]);
    if (i > 0 && x <= std::stol(all[i - 1]))
      ok = false;
    sum += x;
    h = h * 31 + hash_string(all[i]);
  }
  std::printf("collected 4 parts %zu numbers %s sum %ld hash %lu\n", all.size(),
              ok ? "ok" : "WRONG", sum, h);
  return 0;
}
