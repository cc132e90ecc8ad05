// heat: heat diffusion on a square plate, a 5-point stencil over a grid in
// block-distributed global memory (each process is home to a band of rows).
//
//   heat [N [STEPS [R]]]    an N x N grid (default 2048), STEPS time steps
//                           (default 50), R repeats (default 5)
//
// The top edge is held at 1, the other edges at 0. Each step reads one grid
// and writes the other: a parallel loop over bands of 16 interior rows
// (ito::parallel_for_chunks) checks out each band plus one row above and
// below (read) and the band of the other grid (write). The answer is the sum of
// the final grid, taken by the same fixed tree of halves as the serial elision,
// and (untimed) a checksum of its cells' bits in row order, which the serial
// elision must match. verified= only bounds the sum by the heat that can
// have entered through the top edge.
#include "common/bench.hpp"

#include <ito/ito.hpp>

#include <cstdio>

namespace {

constexpr std::size_t band = 16;
constexpr double alpha = 0.2;

struct grid {
  double *a;
  std::size_t n;
  double *row(std::size_t i) const { return a + i * n; }
};

// Rows [lo, hi) of g at their starting values.
void init_rows(grid g, std::size_t lo, std::size_t hi) {
  auto s = ito::make_checkout<ito::mode::write>(g.row(lo), (hi - lo) * g.n);
  for (std::size_t i = lo; i < hi; i++)
    for (std::size_t j = 0; j < g.n; j++)
      s[(i - lo) * g.n + j] = i == 0 ? 1.0 : 0.0;
}

void init(grid g) {
  ito::parallel_for_chunks(0, g.n, band, [g](std::size_t lo, std::size_t hi) {
    init_rows(g, lo, hi);
  });
}

// Interior rows [lo, hi) of dst from src.
void step_rows(grid src, grid dst, std::size_t lo, std::size_t hi) {
  const std::size_t n = src.n;
  auto in =
      ito::make_checkout<ito::mode::read>(src.row(lo - 1), (hi - lo + 2) * n);
  auto out = ito::make_checkout<ito::mode::write>(dst.row(lo), (hi - lo) * n);
  for (std::size_t i = lo; i < hi; i++) {
    const double *up = &in[(i - lo) * n], *mid = up + n, *down = mid + n;
    double *o = &out[(i - lo) * n];
    o[0] = mid[0];
    o[n - 1] = mid[n - 1];
    for (std::size_t j = 1; j + 1 < n; j++)
      o[j] = mid[j] +
             alpha * (up[j] + down[j] + mid[j - 1] + mid[j + 1] - 4 * mid[j]);
  }
}

// One time step over the interior rows. parallel_for_chunks splits them as
// the grid is distributed: each process gets the rows it is home to,
// wherever the step begins (ito/detail/loop_affinity.h).
void step(grid src, grid dst) {
  ito::parallel_for_chunks(1, src.n - 1, band,
                           [src, dst](std::size_t lo, std::size_t hi) {
                             step_rows(src, dst, lo, hi);
                           });
}

double total(grid g, std::size_t lo, std::size_t hi) {
  if (hi - lo > band) {
    const std::size_t mid = lo + (hi - lo) / 2;
    ito::thread<double> t(total, g, lo, mid);
    double r = total(g, mid, hi);
    return t.join() + r;
  }
  auto s = ito::make_checkout<ito::mode::read>(g.row(lo), (hi - lo) * g.n);
  double sum = 0;
  for (std::size_t k = 0; k < (hi - lo) * g.n; k++)
    sum += s[k];
  return sum;
}

// The checksum of the bits of rows [lo, hi) of g, row by row.
checksum cells(grid g, std::size_t lo, std::size_t hi) {
  if (hi - lo > band) {
    const std::size_t mid = lo + (hi - lo) / 2;
    ito::thread<checksum> t(cells, g, lo, mid);
    checksum r = cells(g, mid, hi);
    return checksum_then(t.join(), r);
  }
  auto s = ito::make_checkout<ito::mode::read>(g.row(lo), (hi - lo) * g.n);
  checksum c = checksum_empty();
  for (std::size_t k = 0; k < (hi - lo) * g.n; k++)
    c = checksum_add_double(c, s[k]);
  return c;
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  long long n = 2048;
  int steps = 50, repeats = 5;
  if (argc > 4 || (argc > 1 && !bench::parse_int(argv[1], 3, 1 << 20, n)) ||
      (argc > 2 && !bench::parse_int(argv[2], 0, 1 << 20, steps)) ||
      (argc > 3 && !bench::parse_int(argv[3], 1, 100000, repeats)))
    return bench::usage("heat [N (default 2048) [STEPS (default 50) [R "
                        "repeats (default 5)]]]");
  const auto size = static_cast<std::size_t>(n);
  ito::global_vector<double> va(size * size), vb(size * size);
  const grid a{va.data(), size}, b{vb.data(), size};

  std::vector<double> times;
  double sum = 0;
  checksum final_grid = checksum_empty();
  for (int r = 0; r < repeats; r++) {
    ito::root_exec([a, b] {
      init(a);
      init(b);
    });
    auto t0 = std::chrono::steady_clock::now();
    sum = ito::root_exec(
        [a, b](int k) {
          grid src = a, dst = b;
          for (int s = 0; s < k; s++) {
            step(src, dst);
            std::swap(src, dst);
          }
          return total(src, 0, src.n);
        },
        steps);
    auto t1 = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
    // After an even number of steps the result is in a, else in b.
    const grid result = steps % 2 ? b : a;
    final_grid =
        ito::root_exec([result] { return cells(result, 0, result.n); });
  }
  char answer[64];
  std::snprintf(answer, sizeof answer, "%.17g", sum);
  // Heat only enters through the top edge: the plate holds at most n more
  // than that edge, and at least the edge itself.
  const bool ok = sum >= static_cast<double>(size) &&
                  sum <= static_cast<double>(size) * (steps + 1);
  bench::result("heat")
      .param("n", n)
      .param("steps", steps)
      .param("sum", answer)
      .param("checksum", bench::hex(final_grid.hash))
      .print(times, bench::yes_no(ok));
  return ok ? 0 : 1;
}
