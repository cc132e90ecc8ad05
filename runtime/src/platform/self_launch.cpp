#include "platform/self_launch.hpp"

#include "platform/error.hpp"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

namespace ito::platform {

namespace {

// What MPICH's and Open MPI's launchers give every process they start.
bool started_by_a_launcher() {
  for (const char *var : {"PMI_RANK", "PMI_SIZE", "PMI_FD", "PMIX_RANK",
                          "OMPI_COMM_WORLD_SIZE", "MPI_LOCALNRANKS"})
    if (std::getenv(var))
      return true;
  return false;
}

} // namespace

void launch_self_if_asked(int argc, char **argv, const char *launcher) {
  const char *workers = std::getenv("CILK_NWORKERS");
  if (!workers || started_by_a_launcher())
    return;
  char *end = nullptr;
  errno = 0;
  const long n = std::strtol(workers, &end, 10);
  if (end == workers || *end || errno || n < 1 || n > INT_MAX)
    fatal("CILK_NWORKERS=%s: the number of processes to run on, a positive "
          "integer",
          workers);
  if (n == 1)
    return;
  if (!launcher || !*launcher || access(launcher, X_OK) != 0)
    fatal("CILK_NWORKERS=%ld asks for %ld processes, but ito-run is not where "
          "the ito-cc that built this program was (%s); run it with "
          "ito-run -n %ld instead",
          n, n, launcher && *launcher ? launcher : "unknown", n);
  char self[PATH_MAX];
  const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  if (len <= 0)
    fatal("cannot find this program's own file to start it on %ld processes "
          "(/proc/self/exe: %s); run it with ito-run -n %ld",
          n, std::strerror(errno), n);
  self[len] = '\0';
  const std::string count = std::to_string(n);
  std::vector<char *> args;
  args.push_back(const_cast<char *>("ito-run"));
  args.push_back(const_cast<char *>("-n"));
  args.push_back(const_cast<char *>(count.c_str()));
  args.push_back(self);
  for (int i = 1; i < argc; i++)
    args.push_back(argv[i]);
  args.push_back(nullptr);
  execv(launcher, args.data());
  fatal("cannot start %s to run on %ld processes: %s", launcher, n,
        std::strerror(errno));
}

} // namespace ito::platform
