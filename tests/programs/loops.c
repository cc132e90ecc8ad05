// The forms of cilk_for and cilk_scope: a nested cilk_for (a matrix-vector
// product per row inside a cilk_for over matrices), `#pragma cilk grainsize
// 4`, non-unit steps up and down, a decreasing loop with i--, loops over
// long, size_t, unsigned and pointer ranges, a `<=` and a `!=` condition,
// increments written i = i + s, i = s + i and i = i - s (also over a
// pointer), strides whose trip count overflows the loop variable's type
// when computed in it (before: 0 iterations instead of 16), and cilk_scope blocks whose spawns are joined at the end of the
// scope.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: nested 8x64x64 trace {{[0-9]+}} sum {{[0-9]+}}
// CHECK-NEXT: grainsize 1000 squares 332833500
// CHECK-NEXT: step3 334 down7 143 decreasing 5000 first 4999 last 0
// CHECK-NEXT: long 3000000000 sum {{[0-9]+}} size_t 4096 unsigned 255
// CHECK-NEXT: pointer 10000 doubled 99990000 le 101 ne 77
// CHECK-NEXT: assigned steps 250 200 143 125
// CHECK-NEXT: wide strides 16
// CHECK-NEXT: scope fib 6765 + 10946 = 17711 nested 28657 after 0

#include <cilk/cilk.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

int main(void) {
  int m = 8, n = 64;
  long *mat = malloc((size_t)m * n * n * sizeof *mat);
  long *vec = malloc((size_t)n * sizeof *vec);
  long *out = malloc((size_t)m * n * sizeof *out);
  for (long i = 0; i < (long)m * n * n; i++)
    mat[i] = (i * 7) % 13;
  for (int j = 0; j < n; j++)
    vec[j] = j + 1;
  cilk_for(int k = 0; k < m; k++) {
    cilk_for(int r = 0; r < n; r++) {
      long s = 0;
      for (int c = 0; c < n; c++)
        s += mat[((long)k * n + r) * n + c] * vec[c];
      out[k * n + r] = s;
    }
  }
  long trace = 0, sum = 0;
  for (int k = 0; k < m; k++) {
    trace += mat[((long)k * n + k) * n + k];
    for (int r = 0; r < n; r++)
      sum += out[k * n + r] * (r + 1);
  }
  printf("nested %dx%dx%d trace %ld sum %ld\n", m, n, n, trace, sum);

  long *sq = malloc(1000 * sizeof *sq);
#pragma cilk grainsize 4
  cilk_for(int i = 0; i < 1000; i++) sq[i] = (long)i * i;
  long sqs = 0;
  for (int i = 0; i < 1000; i++)
    sqs += sq[i];
  printf("grainsize 1000 squares %ld\n", sqs);

  char *mark = calloc(1000, 1);
  cilk_for(int i = 0; i < 1000; i += 3) mark[i] |= 1;
  cilk_for(int i = 999; i >= 0; i -= 7) mark[i] |= 2;
  int *rev = malloc(5000 * sizeof *rev);
  cilk_for(int i = 5000 - 1; i >= 0; i--) rev[i] = 5000 - 1 - i;
  int step3 = 0, down7 = 0, ok = 1;
  for (int i = 0; i < 1000; i++) {
    step3 += mark[i] & 1;
    down7 += (mark[i] & 2) / 2;
  }
  for (int i = 0; i < 5000; i++)
    ok &= rev[i] == 4999 - i;
  printf("step3 %d down7 %d decreasing %d first %d last %d\n", step3, down7,
         ok ? 5000 : -1, rev[0], rev[4999]);

  long big = 3000000000L;
  long *chunk = calloc(64, sizeof *chunk);
  cilk_for(long c = 0; c < 64; c++) for (long i = big / 64 * c;
                                         i < big / 64 * (c + 1); i += 1000003)
      chunk[c] += i % 1000;
  long lsum = 0;
  for (int c = 0; c < 64; c++)
    lsum += chunk[c];
  size_t nz = 4096;
  unsigned char *bytes = malloc(nz);
  cilk_for(size_t i = 0; i < nz; i++) bytes[i] = (unsigned char)(i % 256);
  unsigned char umax = 0;
  cilk_for(unsigned u = 0; u < 256u; u++) bytes[u] =
      (unsigned char)(255 - bytes[u]);
  size_t count = 0;
  for (size_t i = 0; i < nz; i++) {
    count += bytes[i] == (i < 256 ? 255 - i : i % 256);
    umax = bytes[i] > umax ? bytes[i] : umax;
  }
  printf("long %ld sum %ld size_t %zu unsigned %u\n", big, lsum, count, umax);

  int *data = malloc(10000 * sizeof *data);
  for (int i = 0; i < 10000; i++)
    data[i] = i;
  int *end = data + 10000;
  cilk_for(int *p = data; p < end; p++) *p *= 2;
  long dsum = 0;
  for (int i = 0; i < 10000; i++)
    dsum += data[i];
  int *le = calloc(101, sizeof *le), *ne = calloc(77, sizeof *ne);
  cilk_for(int i = 0; i <= 100; i++) le[i] = 1;
  cilk_for(int i = 0; i != 77; i++) ne[i] = 1;
  int nle = 0, nne = 0;
  for (int i = 0; i < 101; i++)
    nle += le[i];
  for (int i = 0; i < 77; i++)
    nne += ne[i];
  printf("pointer %d doubled %ld le %d ne %d\n", 10000, dsum, nle, nne);

  char *hit = calloc(1000, 1);
  const int stride = 4;
  cilk_for(int i = 0; i < 1000; i = i + stride) hit[i] |= 1;
  cilk_for(int i = 0; i < 1000; i = 5 + i) hit[i] |= 2;
  cilk_for(int i = 999; i >= 0; i = i - 7) hit[i] |= 4;
  cilk_for(char *p = hit; p < hit + 1000; p = p + 8) *p |= 8;
  int steps[4] = {0};
  for (int i = 0; i < 1000; i++)
    for (int b = 0; b < 4; b++)
      steps[b] += (hit[i] >> b) & 1;
  printf("assigned steps %d %d %d %d\n", steps[0], steps[1], steps[2],
         steps[3]);

  // Trip counts whose span plus step overflows the loop variable's type.
  int *wide = calloc(16, sizeof *wide);
  cilk_for(unsigned u = 0; u < 0xFFFFFFF0u; u += 0x0FFFFFFFu) wide[u /
                                                                   0x0FFFFFFFu] =
      1;
  int nw = 0;
  for (int k = 0; k < 16; k++)
    nw += wide[k];
  printf("wide strides %d\n", nw);

  long a, b, c, d = 0;
  cilk_scope {
    a = cilk_spawn fib(20);
    b = cilk_spawn fib(21);
    cilk_scope {
      c = cilk_spawn fib(23);
      d = 1;
    }
    d = c - d + 1;
  }
  long after = a + b - fib(22);
  printf("scope fib %ld + %ld = %ld nested %ld after %ld\n", a, b, a + b, d,
         after);
  free(mat);
  free(vec);
  free(out);
  free(sq);
  free(mark);
  free(rev);
  free(chunk);
  free(bytes);
  free(data);
  free(le);
  free(ne);
  return 0;
}
