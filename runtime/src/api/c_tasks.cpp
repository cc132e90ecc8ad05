// The C API of tasks (ito.h): the same child-first fork and greedy join as
// the C++ API, with the callable a function pointer and the arguments and
// value byte blocks.
#include "platform/error.hpp"

#include <ito/detail/tasks.hpp>
#include <ito/ito.h>

#include <alloca.h>
#include <cstring>

namespace {

struct c_spawn {
  ito_task_fn fn;
  const void *args;
  size_t args_size;
  ito_task *task;
};

enum : unsigned { state_idle = 0, state_done_here = 1, state_stolen = 2 };

void c_child_entry(void *p) {
  const c_spawn *rec = static_cast<const c_spawn *>(p);
  // Copy everything into this frame first: the child may migrate, and the
  // parent's frame does not travel with it.
  ito_task_fn fn = rec->fn;
  ito_task *task = rec->task;
  const size_t args_size = rec->args_size;
  const unsigned result_size = task->result_size;
  void *args = alloca(args_size ? args_size : 1);
  if (args_size) // (no arguments: the pointer may be null)
    std::memcpy(args, rec->args, args_size);
  alignas(16) unsigned char value[ITO_MAX_RESULT_SIZE];
  fn(args, value);

  ito::detail::deque *d = ito_sched_deque;
  if (__builtin_expect(ito::detail::pop_fast(d), 1) ||
      ito_sched_pop_conflict()) {
    if (result_size) // (no result: the pointer may be null)
      std::memcpy(task->result, value, result_size);
    return;
  }
  ito_sched_child_done(value, result_size);
}

struct c_root {
  ito_task_fn fn;
  const void *args;
  size_t args_size;
};

} // namespace

extern "C" {

void ito_fork(ito_task *task, ito_task_fn fn, const void *args,
              size_t args_size, void *result, size_t result_size) {
  if (args_size > ITO_MAX_ARGS_SIZE)
    ito::platform::fatal("ito_fork: an argument block of %zu bytes is more "
                         "than %d; pass a pointer to global memory instead",
                         args_size, ITO_MAX_ARGS_SIZE);
  if (result_size > ITO_MAX_RESULT_SIZE)
    ito::platform::fatal("ito_fork: a result of %zu bytes is more than %d; "
                         "return a pointer to global memory instead",
                         result_size, ITO_MAX_RESULT_SIZE);
  task->result = result;
  task->result_size = static_cast<unsigned>(result_size);
  c_spawn rec{fn, args, args_size, task};
  if (__builtin_expect(--ito_sched_poll_countdown <= 0, 0))
    ito_sched_poll();
  void *join = ito_uat_fork(c_child_entry, &rec, ito_sched_deque, 0);
  task->join = reinterpret_cast<unsigned long long>(join);
  task->state = join ? state_stolen : state_done_here;
}

void ito_poll(void) {
  if (__builtin_expect(--ito_sched_loop_countdown <= 0, 0))
    ito_sched_loop_poll();
}

void ito_join(ito_task *task) {
  if (task->state == state_stolen)
    ito_sched_join(task->join, task->result, task->result_size);
  else if (task->state != state_done_here)
    ito::platform::fatal("ito_join on a task that was not forked, or was "
                         "joined already");
  task->state = state_idle;
}

void ito_root_exec(ito_task_fn fn, const void *args, size_t args_size,
                   void *result, size_t result_size) {
  if (result_size > ITO_MAX_RESULT_SIZE)
    ito::platform::fatal("ito_root_exec: a result of %zu bytes is more than "
                         "%d",
                         result_size, ITO_MAX_RESULT_SIZE);
  if (args_size > ITO_MAX_ARGS_SIZE)
    ito::platform::fatal("ito_root_exec: an argument block of %zu bytes is "
                         "more than %d",
                         args_size, ITO_MAX_ARGS_SIZE);
  c_root rec{fn, args, args_size};
  ito_sched_root_exec(
      [](void *p, void *out) {
        const c_root *r = static_cast<const c_root *>(p);
        void *a = alloca(r->args_size ? r->args_size : 1);
        if (r->args_size) // (args may be null then)
          std::memcpy(a, r->args, r->args_size);
        r->fn(a, out);
      },
      &rec, result, result_size);
}

int ito_is_root(void) { return ito_sched_in_root(); }

} // extern "C"
