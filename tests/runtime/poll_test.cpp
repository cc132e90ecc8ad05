// ito::poll() in a leaf that forks nothing: between nodes a process answers
// other processes only when it forks, joins or polls, so a leaf that spins
// until its own continuation has run elsewhere ends only if its polls let a
// thief take that continuation and write to this process's memory. (This
// file is built by the C++ compiler, not ito-c++, whose LeafPolls pass would
// put polls in the loop itself.) On one node thieves need no poll; with one
// process there is no thief, and the test does not spin.
#include "check.h"

#include <ito/ito.hpp>

#include <chrono>
#include <cstdio>

namespace {

struct outcome {
  int seen;      // the leaf saw the continuation's write
  int elsewhere; // the continuation ran in another process
};

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  if (ito::n_ranks() > 1) {
    const outcome o = ito::root_exec([] {
      // In this process's heap: the continuation's write, from another
      // process, is served by this one.
      auto *flag = static_cast<long *>(ito_malloc(sizeof(long)));
      long value = 0;
      ito_put(flag, &value, sizeof value);
      const int here = ito::my_rank();
      ito::thread<int> leaf([flag] {
        // A failure would spin to this bound, never a success.
        const auto until =
            std::chrono::steady_clock::now() + std::chrono::seconds(20);
        long seen = 0;
        while (!seen && std::chrono::steady_clock::now() < until) {
          ito_get(&seen, flag, sizeof seen);
          ito::poll();
        }
        return seen ? 1 : 0;
      });
      // The continuation: a thief's, once the leaf has polled.
      const int there = ito::my_rank();
      value = 1;
      ito_put(flag, &value, sizeof value);
      const int seen = leaf.join();
      ito_free(flag, sizeof(long));
      return outcome{seen, there != here};
    });
    ITO_CHECK(o.seen == 1);
    ITO_CHECK(o.elsewhere == 1);
  }
  if (ito::my_rank() == 0)
    std::printf("poll ok\n");
  return 0;
}
