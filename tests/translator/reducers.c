// Every use of a reducer becomes the running strand's view of it, with the
// operations its type was written with (directly, through a typedef, for a
// field, through a pointer to a reducer, `p->n` for a struct reducer); where the reducer itself is meant
// (its address given to a pointer to a reducer, sizeof) it stays. Taking
// its address for a pointer to the view type takes the view's. A local
// reducer registers for its scope (here promoted: walk's tasks reach it);
// a file-scope one does not. (Comment
// lines are dropped from the translation, so that no pattern matches its
// own CHECK line.)
// RUN: %ito-translate %s -- -I %ito-include | grep -v '^ *//' | FileCheck %s

#include <cilk/cilk.h>

static void zero(void *v) { *(long *)v = 0; }
static void plus(void *l, void *r) { *(long *)l += *(long *)r; }

typedef long cilk_reducer(zero, plus) sum_t;

static long cilk_reducer(zero, plus) total;

struct acc {
  long cilk_reducer(zero, plus) n;
};

typedef struct {
  long n, s;
} pair_t;
void pair_zero(void *v);
void pair_add(void *l, void *r);

void view_of(long *p);
void reducer_of(sum_t *p);

// CHECK-LABEL: void walk(int n, sum_t *s, struct acc *a,
// CHECK: (*({ __auto_type __ito_p = &(*s); (__typeof__(*__ito_p) *)ito_abi_view((void *)__ito_p, sizeof *__ito_p, (ito_reducer_identity_fn)(zero), (ito_reducer_reduce_fn)(plus)); })) += n;
// CHECK-NEXT: (*({ __auto_type __ito_p = &(a->n); {{.*}}(ito_reducer_identity_fn)(zero), (ito_reducer_reduce_fn)(plus)); }))++;
// CHECK-NEXT: (*({ __auto_type __ito_p = &(total); {{.*}} })) = (*({ __auto_type __ito_p = &(total); {{.*}} })) + 1;
// CHECK-NEXT: reducer_of(&total);
// CHECK-NEXT: view_of(&(*({ __auto_type __ito_p = &(total); {{.*}} })));
// CHECK-NEXT: (void)sizeof total;
// CHECK-NEXT: ({ __auto_type __ito_p = (p); (__typeof__(*__ito_p) *)ito_abi_view((void *)__ito_p, sizeof *__ito_p, (ito_reducer_identity_fn)(pair_zero), (ito_reducer_reduce_fn)(pair_add)); })->n++;
void walk(int n, sum_t *s, struct acc *a,
          pair_t cilk_reducer(pair_zero, pair_add) *p) {
  if (n < 2) {
    *s += n;
    a->n++;
    total = total + 1;
    reducer_of(&total);
    view_of(&total);
    (void)sizeof total;
    p->n++;
    return;
  }
  cilk_spawn walk(n - 1, s, a, p);
  walk(n - 2, s, a, p);
  cilk_sync;
}

// CHECK-LABEL: long run(void) {
// CHECK-NEXT: {{.*}} *__ito_p_mine = 100; void *__ito_r_mine __attribute__((cleanup(ito_abi_reducer_unregister))) = ito_abi_reducer_register((void *)&(*__ito_p_mine), sizeof (*__ito_p_mine), (ito_reducer_identity_fn)(zero), (ito_reducer_reduce_fn)(plus));
// CHECK: return (*({ __auto_type __ito_p = &((*__ito_p_mine)); {{.*}}(ito_reducer_identity_fn)(zero), (ito_reducer_reduce_fn)(plus)); }));
long run(void) {
  sum_t mine = 100;
  struct acc a;
  walk(10, &mine, &a, 0);
  return mine;
}
