#include "platform/shared_environment.hpp"

#include "platform/error.hpp"

#include <cstdint>
#include <cstring>

extern char **environ;

namespace ito::platform {

namespace {

// The pointers, then the strings. Linux limits a new program's arguments
// and environment together to a quarter of its stack limit (2 MiB by
// default); untouched pages of this cost nothing.
constexpr std::size_t block_size = std::size_t(8) << 20;
alignas(16) char block[block_size];

// Packs this process's environment into block; false if it does not fit.
bool pack(uint64_t &used) {
  std::size_t n = 0, chars = 0;
  for (char **e = environ; e && *e; e++, n++)
    chars += std::strlen(*e) + 1;
  const std::size_t table = (n + 1) * sizeof(char *);
  if (table + chars > block_size)
    return false;
  char **pointers = reinterpret_cast<char **>(block);
  char *text = block + table;
  for (std::size_t i = 0; i < n; i++) {
    const std::size_t len = std::strlen(environ[i]) + 1;
    pointers[i] = static_cast<char *>(std::memcpy(text, environ[i], len));
    text += len;
  }
  pointers[n] = nullptr;
  used = static_cast<uint64_t>(text - block);
  return true;
}

} // namespace

void share_first_environment() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  uint64_t used = 0;
  if (rank == 0 && !pack(used))
    used = UINT64_MAX;
  MPI_Bcast(&used, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (used == UINT64_MAX)
    fatal("the environment is larger than %zu MiB, which a Cilk program's "
          "processes share; unset some variables",
          block_size >> 20);
  // The pointers in it are addresses in block, the same in every process.
  MPI_Bcast(block, static_cast<int>(used), MPI_CHAR, 0, MPI_COMM_WORLD);
  environ = reinterpret_cast<char **>(block);
}

} // namespace ito::platform
