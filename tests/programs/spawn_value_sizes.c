// Spawned calls in C whose values are structs of 192 bytes (what a join
// holds) and larger (200 bytes and 4 KiB): a larger one waits in the
// program's heap when the continuation was stolen, and the sync copies it
// out. Before, a value over 192 bytes was a compile error ("return a
// pointer to the data instead"); C++ already boxed such values.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 3 --internode %t | diff %t.expected -
// CHECK: total=87600 big=294000 huge=2260672

#include <cilk/cilk.h>
#include <stdio.h>

struct fits {
  long v[24]; // 192 bytes
};
struct big {
  long v[25]; // 200 bytes
};

struct huge {
  int v[1024]; // 4 KiB
};

static struct big make_big(int n) {
  struct big b;
  volatile long w = 0;
  for (long k = 0; k < 20000; k++)
    w += k;
  for (int i = 0; i < 25; i++)
    b.v[i] = n * i;
  return b;
}

static struct huge make_huge(int n) {
  struct huge h;
  for (int i = 0; i < 1024; i++)
    h.v[i] = n + (i % 7);
  return h;
}

static long sum_huge(int lo, int hi) {
  if (hi - lo == 1) {
    struct huge h = make_huge(lo);
    long t = 0;
    for (int i = 0; i < 1024; i++)
      t += h.v[i];
    return t;
  }
  int mid = (lo + hi) / 2;
  struct huge a = cilk_spawn make_huge(lo);
  long l = cilk_spawn sum_huge(lo, mid);
  long r = sum_huge(mid, hi);
  cilk_sync;
  return l + r + a.v[0] - lo;
}

static struct fits make(int n) {
  struct fits s;
  volatile long w = 0;
  for (long k = 0; k < 20000; k++)
    w += k;
  for (int i = 0; i < 24; i++)
    s.v[i] = n + i;
  return s;
}

static long sum(struct fits s) {
  long t = 0;
  for (int i = 0; i < 24; i++)
    t += s.v[i];
  return t;
}

int main(void) {
  long total = 0;
  for (int r = 0; r < 50; r++) {
    struct fits a = cilk_spawn make(r);
    struct fits b = make(r + 1);
    cilk_sync;
    total += sum(a) + sum(b);
  }
  long big = 0;
  struct big bs[8];
  for (int r = 0; r < 8; r++)
    bs[r] = cilk_spawn make_big(r);
  cilk_sync;
  for (int r = 0; r < 8; r++)
    for (int i = 0; i < 25; i++)
      big += bs[r].v[i];
  big *= 35;
  printf("total=%ld big=%ld huge=%ld\n", total, big, sum_huge(0, 64));
  return 0;
}
