// Tasks use FILE streams that another task opened: a file-scope `FILE *log`
// that main opens and every leaf of a divide-and-conquer writes to with
// fprintf, fputs, fputc and fwrite; a second stream opened by one spawned
// task and written by main after the sync, then closed by main; a third,
// an input file main opened, read line by line with fgets by the tasks of
// a cilk_for (whichever reads a line handles it). The file's lines in
// serial order (which lines parallel tasks write is theirs to interleave):
// the header before the phase, the footer after it, each item once.
// Before, a task that ran in another process than the opener lost its
// lines (its descriptor numbers are the opener's) or wrote into whatever
// that process had open under the same number.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial %t.s %S/Inputs/queries.txt > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t %t.1 %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 2 %t %t.2 %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 4 %t %t.4 %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t %t.2i %S/Inputs/queries.txt | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t %t.4i %S/Inputs/queries.txt | diff %t.expected -
// CHECK: log: lines 804 header first 1 middle after items 1 footer last 1 items ok 400 chars 400
// CHECK: side: lines 3 first "side opened" last "side closed by main"
// CHECK: input: lines 8 sum 183

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 400

static FILE *log_file;
static FILE *side;
static FILE *input;

static long work(int i) {
  long s = 0;
  for (int k = 0; k < 20000 + i * 50; k++)
    s += (k * 7 + i) % 13;
  return s;
}

static void items(int lo, int hi) {
  if (hi - lo == 1) {
    long w = work(lo);
    fprintf(log_file, "item %d %ld\n", lo, w);
    return;
  }
  int mid = (lo + hi) / 2;
  cilk_spawn items(lo, mid);
  items(mid, hi);
  cilk_sync;
}

static void open_side(const char *path) {
  side = fopen(path, "w");
  if (!side) {
    perror(path);
    exit(1);
  }
  fputs("side opened\n", side);
}

// Each iteration reads the next line, if any: the serial program reads
// them in order, a parallel run in any order, and the sum is the same.
static void line_sum(long *values, int n) {
  cilk_for (int i = 0; i < n; i++) {
    char line[64];
    work(i);
    values[i] = fgets(line, sizeof line, input) ? atol(line) : -1;
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s LOG INPUT\n", argv[0]);
    return 2;
  }
  char side_path[4096];
  snprintf(side_path, sizeof side_path, "%s.side", argv[1]);

  log_file = fopen(argv[1], "w");
  if (!log_file) {
    perror(argv[1]);
    return 1;
  }
  fprintf(log_file, "header\n");
  items(0, N);
  fputs("middle\n", log_file);
  cilk_for (int i = 0; i < N; i++) {
    fputc('c', log_file);
    fwrite(" char\n", 1, 6, log_file);
  }
  // The side stream is opened by the continuation of a spawn (in a
  // parallel run, by whichever process stole it).
  cilk_spawn items(N, N + 1);
  open_side(side_path);
  cilk_sync;
  fprintf(side, "written by main\n");
  fprintf(log_file, "footer\n");
  fclose(log_file);
  fputs("side closed by main\n", side);
  fclose(side);

  input = fopen(argv[2], "r");
  if (!input) {
    perror(argv[2]);
    return 1;
  }
  long values[32];
  line_sum(values, 32);
  fclose(input);
  long sum = 0;
  int read = 0;
  for (int i = 0; i < 32; i++)
    if (values[i] >= 0) {
      sum += values[i];
      read++;
    }

  // Check the log.
  FILE *in = fopen(argv[1], "r");
  char line[256];
  int lines = 0, header_first = 0, middle_at = -1, footer_last = 0;
  int last_item_at = -1, first_char_at = -1, chars = 0, bad = 0;
  char *seen = calloc(N + 1, 1);
  while (fgets(line, sizeof line, in)) {
    if (lines == 0 && strcmp(line, "header\n") == 0)
      header_first = 1;
    if (strcmp(line, "middle\n") == 0)
      middle_at = lines;
    int i;
    long w;
    if (sscanf(line, "item %d %ld", &i, &w) == 2) {
      if (i < 0 || i > N || seen[i] || w != work(i))
        bad++;
      else
        seen[i] = 1;
      if (i < N)
        last_item_at = lines;
    }
    // Each iteration writes 'c' and " char\n" in two calls, which
    // parallel ones may interleave: count the c's that are not in "char".
    if (strstr(line, "char")) {
      for (const char *p = line; *p; p++)
        chars += *p == 'c';
      for (const char *p = line; (p = strstr(p, "char")); p++)
        chars--;
      if (first_char_at < 0)
        first_char_at = lines;
    }
    footer_last = strcmp(line, "footer\n") == 0;
    lines++;
  }
  fclose(in);
  int items_ok = 0;
  for (int i = 0; i <= N; i++)
    items_ok += seen[i];
  printf("log: lines %d header first %d middle after items %d footer last %d "
         "items ok %d chars %d\n",
         lines, header_first,
         middle_at > last_item_at && middle_at < first_char_at, footer_last,
         bad ? -bad : items_ok - 1, chars);

  in = fopen(side_path, "r");
  char first[256] = "", last[256] = "";
  int side_lines = 0;
  while (fgets(line, sizeof line, in)) {
    line[strcspn(line, "\n")] = 0;
    if (side_lines++ == 0)
      strcpy(first, line);
    strcpy(last, line);
  }
  fclose(in);
  printf("side: lines %d first \"%s\" last \"%s\"\n", side_lines, first, last);
  printf("input: lines %d sum %ld\n", read, sum);
  return 0;
}
