// Which of a victim's writes a stolen continuation needs: those made before
// its fork. Its victim's writes since then are the child's, which a
// data-race-free continuation does not read (what it reads after its sync
// comes with the join's own release). So the release a steal asks for
// writes back only the blocks first written before the fork.
//
// The memory layer numbers the blocks as they are first written
// (coherence.hpp); when one is, every continuation in the deque that no
// first write has followed yet gets that number, its mark. The fork pays
// nothing for it: it stores the slot's context word whole, which clears the
// mark's bit (ito/detail/deque.hpp), and marking costs a step per fork at
// most once, on the rare first write.
#pragma once

#include <cstdint>

namespace ito::threads {

class worker;

// Tells the memory layer to mark w's deque.
void install_fork_marks(worker &w);

// The number of the first block written after the fork of slot `slot` of
// w's deque (memory::all_writes if none was).
uint64_t first_write_after_fork(const worker &w, int64_t slot);

} // namespace ito::threads
