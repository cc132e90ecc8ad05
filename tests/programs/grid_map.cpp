// C++ containers as an ordinary Cilk program passes them around: a 2-D grid
// as std::vector<std::vector<int>>, made in main and passed by reference
// through two levels of functions to a cilk_for over the rows (a game of
// life, generation by generation), and a std::map<int, int> that main
// fills and the tasks of a cilk_for look up.
// RUN: %ito-c++ --ito-no-translate -O2 -std=c++17 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-c++ -O2 -std=c++17 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: life 96x80 generations 20 alive {{[0-9]+}} hash {{[0-9]+}}
// CHECK-NEXT: map 5000 keys lookups 100000 found 10000 sum {{[0-9]+}}

#include <cilk/cilk.h>
#include <cstdio>
#include <map>
#include <vector>

using Grid = std::vector<std::vector<int>>;

static int neighbours(const Grid &g, int r, int c) {
  int rows = (int)g.size(), cols = (int)g[0].size(), n = 0;
  for (int dr = -1; dr <= 1; dr++)
    for (int dc = -1; dc <= 1; dc++)
      if (dr || dc)
        n += g[(r + dr + rows) % rows][(c + dc + cols) % cols];
  return n;
}

static void step_rows(const Grid &from, Grid &to) {
  cilk_for(size_t r = 0; r < from.size(); r++) {
    for (size_t c = 0; c < from[r].size(); c++) {
      int n = neighbours(from, (int)r, (int)c);
      to[r][c] = n == 3 || (n == 2 && from[r][c]);
    }
  }
}

static void run(Grid &grid, Grid &scratch, int generations) {
  for (int g = 0; g < generations; g++) {
    step_rows(grid, scratch);
    grid.swap(scratch);
  }
}

static long lookups(const std::map<int, int> &m, int lo, int hi) {
  if (hi - lo <= 2000) {
    long s = 0;
    for (int k = lo; k < hi; k++) {
      auto it = m.find(k);
      if (it != m.end())
        s += it->second;
    }
    return s;
  }
  int mid = lo + (hi - lo) / 2;
  long a = cilk_spawn lookups(m, lo, mid);
  long b = lookups(m, mid, hi);
  cilk_sync;
  return a + b;
}

int main() {
  const int rows = 96, cols = 80;
  Grid grid(rows, std::vector<int>(cols, 0));
  Grid scratch(rows, std::vector<int>(cols, 0));
  unsigned s = 12345;
  for (auto &row : grid)
    for (auto &cell : row) {
      s = s * 1103515245u + 12345u;
      cell = (s >> 16) % 3 == 0;
    }
  run(grid, scratch, 20);
  long alive = 0;
  unsigned long hash = 0;
  for (const auto &row : grid)
    for (int cell : row) {
      alive += cell;
      hash = hash * 3 + cell;
    }
  std::printf("life %dx%d generations 20 alive %ld hash %lu\n", rows, cols,
              alive, hash);

  std::map<int, int> squares;
  for (int k = 0; k < 100000; k += 20)
    squares[k] = k / 20 * (k / 20);
  std::vector<long> part(4);
  cilk_for(int q = 0; q < 4; q++) part[q] =
      lookups(squares, q * 25000, (q + 1) * 25000);
  long found = 0;
  for (int k = 0; k < 100000; k++)
    found += squares.count(k - k % 2) > 0 && k % 20 < 2;
  std::printf("map %zu keys lookups 100000 found %ld sum %ld\n", squares.size(),
              found, part[0] + part[1] + part[2] + part[3]);
  return 0;
}
