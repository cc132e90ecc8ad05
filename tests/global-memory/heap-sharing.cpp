// A Cilk program in C++ whose tasks share the heap through new, delete and
// the standard containers: a quicksort over new int[] with std::sort at the
// leaves, a std::vector<std::string> whose strings tasks build (growing
// them, so reallocating) and a parent reads, and a std::map a parent fills
// from vectors its children returned. Every process count and layout must
// print what the serial elision prints.
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++17 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: quicksort 300000 sorted hash {{[0-9]+}}
// CHECK-NEXT: strings 2000 total length 32880 first w0-0-1-2 last w1999-0-1-2-3-4-5-6
// CHECK-NEXT: map 4096 keys sum 8386560

#include <algorithm>
#include <cilk/cilk.h>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

static void quicksort(int *a, long n) {
  if (n < 4096) {
    std::sort(a, a + n);
    return;
  }
  int pivot = a[n / 2];
  int *mid1 = std::partition(a, a + n, [pivot](int x) { return x < pivot; });
  int *mid2 = std::partition(mid1, a + n, [pivot](int x) { return x == pivot; });
  cilk_spawn quicksort(a, mid1 - a);
  quicksort(mid2, a + n - mid2);
  cilk_sync;
}

static std::string word(int i) {
  std::string s = "w" + std::to_string(i);
  for (int k = 0; k <= 2 + i % 7; k++)
    s += "-" + std::to_string(k);
  return s;
}

static void fill(std::vector<std::string> *v, int lo, int hi) {
  if (hi - lo <= 16) {
    for (int i = lo; i < hi; i++)
      (*v)[i] = word(i);
    return;
  }
  int mid = lo + (hi - lo) / 2;
  cilk_spawn fill(v, lo, mid);
  fill(v, mid, hi);
  cilk_sync;
}

static std::vector<int> *squares(int lo, int hi) {
  auto *v = new std::vector<int>;
  for (int i = lo; i < hi; i++)
    v->push_back(i);
  return v;
}

int main() {
  const long n = 300000;
  int *a = new int[n];
  unsigned s = 7;
  for (long i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    a[i] = static_cast<int>(s >> 4);
  }
  quicksort(a, n);
  unsigned long h = 0;
  bool sorted = std::is_sorted(a, a + n);
  for (long i = 0; i < n; i++)
    h = h * 131 + static_cast<unsigned>(a[i]);
  delete[] a;
  std::printf("quicksort %ld %s hash %lu\n", n, sorted ? "sorted" : "NOT SORTED", h);

  auto *words = new std::vector<std::string>(2000);
  fill(words, 0, 2000);
  std::size_t length = 0;
  for (const std::string &w : *words)
    length += w.size();
  std::printf("strings %zu total length %zu first %s last %s\n", words->size(),
              length, words->front().c_str(), words->back().c_str());
  delete words;

  std::vector<int> *parts[16];
  for (int k = 0; k < 16; k++)
    parts[k] = cilk_spawn squares(k * 256, (k + 1) * 256);
  cilk_sync;
  std::map<int, int> m;
  for (std::vector<int> *p : parts) {
    for (int x : *p)
      m[x] = x;
    delete p;
  }
  long sum = 0;
  for (const auto &kv : m)
    sum += kv.second;
  std::printf("map %zu keys sum %ld\n", m.size(), sum);
  return 0;
}
