// lcs: length of the longest common subsequence of two random byte strings
// of length N, by the recursive 2D decomposition with futures of Shiina and
// Taura, "Distributed Continuation Stealing is More Scalable than You Might
// Think" (Sec. V-D, Fig. 11).
//
//   lcs [N [C [R]]]    N a power of two (default 16384), C the leaf block
//                      size, a power of two with 8 <= C <= min(N, 512)
//                      (default 512), R repeats (default 5)
//
// The N x N table of the recurrence
//   X(i, j) = 0                          if i = 0 or j = 0
//           = X(i-1, j-1) + 1            if a_i = b_j
//           = max(X(i, j-1), X(i-1, j))  otherwise
// is split into quadrants recursively down to C x C leaves. Each block is a
// future (ito::async) whose value is a node; it receives the futures of the
// blocks of its size above it (T) and to its left (L):
//   leaf:          bottom row of T.get() and right column of L.get() in,
//                  its own bottom row and right column out;
//   intermediate:  T.get() and L.get() give their children; fork
//                  X00(T10, L01), X01(T11, X00), X10(X00, L11) and
//                  X11(X01, X10); join X00; the value is {X01, X10, X11}.
// Everything a task uses travels in its arguments and in the values of the
// futures it joins; the sequences A and B are built identically on every
// process before the parallel region and only read. A boundary of C cells
// travels compactly: adjacent values of X along a row or a column differ by
// 0 or 1, so it is a base value and C bits.
//
// Verification: the master computes the length once more, outside the timed
// runs, by the plain linear-space O(N^2) algorithm.
#include "common/bench.hpp"

#include <ito/ito.hpp>

#include <cstdint>
#include <random>
#include <vector>

namespace {

// The largest leaf block: two boundaries of it must fit in a future's value.
constexpr int max_c = 512;

// The problem: set by main before the parallel region, on every process
// alike, and only read by tasks.
struct problem {
  int n = 0; // sequence length
  int c = 0; // leaf block size
  std::vector<unsigned char> a, b;
} prob;

// The c + 1 values v[0..c] of X along a row or a column of a leaf's border:
// v[0] and the steps v[k+1] - v[k], each 0 or 1.
struct edge {
  std::int32_t base;
  std::uint32_t steps[max_c / 32];

