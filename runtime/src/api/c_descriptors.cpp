// read, write, writev and lseek (also pread, pwrite, fstat, fsync and
// ftruncate) of a program linked with libito: on the
// stand-in descriptor that fileno() gives for another process's stream
// (memory/program_streams.hpp) they are done by that process; on every
// other descriptor they are the C library's after one comparison, except
// that a buffer in global memory that another node's data fills is brought
// into the cache first (the kernel's accesses do not fault; they fail). C++
// file streams (std::ofstream, std::ifstream) write, read and seek through
// fileno() of their FILE, so they work from any process too.
#include "memory/program_streams.hpp"
#include "platform/libc_next.hpp"

#include <dlfcn.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace pm = ito::memory::program_memory;
namespace ps = ito::memory::program_streams;

// The C library's own entry points, under the names it exports them for
// this.
extern "C" {
ssize_t __write(int fd, const void *buf, size_t n);
ssize_t __read(int fd, void *buf, size_t n);
off_t __lseek(int fd, off_t offset, int whence);
}

namespace {

// write() of fd (a stream's, or a raw descriptor) at its owner.
ssize_t write_elsewhere(int owner, void *f, const void *buf, size_t n) {
  const char *p = static_cast<const char *>(buf);
  size_t done = 0;
  while (done < n) {
    const size_t len = std::min(n - done, ps::max_chunk);
    const int64_t r =
        ps::at_owner(owner, ps::op::fd_write, f, 0, 0, p + done, len);
    if (r <= 0)
      break;
    done += static_cast<size_t>(r);
  }
  if (done == 0 && n > 0) {
    errno = EIO;
    return -1;
  }
  return static_cast<ssize_t>(done);
}

ssize_t write_stand_in(int fd, const void *buf, size_t n) {
  int owner;
  void *f;
  if (!ps::stream_of_stand_in(fd, &owner, &f))
    return -1;
  return write_elsewhere(owner, f, buf, n);
}

ssize_t read_elsewhere(int owner, void *f, void *buf, size_t n) {
  size_t got = 0;
  const int64_t r =
      ps::at_owner(owner, ps::op::fd_read, f,
                   static_cast<int64_t>(std::min(n, ps::max_chunk)), 0, nullptr,
                   0, buf, n, &got);
  return r < 0 ? (errno = EIO, -1) : static_cast<ssize_t>(got);
}

off_t seek_elsewhere(int owner, void *f, off_t offset, int whence) {
  const int64_t r = ps::at_owner(owner, ps::op::fd_seek, f, offset, whence);
  return r < 0 ? (errno = EINVAL, -1) : static_cast<off_t>(r);
}

void *raw(int fd) { return reinterpret_cast<void *>(intptr_t{fd}); }

// Whether fd is another process's (a raw descriptor of the job, or the
// stand-in of a stream): its owner, and what names it there.
bool elsewhere(int fd, int &owner, void *&f) {
  if ((owner = ps::descriptor_owner_elsewhere(fd)) >= 0) {
    f = raw(fd);
    return true;
  }
  return __builtin_expect(ps::is_stand_in(fd), 0) &&
         ps::stream_of_stand_in(fd, &owner, &f);
}

} // namespace

