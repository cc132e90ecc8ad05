// Allocations the runtime makes for itself while tasks run: the buffers of
// messages that MPI reads and writes, the fault handler's. They must stay
// in this process's own heap: a large one would otherwise be spread over
// the processes like a large array of the program
// (memory/distributed_allocation.cpp), and MPI, touching a part that is
// another node's, would fault inside its own progress engine.
#pragma once

namespace ito::platform {

// How many scopes of the runtime's own allocations are open.
inline int own_allocations = 0;

// Opens one for its lifetime.
struct own_allocation_scope {
  own_allocation_scope() { own_allocations++; }
  ~own_allocation_scope() { own_allocations--; }
  own_allocation_scope(const own_allocation_scope &) = delete;
  own_allocation_scope &operator=(const own_allocation_scope &) = delete;
};

} // namespace ito::platform
