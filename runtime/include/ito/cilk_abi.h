/* The interface between code that ito-translate generates from Cilk C and
 * libito. Not for hand-written programs (use ito.h): names and layouts may
 * change between versions. Every fast path is inline, as in the C++ API.
 *
 * A spawn site keeps an ito_abi_spawn in its parent's frame. The parent
 * evaluates the arguments into a block, then ito_abi_fork runs the site's
 * entry function as the child (child first); the entry copies the block into
 * its own frame, calls the function, and hands the value over with
 * ito_abi_child_return. At a sync, ito_abi_sync waits for the child if its
 * parent's continuation was stolen, and says whether a value arrived. */
#ifndef ITO_CILK_ABI_H
#define ITO_CILK_ABI_H

/* No C library header: translated code includes this before the user's
 * first line, and a libc header here would fix the feature-test macros
 * (_GNU_SOURCE, _POSIX_C_SOURCE, ...) before the program defines them. */
#include <ito/detail/deque_layout.h>
#include <ito/detail/views.h>
#include <ito/detail/work_span.h>

#include <stddef.h> /* the compiler's own */

#ifdef __cplusplus
extern "C" {
#endif

#ifndef __cplusplus
/* Declared with their C++ types in ito/detail/tasks.hpp. */
extern void *ito_sched_deque;
extern long long ito_sched_poll_countdown;
extern int ito_sched_owner_fences;
void *ito_uat_fork(void (*child)(void *), void *arg, void *dq,
                   unsigned long long join);
_Bool ito_sched_pop_conflict(void);
__attribute__((noreturn)) void ito_sched_child_done(const void *value,
                                                    size_t size);
void ito_sched_join(unsigned long long join, void *out, size_t size);
void ito_sched_poll(void);
#endif

/* Runs body(lo, hi, ctx) over [begin, end) in chunks of at most grain
 * iterations (grain <= 0: a default from the trip count and the number of
 * processes), forking by halves. Each task gets its own copy of the
 * ctx_size bytes at ctx. */
void ito_abi_for(long long begin, long long end, long long grain,
                 void (*body)(long long lo, long long hi, void *ctx),
                 const void *ctx, size_t ctx_size);

/* The range of the task stacks, [begin, end): what lies there only the
 * process running the task reaches (zero before the runtime starts). */
extern unsigned long ito_abi_task_stacks[2];

/* Locals and alloca'd memory the translator moved off the stack, so that
 * children in any process reach them: the storage of a promoted local
 * (freed by ito_unpromote, its holder's cleanup, when the scope ends), and
 * alloca's memory, on a list the function frees when it returns. */
void *ito_promote(size_t size, size_t align);
void ito_unpromote(void **holder);
void *ito_promote_alloca(void **list, size_t size);
void ito_unpromote_allocas(void **list);
/* A compound literal whose address reaches children (C): the size bytes
 * of the literal at value copied into the storage of its site, *slot,
 * promoted at its first evaluation in the block (the same object each
 * time, as in C) and freed with the slot when the block ends. */
void *ito_promote_literal(void **slot, const void *value, size_t size,
                          size_t align);

/* A C++ static local that a dynamic initializer sets, one object for the
 * whole job (its storage and *guard in the shared sections): runs
 * init(ctx, storage) once, in the first process whose task gets here,
 * while the others wait; the object is seen built everywhere after. */
void ito_abi_static_init(long *guard, void (*init)(void *ctx, void *storage),
                         void *ctx, void *storage);

/* Registers destroy(object) to run at exit, with the program's exit
 * handlers, in process 0 (which runs them) wherever the caller runs: the
 * destructor of a static local that ito_abi_static_init built. */
void ito_abi_destroy_at_exit(void (*destroy)(void *object), void *object);

/* Called by main after each sync and each call that may fork: brings the
 * root task back to process 0 if it has left, so that what main does
 * between its parallel phases happens where the serial program runs
 * (standard input, files it opened, atexit). A no-op elsewhere. */
void ito_abi_home(void);

/* The main of a translated program: starts the runtime on every process,
 * runs task(argc, argv) as the root task, and returns its value on every
 * process. */
int ito_abi_main(int argc, char **argv, int (*task)(int argc, char **argv));

#ifdef ITO_CILKSCALE
/* An object built with -fcilktool=cilkscale: the runtime measures the work
 * and span of main and of its own loops too. */
__attribute__((constructor, used)) static void ito_wsp_instrumented(void) {
  ito_wsp_calibrate();
  ito_wsp_enabled = 1;
}
#endif

#ifndef __cplusplus

typedef struct ito_abi_spawn {
  /* ~0: not spawned since the last sync; 0: the child ran here and its
   * value is delivered; otherwise the join entry of a stolen fork. */
  unsigned long long join;
#ifdef ITO_CILKSCALE
  /* The parent's work and span at the fork, and the child's at its end
   * (when it ran here; a stolen fork's come with its value). */
  ito_wsp_triple wsp_parent, wsp_child;
#endif
} ito_abi_spawn;

/* A spawn's state on its task block's list (when one of the block's spawns
 * is in a loop): the site's node begins with this; __ito_sync joins it.
 * Translated code names its members, so they are reserved names that no
 * macro of the program can change (as `sync' in Cilk-5 style code). */
typedef struct ito_abi_node {
  ito_abi_spawn s;
  struct ito_abi_node *__ito_next;
  void (*__ito_sync)(struct ito_abi_node *node);
} ito_abi_node;

#ifdef ITO_CILKSCALE
#define ITO_ABI_SPAWN_INIT                                                     \
  {                                                                            \
    ~0ull, {0, 0, 0}, { 0, 0, 0 }                                              \
  }
#else
#define ITO_ABI_SPAWN_INIT                                                     \
  { ~0ull }
#endif
/* The same as an object: translated code uses it, so that it still compiles
 * when preprocessed first (ito-cc -E), where no macro is left. */
static const ito_abi_spawn ito_abi_spawn_init = ITO_ABI_SPAWN_INIT;

static __inline__ void ito_abi_fork(ito_abi_spawn *s, void (*entry)(void *),
                                    void *args) {
  if (__builtin_expect(--ito_sched_poll_countdown <= 0, 0))
    ito_sched_poll();
#ifdef ITO_CILKSCALE
  ito_wsp_fork(&s->wsp_parent);
#endif
  s->join = (unsigned long long)ito_uat_fork(entry, args, ito_sched_deque, 0);
#ifdef ITO_CILKSCALE
  /* Here either the child ran to its end in this process, leaving its
   * triple current, or a thief runs the continuation. */
  if (s->join == 0)
    s->wsp_child = ito_wsp_current.t;
  ito_wsp_continue(&s->wsp_parent, s->join == 0);
#endif
}

/* After the fork: the child ran to its end here (the continuation was not
 * stolen), so the site's value is in place and its state may serve again. */
static __inline__ int ito_abi_ran_here(const ito_abi_spawn *s) {
#ifdef ITO_CILKSCALE
  /* The child joins at the sync, where its span counts. */
  (void)s;
  return 0;
#else
  return s->join == 0;
#endif
}

/* The child pops its parent's continuation: true if it is still here. */
static __inline__ int ito_abi_pop(void) {
  char *d = (char *)ito_sched_deque;
  long long *bottom = (long long *)(d + ITO_DEQUE_BOTTOM_OFFSET);
  long long *top = (long long *)(d + ITO_DEQUE_TOP_OFFSET);
  long long b = __atomic_load_n(bottom, __ATOMIC_RELAXED) - 1;
  if (__builtin_expect(ito_sched_owner_fences, 0))
    __atomic_exchange_n(bottom, b, __ATOMIC_SEQ_CST);
  else
    __atomic_store_n(bottom, b, __ATOMIC_RELAXED);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  return __atomic_load_n(top, __ATOMIC_RELAXED) <= b ||
         ito_sched_pop_conflict();
}

/* The child's last act: its value (size bytes at value) goes to out. */
static __inline__ void ito_abi_child_return(void *out, const void *value,
                                            size_t size) {
#ifdef ITO_CILKSCALE
  ito_wsp_triple w = ito_wsp_child_end();
#endif
  if (__builtin_expect(ito_abi_pop(), 1)) {
    if (size)
      __builtin_memcpy(out, value, size);
    return;
  }
#ifdef ITO_CILKSCALE
  {
    /* The value, then the child's triple: the join gets both. */
    char carried[size + sizeof w];
    if (size)
      __builtin_memcpy(carried, value, size);
    __builtin_memcpy(carried + size, &w, sizeof w);
    ito_sched_child_done(carried, sizeof carried);
  }
#else
  ito_sched_child_done(value, size);
#endif
}

/* Waits for the site's child; true if it was spawned since the last sync
 * (its value is then at out). */
static __inline__ int ito_abi_sync(ito_abi_spawn *s, void *out, size_t size) {
  unsigned long long j = s->join;
  s->join = ~0ull;
#ifdef ITO_CILKSCALE
  if (j == ~0ull)
    return 0;
  {
    ito_wsp_triple before;
    ito_wsp_join_begin(&before);
    if (j == 0) {
      ito_wsp_join_end(&before, &s->wsp_child, 0);
      return 1;
    }
    char carried[size + sizeof(ito_wsp_triple)];
    ito_wsp_triple child;
    ito_sched_join(j, carried, sizeof carried);
    if (size)
      __builtin_memcpy(out, carried, size);
    __builtin_memcpy(&child, carried + size, sizeof child);
    ito_wsp_join_end(&before, &child, 1);
    return 1;
  }
#else
  if (__builtin_expect(j == 0, 1))
    return 1;
  if (j == ~0ull)
    return 0;
  ito_sched_join(j, out, size);
  return 1;
#endif
}

#endif /* !__cplusplus */

#ifdef __cplusplus
}
#endif

#endif /* ITO_CILK_ABI_H */
