// The atomic operations of a program compiled by ito-cc, as libito exports
// them (c_atomics.cpp): its compiler pass turns each atomic instruction of
// the program into one of these; libito's own code that must be atomic
// between nodes the same way (c_static_locals.cpp) calls them too.
#pragma once

#include <cstdint>

extern "C" {
uint64_t __ito_atomic_rmw(void *p, uint64_t value, uint32_t op, uint32_t size,
                          uint32_t order);
uint64_t __ito_atomic_cas(void *p, uint64_t expected, uint64_t desired,
                          uint32_t size, uint32_t order);
uint64_t __ito_atomic_load(void *p, uint32_t size, uint32_t order);
void __ito_atomic_store(void *p, uint64_t value, uint32_t size, uint32_t order);
void __ito_atomic_fence(uint32_t order);
}
