#include "threads/uni_address.hpp"

#include "platform/error.hpp"

#include <cerrno>
#include <cstring>
#include <sys/mman.h>

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

} // namespace ito::threads
