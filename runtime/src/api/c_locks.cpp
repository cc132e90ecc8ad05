// pthread mutexes and spin locks of a program linked with libito (std::mutex
// locks through pthread_mutex_lock).
//
// On one node the processes share the program's memory, and a mutex there
// works between them only as a process-shared mutex (glibc's default futexes
// are private to a process: a waiter in another process is never woken, and
// the job hangs). The first lock marks the mutex process-shared (glibc's
// pshared bit of its kind) before taking it, so every wait and every wake
// that follow use shared futexes.
//
// On several nodes a lock in global memory is a word that every process
// takes with an atomic compare-exchange 0 -> 1 and gives back with a store
// of 0, done at the word's home (memory/global_atomics.cpp): taking it
// acquires (this process drops what it holds from other nodes, so it reads
// what the last holder wrote), giving it back releases (this process's
// writes go home first). A process that waits keeps serving requests, the
// holder's among them, so it spins instead of sleeping in a futex (a spin
// lock the same, with glibc's values: 1 free, 0 taken). Only
// plain mutexes (the default kind) are supported between nodes; a recursive
// or error-checking one stops the job with a message.
#include "memory/atomic_ops.hpp"
#include "memory/memory.hpp"
#include "platform/error.hpp"
#include "platform/libc_next.hpp"

#include <cerrno>
#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>

// The C library's own entry points (exported under these names for
// compatibility only, hence the explicit versions).
extern "C" {
int ito_libc_mutex_lock(pthread_mutex_t *mutex);
int ito_libc_mutex_trylock(pthread_mutex_t *mutex);
int ito_libc_mutex_unlock(pthread_mutex_t *mutex);
}
__asm__(".symver ito_libc_mutex_lock, __pthread_mutex_lock@GLIBC_2.2.5");
__asm__(".symver ito_libc_mutex_trylock, __pthread_mutex_trylock@GLIBC_2.2.5");
__asm__(".symver ito_libc_mutex_unlock, __pthread_mutex_unlock@GLIBC_2.2.5");

namespace {

using ito::memory::atomic_args;
using ito::memory::atomic_op;

// glibc's PTHREAD_MUTEX_PSHARED_BIT, as pthread_mutexattr_setpshared sets
// it, and the mask of the mutex kind.
constexpr int pshared_bit = 128;
constexpr int kind_mask = 127;

void make_process_shared(pthread_mutex_t *mutex) {
  int *kind = &mutex->__data.__kind;
  if (!(__atomic_load_n(kind, __ATOMIC_RELAXED) & pshared_bit))
    __atomic_fetch_or(kind, pshared_bit, __ATOMIC_RELAXED);
}

// The memory system if word is global memory of a job on several nodes.
ito::memory::memory_system *between_nodes(const void *word) {
  if (__builtin_expect(!__ito_atomics_between_nodes, 1))
    return nullptr;
  ito::memory::memory_system *m = ito::memory::the_memory_or_null();
  if (!m || !m->is_global(word))
    return nullptr;
  return m;
}

// A lock word between nodes: the values it has when free and when taken
// (glibc's, so that an object initialized by glibc starts free).
struct lock_word {
  int *word;
  int free, taken;
};

bool try_take(ito::memory::memory_system &m, const lock_word &l) {
  return m.atomic_access(l.word, atomic_args{atomic_op::cas, sizeof(int),
                                             ito::memory::order_acquire, 0,
                                             static_cast<uint64_t>(l.taken),
                                             static_cast<uint64_t>(l.free)}) ==
         static_cast<uint64_t>(l.free);
}

void take(ito::memory::memory_system &m, const lock_word &l) {
  while (!try_take(m, l))
    sched_yield();
}

void give_back(ito::memory::memory_system &m, const lock_word &l) {
  m.atomic_access(l.word, atomic_args{atomic_op::store, sizeof(int),
                                      ito::memory::order_release, 0,
                                      static_cast<uint64_t>(l.free), 0});
}

lock_word plain_mutex_word(pthread_mutex_t *mutex) {
  if (mutex->__data.__kind & kind_mask)
    ito::platform::fatal(
        "a recursive or error-checking mutex (at %p) is locked on several "
        "nodes; only plain mutexes work between nodes. Use a plain mutex, "
        "or run on one node",
        static_cast<void *>(mutex));
  return lock_word{&mutex->__data.__lock, 0, 1};
}

// glibc's spin locks, which it exports under these names only: found
// past libito's (other libraries of the process, UCX among them, lock
// theirs through libito's too). On x86-64 glibc's lock word is 1 when free.
using spin_fn = int (*)(pthread_spinlock_t *);
spin_fn libc_spin(const char *name) {
  void *f = dlsym(RTLD_NEXT, name);
  if (!f)
    ito::platform::fatal("cannot find the C library's %s", name);
  return reinterpret_cast<spin_fn>(f);
}
lock_word spin_word(pthread_spinlock_t *lock) {
  return lock_word{const_cast<int *>(lock), 1, 0};
}

} // namespace

