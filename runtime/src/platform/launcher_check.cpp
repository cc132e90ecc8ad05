// Launched by a foreign mpiexec (launcher_check.hpp).
#include "platform/launcher_check.hpp"

#include "platform/error.hpp"

#include <mpi.h>

#include <cstdlib>
#include <cstring>

namespace ito::platform {

namespace {

// The job size a launcher gave this process, and whose launcher it was:
// Open MPI's sets OMPI_COMM_WORLD_SIZE, the PMI launchers (MPICH's Hydra,
// Slurm's srun with PMI) set PMI_SIZE. Both are per-process variables of
// a running job, not of a shell.
int launched_size(const char **launcher, const char **variable) {
  static const struct {
    const char *variable, *launcher;
  } known[] = {
      {"OMPI_COMM_WORLD_SIZE", "Open MPI's mpiexec"},
      {"PMI_SIZE", "a PMI launcher (MPICH's mpiexec, srun)"},
  };
  for (const auto &k : known) {
    const char *v = std::getenv(k.variable);
    if (!v || !*v)
      continue;
    char *end = nullptr;
    long n = std::strtol(v, &end, 10);
    if (*end || n < 1)
      continue;
    *launcher = k.launcher;
    *variable = k.variable;
    return static_cast<int>(n);
  }
  return 0;
}

// The first line of MPI's own description of itself ("MPICH Version: ...",
// "Open MPI v4.1.4, ...").
void library_name(char *out, int size) {
  char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int length = 0;
  MPI_Get_library_version(version, &length);
  version[sizeof version - 1] = '\0';
  size_t n = std::strcspn(version, "\n\r\t,");
  if (n >= static_cast<size_t>(size))
    n = static_cast<size_t>(size) - 1;
  std::memcpy(out, version, n);
  out[n] = '\0';
}

} // namespace

void refuse_foreign_launcher(int world_size) {
  const char *launcher = nullptr, *variable = nullptr;
  const int launched = launched_size(&launcher, &variable);
  if (launched <= 1 || launched == world_size)
    return;
  char library[128];
  library_name(library, sizeof library);
  fatal("%s started this program as one of %d processes (%s=%d), but its "
        "MPI library (%s) sees a job of %d: the launcher and the library "
        "the program was built with are different MPI implementations, so "
        "each process would run the whole program alone. Start it with "
        "ito-run, or with the mpiexec of the MPI it was built with",
        launcher, launched, variable, launched, library, world_size);
}

} // namespace ito::platform
