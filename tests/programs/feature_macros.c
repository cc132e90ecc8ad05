// A program that asks for POSIX or GNU functions the usual way, by defining
// a feature-test macro before its first include: what ito-cc adds to a Cilk
// source must not include a C library header ahead of it (strdup, asprintf
// and qsort_r were undeclared before).
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-cc -std=c99 -DSTRICT_POSIX -O2 %s -o %t.posix
// RUN: %ito-run -n 2 %t.posix | diff %t.expected -
// RUN: %ito-cc -E %s -o %t.i
// RUN: %ito-cc -O2 %t.i -o %t.pre
// RUN: %ito-run -n 2 %t.pre | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: words 6 longest 'parallel' total 33

#ifdef STRICT_POSIX
#define _POSIX_C_SOURCE 200809L
#else
#define _GNU_SOURCE
#endif
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *text = "fork join steal parallel cache runtime";

static int by_length(const void *a, const void *b) {
  size_t la = strlen(*(char *const *)a), lb = strlen(*(char *const *)b);
  return (la < lb) - (la > lb);
}

static long weight(const char *w) {
  if (w[0] == 0)
    return 0;
  if (w[1] == 0)
    return 1;
  size_t half = strlen(w) / 2;
  char *left = strndup(w, half);
  long a = cilk_spawn weight(left);
  long b = weight(w + half);
  cilk_sync;
  free(left);
  return a + b;
}

int main(void) {
  char *copy = strdup(text), *save = NULL, *words[16];
  int n = 0;
  for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
    words[n++] = strdup(w);
  long lengths[16];
  cilk_for (int i = 0; i < n; i++)
    lengths[i] = weight(words[i]);
  long total = 0;
  for (int i = 0; i < n; i++)
    total += lengths[i];
  qsort(words, n, sizeof words[0], by_length);
  char *line = NULL;
#ifdef STRICT_POSIX
  line = strdup(words[0]);
#else
  if (asprintf(&line, "%s", words[0]) < 0)
    return 1;
#endif
  printf("words %d longest '%s' total %ld\n", n, line, total);
  free(line);
  for (int i = 0; i < n; i++)
    free(words[i]);
  free(copy);
  return 0;
}
