#include "threads/fork_process.hpp"

#include "threads/context.hpp"
#include "threads/worker.hpp"

#include <cstdint>

extern "C" unsigned long ito_abi_task_stacks[2];

namespace ito::threads {

namespace {

struct fork_call {
  pid_t (*libc_fork)();
};

// On the worker's stack, which fork() copies like any private memory.
[[noreturn]] void fork_here(void *ctx, void *arg) {
  const uni_address_region &stacks = the_worker().stacks();
  const auto snapshot = stacks.snapshot(static_cast<const char *>(ctx));
  const pid_t pid = static_cast<fork_call *>(arg)->libc_fork();
  if (pid == 0)
    stacks.make_private(snapshot);
  else
    uni_address_region::drop(snapshot);
  ito_uat_resume(ctx, reinterpret_cast<void *>(static_cast<intptr_t>(pid)));
}

} // namespace

pid_t fork_process(pid_t (*libc_fork)()) {
  const auto sp = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  if (sp < ito_abi_task_stacks[0] || sp >= ito_abi_task_stacks[1])
    return libc_fork();
  fork_call call{libc_fork};
  void *pid =
      ito_uat_suspend(fork_here, &call, the_worker().scheduler_stack_top());
  return static_cast<pid_t>(reinterpret_cast<intptr_t>(pid));
}

} // namespace ito::threads
