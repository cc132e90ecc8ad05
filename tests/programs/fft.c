// A recursive radix-2 FFT in the style of the Cilk-5 fft benchmark:
// complex numbers as a struct of two doubles, the twiddle factors computed
// once by main into a malloc'd table that a file-scope pointer holds, the
// two half transforms spawned and the butterflies of a large level done by
// a cilk_for. A few outputs are checked against a naive DFT.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: fft n 65536 ok max error below 1e-6 at 8 outputs checksum
// CHECK-SAME: {{[0-9]+\.[0-9]+}}

#include <cilk/cilk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double re, im;
} complex_t;

static complex_t *twiddle; // twiddle[k] = exp(-2 pi i k / N), k < N / 2
static long N;

static complex_t cmul(complex_t a, complex_t b) {
  complex_t r = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  return r;
}

// out[0..n) = DFT of in[0], in[stride], ..., in[(n - 1) * stride].
static void fft(const complex_t *in, complex_t *out, long n, long stride) {
  if (n == 1) {
    out[0] = in[0];
    return;
  }
  long h = n / 2;
  if (n > 256) {
    cilk_spawn fft(in, out, h, 2 * stride);
    fft(in + stride, out + h, h, 2 * stride);
    cilk_sync;
  } else {
    fft(in, out, h, 2 * stride);
    fft(in + stride, out + h, h, 2 * stride);
  }
  if (n >= 4096) {
    cilk_for(long k = 0; k < h; k++) {
      complex_t e = out[k];
      complex_t t = cmul(twiddle[k * stride], out[k + h]);
      out[k].re = e.re + t.re;
      out[k].im = e.im + t.im;
      out[k + h].re = e.re - t.re;
      out[k + h].im = e.im - t.im;
    }
  } else {
    for (long k = 0; k < h; k++) {
      complex_t e = out[k];
      complex_t t = cmul(twiddle[k * stride], out[k + h]);
      out[k].re = e.re + t.re;
      out[k].im = e.im + t.im;
      out[k + h].re = e.re - t.re;
      out[k + h].im = e.im - t.im;
    }
  }
}

int main(void) {
  N = 1 << 16;
  const double pi = 3.14159265358979323846;
  twiddle = malloc(N / 2 * sizeof(complex_t));
  for (long k = 0; k < N / 2; k++) {
    twiddle[k].re = cos(2 * pi * k / N);
    twiddle[k].im = -sin(2 * pi * k / N);
  }
  complex_t *x = malloc(N * sizeof(complex_t));
  complex_t *y = malloc(N * sizeof(complex_t));
  unsigned s = 99;
  for (long j = 0; j < N; j++) {
    s = s * 1664525u + 1013904223u;
    x[j].re = (double)(s >> 8) / (1 << 24) - 0.5;
    s = s * 1664525u + 1013904223u;
    x[j].im = (double)(s >> 8) / (1 << 24) - 0.5;
  }
  fft(x, y, N, 1);
  long probe[8] = {0, 1, 2, 1000, 12345, 32768, 40000, 65535};
  double maxerr = 0;
  for (int p = 0; p < 8; p++) {
    long k = probe[p];
    double re = 0, im = 0;
    for (long j = 0; j < N; j++) {
      double a = -2 * pi * (double)((j * k) % N) / N;
      re += x[j].re * cos(a) - x[j].im * sin(a);
      im += x[j].re * sin(a) + x[j].im * cos(a);
    }
    double err = fabs(re - y[k].re) + fabs(im - y[k].im);
    if (err > maxerr)
      maxerr = err;
  }
  double checksum = 0;
  for (long k = 0; k < N; k++)
    checksum += fabs(y[k].re) + fabs(y[k].im);
  printf("fft n %ld %s max error %s 1e-6 at 8 outputs checksum %.6f\n", N,
         maxerr < 1e-6 ? "ok" : "WRONG", maxerr < 1e-6 ? "below" : "above",
         checksum);
  free(twiddle);
  free(x);
  free(y);
  return 0;
}
