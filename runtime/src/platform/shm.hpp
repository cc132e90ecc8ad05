// POSIX shared memory segments that every rank of a node maps.
#pragma once

#include <cstddef>
#include <string>

namespace ito::platform {

class shm_segment {
public:
  shm_segment() = default;
  // Creates (or opens, when create is false) the segment called name, of
  // size bytes, and maps it at fixed_addr (which must be free) or anywhere.
  shm_segment(const std::string &name, std::size_t size, bool create,
              void *fixed_addr = nullptr);
  ~shm_segment();
  shm_segment(shm_segment &&o) noexcept;
  shm_segment &operator=(shm_segment &&o) noexcept;
  shm_segment(const shm_segment &) = delete;
  shm_segment &operator=(const shm_segment &) = delete;

  void *base() const { return base_; }
  std::size_t size() const { return size_; }
  // Removes the name; the memory stays until the last mapping goes.
  void unlink();
  // Gives up the mapping without unmapping it: it stays for the life of
  // the process.
  void release() {
    unlink();
    base_ = nullptr;
  }

private:
  std::string name_;
  void *base_ = nullptr;
  std::size_t size_ = 0;
  bool owner_ = false;
};

// Reserves [addr, addr+size) with no access, at exactly addr; fatal error
// naming the range (and what holds it, if it can tell) if it is taken.
void reserve_fixed(void *addr, std::size_t size, const char *what);

std::size_t page_size();

} // namespace ito::platform
