// cilk_for bodies that read through const references bound to temporaries:
// the caller's std::vector and std::string are temporaries on its task
// stack, which tasks in other processes do not reach. The body sees the
// object itself where every process reaches it, else one copy in the heap
// for the loop (before, np 4 --internode crashed on a read of the vector).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: weights 23999960 lengths 46 heap 4799970

#include <cilk/cilk.h>
#include <cstdio>
#include <string>
#include <vector>

static long weigh(const std::vector<long> &v, const std::string &tag) {
  std::vector<long> out(v.size());
  cilk_for (size_t i = 0; i < v.size(); i++)
    out[i] = v[i] * static_cast<long>(tag.size());
  long s = 0;
  for (long x : out)
    s += x;
  return s;
}

static long lengths(const std::vector<std::string> &words) {
  std::vector<long> n(words.size());
  cilk_for (const std::string &w : words)
    n[&w - words.data()] = static_cast<long>(w.size());
  long s = 0;
  for (long x : n)
    s += x;
  return s;
}

static std::vector<long> make(long n) {
  std::vector<long> v(n);
  for (long i = 0; i < n; i++)
    v[i] = i % 13;
  return v;
}

int main() {
  long total = 0;
  for (int r = 0; r < 5; r++)
    total += weigh(make(200000 + r), std::string("abc") + std::to_string(r));
  long len = lengths({"fork", "join", "steal", "continuation", "stack", "heap",
                      "cache", "release"});
  // A const reference to what is in the heap already is not copied.
  const std::vector<long> *in_heap = new std::vector<long>(make(400000));
  long heap = weigh(*in_heap, "ab");
  delete in_heap;
  std::printf("weights %ld lengths %ld heap %ld\n", total, len, heap);
  return 0;
}
