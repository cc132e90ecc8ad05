/* The parts of OpenCilk's <cilk/cilk_api.h> that mean something under ito:
 * a "worker" is a process. Usable in a serial build too (without libito):
 * then there is one worker. */
#ifndef ITO_CILK_CILK_API_H
#define ITO_CILK_CILK_API_H

#ifdef __cplusplus
extern "C" {
#endif

/* Weak, so that a serial build links without libito. */
int ito_is_initialized(void) __attribute__((weak));
int ito_n_ranks(void) __attribute__((weak));
int ito_rank(void) __attribute__((weak));

/* The number of workers: the processes of the job. */
static __inline__ unsigned __cilkrts_get_nworkers(void) {
  return ito_is_initialized && ito_is_initialized() ? (unsigned)ito_n_ranks()
                                                    : 1u;
}

/* The worker running the caller: this process's rank. */
static __inline__ unsigned __cilkrts_get_worker_number(void) {
  return ito_is_initialized && ito_is_initialized() ? (unsigned)ito_rank()
                                                    : 0u;
}

/* OpenCilk's run-time parameters. The number of workers is the number of
 * processes (ito-run -n), fixed for the job: setting "nworkers" succeeds and
 * changes nothing, as OpenCilk's does once its runtime runs. Other
 * parameters mean nothing here: nonzero, as OpenCilk answers one it does
 * not know. */
static __inline__ int __cilkrts_set_param(const char *param,
                                          const char *value) {
  (void)value;
  return __builtin_strcmp(param, "nworkers") == 0 ? 0 : 1;
}

/* Intel Cilk Plus: the runtime starts and stops with the job. */
static __inline__ void __cilkrts_init(void) {}
static __inline__ void __cilkrts_end_cilk(void) {}
static __inline__ int __cilkrts_get_total_workers(void) {
  return (int)__cilkrts_get_nworkers();
}

/* OpenCilk's pedigrees (a strand's position in the spawn tree) and the
 * deterministic random numbers built on them: ito does not track them, and
 * a program that uses them is told so when it compiles. */
typedef struct __cilkrts_pedigree {
  unsigned long long rank;
  const struct __cilkrts_pedigree *parent;
} __cilkrts_pedigree;
__cilkrts_pedigree __cilkrts_get_pedigree(void) __attribute__((unavailable(
    "ito does not track pedigrees (a strand's place in the spawn tree)")));
void __cilkrts_bump_worker_rank(void) __attribute__((unavailable(
    "ito does not track pedigrees (a strand's place in the spawn tree)")));
unsigned long long __cilkrts_get_dprand(void) __attribute__((unavailable(
    "ito does not track pedigrees, on which deterministic random numbers "
    "rest; use a generator seeded per task")));

/* OpenCilk's reducers made at run time: a key (the reducer's address), the
 * size of a view, and how views are made and combined. A lookup gives the
 * running strand's view. (Weak, so that a serial build needs no libito:
 * there every reducer is its own view.) */
typedef void (*__cilk_identity_fn)(void *);
typedef void (*__cilk_reduce_fn)(void *, void *);
extern void *ito_sched_views __attribute__((weak));
void *ito_views_lookup(void *key, __SIZE_TYPE__ size,
                       __cilk_identity_fn identity, __cilk_reduce_fn reduce)
    __attribute__((weak));
void ito_views_register(void *key, __SIZE_TYPE__ size,
                        __cilk_identity_fn identity, __cilk_reduce_fn reduce)
    __attribute__((weak));
void ito_views_unregister(void *key) __attribute__((weak));
/* Stops the program with a message unless its allocations are global
 * memory (a Cilk program's are), where views must be. */
void ito_views_need_global_heap(void) __attribute__((weak));
/* This translation unit can use reducers: the loop patterns split their
 * ranges in serial order (ito/detail/loop_affinity.h), before main. */
void ito_views_in_program(void) __attribute__((weak));
#ifndef ITO_RUNTIME_SOURCE /* (libito's own sources are not the program) */
static void __attribute__((constructor, used)) __ito_views_note_program(void) {
  if (ito_views_in_program)
    ito_views_in_program();
}
#endif

/* Cilk Plus's C reducers (<cilk/reducer.h>): each operation takes the
 * reducer first (the monoid, at the start of a CILK_C_DECLARE_REDUCER
 * struct), and the right view is destroyed after each reduce. */
typedef struct __cilkrts_c_monoid {
  void (*reduce_fn)(void *reducer, void *left, void *right);
  void (*identity_fn)(void *reducer, void *view);
  void (*destroy_fn)(void *reducer, void *view);
} __cilkrts_c_monoid;
void *ito_views_lookup_c(void *key, __SIZE_TYPE__ size, void *monoid)
    __attribute__((weak));
void ito_views_register_c(void *key, __SIZE_TYPE__ size, void *monoid)
    __attribute__((weak));

static __inline__ void __cilkrts_c_reducer_register(__cilkrts_c_monoid *monoid,
                                                    void *view,
                                                    __SIZE_TYPE__ size) {
  if (&ito_sched_views && ito_sched_views) {
    ito_views_need_global_heap();
    ito_views_register_c(view, size, monoid);
  }
}
static __inline__ void *__cilkrts_c_reducer_lookup(__cilkrts_c_monoid *monoid,
                                                   void *view,
                                                   __SIZE_TYPE__ size) {
  if (!&ito_sched_views || !ito_sched_views)
    return view;
  ito_views_need_global_heap();
  return ito_views_lookup_c(view, size, monoid);
}

static __inline__ void __cilkrts_reducer_register(void *key, __SIZE_TYPE__ size,
                                                  __cilk_identity_fn identity,
                                                  __cilk_reduce_fn reduce) {
  if (&ito_sched_views && ito_sched_views) {
    ito_views_need_global_heap();
    ito_views_register(key, size, identity, reduce);
  }
}
static __inline__ void __cilkrts_reducer_unregister(void *key) {
  if (&ito_sched_views && ito_sched_views)
    ito_views_unregister(key);
}
static __inline__ void *__cilkrts_reducer_lookup(void *key, __SIZE_TYPE__ size,
                                                 void *identity, void *reduce) {
  if (!&ito_sched_views || !ito_sched_views)
    return key;
  ito_views_need_global_heap();
  return ito_views_lookup(key, size, (__cilk_identity_fn)identity,
                          (__cilk_reduce_fn)reduce);
}

#ifdef __cplusplus
}
#endif

#endif /* ITO_CILK_CILK_API_H */
