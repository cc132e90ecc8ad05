// lcs: length of the longest common subsequence of two random byte strings
// of length N, by the recursive 2D decomposition with futures of Shiina and
// Taura, "Distributed Continuation Stealing is More Scalable than You Might
// Think" (Sec. V-D, Fig. 11).
//
//   lcs [N [C [R]]]    N a power of two (default 16384), C the leaf block
//                      size, a power of two <= N (default 512), R repeats
//                      (default 5)
//
// The N x N table of the recurrence
//   X(i, j) = 0                          if i = 0 or j = 0
//           = X(i-1, j-1) + 1            if a_i = b_j
//           = max(X(i, j-1), X(i-1, j))  otherwise
// is split into quadrants recursively down to C x C leaves. Each block is a
// future (ito::async with as many consumers as will join it) that receives
// the futures of the blocks above it (T) and to its left (L):
//   leaf:          join T and L, compute the block from their boundaries
//                  (the bottom row of T, the right column of L), and
//                  publish its own bottom row and right column;
//   intermediate:  join T and L, fork X00(T10, L01), X01(T11, X00),
//                  X10(X00, L11), X11(X01, X10) from the children of T and
//                  L, publish X01, X10 and X11, join X00.
// Its value is a boundary descriptor saying which block finished.
//
// Two departures from Fig. 11, both forced by what exists today:
//  * A future's value must be trivially copyable and at most 192 bytes, and
//    under the serial elision a future holds its value, so a future cannot
//    carry its children's futures (X01, X10, X11) in its value: the type
//    would contain itself. Instead, a block publishes its children's futures
//    in a table indexed by level and block coordinates before it returns,
//    and whoever has joined it reads them from there.
//  * Boundaries live in process memory: correct at np=1 and in the serial
//    build; across processes this program needs global memory (coming with
//    the global address space), so the parallel run verifies only at np=1.
//    The boundary rows and columns and the table of futures are allocated
//    before the parallel region, identically on every process.
//
// Verification: the master computes the length once more, outside the timed
// runs, by the plain linear-space O(N^2) algorithm.
#include "common/bench.hpp"

#include <ito/ito.hpp>

#include <cstdint>
#include <random>
#include <vector>

namespace {

// What a block's future yields: the block that finished (and, for a leaf,
// X at its bottom-right corner). Its outputs are found from its coordinates:
// a leaf's boundaries in lcs_data::rows/cols, an intermediate block's
// children in lcs_data::futures.
struct boundary {
  std::int32_t level;
  std::int32_t bi, bj;
  std::int32_t corner; // leaf: X at the bottom-right corner; otherwise -1
};

using block_future = ito::future<boundary>;

// Everything the blocks share; see the note above about process memory.
struct lcs_data {
  int n = 0;      // sequence length
  int c = 0;      // leaf block size
  int leaves = 0; // leaf level: blocks are n >> level wide, leaves c wide
  std::vector<unsigned char> a, b;
  // rows[bi * (n + 1) + j] = X((bi + 1) * c, j): the bottom rows of the
  // leaf row bi; cols[bj * (n + 1) + i] = X(i, (bj + 1) * c) likewise. Index
  // 0 (j = 0 or i = 0) stays 0.
  std::vector<std::int32_t> rows, cols;
  // The futures of all blocks but the root and the X00 children, level by
  // level, row-major within a level.
  std::vector<block_future> futures;
  std::vector<std::size_t> level_offset;

