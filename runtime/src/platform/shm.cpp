#include "platform/shm.hpp"

#include "platform/error.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#include <utility>

namespace ito::platform {

std::size_t page_size() {
  static const std::size_t p = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return p;
}

shm_segment::shm_segment(const std::string &name, std::size_t size, bool create,
                         void *fixed_addr)
    : name_(name), size_(size), owner_(create) {
  int fd =
      shm_open(name.c_str(), create ? O_RDWR | O_CREAT | O_EXCL : O_RDWR, 0600);
  if (fd < 0)
    fatal("cannot %s shared memory %s: %s", create ? "create" : "open",
          name.c_str(), std::strerror(errno));
  if (create && ftruncate(fd, static_cast<off_t>(size)) != 0) {
    int e = errno;
    close(fd);
    shm_unlink(name.c_str());
    fatal("cannot size shared memory %s to %zu MiB: %s (is /dev/shm large "
          "enough?)",
          name.c_str(), size >> 20, std::strerror(e));
  }
  int flags = MAP_SHARED | MAP_NORESERVE;
  if (fixed_addr)
    flags |= MAP_FIXED; // the caller reserved the range
  base_ = mmap(fixed_addr, size, PROT_READ | PROT_WRITE, flags, fd, 0);
  int e = errno;
  close(fd);
  if (base_ == MAP_FAILED)
    fatal("cannot map shared memory %s (%zu MiB): %s%s", name.c_str(),
          size >> 20, std::strerror(e),
          e == ENOMEM ? "; the size options make it larger than the address "
                        "space has room for (docs/runtime-options.md)"
                      : "");
}

shm_segment::~shm_segment() {
  if (base_)
    munmap(base_, size_);
  if (owner_)
    unlink();
}

shm_segment::shm_segment(shm_segment &&o) noexcept { *this = std::move(o); }

shm_segment &shm_segment::operator=(shm_segment &&o) noexcept {
  std::swap(name_, o.name_);
  std::swap(base_, o.base_);
  std::swap(size_, o.size_);
  std::swap(owner_, o.owner_);
  return *this;
}

void shm_segment::unlink() {
  if (owner_ && !name_.empty())
    shm_unlink(name_.c_str());
  owner_ = false;
}

void reserve_fixed(void *addr, std::size_t size, const char *what) {
  void *p = mmap(
      addr, size, PROT_NONE,
      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED || p != addr) {
    // An unlimited stack makes the kernel place mappings bottom-up, over
    // the ranges ito uses (ito re-executes with a finite limit unless
    // ITO_REEXEC=0).
    rlimit stack{};
    const bool unlimited =
        getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur == RLIM_INFINITY;
    const int e = p == MAP_FAILED ? errno : 0;
    // ENOMEM: the range runs past the end of the address space (a size
    // option far too large); EEXIST: a mapping is in the way.
    fatal("cannot reserve %s at %p-%p (%zu MiB): %s; %s%s", what, addr,
          static_cast<char *>(addr) + size, size >> 20,
          e ? std::strerror(e) : "placed elsewhere",
          e == ENOMEM ? "the size is more than the address space has room for "
                        "there (docs/runtime-options.md)"
                      : "something else is mapped there",
          unlimited ? " (the stack size limit is unlimited, which moves "
                      "the program's mappings there: set a finite one, e.g. "
                      "ulimit -s 1048576)"
                    : "");
  }
}

} // namespace ito::platform
