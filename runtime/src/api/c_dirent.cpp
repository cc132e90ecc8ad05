// The C library's directory streams, as a program linked with libito calls
// them: on a DIR another process opened (a loop over readdir() that spawns
// a task per entry, whose continuation another process steals), the call is
// done by that process, which holds the descriptor
// (memory/program_streams.hpp); on this process's own, it is the C
// library's. The entry comes back by value into this process's copy, which
// stays valid until the next readdir() of that stream here, as POSIX says.
#include "memory/program_streams.hpp"
#include "platform/kept_until_exit.hpp"
#include "platform/libc_next.hpp"

#include <dirent.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <memory>

namespace ps = ito::memory::program_streams;

using ito::platform::next_definition;

namespace {

// This process's copy of the last entry of each other process's stream it
// read.
std::map<DIR *, std::unique_ptr<struct dirent>> &entries() {
  // Kept until exit: a static destructor may still read a directory.
  static ito::platform::kept_until_exit<
      std::map<DIR *, std::unique_ptr<struct dirent>>>
      m;
  return *m;
}

struct dirent *readdir_elsewhere(int owner, DIR *d) {
  auto &slot = entries()[d];
  if (!slot)
    slot = std::make_unique<struct dirent>();
  std::size_t got = 0;
  if (!ps::at_owner(owner, ps::op::readdir, d, 0, 0, nullptr, 0, slot.get(),
                    sizeof *slot, &got))
    return nullptr;
  if (got < offsetof(struct dirent, d_name) + 1) {
    errno = EIO;
    return nullptr;
  }
  return slot.get();
}

} // namespace

extern "C" {

struct dirent *readdir(DIR *d) {
  static const auto libc = next_definition<decltype(&::readdir)>("readdir");
  const int owner = ps::owner_elsewhere(d);
  return owner < 0 ? libc(d) : readdir_elsewhere(owner, d);
}

// The same entry layout on 64-bit systems (the C library aliases them).
struct dirent64 *readdir64(DIR *d) {
  static_assert(sizeof(struct dirent) == sizeof(struct dirent64),
                "readdir64 returns the entry readdir does");
  static const auto libc = next_definition<decltype(&::readdir64)>("readdir64");
  const int owner = ps::owner_elsewhere(d);
  return owner < 0
             ? libc(d)
             : reinterpret_cast<struct dirent64 *>(readdir_elsewhere(owner, d));
}

int closedir(DIR *d) {
  static const auto libc = next_definition<decltype(&::closedir)>("closedir");
  const int owner = ps::owner_elsewhere(d);
  if (owner < 0)
    return libc(d);
  entries().erase(d);
  return static_cast<int>(ps::at_owner(owner, ps::op::closedir, d));
}

void rewinddir(DIR *d) {
  static const auto libc = next_definition<decltype(&::rewinddir)>("rewinddir");
  const int owner = ps::owner_elsewhere(d);
  if (owner < 0)
    libc(d);
  else
    ps::at_owner(owner, ps::op::rewinddir, d);
}

long telldir(DIR *d) {
  static const auto libc = next_definition<decltype(&::telldir)>("telldir");
  const int owner = ps::owner_elsewhere(d);
  return owner < 0 ? libc(d)
                   : static_cast<long>(ps::at_owner(owner, ps::op::telldir, d));
}

void seekdir(DIR *d, long at) {
  static const auto libc = next_definition<decltype(&::seekdir)>("seekdir");
  const int owner = ps::owner_elsewhere(d);
  if (owner < 0)
    libc(d, at);
  else
    ps::at_owner(owner, ps::op::seekdir, d, at);
}

// dirfd() of another process's stream has no meaning here.
int dirfd(DIR *d) {
  static const auto libc = next_definition<decltype(&::dirfd)>("dirfd");
  const int owner = ps::owner_elsewhere(d);
  if (owner >= 0)
    ps::unsupported(owner, "dirfd");
  return libc(d);
}

} // extern "C"
