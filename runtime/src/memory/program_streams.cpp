#include "memory/program_streams.hpp"

#include "comm/dispatch.hpp"
#include "comm/endpoint.hpp"
#include "comm/node_mailbox.hpp"
#include "memory/memory.hpp"
#include "platform/error.hpp"
#include "platform/kept_until_exit.hpp"
#include "platform/libc_next.hpp"
#include "platform/own_allocations.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <cwchar>
#include <dirent.h>
#include <mpi.h>
#include <sys/stat.h>
#include <vector>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

extern "C" int __cxa_atexit(void (*)(void *), void *, void *);

namespace ito::memory::program_streams {

namespace {

struct request {
  op what;
  uint32_t wants_reply; // 0: posted within the node, nobody waits
  uint64_t file;
  int64_t a, b;
};

// A request with no reply: the owner applies it in order, later.
bool one_way(op o) {
  return o == op::write || o == op::clearerr || o == op::rewinddir;
}

void append(std::vector<char> &v, const void *p, std::size_t n) {
  const char *c = static_cast<const char *>(p);
  v.insert(v.end(), c, c + n);
}

// The descriptor a request on one is about: a raw one, or its stream's.
int descriptor_of(const request &q) {
  return q.file < raw_limit ? static_cast<int>(q.file)
                            : fileno(reinterpret_cast<FILE *>(q.file));
}

// The owner's side: o on one of its own streams.
void apply(const request &q, const char *in, std::size_t in_len,
           std::vector<char> &reply) {
  FILE *f = reinterpret_cast<FILE *>(q.file);
  int64_t value = 0;
  const std::size_t at = reply.size();
  reply.resize(at + sizeof value);
  switch (q.what) {
  case op::write:
    value = static_cast<int64_t>(std::fwrite(in, 1, in_len, f));
    break;
  case op::flush:
    value = std::fflush(f);
    break;
  case op::close:
    value = std::fclose(f);
    break;
  case op::gets: {
    const std::size_t n =
        std::min<std::size_t>(static_cast<std::size_t>(q.a), max_chunk);
    reply.resize(at + sizeof value + n);
    char *line = reply.data() + at + sizeof value;
    value = std::fgets(line, static_cast<int>(n), f) != nullptr;
    reply.resize(value ? at + sizeof value + std::strlen(line)
                       : at + sizeof value);
    break;
  }
  case op::read: {
    const std::size_t n =
        std::min<std::size_t>(static_cast<std::size_t>(q.a), max_chunk);
    reply.resize(at + sizeof value + n);
    const std::size_t got =
        std::fread(reply.data() + at + sizeof value, 1, n, f);
    reply.resize(at + sizeof value + got);
    value = static_cast<int64_t>(got);
    break;
  }
  case op::getc:
    value = std::fgetc(f);
    break;
  case op::ungetc:
    value = std::ungetc(static_cast<int>(q.a), f);
    break;
  case op::tell:
    value = ftello(f);
    break;
  case op::seek:
    value = fseeko(f, q.a, static_cast<int>(q.b));
    break;
  case op::eof:
    value = std::feof(f);
    break;
  case op::error:
    value = std::ferror(f);
    break;
  case op::clearerr:
    std::clearerr(f);
    break;
  case op::getwc:
    value = static_cast<int64_t>(std::fgetwc(f));
    break;
  case op::putwc:
    value = static_cast<int64_t>(std::fputwc(static_cast<wchar_t>(q.a), f));
    break;
  case op::ungetwc:
    value = static_cast<int64_t>(std::ungetwc(static_cast<wint_t>(q.a), f));
    break;
  case op::readdir: {
    DIR *d = reinterpret_cast<DIR *>(q.file);
    errno = 0;
    if (const struct dirent *e = ::readdir(d)) {
      // The entry up to its name's end: what the asker's copy needs.
      const std::size_t n =
          offsetof(struct dirent, d_name) + std::strlen(e->d_name) + 1;
      append(reply, e, std::min(n, sizeof *e));
      value = 1;
    }
    break;
  }
  case op::closedir:
    value = ::closedir(reinterpret_cast<DIR *>(q.file));
    break;
  case op::rewinddir:
    ::rewinddir(reinterpret_cast<DIR *>(q.file));
    break;
  case op::telldir:
    value = ::telldir(reinterpret_cast<DIR *>(q.file));
    break;
  case op::seekdir:
    ::seekdir(reinterpret_cast<DIR *>(q.file), static_cast<long>(q.a));
    break;
  case op::fd_write: {
    const int fd = descriptor_of(q);
    std::size_t done = 0;
    while (done < in_len) {
      const ssize_t n = ::write(fd, in + done, in_len - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      done += static_cast<std::size_t>(n);
    }
    value = done == in_len || done ? static_cast<int64_t>(done) : -1;
    break;
  }
  case op::fd_read: {
    const std::size_t n =
        std::min<std::size_t>(static_cast<std::size_t>(q.a), max_chunk);
    reply.resize(at + sizeof value + n);
    ssize_t got;
    do
      got = ::read(descriptor_of(q), reply.data() + at + sizeof value, n);
    while (got < 0 && errno == EINTR);
    reply.resize(at + sizeof value + (got > 0 ? std::size_t(got) : 0));
    value = got;
    break;
  }
  case op::fd_seek:
    value = ::lseek(descriptor_of(q), q.a, static_cast<int>(q.b));
    break;
  case op::fd_close:
    value = ::close(descriptor_of(q));
    break;
  case op::fd_pread: {
    const std::size_t n =
        std::min<std::size_t>(static_cast<std::size_t>(q.a), max_chunk);
    reply.resize(at + sizeof value + n);
    ssize_t got;
    do
      got = ::pread(descriptor_of(q), reply.data() + at + sizeof value, n,
                    static_cast<off_t>(q.b));
    while (got < 0 && errno == EINTR);
    reply.resize(at + sizeof value + (got > 0 ? std::size_t(got) : 0));
    value = got < 0 ? -errno : got;
    break;
  }
  case op::fd_pwrite: {
    ssize_t n;
    do
      n = ::pwrite(descriptor_of(q), in, in_len, static_cast<off_t>(q.b));
    while (n < 0 && errno == EINTR);
    value = n < 0 ? -errno : n;
    break;
  }
  case op::fd_fstat: {
    struct stat st;
    value = ::fstat(descriptor_of(q), &st) < 0 ? -errno : 0;
    if (value == 0)
      append(reply, &st, sizeof st);
    break;
  }
  case op::fd_fsync:
    value = ::fsync(descriptor_of(q)) < 0 ? -errno : 0;
    break;
  case op::fd_ftruncate:
    value =
        ::ftruncate(descriptor_of(q), static_cast<off_t>(q.a)) < 0 ? -errno : 0;
    break;
  case op::setenv: {
    static const auto libc_setenv =
        platform::next_definition<int (*)(const char *, const char *, int)>(
            "setenv");
    value = libc_setenv(in, in + std::strlen(in) + 1, static_cast<int>(q.a));
    break;
  }
  case op::unsetenv: {
    static const auto libc_unsetenv =
        platform::next_definition<int (*)(const char *)>("unsetenv");
    value = libc_unsetenv(in);
    break;
  }
  case op::chdir: {
    static const auto libc_chdir =
        platform::next_definition<int (*)(const char *)>("chdir");
    value = libc_chdir(in);
    break;
  }
  case op::umask: {
    // (The C library's: libito's would tell the others again.)
    static const auto libc_umask =
        platform::next_definition<mode_t (*)(mode_t)>("umask");
    libc_umask(static_cast<mode_t>(q.a));
    break;
  }
  case op::sigaction: {
    static const auto libc_sigaction = platform::next_definition<int (*)(
        int, const struct sigaction *, struct sigaction *)>("sigaction");
    struct sigaction act;
    std::memcpy(&act, in, std::min(in_len, sizeof act));
    value = libc_sigaction(static_cast<int>(q.a), &act, nullptr);
    break;
  }
  case op::setlocale: {
    static const auto libc_setlocale =
        platform::next_definition<char *(*)(int, const char *)>("setlocale");
    value = libc_setlocale(static_cast<int>(q.a), in) != nullptr;
    break;
  }
  case op::reopen: {
    static const auto libc_freopen =
        platform::next_definition<FILE *(*)(const char *, const char *,
                                            FILE *)>("freopen");
    FILE *s = q.a == 1 ? stdout : stderr;
    std::fflush(s);
    value = libc_freopen(in + std::strlen(in) + 1, in, s) != nullptr;
    // Whole lines, as every process's copy writes them.
    std::setvbuf(s, nullptr, _IOLBF, BUFSIZ);
    break;
  }
  case op::atexit: // (b: the handler's argument)
    value = __cxa_atexit(reinterpret_cast<void (*)(void *)>(q.a),
                         reinterpret_cast<void *>(q.b), nullptr);
    break;
  }
  std::memcpy(reply.data() + at, &value, sizeof value);
}

bool serve(int, const comm::msg_header &h, const char *payload,
           std::vector<char> &reply) {
  memory_system *m = the_memory_or_null();
  if (m)
    // What this node's processes asked before this request (a write
    // before the fork whose continuation sent it) comes first.
    comm::serve_node_mailbox(m->comm());
  request q;
  std::memcpy(&q, payload, sizeof q);
  reply.clear();
  apply(q, payload + sizeof q, h.size - sizeof q, reply);
  return q.wants_reply != 0;
}

} // namespace

void everywhere(op o, int64_t a, const void *in, std::size_t in_len) {
  memory_system *m = the_memory_or_null();
  if (!m || !program_memory::on_heap_thread)
    return;
  if (in_len > max_chunk)
    platform::fatal("a task changes the environment, the directory or the "
                    "locale with %zu bytes, more than the %zu that go to "
                    "the other processes; use shorter names and values",
                    in_len, max_chunk);
  const int n = m->comm().topo().n_ranks();
  for (int r = 0; r < n; r++)
    if (r != m->rank())
      at_owner(r, o, nullptr, a, 0, in, in_len);
}

int stdin_elsewhere() {
  if (!program_memory::on_heap_thread)
    return -1;
  memory_system *m = the_memory_or_null();
  return m && m->rank() != 0 ? 0 : -1;
}

int owner_elsewhere_slow(const void *f) {
  memory_system *m = the_memory_or_null();
  if (!m)
    return -1;
  const global_view &v = m->view();
  if (!v.in_noncollective(f))
    return -1;
  const int owner = v.noncollective_owner(f);
  if (owner != m->rank())
    return owner;
  comm::serve_node_mailbox(m->comm());
  return -1;
}

int64_t at_owner(int owner, op o, void *f, int64_t a, int64_t b, const void *in,
                 std::size_t in_len, void *out, std::size_t out_cap,
                 std::size_t *out_len) {
  platform::own_allocation_scope
      runtime_buffers; // (the message carries the data)
  memory_system &m = *the_memory_or_null();
  comm::endpoint &e = m.comm();
  static thread_local platform::kept_until_exit<std::vector<char>> msg_buf,
      reply_buf;
  std::vector<char> &msg = *msg_buf, &reply = *reply_buf;
  msg.clear();
  const bool posted = e.on_this_node(owner) && one_way(o);
  const request q{o, posted ? 0u : 1u, reinterpret_cast<uint64_t>(f), a, b};
  const comm::msg_header h{comm::msg_kind::stream,
                           static_cast<uint32_t>(sizeof q + in_len), 0, 0};
  append(msg, &h, sizeof h);
  append(msg, &q, sizeof q);
  append(msg, in, in_len);
  if (posted) {
    comm::post_to_node_peer(e, owner, msg.data(), msg.size());
    return static_cast<int64_t>(in_len);
  }
  if (e.on_this_node(owner)) {
    comm::call_node_peer(e, owner, msg.data(), msg.size(), reply);
  } else {
    e.net().call(owner, msg.data(), msg.size(), reply);
  }
  int64_t value = 0;
  if (reply.size() < sizeof value)
    platform::fatal("a malformed reply from process %d to a request on one "
                    "of its streams",
                    owner);
  std::memcpy(&value, reply.data(), sizeof value);
  const std::size_t n =
      std::min(reply.size() - sizeof value, out ? out_cap : 0);
  if (n)
    std::memcpy(out, reply.data() + sizeof value, n);
  if (out_len)
    *out_len = n;
  return value;
}

namespace {
struct stand_in {
  int owner;
  void *f;
};
// Kept until exit: a static destructor's stream operations use it.
std::vector<stand_in> &stand_ins() {
  static platform::kept_until_exit<std::vector<stand_in>> v;
  return *v;
}
} // namespace

int stand_in_descriptor(int owner, void *f) {
  std::size_t i = 0;
  while (i < stand_ins().size() &&
         (stand_ins()[i].owner != owner || stand_ins()[i].f != f))
    i++;
  if (i == stand_ins().size())
    stand_ins().push_back(stand_in{owner, f});
  return first_stand_in + static_cast<int>(i);
}

bool stream_of_stand_in(int fd, int *owner, void **f) {
  const std::size_t i = static_cast<std::size_t>(fd - first_stand_in);
  if (fd < first_stand_in || i >= stand_ins().size()) {
    errno = EBADF;
    return false;
  }
  *owner = stand_ins()[i].owner;
  *f = stand_ins()[i].f;
  return true;
}

void unsupported(int owner, const char *function) {
  memory_system *m = the_memory_or_null();
  if (owner == 0 && std::strstr(function, "stdin"))
    platform::fatal(
        "process %d: a task reads standard input with %s, in a process "
        "other than 0; standard input is process 0's, and %s cannot be done "
        "there on behalf of another process. Read the input in main, or "
        "read lines with fgets() and parse them with sscanf()",
        m ? m->rank() : -1, function, function);
  platform::fatal(
      "process %d: a task calls %s() on a FILE that process %d opened. A "
      "stream belongs to the process that opened it, and %s() cannot be "
      "done there on behalf of another one. Use the stream in the task "
      "that opened it (for example in main before spawning), or read "
      "lines with fgets() and parse them with sscanf()",
      m ? m->rank() : -1, function, owner, function);
}

namespace {
// Process r's descriptors are [first_job_descriptor + r * per_process, ...),
// at the top of the descriptor limit that every process can reach.
constexpr int per_process = 256;
int first_job_descriptor = 0;
bool job_descriptors = false;
int job_rank = 0, job_ranks = 1;
} // namespace

int job_descriptor(int fd) {
  // (0, 1 and 2 stay: `close(1); open(...)` makes a new standard output.)
  if (fd <= 2 || !job_descriptors || !program_memory::on_heap_thread)
    return fd;
  const int lo = first_job_descriptor + job_rank * per_process;
  const int flags = fcntl(fd, F_GETFD);
  const int moved = fcntl(
      fd, (flags > 0 && (flags & FD_CLOEXEC)) ? F_DUPFD_CLOEXEC : F_DUPFD, lo);
  if (moved < 0)
    return fd;
  if (moved >= lo + per_process) {
    // (Its range is full: it stays this process's alone.)
    ::close(moved);
    return fd;
  }
  ::close(fd);
  return moved;
}

int descriptor_owner_elsewhere(int fd) {
  if (!job_descriptors || fd < first_job_descriptor ||
      fd >= first_job_descriptor + job_ranks * per_process)
    return -1;
  const int owner = (fd - first_job_descriptor) / per_process;
  return owner == job_rank ? -1 : owner;
}

void install(int rank, int n_ranks, MPI_Comm world) {
  comm::set_handler(comm::msg_kind::stream, serve);
  job_rank = rank;
  job_ranks = n_ranks;
  if (job_ranks == 1)
    return;
  // The ranges sit below the lowest hard descriptor limit of the job, far
  // above what the kernel hands out (the lowest free number) to a program
  // that keeps fewer than 4096 files open.
  rlimit l{};
  int top = getrlimit(RLIMIT_NOFILE, &l) == 0
                ? static_cast<int>(std::min<rlim_t>(l.rlim_max, 1 << 20))
                : 0;
  MPI_Allreduce(MPI_IN_PLACE, &top, 1, MPI_INT, MPI_MIN, world);
  const int first = top - job_ranks * per_process;
  int ok = first >= 4096;
  if (ok && l.rlim_cur < static_cast<rlim_t>(top)) {
    l.rlim_cur = static_cast<rlim_t>(top);
    ok = setrlimit(RLIMIT_NOFILE, &l) == 0;
  }
  MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, world);
  first_job_descriptor = first;
  job_descriptors = ok != 0;
}

} // namespace ito::memory::program_streams
