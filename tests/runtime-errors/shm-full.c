// /dev/shm, which backs the program's heap and global memory, runs out: the
// job stops with one message that says so and what to do, not a bare bus
// error, and leaves nothing in /dev/shm.
// REQUIRES: private-shm
// RUN: %ito-cc -O1 %s -o %t
// RUN: unshare -m sh -c 'mount -t tmpfs -o size=32m tmpfs /dev/shm && "$@"; echo "status $?, files left: $(ls -A /dev/shm | wc -l)"' sh %ito-run -n 2 %t > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out
// CHECK: ito: error (rank {{[01]}}): bus error at global address 0x{{[0-9a-f]+}}: the shared memory behind global memory could not be backed: is /dev/shm full? It holds the program's heap and global memory of every process of this machine ('df -h /dev/shm' shows its size): give it more room (e.g. mount -o remount,size=16g /dev/shm) or run fewer processes per machine
// CHECK: status 135, files left: 0
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  size_t n = (size_t)256 << 20;
  char *p = malloc(n);
  cilk_for(size_t i = 0; i < n; i += 4096) p[i] = 1;
  long s = 0;
  for (size_t i = 0; i < n; i += 4096)
    s += p[i];
  printf("%ld\n", s);
  return 0;
}