  block_future &future(int level, int bi, int bj) {
    std::size_t g = std::size_t{1} << level;
    return futures[level_offset[level] + std::size_t(bi) * g + std::size_t(bj)];
  }
};

// How many tasks join the future of block (bi, bj) of `level`: the block
// below it (as its T), the block to its right (as its L), its parent if it
// is an X00 child, and the root task for the bottom-right block, which
// nobody else joins.
int consumers_of(int level, int bi, int bj, bool x00) {
  int g = 1 << level;
  return (bi + 1 < g) + (bj + 1 < g) + (x00 ? 1 : 0) +
         (bi == g - 1 && bj == g - 1);
}

// The leaf block (bi, bj): rows bi*c+1 .. bi*c+c, columns bj*c+1 .. bj*c+c.
std::int32_t compute_leaf(lcs_data *d, int bi, int bj) {
  const int n = d->n, c = d->c;
  const std::size_t stride = std::size_t(n) + 1;
  const std::size_t i0 = std::size_t(bi) * c, j0 = std::size_t(bj) * c;
  // The working row, created and destroyed between joins: starts as the
  // bottom row of the block above, X(i0, j0 .. j0+c).
  std::vector<std::int32_t> row(std::size_t(c) + 1, 0);
  if (bi > 0) {
    const std::int32_t *top = &d->rows[std::size_t(bi - 1) * stride + j0];
    for (int k = 0; k <= c; k++)
      row[k] = top[k];
  }
  const std::int32_t *left =
      bj > 0 ? &d->cols[std::size_t(bj - 1) * stride + i0] : nullptr;
  std::int32_t *right = &d->cols[std::size_t(bj) * stride + i0];
  const unsigned char *bs = &d->b[j0];
  for (int r = 1; r <= c; r++) {
    const unsigned char ai = d->a[i0 + r - 1];
    std::int32_t diag = row[0];
    std::int32_t prev = left ? left[r] : 0;
    row[0] = prev;
    for (int k = 1; k <= c; k++) {
      std::int32_t up = row[k];
      std::int32_t v = ai == bs[k - 1] ? diag + 1 : (up > prev ? up : prev);
      diag = up;
      row[k] = v;
      prev = v;
    }
    right[r] = prev;
  }
  std::int32_t *bottom = &d->rows[std::size_t(bi) * stride + j0];
  for (int k = 1; k <= c; k++)
    bottom[k] = row[k];
  return row[c];
}

// Block (bi, bj) of `level`, whose top and left neighbours are the futures
// t and l (invalid at the edges of the table).
boundary lcs_block(lcs_data *d, int level, int bi, int bj, block_future t,
                   block_future l) {
  if (t.valid())
    t.get();
  if (l.valid())
    l.get();
  if (level == d->leaves)
    return {level, bi, bj, compute_leaf(d, bi, bj)};

  // The children of t on its bottom row and of l on its right column.
  const int cl = level + 1, ci = 2 * bi, cj = 2 * bj;
  block_future t10, t11, l01, l11;
  if (t.valid()) {
    t10 = d->future(cl, ci - 1, cj);
    t11 = d->future(cl, ci - 1, cj + 1);
  }
  if (l.valid()) {
    l01 = d->future(cl, ci, cj - 1);
    l11 = d->future(cl, ci + 1, cj - 1);
  }
  block_future x00 = ito::async(ito::consumers{consumers_of(cl, ci, cj, true)},
                                lcs_block, d, cl, ci, cj, t10, l01);
  block_future x01 =
      ito::async(ito::consumers{consumers_of(cl, ci, cj + 1, false)}, lcs_block,
                 d, cl, ci, cj + 1, t11, x00);
  block_future x10 =
      ito::async(ito::consumers{consumers_of(cl, ci + 1, cj, false)}, lcs_block,
                 d, cl, ci + 1, cj, x00, l11);
  block_future x11 =
      ito::async(ito::consumers{consumers_of(cl, ci + 1, cj + 1, false)},
                 lcs_block, d, cl, ci + 1, cj + 1, x01, x10);
  d->future(cl, ci, cj + 1) = x01;
  d->future(cl, ci + 1, cj) = x10;
  d->future(cl, ci + 1, cj + 1) = x11;
  x00.get();
  return {level, bi, bj, -1};
}

// The root task: the whole table, then the chain of bottom-right blocks
// down to the last leaf, whose corner is the answer.
std::int32_t lcs_root(lcs_data *d) {
  block_future root =
      ito::async(ito::consumers{consumers_of(0, 0, 0, false)}, lcs_block, d, 0,
                 0, 0, block_future{}, block_future{});
  boundary r = root.get();
  for (int level = 1; level <= d->leaves; level++) {
    int g = 1 << level;
    r = d->future(level, g - 1, g - 1).get();
  }
  return r.corner;
}

// The plain linear-space algorithm.
std::int32_t lcs_reference(const std::vector<unsigned char> &a,
                           const std::vector<unsigned char> &b) {
  std::vector<std::int32_t> row(b.size() + 1, 0);
  for (unsigned char ai : a) {
    std::int32_t diag = 0, prev = 0;
    for (std::size_t k = 1; k <= b.size(); k++) {
      std::int32_t up = row[k];
      std::int32_t v = ai == b[k - 1] ? diag + 1 : (up > prev ? up : prev);
      diag = up;
      row[k] = v;
      prev = v;
    }
  }
  return row[b.size()];
}

bool is_pow2(long long x) { return x > 0 && (x & (x - 1)) == 0; }

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);

  int n = 16384, c = 512, repeats = 5;
  if (argc > 4 || (argc > 1 && !bench::parse_int(argv[1], 1, 1 << 24, n)) ||
      (argc > 2 && !bench::parse_int(argv[2], 1, 1 << 24, c)) ||
      (argc > 3 && !bench::parse_int(argv[3], 1, 100000, repeats)) ||
      !is_pow2(n) || !is_pow2(c) || c > n)
    return bench::usage("lcs [N (power of 2, default 16384) [C (power of 2 "
                        "<= N, default 512) [R repeats (default 5)]]]");

  // The same inputs and buffers on every process.
  lcs_data d;
  d.n = n;
  d.c = c;
  while ((c << d.leaves) < n)
    d.leaves++;
  std::mt19937 gen(12345);
  d.a.resize(std::size_t(n));
  d.b.resize(std::size_t(n));
  for (auto &x : d.a)
    x = static_cast<unsigned char>(gen());
  for (auto &x : d.b)
    x = static_cast<unsigned char>(gen());
  std::size_t g = std::size_t(n / c);
  d.rows.assign(g * (std::size_t(n) + 1), 0);
  d.cols.assign(g * (std::size_t(n) + 1), 0);
  std::size_t total = 0;
  for (int level = 0; level <= d.leaves; level++) {
    d.level_offset.push_back(total);
    total += std::size_t{1} << (2 * level);
  }
  d.futures.resize(total);

  std::int32_t length = -1;
  lcs_data *dp = &d;
  auto times = bench::time_repeats(
      repeats, [&] { length = ito::root_exec(lcs_root, dp); });

  // Only the master checks (the O(N^2) reference is as slow as a run); its
  // exit status is the job's.
  bool ok = true;
  if (ito::is_master())
    ok = length == lcs_reference(d.a, d.b);
  bench::result("lcs")
      .param("n", n)
      .param("c", c)
      .param("length", static_cast<long long>(length))
      .print(times, bench::yes_no(ok));
  return ok ? 0 : 1;
}
