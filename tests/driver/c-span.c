// ito_vector and ito_span from Cilk C: spans passed to spawned functions by
// value and used in a cilk_for body, translated and as the serial elision
// (-DITO_SERIAL: the C heap). Leaving a span stops the program and says so.
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-cc --ito-no-translate -DITO_SERIAL -O2 %s -o %t.serial
// RUN: %t.serial | FileCheck %s
// RUN: %ito-run -n 1 %t | FileCheck %s
// RUN: %ito-run -n 2 %t | FileCheck %s
// RUN: %ito-run -n 4 %t | FileCheck %s
// RUN: %ito-run -n 2 --internode %t | FileCheck %s
// RUN: not %ito-run -n 2 %t past-end 2>&1 | FileCheck --check-prefix=PAST %s
// RUN: not %t.serial past-end 2>&1 | FileCheck --check-prefix=PAST-SERIAL %s

#include <cilk/cilk.h>
#include <ito/ito.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct point {
  int64_t x, y;
} point;

// Element i of the whole array (offset: where s starts in it) is (i, 2i).
static void fill(ito_span s, size_t offset) {
  if (s.size <= 1000) {
    point *p = ito_span_checkout(s, 0, s.size, ITO_MODE_WRITE);
    for (size_t i = 0; i < s.size; i++) {
      p[i].x = (int64_t)(offset + i);
      p[i].y = 2 * (int64_t)(offset + i);
    }
    ito_span_checkin(s, 0, s.size, ITO_MODE_WRITE);
    return;
  }
  size_t half = s.size / 2;
  cilk_spawn fill(ito_span_sub(s, 0, half), offset);
  fill(ito_span_sub(s, half, s.size - half), offset + half);
  cilk_sync;
}

// The sum of x + y over s.
static int64_t sum(ito_span s) {
  if (s.size <= 1000) {
    const point *p = ito_span_checkout(s, 0, s.size, ITO_MODE_READ);
    int64_t t = 0;
    for (size_t i = 0; i < s.size; i++)
      t += p[i].x + p[i].y;
    ito_span_checkin(s, 0, s.size, ITO_MODE_READ);
    return t;
  }
  size_t half = s.size / 2;
  int64_t a = cilk_spawn sum(ito_span_sub(s, 0, half));
  int64_t b = sum(ito_span_sub(s, half, s.size - half));
  cilk_sync;
  return a + b;
}

int main(int argc, char **argv) {
  const size_t n = 100000;
  ito_vector v = ito_vector_collective(n, sizeof(point), ITO_DIST_BLOCK, 0);
  if (argc > 1 && strcmp(argv[1], "past-end") == 0) {
    // PAST: ito: error (rank 0): ito_span_sub: 10 elements from element 99995 leave the span, which has 100000
    // PAST-SERIAL: ito: error: ito_span_sub: 10 elements from element 99995 leave the span, which has 100000
    ito_span tail = ito_span_sub(v.span, n - 5, 10);
    printf("%zu\n", tail.size);
    return 0;
  }
  fill(v.span, 0);
  const ito_span s = v.span;
  cilk_for(size_t i = 0; i < n; i++) {
    point q;
    ito_span_read(s, i, &q);
    q.y += 1;
    ito_span_write(s, i, &q);
  }
  // 3 * n(n-1)/2 + n
  // CHECK: sum 14999950000
  printf("sum %lld\n", (long long)sum(v.span));

  // A noncollective vector, written and read one element at a time.
  ito_vector w = ito_vector_local(3, sizeof(double));
  for (size_t i = 0; i < 3; i++) {
    double d = 0.5 * (double)i;
    ito_span_write(w.span, i, &d);
  }
  double last;
  ito_span_read(w.span, 2, &last);
  // CHECK-NEXT: last 1.0
  printf("last %.1f\n", last);
  ito_vector_free(&w);
  ito_vector_free(&v);
  // CHECK-NEXT: freed 0 0
  printf("freed %zu %zu\n", v.span.size, w.span.size);
  return 0;
}
