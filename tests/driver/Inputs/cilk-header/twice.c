/* No Cilk of its own: the header's makes it part of a Cilk program. */
#include "pfib.h"

long twice_fib(int n) { return 2 * pfib(n); }
