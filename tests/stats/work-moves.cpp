// Work moves between processes. Every task notes the rank it runs on at
// its fork, in its continuation, and before and after its join: a
// continuation on another rank than its fork was stolen, and a join that
// returns on another rank suspended there and was resumed where its child
// finished (a migration). ITO_STATS counts each exactly once (steals, and
// migrations: suspended threads resumed in another process).
//
// With several processes, each of 20 regions of fib(20) has a steal
// whatever the scheduling of the processes: the root's first child finishes
// only once the root's continuation has run on another process. Joins then
// migrate when a parent reaches its join before its child, elsewhere, is
// done, which the regions leave to chance; one more region makes a task
// parked in a future's get() resume in another process by construction
// (wake_elsewhere). On one node and with every process its own node; at
// np 1 nothing moves.
// RUN: %ito-c++ -O1 -std=c++17 %s -o %t
// RUN: env ITO_STATS=json:- %ito-run -n 1 %t > %t.np1.out 2> %t.np1.err
// RUN: cat %t.np1.out %t.np1.err | FileCheck %s --check-prefix=ONE
// RUN: env ITO_STATS=json:- %ito-run -n 2 %t > %t.np2.out 2> %t.np2.err
// RUN: cat %t.np2.out %t.np2.err | FileCheck %s --check-prefix=MOVES
// RUN: env ITO_STATS=json:- ITO_CACHE_POLICY=nocache %ito-run -n 2 --internode %t > %t.inter.out 2> %t.inter.err
// RUN: cat %t.inter.out %t.inter.err | FileCheck %s --check-prefix=MOVES
//
// 20 regions of fib(20), 10945 forks each:
// ONE: {{^}}woken elsewhere=-1{{$}}
// ONE-NEXT: {{^}}fib(20)=6765 ranks=1 stolen=0 migrated=0{{$}}
// ONE: {{^}}"total": {"forks": 218900, "steal_attempts": 0, "steals": 0,{{.*}}"migrations": 0,{{.*}}
//
// MOVES: {{^}}woken elsewhere=1{{$}}
// MOVES-NEXT: {{^}}fib(20)=6765 ranks=3 stolen=[[STOLEN:[1-9][0-9]*]] migrated=[[MIGRATED:[1-9][0-9]*]]{{$}}
// MOVES: {{^}}"total": {"forks": {{[0-9]+}},{{.*}}"steals": [[STOLEN]],{{.*}}"migrations": [[MIGRATED]],{{.*}}

#include <ito/ito.hpp>

#include <cstdint>
#include <cstdio>

namespace {

struct trace {
  long value;
  uint64_t ranks; // bit r: a leaf ran on rank r
  long stolen;    // continuations that ran on another rank than their fork
  long migrated;  // joins that returned on another rank
  uint64_t work;  // what the leaves computed (kept, so that they compute it)
};

trace combine(const trace &a, const trace &b) {
  return {a.value + b.value, a.ranks | b.ranks, a.stolen + b.stolen,
          a.migrated + b.migrated, a.work ^ b.work};
}

// A leaf's work: a few hundred multiply-adds.
uint64_t leaf_work(uint64_t x) {
  for (int i = 0; i < 300; i++)
    x = x * 6364136223846793005ull + 1442695040888963407ull;
  return x;
}

// Forks and joins an empty task until *flag is set (each fork lets this
// process serve requests from other nodes), counting its own moves.
trace wait_for(const int *flag) {
  trace t{0, 0, 0, 0, 0};
  while (ito::get(flag) == 0) {
    const int at_fork = ito::my_rank();
    ito::thread<void> poll([] {});
    t.stolen += ito::my_rank() != at_fork;
    const int before_join = ito::my_rank();
    poll.join();
    t.migrated += ito::my_rank() != before_join;
  }
  return t;
}

// fib(n). Given a flag (at the root, with several processes), the first
// child then waits until the continuation ran on another process (a thief
// took it) and said so through global memory.
trace fib(int n, int *flag) {
  if (n < 2)
    return {n, uint64_t(1) << ito::my_rank(), 0, 0, leaf_work(uint64_t(n))};
  const int at_fork = ito::my_rank();
  ito::thread<trace> x([n, flag] {
    const trace t = fib(n - 1, nullptr);
    return flag ? combine(t, wait_for(flag)) : t;
  });
  const int continued = ito::my_rank();
  if (flag && continued != at_fork)
    ito::put(flag, 1);
  const trace y = fib(n - 2, nullptr);
  const int before_join = ito::my_rank();
  trace t = combine(x.join(), y);
  t.stolen += continued != at_fork;
  t.migrated += ito::my_rank() != before_join;
  return t;
}

// A wait that must migrate, with nothing left to chance (np 2). The root's
// first child, a future's producer, spins until a flag is set, so the
// root's continuation can only go on in the other process. There it forks a
// consumer, which parks in get(); work first, the continuation comes back,
// sets the flag and joins the consumer. The producer then finishes in its
// own process and, its parent stolen, wakes the parked consumer there. The
// flag's home is the continuation's process: between nodes, under
// ITO_CACHE_POLICY=nocache, every get() of it is a request, which is also
// when the producer's process serves the other's requests.
long produce(const int *flag) {
  while (ito::get(flag) == 0) {
  }
  return 1;
}

// value: 1 if the consumer was woken in another process than it parked in.
trace consume(ito::future<long> f) {
  const int parked = ito::my_rank();
  f.get();
  const long moved = ito::my_rank() != parked;
  return {moved, 0, 0, moved, 0};
}

trace wake_elsewhere(int *flag) {
  const int at_fork = ito::my_rank();
  ito::future<long> f = ito::async(produce, flag);
  const int continued = ito::my_rank();
  ito::thread<trace> c(consume, f);
  ito::put(flag, 1);
  const int before_join = ito::my_rank();
  trace t = c.join();
  t.stolen += continued != at_fork;
  t.migrated += ito::my_rank() != before_join;
  return t;
}

} // namespace

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  ito::global_vector<int> flag(1); // home: rank 0
  int *f = flag.data();
  trace all{0, 0, 0, 0, 0};
  bool same = true;
  for (int region = 0; region < 20; region++) {
    if (ito::is_master())
      ito::put(f, 0);
    const trace t = ito::root_exec(
        [f] { return fib(20, ito::n_ranks() > 1 ? f : nullptr); });
    same &= t.value == 6765;
    all = combine(all, t);
  }
  long woken_elsewhere = -1;
  if (ito::n_ranks() == 2) {
    // One block of the array per process: the flag's home is rank 1.
    const std::size_t per = std::size_t(1) << 16;
    ito::global_vector<int> far(2 * per);
    int *g = far.data() + per;
    if (ito::is_master())
      ito::put(g, 0);
    const trace t = ito::root_exec([g] { return wake_elsewhere(g); });
    woken_elsewhere = t.value;
    all.stolen += t.stolen;
    all.migrated += t.migrated;
  }
  if (ito::is_master())
    std::printf("woken elsewhere=%ld\n", woken_elsewhere);
  if (ito::is_master())
    std::printf("fib(20)=%ld ranks=%llu stolen=%ld migrated=%ld\n",
                same ? 6765L : -1L, static_cast<unsigned long long>(all.ranks),
                all.stolen, all.migrated);
  return 0;
}
