/* Reducer views (hyperobjects): what a lookup costs on the fast path, for
 * translated Cilk code and the reducer headers. No C library header.
 *
 * Each strand sees its own view of a reducer. The leftmost strand (no
 * continuation before it since the reducer's scope began was stolen) sees
 * the reducer itself: ito_sched_views is null there, and a lookup is a load
 * and a compare. A stolen continuation starts with no views; its first
 * lookup of a reducer makes one from the identity, and at the join the
 * runtime reduces the views in serial order (threads/views.cpp). */
#ifndef ITO_DETAIL_VIEWS_H
#define ITO_DETAIL_VIEWS_H

#include <stddef.h> /* the compiler's own */

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*ito_reducer_identity_fn)(void *view);
typedef void (*ito_reducer_reduce_fn)(void *left, void *right);

/* The running strand's views: null for the leftmost strand. */
extern void *ito_sched_views;

void *ito_views_lookup(void *key, size_t size, ito_reducer_identity_fn identity,
                       ito_reducer_reduce_fn reduce);
void ito_views_register(void *key, size_t size,
                        ito_reducer_identity_fn identity,
                        ito_reducer_reduce_fn reduce);
void ito_views_unregister(void *key);
/* Cilk Plus's C reducers, whose operations take the reducer first: monoid
 * is a __cilkrts_c_monoid (<cilk/cilk_api.h>), passed to them as the
 * reducer. */
void *ito_views_lookup_c(void *key, size_t size, void *monoid);
void ito_views_register_c(void *key, size_t size, void *monoid);

/* A translation unit that can use reducers tells the runtime so before
 * main, in every process: then the loop patterns split their ranges in
 * serial order (ito/detail/loop_affinity.h), as views combine in the order
 * of the fork. (Weak: a serial build has no libito.) */
void ito_views_in_program(void) __attribute__((weak));
#ifndef ITO_RUNTIME_SOURCE /* (libito's own sources are not the program) */
static void __attribute__((constructor, used)) ito_views_note_program(void) {
  if (ito_views_in_program)
    ito_views_in_program();
}
#endif

/* The view of the reducer at key for the running strand. */
static __inline__ void *ito_abi_view(void *key, size_t size,
                                     ito_reducer_identity_fn identity,
                                     ito_reducer_reduce_fn reduce) {
  if (__builtin_expect(ito_sched_views == 0, 1))
    return key;
  return ito_views_lookup(key, size, identity, reduce);
}

/* A reducer variable's scope begins: in a strand that is not the leftmost,
 * the variable itself is that strand's view of it. Returns key (for the
 * holder that unregisters it when the scope ends). */
static __inline__ void *
ito_abi_reducer_register(void *key, size_t size,
                         ito_reducer_identity_fn identity,
                         ito_reducer_reduce_fn reduce) {
  if (ito_sched_views)
    ito_views_register(key, size, identity, reduce);
  return key;
}

/* Its scope ends (the cleanup of the holder). */
static __inline__ void ito_abi_reducer_unregister(void **holder) {
  if (ito_sched_views)
    ito_views_unregister(*holder);
}

#ifdef __cplusplus
}
#endif

#endif /* ITO_DETAIL_VIEWS_H */
