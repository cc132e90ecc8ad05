/* nqueens: count the ways to place N queens on an N x N board, one spawn
 * per safe square of the next row. The board travels by value in a struct
 * (a child never points into its parent's stack), and each child's count
 * goes into the parent's own array, summed after the sync.
 * Usage: nqueens [N] [R]   (defaults: N=10, R=1) */
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/timing.h"

#define MAX_N 20

struct board {
  signed char col[MAX_N]; /* col[r]: the column of the queen in row r */
};

static int safe(const struct board *b, int row, int col) {
  for (int r = 0; r < row; r++) {
    int c = b->col[r];
    if (c == col || c - col == row - r || col - c == row - r)
      return 0;
  }
  return 1;
}

static long queens(struct board b, int n, int row) {
  if (row == n)
    return 1;
  long count[MAX_N];
  for (int col = 0; col < n; col++) {
    count[col] = 0;
    if (safe(&b, row, col)) {
      struct board next = b;
      next.col[row] = (signed char)col;
      count[col] = cilk_spawn queens(next, n, row + 1);
    }
  }
  cilk_sync;
  long total = 0;
  for (int col = 0; col < n; col++)
    total += count[col];
  return total;
}

static const long known[MAX_N + 1] = {
    1,      1,       0,        0,        2,         10,         4,
    40,     92,      352,      724,      2680,      14200,      73712,
    365596, 2279184, 14772512, 95815104, 666090624, 4968057848, 39029188884};

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  if (n < 1 || n > MAX_N || reps < 1 || reps > MAX_REPEATS) {
    fprintf(stderr, "usage: nqueens [N (1..%d)] [repeats (1..%d)]\n", MAX_N,
            MAX_REPEATS);
    return 2;
  }
  double times[MAX_REPEATS];
  long result = 0;
  for (int r = 0; r < reps; r++) {
    struct board empty = {{0}};
    double t0 = now();
    result = queens(empty, n, 0);
    times[r] = now() - t0;
  }
  int ok = result == known[n];
  printf("nqueens(%d) = %ld\n", n, result);
  printf("RESULT nqueens time_s=%.6f verified=%s n=%d solutions=%ld "
         "checksum=%ld\n",
         median(times, reps), ok ? "yes" : "no", n, result, result);
  return ok ? 0 : 1;
}