extern "C" int pthread_mutex_lock(pthread_mutex_t *mutex) {
  if (ito::memory::memory_system *m = between_nodes(mutex)) {
    take(*m, plain_mutex_word(mutex));
    return 0;
  }
  make_process_shared(mutex);
  return ito_libc_mutex_lock(mutex);
}

extern "C" int pthread_mutex_trylock(pthread_mutex_t *mutex) {
  if (ito::memory::memory_system *m = between_nodes(mutex))
    return try_take(*m, plain_mutex_word(mutex)) ? 0 : EBUSY;
  make_process_shared(mutex);
  return ito_libc_mutex_trylock(mutex);
}

extern "C" int pthread_mutex_unlock(pthread_mutex_t *mutex) {
  if (ito::memory::memory_system *m = between_nodes(mutex)) {
    give_back(*m, plain_mutex_word(mutex));
    return 0;
  }
  return ito_libc_mutex_unlock(mutex);
}

// A timed lock sleeps in the kernel: one node only (the translation stops a
// job on several that has one; api/c_main.cpp).
extern "C" int pthread_mutex_timedlock(pthread_mutex_t *mutex,
                                       const timespec *at) {
  using fn = int (*)(pthread_mutex_t *, const timespec *);
  static const fn next =
      ito::platform::next_definition<fn>("pthread_mutex_timedlock");
  make_process_shared(mutex);
  return next(mutex, at);
}

extern "C" int pthread_mutex_clocklock(pthread_mutex_t *mutex, clockid_t clock,
                                       const timespec *at) {
  using fn = int (*)(pthread_mutex_t *, clockid_t, const timespec *);
  static const fn next =
      ito::platform::next_definition<fn>("pthread_mutex_clocklock");
  make_process_shared(mutex);
  return next(mutex, clock, at);
}

extern "C" int pthread_spin_lock(pthread_spinlock_t *lock) {
  if (ito::memory::memory_system *m = between_nodes(const_cast<int *>(lock))) {
    take(*m, spin_word(lock));
    return 0;
  }
  static const spin_fn libc = libc_spin("pthread_spin_lock");
  return libc(lock);
}

extern "C" int pthread_spin_trylock(pthread_spinlock_t *lock) {
  if (ito::memory::memory_system *m = between_nodes(const_cast<int *>(lock)))
    return try_take(*m, spin_word(lock)) ? 0 : EBUSY;
  static const spin_fn libc = libc_spin("pthread_spin_trylock");
  return libc(lock);
}

extern "C" int pthread_spin_unlock(pthread_spinlock_t *lock) {
  if (ito::memory::memory_system *m = between_nodes(const_cast<int *>(lock))) {
    give_back(*m, spin_word(lock));
    return 0;
  }
  static const spin_fn libc = libc_spin("pthread_spin_unlock");
  return libc(lock);
}
