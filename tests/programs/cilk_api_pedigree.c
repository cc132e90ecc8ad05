// OpenCilk's pedigree calls, which ito does not provide, stop the compile
// with a message that says so (not an undeclared function or a link error).
// RUN: not %ito-cc -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: error: '__cilkrts_get_pedigree' is unavailable: ito does not track pedigrees
// CHECK: error: '__cilkrts_get_dprand' is unavailable: ito does not track pedigrees, on which deterministic random numbers rest

#include <cilk/cilk.h>
#include <cilk/cilk_api.h>

unsigned long long where(void) {
  __cilkrts_pedigree p = __cilkrts_get_pedigree();
  return p.rank + __cilkrts_get_dprand();
}
