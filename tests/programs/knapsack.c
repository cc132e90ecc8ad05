// 0/1 knapsack by branch and bound in the style of the Cilk-5 knapsack
// benchmark: the items in a file-scope array main fills and sorts by
// value per weight, each level spawning the "take it" and "leave it"
// branches, a branch pruned when its fractional upper bound cannot beat
// best_so_far. The original updated best_so_far from the children, a race;
// here children only read it and return their best, and main sets it from
// a greedy solution before the search and from the result after it. The
// answer is checked against a dynamic-programming solution.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: knapsack items 44 capacity {{[0-9]+}} greedy {{[0-9]+}} best
// CHECK-SAME: {{[0-9]+}} dp {{[0-9]+}} ok

#include <cilk/cilk.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

struct item {
  int value;
  int weight;
};

#define MAX_ITEMS 64
struct item items[MAX_ITEMS];
int n_items;
int best_so_far = INT_MIN;

static int compare(const void *a, const void *b) {
  const struct item *x = a, *y = b;
  // by value per weight, best first
  long l = (long)y->value * x->weight, r = (long)x->value * y->weight;
  return l < r ? -1 : l > r ? 1 : 0;
}

// The best value reachable from items e[0..n) with capacity c, having
// already packed value v; INT_MIN if none beats best_so_far.
static int knapsack(struct item *e, int c, int n, int v) {
  if (c < 0)
    return INT_MIN;
  if (n == 0 || c == 0)
    return v;
  double ub = (double)v + (double)c * e->value / e->weight;
  if (ub < best_so_far)
    return INT_MIN;
  int with = cilk_spawn knapsack(e + 1, c - e->weight, n - 1, v + e->value);
  int without = knapsack(e + 1, c, n - 1, v);
  cilk_sync;
  return with > without ? with : without;
}

int main(void) {
  n_items = 44;
  unsigned s = 5;
  int total_weight = 0;
  for (int i = 0; i < n_items; i++) {
    s = s * 1103515245u + 12345u;
    items[i].weight = 10 + (int)((s >> 16) % 50);
    s = s * 1103515245u + 12345u;
    items[i].value = items[i].weight + (int)((s >> 16) % 20);
    total_weight += items[i].weight;
  }
  int capacity = total_weight / 2;
  qsort(items, n_items, sizeof(struct item), compare);

  int greedy = 0, room = capacity;
  for (int i = 0; i < n_items; i++)
    if (items[i].weight <= room) {
      room -= items[i].weight;
      greedy += items[i].value;
    }
  best_so_far = greedy;
  int best = knapsack(items, capacity, n_items, 0);
  if (best > best_so_far)
    best_so_far = best;

  int *dp = calloc(capacity + 1, sizeof(int));
  for (int i = 0; i < n_items; i++)
    for (int c = capacity; c >= items[i].weight; c--)
      if (dp[c - items[i].weight] + items[i].value > dp[c])
        dp[c] = dp[c - items[i].weight] + items[i].value;
  printf("knapsack items %d capacity %d greedy %d best %d dp %d %s\n", n_items,
         capacity, greedy, best_so_far, dp[capacity],
         best_so_far == dp[capacity] ? "ok" : "WRONG");
  free(dp);
  return 0;
}
