// Storage for the locals and alloca'd memory the translator promotes
// (Rewrite/EmitPromotion): the program's heap, which every process reaches
// at the same address, instead of the stack of the process running the
// frame.
#include "platform/error.hpp"

#include <ito/cilk_abi.h>

#include <cstddef>
#include <cstdlib>

namespace {

// alloca's memory, 16-byte aligned after the link to the previous block.
struct alloca_block {
  alloca_block *next;
  void *pad;
};
static_assert(sizeof(alloca_block) == 16, "keeps alloca's 16-byte alignment");

[[noreturn]] void out_of_memory(std::size_t size, const char *what) {
  ito::platform::fatal("out of memory for %zu bytes of %s moved off the "
                       "stack so that tasks in any process reach it; raise "
                       "ITO_HEAP_SIZE",
                       size, what);
}

} // namespace

extern "C" {

void *ito_promote(size_t size, size_t align) {
  void *p = align <= alignof(std::max_align_t)
                ? std::malloc(size ? size : 1)
                : std::aligned_alloc(align, (size + align - 1) / align * align);
  if (!p)
    out_of_memory(size, "a local variable");
  return p;
}

void ito_unpromote(void **holder) { std::free(*holder); }

void *ito_promote_alloca(void **list, size_t size) {
  auto *b =
      static_cast<alloca_block *>(std::malloc(sizeof(alloca_block) + size));
  if (!b)
    out_of_memory(size, "alloca");
  b->next = static_cast<alloca_block *>(*list);
  *list = b;
  return b + 1;
}

void ito_unpromote_allocas(void **list) {
  auto *b = static_cast<alloca_block *>(*list);
  while (b) {
    alloca_block *next = b->next;
    std::free(b);
    b = next;
  }
}

} // extern "C"
