#include "memory/program_globals.hpp"

#include "memory/memory.hpp"
#include "platform/error.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

// Defined by ito-cc's linker script (ito-globals.ld); weak, so a program
// linked without it has no shared globals.
extern "C" {
extern char __ito_globals_begin[] __attribute__((weak));
extern char __ito_globals_end[] __attribute__((weak));
extern char __ito_zglobals_begin[] __attribute__((weak));
extern char __ito_zglobals_end[] __attribute__((weak));
extern char __ito_gscalars_end[] __attribute__((weak));
extern char __ito_zscalars_end[] __attribute__((weak));
}

namespace ito::memory {

globals_layout program_globals_layout() {
  globals_layout g;
  if (__ito_globals_begin && __ito_zglobals_begin) {
    g.data_begin = __ito_globals_begin;
    g.data_end = __ito_globals_end;
    g.zero_begin = __ito_zglobals_begin;
    g.zero_end = __ito_zglobals_end;
    // (A program linked by an older script has no scalars' part.)
    g.data_scalars_end = __ito_gscalars_end ? __ito_gscalars_end : g.data_begin;
    g.zero_scalars_end = __ito_zscalars_end ? __ito_zscalars_end : g.zero_begin;
  }
  return g;
}

// Both ranges over the home segment fd, the initialized part first.
void memory_system::map_globals(const globals_layout &g, int fd) {
  const std::size_t zero_size = g.size() - g.data_size();
  if (g.data_size())
    view_->map(g.data_begin, g.data_size(), fd, 0, "the program's globals",
               /*counted=*/false);
  if (zero_size)
    view_->map(g.zero_begin, zero_size, fd, g.data_size(),
               "the program's globals", /*counted=*/false);
}

void memory_system::share_globals() {
  const globals_layout g = program_globals_layout();
  if (g.size() == 0 || globals_.size() != 0)
    return;
  const std::size_t zero_size = g.size() - g.data_size();
  const bool home_here = homes_->on_node(0);
  if (!home_here && (opts_.block_size > globals_alignment))
    platform::fatal("ITO_BLOCK_SIZE=%zu KiB is larger than the alignment of "
                    "the program's globals (%zu KiB) that processes on "
                    "other nodes fetch; use ITO_BLOCK_SIZE=%zuk or less",
                    opts_.block_size >> 10, globals_alignment >> 10,
                    globals_alignment >> 10);
  const std::string name = homes_->segment_name(0, "globals");
  MPI_Comm node = topo_.node_comm();
  char *alias = nullptr;
  if (topo_.rank() == 0) {
    const int fd = shm_open(name.c_str(), O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0 || ftruncate(fd, static_cast<off_t>(g.size())) != 0)
      platform::fatal("cannot create shared memory %s for the program's "
                      "globals (%zu KiB): %s (is /dev/shm full?)",
                      name.c_str(), g.size() >> 10, std::strerror(errno));
    void *a =
        mmap(nullptr, g.size(), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (a == MAP_FAILED)
      platform::fatal("cannot map the program's globals: %s",
                      std::strerror(errno));
    alias = static_cast<char *>(a);
    std::memcpy(alias, g.data_begin, g.data_size());
    std::memcpy(alias + g.data_size(), g.zero_begin, zero_size);
    map_globals(g, fd);
    close(fd);
  }
  MPI_Barrier(node);
  if (topo_.rank() != 0 && home_here) {
    const int fd = shm_open(name.c_str(), O_RDWR, 0600);
    if (fd < 0)
      platform::fatal("cannot open shared memory %s for the program's "
                      "globals: %s",
                      name.c_str(), std::strerror(errno));
    map_globals(g, fd);
    close(fd);
  }
  MPI_Barrier(node);
  if (topo_.rank() == 0)
    shm_unlink(name.c_str());
  if (!home_here) {
    // Rank 0's values arrive on the first touch of each block.
    if (g.data_size())
      view_->unmap(g.data_begin, g.data_size(), /*counted=*/false);
    if (zero_size)
      view_->unmap(g.zero_begin, zero_size, /*counted=*/false);
  }
  homes_->set_globals(alias, g.size());
  globals_ = g;
  MPI_Barrier(topo_.world());
}

} // namespace ito::memory
