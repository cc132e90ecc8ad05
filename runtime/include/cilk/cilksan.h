/* OpenCilk's race-detector annotations. ito has no race detector: every
 * annotation is accepted and does nothing, so a program that includes this
 * header builds and runs unchanged (and as its serial elision anywhere). */
#ifndef ITO_CILK_CILKSAN_H
#define ITO_CILK_CILKSAN_H

#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

static __inline__ void __cilksan_enable_checking(void) {}
static __inline__ void __cilksan_disable_checking(void) {}
static __inline__ bool __cilksan_is_checking_enabled(void) { return false; }
static __inline__ void __cilksan_acquire_lock(const void *mutex) {
  (void)mutex;
}
static __inline__ void __cilksan_release_lock(const void *mutex) {
  (void)mutex;
}
static __inline__ void __cilksan_begin_atomic(void) {}
static __inline__ void __cilksan_end_atomic(void) {}
static __inline__ void __cilksan_register_lock_explicit(const void *mutex) {
  (void)mutex;
}
static __inline__ void __cilksan_unregister_lock_explicit(const void *mutex) {
  (void)mutex;
}

#ifdef __cplusplus
}
#endif

/* A lock the race detector would be told about; here a plain object. */
typedef struct Cilksan_fake_mutex {
  int fake_mutex;
} Cilksan_fake_mutex;

#ifdef __cplusplus
class Cilksan_fake_lock_guard {
public:
  explicit Cilksan_fake_lock_guard(const void *mutex) : mutex_(mutex) {
    __cilksan_acquire_lock(mutex_);
  }
  ~Cilksan_fake_lock_guard() { __cilksan_release_lock(mutex_); }
  Cilksan_fake_lock_guard(const Cilksan_fake_lock_guard &) = delete;
  Cilksan_fake_lock_guard &operator=(const Cilksan_fake_lock_guard &) = delete;

private:
  const void *mutex_;
};
#endif

#endif /* ITO_CILK_CILKSAN_H */
