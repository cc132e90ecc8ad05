#include "threads/uni_address.hpp"

#include "platform/error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

extern "C" {
unsigned long ito_abi_task_stacks[2] = {0, 0};
}

namespace ito::threads {

char *uni_address_region::fixed_address() {
  // Far from where Linux puts the program, the heap, libraries and the main
  // stack (x86-64, 47-bit user space).
  return reinterpret_cast<char *>(uintptr_t(0x3e0000000000));
}

uni_address_region::uni_address_region(const std::string &shm_name,
                                       std::size_t size)
    : base_(fixed_address()), size_(size),
      guard_size_(16 * platform::page_size()) {
  platform::reserve_fixed(base_, size_, "the task stack region");
  backing_ = platform::shm_segment(shm_name, size_, /*create=*/true, base_);
  // A guard at the low end turns a stack overflow into a clear error.
  if (mprotect(base_, guard_size_, PROT_NONE) != 0)
    platform::fatal("cannot protect the stack guard: %s", std::strerror(errno));
  ito_abi_task_stacks[0] = reinterpret_cast<uintptr_t>(base_);
  ito_abi_task_stacks[1] = reinterpret_cast<uintptr_t>(base_ + size_);
}

namespace {
[[noreturn]] void no_memory_for_fork() {
  // Not part of the job (the child) or not yet forked: no fatal(), whose
  // end of the job would take the parent's job down for a failed fork.
  static const char msg[] = "ito: error: fork() from a task: no memory for "
                            "a copy of the task's stack\n";
  (void)!write(2, msg, sizeof msg - 1);
  _exit(127);
}
} // namespace

uni_address_region::snapshot_copy
uni_address_region::snapshot(const char *live_from) const {
  // 512 bytes below the saved context: the red zone of the frame that
  // called fork, and then some.
  snapshot_copy s;
  s.from = std::max<const char *>(live_from - 512, base_ + guard_size_);
  s.size = static_cast<std::size_t>(top() - s.from);
  void *copy = mmap(nullptr, s.size, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (copy == MAP_FAILED)
    no_memory_for_fork();
  s.copy = static_cast<char *>(copy);
  std::memcpy(s.copy, s.from, s.size);
  return s;
}

void uni_address_region::make_private(const snapshot_copy &s) const {
  if (mmap(base_, size_, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1,
           0) != base_)
    no_memory_for_fork();
  mprotect(base_, guard_size_, PROT_NONE);
  std::memcpy(const_cast<char *>(s.from), s.copy, s.size);
  drop(s);
}

void uni_address_region::drop(const snapshot_copy &s) {
  munmap(s.copy, s.size);
}

} // namespace ito::threads
