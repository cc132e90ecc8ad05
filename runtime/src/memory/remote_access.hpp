// Global memory between nodes: fetches, write-backs, frees and
// collective-table operations shipped to the rank that owns the data, over
// the runtime's transport (comm/transport.hpp), and served there when it
// polls. Within a node nothing here is used: home memory is mapped in place.
#pragma once

#include "memory/atomic_ops.hpp"
#include "memory/collective.hpp"
#include "memory/home.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ito::comm {
class transport;
} // namespace ito::comm

namespace ito::memory {

enum class mem_op : uint32_t {
  fetch,              // -> the bytes
  write,              // + bytes -> (empty)
  write_runs,         // + runs {uint32 offset, uint32 length, bytes} -> (empty)
  free,               // one-way: free a noncollective object
  free_many,          // one-way: + uint64 offsets, free each
  coll_alloc,         // (rank 0) -> coll_desc
  coll_free,          // (rank 0) -> the freed coll_desc
  coll_lookup,        // (rank 0) -> coll_desc (live == 0: none)
  coll_alloc_program, // (rank 0) -> coll_desc (live == 0: no room)
  atomic,             // + atomic_args -> the old value (uint64)
};

// Requests whose replies are collected later, in order, per target.
void begin_fetch(comm::transport &net, const home_loc &h, std::size_t len);
void finish_fetch(comm::transport &net, int rank, void *dst, std::size_t len);
void begin_write(comm::transport &net, const home_loc &h, const void *src,
                 std::size_t len);
void finish_write(comm::transport &net, int rank);
// Many short writes into one memory block at h, in one message built in
// place (no copy of a block's worth of bytes): write_runs_header_size()
// bytes that this fills in, then a sequence of {uint32 offset from h,
// uint32 length, the bytes}. Finished by finish_write.
std::size_t write_runs_header_size();
void begin_write_runs(comm::transport &net, const home_loc &h,
                      std::vector<char> &&message);

// Does an atomic operation at its home h and returns the old value.
uint64_t remote_atomic(comm::transport &net, const home_loc &h,
                       const atomic_args &a);

void post_free(comm::transport &net, int rank, uint64_t offset);
// Frees n objects of rank's at these offsets in its slice, in one message.
void post_frees(comm::transport &net, int rank, const uint64_t *offsets,
                std::size_t n);
coll_desc call_collective(comm::transport &net, mem_op op, uint64_t a,
                          uint64_t b);

// Installs the handler that serves these requests on this rank.
void install_memory_handler();

} // namespace ito::memory
