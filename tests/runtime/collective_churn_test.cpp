// Collective allocation and free from tasks, over and over:
// - more allocations in all than the table of collective allocations holds
//   at once (the entries of freed ones are reused);
// - with 4 KiB blocks, more home mappings in all than vm.max_map_count
//   allows: the free reaches only the process that makes it, so the others
//   must drop the mappings of freed allocations when they run short.
#include "check.h"

#include <ito/ito.hpp>
#include <ito/patterns.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr int small_rounds = 5000; // more than the table's 4096 entries
constexpr std::size_t n = std::size_t(1) << 21; // 2048 blocks of 4 KiB
constexpr int large_rounds = 160;

long small_allocations() {
  long sum = 0;
  for (int i = 0; i < small_rounds; i++) {
    int *a = ito::malloc_coll<int>(16);
    ito::put(a + 3, i);
    sum += ito::get(a + 3);
    ito::free_coll(a);
  }
  return sum;
}

// Each round's array is touched by tasks on every process: a process maps
// all the blocks of an allocation that live on its node when it first
// touches it, so touching a few elements costs as many mappings as
// touching all.
long large_allocations() {
  long wrong = 0;
  for (int r = 0; r < large_rounds; r++) {
    uint32_t *a = ito::malloc_coll<uint32_t>(n, ito::dist::block_cyclic);
    constexpr std::size_t points = 128, stride = n / points;
    const long sum = ito::parallel_reduce(
        std::size_t(0), points, 1, 0L,
        [a, r](std::size_t i) {
          ito::put(a + i * stride, uint32_t(r) + uint32_t(i));
          volatile long spin = 0; // long enough for the others to steal
          for (int k = 0; k < 20000; k++)
            spin = spin + k;
          return long(ito::get(a + i * stride));
        },
        [](long x, long y) { return x + y; });
    wrong += sum != long(points) * r + long(points * (points - 1) / 2);
    ito::free_coll(a);
  }
  return wrong;
}

} // namespace

int main(int argc, char **argv) {
  setenv("ITO_BLOCK_SIZE", "4k", 0);
  setenv("ITO_CACHE_SIZE", "16m", 0); // 4096 blocks: room for home mappings
  ito::runtime rt(&argc, &argv);
  const long small = ito::root_exec(small_allocations);
  ITO_CHECK(small == long(small_rounds) * (small_rounds - 1) / 2);
  const long wrong = ito::root_exec(large_allocations);
  ITO_CHECK(wrong == 0);
  if (ito::is_master())
    std::printf("collective churn: ok\n");
  return 0;
}
