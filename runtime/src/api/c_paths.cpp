// File names that a program linked with libito hands to the kernel: a path
// in global memory of another node (a local array moved to global memory,
// a name built in a malloc'd buffer) is mapped with no access until a
// first touch fetches it, and the kernel does not fault: open() would fail
// with EFAULT. Each function here copies such a name into this task's own
// frame (reading it faults it in) and passes the copy; any other name goes
// through as it is, after one range check. The C library's own functions
// that open files (fopen, opendir, mkstemp) call the kernel directly, so
// they are here too.
#include "memory/program_memory.hpp"
#include "memory/program_streams.hpp"
#include "platform/libc_next.hpp"

#include <ito/ito.h>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace pm = ito::memory::program_memory;
namespace ps = ito::memory::program_streams;

using ito::platform::next_definition;

namespace {

// A name the kernel can read: path itself, or its copy in buf.
class kernel_path {
public:
  explicit kernel_path(const char *path) : path_(path) {
    if (!path || !pm::in_view(path) || !pm::on_heap_thread)
      return;
    const std::size_t n = strnlen(path, sizeof buf_);
    if (n == sizeof buf_) {
      too_long_ = true;
      return;
    }
    std::memcpy(buf_, path, n + 1);
    path_ = buf_;
  }
  // False (errno ENAMETOOLONG) for a name longer than the kernel takes.
  bool ok() const {
    if (too_long_)
      errno = ENAMETOOLONG;
    return !too_long_;
  }
  const char *get() const { return path_; }

private:
  const char *path_;
  bool too_long_ = false;
  char buf_[PATH_MAX];
};

// open's mode argument, there when the flags create a file. (A descriptor
// the program opens gets a number of the job's: program_streams.hpp.)
mode_t mode_of(int flags, va_list ap) {
  return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE
             ? static_cast<mode_t>(va_arg(ap, int))
             : 0;
}

#define ITO_LIBC(name)                                                         \
  static const auto libc_##name = next_definition<decltype(&::name)>(#name)

// f(path, rest...) with path made readable by the kernel; fail is f's
// failure value.
#define ITO_PATH_CALL(name, fail, path, ...)                                   \
  do {                                                                         \
    ITO_LIBC(name);                                                            \
    const kernel_path p(path);                                                 \
    if (!p.ok())                                                               \
      return fail;                                                             \
    return libc_##name(p.get(), ##__VA_ARGS__);                                \
  } while (0)

// A descriptor that open (or creat) makes for path: the job's number.
template <class Open, class... Rest>
int open_named(Open libc, const char *path, Rest... rest) {
  const kernel_path p(path);
  return p.ok() ? ps::job_descriptor(libc(p.get(), rest...)) : -1;
}

} // namespace

extern "C" {

int open(const char *path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  const mode_t mode = mode_of(flags, ap);
  va_end(ap);
  ITO_LIBC(open);
  return open_named(libc_open, path, flags, mode);
}

int open64(const char *path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  const mode_t mode = mode_of(flags, ap);
  va_end(ap);
  ITO_LIBC(open64);
  return open_named(libc_open64, path, flags, mode);
}

int openat(int dir, const char *path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  const mode_t mode = mode_of(flags, ap);
  va_end(ap);
  ITO_LIBC(openat);
  const kernel_path p(path);
  return p.ok() ? ps::job_descriptor(libc_openat(dir, p.get(), flags, mode))
                : -1;
}

int creat(const char *path, mode_t mode) {
  ITO_LIBC(creat);
  return open_named(libc_creat, path, mode);
}

FILE *fopen(const char *path, const char *mode) {
  ITO_PATH_CALL(fopen, nullptr, path, mode);
}

FILE *fopen64(const char *path, const char *mode) {
  ITO_PATH_CALL(fopen64, nullptr, path, mode);
}

// stdout or stderr sent to a file: every process's, so that what tasks
// print anywhere goes there. All append, line by line, as they do to the
// job's output (the file is truncated once, here, for a "w" mode).
FILE *freopen(const char *path, const char *mode, FILE *f) {
  ITO_LIBC(freopen);
  const kernel_path p(path);
  if (!p.ok())
    return nullptr;
  FILE *r = libc_freopen(p.get(), mode, f);
  if (!r || !path || (f != stdout && f != stderr) || !pm::on_heap_thread ||
      ito_n_ranks() == 1 || (mode[0] != 'w' && mode[0] != 'a'))
    return r;
  std::string append(mode);
  append[0] = 'a';
  if (mode[0] == 'w' && !(r = libc_freopen(p.get(), append.c_str(), f)))
    return nullptr;
  std::setvbuf(f, nullptr, _IOLBF, BUFSIZ);
  std::string request = append + '\0' + p.get() + '\0';
  ps::everywhere(ps::op::reopen, f == stdout ? 1 : 2, request.data(),
                 request.size());
  return r;
}

DIR *opendir(const char *path) { ITO_PATH_CALL(opendir, nullptr, path); }

int stat(const char *path, struct stat *st) {
  ITO_PATH_CALL(stat, -1, path, st);
}

int lstat(const char *path, struct stat *st) {
  ITO_PATH_CALL(lstat, -1, path, st);
}

int access(const char *path, int how) { ITO_PATH_CALL(access, -1, path, how); }

int mkdir(const char *path, mode_t mode) {
  ITO_PATH_CALL(mkdir, -1, path, mode);
}

int rmdir(const char *path) { ITO_PATH_CALL(rmdir, -1, path); }

int unlink(const char *path) { ITO_PATH_CALL(unlink, -1, path); }

int remove(const char *path) { ITO_PATH_CALL(remove, -1, path); }

int truncate(const char *path, off_t size) {
  ITO_PATH_CALL(truncate, -1, path, size);
}

int rename(const char *from, const char *to) {
  ITO_LIBC(rename);
  const kernel_path f(from), t(to);
  return f.ok() && t.ok() ? libc_rename(f.get(), t.get()) : -1;
}

// The template is rewritten in place: on a copy, then back.
int mkstemp(char *name) {
  ITO_LIBC(mkstemp);
  if (!pm::in_view(name) || !pm::on_heap_thread)
    return libc_mkstemp(name);
  char copy[PATH_MAX];
  const std::size_t n = strnlen(name, sizeof copy);
  if (n == sizeof copy) {
    errno = ENAMETOOLONG;
    return -1;
  }
  std::memcpy(copy, name, n + 1);
  const int fd = libc_mkstemp(copy);
  if (fd >= 0)
    std::memcpy(name, copy, n);
  return fd;
}

} // extern "C"
