// Every misuse of global memory ends in one clear message and a non-zero
// exit, never a hang or a bare crash.
// (The compile-time check reports the checkout kept open across a fork on
// purpose below; the run shows the runtime's own error.)
// RUN: %ito-c++ -O1 -std=c++17 -Wno-ito-checkout-across-fork %s -o %t
// RUN: env ITO_CACHE_SIZE=256k not %ito-run -n 2 --internode %t too-much 2>&1 | FileCheck --check-prefix=TOOMUCH %s
// RUN: env ITO_COLLECTIVE_HEAP_SIZE=1m not %ito-run -n 2 %t big-collective 2>&1 | FileCheck --check-prefix=COLL %s
// RUN: not %ito-run -n 1 %t many-collective 2>&1 | FileCheck --check-prefix=MANYCOLL %s
// RUN: env ITO_GLOBAL_HEAP_SIZE=1m not %ito-run -n 1 %t big-malloc 2>&1 | FileCheck --check-prefix=HEAP %s
// RUN: env ITO_GLOBAL_HEAP_SIZE=1m not %ito-run -n 2 %t many-mallocs 2>&1 | FileCheck --check-prefix=HEAP %s
// RUN: env ITO_BLOCK_SIZE=4k ITO_CACHE_SIZE=1g not %ito-run -n 1 %t ok 2>&1 | FileCheck --check-prefix=MAPCACHE %s
// RUN: env ITO_BLOCK_SIZE=4k ITO_CACHE_SIZE=1m not %ito-run -n 1 %t many-mappings 2>&1 | FileCheck --check-prefix=MAPHOME %s
// RUN: not %ito-run -n 2 %t checkin-size 2>&1 | FileCheck --check-prefix=MISMATCH %s
// RUN: not %ito-run -n 2 --internode %t checkin-mode 2>&1 | FileCheck --check-prefix=MODE %s
// RUN: not %ito-run -n 1 %t checkin-alone 2>&1 | FileCheck --check-prefix=ALONE %s
// RUN: not %ito-run -n 1 %t not-global 2>&1 | FileCheck --check-prefix=NOTGLOBAL %s
// RUN: not %ito-run -n 1 %t past-end 2>&1 | FileCheck --check-prefix=PASTEND %s
// RUN: not %ito-run -n 1 %t free-collective 2>&1 | FileCheck --check-prefix=FREECOLL %s
// RUN: env ITO_CACHE_POLICY=write-back-eager not %ito-run -n 1 %t ok 2>&1 | FileCheck --check-prefix=POLICY %s
// RUN: not %ito-run -n 2 --internode %t outside-checkout 2>&1 | FileCheck --check-prefix=OUTSIDE %s
// RUN: env ITO_CHECK_ACCESS=1 not %ito-run -n 2 --internode %t outside-cached 2>&1 | FileCheck --check-prefix=CACHED %s
// RUN: not %ito-run -n 2 --internode %t outside-malloc 2>&1 | FileCheck --check-prefix=OUTSIDEMALLOC %s
// RUN: env ITO_CHECK_ACCESS=1 not %ito-run -n 1 %t outside-home 2>&1 | FileCheck --check-prefix=HOME %s
// RUN: env ITO_CHECK_ACCESS=1 not %ito-run -n 1 %t outside-own-malloc 2>&1 | FileCheck --check-prefix=OWNMALLOC %s
// RUN: env ITO_CHECK_ACCESS=1 not %ito-run -n 2 %t outside-malloc 2>&1 | FileCheck --check-prefix=OUTSIDEMALLOC %s
// RUN: env ITO_CHECK_ACCESS=1 not %ito-run -n 1 %t write-in-read 2>&1 | FileCheck --check-prefix=WRITEREAD %s
// RUN: env ITO_CHECK_ACCESS=1 not %ito-run -n 2 --internode %t write-in-read 2>&1 | FileCheck --check-prefix=WRITEREAD %s
// RUN: env ITO_CHECK_ACCESS=1 %ito-run -n 2 --internode %t read-and-write | FileCheck --check-prefix=READWRITE --match-full-lines --implicit-check-not={{.}} %s
// RUN: env ITO_CHECK_ACCESS=1 %ito-run -n 2 %t ok | FileCheck --check-prefix=OK --match-full-lines --implicit-check-not={{.}} %s
// RUN: not %ito-run -n 2 %t across-join 2>&1 | FileCheck --check-prefix=ACROSS %s
// RUN: %ito-run -n 2 --internode %t ok | FileCheck --check-prefix=OK --match-full-lines --implicit-check-not={{.}} %s

