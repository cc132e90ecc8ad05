// nqueens: count the placements of N non-attacking queens on an NxN board.
//
//   nqueens [N [R]]    N in 1..20 (default 12), R repeats (default 5)
//
// The Cilk-5 benchmark, with the board passed by value: a task may run in
// another process, so each child gets its own copy of the (small) board
// rather than a pointer into its parent's frame. Where Cilk-5 spawns one
// child per safe column in a loop, here the set of safe columns (a bit mask)
// is split in halves recursively, one fork per split: the same tasks, with
// every fork-join pair properly nested and no array of thread handles.
#include "common/bench.hpp"

#include <ito/ito.hpp>

#include <cstdint>

namespace {

constexpr int max_n = 20;

// Queen positions: q[i] is the column of the queen on row i.
struct board {
  signed char q[max_n];
};

// Solutions for n = 0..20 (OEIS A000170; n = 0 is unused).
// clang-format off
constexpr long long known_counts[max_n + 1] = {
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
    2279184, 14772512, 95815104, 666090624, 4968057848LL, 39029188884LL};
// clang-format on

// The columns where a queen on `row` is attacked by none above it.
std::uint32_t safe_columns(int n, int row, const board &b) {
  std::uint32_t mask = 0;
  for (int col = 0; col < n; col++) {
    bool ok = true;
    for (int i = 0; i < row; i++) {
      int d = b.q[i] - col;
      if (d == 0 || d == row - i || d == i - row) {
        ok = false;
        break;
      }
    }
    if (ok)
      mask |= std::uint32_t{1} << col;
  }
  return mask;
}

long long solve(int n, int row, board b);

// Tries a queen on `row` in every column of `cols` (non-empty): one column
// directly, several by forking half of them.
long long place(int n, int row, board b, std::uint32_t cols) {
  int k = __builtin_popcount(cols);
  if (k == 1) {
    b.q[row] = static_cast<signed char>(__builtin_ctz(cols));
    return solve(n, row + 1, b);
  }
  // low: the lowest k/2 columns of cols.
  std::uint32_t low = 0, rest = cols;
  for (int i = 0; i < k / 2; i++) {
    std::uint32_t bit = rest & -rest;
    low |= bit;
    rest ^= bit;
  }
  ito::thread<long long> x(place, n, row, b, low);
  long long y = place(n, row, b, rest);
  return x.join() + y;
}

// Solutions extending b, whose rows 0..row-1 hold queens.
long long solve(int n, int row, board b) {
  if (row == n)
    return 1;
  std::uint32_t cols = safe_columns(n, row, b);
  return cols ? place(n, row, b, cols) : 0;
}

long long nqueens(int n) { return solve(n, 0, board{}); }

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);

  int n = 12, repeats = 5;
  if (argc > 3 || (argc > 1 && !bench::parse_int(argv[1], 1, max_n, n)) ||
      (argc > 2 && !bench::parse_int(argv[2], 1, 100000, repeats)))
    return bench::usage("nqueens [N (1..20, default 12) [R repeats (default "
                        "5)]]");

  long long count = -1;
  auto times =
      bench::time_repeats(repeats, [&] { count = ito::root_exec(nqueens, n); });

  bool ok = count == known_counts[n];
  bench::result("nqueens")
      .param("n", n)
      .param("solutions", count)
      .param("checksum", count)
      .print(times, bench::yes_no(ok));
  return ok ? 0 : 1;
}
