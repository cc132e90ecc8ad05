// Struct-heavy C: an array of particles on the heap that a cilk_for steps
// (each iteration its own element), a linked list built serially and
// processed by recursive spawns that split it in halves, and a binary tree
// built in parallel (children malloc their nodes), summed and freed in
// parallel.
// RUN: %ito-cc --ito-no-translate -O2 %s -o %t.serial
// RUN: %t.serial > %t.expected
// RUN: %ito-cc -O2 %s -o %t
// RUN: %ito-run -n 1 %t | diff %t.expected -
// RUN: %ito-run -n 2 %t | diff %t.expected -
// RUN: %ito-run -n 4 %t | diff %t.expected -
// RUN: %ito-run -n 2 --internode %t | diff %t.expected -
// RUN: %ito-run -n 4 --internode %t | diff %t.expected -
// RUN: FileCheck %s --input-file=%t.expected
// CHECK: particles 4096 steps 10 energy {{[0-9]+}} in-box 4096
// CHECK-NEXT: list 30000 sum 449985000 max 29999 evens 15000
// CHECK-NEXT: tree depth 14 nodes 32767 leaves 16384 sum 536854528 freed 32767

#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

struct particle {
  double x, y, vx, vy;
  int bounces;
  char tag[12];
};

struct node {
  long value;
  struct node *next;
};

struct stats {
  long sum, max, evens;
};

struct tree {
  long key;
  struct tree *left, *right;
};

static void step(struct particle *p) {
  p->x += p->vx;
  p->y += p->vy;
  if (p->x < 0 || p->x > 100) {
    p->vx = -p->vx;
    p->x = p->x < 0 ? -p->x : 200 - p->x;
    p->bounces++;
  }
  if (p->y < 0 || p->y > 100) {
    p->vy = -p->vy;
    p->y = p->y < 0 ? -p->y : 200 - p->y;
    p->bounces++;
  }
}

static struct stats walk(struct node *head, long len) {
  if (len <= 100) {
    struct stats s = {0, -1, 0};
    for (long i = 0; i < len; i++, head = head->next) {
      s.sum += head->value;
      s.max = head->value > s.max ? head->value : s.max;
      s.evens += head->value % 2 == 0;
    }
    return s;
  }
  struct node *mid = head;
  for (long i = 0; i < len / 2; i++)
    mid = mid->next;
  struct stats a = cilk_spawn walk(head, len / 2);
  struct stats b = walk(mid, len - len / 2);
  cilk_sync;
  a.sum += b.sum;
  a.max = b.max > a.max ? b.max : a.max;
  a.evens += b.evens;
  return a;
}

static struct tree *build(int depth, long key) {
  struct tree *t = malloc(sizeof *t);
  t->key = key;
  if (depth == 0) {
    t->left = t->right = NULL;
    return t;
  }
  t->left = cilk_spawn build(depth - 1, 2 * key);
  t->right = build(depth - 1, 2 * key + 1);
  cilk_sync;
  return t;
}

static long tree_sum(const struct tree *t, long *leaves) {
  if (!t->left) {
    (*leaves)++;
    return t->key;
  }
  long nl = 0, nr = 0;
  long a = cilk_spawn tree_sum(t->left, &nl);
  long b = tree_sum(t->right, &nr);
  cilk_sync;
  *leaves += nl + nr;
  return a + b + t->key;
}

static long destroy(struct tree *t) {
  if (!t)
    return 0;
  long a = cilk_spawn destroy(t->left);
  long b = destroy(t->right);
  cilk_sync;
  free(t);
  return a + b + 1;
}

int main(void) {
  int n = 4096;
  struct particle *ps = malloc(n * sizeof *ps);
  for (int i = 0; i < n; i++) {
    ps[i] = (struct particle){i % 97, i % 89, (i % 7) - 3.0, (i % 5) - 2.5, 0};
    snprintf(ps[i].tag, sizeof ps[i].tag, "p%d", i);
  }
  for (int s = 0; s < 10; s++)
    cilk_for(int i = 0; i < n; i++) step(&ps[i]);
  double energy = 0;
  int in_box = 0;
  for (int i = 0; i < n; i++) {
    energy += ps[i].vx * ps[i].vx + ps[i].vy * ps[i].vy + ps[i].bounces;
    in_box += ps[i].x >= 0 && ps[i].x <= 100 && ps[i].y >= 0 &&
              ps[i].y <= 100 && atoi(ps[i].tag + 1) == i;
  }
  printf("particles %d steps 10 energy %.0f in-box %d\n", n, energy, in_box);

  struct node *head = NULL;
  long len = 30000;
  for (long i = len - 1; i >= 0; i--) {
    struct node *nd = malloc(sizeof *nd);
    nd->value = i;
    nd->next = head;
    head = nd;
  }
  struct stats st = walk(head, len);
  printf("list %ld sum %ld max %ld evens %ld\n", len, st.sum, st.max, st.evens);
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }

  struct tree *t = build(14, 1);
  long leaves = 0;
  long sum = tree_sum(t, &leaves);
  long freed = destroy(t);
  printf("tree depth 14 nodes %ld leaves %ld sum %ld freed %ld\n", freed,
         leaves, sum, freed);
  free(ps);
  return 0;
}
