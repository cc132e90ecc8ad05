// What sleeps in the kernel on one node: read-write locks, condition
// variables, semaphores and barriers of a program linked with libito, and
// C11's <threads.h> mutexes and condition variables.
//
// The processes of a node share the program's memory, but glibc's futexes
// are private to a process unless the object says otherwise: a waiter in
// another process is never woken, and the job hangs. So each operation marks
// the object process-shared first, as its own attribute would have (glibc's
// fields: a read-write lock's __shared, bit 0 of a condition variable's
// __wrefs), and a semaphore or barrier is initialized process-shared. Then
// the C library does the rest. Between nodes none of them can sleep (a
// futex does not cross nodes): the translation records them and the job
// stops at start-up (api/c_main.cpp). C11's mtx_lock calls glibc's mutex
// code directly, past libito's pthread_mutex_lock: mtx_* go through it
// here, so a C11 mutex is process-shared on one node and a lock word
// between nodes like any plain mutex (api/c_locks.cpp).
#include "platform/libc_next.hpp"

#include <cerrno>

#include <dlfcn.h>
#include <pthread.h>
#include <semaphore.h>
#include <threads.h>
#include <time.h>

using ito::platform::next_definition;

namespace {

void make_shared(pthread_rwlock_t *lock) {
  if (!__atomic_load_n(&lock->__data.__shared, __ATOMIC_RELAXED))
    __atomic_store_n(&lock->__data.__shared, 1, __ATOMIC_RELAXED);
}

// glibc's __PTHREAD_COND_SHARED_MASK.
constexpr unsigned cond_shared_bit = 1;
void make_shared(pthread_cond_t *cond) {
  if (!(__atomic_load_n(&cond->__data.__wrefs, __ATOMIC_RELAXED) &
        cond_shared_bit))
    __atomic_fetch_or(&cond->__data.__wrefs, cond_shared_bit, __ATOMIC_RELAXED);
}

using rwlock_fn = int (*)(pthread_rwlock_t *);
using rwlock_timed_fn = int (*)(pthread_rwlock_t *, const timespec *);
using rwlock_clock_fn = int (*)(pthread_rwlock_t *, clockid_t,
                                const timespec *);

} // namespace

