// A protection fault in the global view is a use of global memory outside
// a checkout (or of memory that was never allocated or is freed): the
// scheduler's fault handler asks here for a message naming the address and
// the allocation it falls in.
#pragma once

#include <cstddef>

namespace ito::memory {

// Writes the explanation of a fault at addr into buf and returns true if
// addr is in the global view; false otherwise (or before the memory system
// exists). Uses only what this process knows: no communication.
// bus_error: SIGBUS (the shared memory behind the address could not be
// backed) rather than SIGSEGV.
bool explain_fault(const void *addr, bool bus_error, char *buf,
                   std::size_t size);

} // namespace ito::memory
