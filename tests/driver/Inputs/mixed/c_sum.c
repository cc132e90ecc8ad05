#include "parts.h"

#include <cilk/cilk.h>

static long sq(int i) { return (long)i * i; }

long c_sum_sq(int n) {
  long parts[8];
  for (int i = 0; i < 8; i++)
    parts[i] = cilk_spawn sq(n + i);
  cilk_sync;
  long s = 0;
  for (int i = 0; i < 8; i++)
    s += parts[i];
  return s;
}
