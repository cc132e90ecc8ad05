#include "platform/same_address.hpp"

#include "platform/environment.hpp"
#include "platform/error.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <string>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace {

// Re-executes /proc/self/exe with ADDR_NO_RANDOMIZE, before main and before
// MPI starts (the launcher's environment and file descriptors carry over).
// ITO_REEXEC=0 turns this off. A marker variable, holding the process's name,
// prevents loops where personality(2) is not allowed.
__attribute__((constructor(101))) void ito_disable_aslr() {
  if (const char *name = ito::platform::env_value("ITO_REEXECED")) {
    // The kernel named the re-executed process after the file it ran,
    // "exe"; ps, top and pkill should see the program's name. The marker
    // must not reach the program's own children.
    char comm[16] = {};
    std::strncpy(comm, name, sizeof comm - 1);
    if (comm[0])
      prctl(PR_SET_NAME, comm, 0, 0, 0);
    unsetenv("ITO_REEXECED");
    return;
  }
  const char *off = ito::platform::env_value("ITO_REEXEC");
  if (off && std::strcmp(off, "0") == 0)
    return;
  // An unlimited stack (ulimit -s unlimited) makes the kernel lay out
  // mappings bottom-up, over the ranges that ito maps at fixed addresses:
  // a generous finite limit instead (tasks run on ito's own stacks).
  rlimit stack{};
  bool finite_stack = false;
  if (getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur == RLIM_INFINITY) {
    rlimit finite = stack;
    finite.rlim_cur = rlim_t(1) << 30;
    finite_stack = setrlimit(RLIMIT_STACK, &finite) == 0;
  }
  int pers = personality(0xffffffff);
  if (pers == -1)
    return;
  if (!(pers & ADDR_NO_RANDOMIZE) &&
      personality(static_cast<unsigned long>(pers) | ADDR_NO_RANDOMIZE) == -1 &&
      !finite_stack)
    return;
  if ((pers & ADDR_NO_RANDOMIZE) && !finite_stack)
    return;

  // argv from /proc/self/cmdline (NUL-separated).
  std::string cmdline;
  int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  char buf[4096];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;)
    cmdline.append(buf, static_cast<size_t>(n));
  close(fd);
  std::vector<char *> argv;
  for (size_t i = 0; i < cmdline.size(); i += std::strlen(&cmdline[i]) + 1)
    argv.push_back(&cmdline[i]);
  argv.push_back(nullptr);

  char comm[16] = {};
  if (prctl(PR_GET_NAME, comm, 0, 0, 0) != 0 || !comm[0])
    std::strcpy(comm, "ito");
  setenv("ITO_REEXECED", comm, 1);
  execve("/proc/self/exe", argv.data(), environ);
  // execve failed: carry on with randomization; verification will report.
  unsetenv("ITO_REEXECED");
  personality(static_cast<unsigned long>(pers));
}

struct layout {
  uint64_t exe_dev, exe_ino, exe_size, exe_mtime;
  uint64_t code;    // an address in the program (libito is linked into it)
  uint64_t libc;    // an address in the C library
  uint64_t data;    // a static variable
  uint64_t no_aslr; // ADDR_NO_RANDOMIZE in effect
};

int layout_marker;

layout my_layout() {
  layout l{};
  struct stat st {};
  if (stat("/proc/self/exe", &st) == 0) {
    l.exe_dev = st.st_dev;
    l.exe_ino = st.st_ino;
    l.exe_size = static_cast<uint64_t>(st.st_size);
    l.exe_mtime = static_cast<uint64_t>(st.st_mtime);
  }
  l.code = reinterpret_cast<uint64_t>(&my_layout);
  l.libc = reinterpret_cast<uint64_t>(dlsym(RTLD_DEFAULT, "memcpy"));
  l.data = reinterpret_cast<uint64_t>(&layout_marker);
  int pers = personality(0xffffffff);
  l.no_aslr = pers != -1 && (pers & ADDR_NO_RANDOMIZE);
  return l;
}

} // namespace

namespace ito::platform {

void verify_same_layout(MPI_Comm world) {
  int rank = 0, size = 1;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &size);
  layout mine = my_layout();
  std::vector<layout> all(static_cast<size_t>(size));
  MPI_Allgather(&mine, sizeof(layout), MPI_BYTE, all.data(), sizeof(layout),
                MPI_BYTE, world);
  if (rank != 0)
    return MPI_Barrier(world), void();
  const layout &r0 = all[0];
  for (int r = 1; r < size; r++) {
    const layout &l = all[static_cast<size_t>(r)];
    if (l.exe_size != r0.exe_size || l.exe_mtime != r0.exe_mtime)
      fatal("rank %d runs a different executable than rank 0 (size %llu vs "
            "%llu bytes): every rank must run the same build of the program",
            r, static_cast<unsigned long long>(l.exe_size),
            static_cast<unsigned long long>(r0.exe_size));
    if (l.code != r0.code || l.libc != r0.libc || l.data != r0.data) {
      bool randomized = !l.no_aslr || !r0.no_aslr;
      fatal("rank %d has the program at different addresses than rank 0 "
            "(code %#llx vs %#llx, C library %#llx vs %#llx): %s",
            r, static_cast<unsigned long long>(l.code),
            static_cast<unsigned long long>(r0.code),
            static_cast<unsigned long long>(l.libc),
            static_cast<unsigned long long>(r0.libc),
            randomized ? "address randomization could not be turned off "
                         "(was ITO_REEXEC=0 set, or personality(2) denied?)"
                       : "the ranks load different libraries; run the same "
                         "binary with the same environment on every node");
    }
  }
  MPI_Barrier(world);
}

} // namespace ito::platform
