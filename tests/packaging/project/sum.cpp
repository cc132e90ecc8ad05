#include <cilk/cilk.h>
#include <cilk/cilk_api.h>

#include <cstdio>
#include <numeric>
#include <vector>

static long sum(const long *a, std::size_t n) {
  if (n < 1000)
    return std::accumulate(a, a + n, 0L);
  long x = cilk_spawn sum(a, n / 2);
  long y = sum(a + n / 2, n - n / 2);
  cilk_sync;
  return x + y;
}

int main() {
  std::vector<long> v(100000);
  std::iota(v.begin(), v.end(), 1L);
  std::printf("sum=%ld workers=%d\n", sum(v.data(), v.size()),
              __cilkrts_get_nworkers());
  return 0;
}
