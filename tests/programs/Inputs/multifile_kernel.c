// The kernel of multifile.c (and multifile_plain_main.c): a parallel count
// of the n-queens solutions with a cutoff below which the search is serial.
// `board_size` is this file's and main sets it; `cutoff_depth` and `weight`
// are the main file's, read here through extern.
#include <cilk/cilk.h>
#include <stdlib.h>
#include <string.h>

int board_size;          // set by main before the kernel runs
extern int cutoff_depth; // defined in the main file
extern long weight;      // defined in the main file
long kernel_calls;       // written by main only

static int ok(const char *cols, int row, int col) {
  for (int r = 0; r < row; r++) {
    int c = cols[r];
    if (c == col || c - col == r - row || c - col == row - r)
      return 0;
  }
  return 1;
}

static long serial_count(char *cols, int row) {
  if (row == board_size)
    return weight;
  long n = 0;
  for (int c = 0; c < board_size; c++)
    if (ok(cols, row, c)) {
      cols[row] = (char)c;
      n += serial_count(cols, row + 1);
    }
  return n;
}

static long count(const char *prefix, int row) {
  if (row >= cutoff_depth) {
    char cols[32];
    memcpy(cols, prefix, (size_t)row);
    return serial_count(cols, row);
  }
  long *sub = malloc((size_t)board_size * sizeof *sub);
  char *next = malloc((size_t)board_size * 32);
  for (int c = 0; c < board_size; c++) {
    sub[c] = 0;
    if (!ok(prefix, row, c))
      continue;
    memcpy(next + 32 * c, prefix, (size_t)row);
    next[32 * c + row] = (char)c;
    sub[c] = cilk_spawn count(next + 32 * c, row + 1);
  }
  cilk_sync;
  long n = 0;
  for (int c = 0; c < board_size; c++)
    n += sub[c];
  free(sub);
  free(next);
  return n;
}

long queens(void) {
  char empty[32] = {0};
  return count(empty, 0);
}
