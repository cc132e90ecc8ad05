// The program heap's allocator on a private region: sizes, alignment,
// reuse, coalescing of page runs, the inbox of blocks freed by others, and
// the message-free paths that tell the caller a pointer is not a block.
#include "memory/program_heap.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <set>
#include <sys/mman.h>
#include <vector>

using ito::memory::program_heap;

namespace {

class ProgramHeap : public testing::Test {
protected:
  static constexpr std::size_t size = std::size_t(64) << 20;
  void SetUp() override {
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    ASSERT_NE(p, MAP_FAILED);
    region = static_cast<char *>(p);
    heap.attach(region, size, &shared);
  }
  void TearDown() override { munmap(region, size); }
  std::size_t usable(const void *p) const {
    return program_heap::usable_size_in(region, size, p);
  }

  char *region = nullptr;
  program_heap::shared_state shared;
  program_heap heap;
};

TEST_F(ProgramHeap, EverySizeGetsDistinctAlignedBlocksThatHoldIt) {
  std::vector<std::pair<char *, std::size_t>> blocks;
  for (std::size_t n : {0, 1, 15, 16, 17, 100, 128, 129, 1000, 4096, 5000,
                        32768, 32769, 100000, 1 << 20}) {
    for (int k = 0; k < 3; k++) {
      char *p = static_cast<char *>(heap.allocate(n));
      ASSERT_NE(p, nullptr) << n;
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 16, 0u) << n;
      EXPECT_GE(usable(p), n) << n;
      std::memset(p, static_cast<int>(blocks.size()), n);
      blocks.emplace_back(p, n);
    }
  }
  // No two blocks overlap: each still holds its own fill.
  for (std::size_t i = 0; i < blocks.size(); i++)
    for (std::size_t j = 0; j < blocks[i].second; j++)
      ASSERT_EQ(static_cast<unsigned char>(blocks[i].first[j]),
                static_cast<unsigned char>(i));
  for (auto &b : blocks)
    EXPECT_TRUE(heap.free_own(b.first));
  EXPECT_EQ(heap.bytes_in_use(), 0u);
}

TEST_F(ProgramHeap, FreedBlocksAreReused) {
  void *a = heap.allocate(48);
  ASSERT_TRUE(heap.free_own(a));
  EXPECT_EQ(heap.allocate(40), a); // same class
  void *big = heap.allocate(1 << 20);
  const std::size_t touched = heap.bytes_touched();
  ASSERT_TRUE(heap.free_own(big));
  EXPECT_EQ(heap.allocate(1 << 20), big);
  EXPECT_EQ(heap.bytes_touched(), touched);
}

TEST_F(ProgramHeap, NeighbouringRunsCoalesce) {
  char *a = static_cast<char *>(heap.allocate(64 << 10));
  char *b = static_cast<char *>(heap.allocate(64 << 10));
  char *c = static_cast<char *>(heap.allocate(64 << 10));
  heap.allocate(64 << 10); // keeps c's run from the untouched pages
  ASSERT_EQ(b, a + (64 << 10));
  ASSERT_EQ(c, b + (64 << 10));
  ASSERT_TRUE(heap.free_own(a));
  ASSERT_TRUE(heap.free_own(c));
  ASSERT_TRUE(heap.free_own(b)); // joins both
  const std::size_t touched = heap.bytes_touched();
  EXPECT_EQ(heap.allocate(192 << 10), a);
  EXPECT_EQ(heap.bytes_touched(), touched);
}

TEST_F(ProgramHeap, AlignedBlocks) {
  for (std::size_t align : {32, 64, 256, 4096, 8192, 1 << 20})
    for (std::size_t n : {1, 100, 5000, 70000}) {
      void *p = heap.allocate_aligned(align, n);
      ASSERT_NE(p, nullptr);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % align, 0u)
          << align << " " << n;
      EXPECT_GE(usable(p), n);
      EXPECT_TRUE(heap.free_own(p));
    }
  EXPECT_EQ(heap.bytes_in_use(), 0u);
}

TEST_F(ProgramHeap, ZeroedMemory) {
  char *p = static_cast<char *>(heap.allocate(256 << 10));
  std::memset(p, 0xff, 256 << 10);
  ASSERT_TRUE(heap.free_own(p));
  char *q = static_cast<char *>(heap.allocate_zeroed(256 << 10));
  ASSERT_EQ(q, p); // reused, so it had to be cleared
  for (std::size_t i = 0; i < (256 << 10); i++)
    ASSERT_EQ(q[i], 0);
  char *s = static_cast<char *>(heap.allocate(100));
  std::memset(s, 0xff, 100);
  ASSERT_TRUE(heap.free_own(s));
  char *t = static_cast<char *>(heap.allocate_zeroed(100));
  for (int i = 0; i < 100; i++)
    ASSERT_EQ(t[i], 0);
}

TEST_F(ProgramHeap, BlocksFreedByOthersComeBackThroughTheInbox) {
  std::set<void *> given;
  for (int i = 0; i < 1000; i++) {
    void *p = heap.allocate(64);
    given.insert(p);
    program_heap::push_remote(&shared, p);
  }
  EXPECT_EQ(heap.bytes_in_use(), 1000u * 64);
  // The class's span runs dry only after its uncut blocks; then the inbox
  // is drained and its blocks are handed out again.
  std::size_t reused = 0;
  for (int i = 0; i < 5000; i++)
    reused += given.count(heap.allocate(64));
  EXPECT_EQ(reused, 1000u);
}

void *reported = nullptr;
void note_bad_free(void *p) { reported = p; }

TEST_F(ProgramHeap, ABadFreeFromElsewhereIsReportedWhenDrained) {
  heap.on_bad_remote_free(note_bad_free);
  char *big = static_cast<char *>(heap.allocate(100000));
  program_heap::push_remote(&shared, big + 4096); // not a block's start
  reported = nullptr;
  while (heap.allocate(100000)) // runs short, drains the inbox
    if (reported)
      break;
  EXPECT_EQ(reported, big + 4096);
}

TEST_F(ProgramHeap, PointersThatAreNotBlocksAreRefused) {
  char *big = static_cast<char *>(heap.allocate(100000));
  EXPECT_FALSE(heap.free_own(big + 4096)); // inside, on a page boundary
  EXPECT_FALSE(heap.free_own(region));     // the page map
  EXPECT_EQ(usable(big + 8), 0u);
  EXPECT_TRUE(heap.free_own(big));
  EXPECT_FALSE(heap.free_own(big)); // freed twice (a page run)
}

TEST_F(ProgramHeap, FullHeapSaysSo) {
  EXPECT_EQ(heap.allocate(size), nullptr);
  std::vector<void *> got;
  while (void *p = heap.allocate(8 << 20))
    got.push_back(p);
  EXPECT_GT(got.size(), 5u);
  for (void *p : got)
    EXPECT_TRUE(heap.free_own(p));
  EXPECT_NE(heap.allocate(8 << 20), nullptr);
}

} // namespace