#define ITO_RWLOCK(name)                                                       \
  extern "C" int name(pthread_rwlock_t *lock) {                                \
    static const rwlock_fn next = next_definition<rwlock_fn>(#name);           \
    make_shared(lock);                                                         \
    return next(lock);                                                         \
  }
ITO_RWLOCK(pthread_rwlock_rdlock)
ITO_RWLOCK(pthread_rwlock_wrlock)
ITO_RWLOCK(pthread_rwlock_tryrdlock)
ITO_RWLOCK(pthread_rwlock_trywrlock)
ITO_RWLOCK(pthread_rwlock_unlock)
#undef ITO_RWLOCK

#define ITO_RWLOCK_TIMED(name)                                                 \
  extern "C" int name(pthread_rwlock_t *lock, const timespec *at) {            \
    static const rwlock_timed_fn next =                                        \
        next_definition<rwlock_timed_fn>(#name);                               \
    make_shared(lock);                                                         \
    return next(lock, at);                                                     \
  }
ITO_RWLOCK_TIMED(pthread_rwlock_timedrdlock)
ITO_RWLOCK_TIMED(pthread_rwlock_timedwrlock)
#undef ITO_RWLOCK_TIMED

#define ITO_RWLOCK_CLOCK(name)                                                 \
  extern "C" int name(pthread_rwlock_t *lock, clockid_t clock,                 \
                      const timespec *at) {                                    \
    static const rwlock_clock_fn next =                                        \
        next_definition<rwlock_clock_fn>(#name);                               \
    make_shared(lock);                                                         \
    return next(lock, clock, at);                                              \
  }
ITO_RWLOCK_CLOCK(pthread_rwlock_clockrdlock)
ITO_RWLOCK_CLOCK(pthread_rwlock_clockwrlock)
#undef ITO_RWLOCK_CLOCK

extern "C" int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *m) {
  using fn = int (*)(pthread_cond_t *, pthread_mutex_t *);
  static const fn next = next_definition<fn>("pthread_cond_wait");
  make_shared(cond);
  return next(cond, m);
}

extern "C" int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *m,
                                      const timespec *at) {
  using fn = int (*)(pthread_cond_t *, pthread_mutex_t *, const timespec *);
  static const fn next = next_definition<fn>("pthread_cond_timedwait");
  make_shared(cond);
  return next(cond, m, at);
}

extern "C" int pthread_cond_clockwait(pthread_cond_t *cond, pthread_mutex_t *m,
                                      clockid_t clock, const timespec *at) {
  using fn =
      int (*)(pthread_cond_t *, pthread_mutex_t *, clockid_t, const timespec *);
  static const fn next = next_definition<fn>("pthread_cond_clockwait");
  make_shared(cond);
  return next(cond, m, clock, at);
}

extern "C" int pthread_cond_signal(pthread_cond_t *cond) {
  using fn = int (*)(pthread_cond_t *);
  static const fn next = next_definition<fn>("pthread_cond_signal");
  make_shared(cond);
  return next(cond);
}

extern "C" int pthread_cond_broadcast(pthread_cond_t *cond) {
  using fn = int (*)(pthread_cond_t *);
  static const fn next = next_definition<fn>("pthread_cond_broadcast");
  make_shared(cond);
  return next(cond);
}

// A semaphore that sem_init makes private to the process: shared instead.
extern "C" int sem_init(sem_t *sem, int, unsigned value) {
  using fn = int (*)(sem_t *, int, unsigned);
  static const fn next = next_definition<fn>("sem_init");
  return next(sem, 1, value);
}

extern "C" int pthread_barrier_init(pthread_barrier_t *barrier,
                                    const pthread_barrierattr_t *attr,
                                    unsigned count) {
  using fn =
      int (*)(pthread_barrier_t *, const pthread_barrierattr_t *, unsigned);
  static const fn next = next_definition<fn>("pthread_barrier_init");
  pthread_barrierattr_t shared;
  pthread_barrierattr_init(&shared);
  pthread_barrierattr_setpshared(&shared, PTHREAD_PROCESS_SHARED);
  (void)attr; // (its only attribute is the one set here)
  int rc = next(barrier, &shared, count);
  pthread_barrierattr_destroy(&shared);
  return rc;
}

// C11: through libito's pthread mutex functions (mtx_t is glibc's
// pthread_mutex_t), and the condition variables above.
static pthread_mutex_t *as_pthread(mtx_t *m) {
  static_assert(sizeof(mtx_t) == sizeof(pthread_mutex_t));
  return reinterpret_cast<pthread_mutex_t *>(m);
}
static pthread_cond_t *as_pthread(cnd_t *c) {
  static_assert(sizeof(cnd_t) == sizeof(pthread_cond_t));
  return reinterpret_cast<pthread_cond_t *>(c);
}
static int c11_result(int rc) {
  return rc == 0           ? thrd_success
         : rc == EBUSY     ? thrd_busy
         : rc == ETIMEDOUT ? thrd_timedout
         : rc == ENOMEM    ? thrd_nomem
                           : thrd_error;
}

extern "C" int mtx_lock(mtx_t *m) {
  return c11_result(pthread_mutex_lock(as_pthread(m)));
}
extern "C" int mtx_trylock(mtx_t *m) {
  return c11_result(pthread_mutex_trylock(as_pthread(m)));
}
extern "C" int mtx_unlock(mtx_t *m) {
  return c11_result(pthread_mutex_unlock(as_pthread(m)));
}
extern "C" int mtx_timedlock(mtx_t *__restrict m,
                             const timespec *__restrict at) {
  return c11_result(pthread_mutex_timedlock(as_pthread(m), at));
}
extern "C" int cnd_wait(cnd_t *c, mtx_t *m) {
  return c11_result(pthread_cond_wait(as_pthread(c), as_pthread(m)));
}
extern "C" int cnd_timedwait(cnd_t *__restrict c, mtx_t *__restrict m,
                             const timespec *__restrict at) {
  return c11_result(pthread_cond_timedwait(as_pthread(c), as_pthread(m), at));
}
extern "C" int cnd_signal(cnd_t *c) {
  return c11_result(pthread_cond_signal(as_pthread(c)));
}
extern "C" int cnd_broadcast(cnd_t *c) {
  return c11_result(pthread_cond_broadcast(as_pthread(c)));
}
