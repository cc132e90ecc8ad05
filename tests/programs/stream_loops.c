// Loops that read or write a stream and spawn a task per item, in a
// function of their own: the loop is the continuation, which another
// process may steal and go on with, while the stream (and its descriptor)
// stays with the process that opened it. Readers: getline, getc_unlocked,
// getw, fgetwc and readdir; writers: putc_unlocked, putw and fputwc. At -O2
// the C library's headers make getline, getc_unlocked and putc_unlocked
// inline code that uses the descriptor directly; ito-cc compiles them as
// calls. Before, lines and records were lost or garbled at np 2 (getline:
// 1041 of 2000 lines; readdir: 1169 of 3000 entries), and getline on
// standard input in a helper waited forever on another process's input.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %t.serial > %t.expected
// RUN: FileCheck %s --input-file=%t.expected
// RUN: %ito-cc -O2 -Werror %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 2 %t | diff %t.expected -
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 4 %t | diff %t.expected -
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ito-run -n 3 --internode %t | diff %t.expected -
// RUN: seq 1 40 | %ito-run -n 2 %t stdin | FileCheck --check-prefix=STDIN %s
// RUN: seq 1 40 | %ito-run -n 2 --internode %t stdin | FileCheck --check-prefix=STDIN %s
// CHECK: getline 3000 4498500
// CHECK-NEXT: getc_unlocked 3000 4498500
// CHECK-NEXT: getw 3000 4498500
// CHECK-NEXT: fgetwc 3000 4498500
// CHECK-NEXT: readdir 4000 7998000
// CHECK-NEXT: putc_unlocked 3000 ok
// CHECK-NEXT: putw 3000 ok
// CHECK-NEXT: fputwc 3000 ok
// STDIN: stdin 40 lines 2016 each, sum of lines 820

#define _GNU_SOURCE
#include <cilk/cilk.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <wchar.h>

#define N 3000

static long seen[4000];
static volatile unsigned sink;

static void work(long v, long *out) {
  unsigned x = (unsigned)v;
  for (int k = 0; k < 20000; k++)
    x = x * 1103515245u + 12345u;
  sink = x;
  *out = v;
}

static void report(const char *how, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += seen[i];
  printf("%s %d %ld\n", how, n, s);
  memset(seen, 0, sizeof seen);
}

static int by_getline(const char *path) {
  FILE *f = fopen(path, "r");
  char *line = NULL;
  size_t cap = 0;
  int n = 0;
  while (getline(&line, &cap, f) > 0) {
    cilk_spawn work(atol(line), &seen[n]);
    n++;
  }
  cilk_sync;
  free(line);
  fclose(f);
  return n;
}

static int by_getc_unlocked(const char *path) {
  FILE *f = fopen(path, "r");
  int n = 0, c;
  long v = 0;
  while ((c = getc_unlocked(f)) != EOF) {
    if (c != '\n') {
      v = v * 10 + (c - '0');
      continue;
    }
    cilk_spawn work(v, &seen[n]);
    n++;
    v = 0;
  }
  cilk_sync;
  fclose(f);
  return n;
}

static int by_getw(const char *path) {
  FILE *f = fopen(path, "rb");
  int n = 0, w;
  while ((w = getw(f)) != EOF || !feof(f)) {
    cilk_spawn work(w, &seen[n]);
    n++;
  }
  cilk_sync;
  fclose(f);
  return n;
}

static int by_fgetwc(const char *path) {
  FILE *f = fopen(path, "r");
  int n = 0;
  wint_t c;
  long v = 0;
  while ((c = fgetwc(f)) != WEOF) {
    if (c != L'\n') {
      v = v * 10 + (long)(c - L'0');
      continue;
    }
    cilk_spawn work(v, &seen[n]);
    n++;
    v = 0;
  }
  cilk_sync;
  fclose(f);
  return n;
}

static int by_readdir(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  int n = 0;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    cilk_spawn work(atol(e->d_name), &seen[n]);
    n++;
  }
  cilk_sync;
  closedir(d);
  return n;
}

// Writers: each value written after a task for it was spawned.
static void write_putc_unlocked(const char *path) {
  FILE *f = fopen(path, "w");
  for (int i = 0; i < N; i++) {
    cilk_spawn work(i, &seen[i]);
    char text[16];
    snprintf(text, sizeof text, "%d\n", i);
    for (char *p = text; *p; p++)
      putc_unlocked(*p, f);
  }
  cilk_sync;
  fclose(f);
}

static void write_putw(const char *path) {
  FILE *f = fopen(path, "wb");
  for (int i = 0; i < N; i++) {
    cilk_spawn work(i, &seen[i]);
    putw(i, f);
  }
  cilk_sync;
  fclose(f);
}

static void write_fputwc(const char *path) {
  FILE *f = fopen(path, "w");
  for (int i = 0; i < N; i++) {
    cilk_spawn work(i, &seen[i]);
    wchar_t text[16];
    swprintf(text, 16, L"%d\n", i);
    for (wchar_t *p = text; *p; p++)
      fputwc(*p, f);
  }
  cilk_sync;
  fclose(f);
}

// The written file holds 0..N-1, one a line (binary: one int each).
static const char *check(const char *path, int binary) {
  FILE *f = fopen(path, binary ? "rb" : "r");
  int i = 0, v;
  if (binary) {
    while (fread(&v, sizeof v, 1, f) == 1 && v == i)
      i++;
  } else {
    while (fscanf(f, "%d", &v) == 1 && v == i)
      i++;
  }
  fclose(f);
  return i == N ? "ok" : "wrong";
}

// A query loop over standard input in a helper: each query a parallel
// call, after which the loop may go on in another process.
static long sum(int lo, int hi, long q) {
  if (hi - lo == 1) {
    long v;
    work(lo, &v);
    return v;
  }
  int mid = (lo + hi) / 2;
  long a = cilk_spawn sum(lo, mid, q);
  long b = sum(mid, hi, q);
  cilk_sync;
  return a + b;
}

static void queries(void) {
  char *line = NULL;
  size_t cap = 0;
  int n = 0;
  long lines = 0, each = -1;
  while (getline(&line, &cap, stdin) > 0) {
    long s = sum(0, 64, atol(line));
    each = n == 0 || s == each ? s : -1;
    lines += atol(line);
    n++;
  }
  free(line);
  printf("stdin %d lines %ld each, sum of lines %ld\n", n, each, lines);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "stdin") == 0) {
    queries();
    return 0;
  }
  FILE *f = fopen("numbers.txt", "w");
  FILE *b = fopen("numbers.bin", "wb");
  for (int i = 0; i < N; i++) {
    fprintf(f, "%d\n", i);
    fwrite(&i, sizeof i, 1, b);
  }
  fclose(f);
  fclose(b);
  mkdir("entries", 0700);
  for (int i = 0; i < 4000; i++) {
    char path[64];
    snprintf(path, sizeof path, "entries/%d", i);
    fclose(fopen(path, "w"));
  }

  report("getline", by_getline("numbers.txt"));
  report("getc_unlocked", by_getc_unlocked("numbers.txt"));
  report("getw", by_getw("numbers.bin"));
  report("fgetwc", by_fgetwc("numbers.txt"));
  report("readdir", by_readdir("entries"));

  write_putc_unlocked("out1.txt");
  printf("putc_unlocked %d %s\n", N, check("out1.txt", 0));
  write_putw("out2.bin");
  printf("putw %d %s\n", N, check("out2.bin", 1));
  write_fputwc("out3.txt");
  printf("fputwc %d %s\n", N, check("out3.txt", 0));
  return 0;
}
