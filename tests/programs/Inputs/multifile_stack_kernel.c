// The kernel of multifile_stack.c: divide-and-conquer over an array the
// caller owns, wherever it lives.
#include <cilk/cilk.h>

void scale(double *v, long n, double f) {
  if (n <= 256) {
    for (long i = 0; i < n; i++)
      v[i] *= f;
    return;
  }
  cilk_spawn scale(v, n / 2, f);
  scale(v + n / 2, n - n / 2, f);
  cilk_sync;
}

void sum_into(const double *v, long n, double *out) {
  if (n <= 256) {
    double s = 0;
    for (long i = 0; i < n; i++)
      s += v[i];
    *out = s;
    return;
  }
  double a, b;
  cilk_spawn sum_into(v, n / 2, &a);
  sum_into(v + n / 2, n - n / 2, &b);
  cilk_sync;
  *out = a + b;
}
