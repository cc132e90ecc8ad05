// cilk_for at the edges of its index types: ranges that end at INT_MAX and
// start at INT_MIN, an unsigned loop down to 1, a char loop, a step held in
// a variable, an empty range, negative long bounds, an unsigned char loop
// to 254, a short loop down by 50, an unsigned long range up to ULONG_MAX
// with `!=`, and a decreasing loop with no iterations.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: int-max 100 int-min 25 unsigned 10 char 26 step 21 empty 0
// CHECK-NEXT: long 10 uchar 32385 short 12 ulong 5 none 0

#include <cilk/cilk.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static int count(const long *h, int lo, int hi) {
  int c = 0;
  for (int i = lo; i < hi; i++)
    c += h[i] != 0;
  return c;
}

int main(int argc, char **argv) {
  int step = argc > 5 ? 1 : 5;
  int n = argc > 5 ? 0 : 103;
  long *h = calloc(400, sizeof *h);
  cilk_for(int i = INT_MAX - 100; i < INT_MAX; i++) h[i - (INT_MAX - 100)] = 1;
  cilk_for(int i = INT_MIN; i < INT_MIN + 50; i += 2)
      h[100 + (i - INT_MIN) / 2] = 2;
  cilk_for(unsigned i = 10; i >= 1; i--) h[130 + i] = 3;
  cilk_for(char c = 'a'; c <= 'z'; c++) h[150 + c - 'a'] = 4;
  cilk_for(int i = 0; i < n; i += step) h[180 + i / 5] = 5;
  cilk_for(int i = 5; i < 3; i++) h[0] = 1000;
  cilk_for(long i = -50; i < 50; i += 10) h[210 + (i + 50) / 10] = 6;
  long *g = calloc(256, sizeof *g);
  cilk_for(unsigned char u = 0; u < 255; u++) g[u] = u;
  cilk_for(short s = 300; s > -300; s -= 50) h[250 + (s + 300) / 50] = 7;
  cilk_for(unsigned long i = ULONG_MAX - 5; i != ULONG_MAX; i++)
      h[270 + (ULONG_MAX - i)] = 8;
  cilk_for(int i = 100; i > n; i--) h[290 + i - n] = 9;
  long usum = 0;
  for (int u = 0; u < 256; u++)
    usum += g[u];
  printf("int-max %d int-min %d unsigned %d char %d step %d empty %ld\n",
         count(h, 0, 100), count(h, 100, 130), count(h, 130, 150),
         count(h, 150, 180), count(h, 180, 210), h[399]);
  printf("long %d uchar %ld short %d ulong %d none %d\n", count(h, 210, 230),
         usum, count(h, 250, 270), count(h, 270, 290), count(h, 290, 399));
  free(h);
  free(g);
  return 0;
}