  void encode(const std::int32_t *v, int c) {
    base = v[0];
    for (int w = 0; w < (c + 31) / 32; w++)
      steps[w] = 0;
    for (int k = 0; k < c; k++)
      steps[k / 32] |= std::uint32_t(v[k + 1] - v[k]) << (k % 32);
  }
  void decode(std::int32_t *v, int c) const {
    v[0] = base;
    for (int k = 0; k < c; k++)
      v[k + 1] = v[k] + std::int32_t((steps[k / 32] >> (k % 32)) & 1);
  }
  std::int32_t last(int c) const {
    std::int32_t v = base;
    for (int w = 0; w < (c + 31) / 32; w++)
      v += __builtin_popcount(steps[w]);
    return v;
  }
};

struct node;
using node_future = ito::future<node>;

// The value of a block's future.
struct node {
  bool leaf;
  // Intermediate block: its children other than X00.
  node_future x01, x10, x11;
  // Leaf with top-left cell (i+1, j+1): X(i+c, j..j+c) and X(i..i+c, j+c).
  edge bottom, right;
};
static_assert(sizeof(node) <= 192, "a future's value is at most 192 bytes");

// Consumers. Every block's future is get() by
//  * the block of its size just below it, as its T, if there is one: a
//    sibling (X00 -> X10, X01 -> X11) gets it as an argument, a cousin
//    (X10 -> X00 and X11 -> X01 of the parent's lower neighbour) finds it
//    among the children of its own T (T10, T11);
//  * the block of its size just to its right, as its L, likewise (X00 ->
//    X01, X10 -> X11 directly, X01 and X11 through L01 and L11);
//  * its parent, if it is an X00;
//  * the root task, if it is at the bottom-right corner of the table: the
//    answer is read by walking X11 down to the last leaf.
// Nobody else gets it: children travel only from T to the block below and
// from L to the block to the right, and a get() that only passes children on
// still counts once. The block (i, j) of size s is not at the bottom edge
// when i + s < N, not at the right edge when j + s < N.
int consumers_of(int i, int j, int s, bool x00) {
  const int n = prob.n;
  return (i + s < n) + (j + s < n) + (x00 ? 1 : 0) + (i + s == n && j + s == n);
}

// The leaf with top-left cell (i+1, j+1), from X(i, j..j+c) (top) and
// X(i..i+c, j) (left), by the classic DP a row at a time. Out of line, so
// that its arrays are not in the frame of a task that may suspend.
__attribute__((noinline)) node leaf(int i, int j, const edge &top,
                                    const edge &left) {
  const int c = prob.c;
  const unsigned char *a = prob.a.data() + i, *b = prob.b.data() + j;
  std::int32_t row[max_c + 1], west[max_c + 1], east[max_c + 1];
  top.decode(row, c);
  left.decode(west, c);
  east[0] = row[c];
  for (int r = 1; r <= c; r++) {
    const unsigned char ai = a[r - 1];
    std::int32_t diag = row[0];
    std::int32_t prev = west[r];
    row[0] = prev;
    for (int k = 1; k <= c; k++) {
      std::int32_t up = row[k];
      std::int32_t v = ai == b[k - 1] ? diag + 1 : (up > prev ? up : prev);
      diag = up;
      row[k] = v;
      prev = v;
    }
    east[r] = prev;
    // A thief on another node waits for this process's next poll; without
    // one, for the rest of the block (ito-c++ would put it here itself).
    ito::poll();
  }
  node out{};
  out.leaf = true;
  out.bottom.encode(row, c);
  out.right.encode(east, c);
  return out;
}

// Fig. 11: the block of size s with top-left cell (i+1, j+1), whose upper
// and left neighbours are t and l (empty at the edges of the table).
node lcs(int i, int j, node_future t, node_future l, int s) {
  if (s <= prob.c) {
    const edge top = t.valid() ? t.get().bottom : edge{};
    const edge left = l.valid() ? l.get().right : edge{};
    return leaf(i, j, top, left);
  }
  node_future t10, t11, l01, l11;
  if (t.valid()) {
    node v = t.get();
    t10 = v.x10;
    t11 = v.x11;
  }
  if (l.valid()) {
    node v = l.get();
    l01 = v.x01;
    l11 = v.x11;
  }
  const int h = s / 2;
  node_future x00 = ito::async(ito::consumers{consumers_of(i, j, h, true)}, lcs,
                               i, j, t10, l01, h);
  node_future x01 = ito::async(ito::consumers{consumers_of(i, j + h, h, false)},
                               lcs, i, j + h, t11, x00, h);
  node_future x10 = ito::async(ito::consumers{consumers_of(i + h, j, h, false)},
                               lcs, i + h, j, x00, l11, h);
  node_future x11 =
      ito::async(ito::consumers{consumers_of(i + h, j + h, h, false)}, lcs,
                 i + h, j + h, x01, x10, h);
  x00.get();
  return {false, x01, x10, x11, {}, {}};
}

// The root task: the whole table, then the chain of bottom-right blocks
// down to the last leaf, whose bottom row ends with X(N, N).
std::int32_t lcs_root() {
  node v = lcs(0, 0, node_future{}, node_future{}, prob.n);
  while (!v.leaf)
    v = v.x11.get();
  return v.bottom.last(prob.c);
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
      (argc > 2 && !bench::parse_int(argv[2], 8, max_c, c)) ||
      (argc > 3 && !bench::parse_int(argv[3], 1, 100000, repeats)) ||
      !is_pow2(n) || !is_pow2(c) || c > n)
    return bench::usage("lcs [N (power of 2, default 16384) [C (power of 2, "
                        "8 <= C <= min(N, 512), default 512) [R repeats "
                        "(default 5)]]]");

  // The same inputs on every process.
  prob.n = n;
  prob.c = c;
  std::mt19937 gen(12345);
  prob.a.resize(std::size_t(n));
  prob.b.resize(std::size_t(n));
  for (auto &x : prob.a)
    x = static_cast<unsigned char>(gen());
  for (auto &x : prob.b)
    x = static_cast<unsigned char>(gen());

  std::int32_t length = -1;
  auto times =
      bench::time_repeats(repeats, [&] { length = ito::root_exec(lcs_root); });

  // Only the master checks (the O(N^2) reference is as slow as a run); its
  // exit status is the job's.
  bool ok = true;
  if (ito::is_master())
    ok = length == lcs_reference(prob.a, prob.b);
  bench::result("lcs")
      .param("n", n)
      .param("c", c)
      .param("length", static_cast<long long>(length))
      .param("checksum", static_cast<long long>(length))
      .print(times, bench::yes_no(ok));
  return ok ? 0 : 1;
}