extern "C" {

ssize_t write(int fd, const void *buf, size_t n) {
  if (__builtin_expect(ps::is_stand_in(fd), 0))
    return write_stand_in(fd, buf, n);
  if (const int owner = ps::descriptor_owner_elsewhere(fd); owner >= 0)
    return write_elsewhere(owner, raw(fd), buf, n);
  // The kernel does not fault: data of another node goes through the
  // cache first, a chunk at a time (a short write, as write may be).
  return __write(fd, buf, pm::ready_for_kernel(buf, n, false));
}

ssize_t writev(int fd, const struct iovec *iov, int count) {
  using fn = ssize_t (*)(int, const struct iovec *, int);
  static const fn libc = reinterpret_cast<fn>(dlsym(RTLD_NEXT, "writev"));
  if (!ps::is_stand_in(fd) && ps::descriptor_owner_elsewhere(fd) < 0) {
    bool ready = true;
    for (int i = 0; i < count; i++)
      ready &= pm::ready_for_kernel(iov[i].iov_base, iov[i].iov_len, false) ==
               iov[i].iov_len;
    if (ready)
      return libc ? libc(fd, iov, count) : (errno = ENOSYS, -1);
  }
  // A stand-in's owner, or more than the cache holds at once: one buffer at
  // a time through write, which does either.
  ssize_t total = 0;
  for (int i = 0; i < count; i++) {
    const ssize_t r = write(fd, iov[i].iov_base, iov[i].iov_len);
    if (r < 0)
      return total ? total : r;
    total += r;
    if (static_cast<size_t>(r) < iov[i].iov_len)
      break;
  }
  return total;
}

ssize_t read(int fd, void *buf, size_t n) {
  if (const int owner = ps::descriptor_owner_elsewhere(fd); owner >= 0)
    return read_elsewhere(owner, raw(fd), buf, n);
  if (__builtin_expect(!ps::is_stand_in(fd), 1))
    return __read(fd, buf, pm::ready_for_kernel(buf, n, true));
  int owner;
  void *f;
  if (!ps::stream_of_stand_in(fd, &owner, &f))
    return -1;
  return read_elsewhere(owner, f, buf, n);
}

off_t lseek(int fd, off_t offset, int whence) {
  if (const int owner = ps::descriptor_owner_elsewhere(fd); owner >= 0)
    return seek_elsewhere(owner, raw(fd), offset, whence);
  if (__builtin_expect(!ps::is_stand_in(fd), 1))
    return __lseek(fd, offset, whence);
  int owner;
  void *f;
  if (!ps::stream_of_stand_in(fd, &owner, &f))
    return -1;
  return seek_elsewhere(owner, f, offset, whence);
}

// A raw descriptor of another process is closed there.
int close(int fd) {
  static const auto libc =
      reinterpret_cast<int (*)(int)>(dlsym(RTLD_NEXT, "close"));
  if (const int owner = ps::descriptor_owner_elsewhere(fd); owner >= 0)
    return static_cast<int>(ps::at_owner(owner, ps::op::fd_close, raw(fd)));
  return libc(fd);
}

off64_t lseek64(int fd, off64_t offset, int whence) {
  return lseek(fd, offset, whence);
}

// The positioned and whole-file calls, likewise (a file main opened and
// tasks read in parallel with pread is how programs read input).
ssize_t pread(int fd, void *buf, size_t n, off_t offset) {
  int owner;
  void *f;
  static const auto libc =
      ito::platform::next_definition<ssize_t (*)(int, void *, size_t, off_t)>(
          "pread");
  if (!elsewhere(fd, owner, f))
    return libc(fd, buf, pm::ready_for_kernel(buf, n, true), offset);
  // (A file: all of it, a chunk at a time, as the kernel would read it.)
  char *p = static_cast<char *>(buf);
  size_t done = 0;
  while (done < n) {
    const size_t len = std::min(n - done, ps::max_chunk);
    size_t got = 0;
    const int64_t r = ps::at_owner(
        owner, ps::op::fd_pread, f, static_cast<int64_t>(len),
        offset + static_cast<off_t>(done), nullptr, 0, p + done, len, &got);
    if (r < 0) {
      if (done)
        break;
      errno = static_cast<int>(-r);
      return -1;
    }
    done += got;
    if (got < len)
      break;
  }
  return static_cast<ssize_t>(done);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t offset) {
  int owner;
  void *f;
  static const auto libc = ito::platform::next_definition<ssize_t (*)(
      int, const void *, size_t, off_t)>("pwrite");
  if (!elsewhere(fd, owner, f))
    return libc(fd, buf, pm::ready_for_kernel(buf, n, false), offset);
  const char *p = static_cast<const char *>(buf);
  size_t done = 0;
  while (done < n) {
    const size_t len = std::min(n - done, ps::max_chunk);
    const int64_t r =
        ps::at_owner(owner, ps::op::fd_pwrite, f, 0,
                     offset + static_cast<off_t>(done), p + done, len);
    if (r < 0) {
      if (done)
        break;
      errno = static_cast<int>(-r);
      return -1;
    }
    if (r == 0)
      break;
    done += static_cast<size_t>(r);
  }
  return static_cast<ssize_t>(done);
}

ssize_t pread64(int fd, void *buf, size_t n, off64_t offset) {
  return pread(fd, buf, n, offset);
}
ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t offset) {
  return pwrite(fd, buf, n, offset);
}

int fstat(int fd, struct stat *st) {
  int owner;
  void *f;
  static const auto libc =
      ito::platform::next_definition<int (*)(int, struct stat *)>("fstat");
  if (!elsewhere(fd, owner, f))
    return libc(fd, st);
  size_t got = 0;
  const int64_t r = ps::at_owner(owner, ps::op::fd_fstat, f, 0, 0, nullptr, 0,
                                 st, sizeof *st, &got);
  if (r < 0 || got != sizeof *st) {
    errno = r < 0 ? static_cast<int>(-r) : EIO;
    return -1;
  }
  return 0;
}
int fstat64(int fd, struct stat64 *st) {
  static_assert(sizeof(struct stat64) == sizeof(struct stat));
  return fstat(fd, reinterpret_cast<struct stat *>(st));
}

int fsync(int fd) {
  int owner;
  void *f;
  static const auto libc =
      ito::platform::next_definition<int (*)(int)>("fsync");
  if (!elsewhere(fd, owner, f))
    return libc(fd);
  const int64_t r = ps::at_owner(owner, ps::op::fd_fsync, f);
  return r < 0 ? (errno = static_cast<int>(-r), -1) : 0;
}

int ftruncate(int fd, off_t length) {
  int owner;
  void *f;
  static const auto libc =
      ito::platform::next_definition<int (*)(int, off_t)>("ftruncate");
  if (!elsewhere(fd, owner, f))
    return libc(fd, length);
  const int64_t r = ps::at_owner(owner, ps::op::fd_ftruncate, f, length);
  return r < 0 ? (errno = static_cast<int>(-r), -1) : 0;
}
int ftruncate64(int fd, off64_t length) { return ftruncate(fd, length); }

} // extern "C"
