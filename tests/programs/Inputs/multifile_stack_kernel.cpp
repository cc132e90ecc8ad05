// The kernel of multifile_stack.cpp: tasks fill and reduce the caller's
// objects through references.
#include <array>
#include <cilk/cilk.h>

void fill(std::array<long, 4096> &a, long lo, long hi) {
  if (hi - lo <= 64) {
    for (long i = lo; i < hi; i++)
      a[i] = i * i % 1000;
    return;
  }
  long mid = (lo + hi) / 2;
  cilk_spawn fill(a, lo, mid);
  fill(a, mid, hi);
  cilk_sync;
}

void total(const std::array<long, 4096> &a, long lo, long hi, long &out) {
  if (hi - lo <= 64) {
    long s = 0;
    for (long i = lo; i < hi; i++)
      s += a[i];
    out = s;
    return;
  }
  long mid = (lo + hi) / 2, x = 0, y = 0;
  cilk_spawn total(a, lo, mid, x);
  total(a, mid, hi, y);
  cilk_sync;
  out = x + y;
}
