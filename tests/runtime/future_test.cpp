// Futures: joined by tasks other than their parent, with several consumers,
// in a wavefront, and in long chains, at any process count, in both layouts.
#include "check.h"

#include <ito/ito.hpp>

#include <cstdint>
#include <cstdio>

namespace {

long slow_square(long x) {
  // Enough work that consumers often arrive first.
  volatile long sink = 0;
  for (int i = 0; i < 20000; i++)
    sink = sink + i;
  return x * x;
}

// A future created here, consumed by a sibling task.
long sibling_consumer() {
  ito::future<long> f = ito::async(slow_square, 12L);
  ito::thread<long> consumer([f] { return f.get() + 1; });
  return consumer.join();
}

// One future, k consumers, all in parallel.
long many_consumers(int k) {
  ito::future<long> f = ito::async(ito::consumers{k}, slow_square, 7L);
  struct fan {
    static long run(ito::future<long> f, int lo, int hi) {
      if (hi - lo == 1)
        return f.get();
      int mid = (lo + hi) / 2;
      ito::thread<long> left(run, f, lo, mid);
      long right = run(f, mid, hi);
      return left.join() + right;
    }
  };
  return fan::run(f, 0, k);
}

// A grid of cells; cell (i, j) waits for (i-1, j) and (i, j-1). Each
// future has as many consumers as cells depending on it.
constexpr int grid = 12;

struct cell;
using cell_future = ito::future<cell>;
struct cell {
  int64_t value;
};

// Cell futures are kept in an array owned by the root task, filled in
// wavefront order (row-major creation keeps dependencies created first).
int64_t wavefront() {
  cell_future f[grid][grid];
  for (int i = 0; i < grid; i++)
    for (int j = 0; j < grid; j++) {
      int consumers = (i + 1 < grid) + (j + 1 < grid);
      if (i == grid - 1 && j == grid - 1)
        consumers = 1;
      cell_future up = i ? f[i - 1][j] : cell_future();
      cell_future left = j ? f[i][j - 1] : cell_future();
      f[i][j] = ito::async(
          ito::consumers{consumers},
          [](cell_future up, cell_future left, int i, int j) {
            int64_t u = up.valid() ? up.get().value : i;
            int64_t l = left.valid() ? left.get().value : j;
            slow_square(1);
            return cell{u + l + 1};
          },
          up, left, i, j);
    }
  return f[grid - 1][grid - 1].get().value;
}

int64_t wavefront_serial() {
  int64_t v[grid][grid];
  for (int i = 0; i < grid; i++)
    for (int j = 0; j < grid; j++)
      v[i][j] = (i ? v[i - 1][j] : i) + (j ? v[i][j - 1] : j) + 1;
  return v[grid - 1][grid - 1];
}

// A chain: future n depends on future n-1, each consumed in a new task.
long chain(int n) {
  ito::future<long> f = ito::async([] { return 0L; });
  for (int i = 0; i < n; i++)
    f = ito::async([](ito::future<long> prev) { return prev.get() + 1; }, f);
  return f.get();
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  for (int r = 0; r < 10; r++) {
    ITO_CHECK(ito::root_exec(sibling_consumer) == 145);
    ITO_CHECK(ito::root_exec(many_consumers, 9) == 9 * 49);
    ITO_CHECK(ito::root_exec(wavefront) == wavefront_serial());
    ITO_CHECK(ito::root_exec(chain, 300) == 300);
  }
  if (ito::is_master())
    std::printf("future: ok\n");
  return 0;
}