#include <ito/ito.hpp>

#include <mpi.h>

#include <cstdio>
#include <string>

int main(int argc, char **argv) {
  ito::runtime rt(&argc, &argv);
  const std::string what = argc > 1 ? argv[1] : "ok";
  constexpr std::size_t n = 1 << 20; // 4 MiB of ints
  if (what == "too-much") {
    int *a = ito::malloc_coll<int>(n);
    ito::root_exec([a] {
      // TOOMUCH: ito: error (rank {{[0-9]}}): too much global memory checked out at once: checking out 4194304 bytes at 0x{{[0-9a-f]+}} needs another cache block, but the cache holds 256 KiB (ITO_CACHE_SIZE: 4 blocks of 64 KiB) and open checkouts hold all of it (256 KiB of data from other nodes); raise ITO_CACHE_SIZE (e.g. ITO_CACHE_SIZE={{[0-9]+}}m) or check out less at once
      ito::checkout(a, n, ito::mode::read);
    });
  }
  if (what == "big-collective")
    // COLL: ito: error (rank 0): out of global memory: a collective allocation of 67108864 bytes needs 32 MiB on every process, 0 MiB of the 1 MiB per process are in use; raise ITO_COLLECTIVE_HEAP_SIZE
    ito::malloc_coll<char>(64 << 20);
  if (what == "many-collective")
    ito::root_exec([] {
      // MANYCOLL: ito: error (rank 0): out of global memory: 4096 collective allocations are live at once, the most there can be; free some (ito_free_collective) or allocate fewer, larger arrays
      for (int i = 0; i <= 4096; i++)
        ito::malloc_coll<char>(1);
    });
  if (what == "big-malloc")
    // HEAP: ito: error (rank {{[0-9]}}): out of global memory (the noncollective heap of this process){{.*}}raise ITO_GLOBAL_HEAP_SIZE
    ito::malloc<char>(2 << 20);
  if (what == "many-mallocs")
    ito::root_exec([] {
      for (int i = 0; i < 100000; i++)
        ito::malloc<char>(1000);
    });
  // MAPCACHE: ito: error (rank 0): the software cache needs up to 524289 more memory mappings, but only {{[0-9]+}} of the {{[0-9]+}} that vm.max_map_count allows are left ({{.*}}); lower ITO_CACHE_SIZE or raise ITO_BLOCK_SIZE, or raise vm.max_map_count (sysctl -w vm.max_map_count=N)
  if (what == "many-mappings")
    // MAPHOME: ito: error (rank 0): a collective allocation needs up to 131073 more memory mappings, but only {{[0-9]+}} of the {{[0-9]+}} that vm.max_map_count allows are left ({{.*}}); use fewer, larger allocations or a larger block (ITO_BLOCK_SIZE), or raise vm.max_map_count
    ito::malloc_coll<char>(std::size_t(512) << 20, ito::dist::block_cyclic);
  if (what == "checkin-size" || what == "checkin-mode") {
    int *a = ito::malloc_coll<int>(n);
    ito::root_exec([a, what] {
      ito::checkout(a + 10, 100, ito::mode::read);
      // MISMATCH: ito: error (rank {{[0-9]}}): checkin(0x{{[0-9a-f]+}}, 396, read) does not match any open checkout of this process; a checkin must name the same address, size and mode as its checkout, in the same task, with no fork or join between them. Open checkouts here: (0x{{[0-9a-f]+}}, 400, read)
      // MODE: ito: error (rank {{[0-9]}}): checkin(0x{{[0-9a-f]+}}, 400, read_write) does not match any open checkout of this process{{.*}} Open checkouts here: (0x{{[0-9a-f]+}}, 400, read)
      if (what == "checkin-size")
        ito::checkin(a + 10, 99, ito::mode::read);
      else
        ito::checkin(a + 10, 100, ito::mode::read_write);
    });
  }
  if (what == "checkin-alone") {
    int *a = ito::malloc<int>(10);
    // ALONE: ito: error (rank 0): checkin(0x{{[0-9a-f]+}}, 40, write) does not match any open checkout of this process{{.*}} Open checkouts here: none
    ito::checkin(a, 10, ito::mode::write);
  }
  if (what == "not-global") {
    int local[4] = {1, 2, 3, 4};
    // NOTGLOBAL: ito: error (rank 0): checkout of 16 bytes at 0x{{[0-9a-f]+}}: not global memory (allocate it with ito_malloc or ito_malloc_collective)
    ito::checkout(local, 4, ito::mode::read);
    std::printf("%d\n", local[0]);
  }
  if (what == "past-end") {
    int *a = ito::malloc_coll<int>(1000);
    // PASTEND: ito: error (rank 0): checkout of 4004 bytes at 0x{{[0-9a-f]+}} runs past the end of its collective allocation (0x{{[0-9a-f]+}}, 4000 bytes)
    ito::checkout(a, 1001, ito::mode::read);
  }
  if (what == "free-collective") {
    int *a = ito::malloc_coll<int>(1000);
    // FREECOLL: ito: error (rank 0): ito_free(0x{{[0-9a-f]+}}): not an address that ito_malloc returned (it is collective memory: use ito_free_collective)
    ito::free(a, 1000);
  }
  if (what == "outside-checkout") {
    int *a = ito::malloc_coll<int>(n);
    ito::root_exec([a] {
      // OUTSIDE: ito: error (rank 0): access to global memory at 0x{{[0-9a-f]+}} outside a checkout: it is byte 4194300 of the collective allocation at 0x{{[0-9a-f]+}} (4194304 bytes, home process 1); check it out (ito_checkout) before touching it, and do not touch it after checkin
      return *static_cast<int *>(a + n - 1);
    });
  }
  if (what == "outside-cached") {
    // Remote data stays in the cache after its checkin; ITO_CHECK_ACCESS
    // makes a use of it there fault as well.
    int *a = ito::malloc_coll<int>(n);
    ito::root_exec([a] {
      int *p = ito::checkout(a + n - 16, 16, ito::mode::read);
      int v = p[0];
      ito::checkin(a + n - 16, 16, ito::mode::read);
      // CACHED: ito: error (rank 0): access to global memory at 0x{{[0-9a-f]+}} outside a checkout: it is byte 4194272 of the collective allocation at 0x{{[0-9a-f]+}} (4194304 bytes, home process 1); check it out (ito_checkout) before touching it, and do not touch it after checkin
      return v + *static_cast<int *>(a + n - 8);
    });
  }
  if (what == "outside-home") {
    // Home data of the node is mapped in place; ITO_CHECK_ACCESS opens it
    // only while a checkout holds it.
    int *a = ito::malloc_coll<int>(n);
    ito::root_exec([a] {
      int *p = ito::checkout(a + 4, 16, ito::mode::read_write);
      p[0] = 1;
      ito::checkin(a + 4, 16, ito::mode::read_write);
      // HOME: ito: error (rank 0): access to global memory at 0x{{[0-9a-f]+}} outside a checkout: it is byte 20 of the collective allocation at 0x{{[0-9a-f]+}} (4194304 bytes, home process 0); check it out (ito_checkout) before touching it, and do not touch it after checkin
      return *static_cast<int *>(a + 5);
    });
  }
  if (what == "outside-own-malloc") {
    // The uncached copies reach the same memory through the runtime's own
    // mapping of it.
    int *p = ito::malloc<int>(4);
    ito::put(p, 7);
    const int eight = 8;
    int w = 0;
    ito::put_nocache(p + 1, &eight, 1);
    ito::get_nocache(&w, p + 1, 1);
    int v = ito::get(p) + w;
    // OWNMALLOC: values 15
    std::fprintf(stderr, "values %d\n", v);
    // OWNMALLOC-NEXT: ito: error (rank 0): access to global memory at 0x{{[0-9a-f]+}} outside a checkout: it is in the noncollective heap of process 0 (ito_malloc)
    std::printf("%d %d\n", v, *static_cast<int *>(p));
  }
  if (what == "write-in-read" || what == "read-and-write") {
    // A write through a read checkout is never written back: under
    // ITO_CHECK_ACCESS a block that only read checkouts hold is read-only
    // (home data at np 1, cached data of process 1 between nodes). A write
    // checkout of the same block makes it writable again.
    int *a = ito::malloc_coll<int>(n);
    const bool both = what == "read-and-write";
    const int v = ito::root_exec([a, both] {
      int *r = ito::checkout(a + n - 16, 8, ito::mode::read);
      int *w = both ? ito::checkout(a + n - 8, 8, ito::mode::write) : nullptr;
      int seen = r[0];
      // WRITEREAD: ito: error (rank 0): write to global memory at 0x{{[0-9a-f]+}}, which this task checked out for reading only (checkout(0x{{[0-9a-f]+}}, 32, read)); the write would never reach its home: check it out in write or read_write mode
      *static_cast<int *>(both ? w : r) = 7;
      if (both)
        ito::checkin(a + n - 8, 8, ito::mode::write);
      ito::checkin(a + n - 16, 8, ito::mode::read);
      return seen + ito::get(a + n - 8);
    });
    // READWRITE: read and write 7
    if (ito::is_master())
      std::printf("read and write %d\n", v);
  }
  if (what == "outside-malloc") {
    int *p = ito::my_rank() == 1 ? ito::malloc<int>(4) : nullptr;
    MPI_Bcast(&p, sizeof p, MPI_BYTE, 1, MPI_COMM_WORLD);
    if (ito::my_rank() == 0)
      // OUTSIDEMALLOC: ito: error (rank 0): access to global memory at 0x{{[0-9a-f]+}} outside a checkout: it is in the noncollective heap of process 1 (ito_malloc)
      std::printf("%d\n", *static_cast<int *>(p));
    ito::barrier();
  }
  if (what == "across-join") {
    int *a = ito::malloc_coll<int>(n);
    ito::root_exec([a] {
      // The parent holds a checkout across a fork; the child runs long
      // enough for the other process to steal the parent.
      ito::checkout(a, 10, ito::mode::read);
      ito::thread<long> t([] {
        volatile long x = 0;
        for (long i = 0; i < 400000000L; i++)
          x = x + i;
        return static_cast<long>(x);
      });
      // ACROSS: ito: error (rank {{[0-9]}}): checkout(0x{{[0-9a-f]+}}, 40, read) is still open at a fork or join after which its task continues in another process (1 open in all); check in before forking or joining
      long v = t.join();
      ito::checkin(a, 10, ito::mode::read);
      return v;
    });
  }
  // POLICY: ito: error (rank 0): ITO_CACHE_POLICY=write-back-eager is not a cache policy; use nocache, write-through, write-back or write-back-lazy
  if (what == "ok") {
    int *a = ito::malloc_coll<int>(n);
    long sum = ito::root_exec([a] {
      auto s = ito::make_checkout<ito::mode::write>(a, 1000);
      for (int i = 0; i < 1000; i++)
        s[i] = i;
      long t = 0;
      for (int i = 0; i < 1000; i++)
        t += s[i];
      return t;
    });
    ito::free_coll(a);
    // OK: sum 499500
    if (ito::is_master())
      std::printf("sum %ld\n", sum);
  }
  return 0;
}
