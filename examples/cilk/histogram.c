/* histogram: letter frequencies of a generated text, counted by parallel
 * tasks into one reducer whose view is a table of counts, and the words in
 * the order they appear, collected by a list reducer (whose reduce is not
 * commutative: the list must come out in the text's order).
 * Usage: histogram [WORDS] [R]   (defaults: WORDS=200000, R=1) */
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/timing.h"

typedef struct {
  long count[26];
} table;

/* The reducers' operations are not static: a serial build leaves them
 * unused (cilk_reducer vanishes). */
void table_zero(void *v) { memset(v, 0, sizeof(table)); }
void table_add(void *left, void *right) {
  table *l = left, *r = right;
  for (int c = 0; c < 26; c++)
    l->count[c] += r->count[c];
}

/* The words whose letters sum to a multiple of 97, in text order. */
typedef struct chosen {
  long word;
  struct chosen *next;
} chosen;
typedef struct {
  chosen *head, *tail;
  long n;
} word_list;

void list_empty(void *v) { memset(v, 0, sizeof(word_list)); }
void list_concat(void *left, void *right) {
  word_list *l = left, *r = right;
  if (!r->head)
    return;
  if (l->tail)
    l->tail->next = r->head;
  else
    l->head = r->head;
  l->tail = r->tail;
  l->n += r->n;
}

static table cilk_reducer(table_zero, table_add) letters;
static word_list cilk_reducer(list_empty, list_concat) picked;

static char *text;
static long *starts;

/* Word w: 3..10 letters from a hash of w. */
static unsigned long mix(unsigned long x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdUL;
  x ^= x >> 33;
  return x;
}

static void count(long lo, long hi) {
  if (hi - lo <= 256) {
    for (long w = lo; w < hi; w++) {
      int sum = 0;
      for (const char *p = text + starts[w]; *p != ' '; p++) {
        letters.count[*p - 'a']++;
        sum += *p;
      }
      if (sum % 97 == 0) {
        chosen *c = malloc(sizeof *c);
        c->word = w;
        c->next = NULL;
        word_list *l = &picked;
        if (l->tail)
          l->tail->next = c;
        else
          l->head = c;
        l->tail = c;
        l->n++;
      }
    }
    return;
  }
  long mid = lo + (hi - lo) / 2;
  cilk_spawn count(lo, mid);
  count(mid, hi);
  cilk_sync;
}

int main(int argc, char **argv) {
  long words = argc > 1 ? atol(argv[1]) : 200000;
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  if (words < 1 || words > 50000000 || reps < 1 || reps > MAX_REPEATS) {
    fprintf(stderr, "usage: histogram [WORDS (1..5e7)] [repeats (1..%d)]\n",
            MAX_REPEATS);
    return 2;
  }
  text = malloc((size_t)words * 11 + 1);
  starts = malloc((size_t)words * sizeof *starts);
  long at = 0;
  for (long w = 0; w < words; w++) {
    unsigned long h = mix((unsigned long)w + 1);
    int len = 3 + (int)(h % 8);
    starts[w] = at;
    for (int i = 0; i < len; i++) {
      h = mix(h);
      text[at++] = (char)('a' + h % 26);
    }
    text[at++] = ' ';
  }
  text[at] = '\0';

  double times[MAX_REPEATS];
  long checksum = 0, total = 0, serial_total = 0, in_order = 1;
  for (int r = 0; r < reps; r++) {
    memset(&letters, 0, sizeof letters);
    while (picked.head) {
      chosen *c = picked.head;
      picked.head = c->next;
      free(c);
    }
    picked.tail = NULL;
    picked.n = 0;
    double t0 = now();
    count(0, words);
    times[r] = now() - t0;
  }
  for (int c = 0; c < 26; c++) {
    total += letters.count[c];
    checksum = checksum * 31 + letters.count[c];
  }
  for (long i = 0; i < at; i++)
    serial_total += text[i] != ' ';
  long previous = -1;
  for (chosen *c = picked.head; c; c = c->next) {
    in_order &= c->word > previous;
    previous = c->word;
    checksum = checksum * 31 + c->word;
  }
  int ok = total == serial_total && in_order;
  printf("%ld letters, e %ld, z %ld; %ld words picked\n", total,
         letters.count['e' - 'a'], letters.count['z' - 'a'], picked.n);
  printf("RESULT histogram time_s=%.6f verified=%s words=%ld letters=%ld "
         "picked=%ld checksum=%ld\n",
         median(times, reps), ok ? "yes" : "no", words, total, picked.n,
         checksum);
  return ok ? 0 : 1;
}
