// Storage for the locals and alloca'd memory the translator promotes
// (Rewrite/EmitPromotion): the program's heap, which every process reaches
// at the same address, instead of the stack of the process running the
// frame.
#include "platform/error.hpp"

#include <ito/cilk_abi.h>

#include <ito/ito.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace {

// alloca's memory, 16-byte aligned after the link to the previous block.
struct alloca_block {
  alloca_block *next;
  void *pad;
};
static_assert(sizeof(alloca_block) == 16, "keeps alloca's 16-byte alignment");

// Promoted locals come and go with their scopes, often in a loop or a
// recursion: the common small ones are kept per process, by size class, in
// a cache of blocks this process allocated (a malloc and a free of the
// program's heap cost about 11 ns; the cache, a few). Each block starts
// with a header that says how to give it back.
struct header {
  int32_t size_class; // -1: not cached
  int32_t rank;       // the process that allocated it
  uint32_t offset;    // from the start of the allocation to the storage
  uint32_t pad;       // keeps the storage 16-byte aligned
};
constexpr std::size_t header_size = sizeof(header);
static_assert(header_size == 16, "keeps promoted storage 16-byte aligned");

constexpr std::array<std::size_t, 4> block_classes{32, 64, 128, 256};

int class_of(std::size_t size) {
  int c = 0;
  while (block_classes[static_cast<std::size_t>(c)] < size)
    c++;
  return c;
}

// One process runs one task at a time: no locking.
struct free_list {
  static constexpr int capacity = 64;
  int count = 0;
  header *blocks[capacity];
};
free_list cache[block_classes.size()];

int32_t this_rank() {
  static int32_t rank = -1;
  if (rank < 0 && ito_is_initialized())
    rank = ito_rank();
  return rank;
}

[[noreturn]] void out_of_memory(std::size_t size, const char *what) {
  ito::platform::fatal("out of memory for %zu bytes of %s moved off the "
                       "stack so that tasks in any process reach it; raise "
                       "ITO_HEAP_SIZE",
                       size, what);
}

} // namespace

extern "C" {

void *ito_promote(size_t size, size_t align) {
  if (size <= block_classes.back() && align <= header_size) {
    const int c = class_of(size);
    free_list &list = cache[c];
    header *h = list.count ? list.blocks[--list.count]
                           : static_cast<header *>(
                                 std::malloc(header_size + block_classes[c]));
    if (!h)
      out_of_memory(size, "a local variable");
    h->size_class = c;
    h->rank = this_rank();
    h->offset = header_size;
    return reinterpret_cast<char *>(h) + header_size;
  }
  // Larger or over-aligned: the header just before the aligned storage.
  const size_t a = align < header_size ? header_size : align;
  char *block =
      static_cast<char *>(std::aligned_alloc(a, (a + size + a - 1) / a * a));
  if (!block)
    out_of_memory(size, "a local variable");
  auto *h = reinterpret_cast<header *>(block + a - header_size);
  h->size_class = -1;
  h->rank = this_rank();
  h->offset = static_cast<uint32_t>(a);
  return block + a;
}

void *ito_promote_literal(void **slot, const void *value, size_t size,
                          size_t align) {
  if (!*slot)
    *slot = ito_promote(size, align);
  std::memcpy(*slot, value, size);
  return *slot;
}

void ito_unpromote(void **holder) {
  char *p = static_cast<char *>(*holder);
  if (!p) // a compound literal's slot, its block left before it was made
    return;
  auto *h = reinterpret_cast<header *>(p - header_size);
  // Kept for the next local of its class if this process allocated it (its
  // home is here) and the cache has room.
  if (h->size_class >= 0 && h->rank >= 0 && h->rank == this_rank()) {
    free_list &list = cache[h->size_class];
    if (list.count < free_list::capacity) {
      list.blocks[list.count++] = h;
      return;
    }
  }
  std::free(p - h->offset);
}

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
